package apierr_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A row asked for by an id that does not exist answers NotFound, with the reason NOT_FOUND and
// the entity named as people call it: the message the web app shows (« Tâche introuvable »);
// and for programs, in the ErrorInfo's metadata "entity" ("task").
// The errors are real ones, from ent's queries against a database.
func TestNotFoundNamesTheEntity(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	ctx := viewer.SystemContext(context.Background())
	missing := uuid.New()
	cases := []struct {
		query     func() error
		want, key string
	}{
		{func() error { _, err := d.Client.Contact.Get(ctx, missing); return err }, "Contact introuvable", "contact"},
		{func() error { _, err := d.Client.Task.Get(ctx, missing); return err }, "Tâche introuvable", "task"},
		{func() error { _, err := d.Client.Event.Get(ctx, missing); return err }, "Rendez-vous introuvable", "event"},
		{func() error { _, err := d.Client.Application.Get(ctx, missing); return err }, "Opportunité introuvable", "application"},
		{func() error { _, err := d.Client.Agency.Get(ctx, missing); return err }, "Agence introuvable", "agency"},
		{func() error { _, err := d.Client.User.Get(ctx, missing); return err }, "Utilisateur introuvable", "user"},
		{func() error { _, err := d.Client.APIKey.Get(ctx, missing); return err }, "Clé d'API introuvable", "api_key"},
		{func() error { _, err := d.Client.WebhookEndpoint.Get(ctx, missing); return err }, "Webhook introuvable", "webhook"},
		// A row of the server's own plumbing is an « élément ».
		{func() error { _, err := d.Client.ActionToken.Get(ctx, missing); return err }, "Élément introuvable", "item"},
	}
	for _, c := range cases {
		err := apierr.From(c.query())
		var cerr *connect.Error
		if !errors.As(err, &cerr) {
			t.Fatalf("%s: got %v, not a Connect error", c.want, err)
		}
		if cerr.Code() != connect.CodeNotFound || cerr.Message() != c.want {
			t.Errorf("got %v %q, want NotFound %q", cerr.Code(), cerr.Message(), c.want)
		}
		if reason := apierr.ReasonOf(cerr); reason != "NOT_FOUND" {
			t.Errorf("%s: reason %v", c.want, reason)
		}
		if key := apierr.InfoOf(cerr).GetMetadata()["entity"]; key != c.key {
			t.Errorf("%s: entity %q, want %q", c.want, key, c.key)
		}
	}
}

// An id of a request that is not one names nothing: NotFound « … introuvable », as an id of
// another owner. An optional one left empty is nil.
func TestRequestIDs(t *testing.T) {
	want := uuid.New()
	if got, err := apierr.ID(want.String(), apierr.Task); err != nil || got != want {
		t.Errorf("ID(%s) = %v, %v", want, got, err)
	}
	for _, raw := range []string{"", "42", "not-a-uuid", want.String() + "0"} {
		_, err := apierr.ID(raw, apierr.Task)
		if connect.CodeOf(err) != connect.CodeNotFound || apierr.ReasonOf(err) != "NOT_FOUND" || !strings.Contains(err.Error(), "Tâche introuvable") {
			t.Errorf("ID(%q): %v", raw, err)
		}
	}
	if got, err := apierr.OptionalID("", apierr.Contact); got != nil || err != nil {
		t.Errorf("OptionalID(\"\") = %v, %v", got, err)
	}
	if got, err := apierr.OptionalID(want.String(), apierr.Contact); err != nil || got == nil || *got != want {
		t.Errorf("OptionalID(%s) = %v, %v", want, got, err)
	}
	if _, err := apierr.OptionalID("x", apierr.Contact); connect.CodeOf(err) != connect.CodeNotFound || !strings.Contains(err.Error(), "Contact introuvable") {
		t.Errorf("OptionalID(\"x\"): %v", err)
	}
}
