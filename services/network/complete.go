package network

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/resource"
)

// An import row whose name is already in the network is not only skipped: when it knows more
// about the contact (a field the contact leaves empty, notes or links it does not have), the
// import offers to complete the contact with it — a merge that never overwrites what the
// candidate wrote.

// networkByKey answers the owner's contacts by duplicate key (last name + first name, folded),
// the first one added for a key shared by several.
func networkByKey(ctx context.Context, client *ent.Client, owner uuid.UUID) (map[string]*ent.Contact, error) {
	all, err := client.Contact.Query().Where(contact.OwnerID(owner)).Order(contact.ByCreatedAt(), contact.ByID()).
		Select(contact.FieldID, contact.FieldFirstName, contact.FieldLastName, contact.FieldSortKey, contact.FieldEmail,
			contact.FieldPhoneNumber, contact.FieldMobileNumber, contact.FieldCompany, contact.FieldJob, contact.FieldCivility,
			contact.FieldComments, contact.FieldResources).
		All(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*ent.Contact, len(all))
	for _, c := range all {
		if _, ok := out[c.SortKey]; !ok {
			out[c.SortKey] = c
		}
	}
	return out, nil
}

// completes answers the fields a normalised import row adds to an existing contact.
func completes(c *ent.Contact, in *networkv1.ImportedContact) []string {
	var out []string
	fill := func(name, have, added string) {
		if strings.TrimSpace(have) == "" && added != "" {
			out = append(out, name)
		}
	}
	fill("email", c.Email, in.GetEmail())
	fill("mobile_number", c.MobileNumber, in.GetMobileNumber())
	fill("phone_number", c.PhoneNumber, in.GetPhoneNumber())
	fill("company", c.Company, in.GetCompany())
	fill("job", c.Job, in.GetJob())
	if c.Civility == nil && in.GetCivility() != commonv1.Civility_CIVILITY_UNSPECIFIED {
		out = append(out, "civility")
	}
	if notes := in.GetComments(); notes != "" && !strings.Contains(c.Comments, notes) {
		out = append(out, "comments")
	}
	for _, r := range in.GetResources() {
		if !hasLink(c.Resources, r.GetUrl()) {
			out = append(out, "resources")
			break
		}
	}
	return out
}

func hasLink(links []resource.Resource, url string) bool {
	for _, l := range links {
		if l.URL == url {
			return true
		}
	}
	return false
}

// complete fills the contact's empty fields with the row's, adds its notes and the links it
// lacks (within the cap), and answers whether anything changed. Nothing is overwritten.
func complete(ctx context.Context, client *ent.Client, c *ent.Contact, in *networkv1.ImportedContact) (bool, error) {
	fields := completes(c, in)
	if len(fields) == 0 {
		return false, nil
	}
	update := client.Contact.UpdateOneID(c.ID)
	for _, f := range fields {
		switch f {
		case "email":
			update.SetEmail(in.GetEmail())
		case "mobile_number":
			update.SetMobileNumber(in.GetMobileNumber())
		case "phone_number":
			update.SetPhoneNumber(in.GetPhoneNumber())
		case "company":
			update.SetCompany(in.GetCompany())
		case "job":
			update.SetJob(in.GetJob())
		case "civility":
			update.SetCivility(contact.Civility(enums.Spec(in.GetCivility())))
		case "comments":
			notes := in.GetComments()
			if strings.TrimSpace(c.Comments) != "" {
				notes = c.Comments + "\n\n" + notes
			}
			update.SetComments(contacts.Truncate(notes, maxComments))
		case "resources":
			links, _ := resource.Add(c.Resources, resource.FromProto(in.GetResources()))
			if len(links) > resource.Max {
				links = links[:max(resource.Max, len(c.Resources))]
			}
			update.SetResources(links)
		}
	}
	return true, update.Exec(ctx)
}
