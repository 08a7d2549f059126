package contacts_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

func TestFold(t *testing.T) {
	wantEach(t, "Fold", contacts.Fold, map[string]string{
		"Hélène":            "helene",
		"  ÉRIC   Lefèvre ": "eric lefevre",
		"Cœurdacier":        "coeurdacier",
		"Straße":            "strasse",
		"Ørsted Łódź":       "orsted lodz",
		"O’Neil":            "o'neil",
		"Nguyễn":            "nguyen",
		"e\u0301cole":       "ecole", // decomposed accent
		"Société\tGénérale": "societe generale",
		"":                  "",
	})
}

// wantEach fails for each input of want that fn does not turn into the string wanted.
func wantEach(t *testing.T, name string, fn func(string) string, want map[string]string) {
	t.Helper()
	for in, w := range want {
		if got := fn(in); got != w {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, w)
		}
	}
}

func TestLastNameRule(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"  de la   Tour ", "DE LA TOUR", true},
		{"O’Neil", "O'NEIL", true},
		{"Lefèvre-Dupont", "LEFÈVRE-DUPONT", true},
		{"Nguyễn", "NGUYỄN", true},
		{"Durand2", "DURAND2", false},
		{"Smith & Co", "SMITH & CO", false},
		{"", "", true},
	} {
		got, ok := contacts.NormalizeLastName(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("NormalizeLastName(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	wantEach(t, "CleanLastName", contacts.CleanLastName, map[string]string{
		"Durand (RH)":    "DURAND RH",
		"  martin 2  ":   "MARTIN",
		"O’Neil":         "O'NEIL",
		"Le\tBihan":      "LE BIHAN",
		"123":            "",
		"de La   Tour ;": "DE LA TOUR",
	})
}

func TestPhonesAndEmails(t *testing.T) {
	for in, want := range map[string]struct {
		phone string
		ok    bool
	}{
		"06.12.34.56.78":       {"06 12 34 56 78", true},
		" +33 6 12 34 56 78 ":  {"+33 6 12 34 56 78", true},
		"0033-6-12-34-56-78":   {"0033-6-12-34-56-78", true},
		"+33 (0)6 12 34 56 78": {"+33 (0)6 12 34 56 78", false},
		"poste 1234":           {"poste 1234", false},
		"":                     {"", true},
	} {
		phone, ok := contacts.NormalizeImportedPhone(in)
		if phone != want.phone || ok != want.ok {
			t.Errorf("NormalizeImportedPhone(%q) = %q, %v; want %q, %v", in, phone, ok, want.phone, want.ok)
		}
	}
	if contacts.PhoneOK("06  12") || !contacts.PhoneOK("3949") || contacts.PhoneOK("+"+strings.Repeat("1", 21)) {
		t.Error("phone rule")
	}
	for email, ok := range map[string]bool{"a.b@exemple.fr": true, "": true, "pas un mail": false, "a@b": true, "é@exemple.fr": false} {
		if contacts.EmailOK(email) != ok {
			t.Errorf("EmailOK(%q) != %v", email, ok)
		}
	}
	if got := contacts.Truncate("Hélène Lefèvre", 6); got != "Hélène" {
		t.Errorf("Truncate by characters: %q", got)
	}
	if got := contacts.Truncate("ab cd", 3); got != "ab" {
		t.Errorf("Truncate trims: %q", got)
	}
}

func TestKeys(t *testing.T) {
	// Sorting by SortKey is last name then first name, case- and accent-insensitive.
	people := [][2]string{{"zoé", "Émond"}, {"Adèle", "EMOND"}, {"Bob", "Durand"}, {"Éric", "Durandal"}, {"alain", "durand"}}
	slices.SortFunc(people, func(a, b [2]string) int {
		return strings.Compare(contacts.SortKey(a[0], a[1]), contacts.SortKey(b[0], b[1]))
	})
	want := [][2]string{{"alain", "durand"}, {"Bob", "Durand"}, {"Éric", "Durandal"}, {"Adèle", "EMOND"}, {"zoé", "Émond"}}
	if !slices.Equal(people, want) {
		t.Errorf("order %v, want %v", people, want)
	}
	if contacts.SortKey("Hélène", "MARTIN") != contacts.SortKey("helene", "Martin") {
		t.Error("duplicates differ by case or accents")
	}
	key := contacts.SearchKey("Jean", "DUPONT", "Société Générale")
	for _, term := range []string{"jean dupont", "dupont jean", "GENERALE", "Socié", "pont"} {
		if !strings.Contains(key, contacts.SearchTerm(term)) {
			t.Errorf("%q does not match %q", term, key)
		}
	}
	// A term never spans the name and the company.
	if strings.Contains(key, contacts.SearchTerm("dupont societe")) || strings.Contains(key, contacts.SearchTerm("jean societe")) {
		t.Error("search spans two fields")
	}
}

// A phone number's key is its digits, +33 and 0033 as the national 0; a search term that is a
// number is read the same way, any other term is no number.
func TestPhoneKeys(t *testing.T) {
	wantEach(t, "PhoneKey", contacts.PhoneKey, map[string]string{
		"+33 6 11 22 33 44": "0611223344", "0033 6 11 22 33 44": "0611223344", "06 11 22 33 44": "0611223344",
		"06.11.22.33.44": "0611223344", "+33 (0)6 11 22 33 44": "0611223344", "+32 470 12 34 56": "32470123456",
		"0032 470 12 34 56": "32470123456", "+1-514-555-0100": "15145550100", "": "", "  ": "",
	})
	wantEach(t, "PhoneSearchTerm", contacts.PhoneSearchTerm, map[string]string{
		"+33 6 11": "0611", "06 11": "0611", "0033611": "0611", "11-22": "1122", "(0)6 11": "0611",
		"lea": "", "a1": "", "": "", "+": "", "06+11": "", "3M": "",
	})
}

func TestStatusRules(t *testing.T) {
	if contacts.InitialStatus(false) != contact.StatusIncomplete || contacts.InitialStatus(true) != contact.StatusNew {
		t.Error("initial status")
	}
	for _, tt := range []struct {
		from      contact.Status
		reachable bool
		want      contact.Status
	}{
		{contact.StatusIncomplete, true, contact.StatusNew},
		{contact.StatusNew, false, contact.StatusIncomplete},
		{contact.StatusNew, true, contact.StatusNew},
		{contact.StatusEngaged, false, contact.StatusEngaged},
		{contact.StatusThanked, false, contact.StatusThanked},
	} {
		if got := contacts.StatusAfterEdit(tt.from, tt.reachable); got != tt.want {
			t.Errorf("StatusAfterEdit(%s, %v) = %s, want %s", tt.from, tt.reachable, got, tt.want)
		}
	}
	for _, tt := range []struct {
		from    contact.Status
		subject string
		want    contact.Status
	}{
		{contact.StatusNew, "first-contact", contact.StatusEngaged},
		{contact.StatusIncomplete, "", contact.StatusEngaged},
		{contact.StatusEngaged, "reminder", contact.StatusEngaged},
		{contact.StatusEngaged, "thanks-for-introduction", contact.StatusThanked},
		{contact.StatusNew, "thanks-after-interview", contact.StatusThanked},
		{contact.StatusThanked, "feedback", contact.StatusThanked},
	} {
		if got := contacts.StatusAfterActivity(tt.from, tt.subject); got != tt.want {
			t.Errorf("StatusAfterActivity(%s, %q) = %s, want %s", tt.from, tt.subject, got, tt.want)
		}
	}
	if !contacts.Deletable(contact.StatusNew, false, false) || !contacts.Deletable(contact.StatusIncomplete, false, false) ||
		contacts.Deletable(contact.StatusEngaged, false, false) || contacts.Deletable(contact.StatusNew, true, false) ||
		contacts.Deletable(contact.StatusNew, false, true) {
		t.Error("deletable")
	}
}

func TestOnActivityCompleted(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		me, ctx := testdb.Candidate(t, d.Client)
		other, otherCtx := testdb.Candidate(t, d.Client)
		mk := func(ctx context.Context, owner uuid.UUID, status contact.Status) *ent.Contact {
			create := d.Client.Contact.Create().SetOwnerID(owner).SetFirstName("A").SetLastName("B").SetStatus(status)
			if status != contact.StatusIncomplete { // reachable: incomplete and new follow it
				create.SetEmail("a.b@exemple.fr")
			}
			return create.SaveX(ctx)
		}
		c := mk(ctx, me.ID, contact.StatusNew)
		step := func(subject string, want contact.Status) {
			t.Helper()
			got, err := contacts.OnActivityCompleted(ctx, d.Client, c.ID, subject)
			if err != nil || got != want {
				t.Fatalf("after %q: %s, %v; want %s", subject, got, err, want)
			}
			if stored := d.Client.Contact.GetX(ctx, c.ID).Status; stored != want {
				t.Fatalf("stored %s, want %s", stored, want)
			}
		}
		step("first-contact", contact.StatusEngaged)
		step("", contact.StatusEngaged) // an event
		step("thanks-for-introduction", contact.StatusThanked)
		step("reminder", contact.StatusThanked) // never backwards

		// Inside the caller's transaction.
		c2 := mk(ctx, me.ID, contact.StatusIncomplete)
		tx, err := d.Client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := contacts.OnActivityCompleted(ctx, tx.Client(), c2.ID, "feedback"); err != nil || got != contact.StatusEngaged {
			t.Fatalf("in a transaction: %s %v", got, err)
		}
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		if d.Client.Contact.GetX(ctx, c2.ID).Status != contact.StatusIncomplete {
			t.Error("the rolled back change stayed")
		}

		// Another candidate's contact is not found and does not move.
		foreign := mk(otherCtx, other.ID, contact.StatusNew)
		_, err = contacts.OnActivityCompleted(ctx, d.Client, foreign.ID, "first-contact")
		if !ent.IsNotFound(err) || !isNotFoundOf(apierr.From(err), "Contact introuvable") {
			t.Errorf("foreign contact: %v", err)
		}
		if d.Client.Contact.GetX(otherCtx, foreign.ID).Status != contact.StatusNew {
			t.Error("the other candidate's contact moved")
		}
	})
}

// Every writer gets the derived fields from the one hook: a creation without status or keys,
// an edit of a name, of reachability, and a bulk edit of a source (refused).
func TestDerivedFieldsAreWrittenByTheHook(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.Database) {
		sys := viewer.SystemContext(context.Background())
		owner := d.Client.User.Create().SetEmail("derive@exemple.fr").SetRole(user.RoleCandidate).SaveX(sys)
		c := d.Client.Contact.Create().SetOwnerID(owner.ID).SetFirstName("Éloïse").SetLastName("D'ARCY").SetCompany("Société Générale").SaveX(sys)
		if c.Status != contact.StatusIncomplete || c.SortKey != contacts.SortKey("Éloïse", "D'ARCY") || c.SearchKey != contacts.SearchKey("Éloïse", "D'ARCY", "Société Générale") {
			t.Fatalf("created: %s %q %q", c.Status, c.SortKey, c.SearchKey)
		}
		if c.MobileKey != "" {
			t.Errorf("mobile key without a mobile: %q", c.MobileKey)
		}
		c = d.Client.Contact.UpdateOne(c).SetMobileNumber("+33 6 12 34 56 78").SaveX(sys)
		if c.Status != contact.StatusNew || c.MobileKey != "0612345678" {
			t.Errorf("reachable after edit: %s %q, want new 0612345678", c.Status, c.MobileKey)
		}
		if withMobile := d.Client.Contact.Create().SetOwnerID(owner.ID).SetLastName("MOBILE").SetMobileNumber("0033 7 00 00 00 01").SaveX(sys); withMobile.MobileKey != "0700000001" {
			t.Errorf("created with a mobile: key %q", withMobile.MobileKey)
		}
		c = d.Client.Contact.UpdateOne(c).SetCompany("BNP Paribas").SaveX(sys)
		if c.SearchKey != contacts.SearchKey("Éloïse", "D'ARCY", "BNP Paribas") || c.Status != contact.StatusNew {
			t.Errorf("company edit: %q %s", c.SearchKey, c.Status)
		}
		c = d.Client.Contact.UpdateOne(c).SetStatus(contact.StatusEngaged).SaveX(sys)
		c = d.Client.Contact.UpdateOne(c).SetMobileNumber("").SaveX(sys)
		if c.Status != contact.StatusEngaged || c.MobileKey != "" {
			t.Errorf("engaged contact losing its phone: %s %q, want engaged kept, no key", c.Status, c.MobileKey)
		}
		seeded := d.Client.Contact.Create().SetOwnerID(owner.ID).SetFirstName("Paul").SetLastName("PETIT").SetStatus(contact.StatusThanked).SaveX(sys)
		if seeded.Status != contact.StatusThanked {
			t.Errorf("a status set by the writer: %s, want thanked", seeded.Status)
		}
		if err := d.Client.Contact.Update().Where(contact.OwnerID(owner.ID)).SetCompany("X").Exec(sys); err == nil {
			t.Error("a bulk edit of a source field was accepted")
		}
		if err := d.Client.Contact.Update().Where(contact.OwnerID(owner.ID)).SetRank(1).Exec(sys); err != nil {
			t.Errorf("a bulk edit of another field: %v", err)
		}
	})
}

// isNotFoundOf reports whether err is the API's NotFound saying message.
func isNotFoundOf(err error, message string) bool {
	var cerr *connect.Error
	return errors.As(err, &cerr) && cerr.Code() == connect.CodeNotFound && cerr.Message() == message
}
