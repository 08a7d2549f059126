package contactcsv

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// field is what a column holds.
type field uint8

const (
	fNone  field = iota
	fFirst       // first name
	fLast        // last name
	fFull        // full name, used only when a row has neither first nor last name
	fEmail
	fCompany
	fJob
	fTitle // courtesy title (Outlook "Title"/"Titre" is "Mr."/"Mme", not the job)
	fLandline
	fMobile
	fNotes
	fGender
	fURL // profile URL: a LinkedIn one in Contact.LinkedIn, another at the end of Notes
	numFields
)

// alias is a column name's field and rank: among several columns of one field, the non-empty
// cell of the lowest rank wins (then the leftmost), so "Business Phone" beats "Home Phone"
// whatever their order in the file.
type alias struct {
	f    field
	rank int
}

// aliases maps a header, folded by foldKey (lower case, no accents, letters and digits only),
// to its field. English names come from the product template, LinkedIn, Google Contacts
// (current and legacy), Outlook and Thunderbird; French ones from French Outlook and from
// spreadsheets people make themselves. Numbered columns (Google "E-mail 2 - Value", Outlook
// "E-mail 2 Address", Google "Phone 1 - Label") are handled in numberedAlias.
var aliases = map[string]alias{
	// first name
	"firstname": {fFirst, 0}, "givenname": {fFirst, 0}, "prenom": {fFirst, 0},
	"prenoms": {fFirst, 0}, "first": {fFirst, 0}, "forename": {fFirst, 0},

	// last name; French "Nom" is the family name (French Outlook's "Nom" column)
	"lastname": {fLast, 0}, "familyname": {fLast, 0}, "surname": {fLast, 0},
	"nom": {fLast, 0}, "nomdefamille": {fLast, 0}, "last": {fLast, 0},

	// full name
	"name": {fFull, 0}, "fullname": {fFull, 0}, "nomcomplet": {fFull, 0},
	"displayname": {fFull, 1},

	// e-mail
	"email": {fEmail, 0}, "emailaddress": {fEmail, 0}, "mail": {fEmail, 0},
	"courriel": {fEmail, 0}, "adressedemessagerie": {fEmail, 0}, "adresseemail": {fEmail, 0},
	"adressemail": {fEmail, 0}, "adressecourriel": {fEmail, 0}, "primaryemail": {fEmail, 0},
	"workemail": {fEmail, 0}, "businessemail": {fEmail, 0}, "emailprofessionnel": {fEmail, 0},
	"secondaryemail": {fEmail, 10}, "homeemail": {fEmail, 10}, "personalemail": {fEmail, 10},
	"emailpersonnel": {fEmail, 10},

	// company
	"company": {fCompany, 0}, "companyname": {fCompany, 0}, "organization": {fCompany, 0},
	"organisation": {fCompany, 0}, "organizationname": {fCompany, 0}, "societe": {fCompany, 0},
	"entreprise": {fCompany, 0}, "employeur": {fCompany, 0}, "employer": {fCompany, 0},
	"raisonsociale": {fCompany, 1},

	// job
	"jobtitle": {fJob, 0}, "job": {fJob, 0}, "position": {fJob, 0}, "poste": {fJob, 0},
	"fonction": {fJob, 0}, "intituledeposte": {fJob, 0}, "intituleduposte": {fJob, 0},
	"organizationtitle": {fJob, 0}, "role": {fJob, 1}, "occupation": {fJob, 2},
	"profession": {fJob, 2}, "metier": {fJob, 2},

	// courtesy title, or the job when the row has no other job (see layout.contact)
	"title": {fTitle, 0}, "titre": {fTitle, 0}, "nameprefix": {fTitle, 0}, "prefix": {fTitle, 0},

	// landline, office first: it is the number a job seeker calls
	"businessphone": {fLandline, 0}, "workphone": {fLandline, 0},
	"telephonebureau": {fLandline, 0}, "telephoneprofessionnel": {fLandline, 0},
	"companymainphone": {fLandline, 1}, "standardsociete": {fLandline, 1},
	"primaryphone": {fLandline, 2}, "telephoneprincipal": {fLandline, 2},
	"phone": {fLandline, 2}, "phonenumber": {fLandline, 2}, "telephone": {fLandline, 2},
	"tel": {fLandline, 2}, "telephonefixe": {fLandline, 2}, "fixe": {fLandline, 2},
	"numerodetelephone": {fLandline, 2},

	"homephone": {fLandline, 3}, "telephonedomicile": {fLandline, 3},
	"businessphone2": {fLandline, 4}, "telephone2bureau": {fLandline, 4},
	"homephone2": {fLandline, 5}, "telephone2domicile": {fLandline, 5},
	"otherphone": {fLandline, 6}, "telephoneautre": {fLandline, 6},

	// mobile
	"mobilephone": {fMobile, 0}, "mobile": {fMobile, 0}, "mobilenumber": {fMobile, 0},
	"cellphone": {fMobile, 0}, "cell": {fMobile, 0}, "portable": {fMobile, 0},
	"telephonemobile": {fMobile, 0}, "telmobile": {fMobile, 0},
	"telephoneportable": {fMobile, 0}, "telportable": {fMobile, 0}, "gsm": {fMobile, 0},

	// notes
	"notes": {fNotes, 0}, "note": {fNotes, 0}, "comments": {fNotes, 0}, "comment": {fNotes, 0},
	"commentaires": {fNotes, 0}, "commentaire": {fNotes, 0}, "remarques": {fNotes, 1},
	"remarque": {fNotes, 1},

	// gender / civility
	"gender": {fGender, 0}, "sexe": {fGender, 0}, "sex": {fGender, 0}, "genre": {fGender, 0},
	"civilite": {fGender, 0}, "civility": {fGender, 0},

	// profile URL
	"url": {fURL, 0}, "profileurl": {fURL, 0}, "linkedin": {fURL, 0},
	"linkedinurl": {fURL, 0}, "linkedinprofile": {fURL, 0}, "profillinkedin": {fURL, 0},
}

// numberedAliases are the numbered headers, "<prefix><N><suffix>" once folded, N from 1 to 1000.
var numberedAliases = []struct {
	prefix, suffix string
	f              field // fNone for Google's phone label/value pairs
}{
	{"email", "value", fEmail},          // Google "E-mail 1 - Value"
	{"email", "address", fEmail},        // Outlook "E-mail 2 Address"
	{"email", "", fEmail},               // "E-mail 2"
	{"emailaddress", "", fEmail},        // "E-mail Address 2"
	{"adressedemessagerie", "", fEmail}, // French Outlook "Adresse de messagerie 2"
	{"organization", "name", fCompany},  // legacy Google "Organization 1 - Name"
	{"organization", "title", fJob},     // legacy Google "Organization 1 - Title"
	{"phone", "value", fNone},           // Google "Phone 1 - Value"
	{"phone", "label", fNone},           // Google "Phone 1 - Label"
	{"phone", "type", fNone},            // legacy Google "Phone 1 - Type"
}

// numberedAlias recognises numbered columns: e-mails ranked by their number after the
// unnumbered ones, Google's "Organization 1 - Name/Title", and Google's phone label/value
// pairs (phone != 0; part is "label" or "value").
func numberedAlias(key string) (a alias, phone int, part string, ok bool) {
	for _, p := range numberedAliases {
		digits, found := strings.CutPrefix(key, p.prefix)
		if !found {
			continue
		}
		digits, found = strings.CutSuffix(digits, p.suffix)
		if !found || digits == "" {
			continue
		}
		n, err := strconv.Atoi(digits)
		if err != nil || n <= 0 || n > 1000 || digits[0] == '0' {
			continue
		}
		if p.f != fNone {
			return alias{p.f, 10 + n}, 0, "", true
		}
		part = "label"
		if p.suffix == "value" {
			part = "value"
		}
		return alias{}, n, part, true
	}
	return alias{}, 0, "", false
}

// foldKey folds a header for the alias table: "E-mail Address" and "e_mail address" are both
// "emailaddress", "Téléphone (bureau)" is "telephonebureau".
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	if isASCII(s) { // most headers: no need to decompose accents
		for i := 0; i < len(s); i++ {
			if c := s[i]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
				b.WriteByte(c)
			} else if c >= 'A' && c <= 'Z' {
				b.WriteByte(c + 'a' - 'A')
			}
		}
		return b.String()
	}
	for _, r := range norm.NFD.String(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
		// Combining accents (category Mn) and punctuation are dropped.
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// column is a column of the file, with its rank among columns of the same field.
type column struct {
	index, rank int
}

// phoneGroup is a Google "Phone N - Label" / "Phone N - Value" pair; -1 when absent.
type phoneGroup struct {
	n, label, value int
}

// maxColumns bounds the columns kept per field, and the phone groups kept. Real exports have
// at most a dozen (Outlook's phones, Google's "Phone N"); without a bound, a crafted header
// repeating "First Name" a million times would cost a million lookups per row.
const maxColumns = 16

// layout says which columns of the file hold which field.
type layout struct {
	cols   [numFields][]int // column indexes, best first, at most maxColumns
	phones []phoneGroup     // in number order, at most maxColumns
	known  int              // recognised columns, to pick the separator
}

func newLayout(headers []string) *layout {
	l := &layout{}
	var ranked [numFields][]column
	phones := map[int]*phoneGroup{}
	for i, h := range headers {
		key := foldKey(h)
		a, ok := aliases[key]
		n, part := 0, ""
		if !ok {
			if a, n, part, ok = numberedAlias(key); !ok {
				continue
			}
		}
		l.known++
		if n == 0 {
			ranked[a.f] = append(ranked[a.f], column{i, a.rank})
			continue
		}
		g := phones[n]
		if g == nil {
			g = &phoneGroup{n: n, label: -1, value: -1}
			phones[n] = g
		}
		if part == "label" {
			g.label = i
		} else {
			g.value = i
		}
	}
	for f := range ranked {
		sort.SliceStable(ranked[f], func(a, b int) bool { return ranked[f][a].rank < ranked[f][b].rank })
		for _, c := range ranked[f][:min(len(ranked[f]), maxColumns)] {
			l.cols[f] = append(l.cols[f], c.index)
		}
	}
	for _, g := range phones {
		l.phones = append(l.phones, *g)
	}
	sort.Slice(l.phones, func(a, b int) bool { return l.phones[a].n < l.phones[b].n })
	l.phones = l.phones[:min(len(l.phones), maxColumns)]
	return l
}

func (l *layout) hasName() bool {
	return len(l.cols[fFirst]) > 0 || len(l.cols[fLast]) > 0 || len(l.cols[fFull]) > 0
}

// get answers the best non-empty cell of a field, cleaned.
func (l *layout) get(rec []string, f field) string {
	for _, i := range l.cols[f] {
		if i < len(rec) {
			if v := cleanValue(rec[i]); v != "" {
				return v
			}
		}
	}
	return ""
}

// contact maps one data row; ok is false when the row has no name.
func (l *layout) contact(rec []string) (c Contact, ok bool) {
	c.FirstName = collapseSpaces(l.get(rec, fFirst))
	c.LastName = collapseSpaces(l.get(rec, fLast))
	if c.FirstName == "" && c.LastName == "" {
		full := collapseSpaces(l.get(rec, fFull))
		if full == "" {
			return Contact{}, false
		}
		// A single word is more likely a family name ("DUPONT") than a first name; with more
		// words, the first one is the first name and the rest keeps the particles ("de La Tour").
		if first, last, found := strings.Cut(full, " "); found {
			c.FirstName, c.LastName = first, last
		} else {
			c.LastName = full
		}
	}

	c.Email = firstOf(l.get(rec, fEmail))
	c.Company = l.get(rec, fCompany)
	c.Job = l.get(rec, fJob)
	c.PhoneNumber = firstOf(l.get(rec, fLandline))
	c.MobileNumber = firstOf(l.get(rec, fMobile))
	c.Notes = l.get(rec, fNotes)
	c.Civility = civilityOf(l.get(rec, fGender))

	// Outlook's "Title" is a courtesy title; in hand-made files it may be the job.
	if title := l.get(rec, fTitle); title != "" {
		if civ, isCourtesy := courtesyTitle(title); isCourtesy {
			if c.Civility == "" {
				c.Civility = civ
			}
		} else if c.Job == "" {
			c.Job = title
		}
	}

	for _, g := range l.phones {
		if g.value < 0 || g.value >= len(rec) {
			continue
		}
		number := firstOf(cleanValue(rec[g.value]))
		if number == "" {
			continue
		}
		label := ""
		if g.label >= 0 && g.label < len(rec) {
			label = foldKey(rec[g.label])
		}
		switch {
		case containsAny(label, "fax", "telecopie", "pager", "bip"):
			// Not a number to call.
		case containsAny(label, "mobile", "cell", "portable", "gsm"):
			if c.MobileNumber == "" {
				c.MobileNumber = number
			}
		default: // work, home, main, other and custom labels
			if c.PhoneNumber == "" {
				c.PhoneNumber = number
			}
		}
	}

	if url := l.get(rec, fURL); isLinkedInProfile(url) {
		c.LinkedIn = url
	} else if url != "" {
		if c.Notes == "" {
			c.Notes = url
		} else {
			c.Notes += "\n" + url
		}
	}
	return c, true
}

// isLinkedInProfile tells a LinkedIn profile address: https://www.linkedin.com/in/… (any
// country subdomain, http or https, with or without www).
func isLinkedInProfile(url string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(url), "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(strings.ToLower(url), "http://"); !ok {
			return false
		}
	}
	host, path, ok := strings.Cut(rest, "/")
	if !ok || len(url) > 2048 || strings.ContainsAny(url, " \t\n\"<>") {
		return false
	}
	if host != "linkedin.com" && !strings.HasSuffix(host, ".linkedin.com") {
		return false
	}
	slug, ok := strings.CutPrefix(path, "in/")
	return ok && strings.Trim(slug, "/") != ""
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// Folded courtesy titles and gender words, with the civility they imply ("" for none).
var courtesyTitles = map[string]string{
	"m": Male, "mr": Male, "monsieur": Male, "mister": Male, "sir": Male,
	"mme": Female, "madame": Female, "mrs": Female, "ms": Female, "miss": Female,
	"mlle": Female, "mademoiselle": Female, "madam": Female,
	"dr": "", "docteur": "", "doctor": "", "pr": "", "prof": "", "professeur": "",
	"professor": "", "me": "", "maitre": "", "mx": "", "rev": "",
}

var genders = map[string]string{
	"f": Female, "female": Female, "femme": Female, "feminin": Female, "w": Female,
	"woman": Female,

	"h": Male, "male": Male, "homme": Male, "masculin": Male, "man": Male,
}

// courtesyTitle answers whether v is a courtesy title, and the civility it implies.
func courtesyTitle(v string) (civility string, ok bool) {
	civility, ok = courtesyTitles[foldKey(v)]
	return civility, ok
}

// civilityOf reads a Gender/Sexe/Civilité cell: "f"/"m" as Write puts them, Outlook's
// "Female"/"Male", French words and courtesy titles. Anything else ("Unspecified") is "".
func civilityOf(v string) string {
	if v == "" {
		return ""
	}
	k := foldKey(v)
	if civ, ok := genders[k]; ok {
		return civ
	}
	return courtesyTitles[k]
}
