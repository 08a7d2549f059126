package network_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/proto"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A second candidate can neither list, read, update, delete, re-parent onto, nor import into
// or bulk-create over the first candidate's contacts, over Connect or the JSON routes: every
// foreign id answers NotFound, and the first candidate's network is unchanged.
func TestSecondCandidateCannotReachTheFirstOnesNetwork(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := signIn(t, srv, "alice@exemple.fr", premiumSpec(srv))
		mallory := signIn(t, srv, "mallory@exemple.fr", premiumSpec(srv))

		d := person("Léa", "Dubois")
		d.Tags = []string{"Lyon", "Secret"}
		lea := create(t, alice, d)
		hugo := create(t, alice, under(lea, "Hugo", "Renard"))
		before := list(t, alice, nil)
		own := create(t, mallory, person("Marc", "Martin"))

		// Listing and reading.
		if got := names(list(t, mallory, nil)); !slices.Equal(got, []string{"MARTIN Marc"}) {
			t.Errorf("mallory's list: %v", got)
		}
		for _, req := range []*networkv1.ListContactsRequest{{Search: "dubois"}, {Tags: []string{"Lyon"}}} {
			if got := list(t, mallory, req); len(got) != 0 {
				t.Errorf("mallory's list %v: %v", req, names(got))
			}
		}
		tags, err := mallory.net.SearchTags(bg, &networkv1.SearchTagsRequest{})
		if err != nil || len(tags.GetTags()) != 0 {
			t.Errorf("mallory's tags: %v %v", tags, err)
		}
		notFound := func(what string, err error) {
			t.Helper()
			testserver.WantRefusal(t, what, err, connect.CodeNotFound, "NOT_FOUND")
		}
		for _, id := range []string{lea.GetId(), hugo.GetId()} {
			_, err := mallory.net.GetContact(bg, &networkv1.GetContactRequest{Id: id})
			notFound("get", err)
			_, err = mallory.net.ListDescendants(bg, &networkv1.ListDescendantsRequest{Id: id})
			notFound("descendants", err)
			_, err = mallory.net.ListRecommendedContacts(bg, &networkv1.ListRecommendedContactsRequest{Id: id})
			notFound("recommended", err)
			// Updating, deleting.
			_, err = mallory.net.UpdateContact(bg, &networkv1.UpdateContactRequest{Id: id, Contact: person("Pirate", "Pirate")})
			notFound("update", err)
			_, err = mallory.net.DeleteContact(bg, &networkv1.DeleteContactRequest{Id: id})
			notFound("delete", err)
			// Re-parenting onto a foreign contact, at creation and at update.
			_, err = mallory.net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "X", LastName: "Y", ParentId: id}})
			notFound("create under", err)
			moved := draftOf(own)
			moved.ParentId = id
			_, err = mallory.net.UpdateContact(bg, &networkv1.UpdateContactRequest{Id: own.GetId(), Contact: moved})
			notFound("re-parent onto", err)
		}

		// The same over the JSON routes.
		for _, r := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/api/contact/" + lea.GetId(), nil},
			{http.MethodPut, "/api/contact/" + lea.GetId(), map[string]any{"firstName": "Pirate", "lastName": "Pirate"}},
			{http.MethodDelete, "/api/contact/" + hugo.GetId(), nil},
			{http.MethodGet, "/api/contact/descendants/" + lea.GetId(), nil},
			{http.MethodGet, "/api/contact/recommended-contacts/" + lea.GetId(), nil},
			{http.MethodPost, "/api/contact", map[string]any{"firstName": "X", "lastName": "Y", "parentId": lea.GetId()}},
			{http.MethodPut, "/api/contact/" + own.GetId(), map[string]any{"firstName": "Marc", "lastName": "Martin", "parentId": lea.GetId()}},
		} {
			status, body := srv.JSON(t, mallory.http, r.method, r.path, r.body)
			if status != http.StatusNotFound || body["type"] != "NOT_FOUND" {
				t.Errorf("%s %s: %d %v", r.method, r.path, status, body)
			}
		}
		status, body := srv.JSON(t, mallory.http, http.MethodGet, "/api/contacts", nil)
		if status != http.StatusOK || len(body["contacts"].([]any)) != 1 {
			t.Errorf("GET /api/contacts: %d %v", status, body)
		}

		// Importing: alice's contacts are not mallory's network, so nothing is skipped for
		// her; bulk-creating them makes mallory's own copies.
		file := []byte(fmt.Sprintf("First Name,Last Name\n%s,%s\n%s,%s\nMarc,Martin\n", lea.GetFirstName(), lea.GetLastName(), hugo.GetFirstName(), hugo.GetLastName()))
		imported := importOverConnect(t, mallory, file)
		if got := short(imported); !slices.Equal(got, []string{"DUBOIS Léa", "RENARD Hugo"}) {
			t.Errorf("mallory's import: %v", got)
		}
		status, body = upload(t, srv, mallory, "contacts.csv", file)
		if status != http.StatusOK || len(body["importedContacts"].([]any)) != 2 {
			t.Errorf("mallory's import over JSON: %d %v", status, body)
		}
		res, err := mallory.net.BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: imported[:1]})
		if err != nil || len(res.GetCreatedContacts()) != 1 || res.GetCreatedContacts()[0].GetId() == lea.GetId() {
			t.Fatalf("mallory's bulk create: %v %v", res, err)
		}
		status, body = srv.JSON(t, mallory.http, http.MethodPost, "/api/contacts", map[string]any{"contacts": []map[string]any{{"firstName": "Hugo", "lastName": "Renard"}}})
		if status != http.StatusOK || len(body["createdContacts"].([]any)) != 1 {
			t.Errorf("mallory's bulk create over JSON: %d %v", status, body)
		}
		if got := names(list(t, mallory, nil)); !slices.Equal(got, []string{"DUBOIS Léa", "MARTIN Marc", "RENARD Hugo"}) {
			t.Errorf("mallory's network: %v", got)
		}
		// Her own contacts' data never points at alice's.
		for _, c := range list(t, mallory, nil) {
			if c.GetParent() != nil || len(c.GetTags()) != 0 {
				t.Errorf("mallory's %s: %v", c.GetLastName(), c)
			}
		}

		// Alice's network is exactly as it was, and her export holds only hers.
		after := list(t, alice, nil)
		if len(after) != len(before) {
			t.Fatalf("alice's network: %v → %v", names(before), names(after))
		}
		for i := range before {
			if !proto.Equal(before[i], after[i]) {
				t.Errorf("alice's contact changed:\n%v\n%v", before[i], after[i])
			}
		}
		if got, err := alice.net.ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: file}}); err != nil ||
			len(got.GetImportedContacts()) != 1 || got.GetImportedContacts()[0].GetLastName() != "MARTIN" {
			t.Errorf("alice's import skips her own contacts only: %v %v", got, err)
		}
	})
}
