package network_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	gproto "google.golang.org/protobuf/proto"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Pairs that look like one person are proposed; merging them moves everything of the removed
// contact to the kept one in one transaction, and nothing is left pointing at the removed one.
func TestDuplicatesAndMerge(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		other := srv.SignInAs(t, testserver.TrialCandidate, "autre@exemple.fr")
		ended := srv.SignInAs(t, testserver.EndedTrialCandidate, "fin@exemple.fr")
		sys := viewer.SystemContext(context.Background())

		kept := create(t, w, &networkv1.ContactDraft{FirstName: "Claire", LastName: "Bernard", Email: "claire@exemple.fr", Company: "BNP Paribas"})
		removed := create(t, w, &networkv1.ContactDraft{FirstName: "Claire", LastName: "BERNARD", MobileNumber: "06 11 22 33 44", Tags: []string{"Lyon"},
			Resources: []*commonv1.Resource{{Label: "LinkedIn", Url: "https://www.linkedin.com/in/claire"}}})
		sameEmail := create(t, w, &networkv1.ContactDraft{FirstName: "C.", LastName: "Bernard-Martin", Email: "CLAIRE@exemple.fr"})
		sameMobile := create(t, w, &networkv1.ContactDraft{FirstName: "Hugo", LastName: "Renard", MobileNumber: "+33 6 11 22 33 44"})
		create(t, other, &networkv1.ContactDraft{FirstName: "Claire", LastName: "Bernard", Email: "claire@exemple.fr"})
		child := create(t, w, under(removed, "Léa", "Dubois"))
		grandchild := create(t, w, under(child, "Paul", "Martin"))

		// The removed contact's activities and applications; one application has both.
		keepID, goneID := uuid.MustParse(kept.GetId()), uuid.MustParse(removed.GetId())
		srv.Client.Contact.UpdateOneID(goneID).SetStatus(contact.StatusEngaged).ExecX(sys)
		now := srv.Clock.Now()
		taskID := srv.Client.Task.Create().SetOwnerID(w.User.ID).SetContactID(goneID).SetSubject(task.SubjectReminder).
			SetInitialDeadline(now).SetDeadline(now).SaveX(sys).ID
		eventID := srv.Client.Event.Create().SetOwnerID(w.User.ID).SetContactID(goneID).SetSubject(event.SubjectCoffee).
			SetMediaType(event.MediaTypeFaceToFace).SetDate(now).SaveX(sys).ID
		onlyGone := srv.Client.Application.Create().SetOwnerID(w.User.ID).SetCompany("Acme").SetJob("Comptable").
			SetSource(application.SourceFreeApplication).AddContactIDs(goneID).SaveX(sys).ID
		both := srv.Client.Application.Create().SetOwnerID(w.User.ID).SetCompany("Orange").SetJob("Chef de projet").
			SetSource(application.SourceFreeApplication).AddContactIDs(goneID, keepID).SaveX(sys).ID

		// The pairs, the older contact first, with why.
		res, err := netOf(w).ListDuplicates(bg, &networkv1.ListDuplicatesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		type pair struct{ First, Second, Reasons string }
		var got []pair
		for _, p := range res.GetPairs() {
			var reasons string
			for _, r := range p.GetReasons() {
				reasons += r.String() + " "
			}
			got = append(got, pair{p.GetFirst().GetLastName() + " " + p.GetFirst().GetFirstName(), p.GetSecond().GetLastName() + " " + p.GetSecond().GetFirstName(), reasons})
		}
		want := []pair{
			{"BERNARD Claire", "BERNARD Claire", "DUPLICATE_REASON_SAME_NAME "},
			{"BERNARD Claire", "BERNARD-MARTIN C.", "DUPLICATE_REASON_SAME_EMAIL "},
			{"BERNARD Claire", "RENARD Hugo", "DUPLICATE_REASON_SAME_MOBILE "},
		}
		if !slices.Equal(got, want) {
			t.Errorf("pairs:\n got %v\nwant %v", got, want)
		}
		_, _ = sameEmail, sameMobile

		// The list's validator before the merge, to see it move.
		status, _ := w.JSON(t, http.MethodGet, "/api/contacts", nil)
		if status != http.StatusOK {
			t.Fatal(status)
		}
		before := etag(t, srv, w)

		// Refusals: the same contact twice, another's contact, an intermediary that goes away,
		// no premium.
		draft := &networkv1.ContactDraft{FirstName: "Claire", LastName: "BERNARD", Email: "claire@exemple.fr", Company: "BNP Paribas",
			MobileNumber: "06 11 22 33 44", Tags: []string{"Lyon"}, Resources: removed.GetResources()}
		merge := func(who *testserver.Session, keep, gone string, d *networkv1.ContactDraft) (*networkv1.MergeContactsResponse, error) {
			return netOf(who).MergeContacts(bg, &networkv1.MergeContactsRequest{KeepId: keep, RemoveId: gone, Contact: d})
		}
		if _, err := merge(w, kept.GetId(), kept.GetId(), draft); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("the same contact twice: %v", err)
		}
		if _, err := merge(other, kept.GetId(), removed.GetId(), draft); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("another's contacts: %v", err)
		}
		underGone := copyDraft(draft)
		underGone.ParentId = removed.GetId()
		if _, err := merge(w, kept.GetId(), removed.GetId(), underGone); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("under the removed contact: %v", err)
		}
		underChild := copyDraft(draft)
		underChild.ParentId = child.GetId()
		if _, err := merge(w, kept.GetId(), removed.GetId(), underChild); connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("under a contact it introduced: %v", err)
		}
		if _, err := merge(ended, kept.GetId(), removed.GetId(), draft); connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("without premium: %v", err)
		}
		if n := srv.Client.Contact.Query().Where(contact.ID(goneID)).CountX(sys); n != 1 {
			t.Fatal("a refused merge removed the contact")
		}

		// The merge.
		merged, err := merge(w, kept.GetId(), removed.GetId(), draft)
		if err != nil {
			t.Fatal(err)
		}
		c := merged.GetContact()
		if c.GetMobileNumber() != "06 11 22 33 44" || c.GetEmail() != "claire@exemple.fr" || c.GetStatus() != commonv1.ContactStatus_CONTACT_STATUS_ENGAGED ||
			len(c.GetTags()) != 1 || c.GetTags()[0].GetName() != "Lyon" || len(c.GetResources()) != 1 {
			t.Errorf("merged contact: %v", c)
		}
		testserver.WantNotFound(t, "the removed contact", func() error {
			_, err := netOf(w).GetContact(bg, &networkv1.GetContactRequest{Id: removed.GetId()})
			return err
		}(), apierr.Contact)

		// Everything moved; nothing points at the removed contact.
		if got := srv.Client.Task.GetX(sys, taskID).ContactID; got == nil || *got != keepID {
			t.Errorf("task on %v", got)
		}
		if got := srv.Client.Event.GetX(sys, eventID).ContactID; got == nil || *got != keepID {
			t.Errorf("event on %v", got)
		}
		for _, app := range []uuid.UUID{onlyGone, both} {
			ids := srv.Client.Application.Query().Where(application.ID(app)).QueryContacts().IDsX(sys)
			if !slices.Equal(ids, []uuid.UUID{keepID}) {
				t.Errorf("application %s linked to %v, want only the kept contact", app, ids)
			}
		}
		if n := srv.Client.Contact.Query().Where(contact.ParentID(goneID)).CountX(sys) +
			srv.Client.Task.Query().Where(task.ContactID(goneID)).CountX(sys) +
			srv.Client.Event.Query().Where(event.ContactID(goneID)).CountX(sys) +
			srv.Client.Application.Query().Where(application.HasContactsWith(contact.ID(goneID))).CountX(sys); n != 0 {
			t.Errorf("%d rows still point at the removed contact", n)
		}
		// Its introduced contacts are the kept one's now, ranked below it.
		if got := get(t, w, child.GetId()); got.GetParent().GetId() != kept.GetId() || got.GetRank() != 2 {
			t.Errorf("introduced contact: parent %v rank %d", got.GetParent(), got.GetRank())
		}
		if got := get(t, w, grandchild.GetId()); got.GetRank() != 3 {
			t.Errorf("its own introduced contact: rank %d", got.GetRank())
		}
		// Every open screen refreshes: the network's version moved.
		if after := etag(t, srv, w); after == before {
			t.Errorf("the list's ETag did not move: %q", after)
		}
		// No pair of these two any more.
		res, err = netOf(w).ListDuplicates(bg, &networkv1.ListDuplicatesRequest{})
		if err != nil || len(res.GetPairs()) != 2 {
			t.Errorf("pairs after the merge: %v %v", res.GetPairs(), err)
		}
	})
}

func etag(t *testing.T, srv *testserver.Start, w *testserver.Session) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/contacts", nil)
	resp, err := w.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("ETag")
}

// copyDraft copies a draft.
func copyDraft(d *networkv1.ContactDraft) *networkv1.ContactDraft {
	return gproto.Clone(d).(*networkv1.ContactDraft)
}
