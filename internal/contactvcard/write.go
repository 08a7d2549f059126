package contactvcard

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-vcard"

	"github.com/tremplin/tremplin/ent"
)

// Cards are contacts as the export writes them: one card per contact, its links as URLs.
func Cards(all []*ent.Contact) []Card {
	out := make([]Card, 0, len(all))
	for _, c := range all {
		card := Card{
			FirstName: c.FirstName, LastName: c.LastName, Company: c.Company, Job: c.Job,
			Notes: c.Comments, UID: "urn:uuid:" + c.ID.String(),
		}
		if c.Civility != nil {
			card.Civility = string(*c.Civility) // the same spec strings (male, female, other)
		}
		if c.Email != "" {
			card.Emails = []string{c.Email}
		}
		if c.MobileNumber != "" {
			card.Mobiles = []string{c.MobileNumber}
		}
		if c.PhoneNumber != "" {
			card.Landlines = []string{c.PhoneNumber}
		}
		for _, r := range c.Resources {
			card.Links = append(card.Links, Link{Label: r.Label, URL: r.URL})
		}
		out = append(out, card)
	}
	return out
}

// Write writes cards as vCard 4.0 (RFC 6350), UTF-8, lines folded at 75 octets.
func Write(w io.Writer, cards []Card) error {
	var card, folded bytes.Buffer
	enc := vcard.NewEncoder(&card)
	for _, c := range cards {
		card.Reset()
		folded.Reset()
		if err := enc.Encode(c.vcard()); err != nil {
			return err
		}
		fold(&folded, card.Bytes())
		if _, err := w.Write(folded.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// component keeps a value from splitting a structured property (N, ORG): go-vcard escapes
// commas but not semicolons, which separate the components there.
var component = strings.NewReplacer(";", ",")

func (c Card) vcard() vcard.Card {
	card := vcard.Card{}
	card.SetValue(vcard.FieldVersion, "4.0")
	card.SetValue(vcard.FieldFormattedName, strings.TrimSpace(c.FirstName+" "+c.LastName))
	card.SetName(&vcard.Name{FamilyName: component.Replace(c.LastName), GivenName: component.Replace(c.FirstName)})
	if c.UID != "" {
		card.SetValue(vcard.FieldUID, c.UID)
	}
	switch c.Civility {
	case Male:
		card.SetGender(vcard.SexMale, "")
	case Female:
		card.SetGender(vcard.SexFemale, "")
	}
	if c.Company != "" {
		card.SetValue(vcard.FieldOrganization, component.Replace(c.Company))
	}
	if c.Job != "" {
		card.SetValue(vcard.FieldTitle, c.Job)
	}
	for _, e := range c.Emails {
		card.Add(vcard.FieldEmail, &vcard.Field{Value: e})
	}
	phone := func(number string, types ...string) {
		card.Add(vcard.FieldTelephone, &vcard.Field{Value: number, Params: vcard.Params{vcard.ParamType: types}})
	}
	for _, m := range c.Mobiles {
		phone(m, vcard.TypeCell)
	}
	for _, l := range c.Landlines {
		phone(l, vcard.TypeWork, vcard.TypeVoice)
	}
	if c.Notes != "" {
		card.SetValue(vcard.FieldNote, c.Notes)
	}
	for _, l := range c.Links {
		card.Add(vcard.FieldURL, &vcard.Field{Value: l.URL})
	}
	return card
}

// fold writes a card's lines folded at 75 octets (RFC 6350 3.2), never inside a character: a
// longer line goes on after CRLF and a space.
func fold(w *bytes.Buffer, card []byte) {
	const width = 75
	for line := range bytes.Lines(card) {
		line = bytes.TrimRight(line, "\r\n")
		for first := true; ; first = false {
			room := width
			if !first {
				room-- // the space that opens a continuation
				w.WriteByte(' ')
			}
			if len(line) <= room {
				w.Write(line)
				break
			}
			cut := room
			for cut > 0 && !utf8.RuneStart(line[cut]) {
				cut--
			}
			w.Write(line[:cut])
			w.WriteString("\r\n")
			line = line[cut:]
		}
		w.WriteString("\r\n")
	}
}
