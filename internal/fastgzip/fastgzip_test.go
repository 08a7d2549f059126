package fastgzip_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/tremplin/tremplin/internal/fastgzip"
	"github.com/tremplin/tremplin/internal/testkit"
)

var errTooLarge = errors.New("too large")

// countingReader counts the compressed bytes the decompressor asked for.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A message up to the cap inflates whole, one past it fails with the caller's error; the
// reader, reset onto another message, has its whole cap again.
func TestLimitedDecompressorStopsAtTheCap(t *testing.T) {
	d := fastgzip.NewLimitedDecompressor(10, func() error { return errTooLarge })()
	for _, tt := range []struct {
		message string
		err     error
	}{
		{"", nil},
		{"0123456789", nil},
		{"0123456789a", errTooLarge},
		{"abc", nil},
	} {
		if err := d.Reset(bytes.NewReader(testkit.Gzip(t, tt.message))); err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(d)
		if !errors.Is(err, tt.err) || (tt.err == nil && string(got) != tt.message) {
			t.Errorf("%q: %q %v, want error %v", tt.message, got, err, tt.err)
		}
	}
	// A corrupt stream is reported as such, not as too large.
	data := testkit.Gzip(t, "0123456789")
	data[len(data)-5]++ // the CRC
	if err := d.Reset(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(d); err == nil || errors.Is(err, errTooLarge) {
		t.Errorf("corrupt stream: %v", err)
	}
}

// Past the cap nothing more is inflated, through io.Copy too (connect-go sizes a message past
// its cap with it, and a reader's WriteTo would go around Read): of 64 MiB of zeros (64 KB
// compressed) capped at 1 MiB, only the first kilobytes of the compressed stream are read.
func TestLimitedDecompressorInflatesNothingPastTheCap(t *testing.T) {
	var bomb bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 64 {
		_, _ = zw.Write(zeros)
	}
	_ = zw.Close()
	src := &countingReader{r: bytes.NewReader(bomb.Bytes())}
	d := fastgzip.NewLimitedDecompressor(1<<20, func() error { return errTooLarge })()
	if err := d.Reset(src); err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, d)
	if !errors.Is(err, errTooLarge) || n != 1<<20 {
		t.Errorf("inflated %d bytes, error %v; want 1 MiB then too large", n, err)
	}
	if src.n > bomb.Len()/4 {
		t.Errorf("read %d of %d compressed bytes to give 1 MiB", src.n, bomb.Len())
	}
}
