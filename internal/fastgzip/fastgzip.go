// Package fastgzip is gzip at its fastest level for answers: a large answer (a 5,000-contact
// network) compresses in a few milliseconds instead of twenty, a few percent bigger. The
// Connect handlers and the /api gateway both use it; klauspost/compress's gzip, a faster drop-in
// for the standard library's.
package fastgzip

import (
	"connectrpc.com/connect"
	"github.com/klauspost/compress/gzip"
)

// Name is the compression's name in Content-Encoding and Accept-Encoding.
const Name = "gzip"

// NewCompressor makes a writer at gzip.BestSpeed (it is Reset onto each answer).
func NewCompressor() connect.Compressor {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // a valid level never fails
	return w
}

// NewDecompressor makes a reader (it is Reset onto each request).
func NewDecompressor() connect.Decompressor { return new(gzip.Reader) }
