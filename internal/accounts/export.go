package accounts

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"time"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/personallink"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/contactcsv"
	"github.com/tremplin/tremplin/internal/contacts"
)

// Copy is everything a candidate owns, as donnees.json holds it: the database's own records
// (ent's field names), secrets left out by the schema (`Sensitive` fields: the password hash,
// link tokens). An application's contacts and a contact's tags are listed by id and name.
type Copy struct {
	ExportedAt   time.Time               `json:"exported_at"`
	Account      *ent.User               `json:"account"`
	Settings     []*ent.DashboardSetting `json:"dashboard_settings"`
	Contacts     []*ent.Contact          `json:"contacts"`
	Tags         []*ent.Tag              `json:"tags"`
	Applications []*ent.Application      `json:"applications"`
	Tasks        []*ent.Task             `json:"tasks"`
	Events       []*ent.Event            `json:"events"`
	Links        []*ent.PersonalLink     `json:"personal_links"`
}

// Read gathers candidate id's copy, as of now. ctx is the candidate's own (the tenancy rules
// apply as to any of their reads).
func Read(ctx context.Context, client *ent.Client, id uuid.UUID, now time.Time) (*Copy, error) {
	c := &Copy{ExportedAt: now}
	var err error
	if c.Account, err = client.User.Query().Where(user.ID(id)).WithLicense().Only(ctx); err != nil {
		return nil, err
	}
	if c.Settings, err = client.DashboardSetting.Query().Where(dashboardsetting.OwnerID(id)).All(ctx); err != nil {
		return nil, err
	}
	// In the network's order, which contacts.csv keeps.
	if c.Contacts, err = client.Contact.Query().Where(contact.OwnerID(id)).
		WithTags(func(q *ent.TagQuery) { q.Select(tag.FieldID, tag.FieldName) }).
		Modify(func(s *sql.Selector) { contacts.OrderBySortKey(s, s.C(contact.FieldSortKey), s.C(contact.FieldID)) }).
		All(ctx); err != nil {
		return nil, err
	}
	if c.Tags, err = client.Tag.Query().Where(tag.OwnerID(id)).Order(ent.Asc(tag.FieldName)).All(ctx); err != nil {
		return nil, err
	}
	if c.Applications, err = client.Application.Query().Where(application.OwnerID(id)).
		WithContacts(func(q *ent.ContactQuery) { q.Select(contact.FieldID, contact.FieldFirstName, contact.FieldLastName) }).
		Order(ent.Asc(application.FieldCreatedAt), ent.Asc(application.FieldID)).All(ctx); err != nil {
		return nil, err
	}
	if c.Tasks, err = client.Task.Query().Where(task.OwnerID(id)).Order(ent.Asc(task.FieldCreatedAt), ent.Asc(task.FieldID)).All(ctx); err != nil {
		return nil, err
	}
	if c.Events, err = client.Event.Query().Where(event.OwnerID(id)).Order(ent.Asc(event.FieldCreatedAt), ent.Asc(event.FieldID)).All(ctx); err != nil {
		return nil, err
	}
	if c.Links, err = client.PersonalLink.Query().Where(personallink.OwnerID(id)).All(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// Zip writes the copy as the download: donnees.json (indented, for a person to read too) and
// contacts.csv in the network export's format (and order: Read's).
func (c *Copy) Zip() ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	modified := c.ExportedAt
	w, err := z.CreateHeader(&zip.FileHeader{Name: "donnees.json", Method: zip.Deflate, Modified: modified})
	if err != nil {
		return nil, err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	w, err = z.CreateHeader(&zip.FileHeader{Name: "contacts.csv", Method: zip.Deflate, Modified: modified})
	if err != nil {
		return nil, err
	}
	if err := contactcsv.Write(w, contactcsv.Rows(c.Contacts)); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
