package testserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// JSON calls a documented /api route with a JSON body (nil for none) and answers the status
// and the decoded body.
func (s *Start) JSON(t testing.TB, c *http.Client, method, path string, body any) (int, map[string]any) {
	t.Helper()
	status, out, err := s.TryJSON(c, method, path, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, out
}

// TryJSON is JSON answering its failure to call instead of ending the test: for calls made from
// other goroutines than the test's, where t.Fatal must not be called.
func (s *Start) TryJSON(c *http.Client, method, path string, body any) (int, map[string]any, error) {
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.URL+path, reader)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return send(c, req)
}

// Do sends req and decodes a JSON answer (an empty map when the body is not JSON).
func Do(t testing.TB, c *http.Client, req *http.Request) (int, map[string]any) {
	t.Helper()
	status, out, err := send(c, req)
	if err != nil {
		t.Fatal(err)
	}
	return status, out
}

func send(c *http.Client, req *http.Request) (int, map[string]any, error) {
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, err
	}
	out := map[string]any{}
	_ = json.Unmarshal(data, &out)
	return res.StatusCode, out, nil
}

// ConnectJSON calls procedure ("/tremplin.auth.v1.AuthService/Me") over the Connect protocol
// with a JSON body, as any Connect client would, and answers the status and decoded body.
func (s *Start) ConnectJSON(t testing.TB, c *http.Client, procedure, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+procedure, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return Do(t, c, req)
}
