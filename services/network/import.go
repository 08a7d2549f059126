package network

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"slices"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contactcsv"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/contactvcard"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/resource"
)

// Limits of ImportedContact, in characters (its protovalidate max_len).
const (
	maxName     = 100
	maxText     = 200
	maxEmail    = 254
	maxPhone    = 40
	maxComments = 5000
	maxURL      = 2048 // tremplin.common.v1.Resource
)

// fileOf answers the file of an upload: the "file" part of a multipart/form-data body (or its
// first file part), or the body itself (text/csv, text/vcard, or any other type: the content
// decides).
func fileOf(body *httpbody.HttpBody) (io.Reader, error) {
	mediaType, params, _ := mime.ParseMediaType(body.GetContentType())
	if mediaType != "multipart/form-data" {
		return bytes.NewReader(body.GetData()), nil
	}
	mr := multipart.NewReader(bytes.NewReader(body.GetData()), params["boundary"])
	for {
		part, err := mr.NextPart()
		if err != nil { // io.EOF: no file in the form
			return nil, errImportInvalidFile()
		}
		if part.FormName() == "file" || part.FileName() != "" {
			return part, nil
		}
	}
}

// ImportContacts reads a contacts CSV (LinkedIn, Google, Outlook, the template…) and answers
// the contacts not yet in the network, normalised, for the candidate to pick from. Nothing is
// saved. Premium (declared on the RPC).
func (s *Service) ImportContacts(ctx context.Context, req *networkv1.ImportContactsRequest) (*networkv1.ImportContactsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	file, err := fileOf(req.GetFile())
	if err != nil {
		return nil, err
	}
	found, nameless, err := readImport(file)
	if err != nil {
		return nil, err
	}
	known, err := networkByKey(ctx, s.Client, v.UserID)
	if err != nil {
		return nil, err
	}
	skipped := &networkv1.ImportSkipped{NoName: int32(nameless)}
	seen := make(map[string]bool, len(found))
	out := make([]*networkv1.ImportedContact, 0, len(found))
	completions := []*networkv1.ImportCompletion{}
	for _, c := range found {
		c = normalizeImported(c)
		key := contacts.SortKey(c.GetFirstName(), c.GetLastName())
		existing := known[key]
		switch {
		case c.GetFirstName() == "" && c.GetLastName() == "":
			skipped.NoName++
			continue
		case seen[key]:
			skipped.DuplicateInFile++
			continue
		case existing != nil:
			seen[key] = true
			// Already in the network: offered to complete it when the row knows more.
			if fields := completes(existing, c); len(fields) > 0 {
				completions = append(completions, &networkv1.ImportCompletion{ContactId: existing.ID.String(),
					FirstName: existing.FirstName, LastName: existing.LastName, Incoming: c, Fields: fields})
			} else {
				skipped.AlreadyInNetwork++
			}
			continue
		}
		seen[key] = true // the next rows with this name are duplicates
		out = append(out, c)
	}
	return &networkv1.ImportContactsResponse{ImportedContacts: out, Skipped: skipped, Completions: completions}, nil
}

// readImport reads an import file: a vCard file when it starts with BEGIN:VCARD, a contacts CSV
// otherwise. It answers the named contacts, as the file has them, and the count of those
// without a name.
func readImport(file io.Reader) ([]*networkv1.ImportedContact, int, error) {
	br := bufio.NewReader(file)
	head, _ := br.Peek(512) // a shorter file answers what it has
	if contactvcard.Sniff(head) {
		return readVCards(br)
	}
	return readCSV(br)
}

func readCSV(file io.Reader) ([]*networkv1.ImportedContact, int, error) {
	parsed, err := contactcsv.ParseFile(file, contactcsv.Limits{})
	switch {
	case errors.Is(err, contactcsv.ErrTooLarge):
		return nil, 0, apierr.FileTooLarge()
	case errors.Is(err, contactcsv.ErrTooManyRows):
		return nil, 0, errImportTooManyRows()
	case err != nil:
		// Not a contacts CSV, or a broken multipart body.
		return nil, 0, errImportInvalidFile()
	}
	out := make([]*networkv1.ImportedContact, 0, len(parsed.Contacts))
	for _, p := range parsed.Contacts {
		c := &networkv1.ImportedContact{
			FirstName: p.FirstName, LastName: p.LastName, Company: p.Company, Job: p.Job,
			Email: p.Email, PhoneNumber: p.PhoneNumber, MobileNumber: p.MobileNumber,
			Comments: p.Notes, Civility: enums.Parse[commonv1.Civility](p.Civility),
		}
		if p.LinkedIn != "" {
			c.Resources = []*commonv1.Resource{{Label: contactvcard.LinkedInLabel, Url: p.LinkedIn}}
		}
		out = append(out, c)
	}
	return out, parsed.Nameless, nil
}

// readVCards reads a vCard file. A card has one e-mail, one mobile and one landline in the
// network: the preferred ones (or the first); the others, and fax or pager numbers, go to the
// notes, so that nothing the file holds is lost.
func readVCards(file io.Reader) ([]*networkv1.ImportedContact, int, error) {
	parsed, err := contactvcard.Parse(file, contactvcard.Limits{})
	switch {
	case errors.Is(err, contactvcard.ErrTooLarge):
		return nil, 0, apierr.FileTooLarge()
	case errors.Is(err, contactvcard.ErrTooManyCards):
		return nil, 0, errImportTooManyRows()
	case err != nil:
		return nil, 0, errImportInvalidFile()
	}
	out := make([]*networkv1.ImportedContact, 0, len(parsed.Cards))
	for _, card := range parsed.Cards {
		var notes []string
		if card.Notes != "" {
			notes = append(notes, card.Notes)
		}
		first := func(values []string, label string) string {
			if len(values) == 0 {
				return ""
			}
			for _, v := range values[1:] {
				notes = append(notes, label+" : "+v)
			}
			return values[0]
		}
		c := &networkv1.ImportedContact{
			FirstName: card.FirstName, LastName: card.LastName, Company: card.Company, Job: card.Job,
			Civility:     enums.Parse[commonv1.Civility](card.Civility),
			Email:        first(card.Emails, "E-mail"),
			MobileNumber: first(card.Mobiles, "Mobile"),
			PhoneNumber:  first(card.Landlines, "Téléphone"),
		}
		notes = append(notes, card.OtherPhones...)
		c.Comments = strings.Join(notes, "\n")
		for _, l := range card.Links {
			c.Resources = append(c.Resources, &commonv1.Resource{Label: l.Label, Url: l.URL})
		}
		out = append(out, c)
	}
	return out, parsed.Nameless, nil
}

// networkKeys answers the duplicate keys (last name + first name, folded) of the owner's
// contacts.
func networkKeys(ctx context.Context, client *ent.Client, owner uuid.UUID) (map[string]bool, error) {
	keys, err := client.Contact.Query().Where(contact.OwnerID(owner)).Select(contact.FieldSortKey).Strings(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out, nil
}

// normalizeImported applies the contact rules to a contact from a file, which is taken as it
// comes rather than refused: names collapsed, the last name cleaned of what the rule forbids
// and upper-cased; phones with dots turned into spaces; a phone or e-mail that still breaks its
// rule moves to the notes (nothing is lost); every field cut to ImportedContact's limits.
func normalizeImported(in *networkv1.ImportedContact) *networkv1.ImportedContact {
	out := &networkv1.ImportedContact{
		FirstName: contacts.Truncate(contacts.Collapse(in.GetFirstName()), maxName),
		LastName:  contacts.Truncate(contacts.CleanLastName(in.GetLastName()), maxName),
		Company:   contacts.Truncate(contacts.Collapse(in.GetCompany()), maxText),
		Job:       contacts.Truncate(contacts.Collapse(in.GetJob()), maxText),
		Civility:  in.GetCivility(),
	}
	var notes []string
	if c := strings.TrimSpace(in.GetComments()); c != "" {
		notes = append(notes, c)
	}
	// Links: those that are web or mail addresses, up to the cap of an item; the rest of a
	// card's addresses is kept in the notes.
	for _, r := range resource.FromProto(in.GetResources()) {
		if len(out.Resources) < resource.Max && len(r.URL) <= maxURL {
			out.Resources = append(out.Resources, &commonv1.Resource{Label: contacts.Truncate(r.Label, maxText), Url: r.URL})
		} else {
			notes = append(notes, r.Label+" : "+r.URL)
		}
	}
	email := strings.TrimSpace(in.GetEmail())
	if contacts.EmailOK(email) {
		out.Email = email
	} else {
		notes = append(notes, "E-mail : "+email)
	}
	phone := func(raw, label string) string {
		p, ok := contacts.NormalizeImportedPhone(raw)
		if ok && len(p) <= maxPhone {
			return p
		}
		notes = append(notes, label+" : "+strings.TrimSpace(raw))
		return ""
	}
	out.PhoneNumber = phone(in.GetPhoneNumber(), "Téléphone")
	out.MobileNumber = phone(in.GetMobileNumber(), "Mobile")
	out.Comments = contacts.Truncate(strings.Join(notes, "\n"), maxComments)
	return out
}

var bulkRoot = (&networkv1.BulkCreateContactsRequest{}).ProtoReflect().Descriptor()

// BulkCreateContacts saves the contacts picked after an import, in one transaction: origin
// "import", rank 1, status from reachability, the same normalisation as the import. Contacts
// already in the network (by last name + first name) and repeats in the request are skipped.
// Premium (declared on the RPC).
func (s *Service) BulkCreateContacts(ctx context.Context, req *networkv1.BulkCreateContactsRequest) (*networkv1.BulkCreateContactsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	picked := make([]*networkv1.ImportedContact, 0, len(req.GetContacts()))
	for i, in := range req.GetContacts() {
		c := normalizeImported(in)
		if c.GetFirstName() == "" && c.GetLastName() == "" {
			return nil, apierr.InvalidField(bulkRoot, fmt.Sprintf("contacts[%d].last_name", i), "contact.name.required", apierr.Required)
		}
		picked = append(picked, c)
	}
	type completion struct {
		id uuid.UUID
		c  *networkv1.ImportedContact
	}
	var fills []completion
	for i, in := range req.GetCompletions() {
		id, err := apierr.ID(in.GetContactId(), apierr.Contact)
		if err != nil {
			return nil, err
		}
		c := normalizeImported(in.GetContact())
		if c.GetFirstName() == "" && c.GetLastName() == "" {
			return nil, apierr.InvalidField(bulkRoot, fmt.Sprintf("completions[%d].contact.last_name", i), "contact.name.required", apierr.Required)
		}
		fills = append(fills, completion{id, c})
	}
	now := s.Now()
	res := &networkv1.BulkCreateContactsResponse{CreatedContacts: []*networkv1.Contact{}, CompletedContacts: []*networkv1.Contact{}}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		if err := lockNetwork(ctx, tx, v.UserID); err != nil {
			return err
		}
		known, err := networkKeys(ctx, client, v.UserID)
		if err != nil {
			return err
		}
		var builders []*ent.ContactCreate
		for _, c := range picked {
			key := contacts.SortKey(c.GetFirstName(), c.GetLastName())
			if known[key] {
				continue
			}
			known[key] = true
			b := client.Contact.Create().SetOwnerID(v.UserID).SetRank(1).SetOrigin(OriginImport).SetCreatedAt(now).
				SetFirstName(c.GetFirstName()).SetLastName(c.GetLastName()).
				SetCompany(c.GetCompany()).SetJob(c.GetJob()).SetEmail(c.GetEmail()).
				SetPhoneNumber(c.GetPhoneNumber()).SetMobileNumber(c.GetMobileNumber()).
				SetComments(c.GetComments()).SetResources(resource.FromProto(c.GetResources()))
			if spec := enums.Spec(c.GetCivility()); spec != "" {
				b.SetCivility(contact.Civility(spec))
			}
			builders = append(builders, b)
		}
		// Bounded statements: 20-odd columns × 500 rows stays under both dialects' parameter
		// limits.
		for chunk := range slices.Chunk(builders, 500) {
			created, err := client.Contact.CreateBulk(chunk...).Save(ctx)
			if err != nil {
				return err
			}
			for _, c := range created {
				p := toProto(c, fullView, nil)
				p.IsDeletable = true // new or incomplete, with no activity yet
				res.CreatedContacts = append(res.CreatedContacts, p)
			}
		}
		var completed []uuid.UUID
		if len(fills) > 0 {
			// The contacts to complete, read at once: another's is unknown.
			ids := make([]uuid.UUID, len(fills))
			for i, f := range fills {
				ids[i] = f.id
			}
			found, err := client.Contact.Query().Where(contact.OwnerID(v.UserID), contact.IDIn(ids...)).All(ctx)
			if err != nil {
				return err
			}
			byID := make(map[uuid.UUID]*ent.Contact, len(found))
			for _, c := range found {
				byID[c.ID] = c
			}
			done := make(map[uuid.UUID]bool, len(fills))
			for _, f := range fills {
				if done[f.id] {
					continue // a contact named twice: completed by its first row
				}
				done[f.id] = true
				c, ok := byID[f.id]
				if !ok {
					return apierr.NotFound(apierr.Contact)
				}
				changed, err := complete(ctx, client, c, f.c)
				if err != nil {
					return err
				}
				if changed {
					completed = append(completed, f.id)
				}
			}
		}
		if len(completed) > 0 {
			res.CompletedContacts, err = presentContacts(ctx, client, v.UserID, fullView, contact.IDIn(completed...))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
