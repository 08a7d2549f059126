// Package fastgzip is gzip for the Connect handlers and the /api gateway: answers compressed
// at the fastest level (a large answer — a 5,000-contact network — in a few milliseconds
// instead of twenty, a few percent bigger), and requests inflated under a cap (a gzip bomb
// stops inflating at the cap instead of being inflated whole). klauspost/compress's gzip, a
// faster drop-in for the standard library's.
package fastgzip

import (
	"io"

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

// NewDecompressor makes a reader without a cap (it is Reset onto each message). A handler
// reading requests takes NewLimitedDecompressor instead.
func NewDecompressor() connect.Decompressor { return new(gzip.Reader) }

// NewLimitedDecompressor makes readers that give at most limit bytes of a message and fail
// with tooLarge() as soon as the message has more: nothing past the cap is inflated.
//
// connect-go's own cap (WithReadMaxBytes) is not enough: once a message passes it, connect-go
// inflates the rest into io.Discard to report the message's size — 6 GiB of zeros from 6 MB
// on the wire, seconds of CPU. A *connect.Error from tooLarge reaches the client as it is.
func NewLimitedDecompressor(limit int64, tooLarge func() error) func() connect.Decompressor {
	return func() connect.Decompressor { return &limitedReader{limit: limit, tooLarge: tooLarge} }
}

// limitedReader holds its gzip.Reader in a field rather than embedding it: the reader's
// WriteTo, promoted, would let io.Copy (connect-go's, sizing a message past the cap) inflate
// around Read and its cap.
type limitedReader struct {
	zr          gzip.Reader
	limit, left int64
	tooLarge    func() error
}

func (r *limitedReader) Reset(src io.Reader) error {
	r.left = r.limit
	return r.zr.Reset(src)
}

func (r *limitedReader) Close() error { return r.zr.Close() }

func (r *limitedReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if r.left <= 0 {
		// The cap is reached: one more byte means the message is too large; the end of the
		// stream (or a corrupt one) is answered as it is.
		var probe [1]byte
		n, err := r.zr.Read(probe[:])
		if n > 0 {
			return 0, r.tooLarge()
		}
		return 0, err
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n, err := r.zr.Read(p)
	r.left -= int64(n)
	return n, err
}
