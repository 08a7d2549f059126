package resource_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/testserver"
	"github.com/tremplin/tremplin/internal/viewer"
)

func TestSafeURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://www.linkedin.com/in/claire": "https://www.linkedin.com/in/claire",
		" HTTP://exemple.fr/offre?id=3 ":     "HTTP://exemple.fr/offre?id=3",
		"mailto:claire@exemple.fr":           "mailto:claire@exemple.fr",
		"www.exemple.fr/page":                "https://www.exemple.fr/page",
		"//exemple.fr":                       "https://exemple.fr",
		"localhost:8080/x":                   "https://localhost:8080/x",
		"javascript:1/alert(1)":              "https://javascript:1/alert(1)", // read as a host and port: harmless
		"javascript:alert(1)":                "",
		" JavaScript:alert(1)":               "",
		"java\tscript:alert(1)":              "", // browsers drop the tab
		"data:text/html,<b>x</b>":            "",
		"vbscript:msgbox":                    "",
		"deux mots":                          "",
		"   ":                                "",
	} {
		got, ok := resource.SafeURL(raw)
		if got != want || ok != (want != "") {
			t.Errorf("SafeURL(%q) = %q, %v; want %q", raw, got, ok, want)
		}
	}
}

// Only web and mail addresses are kept, over Connect and the JSON routes alike, with the
// French message the web app can show; an address without a scheme is stored as https.
func TestContactLinksAreWebOrMailAddresses(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		c := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr").HTTP
		net := networkv1connect.NewNetworkServiceClient(c, srv.URL)
		ctx := context.Background()

		for _, url := range []string{"javascript:alert(document.cookie)", "data:text/html;base64,PHNjcmlwdD4=", "java\nscript:alert(1)"} {
			draft := &networkv1.ContactDraft{FirstName: "Paul", LastName: "Martin", Resources: []*commonv1.Resource{{Label: "Piège", Url: url}}}
			_, err := net.CreateContact(ctx, &networkv1.CreateContactRequest{Contact: draft})
			if connect.CodeOf(err) != connect.CodeInvalidArgument || apierr.ReasonOf(err) != "INVALID_FIELDS" {
				t.Errorf("%q over Connect: %v", url, err)
			}
			status, body := srv.JSON(t, c, http.MethodPost, "/api/contact",
				map[string]any{"firstName": "Paul", "lastName": "Martin", "resources": []map[string]string{{"label": "Piège", "url": url}}})
			testserver.WantJSONFieldViolation(t, fmt.Sprintf("%q over JSON", url), status, body, "resource.url",
				"L'adresse doit commencer par http://, https:// ou mailto: (ou être une adresse web comme www.exemple.fr)")
		}
		if n := srv.Client.Contact.Query().CountX(viewer.SystemContext(ctx)); n != 0 {
			t.Errorf("%d contacts stored", n)
		}

		res, err := net.CreateContact(ctx, &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Paul", LastName: "Martin", Resources: []*commonv1.Resource{
			{Label: "Profil", Url: "www.linkedin.com/in/martin"}, {Label: "Courriel", Url: "mailto:martin@exemple.fr"},
		}}})
		if err != nil {
			t.Fatal(err)
		}
		got := res.GetContact().GetResources()
		if len(got) != 2 || got[0].GetUrl() != "https://www.linkedin.com/in/martin" || got[1].GetUrl() != "mailto:martin@exemple.fr" {
			t.Errorf("links: %v", got)
		}

		// A link stored before the rule is not shown.
		id := uuid.MustParse(res.GetContact().GetId())
		srv.Client.Contact.UpdateOneID(id).SetResources([]resource.Resource{
			{Label: "Ancien", URL: "javascript:alert(1)"}, {Label: "Site", URL: "https://exemple.fr"},
		}).ExecX(viewer.SystemContext(ctx))
		one, err := net.GetContact(ctx, &networkv1.GetContactRequest{Id: id.String()})
		if err != nil {
			t.Fatal(err)
		}
		if got := one.GetContact().GetResources(); len(got) != 1 || got[0].GetUrl() != "https://exemple.fr" {
			t.Errorf("stored links shown: %v", got)
		}
	})
}

// Links added to an item's go after them, once each, up to Max in all; an item past Max from
// before the cap keeps what it has when nothing is added.
func TestAddStopsAtTheCap(t *testing.T) {
	links := func(from, n int) []resource.Resource {
		out := []resource.Resource{}
		for i := from; i < from+n; i++ {
			out = append(out, resource.Resource{Label: "Lien", URL: fmt.Sprintf("https://exemple.fr/%d", i)})
		}
		return out
	}
	if got, ok := resource.Add(links(0, 30), links(20, 20)); !ok || len(got) != 40 || got[39].URL != "https://exemple.fr/39" {
		t.Errorf("30 + 20 with 10 known: %d links, ok %v", len(got), ok)
	}
	if got, ok := resource.Add(links(0, 49), links(49, 1)); !ok || len(got) != resource.Max {
		t.Errorf("up to the cap: %d links, ok %v", len(got), ok)
	}
	if _, ok := resource.Add(links(0, resource.Max), links(resource.Max, 1)); ok {
		t.Error("one past the cap is added")
	}
	if got, ok := resource.Add(links(0, 300), links(0, 5)); !ok || len(got) != 300 {
		t.Errorf("an item from before the cap, nothing new: %d links, ok %v", len(got), ok)
	}
	if _, ok := resource.Add(links(0, 300), links(300, 1)); ok {
		t.Error("an item from before the cap grows")
	}
}
