package contacts

import (
	"strings"
	"unicode"
)

// CompanyKey is the form of a company name that « Qui je connais là-bas ? » compares: folded
// (case and accents), punctuation gone, and the legal forms at its end dropped, so that
// « Société Générale SA », « SOCIETE GENERALE » and « Société Générale, S.A. » are one
// company. Dots are removed before words are split, so « S.A.S. » is the word "sas". A name
// that is only a legal form keeps it (« SA » stays "sa"). Empty for an empty company.
func CompanyKey(company string) string {
	folded := strings.ReplaceAll(Fold(company), ".", "")
	words := strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for len(words) > 1 && legalForms[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// legalForms are the company forms dropped from the end of a name: French ones first, then
// those of the companies French candidates meet most (English, German, Dutch, Italian,
// Spanish).
var legalForms = map[string]bool{
	"sa": true, "sas": true, "sasu": true, "sarl": true, "eurl": true, "snc": true, "scop": true,
	"sca": true, "scs": true, "sci": true, "scp": true, "selarl": true, "selas": true, "gie": true,
	"sem": true, "spl": true, "se": true,
	"inc": true, "incorporated": true, "corp": true, "corporation": true, "co": true, "company": true,
	"ltd": true, "limited": true, "llc": true, "llp": true, "lp": true, "plc": true,
	"gmbh": true, "ag": true, "kg": true, "bv": true, "nv": true, "spa": true, "srl": true, "sl": true,
}
