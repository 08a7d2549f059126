package served_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/tremplin/tremplin/gateway"
	"github.com/tremplin/tremplin/internal/openapi"
	"github.com/tremplin/tremplin/internal/protosource"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The committed document is the one the protos make today.
func TestOpenAPIDocumentIsGeneratedFromTheProtos(t *testing.T) {
	fresh, err := openapi.Build(protosource.Services(), protosource.Comment)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, gateway.OpenAPIDocument) {
		t.Fatal("gateway/openapi.json is stale: run make generate")
	}
}

func newValidator(t *testing.T) validator.Validator {
	t.Helper()
	doc, err := libopenapi.NewDocument(gateway.OpenAPIDocument)
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("building the validator: %v", errs)
	}
	return v
}

// The document is a valid OpenAPI 3.1 document, and lists exactly the routes the gateway
// serves for the services the server serves; each of them answers (none is « Route inconnue »).
func TestOpenAPIDocumentValidatesAndListsEveryRoute(t *testing.T) {
	v := newValidator(t)
	if ok, errs := v.ValidateDocument(); !ok {
		for _, e := range errs {
			t.Errorf("invalid document: %s: %s", e.Message, e.Reason)
		}
	}
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(gateway.OpenAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	var documented []string
	for path, item := range doc.Paths {
		for method := range item {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}

	srv := testserver.New(t, testdb.SQLite)
	var services []protoreflect.ServiceDescriptor
	for _, name := range srv.Server.ServiceNames {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		if err != nil {
			t.Fatal(err)
		}
		services = append(services, d.(protoreflect.ServiceDescriptor))
	}
	served, err := gateway.Routes(services)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(documented)
	slices.Sort(served)
	if strings.Join(documented, "\n") != strings.Join(served, "\n") {
		t.Errorf("documented routes:\n%s\n\nserved routes:\n%s", strings.Join(documented, "\n"), strings.Join(served, "\n"))
	}
	if len(served) < 60 {
		t.Errorf("only %d routes", len(served))
	}

	// Each documented route is routed (anonymous: refused or answered, never unknown).
	client := testserver.HTTPClient(t)
	for _, route := range documented {
		method, path, _ := strings.Cut(route, " ")
		var concrete []string
		for _, seg := range strings.Split(path, "/") {
			if strings.HasPrefix(seg, "{") {
				seg = "0b7e6f4e-7f0e-4c39-9b8a-3f0a4b9f2c11"
			}
			concrete = append(concrete, seg)
		}
		var body io.Reader
		if method != http.MethodGet && method != http.MethodDelete {
			body = strings.NewReader("{}")
		}
		req, err := http.NewRequest(method, srv.URL+strings.Join(concrete, "/"), body)
		if err != nil {
			t.Fatal(err)
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		status, answer := testserver.Do(t, client, req)
		if answer["message"] == "Route inconnue" || status == http.StatusMethodNotAllowed {
			t.Errorf("%s is documented but not served: %d %v", route, status, answer)
		}
	}
	// And an undocumented one is not.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/nowhere", nil)
	if _, body := testserver.Do(t, client, req); body["message"] != "Route inconnue" {
		t.Errorf("GET /api/nowhere: %v", body)
	}
}

// exchange sends a request through the validator: the request as the document describes it,
// and the answer against the schema of its status, which must be the one wanted (an error
// answer would otherwise be checked against the Error schema, and pass).
type exchange struct {
	t      *testing.T
	v      validator.Validator
	client *http.Client
	base   string
}

func (x exchange) do(want int, method, path string, body any) map[string]any {
	x.t.Helper()
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			x.t.Fatal(err)
		}
	}
	newReq := func() *http.Request {
		req, err := http.NewRequest(method, x.base+path, bytes.NewReader(data))
		if err != nil {
			x.t.Fatal(err)
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		return req
	}
	// The request as the validator sees it: with the session cookie the client's jar adds.
	described := newReq()
	for _, c := range x.client.Jar.Cookies(described.URL) {
		described.AddCookie(c)
	}
	res, err := x.client.Do(newReq())
	if err != nil {
		x.t.Fatal(err)
	}
	answer, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		x.t.Fatal(err)
	}
	if res.StatusCode != want {
		x.t.Errorf("%s %s: %d %s, want %d", method, path, res.StatusCode, answer, want)
	}
	res.Body = io.NopCloser(bytes.NewReader(answer))
	if ok, errs := x.v.ValidateHttpRequestResponse(described, res); !ok {
		for _, e := range errs {
			detail := e.Reason
			for _, s := range e.SchemaValidationErrors {
				detail += "; " + s.FieldPath + ": " + s.Reason
			}
			x.t.Errorf("%s %s (%d %s): %s: %s", method, path, res.StatusCode, answer, e.Message, detail)
		}
	}
	out := map[string]any{}
	_ = json.Unmarshal(answer, &out)
	return out
}

// Real answers match their schemas: the agencies, candidates and contacts the spec's clients
// read, an answer with a licence, and a refusal.
func TestRealAnswersMatchTheirSchemas(t *testing.T) {
	v := newValidator(t)
	srv := testserver.New(t, testdb.SQLite)
	admin := srv.SignInAs(t, testserver.Admin, "admin@tremplin.test")
	x := exchange{t: t, v: v, client: admin.HTTP, base: srv.URL}

	created := x.do(http.StatusOK, http.MethodPost, "/api/agency", map[string]any{
		"name": "Agence Horizon", "email": "contact@horizon.fr",
		"userProfile": map[string]any{"civility": "female", "firstName": "Inès", "lastName": "Roy", "email": "ines@horizon.fr"},
	})
	agency, _ := created["agency"].(map[string]any)
	id, _ := agency["id"].(string)
	if id == "" {
		t.Fatalf("POST /api/agency answered %v", created)
	}
	x.do(http.StatusOK, http.MethodPost, "/api/agency/"+id+"/allocate-licenses", map[string]any{"numLicensesToAllocate": 3})
	candidate := x.do(http.StatusOK, http.MethodPost, "/api/agency/"+id+"/create-candidate", map[string]any{
		"civility": "male", "firstName": "Hugo", "lastName": "Bernard", "email": "hugo@exemple.fr", "isB2C": false,
	})
	user, _ := candidate["candidate"].(map[string]any)
	candidateID, _ := user["id"].(string)
	x.do(http.StatusOK, http.MethodGet, "/api/agencies", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/agency/"+id, nil)
	x.do(http.StatusOK, http.MethodGet, "/api/candidates?status=with-pending-license&search=hugo", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/agency/"+id+"/candidates", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/candidates/"+candidateID+"/license", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/auth/me", nil)
	// A refusal: the Error schema.
	refusal := x.do(http.StatusNotFound, http.MethodGet, "/api/agency/0b7e6f4e-7f0e-4c39-9b8a-3f0a4b9f2c11", nil)
	if refusal["type"] == nil {
		t.Errorf("refusal %v", refusal)
	}
	x.do(http.StatusBadRequest, http.MethodPost, "/api/agency", map[string]any{"name": "", "email": "faux", "userProfile": map[string]any{}})

	alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
	x.client = alice.HTTP
	x.do(http.StatusOK, http.MethodPost, "/api/contact", map[string]any{"firstName": "Paul", "lastName": "Martin", "email": "paul@exemple.fr"})
	x.do(http.StatusOK, http.MethodGet, "/api/contacts", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/dashboard", nil)
	x.do(http.StatusOK, http.MethodGet, "/api/tasks", nil)
}

// The document is served to anyone, cacheable, and revalidated by its ETag.
func TestOpenAPIDocumentIsServed(t *testing.T) {
	srv := testserver.New(t, testdb.SQLite)
	client := testserver.HTTPClient(t)
	res, err := client.Get(srv.URL + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || !bytes.Equal(body, gateway.OpenAPIDocument) || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET /api/openapi.json: %d %s, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Errorf("Cache-Control %q", cc)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/openapi.json", nil)
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	again, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = again.Body.Close()
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidated: %d", again.StatusCode)
	}
}
