package mailtest

import (
	"encoding/base64"
	"io"
	"strings"
)

// base64Reader decodes a base64 body whose lines are wrapped.
func base64Reader(r io.Reader) io.Reader {
	data, err := io.ReadAll(r)
	if err != nil {
		return strings.NewReader("")
	}
	clean := strings.NewReplacer("\r", "", "\n", "").Replace(string(data))
	return base64.NewDecoder(base64.StdEncoding, strings.NewReader(clean))
}
