// Command client is the partner example of docs/partners.md: an agency's system, holding an API
// key, creates a candidate (safely retried with an Idempotency-Key), then reads every candidate
// of the agency page by page, over gRPC with the generated code.
//
//	TREMPLIN_SERVER=https://tremplin.example.fr TREMPLIN_API_KEY=tpk_… go run ./docs/partners/client lea@exemple.fr
//
// Its test runs it against a real server (client_test.go).
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	"github.com/tremplin/tremplin/gen/tremplin/agency/v1/agencyv1connect"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: client <new candidate's e-mail>")
		os.Exit(2)
	}
	server, key := os.Getenv("TREMPLIN_SERVER"), os.Getenv("TREMPLIN_API_KEY")
	if err := run(context.Background(), http.DefaultClient, server, key, os.Args[1], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run creates the candidate and prints every candidate of the key's agency.
func run(ctx context.Context, httpClient connect.HTTPClient, server, key, email string, out io.Writer) error {
	agency := agencyv1connect.NewAgencyServiceClient(httpClient, server,
		connect.WithGRPC(), connect.WithInterceptors(bearer(key)))

	// One Idempotency-Key per candidate to create: resent after a timeout, the request answers
	// the first result instead of creating a second candidate.
	idempotencyKey := rand.Text()
	create := &agencyv1.CreateCandidateRequest{Email: email, FirstName: "Léa", LastName: "Martin"}
	created, err := retrying(ctx, func() (*agencyv1.CreateCandidateResponse, error) {
		callCtx, call := connect.NewClientContext(ctx)
		call.RequestHeader().Set("Idempotency-Key", idempotencyKey)
		return agency.CreateCandidate(callCtx, create)
	})
	if err != nil {
		return fmt.Errorf("creating %s: %w", email, err)
	}
	fmt.Fprintf(out, "created %s (%s)\n", created.GetCandidate().GetEmail(), created.GetCandidate().GetId())

	// Every candidate, 50 at a time: the token carries on after the last one read, so candidates
	// added meanwhile are neither skipped nor read twice.
	token := ""
	for {
		page, err := retrying(ctx, func() (*agencyv1.ListCandidatesResponse, error) {
			return agency.ListCandidates(ctx, &agencyv1.ListCandidatesRequest{PageSize: 50, PageToken: token})
		})
		if err != nil {
			return fmt.Errorf("listing candidates: %w", err)
		}
		for _, c := range page.GetCandidates() {
			fmt.Fprintf(out, "%s\t%s %s\n", c.GetEmail(), c.GetFirstName(), c.GetLastName())
		}
		if token = page.GetNextPageToken(); token == "" {
			return nil
		}
	}
}

// retrying calls again while the key's rate limit refuses, after the delay the server asks for
// (its google.rpc.RetryInfo), at most 5 times.
func retrying[T any](ctx context.Context, call func() (*T, error)) (*T, error) {
	for attempt := 0; ; attempt++ {
		res, err := call()
		var cerr *connect.Error
		if err == nil || attempt == 4 || !errors.As(err, &cerr) || cerr.Code() != connect.CodeResourceExhausted {
			return res, err
		}
		wait := time.Second
		for _, d := range cerr.Details() {
			if v, derr := d.Value(); derr == nil {
				if info, ok := v.(*errdetails.RetryInfo); ok {
					wait = info.GetRetryDelay().AsDuration()
				}
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// bearer sends the API key with every call (the authorization metadata over gRPC).
func bearer(key string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set("Authorization", "Bearer "+key)
			return next(ctx, req)
		}
	}
}
