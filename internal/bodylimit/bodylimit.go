// Package bodylimit holds the caps on what a request body may cost, the same on every protocol
// the server speaks: 6 MiB for a procedure (or /api route) that needs a caller, 8 KiB for a
// public one, on the wire and once inflated (a compressed message stops inflating at the cap),
// and the refusal in the API's words. internal/procguard applies them to the Connect, gRPC
// and gRPC-Web calls before their bodies are read; the gateway's body.go to the /api routes.
// It links no database: the gateway's fuzz target instruments every package it links.
package bodylimit

import (
	"errors"
	"fmt"

	"connectrpc.com/connect"

	"github.com/tremplin/tremplin/internal/fastgzip"
)

const (
	// MaxBodyBytes bounds the body of a procedure (or route) that needs a signed-in caller,
	// inflated: a CSV import is at most 5 MB, and 10,000 contacts to create fit.
	MaxBodyBytes = 6 << 20
	// AnonymousMaxBodyBytes bounds the body of a public procedure (sign-in, password reset,
	// new password, health, reflection: a few hundred bytes), inflated.
	AnonymousMaxBodyBytes = 8 << 10
)

// Message is the refusal of a body above limit, in the API's words.
func Message(limit int64) string {
	return fmt.Sprintf("Le corps de la requête dépasse la taille autorisée (%s)", size(limit))
}

// size writes a cap as the messages say it (« 6 Mo », « 8 Ko »).
func size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d Mo", n>>20)
	}
	return fmt.Sprintf("%d Ko", n>>10)
}

// TooLarge is the refusal of a message above limit: ResourceExhausted (HTTP 429 over
// Connect, grpc-status 8).
func TooLarge(limit int64) *connect.Error {
	return connect.NewError(connect.CodeResourceExhausted, errors.New(Message(limit)))
}

// HandlerOptions cap the messages a Connect handler reads at limit bytes, on the wire and
// inflated (gzip is the only compression the handlers accept). Later options replace the
// earlier ones: put them after any other read cap or compression.
func HandlerOptions(limit int) []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithReadMaxBytes(limit),
		inflateAtMost(limit),
	}
}

// GuardedHandlerOptions are HandlerOptions for a handler served behind Guard.Procedures, whose
// reader caps the wire in the API's words: connect-go's own cap would answer first, in
// English and with its internals (« message is larger than configured max 6291456 - unable
// to determine message size: http: request body too large »), whenever a body comes without
// its length (gRPC over HTTP/2, chunked) or a few bytes over.
func GuardedHandlerOptions(limit int) []connect.HandlerOption {
	return []connect.HandlerOption{
		connect.WithReadMaxBytes(0), // the guard's reader caps the wire
		inflateAtMost(limit),
	}
}

// inflateAtMost accepts gzip, inflated up to limit bytes.
func inflateAtMost(limit int) connect.HandlerOption {
	return connect.WithCompression(fastgzip.Name,
		fastgzip.NewLimitedDecompressor(int64(limit), func() error { return TooLarge(int64(limit)) }),
		fastgzip.NewCompressor)
}
