//go:build ignore

// gen_testdata writes the wide sample files (Google Contacts, Outlook), whose ~90 columns are
// error-prone to type by hand, from the real export headers and a few cells per row. It also
// writes the French Outlook file as Excel re-saves it: semicolons, CRLF, Windows-1252 bytes.
//
//	cd internal/contactcsv/testdata && go run gen_testdata.go
package main

import (
	"bytes"
	"encoding/csv"
	"log"
	"os"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

func main() {
	writeGoogle()
	writeGoogleLegacy()
	writeOutlookEN()
	writeOutlookFR()
}

type row map[string]string

// cells answers the row in header order; it fails on a column name that is not in the header,
// so a typo cannot silently drop a cell.
func cells(header []string, r row) []string {
	out := make([]string, len(header))
	used := 0
	for i, h := range header {
		if v, ok := r[h]; ok {
			out[i] = v
			used++
		}
	}
	if used != len(r) {
		log.Fatalf("row %v names a column not in the header", r)
	}
	return out
}

func writeCSV(name string, header []string, rows []row, comma rune, crlf bool) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Comma = comma
	w.UseCRLF = crlf
	w.Write(header)
	for _, r := range rows {
		w.Write(cells(header, r))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		log.Fatal(err)
	}
	return b.Bytes()
}

func save(name string, data []byte) {
	if err := os.WriteFile(name, data, 0o644); err != nil {
		log.Fatal(err)
	}
}

func writeGoogle() {
	header := strings.Split("First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Phone 3 - Label,Phone 3 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Website 1 - Label,Website 1 - Value", ",")
	rows := []row{
		{
			"First Name": "Camille", "Last Name": "Durand", "Organization Name": "Orange",
			"Organization Title": "Responsable RH", "Organization Department": "Ressources humaines",
			"Notes": "Rencontrée au salon de l'emploi", "Labels": "* myContacts",
			"E-mail 1 - Label": "* Work", "E-mail 1 - Value": "camille.durand@orange.example",
			"E-mail 2 - Label": "Home", "E-mail 2 - Value": "camille@gmail.example",
			"Phone 1 - Label": "Mobile", "Phone 1 - Value": "+33 6 12 34 56 78",
			"Phone 2 - Label": "Work", "Phone 2 - Value": "+33 1 44 55 66 77",
			"Address 1 - Label": "Work", "Address 1 - City": "Paris",
			"Address 1 - Formatted": "111 quai du Président Roosevelt\n92130 Issy-les-Moulineaux",
		},
		{
			"First Name": "Pierre", "Middle Name": "Marie", "Last Name": "Lambert",
			"Name Prefix": "M.", "Organization Name": "Michelin", "Labels": "* myContacts ::: Réseau",
			"E-mail 1 - Label": "* Work", "E-mail 1 - Value": "pierre.lambert@michelin.example ::: p.lambert@michelin.example",
			"Phone 1 - Label": "Work Fax", "Phone 1 - Value": "04 73 00 00 00",
			"Phone 2 - Label": "Home", "Phone 2 - Value": "04 73 12 34 56",
			"Phone 3 - Label": "Main", "Phone 3 - Value": "04 73 98 76 54",
		},
		{
			// A company-only entry: no name, skipped.
			"Organization Name": "La Poste", "Labels": "* myContacts",
			"Phone 1 - Label": "Work", "Phone 1 - Value": "3631",
		},
		{
			"First Name": "Anne-Sophie", "Last Name": "Moreau", "Labels": "* myContacts",
			"Notes":           "Ancienne manager.\nPrête à me recommander.",
			"Phone 1 - Label": "* Mobile", "Phone 1 - Value": "06 98 76 54 32 ::: 07 11 22 33 44",
			"Website 1 - Label": "Profile", "Website 1 - Value": "https://www.linkedin.com/in/asmoreau",
		},
	}
	save("google_contacts.csv", writeCSV("google_contacts.csv", header, rows, ',', false))
}

func writeGoogleLegacy() {
	header := strings.Split("Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,Family Name Yomi,Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,Location,Billing Information,Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,Notes,Language,Photo,Group Membership,E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Organization 1 - Type,Organization 1 - Name,Organization 1 - Yomi Name,Organization 1 - Title,Organization 1 - Department,Organization 1 - Symbol,Organization 1 - Location,Organization 1 - Job Description,Website 1 - Type,Website 1 - Value", ",")
	rows := []row{
		{
			"Name": "Nathalie Roux", "Given Name": "Nathalie", "Family Name": "Roux",
			"Gender": "female", "Group Membership": "* My Contacts",
			"E-mail 1 - Type": "* Work", "E-mail 1 - Value": "nathalie.roux@example.fr",
			"Phone 1 - Type": "Work", "Phone 1 - Value": "01 23 45 67 89",
			"Phone 2 - Type": "Mobile", "Phone 2 - Value": "06 11 22 33 44",
			"Organization 1 - Type": "Work", "Organization 1 - Name": "Crédit Agricole",
			"Organization 1 - Title": "Analyste crédit", "Organization 1 - Job Description": "Risques",
		},
		{
			// Only the full name is filled in: split at the first space.
			"Name": "Thomas  Petit", "Group Membership": "* My Contacts",
			"E-mail 1 - Type": "Home", "E-mail 1 - Value": "thomas.petit@example.com",
			"Occupation": "Consultant",
		},
		{
			// A single word: taken as the last name.
			"Name": "Madonna", "Group Membership": "* My Contacts",
			"Phone 1 - Type": "Pager", "Phone 1 - Value": "0 800 00 00 00",
			"Phone 2 - Type": "Other", "Phone 2 - Value": "+1 212 555 0100",
		},
	}
	save("google_contacts_legacy.csv", writeCSV("google_contacts_legacy.csv", header, rows, ',', false))
}

// outlookENHeader is the header of Outlook's "Comma Separated Values" export (Outlook.com and
// Outlook for Windows since 2013), which quotes every field.
const outlookENHeader = `First Name,Middle Name,Last Name,Title,Suffix,Initials,Web Page,Gender,Birthday,Anniversary,Location,Language,Internet Free Busy,Notes,E-mail Address,E-mail Type,E-mail Display Name,E-mail 2 Address,E-mail 2 Type,E-mail 2 Display Name,E-mail 3 Address,E-mail 3 Type,E-mail 3 Display Name,Primary Phone,Home Phone,Home Phone 2,Mobile Phone,Pager,Home Fax,Home Address,Home Street,Home Street 2,Home Street 3,Home Address PO Box,Home City,Home State,Home Postal Code,Home Country,Spouse,Children,Manager's Name,Assistant's Name,Referred By,Company Main Phone,Business Phone,Business Phone 2,Business Fax,Assistant's Phone,Company,Job Title,Department,Office Location,Organizational ID Number,Profession,Account,Business Address,Business Street,Business Street 2,Business Street 3,Business Address PO Box,Business City,Business State,Business Postal Code,Business Country,Other Phone,Other Fax,Other Address,Other Street,Other Street 2,Other Street 3,Other Address PO Box,Other City,Other State,Other Postal Code,Other Country,Callback,Car Phone,ISDN Phone,Radio Phone,TTY/TDD Phone,Telex,User 1,User 2,User 3,User 4,Keywords,Mileage,Hobby,Billing Information,Directory Server,Sensitivity,Priority,Private,Categories`

func quoteAll(fields []string) string {
	q := make([]string, len(fields))
	for i, f := range fields {
		q[i] = `"` + strings.ReplaceAll(f, `"`, `""`) + `"`
	}
	return strings.Join(q, ",") + "\r\n"
}

func writeOutlookEN() {
	header := strings.Split(outlookENHeader, ",")
	rows := []row{
		{
			"Title": "Mrs.", "First Name": "Claire", "Middle Name": "A.", "Last Name": "Bernard",
			"Gender": "Unspecified", "Company": "BNP Paribas", "Department": "IT",
			"Job Title": "Engineering Manager", "Profession": "Engineer",
			"Home Phone": "+33 1 40 00 00 01", "Business Phone": "+33 1 40 14 45 46",
			"Mobile Phone": "+33 6 01 02 03 04", "E-mail Address": "claire.bernard@example.com",
			"E-mail Type": "SMTP", "E-mail Display Name": "Claire Bernard (claire.bernard@example.com)",
			"Notes": "Met at VivaTech.\r\nFollow up in June, re: \"data\" team.", "Sensitivity": "Normal",
			"Priority": "Normal", "Private": "False",
		},
		{
			"First Name": "David", "Last Name": "Cohen", "Gender": "Male",
			"Home Phone": "01 45 67 89 10", "E-mail 2 Address": "david.cohen@example.org",
			"E-mail 2 Type": "SMTP", "Sensitivity": "Normal", "Priority": "Normal", "Private": "False",
		},
		{
			"Title": "Dr.", "Last Name": "Okafor", "Gender": "Female",
			"Job Title": "Chief Medical Officer", "Profession": "Physician",
			"Business Phone 2": "+44 20 7946 0958", "Other Phone": "+44 20 7946 0000",
			"Sensitivity": "Normal", "Priority": "Normal", "Private": "False",
		},
		{
			// Company-only entry: skipped.
			"Company": "Acme Corp", "Business Phone": "+1 555 0100", "Sensitivity": "Normal",
			"Priority": "Normal", "Private": "False",
		},
	}
	var b strings.Builder
	b.WriteString(quoteAll(header))
	for _, r := range rows {
		b.WriteString(quoteAll(cells(header, r)))
	}
	save("outlook_en.csv", []byte(b.String()))
}

func writeOutlookFR() {
	header := strings.Split("Titre;Prénom;Deuxième prénom;Nom;Suffixe;Société;Service;Fonction;Rue (bureau);Ville (bureau);Code postal (bureau);Pays/Région (bureau);Télécopie (bureau);Téléphone (bureau);Téléphone 2 (bureau);Standard société;Téléphone (domicile);Téléphone mobile;Téléphone (autre);Adresse de messagerie;Type de messagerie;Nom complet de l'adresse de messagerie;Adresse de messagerie 2;Anniversaire;Catégories;Notes;Sexe;Page Web", ";")
	rows := []row{
		{
			"Titre": "M.", "Prénom": "François", "Nom": "Müller", "Société": "L'Oréal",
			"Fonction": "Chef de projet", "Ville (bureau)": "Clichy",
			"Téléphone (bureau)": "01 47 56 70 00", "Téléphone mobile": "06 07 08 09 10",
			"Adresse de messagerie": "francois.muller@example.fr", "Type de messagerie": "SMTP",
			"Nom complet de l'adresse de messagerie": "François Müller (francois.muller@example.fr)",
			"Notes":                                  "Salaire visé : 45 k€ ; relancer en mai", "Sexe": "Masculin",
		},
		{
			"Titre": "Mme", "Prénom": "Gaëlle", "Nom": "Le Bihan", "Société": "Crédit Mutuel Arkéa",
			"Téléphone (domicile)": "02 98 00 00 00", "Standard société": "02 98 00 00 01",
			"Adresse de messagerie 2": "gaelle.lebihan@example.fr", "Sexe": "Non spécifié",
		},
		{
			"Prénom": "Jérôme", "Nom": "Cœurdacier", "Société": "Œuvre d'Orient",
			"Fonction": "Trésorier", "Adresse de messagerie": "jerome@example.org",
			"Téléphone (autre)": "+33 1 45 48 54 38",
		},
		{
			// No name: skipped.
			"Société": "Pôle emploi", "Téléphone (bureau)": "3949",
		},
	}
	utf8 := writeCSV("outlook_fr_semicolon_cp1252.csv", header, rows, ';', true)
	cp1252, err := charmap.Windows1252.NewEncoder().Bytes(utf8)
	if err != nil {
		log.Fatal(err)
	}
	save("outlook_fr_semicolon_cp1252.csv", cp1252)
}
