package server_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/personallink"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/ent/webhookendpoint"
	"github.com/tremplin/tremplin/internal/secretlinks"
)

// The kinds of object the matrix's requests name (mxKind, matrix_test.go), and how their
// stored state is read to see that a call left it as it was.

// The kinds of object requests name.
var (
	mxContactKind = &mxKind{name: "contact",
		of:    func(p *mxParty) []string { return []string{p.contact, p.child} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newContact(t, p, "") },
		load:  mxLoadContact}
	mxTaskKind = &mxKind{name: "task",
		of:    func(p *mxParty) []string { return []string{p.task, p.doneTask} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newTask(t, p) },
		load: func(t *testing.T, w *mxWorld, id string) string {
			v, err := w.srv.Client.Task.Query().Where(task.ID(uuid.MustParse(id))).Only(mxSys())
			return mxState(t, v, err)
		}}
	mxDoneTaskKind = &mxKind{name: "done task",
		of:    func(p *mxParty) []string { return []string{p.doneTask, p.task} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newDoneTask(t, p) },
		load:  mxTaskKind.load}
	mxEventKind = &mxKind{name: "appointment",
		of:    func(p *mxParty) []string { return []string{p.event} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newEvent(t, p) },
		load: func(t *testing.T, w *mxWorld, id string) string {
			v, err := w.srv.Client.Event.Query().Where(event.ID(uuid.MustParse(id))).Only(mxSys())
			return mxState(t, v, err)
		}}
	mxApplicationKind = &mxKind{name: "application",
		of:    func(p *mxParty) []string { return []string{p.application} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newApplication(t, p) },
		load: func(t *testing.T, w *mxWorld, id string) string {
			a, err := w.srv.Client.Application.Query().Where(application.ID(uuid.MustParse(id))).WithContacts().Only(mxSys())
			if err != nil {
				return mxState(t, a, err)
			}
			return fmt.Sprint(a, len(a.Edges.Contacts))
		}}
	// mxAccountKind is a candidate's account and everything they own: what the RPCs naming no
	// object act on.
	mxAccountKind = &mxKind{name: "account",
		of:   func(p *mxParty) []string { return []string{p.userID()} },
		load: mxLoadAccount}
	// mxSelfKind is the caller's own account (the profile), or, in a foreign cell, the
	// foreign party's candidate.
	mxSelfKind = &mxKind{name: "account", self: true,
		of:   func(p *mxParty) []string { return []string{p.userID()} },
		load: mxLoadAccount}
	// mxPersonKind is a person who signs in: a new one of the party's kind for the calls that
	// change them.
	mxPersonKind = &mxKind{name: "person",
		of:    func(p *mxParty) []string { return []string{p.userID()} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newPerson(t, p) },
		load:  mxLoadAccount}
	mxFeedKind = &mxKind{name: "calendar feed",
		of:   func(p *mxParty) []string { return []string{p.feedToken} },
		load: mxLoadLink(personallink.KindCalendarFeed)}
	mxUnsubscribeKind = &mxKind{name: "e-mail link",
		of:   func(p *mxParty) []string { return []string{p.unsubscribeToken} },
		load: mxLoadLink(personallink.KindUnsubscribe)}
	mxCheckoutKind = &mxKind{name: "Checkout session",
		of: func(p *mxParty) []string { return []string{p.checkout} },
		load: func(t *testing.T, w *mxWorld, id string) string {
			for _, c := range w.srv.Stripe.Checkouts() {
				if c.ID == id {
					return mxLoadAccount(t, w, c.ClientReferenceID)
				}
			}
			return "no such session"
		}}
	mxAgencyKind = &mxKind{name: "agency",
		of:   func(p *mxParty) []string { return []string{p.agencyID()} },
		load: mxLoadAgency}
	// The candidates of an agency: its candidate, the others (pending, none, expired) and its
	// admin, whom no candidate RPC may reach. Fresh ones are of the state the row needs.
	mxCandidateKind    = mxCandidates4("valid", false)
	mxUnlicensedKind   = mxCandidates4("", false)
	mxPendingKind      = mxCandidates4("pending", false)
	mxB2CCandidateKind = mxCandidates4("", true)
	mxWebhookKind      = &mxKind{name: "endpoint",
		of:    func(p *mxParty) []string { return []string{p.ag().webhook} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newWebhook(t, w.platformHooks, p) },
		load: func(t *testing.T, w *mxWorld, id string) string {
			v, err := w.srv.Client.WebhookEndpoint.Query().Where(webhookendpoint.ID(uuid.MustParse(id))).Only(mxSys())
			return mxState(t, v, err)
		}}
	mxAPIKeyKind = &mxKind{name: "API key",
		of:    func(p *mxParty) []string { return []string{p.ag().key, p.ag().revokedKey} },
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newAPIKey(t, p) },
		load: func(t *testing.T, w *mxWorld, id string) string {
			k, err := w.srv.Client.APIKey.Get(mxSys(), uuid.MustParse(id))
			if err != nil {
				return mxState(t, k, err)
			}
			// Not its last use: calls made with the key move it.
			return fmt.Sprint(k.Name, k.Prefix, k.Role, k.AgencyID, k.RevokedAt)
		}}
)

func mxCandidates4(licence string, b2c bool) *mxKind {
	return &mxKind{name: "candidate",
		of: func(p *mxParty) []string {
			if p.agency == nil {
				return []string{p.userID()}
			}
			return []string{p.userID(), p.pending, p.unlicensed, p.expired, p.admin.User.ID.String()}
		},
		fresh: func(t *testing.T, w *mxWorld, p *mxParty) string { return w.newCandidate(t, p, licence, b2c) },
		load:  mxLoadAccount}
}

// mxState is an object's stored state ("" once deleted).
func mxState[T fmt.Stringer](t *testing.T, v T, err error) string {
	t.Helper()
	if ent.IsNotFound(err) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

func mxLoadContact(t *testing.T, w *mxWorld, id string) string {
	t.Helper()
	c, err := w.srv.Client.Contact.Query().Where(contact.ID(uuid.MustParse(id))).WithTags().Only(mxSys())
	if err != nil {
		return mxState(t, c, err)
	}
	tags := make([]string, 0, len(c.Edges.Tags))
	for _, tg := range c.Edges.Tags {
		tags = append(tags, tg.Name)
	}
	return fmt.Sprint(c, tags)
}

// The states of an account and of an agency are read in one statement each (the guards read
// them thousands of times; under the race detector, SQLite's parser is most of what a
// statement costs): every column that is not plumbing, and, of the rows that hang on them,
// how many there are and when they last changed (every row's updated_at moves with any
// change of it: ent's UpdateDefault).

// mxLoadAccount is a user, their licence, sessions, links and everything they own. Not their
// last sign-in, which moves when anyone signs in as them, nor their data version (and so
// their row's update time), which every deletion the server makes moves
// (internal/dataversion).
func mxLoadAccount(t *testing.T, w *mxWorld, id string) string {
	t.Helper()
	owned := func(table string) []string {
		return []string{"SELECT COUNT(*) FROM " + table + " WHERE owner_id = users.id",
			"SELECT MAX(updated_at) FROM " + table + " WHERE owner_id = users.id"}
	}
	var columns []string
	for _, c := range user.Columns {
		if c != user.FieldUpdatedAt && c != user.FieldDataVersion && c != user.FieldLastLoginAt {
			columns = append(columns, c)
		}
	}
	for _, table := range []string{contact.Table, tag.Table, task.Table, event.Table, application.Table,
		dashboardsetting.Table, personallink.Table} {
		columns = append(columns, mxSub(owned(table)...)...)
	}
	columns = append(columns, mxSub(
		"SELECT COUNT(*) FROM contact_tags WHERE contact_id IN (SELECT id FROM contacts WHERE owner_id = users.id)",
		"SELECT COUNT(*) FROM application_contacts WHERE application_id IN (SELECT id FROM applications WHERE owner_id = users.id)",
		"SELECT COUNT(*) FROM sessions WHERE user_id = users.id",
		"SELECT COUNT(*) FROM action_tokens WHERE user_id = users.id",
		"SELECT COUNT(*) FROM action_tokens WHERE user_id = users.id AND used_at IS NOT NULL",
		"SELECT MAX(updated_at) FROM licenses WHERE candidate_id = users.id",
		"SELECT agency_id FROM licenses WHERE candidate_id = users.id", // one licence a candidate
	)...)
	return w.row(t, "SELECT "+strings.Join(columns, ", ")+" FROM users WHERE id = {id}", id)
}

// mxLoadAgency is an agency, and how many people, licences, endpoints and keys it has.
func mxLoadAgency(t *testing.T, w *mxWorld, id string) string {
	t.Helper()
	columns := append(slices.Clone(agency.Columns), mxSub(
		"SELECT COUNT(*) FROM users WHERE agency_id = agencies.id",
		"SELECT COUNT(*) FROM licenses WHERE agency_id = agencies.id",
		"SELECT MAX(updated_at) FROM licenses WHERE agency_id = agencies.id",
		"SELECT COUNT(*) FROM license_batches WHERE agency_id = agencies.id",
		"SELECT COUNT(*) FROM webhook_endpoints WHERE agency_id = agencies.id",
		"SELECT MAX(updated_at) FROM webhook_endpoints WHERE agency_id = agencies.id",
		"SELECT COUNT(*) FROM api_keys WHERE agency_id = agencies.id",
		"SELECT COUNT(*) FROM api_keys WHERE agency_id = agencies.id AND revoked_at IS NOT NULL",
	)...)
	return w.row(t, "SELECT "+strings.Join(columns, ", ")+" FROM agencies WHERE id = {id}", id)
}

// mxSub makes subqueries columns.
func mxSub(queries ...string) []string {
	out := make([]string, len(queries))
	for i, q := range queries {
		out[i] = "(" + q + ")"
	}
	return out
}

// values runs query, naming id wherever it says {id}, and answers its first row (nil when
// there is none).
func (w *mxWorld) values(t *testing.T, query, id string) (columns []string, values []any) {
	t.Helper()
	var args []any
	if w.srv.DB.Dialect == dialect.Postgres {
		query, args = strings.ReplaceAll(query, "{id}", "$1"), []any{id}
	} else {
		for range strings.Count(query, "{id}") {
			args = append(args, id)
		}
		query = strings.ReplaceAll(query, "{id}", "?")
	}
	stmt, ok := w.statements[query]
	if !ok {
		// Prepared once: under the race detector, parsing is most of what a statement costs
		// SQLite, and the guards run the same few thousands of times.
		var err error
		if stmt, err = w.srv.DB.SQL.PrepareContext(context.Background(), query); err != nil {
			t.Fatal(err)
		}
		w.statements[query] = stmt
	}
	rows, err := stmt.QueryContext(context.Background(), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return nil, nil
	}
	if columns, err = rows.Columns(); err != nil {
		t.Fatal(err)
	}
	values = make([]any, len(columns))
	pointers := make([]any, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	if err := rows.Scan(pointers...); err != nil {
		t.Fatal(err)
	}
	for i, v := range values {
		switch v := v.(type) {
		case []byte:
			values[i] = string(v)
		case [16]byte: // a uuid, as pgx answers it
			values[i] = uuid.UUID(v).String()
		}
	}
	return columns, values
}

// row is values as one text ("" when there is no row).
func (w *mxWorld) row(t *testing.T, query, id string) string {
	t.Helper()
	columns, values := w.values(t, query, id)
	var out strings.Builder
	for i, c := range columns {
		fmt.Fprintf(&out, "%s=%v ", c, values[i])
	}
	return out.String()
}

// mxLoadLink is the owner of a secret link, and whether they get the task e-mail.
func mxLoadLink(kind personallink.Kind) func(t *testing.T, w *mxWorld, token string) string {
	return func(t *testing.T, w *mxWorld, token string) string {
		t.Helper()
		owner, ok, err := secretlinks.Owner(mxSys(), w.srv.Client, kind, strings.TrimSuffix(token, ".ics"))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return ""
		}
		return mxLoadAccount(t, w, owner.String())
	}
}
