// Package paging is how a list a partner pages through answers page_size, page_token and
// next_page_token (AIP-158), the same way for every list: keyset paging on the list's own
// order with the id last, so that a row inserted or deleted between two pages never shifts
// the others (every row present throughout is answered exactly once, none twice).
//
// The token is opaque to clients: the base64 (URL alphabet, no padding) of a small versioned
// JSON struct holding the list's name, a fingerprint of the request's filters and the sort
// keys of the last row answered. It holds no secret and needs none: a crafted token only
// moves where the caller's own rows start, since every list names its owner in its query.
// A token that does not decode, of another version, another list or other filters answers
// InvalidArgument / INVALID_PAGE_TOKEN saying which.
//
// page_size 0 answers the whole list (what the web app and the documented JSON routes rely
// on); above MaxSize answers MaxSize rows (clamped, as AIP-158 advises, rather than refused);
// a negative size is refused by the request's validation rule.
package paging

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	"github.com/tremplin/tremplin/internal/apierr"
)

// MaxSize is the most rows one page holds; a larger page_size is answered this many.
const MaxSize = 200

// version is the token's layout; a token of another version is refused.
const version = 1

// Kind is the type of one sort key, so that a token's keys are checked when it is read.
type Kind int

const (
	Time Kind = iota + 1
	UUID
	String
)

// token is what a page_token holds.
type token struct {
	V int      `json:"v"`
	L string   `json:"l"` // the list
	Q string   `json:"q"` // fingerprint of the request's filters
	K []string `json:"k"` // the last row's sort keys
}

// Page is one request's paging.
type Page struct {
	// Size is the number of rows to answer; 0 is the whole list.
	Size  int
	list  string
	query string
	after []any
}

// Request reads the paging of req, a list request with page_size and page_token fields:
// list names the list (a token of another is refused) and keys the kinds of its sort keys,
// in order, the id last.
func Request(list string, req proto.Message, keys ...Kind) (Page, error) {
	m := req.ProtoReflect()
	fields := m.Descriptor().Fields()
	sizeField, tokenField := fields.ByName("page_size"), fields.ByName("page_token")
	if sizeField == nil || tokenField == nil {
		return Page{}, fmt.Errorf("paging: %s has no page_size or page_token", m.Descriptor().FullName())
	}
	p := Page{Size: int(m.Get(sizeField).Int()), list: list, query: fingerprint(m, sizeField, tokenField)}
	if p.Size < 0 {
		p.Size = 0 // refused by the request's rule before the handler runs
	}
	p.Size = min(p.Size, MaxSize)
	raw := m.Get(tokenField).String()
	if raw == "" {
		return p, nil
	}
	if p.Size == 0 {
		// A token continues a paged list; without a size the caller asks for everything.
		p.Size = MaxSize
	}
	data, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil {
		return Page{}, invalid("page_token illisible : ce n'est pas un jeton rendu par cette liste")
	}
	var t token
	if err := json.Unmarshal(data, &t); err != nil {
		return Page{}, invalid("page_token illisible : ce n'est pas un jeton rendu par cette liste")
	}
	switch {
	case t.V != version:
		return Page{}, invalid("page_token d'une version inconnue : redemandez la première page")
	case t.L != list:
		return Page{}, invalid("page_token rendu par une autre liste que " + list)
	case t.Q != p.query:
		return Page{}, invalid("page_token rendu pour d'autres filtres : gardez les mêmes filtres ou redemandez la première page")
	case len(t.K) != len(keys):
		return Page{}, invalid("page_token altéré : clés de tri illisibles")
	}
	p.after = make([]any, len(keys))
	for i, kind := range keys {
		v, ok := decode(kind, t.K[i])
		if !ok {
			return Page{}, invalid("page_token altéré : clés de tri illisibles")
		}
		p.after[i] = v
	}
	return p, nil
}

// First reports whether this is the first page (no token).
func (p Page) First() bool { return p.after == nil }

// After answers the sort keys of the last row of the previous page (nil on the first page),
// typed as the kinds given to Request: time.Time, uuid.UUID, string.
func (p Page) After() []any { return p.after }

// Limit is how many rows to read: one more than the page, to know whether another follows;
// 0 when the whole list is asked for.
func (p Page) Limit() int {
	if p.Size == 0 {
		return 0
	}
	return p.Size + 1
}

// Cut keeps the page's rows out of n read (at most Limit) and answers how many to keep and
// the token of the next page (nil when this page is the last), made from the keys of the last
// row kept.
func (p Page) Cut(n int, keysOf func(i int) []any) (int, *string) {
	if p.Size == 0 || n <= p.Size {
		return n, nil
	}
	next := p.token(keysOf(p.Size - 1))
	return p.Size, &next
}

func (p Page) token(keys []any) string {
	t := token{V: version, L: p.list, Q: p.query, K: make([]string, len(keys))}
	for i, k := range keys {
		t.K[i] = encode(k)
	}
	data, _ := json.Marshal(t)
	return base64.RawURLEncoding.EncodeToString(data)
}

func encode(v any) string {
	switch v := v.(type) {
	case time.Time:
		return strconv.FormatInt(v.UnixMicro(), 10) // what both databases keep
	case uuid.UUID:
		return v.String()
	case string:
		return v
	default:
		panic(fmt.Sprintf("paging: sort key of type %T", v))
	}
}

func decode(kind Kind, s string) (any, bool) {
	switch kind {
	case Time:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, false
		}
		return time.UnixMicro(n).UTC(), true
	case UUID:
		id, err := uuid.Parse(s)
		return id, err == nil
	case String:
		return s, true
	}
	return nil, false
}

// fingerprint identifies the request's filters (every field but the paging ones): a token
// is only good for the filters it was answered for.
func fingerprint(m protoreflect.Message, size, tok protoreflect.FieldDescriptor) string {
	filters := proto.Clone(m.Interface()).ProtoReflect()
	filters.Clear(size)
	filters.Clear(tok)
	data, _ := proto.MarshalOptions{Deterministic: true}.Marshal(filters.Interface())
	sum := sha256.Sum256(data)
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

func invalid(message string) *connect.Error {
	return apierr.New(connect.CodeInvalidArgument, commonv1.ErrorReason_ERROR_REASON_INVALID_PAGE_TOKEN, message)
}
