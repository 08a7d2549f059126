package server_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/testserver"
)

// grpcurlPath is the binary `make bin/grpcurl` builds (make test-go builds it first).
func grpcurlPath(t *testing.T) string {
	t.Helper()
	path, err := filepath.Abs("../../bin/grpcurl")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("bin/grpcurl is missing: run `make bin/grpcurl` (%v)", err)
	}
	return path
}

// selfSigned writes a certificate for 127.0.0.1 and localhost, and its key, as PEM files.
func selfSigned(t *testing.T) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "tremplin test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

// A partner with grpcurl alone, over TLS (a certificate configured) and over h2c: lists the
// services by reflection, checks health, creates a candidate (retried with its
// Idempotency-Key: once) and lists it a page at a time; health and reflection take small
// bodies only, as the anonymous /api routes do.
func TestGrpcurlOverTLSAndH2C(t *testing.T) {
	grpcurl := grpcurlPath(t)
	certFile, keyFile := selfSigned(t)
	for _, mode := range []string{"tls", "h2c"} {
		t.Run(mode, func(t *testing.T) {
			opts := testserver.Options{}
			transport := []string{"-plaintext"}
			if mode == "tls" {
				opts.TLSCertFile, opts.TLSKeyFile = certFile, keyFile
				transport = []string{"-cacert", certFile}
			}
			srv := testserver.New(t, testdb.SQLite, opts)
			u, err := url.Parse(srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			if want := map[string]string{"tls": "https", "h2c": "http"}[mode]; u.Scheme != want {
				t.Fatalf("server at %s, want %s", srv.URL, want)
			}
			agency := srv.CreateAgency(t, "Agence gRPC", 5)
			admin := srv.SignInAs(t, testserver.AgencyAdmin, "agence@exemple.fr", agency)
			var cookie []string
			for _, c := range admin.HTTP.Jar.Cookies(u) {
				cookie = append(cookie, c.Name+"="+c.Value)
			}
			if len(cookie) == 0 {
				t.Fatal("no session cookie after signing in")
			}
			run := func(args ...string) (string, error) {
				t.Helper()
				all := append(append([]string{"-max-time", "20"}, transport...), args...)
				var out, errOut bytes.Buffer
				cmd := exec.Command(grpcurl, all...)
				cmd.Stdout, cmd.Stderr = &out, &errOut
				err := cmd.Run()
				return out.String() + errOut.String(), err
			}
			addr := u.Host

			out, err := run(addr, "list")
			if err != nil {
				t.Fatalf("grpcurl list: %v\n%s", err, out)
			}
			for _, service := range append(srv.Server.ServiceNames, "grpc.health.v1.Health", "grpc.reflection.v1.ServerReflection") {
				if !strings.Contains(out, service+"\n") {
					t.Errorf("grpcurl list does not show %s:\n%s", service, out)
				}
			}
			out, err = run(addr, "grpc.health.v1.Health/Check")
			if err != nil || !strings.Contains(out, `"SERVING"`) {
				t.Errorf("health check: %v\n%s", err, out)
			}
			out, err = run("-d", `{"service":"`+strings.Repeat("x", 20000)+`"}`, addr, "grpc.health.v1.Health/Check")
			if err == nil || !strings.Contains(out, "ResourceExhausted") {
				t.Errorf("a 20 kB health request: %v\n%s", err, out)
			}

			// Anonymous: refused.
			out, err = run(addr, "tremplin.agency.v1.AgencyService/ListCandidates")
			if err == nil || !strings.Contains(out, "Unauthenticated") {
				t.Errorf("an anonymous call: %v\n%s", err, out)
			}
			call := func(method, body string, headers ...string) map[string]any {
				t.Helper()
				args := []string{"-H", "cookie: " + strings.Join(cookie, "; "), "-d", body}
				for _, h := range headers {
					args = append(args, "-H", h)
				}
				out, err := run(append(args, addr, "tremplin.agency.v1.AgencyService/"+method)...)
				if err != nil {
					t.Fatalf("%s: %v\n%s", method, err, out)
				}
				var m map[string]any
				if err := json.Unmarshal([]byte(out), &m); err != nil {
					t.Fatalf("%s answers %q: %v", method, out, err)
				}
				return m
			}
			create := `{"id":"` + agency.ID.String() + `","email":"grpc@exemple.fr","firstName":"Gaëlle"}`
			first := call("CreateCandidate", create, "idempotency-key: grpc-1")
			again := call("CreateCandidate", create, "idempotency-key: grpc-1")
			id, _ := first["candidate"].(map[string]any)["id"].(string)
			if id == "" || again["candidate"].(map[string]any)["id"] != id {
				t.Errorf("a retried create answers %v then %v", first, again)
			}
			call("CreateCandidate", `{"id":"`+agency.ID.String()+`","email":"grpc2@exemple.fr"}`)
			page := call("ListCandidates", `{"pageSize":1}`)
			token, _ := page["nextPageToken"].(string)
			if list, _ := page["candidates"].([]any); len(list) != 1 || token == "" {
				t.Fatalf("first page of 1: %v", page)
			}
			last := call("ListCandidates", `{"pageSize":1,"pageToken":"`+token+`"}`)
			if list, _ := last["candidates"].([]any); len(list) != 1 || last["nextPageToken"] != nil {
				t.Errorf("second and last page: %v", last)
			}
			all := call("ListCandidates", `{}`)
			if list, _ := all["candidates"].([]any); len(list) != 2 {
				t.Errorf("the whole list holds %d candidates, want 2 (the retry created none)", len(list))
			}
		})
	}
}
