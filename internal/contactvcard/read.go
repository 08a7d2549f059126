// Package contactvcard reads the vCard files (.vcf) candidates upload from their phone or mail
// program — vCard 2.1 (Android, Outlook), 3.0 (iOS, Google Contacts) and 4.0 — and writes the
// network as vCard 4.0, what phones import.
//
// Cards are parsed by github.com/emersion/go-vcard (RFC 6350, the parser behind aerc and
// go-webdav's CardDAV); lines.go first rewrites what vCard 2.1 writers put in a file and go-vcard
// does not read. Like internal/contactcsv it is pure: no database, no I/O beyond the reader and
// writer it is given.
package contactvcard

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/emersion/go-vcard"

	"github.com/tremplin/tremplin/internal/contactcsv"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/textfile"
)

// Civility values, the spec's strings of tremplin.common.v1.Civility.
const (
	Male   = "male"
	Female = "female"
)

// Card is one person read from a vCard file, or written to one.
type Card struct {
	FirstName string
	LastName  string
	Company   string
	Job       string
	Civility  string // Male, Female or "" when the card does not say
	// Emails, Mobiles and Landlines are in the card's order, its preferred one first.
	Emails    []string
	Mobiles   []string
	Landlines []string
	// Other numbers (fax, pager), each written « Fax : 01 … ».
	OtherPhones []string
	Notes       string
	Links       []Link
	// UID identifies the card across exports (written, not read).
	UID string
}

// Link is an address of the card: a web site, a LinkedIn profile.
type Link struct {
	Label string
	URL   string
}

// Label of a LinkedIn profile, and of any other web address.
const (
	LinkedInLabel = "LinkedIn"
	WebsiteLabel  = "Site web"
)

// Result is what Parse reads: the named cards, and how many cards had data but no name.
type Result struct {
	Cards    []Card
	Nameless int
}

// Limits bounds what Parse accepts. A zero field takes its default.
type Limits struct {
	MaxBytes int64 // size of the file as uploaded; default DefaultMaxBytes
	MaxCards int   // cards, named or not; default DefaultMaxCards
}

// Defaults of Limits: those of the contacts CSV (the ImportContacts contract).
const (
	DefaultMaxBytes = contactcsv.DefaultMaxBytes
	DefaultMaxCards = contactcsv.DefaultMaxRows
)

// Errors answered by Parse, wrapped with details; test them with errors.Is.
var (
	// ErrNotVCard: the file holds no card, or a card is broken (no END).
	ErrNotVCard = errors.New("contactvcard: not a vCard file")
	ErrTooLarge = errors.New("contactvcard: file too large")
	// ErrTooManyCards: more than Limits.MaxCards cards.
	ErrTooManyCards = errors.New("contactvcard: too many cards")
)

// Sniff tells whether a file's first bytes are those of a vCard file (« BEGIN:VCARD » after a
// BOM and blank lines), whatever its name or declared type.
func Sniff(head []byte) bool {
	s := strings.TrimPrefix(string(head[:min(len(head), 512)]), "\uFEFF")
	s = strings.TrimLeft(s, " \t\r\n")
	return len(s) >= len("BEGIN:VCARD") && strings.EqualFold(s[:len("BEGIN:VCARD")], "BEGIN:VCARD")
}

// Parse reads a vCard file and answers its cards, in file order; all or nothing. Names come
// from N (given and additional names as the first name), or from FN split at its last space
// when N is empty and FN is not the organisation's name; photos and other binary values are
// ignored; a card with data but no name counts in Nameless.
func Parse(r io.Reader, limits Limits) (Result, error) {
	if limits.MaxBytes <= 0 {
		limits.MaxBytes = DefaultMaxBytes
	}
	if limits.MaxCards <= 0 {
		limits.MaxCards = DefaultMaxCards
	}
	raw, err := textfile.ReadAtMost(r, limits.MaxBytes+1)
	if err != nil {
		return Result{}, fmt.Errorf("contactvcard: reading the file: %w", err)
	}
	if int64(len(raw)) > limits.MaxBytes {
		return Result{}, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limits.MaxBytes)
	}
	text, err := textfile.Decode(raw)
	if err != nil || !Sniff(text) {
		return Result{}, fmt.Errorf("%w: no BEGIN:VCARD", ErrNotVCard)
	}
	dec := vcard.NewDecoder(strings.NewReader(modernize(string(text))))
	var res Result
	for n := 0; ; n++ {
		card, err := dec.Decode()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Result{}, fmt.Errorf("%w: card %d: %w", ErrNotVCard, n+1, err)
		}
		if n >= limits.MaxCards {
			return Result{}, fmt.Errorf("%w: more than %d", ErrTooManyCards, limits.MaxCards)
		}
		c := read(card)
		switch {
		case c.FirstName != "" || c.LastName != "":
			res.Cards = append(res.Cards, c)
		case c.hasData():
			res.Nameless++
		}
	}
	if res.Cards == nil && res.Nameless == 0 {
		return Result{}, fmt.Errorf("%w: no card", ErrNotVCard)
	}
	return res, nil
}

func (c Card) hasData() bool {
	return c.Company != "" || c.Job != "" || c.Notes != "" || len(c.Emails)+len(c.Mobiles)+len(c.Landlines)+len(c.OtherPhones)+len(c.Links) > 0
}

// text cleans a value: escapes go-vcard leaves (« \; », « \N »), spaces around, and a value that
// is nothing but separators (an empty « ;;; »).
var unescape = strings.NewReplacer(`\;`, ";", `\N`, "\n", `\:`, ":")

func text(s string) string { return strings.TrimSpace(unescape.Replace(s)) }

func read(card vcard.Card) Card {
	var c Card
	c.FirstName, c.LastName = names(card)
	c.Civility = civility(card)
	if org := card.Get(vcard.FieldOrganization); org != nil {
		company, _, _ := strings.Cut(org.Value, ";") // ORG:Company;Department
		c.Company = text(company)
	}
	c.Job = text(card.Value(vcard.FieldTitle))
	if c.Job == "" {
		c.Job = text(card.Value(vcard.FieldRole))
	}
	for _, f := range preferredFirst(card[vcard.FieldEmail]) {
		if v := text(f.Value); v != "" {
			c.Emails = append(c.Emails, strings.TrimPrefix(v, "mailto:"))
		}
	}
	for _, f := range preferredFirst(card[vcard.FieldTelephone]) {
		v := text(f.Value)
		if uri, ok := strings.CutPrefix(v, "tel:"); ok {
			v = strings.ReplaceAll(uri, "-", " ") // a tel: URI (RFC 3966) separates with hyphens
		}
		if v == "" {
			continue
		}
		switch kind := phoneKind(f, v); kind {
		case "mobile":
			c.Mobiles = append(c.Mobiles, v)
		case "landline":
			c.Landlines = append(c.Landlines, v)
		default:
			c.OtherPhones = append(c.OtherPhones, kind+" : "+v)
		}
	}
	var notes []string
	for _, f := range card[vcard.FieldNote] {
		if v := text(f.Value); v != "" {
			notes = append(notes, v)
		}
	}
	c.Notes = strings.Join(notes, "\n")
	for _, f := range card[vcard.FieldURL] {
		if v := text(f.Value); v != "" {
			c.Links = append(c.Links, link(v))
		}
	}
	// iOS keeps a LinkedIn profile as a social profile, not a URL.
	for _, f := range card["X-SOCIALPROFILE"] {
		if v := text(f.Value); strings.Contains(strings.ToLower(v), "linkedin.com/") {
			c.Links = append(c.Links, Link{Label: LinkedInLabel, URL: v})
		}
	}
	return c
}

// names answers the first and last names: from N, else from FN (a person's full name, not an
// organisation's: Outlook writes a company card with FN = ORG and an empty N).
func names(card vcard.Card) (first, last string) {
	if n := card.Name(); n != nil {
		first = contacts.Collapse(text(n.GivenName) + " " + text(n.AdditionalName))
		last = text(n.FamilyName)
		if first != "" || last != "" {
			return first, last
		}
	}
	fn := contacts.Collapse(text(card.PreferredValue(vcard.FieldFormattedName)))
	org, _, _ := strings.Cut(card.Value(vcard.FieldOrganization), ";")
	if fn == "" || strings.EqualFold(fn, text(org)) || !strings.ContainsFunc(fn, unicode.IsLetter) {
		return "", "" // no name, a company's card, or a number shown as the name
	}
	if i := strings.LastIndexByte(fn, ' '); i > 0 {
		return fn[:i], fn[i+1:]
	}
	return fn, ""
}

// civility reads GENDER (4.0; X-GENDER of some 3.0 writers) or the name's prefix.
func civility(card vcard.Card) string {
	if sex, _ := card.Gender(); sex == vcard.SexMale {
		return Male
	} else if sex == vcard.SexFemale {
		return Female
	}
	switch strings.ToLower(text(card.Value("X-GENDER"))) {
	case "male", "m":
		return Male
	case "female", "f":
		return Female
	}
	if n := card.Name(); n != nil {
		switch strings.ToLower(strings.TrimSuffix(text(n.HonorificPrefix), ".")) {
		case "m", "mr", "monsieur":
			return Male
		case "mme", "mrs", "ms", "madame", "mlle", "mademoiselle", "miss":
			return Female
		}
	}
	return ""
}

// preferredFirst orders fields with the preferred one (TYPE=pref, PREF=1 or 2.1's bare PREF)
// first, the others in the file's order.
func preferredFirst(fields []*vcard.Field) []*vcard.Field {
	out := slices.Clone(fields)
	slices.SortStableFunc(out, func(a, b *vcard.Field) int {
		pa, pb := preferred(a), preferred(b)
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return 0
	})
	return out
}

func preferred(f *vcard.Field) bool {
	return hasType(f, "pref") || f.Params.Get(vcard.ParamPreferred) == "1"
}

func hasType(f *vcard.Field, t string) bool {
	return slices.ContainsFunc(f.Params.Types(), func(v string) bool { return strings.EqualFold(v, t) })
}

// phoneKind answers "mobile", "landline", or the French label of another kind of number (fax,
// pager). A number of no type is a mobile when it is a French mobile number (06, 07).
func phoneKind(f *vcard.Field, number string) string {
	switch {
	case hasType(f, "cell"), hasType(f, "mobile"), hasType(f, "iphone"):
		return "mobile"
	case hasType(f, "fax"):
		return "Fax"
	case hasType(f, "pager"):
		return "Bip"
	case hasType(f, "work"), hasType(f, "home"), hasType(f, "main"):
		return "landline"
	}
	// VOICE, or no type: a French mobile number is a mobile.
	if key := contacts.PhoneKey(number); len(key) == 10 && (strings.HasPrefix(key, "06") || strings.HasPrefix(key, "07")) {
		return "mobile"
	}
	return "landline"
}

func link(url string) Link {
	if strings.Contains(strings.ToLower(url), "linkedin.com/") {
		return Link{Label: LinkedInLabel, URL: url}
	}
	return Link{Label: WebsiteLabel, URL: url}
}
