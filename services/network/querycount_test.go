package network_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/user"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/authn"
	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
	"github.com/tremplin/tremplin/services/network"
)

// The number of SQL statements of the listing calls does not grow with the network: the same
// for 10 and for 200 contacts (with parents, tags, tasks and applications).
func TestListingCostsAConstantNumberOfQueries(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		counts := map[int]map[string]int64{}
		for _, size := range []int{10, 200} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).
				SaveX(viewer.SystemContext(context.Background()))
			seedNetwork(t, d.Client, u.ID, size)
			ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true})
			ctx = authn.WithUser(ctx, u) // as authentication does
			client, n := testdb.CountingClient(d)
			svc := &network.Service{Base: handler.Base{Client: client, Clock: clock.Real{}}}
			first, err := svc.ListContacts(ctx, &networkv1.ListContactsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			if len(first.GetContacts()) != size {
				t.Fatalf("%d contacts listed, want %d", len(first.GetContacts()), size)
			}
			// A contact that introduced others.
			root := ""
			for _, c := range first.GetContacts() {
				if c.GetParent() != nil {
					root = c.GetParent().GetId()
				}
			}
			calls := map[string]func() error{
				"ListContacts": func() error {
					_, err := svc.ListContacts(ctx, &networkv1.ListContactsRequest{})
					return err
				},
				"ListContacts filtered": func() error {
					_, err := svc.ListContacts(ctx, &networkv1.ListContactsRequest{Search: "a", Tags: []string{"lyon", "banque"},
						Statuses: []commonv1.ContactStatus{commonv1.ContactStatus_CONTACT_STATUS_NEW, commonv1.ContactStatus_CONTACT_STATUS_ENGAGED}})
					return err
				},
				"GetContact": func() error { _, err := svc.GetContact(ctx, &networkv1.GetContactRequest{Id: root}); return err },
				"ListDescendants": func() error {
					_, err := svc.ListDescendants(ctx, &networkv1.ListDescendantsRequest{Id: root})
					return err
				},
				"ListRecommendedContacts": func() error {
					_, err := svc.ListRecommendedContacts(ctx, &networkv1.ListRecommendedContactsRequest{Id: root})
					return err
				},
				"SearchTags":     func() error { _, err := svc.SearchTags(ctx, &networkv1.SearchTagsRequest{}); return err },
				"ExportContacts": func() error { _, err := svc.ExportContacts(ctx, &networkv1.ExportContactsRequest{}); return err },
				"ExportVCards":   func() error { _, err := svc.ExportVCards(ctx, &networkv1.ExportVCardsRequest{}); return err },
			}
			counts[size] = map[string]int64{}
			for name, call := range calls {
				n.Store(0)
				if err := call(); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				counts[size][name] = n.Load()
			}
		}
		for name, small := range counts[10] {
			if large := counts[200][name]; large != small || small == 0 {
				t.Errorf("%s: %d statements for 10 contacts, %d for 200", name, small, large)
			}
		}
		// The contacts with their intermediaries and involvement flags, then their tags.
		if got := counts[200]["ListContacts"]; got != 2 {
			t.Errorf("ListContacts runs %d statements, want 2", got)
		}
		t.Logf("statements per call: %v", counts[200])
	})
}

// Importing contacts costs the same number of statements for 10 as for 100 (inserts by
// batches of 500; the owner's data version moves once for the whole transaction).
func TestBulkCreationCostsAConstantNumberOfStatements(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		counts := map[int]int64{}
		for _, size := range []int{10, 100} {
			u := d.Client.User.Create().SetEmail(uuid.NewString() + "@exemple.fr").SetRole(user.RoleCandidate).
				SaveX(viewer.SystemContext(context.Background()))
			ctx := viewer.NewContext(context.Background(), &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate, Premium: true})
			ctx = authn.WithUser(ctx, u)
			client, n := testdb.CountingClient(d)
			picked := make([]*networkv1.ImportedContact, size)
			for i := range picked {
				picked[i] = &networkv1.ImportedContact{FirstName: "Prénom", LastName: fmt.Sprintf("NOM%c%c", 'A'+i/26, 'A'+i%26), Email: fmt.Sprintf("c%d@exemple.fr", i)}
			}
			res, err := (&network.Service{Base: handler.Base{Client: client, Clock: clock.Real{}}}).BulkCreateContacts(ctx, &networkv1.BulkCreateContactsRequest{Contacts: picked})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.GetCreatedContacts()) != size {
				t.Fatalf("%d contacts created, want %d", len(res.GetCreatedContacts()), size)
			}
			counts[size] = n.Load()
		}
		if counts[10] != counts[100] {
			t.Errorf("bulk creation: %d statements for 10 contacts, %d for 100", counts[10], counts[100])
		}
	})
}
