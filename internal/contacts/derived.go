package contacts

import (
	"context"
	"errors"
	"fmt"

	"entgo.io/ent"

	entgen "github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/hook"
)

// DerivedFieldsHook is the one writer of a contact's derived fields: the search key and the
// sort key (from the names and the company), the mobile key (the mobile number's digits, for
// search) and the reachability part of the status (incomplete ⇄ new). Every creation and edit goes through it — the contact form, the import,
// the demo seed — so no writer can forget one or compute it differently.
//
//   - Creation: keys from the names and company (search, sort, company); the status is incomplete without phone,
//     mobile or e-mail, new with one — unless the writer sets engaged or thanked (the demo
//     seed), which are kept.
//   - Edit of one contact: keys again when a name or the company is set, the mobile key when
//     the mobile number is; when a phone,
//     mobile, e-mail or the status is set, incomplete ⇄ new follows reachability (engaged
//     and thanked are kept).
//   - Bulk edits may not touch those sources (they could not be derived row by row): such a
//     mutation is refused, an error for the programmer, never for a user.
func DerivedFieldsHook() ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return hook.ContactFunc(func(ctx context.Context, m *entgen.ContactMutation) (entgen.Value, error) {
			var err error
			switch {
			case m.Op().Is(ent.OpCreate):
				deriveOnCreate(m)
			case m.Op().Is(ent.OpUpdateOne):
				err = deriveOnUpdateOne(ctx, m)
			case m.Op().Is(ent.OpUpdate) && touchesSources(m):
				err = errors.New("contacts: a bulk update may not change names, company, phones or e-mail (their derived fields are written per contact)")
			}
			if err != nil {
				return nil, err
			}
			return next.Mutate(ctx, m)
		})
	}, ent.OpCreate|ent.OpUpdate|ent.OpUpdateOne)
}

// keySources and reachSources are the fields the keys and the reachability derive from, in the
// order deriveOnUpdateOne reads them.
var keySources = []string{contact.FieldFirstName, contact.FieldLastName, contact.FieldCompany}
var reachSources = []string{contact.FieldEmail, contact.FieldPhoneNumber, contact.FieldMobileNumber}

func touchesSources(m *entgen.ContactMutation) bool {
	return anySet(m, keySources) || anySet(m, reachSources)
}

func deriveOnCreate(m *entgen.ContactMutation) {
	first, _ := m.FirstName()
	last, _ := m.LastName()
	company, _ := m.Company()
	m.SetSearchKey(SearchKey(first, last, company))
	m.SetSortKey(SortKey(first, last))
	m.SetCompanyKey(CompanyKey(company))
	mobile, _ := m.MobileNumber()
	m.SetMobileKey(PhoneKey(mobile))
	// The schema's default (incomplete) is set before hooks run: incomplete and new follow
	// reachability whoever set them, engaged and thanked are the writer's (the demo seed).
	status, _ := m.Status()
	email, _ := m.Email()
	phone, _ := m.PhoneNumber()
	m.SetStatus(StatusAfterEdit(status, Reachable(email, phone, mobile)))
}

func deriveOnUpdateOne(ctx context.Context, m *entgen.ContactMutation) error {
	// values answers the fields' new values where the mutation sets them, else the stored ones.
	values := func(fields []string) ([]string, error) {
		out := make([]string, len(fields))
		for i, field := range fields {
			v, set := m.Field(field)
			if !set {
				var err error
				if v, err = m.OldField(ctx, field); err != nil {
					return nil, fmt.Errorf("contacts: reading the stored %s: %w", field, err)
				}
			}
			out[i] = v.(string)
		}
		return out, nil
	}
	if anySet(m, keySources) {
		keys, err := values(keySources)
		if err != nil {
			return err
		}
		first, last, company := keys[0], keys[1], keys[2]
		m.SetSearchKey(SearchKey(first, last, company))
		m.SetSortKey(SortKey(first, last))
		m.SetCompanyKey(CompanyKey(company))
	}
	if mobile, set := m.MobileNumber(); set {
		m.SetMobileKey(PhoneKey(mobile))
	}
	if status, statusSet := m.Status(); anySet(m, reachSources) || statusSet {
		reach, err := values(reachSources)
		if err != nil {
			return err
		}
		email, phone, mobile := reach[0], reach[1], reach[2]
		if !statusSet {
			if status, err = m.OldStatus(ctx); err != nil {
				return fmt.Errorf("contacts: reading the stored status: %w", err)
			}
		}
		m.SetStatus(StatusAfterEdit(status, Reachable(email, phone, mobile)))
	}
	return nil
}

func anySet(m *entgen.ContactMutation, fields []string) bool {
	for _, f := range fields {
		if _, set := m.Field(f); set {
			return true
		}
	}
	return false
}
