package network_test

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/testserver"
)

func TestCreateContact(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")

		// Status: incomplete without any way to reach the contact, new with any one of them.
		if c := create(t, w, &networkv1.ContactDraft{FirstName: "Sans", LastName: "Moyen", Company: "Orange"}); c.GetStatus() != stIncomplete {
			t.Errorf("no phone, mobile or e-mail: %v", c.GetStatus())
		}
		for _, d := range []*networkv1.ContactDraft{
			{FirstName: "Par", LastName: "Mail", Email: "par.mail@exemple.fr"},
			{FirstName: "Par", LastName: "Fixe", PhoneNumber: "01 23 45 67 89"},
			{FirstName: "Par", LastName: "Mobile", MobileNumber: "+33 6 12 34 56 78"},
		} {
			if c := create(t, w, d); c.GetStatus() != stNew {
				t.Errorf("%s: %v", d.GetLastName(), c.GetStatus())
			}
		}

		// Names are normalised; origin defaults to manual; resources need label and url; rank 1.
		c := create(t, w, &networkv1.ContactDraft{
			Civility: commonv1.Civility_CIVILITY_FEMALE, FirstName: "  Marie   Ève ", LastName: " de  la   Tour ",
			Email: "me@exemple.fr", Company: " Société   Générale ", Job: "Juriste", Comments: "Rencontrée au salon",
			Resources: []*commonv1.Resource{{Label: "LinkedIn", Url: "https://linkedin.com/in/me"}, {Label: "sans url"}, {Url: "https://sans-label"}},
		})
		if c.GetFirstName() != "Marie Ève" || c.GetLastName() != "DE LA TOUR" || c.GetCompany() != "Société Générale" ||
			c.GetOrigin() != "manual" || c.GetRank() != 1 || c.GetParent() != nil || c.GetCivility() != commonv1.Civility_CIVILITY_FEMALE ||
			len(c.GetResources()) != 1 || c.GetResources()[0].GetLabel() != "LinkedIn" || !c.GetIsDeletable() || c.GetHasApplication() ||
			!c.GetCreatedDate().AsTime().Equal(srv.Clock.Now()) || c.GetComments() != "Rencontrée au salon" {
			t.Errorf("created: %v", c)
		}
		if got := get(t, w, c.GetId()); got.GetLastName() != "DE LA TOUR" || got.GetEmail() != "me@exemple.fr" {
			t.Errorf("read back: %v", got)
		}
		if c := create(t, w, &networkv1.ContactDraft{FirstName: "Imp", LastName: "Orté", Origin: "linkedin"}); c.GetOrigin() != "linkedin" {
			t.Errorf("origin: %v", c.GetOrigin())
		}

		// Rank: one below the intermediary.
		child := create(t, w, under(c, "Paul", "Petit"))
		grandChild := create(t, w, under(child, "Lou", "Petit"))
		if child.GetRank() != 2 || grandChild.GetRank() != 3 || grandChild.GetParent().GetId() != child.GetId() ||
			grandChild.GetParent().GetFirstName() != "Paul" || grandChild.GetParent().GetLastName() != "PETIT" {
			t.Errorf("ranks: %v / %v", child, grandChild)
		}
		// The whole network names each intermediary as a contact read alone does.
		intermediaries := map[string]string{}
		for _, listed := range list(t, w, nil) {
			if p := listed.GetParent(); p != nil {
				intermediaries[listed.GetId()] = p.GetId() + " " + p.GetFirstName() + " " + p.GetLastName() + " " + p.GetCompany()
			}
		}
		if want := map[string]string{
			child.GetId():      c.GetId() + " Marie Ève DE LA TOUR Société Générale",
			grandChild.GetId(): child.GetId() + " Paul PETIT ",
		}; !maps.Equal(intermediaries, want) {
			t.Errorf("intermediaries listed: %v, want %v", intermediaries, want)
		}

		// Refusals.
		incomplete := create(t, w, &networkv1.ContactDraft{FirstName: "In", LastName: "Complet"})
		before := len(list(t, w, nil))
		for _, r := range []struct {
			name   string
			draft  *networkv1.ContactDraft
			code   connect.Code
			reason string
			field  string
		}{
			{"digits in the last name", &networkv1.ContactDraft{FirstName: "A", LastName: "Durand2"}, connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.last_name"},
			{"blank first name", &networkv1.ContactDraft{FirstName: "   ", LastName: "Durand"}, connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.first_name"},
			{"bad e-mail", &networkv1.ContactDraft{FirstName: "A", LastName: "B", Email: "pas-un-mail"}, connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.email"},
			{"bad phone", &networkv1.ContactDraft{FirstName: "A", LastName: "B", PhoneNumber: "01 23 ab"}, connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.phone_number"},
			{"bad mobile", &networkv1.ContactDraft{FirstName: "A", LastName: "B", MobileNumber: "06..12"}, connect.CodeInvalidArgument, "INVALID_FIELDS", "contact.mobile_number"},
			{"incomplete intermediary", under(incomplete, "A", "B"), connect.CodeInvalidArgument, "INVALID_INTERMEDIARY", ""},
			{"unknown intermediary", &networkv1.ContactDraft{FirstName: "A", LastName: "B", ParentId: uuid.NewString()}, connect.CodeNotFound, "NOT_FOUND", ""},
		} {
			_, err := netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: r.draft})
			testserver.WantRefusal(t, r.name, err, r.code, r.reason)
			if r.field != "" && testserver.ViolationField(err) != r.field {
				t.Errorf("%s: field %q, want %q", r.name, testserver.ViolationField(err), r.field)
			}
		}
		if after := len(list(t, w, nil)); after != before {
			t.Errorf("refused contacts were saved: %d → %d", before, after)
		}
	})
}

func TestCreateContactWithFirstTask(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		d := person("Léa", "Dubois")
		d.Task = firstTask(srv)
		d.Task.ContactId = uuid.NewString() // ignored: the task is with the new contact
		res, err := netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: d})
		if err != nil {
			t.Fatal(err)
		}
		tk := res.GetTask()
		if tk.GetContact().GetId() != res.GetContact().GetId() || tk.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT ||
			tk.GetStatus() != activityv1.ActivityStatus_ACTIVITY_STATUS_NOT_STARTED || tk.GetMediaType() != activityv1.MediaType_MEDIA_TYPE_EMAIL {
			t.Errorf("task: %v", tk)
		}
		// The contact answered already knows its task: it can no longer be deleted.
		if res.GetContact().GetIsDeletable() {
			t.Error("a contact with a task is deletable")
		}
		stored, err := srv.Client.Task.Query().Where(task.ContactID(uuid.MustParse(res.GetContact().GetId()))).Only(w.Context())
		if err != nil || stored.Subject != task.SubjectFirstContact {
			t.Errorf("stored task: %v %v", stored, err)
		}

		// A task refused (deadline yesterday, no media type) leaves no contact behind: one
		// transaction.
		before := len(list(t, w, nil))
		past := person("Trop", "Tard")
		past.Task = firstTask(srv)
		past.Task.Deadline = timestamppb.New(srv.Clock.Now().Add(-36 * time.Hour))
		_, err = netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: past})
		testserver.WantRefusal(t, "past deadline", err, connect.CodeInvalidArgument, "DATE_IN_PAST")
		noMedia := person("Sans", "Media")
		noMedia.Task = firstTask(srv)
		noMedia.Task.MediaType = activityv1.MediaType_MEDIA_TYPE_UNSPECIFIED
		_, err = netOf(w).CreateContact(bg, &networkv1.CreateContactRequest{Contact: noMedia})
		testserver.WantRefusal(t, "no media type", err, connect.CodeInvalidArgument, "INVALID_FIELDS")
		if testserver.ViolationField(err) != "contact.task.media_type" {
			t.Errorf("field: %q", testserver.ViolationField(err))
		}
		if after := len(list(t, w, nil)); after != before {
			t.Errorf("a contact was saved without its task: %d → %d", before, after)
		}
	})
}

func TestContactRoutesOverJSON(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		intro := create(t, w, person("Hugo", "Renard"))
		deadline := srv.Clock.Now().Add(48 * time.Hour).Format(time.RFC3339)

		status, body := w.JSON(t, http.MethodPost, "/api/contact", map[string]any{
			"civility": "female", "firstName": "Léa", "lastName": "Dubois", "email": "lea@exemple.fr",
			"parentId": intro.GetId(), "tags": []string{"Lyon"},
			"resources": []map[string]string{{"label": "CV", "url": "https://exemple.fr/cv"}},
			"task":      map[string]any{"subject": "first-contact", "priority": "high", "mediaType": "email", "deadline": deadline},
		})
		if status != http.StatusOK {
			t.Fatalf("POST /api/contact: %d %v", status, body)
		}
		c := body["contact"].(map[string]any)
		parent, _ := c["parent"].(map[string]any)
		if c["status"] != "new" || c["civility"] != "female" || c["lastName"] != "DUBOIS" || c["rank"] != float64(2) ||
			parent["id"] != intro.GetId() || parent["firstName"] != "Hugo" || c["isDeletable"] != false || c["hasApplication"] != false {
			t.Errorf("contact: %v", c)
		}
		if tags := c["tags"].([]any); len(tags) != 1 || tags[0].(map[string]any)["name"] != "Lyon" {
			t.Errorf("tags: %v", c["tags"])
		}
		tk := body["task"].(map[string]any)
		if tk["subject"] != "first-contact" || tk["priority"] != "high" || tk["status"] != "not-started" || tk["mediaType"] != "email" {
			t.Errorf("task: %v", tk)
		}
		id := c["id"].(string)

		status, body = w.JSON(t, http.MethodGet, "/api/contact/"+id, nil)
		if status != http.StatusOK || body["contact"].(map[string]any)["email"] != "lea@exemple.fr" {
			t.Errorf("GET /api/contact/{id}: %d %v", status, body)
		}
		status, body = w.JSON(t, http.MethodGet, "/api/contacts", nil)
		if status != http.StatusOK || len(body["contacts"].([]any)) != 2 {
			t.Errorf("GET /api/contacts: %d %v", status, body)
		}

		// PUT answers updatedContact and updatedRanks; removing the e-mail makes it incomplete
		// (its task is kept).
		status, body = w.JSON(t, http.MethodPut, "/api/contact/"+id, map[string]any{
			"firstName": "Léa", "lastName": "Dubois", "tags": []string{"Lyon"},
		})
		if status != http.StatusOK {
			t.Fatalf("PUT /api/contact/{id}: %d %v", status, body)
		}
		u := body["updatedContact"].(map[string]any)
		if u["status"] != "incomplete" || u["rank"] != float64(1) || u["parent"] != nil {
			t.Errorf("updatedContact: %v", u)
		}
		if ranks, ok := body["updatedRanks"].([]any); !ok || len(ranks) != 0 {
			t.Errorf("updatedRanks: %v", body["updatedRanks"])
		}

		// A refusal carries the reason as "type", and says why in the contact's terms: it is
		// incomplete, not « en cours ou clôturé », but its task is linked to it.
		status, body = w.JSON(t, http.MethodDelete, "/api/contact/"+id, nil)
		if status != http.StatusBadRequest || body["type"] != "CONTACT_NOT_DELETABLE" ||
			body["message"] != "La suppression n'est pas possible pour un contact lié à des activités ou à une opportunité" {
			t.Errorf("DELETE a contact with a task: %d %v", status, body)
		}
		status, body = w.JSON(t, http.MethodDelete, "/api/contact/"+intro.GetId(), nil)
		if status != http.StatusOK {
			t.Errorf("DELETE /api/contact/{id}: %d %v", status, body)
		}
		w.WantJSONRefusal(t, http.MethodGet, "/api/contact/"+intro.GetId(), nil, http.StatusNotFound, "NOT_FOUND")
		status, body = w.JSON(t, http.MethodPost, "/api/contact", map[string]any{"firstName": "A", "lastName": "B", "email": "faux"})
		if status != http.StatusBadRequest || body["type"] != "INVALID_FIELDS" {
			t.Errorf("bad e-mail: %d %v", status, body)
		}
	})
}

func TestUpdateContactStatus(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		c := create(t, w, &networkv1.ContactDraft{FirstName: "Léa", LastName: "Dubois"})
		if c.GetStatus() != stIncomplete {
			t.Fatalf("start: %v", c.GetStatus())
		}
		d := draftOf(c)
		d.MobileNumber = "06 11 22 33 44"
		if got := update(t, w, c.GetId(), d).GetUpdatedContact(); got.GetStatus() != stNew || got.GetMobileNumber() != "06 11 22 33 44" {
			t.Errorf("incomplete → new: %v", got)
		}
		d.MobileNumber = ""
		if got := update(t, w, c.GetId(), d).GetUpdatedContact(); got.GetStatus() != stIncomplete {
			t.Errorf("new → incomplete: %v", got.GetStatus())
		}

		// Engaged and thanked contacts keep their status whatever the edit.
		for _, st := range []contact.Status{contact.StatusEngaged, contact.StatusThanked} {
			srv.Client.Contact.UpdateOneID(uuid.MustParse(c.GetId())).SetStatus(st).ExecX(w.Context())
			d.Email = ""
			got := update(t, w, c.GetId(), d).GetUpdatedContact()
			if string(st) != map[commonv1.ContactStatus]string{stEngaged: "engaged", stThanked: "thanked"}[got.GetStatus()] {
				t.Errorf("%s after removing every way to reach: %v", st, got.GetStatus())
			}
			if got.GetIsDeletable() {
				t.Errorf("%s contact deletable", st)
			}
		}

		// The other fields change; the last name rule applies; civility can be cleared.
		srv.Client.Contact.UpdateOneID(uuid.MustParse(c.GetId())).SetStatus(contact.StatusIncomplete).ExecX(w.Context())
		d = &networkv1.ContactDraft{FirstName: "Léa", LastName: "dubois-martin", Company: "Airbus", Job: "Acheteuse", Email: "lea@airbus.example",
			Comments: "Appeler le matin", Resources: []*commonv1.Resource{{Label: "Site", Url: "https://airbus.example"}}}
		got := update(t, w, c.GetId(), d).GetUpdatedContact()
		if got.GetLastName() != "DUBOIS-MARTIN" || got.GetCompany() != "Airbus" || got.GetJob() != "Acheteuse" || got.GetStatus() != stNew ||
			got.GetComments() != "Appeler le matin" || len(got.GetResources()) != 1 || got.GetOrigin() != "manual" {
			t.Errorf("updated: %v", got)
		}
		d.LastName = "Dubois!"
		_, err := netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: c.GetId(), Contact: d})
		testserver.WantRefusal(t, "bad last name", err, connect.CodeInvalidArgument, "INVALID_FIELDS")
		if testserver.ViolationField(err) != "contact.last_name" {
			t.Errorf("field %q", testserver.ViolationField(err))
		}
		_, err = netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: uuid.NewString(), Contact: person("A", "B")})
		testserver.WantRefusal(t, "unknown id", err, connect.CodeNotFound, "NOT_FOUND")
	})
}

func TestUpdateContactWithTask(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		c := create(t, w, &networkv1.ContactDraft{FirstName: "Léa", LastName: "Dubois"})
		// The contact becomes reachable: the first task comes with the update.
		d := draftOf(c)
		d.Email = "lea@exemple.fr"
		d.Task = firstTask(srv)
		res := update(t, w, c.GetId(), d)
		if res.GetTask().GetContact().GetId() != c.GetId() || res.GetUpdatedContact().GetStatus() != stNew || res.GetUpdatedContact().GetIsDeletable() {
			t.Errorf("update with task: %v", res)
		}
		// A refused task leaves the contact unchanged.
		d.Company = "Airbus"
		d.Task.Deadline = timestamppb.New(srv.Clock.Now().AddDate(0, 0, -2))
		_, err := netOf(w).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: c.GetId(), Contact: d})
		testserver.WantRefusal(t, "past deadline", err, connect.CodeInvalidArgument, "DATE_IN_PAST")
		if get(t, w, c.GetId()).GetCompany() != "" {
			t.Error("the contact changed although its task was refused")
		}
	})
}

func TestListOrderSearchAndFilters(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		mk := func(first, last, company string, tags ...string) *networkv1.Contact {
			d := person(first, last)
			d.Company, d.Tags = company, tags
			return create(t, w, d)
		}
		mk("zoé", "Émond", "Thalès", "Ancien collègue")
		mk("Adèle", "emond", "Airbus", "Lyon")
		durand := mk("Bob", "Durand", "Société Générale", "Banque", "Lyon")
		mk("Éric", "Durandal", "Orange")
		mk("alain", "durand", "")
		create(t, w, &networkv1.ContactDraft{FirstName: "Yves", LastName: "Abel"}) // incomplete
		srv.Client.Contact.UpdateOneID(uuid.MustParse(durand.GetId())).SetStatus(contact.StatusEngaged).ExecX(w.Context())

		want := []string{"ABEL Yves", "DURAND alain", "DURAND Bob", "DURANDAL Éric", "EMOND Adèle", "ÉMOND zoé"}
		if got := names(list(t, w, nil)); !slices.Equal(got, want) {
			t.Errorf("order:\n got %v\nwant %v", got, want)
		}
		for _, tt := range []struct {
			req  *networkv1.ListContactsRequest
			want []string
		}{
			{&networkv1.ListContactsRequest{Search: "durand"}, []string{"DURAND alain", "DURAND Bob", "DURANDAL Éric"}},
			{&networkv1.ListContactsRequest{Search: "ERIC DURAND"}, []string{"DURANDAL Éric"}},
			{&networkv1.ListContactsRequest{Search: "durand bob"}, []string{"DURAND Bob"}},
			{&networkv1.ListContactsRequest{Search: "  Zoe   emond "}, []string{"ÉMOND zoé"}},
			{&networkv1.ListContactsRequest{Search: "generale"}, []string{"DURAND Bob"}},
			{&networkv1.ListContactsRequest{Search: "THALES"}, []string{"ÉMOND zoé"}},
			{&networkv1.ListContactsRequest{Search: "durand orange"}, nil}, // never across name and company
			{&networkv1.ListContactsRequest{Search: "%"}, nil},
			{&networkv1.ListContactsRequest{Statuses: []commonv1.ContactStatus{stIncomplete, stEngaged}}, []string{"ABEL Yves", "DURAND Bob"}},
			{&networkv1.ListContactsRequest{Statuses: []commonv1.ContactStatus{stThanked}}, nil},
			{&networkv1.ListContactsRequest{Tags: []string{"lyon"}}, []string{"DURAND Bob", "EMOND Adèle"}},
			{&networkv1.ListContactsRequest{Tags: []string{"BANQUE", "ancien collegue"}}, []string{"DURAND Bob", "ÉMOND zoé"}},
			{&networkv1.ListContactsRequest{Tags: []string{"Lyon"}, Statuses: []commonv1.ContactStatus{stNew}}, []string{"EMOND Adèle"}},
			{&networkv1.ListContactsRequest{Tags: []string{"Lyon"}, Search: "bob"}, []string{"DURAND Bob"}},
		} {
			if got := names(list(t, w, tt.req)); !slices.Equal(got, tt.want) && (len(got) != 0 || len(tt.want) != 0) {
				t.Errorf("%v: got %v, want %v", tt.req, got, tt.want)
			}
		}
		// Tags come with each listed contact, sorted by name, even when filtering on one.
		banque := list(t, w, &networkv1.ListContactsRequest{Tags: []string{"Banque"}})
		if len(banque) == 0 {
			t.Fatal("no contact tagged Banque")
		}
		for _, c := range banque {
			var tags []string
			for _, tg := range c.GetTags() {
				tags = append(tags, tg.GetName())
			}
			if !slices.Equal(tags, []string{"Banque", "Lyon"}) {
				t.Errorf("tags of %s: %v", c.GetLastName(), tags)
			}
		}
		// The JSON route takes the search as a query parameter.
		status, body := w.JSON(t, http.MethodGet, "/api/contacts?search=soci%C3%A9t%C3%A9", nil)
		if status != http.StatusOK || len(body["contacts"].([]any)) != 1 {
			t.Errorf("GET /api/contacts?search=: %d %v", status, body)
		}
		// Filters take the spec's strings (and the enum names) in the query string.
		for _, query := range []string{"statuses=incomplete&statuses=engaged", "statuses=CONTACT_STATUS_INCOMPLETE&statuses=engaged"} {
			status, body = w.JSON(t, http.MethodGet, "/api/contacts?"+query+"&tags=Lyon", nil)
			listed, _ := body["contacts"].([]any)
			if status != http.StatusOK || len(listed) != 1 || listed[0].(map[string]any)["lastName"] != "DURAND" {
				t.Errorf("GET /api/contacts?%s: %d %v", query, status, body)
			}
		}
	})
}

func TestDeletable(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		ctx := w.Context()
		id := func(c *networkv1.Contact) uuid.UUID { return uuid.MustParse(c.GetId()) }
		free := create(t, w, person("Libre", "Libre"))
		incomplete := create(t, w, &networkv1.ContactDraft{FirstName: "In", LastName: "Complet"})
		withTask := create(t, w, person("Avec", "Tache"))
		withEvent := create(t, w, person("Avec", "Rendezvous"))
		withApp := create(t, w, person("Avec", "Candidature"))
		engaged := create(t, w, person("En", "Cours"))
		thanked := create(t, w, person("Remercie", "Fini"))

		now := srv.Clock.Now()
		srv.Client.Task.Create().SetOwnerID(w.User.ID).SetSubject(task.SubjectReminder).SetInitialDeadline(now).SetDeadline(now).
			SetContactID(id(withTask)).ExecX(ctx)
		srv.Client.Event.Create().SetOwnerID(w.User.ID).SetSubject(event.SubjectCoffee).SetMediaType(event.MediaTypeFaceToFace).
			SetDate(now).SetContactID(id(withEvent)).ExecX(ctx)
		srv.Client.Application.Create().SetOwnerID(w.User.ID).SetCompany("Airbus").SetJob("Acheteuse").
			SetSource(application.SourceMyNetwork).AddContactIDs(id(withApp)).ExecX(ctx)
		srv.Client.Contact.UpdateOneID(id(engaged)).SetStatus(contact.StatusEngaged).ExecX(ctx)
		srv.Client.Contact.UpdateOneID(id(thanked)).SetStatus(contact.StatusThanked).ExecX(ctx)

		flags := map[string][2]bool{}
		for _, c := range list(t, w, nil) {
			flags[c.GetId()] = [2]bool{c.GetIsDeletable(), c.GetHasApplication()}
		}
		for _, tt := range []struct {
			c                 *networkv1.Contact
			deletable, hasApp bool
		}{
			{free, true, false}, {incomplete, true, false}, {withTask, false, false}, {withEvent, false, false},
			{withApp, false, true}, {engaged, false, false}, {thanked, false, false},
		} {
			if got := flags[tt.c.GetId()]; got != [2]bool{tt.deletable, tt.hasApp} {
				t.Errorf("%s: isDeletable, hasApplication = %v, want %v %v", tt.c.GetLastName(), got, tt.deletable, tt.hasApp)
			}
			if got := get(t, w, tt.c.GetId()); got.GetIsDeletable() != tt.deletable || got.GetHasApplication() != tt.hasApp {
				t.Errorf("GetContact %s: %v %v", tt.c.GetLastName(), got.GetIsDeletable(), got.GetHasApplication())
			}
			_, err := netOf(w).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: tt.c.GetId()})
			if tt.deletable {
				if err != nil {
					t.Errorf("deleting %s: %v", tt.c.GetLastName(), err)
				}
				continue
			}
			testserver.WantRefusal(t, "deleting "+tt.c.GetLastName(), err, connect.CodeFailedPrecondition, "CONTACT_NOT_DELETABLE")
		}
		if got := len(list(t, w, nil)); got != 5 {
			t.Errorf("%d contacts left, want 5", got)
		}
		// The application still has its contact.
		if n := srv.Client.Application.Query().QueryContacts().CountX(ctx); n != 1 {
			t.Errorf("application contacts: %d", n)
		}
		_, err := netOf(w).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: free.GetId()})
		testserver.WantRefusal(t, "deleting twice", err, connect.CodeNotFound, "NOT_FOUND")
	})
}

func TestSearchTags(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		d := person("Bob", "Durand")
		d.Tags = []string{"Lyon", "Banque", "Ancien collègue", " Recruteur ", "Île-de-France", "lyon"}
		c := create(t, w, d)
		if len(c.GetTags()) != 5 {
			t.Errorf("tags deduplicated by name: %v", c.GetTags())
		}
		d2 := person("Léa", "Martin")
		d2.Tags = []string{"LYON", "Collège"}
		if c2 := create(t, w, d2); len(c2.GetTags()) != 2 || c2.GetTags()[1].GetName() != "Lyon" {
			t.Errorf("an existing tag is reused with its name: %v", c2.GetTags())
		}
		search := func(term string) []string {
			res, err := netOf(w).SearchTags(bg, &networkv1.SearchTagsRequest{Term: term})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, tg := range res.GetTags() {
				out = append(out, tg.GetName())
			}
			return out
		}
		for term, want := range map[string][]string{
			"":        {"Ancien collègue", "Banque", "Collège", "Île-de-France", "Lyon", "Recruteur"},
			"COLLÈG":  {"Ancien collègue", "Collège"},
			"college": {"Collège"},
			"ile":     {"Île-de-France"},
			"y":       {"Lyon"},
			"xyz":     nil,
		} {
			if got := search(term); !slices.Equal(got, want) {
				t.Errorf("SearchTags(%q) = %v, want %v", term, got, want)
			}
		}
		for path, want := range map[string]int{"/api/tags/search": 6, "/api/tags/search/coll%C3%A8g": 2, "/api/tags/search/e": 5} {
			status, body := w.JSON(t, http.MethodGet, path, nil)
			if status != http.StatusOK || len(body["tags"].([]any)) != want {
				t.Errorf("GET %s: %d %v", path, status, body)
			}
		}
	})
}

// A mobile number is found however it was stored and however it is typed: digits only, the
// French +33 or 0033 the same as the national 0 (« +33 6 11 22 33 44 » is found by « 06 11 »,
// « +33 6 11 », « 0033611 » or « 11 22 33 »). Other numbers keep their country code.
func TestSearchingAMobileAsStored(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		w := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		mk := func(first, last, mobile string) *networkv1.Contact {
			d := person(first, last)
			d.MobileNumber = mobile
			return create(t, w, d)
		}
		mk("Léa", "Dubois", "+33 6 11 22 33 44")
		mk("Hugo", "Renard", "06 12 34 56 78")
		paul := mk("Paul", "Martin", "0033 7 99 88 77 66")
		mk("Inès", "Peeters", "+32 470 12 34 56")
		mk("Sans", "Mobile", "")

		for term, want := range map[string][]string{
			"+33 6 11":          {"DUBOIS Léa"},
			"+33 6 11 22 33 44": {"DUBOIS Léa"},
			"+33611223344":      {"DUBOIS Léa"},
			"06 11 22":          {"DUBOIS Léa"},
			"0611223344":        {"DUBOIS Léa"},
			"0033 6 11":         {"DUBOIS Léa"},
			"11 22 33":          {"DUBOIS Léa"},
			"06-11-22":          {"DUBOIS Léa"},
			"+33 6 12":          {"RENARD Hugo"},
			"07 99 88":          {"MARTIN Paul"},
			"+33 7 99":          {"MARTIN Paul"},
			"+32 470":           {"PEETERS Inès"},
			"0032 470 12":       {"PEETERS Inès"},
			"+33 470":           nil,
			"lea":               {"DUBOIS Léa"}, // names still match
		} {
			got := names(list(t, w, &networkv1.ListContactsRequest{Search: term}))
			if !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
				t.Errorf("search %q: %v, want %v", term, got, want)
			}
		}
		// A changed number is found by its new digits only.
		d := draftOf(paul)
		d.MobileNumber = "+33 6 55 44 33 22"
		update(t, w, paul.GetId(), d)
		if got := names(list(t, w, &networkv1.ListContactsRequest{Search: "06 55 44"})); !slices.Equal(got, []string{"MARTIN Paul"}) {
			t.Errorf("the new number: %v", got)
		}
		if got := names(list(t, w, &networkv1.ListContactsRequest{Search: "07 99 88"})); len(got) != 0 {
			t.Errorf("the old number still found: %v", got)
		}
		// The JSON route, with the « + » encoded in the query string.
		status, body := w.JSON(t, http.MethodGet, "/api/contacts?search="+url.QueryEscape("+33 6 11"), nil)
		if listed, _ := body["contacts"].([]any); status != http.StatusOK || len(listed) != 1 {
			t.Errorf("GET /api/contacts?search=+33 6 11: %d %v", status, body)
		}
	})
}

// A large network's list, read as the web app reads it (Connect GET, revalidated and kept
// encoded by internal/conditional): every change that shows in the list — through the API or
// straight in the database under the candidate, by any domain — is in the next answer.
func TestRevalidatedListFollowsEveryChange(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		seedNetwork(t, srv.Client, alice.User.ID, 250)
		seedNetwork(t, srv.Client, bob.User.ID, 250)
		asAlice := alice.Context()
		reads := networkv1connect.NewNetworkServiceClient(alice.HTTP, srv.URL, connect.WithHTTPGet())

		list := func() map[string]*networkv1.Contact {
			t.Helper()
			res, err := reads.ListContacts(bg, &networkv1.ListContactsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]*networkv1.Contact{}
			for _, c := range res.GetContacts() {
				out[c.GetId()] = c
			}
			return out
		}
		before := list()
		if len(before) != 250 || len(list()) != 250 {
			t.Fatalf("%d contacts", len(before))
		}

		// Created through the API.
		created, err := netOf(alice).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Zoé", LastName: "Nouvelle", Email: "zoe@exemple.fr"}})
		if err != nil {
			t.Fatal(err)
		}
		id := created.GetContact().GetId()
		if got := list()[id]; got == nil || got.GetLastName() != "NOUVELLE" || !got.GetIsDeletable() {
			t.Fatalf("new contact listed as %v", got)
		}
		// Updated through the API.
		if _, err := netOf(alice).UpdateContact(bg, &networkv1.UpdateContactRequest{Id: id, Contact: &networkv1.ContactDraft{FirstName: "Zoé", LastName: "Renommée", Email: "zoe@exemple.fr", Tags: []string{"Lyon"}}}); err != nil {
			t.Fatal(err)
		}
		if got := list()[id]; got.GetLastName() != "RENOMMÉE" || len(got.GetTags()) != 1 {
			t.Fatalf("updated contact listed as %v", got)
		}
		// A task with the contact, written by another domain: no longer deletable.
		srv.Client.Task.Create().SetOwnerID(alice.User.ID).SetContactID(uuid.MustParse(id)).SetSubject("first-contact").
			SetInitialDeadline(srv.Clock.Now()).SetDeadline(srv.Clock.Now()).ExecX(asAlice)
		if got := list()[id]; got.GetIsDeletable() {
			t.Fatal("a contact with a task is still listed as deletable")
		}
		// Linked to an application: the list shows it.
		srv.Client.Application.Create().SetOwnerID(alice.User.ID).SetCompany("Airbus").SetJob("Pilote").SetSource("job-board").
			AddContactIDs(uuid.MustParse(id)).ExecX(asAlice)
		if got := list()[id]; !got.GetHasApplication() {
			t.Fatal("the application link is not listed")
		}
		// A status moved by a completed activity.
		srv.Client.Contact.UpdateOneID(uuid.MustParse(id)).SetStatus(contact.StatusEngaged).ExecX(asAlice)
		if got := list()[id]; got.GetStatus() != commonv1.ContactStatus_CONTACT_STATUS_ENGAGED {
			t.Fatalf("status listed as %v", got.GetStatus())
		}
		// Bob's changes are his: Alice's list is the same, and Bob sees his own.
		if _, err := netOf(bob).CreateContact(bg, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Bob", LastName: "Ami", Email: "ami@exemple.fr"}}); err != nil {
			t.Fatal(err)
		}
		if got := len(list()); got != 251 {
			t.Fatalf("alice lists %d contacts, want 251", got)
		}
		res, _ := netOf(bob).ListContacts(bg, &networkv1.ListContactsRequest{})
		if len(res.GetContacts()) != 251 {
			t.Fatalf("bob lists %d contacts, want 251", len(res.GetContacts()))
		}
		// Deleted: a deletable contact of the seed.
		var victim string
		for cid, c := range list() {
			if c.GetIsDeletable() && cid != id {
				victim = cid
				break
			}
		}
		if _, err := netOf(alice).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: victim}); err != nil {
			t.Fatal(err)
		}
		if _, still := list()[victim]; still {
			t.Fatal("a deleted contact is still listed")
		}
	})
}
