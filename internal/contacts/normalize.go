// Package contacts holds the rules of a network contact that more than one service applies:
// the normalisation of names and phones, the search, sort and duplicate keys (the same on
// SQLite and PostgreSQL because they are computed here, in Go), and the status transitions —
// incomplete ⇄ new with reachability (NetworkService), new → engaged → thanked when an
// activity with the contact is completed (ActivityService, through OnActivityCompleted).
package contacts

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold is the key form of a text: Unicode-normalised, lower-case, accents removed (é → e,
// ç → c, and the letters that carry no combining mark: œ → oe, æ → ae, ß → ss, ø → o, ł → l,
// đ → d), typographic apostrophes made straight, whitespace runs collapsed to one space, and
// trimmed. Keys compare, sort and match by substring identically on both dialects.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		r = unicode.ToLower(r)
		if rep, ok := foldSpecial[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

var foldSpecial = map[rune]string{
	'œ': "oe", 'æ': "ae", 'ß': "ss", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i",
	'’': "'", '‘': "'", 'ʼ': "'", '`': "'", '´': "'",
}

// Collapse trims s and collapses its whitespace runs to one space (first names, companies).
func Collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// straightApostrophes turns typographic apostrophes into "'".
var straightApostrophes = strings.NewReplacer("’", "'", "‘", "'", "ʼ", "'", "`", "'", "´", "'")

// lastNameRune reports whether r may appear in a last name: letters (accented or not, and
// the combining accents of a decomposed letter), space, apostrophe and hyphen.
func lastNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || r == ' ' || r == '\'' || r == '-'
}

// NormalizeLastName applies the spec's last-name rule: upper-cased, spaces collapsed,
// typographic apostrophes straightened. ok is false when the name holds anything but letters,
// accents, spaces, apostrophes and hyphens (the name is then answered normalised anyway).
func NormalizeLastName(s string) (name string, ok bool) {
	s = Collapse(straightApostrophes.Replace(norm.NFC.String(s)))
	ok = true
	for _, r := range s {
		if !lastNameRune(r) {
			ok = false
			break
		}
	}
	return strings.ToUpper(s), ok
}

// CleanLastName drops what the last-name rule forbids (digits, punctuation…), then applies it:
// for names read from an import file, which are taken as they come.
func CleanLastName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		if lastNameRune(r) {
			return r
		}
		if rep := straightApostrophes.Replace(string(r)); rep == "'" {
			return '\''
		}
		return -1
	}, norm.NFC.String(s))
	name, _ := NormalizeLastName(s)
	return name
}

// phoneRule is the spec's phone format: optional + or 00, then up to 20 digits with optional
// single spaces or dashes between them (the pattern of ContactDraft.phone_number).
var phoneRule = regexp.MustCompile(`^(?:\+|00)?[0-9](?:[ -]?[0-9]){0,19}$`)

// PhoneOK reports whether s follows the phone rule (an empty phone is fine).
func PhoneOK(s string) bool { return s == "" || phoneRule.MatchString(s) }

// NormalizeImportedPhone reads a phone number from an import file: trimmed, dots turned into
// spaces ("06.12.34.56.78"), spaces collapsed. ok is false when it still breaks the phone
// rule; the caller then keeps it in the notes rather than lose it.
func NormalizeImportedPhone(s string) (phone string, ok bool) {
	phone = Collapse(strings.ReplaceAll(s, ".", " "))
	return phone, PhoneOK(phone)
}

// PhoneKey is the stored key a phone number is searched by: its digits only, with the French
// international prefix written as the national 0 — « +33 6 11 22 33 44 », « 0033 6 11 22 33
// 44 » and « 06.11.22.33.44 » are all "0611223344" — and another country's code kept without
// its + or 00 (« +32 470 12 34 56 » → "32470123456"). A number typed with the trunk 0 after
// +33 (« +33 (0)6 … ») is read as the national number too.
func PhoneKey(s string) string {
	s = strings.TrimSpace(s)
	international := strings.HasPrefix(s, "+")
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	if !international && strings.HasPrefix(digits, "00") {
		international, digits = true, digits[2:]
	}
	if international && strings.HasPrefix(digits, "33") {
		digits = "0" + strings.TrimPrefix(digits[2:], "0")
	}
	return digits
}

// PhoneSearchTerm is the key a search box's text matches phone keys with (PhoneKey), or ""
// when the text is no phone number: it must hold a digit and nothing but digits, spaces, dots,
// dashes, parentheses and a leading +.
func PhoneSearchTerm(s string) string {
	s = strings.TrimSpace(s)
	if !phoneSearch.MatchString(s) {
		return ""
	}
	return PhoneKey(s)
}

var phoneSearch = regexp.MustCompile(`^\+?[0-9 .()-]*[0-9][0-9 .()-]*$`)

// SearchKey is the stored key that contact search matches by substring: the full name both
// ways round and the company, folded, one per line so that a search never spans two of them.
func SearchKey(first, last, company string) string {
	return Fold(first+" "+last) + "\n" + Fold(last+" "+first) + "\n" + Fold(company)
}

// SearchTerm is the form of a search box's text that SearchKey and TagKey are matched with.
func SearchTerm(s string) string { return Fold(s) }

// SortKey is the stored key of the list order, last name then first name, case- and
// accent-insensitive. Two contacts with the same SortKey are the same person for the import
// (duplicates are detected on last name plus first name).
func SortKey(first, last string) string { return Fold(last) + "\x1f" + Fold(first) }

// TagKey is a tag's stored name_key: a candidate has one tag per key.
func TagKey(name string) string { return Fold(name) }

// TagName is the form a tag name is saved in: trimmed, spaces collapsed.
func TagName(name string) string { return Collapse(name) }

// emailRule is the HTML form's e-mail format, the one protovalidate's email rule follows.
var emailRule = regexp.MustCompile(`^[a-zA-Z0-9.!#$%&'*+/=?^_` + "`" + `{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$`)

// EmailOK reports whether s is an e-mail address the contact form accepts (empty is fine).
func EmailOK(s string) bool { return s == "" || (len(s) <= 254 && emailRule.MatchString(s)) }

// Truncate cuts s to at most n characters (not bytes), without trailing spaces.
func Truncate(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return strings.TrimRight(s[:i], " ")
		}
		count++
	}
	return s
}
