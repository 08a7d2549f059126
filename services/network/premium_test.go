package network_test

import (
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"github.com/tremplin/tremplin/ent/tag"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// A B2C candidate whose trial ended keeps the network, without tags, search, filters and
// import.
func TestPremiumFeaturesAreRefusedWithoutPremium(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.EndedTrialCandidate, "bruno@exemple.fr")
		ctx := w.Context()
		const denied, reason = connect.CodePermissionDenied, "PREMIUM_REQUIRED"

		// The network itself works.
		c := create(t, w, person("Léa", "Dubois"))
		if got := list(t, w, nil); len(got) != 1 {
			t.Fatalf("list: %v", got)
		}
		// Tags given while the candidate had premium.
		lyon := srv.Client.Tag.Create().SetOwnerID(w.User.ID).SetName("Lyon").SetNameKey("lyon").SaveX(ctx)
		banque := srv.Client.Tag.Create().SetOwnerID(w.User.ID).SetName("Banque").SetNameKey("banque").SaveX(ctx)
		srv.Client.Contact.UpdateOneID(uuid.MustParse(c.GetId())).AddTags(lyon, banque).ExecX(ctx)

		for name, req := range map[string]*networkv1.ListContactsRequest{
			"search":     {Search: "dubois"},
			"status":     {Statuses: []commonv1.ContactStatus{stNew}},
			"tag filter": {Tags: []string{"Lyon"}},
		} {
			_, err := netOf(w).ListContacts(bg, req)
			testserver.WantRefusal(t, "list with "+name, err, denied, reason)
		}
		w.WantJSONRefusal(t, http.MethodGet, "/api/contacts?search=dubois", nil, http.StatusForbidden, reason)

		tagged := person("Paul", "Petit")
		tagged.Tags = []string{"Lyon"}
		_, err := netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: tagged})
		testserver.WantRefusal(t, "create with tags", err, denied, reason)
		w.WantJSONRefusal(t, http.MethodPost, "/api/contact", map[string]any{"firstName": "Paul", "lastName": "Petit", "tags": []string{"Lyon"}}, http.StatusForbidden, reason)

		// Saving the contact with its tags unchanged (any case or order) needs no premium…
		d := draftOf(get(t, w, c.GetId()))
		d.Tags = []string{"banque", "LYON"}
		d.Company = "Airbus"
		if got := update(t, w, c.GetId(), d).GetUpdatedContact(); got.GetCompany() != "Airbus" || len(got.GetTags()) != 2 {
			t.Errorf("unchanged tags: %v", got)
		}
		// …adding or removing one does, and changes nothing.
		for _, tags := range [][]string{{"Lyon"}, {"Lyon", "Banque", "Recruteur"}, nil} {
			d.Tags, d.Company = tags, "Thales"
			_, err := netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: c.GetId(), Contact: d})
			testserver.WantRefusal(t, "update tags to "+strings.Join(tags, ","), err, denied, reason)
		}
		if got := get(t, w, c.GetId()); got.GetCompany() != "Airbus" || len(got.GetTags()) != 2 {
			t.Errorf("refused updates changed the contact: %v", got)
		}
		if n := srv.Client.Tag.Query().Where(tag.NameKey("recruteur")).CountX(ctx); n != 0 {
			t.Error("a refused update created a tag")
		}

		_, err = netOf(w).SearchTags(bg, &networkv1.SearchTagsRequest{})
		testserver.WantRefusal(t, "tag search", err, denied, reason)
		w.WantJSONRefusal(t, http.MethodGet, "/api/tags/search/ly", nil, http.StatusForbidden, reason)

		_, err = netOf(w).ImportContacts(bg, &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv", Data: []byte("First Name,Last Name\nA,B\n")}})
		testserver.WantRefusal(t, "import", err, denied, reason)
		_, err = netOf(w).BulkCreateContacts(bg, &networkv1.BulkCreateContactsRequest{Contacts: []*networkv1.ImportedContact{{FirstName: "A", LastName: "B"}}})
		testserver.WantRefusal(t, "bulk create", err, denied, reason)
		w.WantJSONRefusal(t, http.MethodPost, "/api/contacts", map[string]any{"contacts": []map[string]string{{"firstName": "A", "lastName": "B"}}}, http.StatusForbidden, reason)
		if got := list(t, w, nil); len(got) != 1 {
			t.Errorf("refused calls saved contacts: %v", names(got))
		}

		// Export is not premium.
		if _, err := netOf(w).ExportContacts(bg, &networkv1.ExportContactsRequest{}); err != nil {
			t.Errorf("export: %v", err)
		}
	})
}
