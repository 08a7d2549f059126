package network

import (
	"bytes"
	"context"
	"strings"
	"time"

	"connectrpc.com/connect"
	"entgo.io/ent/dialect/sql"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/predicate"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contactcsv"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/contactvcard"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// ExportContacts answers the network as the spec's CSV (First Name, Last Name, Notes, E-mail
// Address, Business Phone, Mobile Phone, Company, Job Title, Gender f / m), in the list's
// order, as a download named contacts-tremplin-YYYY-MM-DD.csv (the candidate's date).
func (s *Service) ExportContacts(ctx context.Context, _ *networkv1.ExportContactsRequest) (*networkv1.ExportContactsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	all, err := s.exported(ctx, v)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := contactcsv.Write(&buf, contactcsv.Rows(all)); err != nil {
		return nil, err
	}
	filename, err := s.datedFilename(ctx, v, ".csv")
	if err != nil {
		return nil, err
	}
	attach(ctx, filename)
	return &networkv1.ExportContactsResponse{
		File:     &httpbody.HttpBody{ContentType: "text/csv; charset=utf-8", Data: buf.Bytes()},
		Filename: filename,
	}, nil
}

// ExportVCards answers the network (contacts-tremplin-YYYY-MM-DD.vcf), or one contact
// (« claire-bernard.vcf »), as vCard 4.0. Premium (declared on the RPC).
func (s *Service) ExportVCards(ctx context.Context, req *networkv1.ExportVCardsRequest) (*networkv1.ExportVCardsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	id, err := apierr.OptionalID(req.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	var only []predicate.Contact
	if id != nil {
		only = append(only, contact.ID(*id))
	}
	all, err := s.exported(ctx, v, only...)
	if err != nil {
		return nil, err
	}
	var filename string
	switch {
	case id != nil && len(all) == 0:
		return nil, apierr.NotFound(apierr.Contact)
	case id != nil:
		filename = cardFilename(all[0])
	default:
		if filename, err = s.datedFilename(ctx, v, ".vcf"); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if err := contactvcard.Write(&buf, contactvcard.Cards(all)); err != nil {
		return nil, err
	}
	attach(ctx, filename)
	return &networkv1.ExportVCardsResponse{
		File:     &httpbody.HttpBody{ContentType: "text/vcard; charset=utf-8", Data: buf.Bytes()},
		Filename: filename,
	}, nil
}

// exported answers the owner's contacts (those matching where), in the list's order.
func (s *Service) exported(ctx context.Context, v *viewer.Viewer, where ...predicate.Contact) ([]*ent.Contact, error) {
	q := s.Client.Contact.Query().Where(contact.OwnerID(v.UserID)).Where(where...)
	q.Modify(func(sel *sql.Selector) {
		contacts.OrderBySortKey(sel, sel.C(contact.FieldSortKey), sel.C(contact.FieldID))
	})
	return q.All(ctx)
}

// datedFilename is contacts-tremplin-YYYY-MM-DD and ext, the candidate's date.
func (s *Service) datedFilename(ctx context.Context, v *viewer.Viewer, ext string) (string, error) {
	u, err := s.CurrentUser(ctx, v)
	if err != nil {
		return "", err
	}
	return "contacts-tremplin-" + s.Now().In(users.LocationOf(u)).Format(time.DateOnly) + ext, nil
}

// cardFilename is a contact's name as a file name: « Marie-Hélène de La Tour » is
// marie-helene-de-la-tour.vcf (ASCII, so that every browser and phone keeps it).
func cardFilename(c *ent.Contact) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		default:
			return '-'
		}
	}, contacts.Fold(c.FirstName+" "+c.LastName))
	name = strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == '-' }), "-")
	if name == "" {
		name = "contact"
	}
	return name + ".vcf"
}

// attach makes the answer a download under filename on the JSON route.
func attach(ctx context.Context, filename string) {
	if call, ok := connect.CallInfoForHandlerContext(ctx); ok {
		call.ResponseHeader().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	}
}
