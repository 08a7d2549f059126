package network_test

import (
	"maps"
	"net/http"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/testserver"
)

// buildTree builds, for candidate w:
//
//	A (1) ── B (2) ── C (3) ── D (4)
//	   │        └──── E (3)
//	   └──── F (2)
//	G (1)
//	I (1, incomplete)
func buildTree(t *testing.T, w *testserver.Session) map[string]*networkv1.Contact {
	t.Helper()
	n := map[string]*networkv1.Contact{}
	n["A"] = create(t, w, person("Anne", "Alpha"))
	n["B"] = create(t, w, under(n["A"], "Bruno", "Bravo"))
	n["C"] = create(t, w, under(n["B"], "Chloé", "Charlie"))
	n["D"] = create(t, w, under(n["C"], "David", "Delta"))
	n["E"] = create(t, w, under(n["B"], "Emma", "Echo"))
	n["F"] = create(t, w, under(n["A"], "Félix", "Foxtrot"))
	n["G"] = create(t, w, person("Gaëlle", "Golf"))
	n["I"] = create(t, w, &networkv1.ContactDraft{FirstName: "Inès", LastName: "India"})
	return n
}

// ranks answers each contact's rank and parent, by letter, read from the list.
func ranks(t *testing.T, w *testserver.Session, n map[string]*networkv1.Contact) map[string]string {
	t.Helper()
	letter := map[string]string{}
	for k, c := range n {
		letter[c.GetId()] = k
	}
	out := map[string]string{}
	for _, c := range list(t, w, nil) {
		parent := "-"
		if c.GetParent() != nil {
			parent = letter[c.GetParent().GetId()]
		}
		out[letter[c.GetId()]] = parent + string(rune('0'+c.GetRank()))
	}
	return out
}

func rankChanges(t *testing.T, n map[string]*networkv1.Contact, got []*networkv1.ContactRank) map[string]int32 {
	t.Helper()
	letter := map[string]string{}
	for k, c := range n {
		letter[c.GetId()] = k
	}
	out := map[string]int32{}
	for _, r := range got {
		out[letter[r.GetId()]] = r.GetRank()
	}
	return out
}

func TestReparentingReranksDescendants(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		n := buildTree(t, w)
		if got, want := ranks(t, w, n), map[string]string{"A": "-1", "B": "A2", "C": "B3", "D": "C4", "E": "B3", "F": "A2", "G": "-1", "I": "-1"}; !maps.Equal(got, want) {
			t.Fatalf("start: %v", got)
		}

		// B moves under G: same depth, nothing below it changes rank.
		d := draftOf(n["B"])
		d.ParentId = n["G"].GetId()
		res := update(t, w, n["B"].GetId(), d)
		if res.GetUpdatedContact().GetRank() != 2 || res.GetUpdatedContact().GetParent().GetFirstName() != "Gaëlle" || len(res.GetUpdatedRanks()) != 0 {
			t.Errorf("B under G: %v", res)
		}
		// B moves under F (rank 2): B becomes 3, and C, D, E one deeper each.
		d.ParentId = n["F"].GetId()
		res = update(t, w, n["B"].GetId(), d)
		if got, want := rankChanges(t, n, res.GetUpdatedRanks()), map[string]int32{"C": 4, "D": 5, "E": 4}; !maps.Equal(got, want) || res.GetUpdatedContact().GetRank() != 3 {
			t.Errorf("B under F: contact rank %d, updatedRanks %v, want %v", res.GetUpdatedContact().GetRank(), got, want)
		}
		if got, want := ranks(t, w, n), map[string]string{"A": "-1", "B": "F3", "C": "B4", "D": "C5", "E": "B4", "F": "A2", "G": "-1", "I": "-1"}; !maps.Equal(got, want) {
			t.Errorf("stored after B under F: %v", got)
		}
		// C leaves its intermediary: rank 1, D rank 2.
		d = draftOf(n["C"])
		d.ParentId = ""
		res = update(t, w, n["C"].GetId(), d)
		if got := rankChanges(t, n, res.GetUpdatedRanks()); !maps.Equal(got, map[string]int32{"D": 2}) || res.GetUpdatedContact().GetRank() != 1 || res.GetUpdatedContact().GetParent() != nil {
			t.Errorf("C without intermediary: %v %v", res.GetUpdatedContact(), got)
		}

		// The intermediary cannot be the contact itself, a descendant or an incomplete contact.
		before := ranks(t, w, n)
		for _, tt := range []struct {
			name, contact, parent string
			code                  connect.Code
			reason                string
		}{
			{"itself", "A", "A", connect.CodeInvalidArgument, "INVALID_INTERMEDIARY"},
			{"its child", "A", "F", connect.CodeInvalidArgument, "INVALID_INTERMEDIARY"},
			{"its grandchild", "A", "E", connect.CodeInvalidArgument, "INVALID_INTERMEDIARY"},
			{"an incomplete contact", "G", "I", connect.CodeInvalidArgument, "INVALID_INTERMEDIARY"},
			{"an unknown contact", "G", "", connect.CodeNotFound, "NOT_FOUND"},
		} {
			d := draftOf(n[tt.contact])
			d.ParentId = uuid.NewString()
			if tt.parent != "" {
				d.ParentId = n[tt.parent].GetId()
			}
			_, err := netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: n[tt.contact].GetId(), Contact: d})
			testserver.WantRefusal(t, tt.name, err, tt.code, tt.reason)
		}
		if after := ranks(t, w, n); !maps.Equal(after, before) {
			t.Errorf("refused re-parentings changed the tree: %v → %v", before, after)
		}

		// Over the JSON route: updatedRanks as [{id, rank}].
		status, body := w.JSON(t, http.MethodPut, "/api/contact/"+n["F"].GetId(), map[string]any{
			"firstName": "Félix", "lastName": "Foxtrot", "email": "felix@exemple.fr", "parentId": n["G"].GetId(),
		})
		if status != http.StatusOK {
			t.Fatalf("PUT: %d %v", status, body)
		}
		got := map[string]float64{}
		for _, r := range body["updatedRanks"].([]any) {
			r := r.(map[string]any)
			got[r["id"].(string)] = r["rank"].(float64)
		}
		// F stays rank 2 (under G instead of A): nothing below changes.
		if len(got) != 0 || body["updatedContact"].(map[string]any)["rank"] != float64(2) {
			t.Errorf("F under G: %v", body)
		}
		status, body = w.JSON(t, http.MethodPut, "/api/contact/"+n["G"].GetId(), map[string]any{
			"firstName": "Gaëlle", "lastName": "Golf", "email": "gaelle@exemple.fr", "parentId": n["C"].GetId(),
		})
		if status != http.StatusOK {
			t.Fatalf("PUT: %d %v", status, body)
		}
		got = map[string]float64{}
		for _, r := range body["updatedRanks"].([]any) {
			r := r.(map[string]any)
			got[r["id"].(string)] = r["rank"].(float64)
		}
		// G goes under C (rank 1): G 2, F 3, B 4, E 5 (D stays under C at 2).
		want := map[string]float64{n["F"].GetId(): 3, n["B"].GetId(): 4, n["E"].GetId(): 5}
		if !maps.Equal(got, want) {
			t.Errorf("G under C: updatedRanks %v, want %v", got, want)
		}
	})
}

func TestDescendantsAndRecommended(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		n := buildTree(t, w)
		letters := func(ids []string) []string {
			by := map[string]string{}
			for k, c := range n {
				by[c.GetId()] = k
			}
			out := make([]string, len(ids))
			for i, id := range ids {
				out[i] = by[id]
			}
			slices.Sort(out)
			return out
		}
		for from, want := range map[string][]string{"A": {"B", "C", "D", "E", "F"}, "B": {"C", "D", "E"}, "D": {}, "G": {}} {
			res, err := netOf(w).ListDescendants(bg, &networkv1.ListDescendantsRequest{Id: n[from].GetId()})
			if err != nil {
				t.Fatal(err)
			}
			if got := letters(res.GetDescendantIds()); !slices.Equal(got, want) {
				t.Errorf("descendants of %s: %v, want %v", from, got, want)
			}
			rec, err := netOf(w).ListRecommendedContacts(bg, &networkv1.ListRecommendedContactsRequest{Id: n[from].GetId()})
			if err != nil {
				t.Fatal(err)
			}
			var children []string
			for _, c := range rec.GetRecommendedContacts() {
				children = append(children, c.GetId())
				if c.GetParent().GetId() != n[from].GetId() {
					t.Errorf("recommended by %s: parent %v", from, c.GetParent())
				}
			}
			wantChildren := map[string][]string{"A": {"B", "F"}, "B": {"C", "E"}}[from]
			if got := letters(children); !slices.Equal(got, wantChildren) && len(got)+len(wantChildren) > 0 {
				t.Errorf("recommended by %s: %v, want %v", from, got, wantChildren)
			}
		}
		status, body := w.JSON(t, http.MethodGet, "/api/contact/descendants/"+n["B"].GetId(), nil)
		if status != http.StatusOK || len(body["descendantIds"].([]any)) != 3 {
			t.Errorf("GET descendants: %d %v", status, body)
		}
		status, body = w.JSON(t, http.MethodGet, "/api/contact/recommended-contacts/"+n["A"].GetId(), nil)
		if status != http.StatusOK || len(body["recommendedContacts"].([]any)) != 2 {
			t.Errorf("GET recommended-contacts: %d %v", status, body)
		}
		for _, path := range []string{"/api/contact/descendants/", "/api/contact/recommended-contacts/"} {
			w.WantJSONRefusal(t, http.MethodGet, path+uuid.NewString(), nil, http.StatusNotFound, "NOT_FOUND")
		}
	})
}

func TestDeletingMovesChildrenUp(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		n := buildTree(t, w)
		if _, err := netOf(w).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: n["B"].GetId()}); err != nil {
			t.Fatal(err)
		}
		delete(n, "B")
		// C and E move up under A; C, D and E are re-ranked.
		if got, want := ranks(t, w, n), map[string]string{"A": "-1", "C": "A2", "D": "C3", "E": "A2", "F": "A2", "G": "-1", "I": "-1"}; !maps.Equal(got, want) {
			t.Errorf("after deleting B: %v, want %v", got, want)
		}
		if _, err := netOf(w).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: n["A"].GetId()}); err != nil {
			t.Fatal(err)
		}
		delete(n, "A")
		if got, want := ranks(t, w, n), map[string]string{"C": "-1", "D": "C2", "E": "-1", "F": "-1", "G": "-1", "I": "-1"}; !maps.Equal(got, want) {
			t.Errorf("after deleting A: %v, want %v", got, want)
		}
	})
}
