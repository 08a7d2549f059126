// Command openapi-gen writes the OpenAPI 3.1 document of the documented JSON routes from the
// API's compiled descriptors and the protos' comments (internal/openapi). `make generate` runs
// it after the protos are compiled:
//
//	go run ./cmd/openapi-gen -o gateway/openapi.json
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tremplin/tremplin/internal/openapi"
	"github.com/tremplin/tremplin/internal/protosource"
)

func main() {
	out := flag.String("o", "gateway/openapi.json", "where to write the document")
	flag.Parse()
	if problems := protosource.Stale(); problems != "" {
		fmt.Fprintln(os.Stderr, "openapi-gen: the descriptor set does not match the compiled protos:", problems)
		os.Exit(1)
	}
	doc, err := openapi.Build(protosource.Services(), protosource.Comment)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi-gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "openapi-gen:", err)
		os.Exit(1)
	}
}
