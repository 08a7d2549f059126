package contactcsv

import "github.com/tremplin/tremplin/ent"

// Rows are contacts as the export writes them: the network's CSV download and the contacts.csv
// of a candidate's copy of their data (internal/accounts).
func Rows(contacts []*ent.Contact) []Contact {
	rows := make([]Contact, 0, len(contacts))
	for _, c := range contacts {
		row := Contact{
			FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Company: c.Company, Job: c.Job,
			PhoneNumber: c.PhoneNumber, MobileNumber: c.MobileNumber, Notes: c.Comments,
		}
		if c.Civility != nil {
			row.Civility = string(*c.Civility) // the same spec strings (male, female, other)
		}
		rows = append(rows, row)
	}
	return rows
}
