package rpc_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"buf.build/go/protovalidate"
	"connectrpc.com/connect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A NUL character in any string of a request is refused as a field rule is, the same way
// over Connect and over the JSON routes, and nothing is stored (PostgreSQL would refuse it
// with an internal error).
func TestNULIsRefusedInEveryString(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			srv := testserver.New(t, dia)
			c := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").HTTP
			ctx := context.Background()

			_, err := networkv1connect.NewNetworkServiceClient(c, srv.URL).CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{
				FirstName: "Paul", LastName: "Martin", Company: "Ac\x00me", Resources: []*commonv1.Resource{{Label: "Si\x00te", Url: "https://exemple.fr"}},
			}})
			var cerr *connect.Error
			if connect.CodeOf(err) != connect.CodeInvalidArgument || apierr.ReasonOf(err) != "INVALID_FIELDS" || !errors.As(err, &cerr) {
				t.Fatalf("over Connect: %v", err)
			}
			want := map[string]bool{"contact.company": true, "contact.resources[0].label": true}
			for _, d := range cerr.Details() {
				v, _ := d.Value()
				if vs, ok := v.(*validate.Violations); ok {
					for _, one := range vs.GetViolations() {
						path := protovalidate.FieldPathString(one.GetField())
						if !want[path] || one.GetRuleId() != "text.no_nul" || one.GetMessage() != "ne doit pas contenir le caractère NUL (U+0000)" {
							t.Errorf("over Connect: violation %s %s %q", path, one.GetRuleId(), one.GetMessage())
						}
						delete(want, path)
					}
				}
			}
			if len(want) > 0 {
				t.Errorf("over Connect: no violation for %v", want)
			}

			status, body := srv.JSON(t, c, http.MethodPost, "/api/contact", map[string]any{"firstName": "Paul", "lastName": "Martin", "company": "Ac\x00me"})
			if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" || body["message"] != "validation error: contact.company: ne doit pas contenir le caractère NUL (U+0000)" {
				t.Errorf("over JSON: %d %v", status, body)
			}
			status, body = srv.JSON(t, c, http.MethodGet, "/api/contacts?search=a%00b", nil)
			if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" {
				t.Errorf("in a query: %d %v", status, body)
			}
			if n := srv.Client.Contact.Query().CountX(viewer.SystemContext(ctx)); n != 0 {
				t.Errorf("%d contacts stored", n)
			}
		})
	}
}
