package network

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/tag"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/resource"
	"github.com/tremplin/tremplin/internal/tasks"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Origins of a contact.
const (
	OriginManual = "manual"
	OriginImport = "import"
)

var (
	createRoot = (&networkv1.CreateContactRequest{}).ProtoReflect().Descriptor()
	updateRoot = (&networkv1.UpdateContactRequest{}).ProtoReflect().Descriptor()
)

// lastNameCharsMessage refuses a last name with characters the rule forbids.
const lastNameCharsMessage = "Le nom ne peut contenir que des lettres, des espaces, des apostrophes et des tirets"

// fields are a contact draft's values, normalised.
type fields struct {
	civility                         *contact.Civility
	touchRhythm                      *contact.TouchRhythm
	first, last, email, company, job string
	phone, mobile, comments, origin  string
	resources                        []resource.Resource
	tagNames, tagKeys                []string // one per key; tagKeys sorted
}

// set writes the fields a creation and an edit both take from the draft.
func (f fields) set(m *ent.ContactMutation) {
	m.SetFirstName(f.first)
	m.SetLastName(f.last)
	m.SetEmail(f.email)
	m.SetCompany(f.company)
	m.SetJob(f.job)
	m.SetPhoneNumber(f.phone)
	m.SetMobileNumber(f.mobile)
	m.SetComments(f.comments)
	m.SetResources(f.resources)
	if f.touchRhythm != nil {
		m.SetTouchRhythm(*f.touchRhythm)
	} else {
		m.ClearTouchRhythm()
	}
}

// setEdited writes what an edit takes from the draft: the fields set writes, the civility
// (cleared when none) and the intermediary (cleared for uuid.Nil).
func (f fields) setEdited(m *ent.ContactMutation, parent uuid.UUID) {
	f.set(m)
	if f.civility != nil {
		m.SetCivility(*f.civility)
	} else {
		m.ClearCivility()
	}
	if parent == uuid.Nil {
		m.ClearParentID()
	} else {
		m.SetParentID(parent)
	}
}

// draftParent reads the intermediary a draft names: uuid.Nil for none.
func draftParent(d *networkv1.ContactDraft) (uuid.UUID, error) {
	if d.GetParentId() == "" {
		return uuid.Nil, nil
	}
	return apierr.ID(d.GetParentId(), apierr.Contact)
}

// readDraft normalises a draft (names, spaces, tags, resources) and applies the rules
// protovalidate cannot: a last name of letters, accents, spaces, apostrophes and hyphens,
// and names that are not blank once trimmed.
func readDraft(d *networkv1.ContactDraft, root protoreflect.MessageDescriptor) (fields, error) {
	f := fields{
		first:     contacts.Collapse(d.GetFirstName()),
		email:     strings.TrimSpace(d.GetEmail()),
		company:   contacts.Collapse(d.GetCompany()),
		job:       contacts.Collapse(d.GetJob()),
		phone:     strings.TrimSpace(d.GetPhoneNumber()),
		mobile:    strings.TrimSpace(d.GetMobileNumber()),
		comments:  strings.TrimSpace(d.GetComments()),
		origin:    strings.TrimSpace(d.GetOrigin()),
		resources: resource.FromProto(d.GetResources()),
	}
	if f.first == "" {
		return f, apierr.InvalidField(root, "contact.first_name", "contact.first_name.required", apierr.Required)
	}
	last, ok := contacts.NormalizeLastName(d.GetLastName())
	if !ok {
		return f, apierr.InvalidField(root, "contact.last_name", "contact.last_name.chars", lastNameCharsMessage)
	}
	if last == "" {
		return f, apierr.InvalidField(root, "contact.last_name", "contact.last_name.required", apierr.Required)
	}
	f.last = last
	if c := enums.Spec(d.GetCivility()); c != "" {
		civility := contact.Civility(c)
		f.civility = &civility
	}
	if r := enums.Spec(d.GetTouchRhythm()); r != "" {
		rhythm := contact.TouchRhythm(r)
		f.touchRhythm = &rhythm
	}
	seen := map[string]bool{}
	for _, name := range d.GetTags() {
		name = contacts.TagName(name)
		key := contacts.TagKey(name)
		if key == "" || seen[key] {
			continue
		}
		seen[key] = true
		f.tagNames = append(f.tagNames, name)
		f.tagKeys = append(f.tagKeys, key)
	}
	slices.Sort(f.tagKeys)
	return f, nil
}

// ensureTags answers the ids of the owner's tags with these names, creating the missing ones
// (a tag is identified by its folded name: "lyon" is the tag "Lyon").
func ensureTags(ctx context.Context, client *ent.Client, owner uuid.UUID, names []string) ([]uuid.UUID, error) {
	if len(names) == 0 {
		return nil, nil
	}
	keys := make([]string, len(names))
	for i, n := range names {
		keys[i] = contacts.TagKey(n)
	}
	existing, err := client.Tag.Query().Where(tag.OwnerID(owner), tag.NameKeyIn(keys...)).All(ctx)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, t := range existing {
		have[t.NameKey] = true
	}
	var missing []*ent.TagCreate
	for i, key := range keys {
		if !have[key] {
			missing = append(missing, client.Tag.Create().SetOwnerID(owner).SetName(names[i]).SetNameKey(key))
		}
	}
	if len(missing) == 0 {
		return tagIDs(existing), nil
	}
	// Another request may create the same tag meanwhile: keep theirs.
	err = client.Tag.CreateBulk(missing...).
		OnConflictColumns(tag.FieldOwnerID, tag.FieldNameKey).
		DoNothing().
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	all, err := client.Tag.Query().Where(tag.OwnerID(owner), tag.NameKeyIn(keys...)).All(ctx)
	if err != nil {
		return nil, err
	}
	return tagIDs(all), nil
}

func tagIDs(tags []*ent.Tag) []uuid.UUID {
	ids := make([]uuid.UUID, len(tags))
	for i, t := range tags {
		ids[i] = t.ID
	}
	return ids
}

// intermediary reads and checks the parent a draft names: one of the owner's contacts
// (NotFound otherwise, whether it exists or not), and not an incomplete one.
func intermediary(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*ent.Contact, error) {
	p, err := client.Contact.Query().Where(contact.ID(id), contact.OwnerID(owner)).Only(ctx)
	if err != nil {
		return nil, err
	}
	if p.Status == contact.StatusIncomplete {
		return nil, errIntermediaryIncomplete()
	}
	return p, nil
}

// taskOptions answers what a task made with a contact needs to know about the candidate: now
// and their time zone. Read before the transaction (SQLite has one connection, which the
// transaction holds).
func (s *Service) taskOptions(ctx context.Context, v *viewer.Viewer, draft *networkv1.ContactDraft) (tasks.Options, error) {
	if draft.GetTask() == nil {
		return tasks.Options{Owner: v.UserID, Now: s.Now()}, nil
	}
	return tasks.OptionsFor(ctx, v, s.CallerTime, nil, "")
}

// createTask creates the task a draft comes with (none: nil) with the contact id, its fields
// named in the request root describes.
func createTask(ctx context.Context, client *ent.Client, draft *networkv1.ContactDraft, opts tasks.Options, id uuid.UUID, root protoreflect.MessageDescriptor) (*activityv1.Task, error) {
	if draft.GetTask() == nil {
		return nil, nil
	}
	opts.ContactID, opts.Root, opts.Path = &id, root, "contact.task"
	t, err := tasks.Create(ctx, client, draft.GetTask(), opts)
	if err != nil {
		return nil, err
	}
	return tasks.ToProto(t), nil
}

// CreateContact adds a contact to the candidate's network: status incomplete when it has no
// phone, mobile or e-mail, else new (derived by contacts.DerivedFieldsHook, as the keys); rank one below its intermediary's (1 without); origin
// "manual" unless given; tags (premium) created when new. A first task, when given, is created
// with the contact in the same transaction.
func (s *Service) CreateContact(ctx context.Context, req *networkv1.CreateContactRequest) (*networkv1.CreateContactResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	draft := req.GetContact()
	f, err := readDraft(draft, createRoot)
	if err != nil {
		return nil, err
	}
	if len(f.tagKeys) > 0 && !v.Premium {
		return nil, apierr.PremiumRequired()
	}
	if f.origin == "" {
		f.origin = OriginManual
	}
	parentID, err := draftParent(draft)
	if err != nil {
		return nil, err
	}
	opts, err := s.taskOptions(ctx, v, draft)
	if err != nil {
		return nil, err
	}
	res := &networkv1.CreateContactResponse{}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		create := client.Contact.Create().SetOwnerID(v.UserID).SetRank(1).SetCreatedAt(opts.Now)
		if parentID != uuid.Nil {
			// The intermediary's rank must not move (nor the intermediary go) meanwhile.
			if err := lockNetwork(ctx, tx, v.UserID); err != nil {
				return err
			}
			parent, err := intermediary(ctx, client, v.UserID, parentID)
			if err != nil {
				return err
			}
			create.SetParentID(parent.ID).SetRank(parent.Rank + 1)
		}
		tagIDs, err := ensureTags(ctx, client, v.UserID, f.tagNames)
		if err != nil {
			return err
		}
		f.set(create.Mutation())
		c, err := create.
			SetNillableCivility(f.civility).
			SetOrigin(f.origin).
			AddTagIDs(tagIDs...).
			Save(ctx)
		if err != nil {
			return err
		}
		if res.Task, err = createTask(ctx, client, draft, opts, c.ID, createRoot); err != nil {
			return err
		}
		res.Contact, err = presentOne(ctx, client, v.UserID, c.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// UpdateContact changes a contact. incomplete ⇄ new follow reachability (engaged and thanked
// are kept; contacts.DerivedFieldsHook derives it with the keys). Changing the intermediary re-ranks every descendant, answered in updated_ranks;
// the intermediary may not be the contact itself, one of its descendants or an incomplete
// contact. Changing the tags needs premium; saving them unchanged does not. A task, when
// given, is created with the contact in the same transaction.
func (s *Service) UpdateContact(ctx context.Context, req *networkv1.UpdateContactRequest) (*networkv1.UpdateContactResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	draft := req.GetContact()
	f, err := readDraft(draft, updateRoot)
	if err != nil {
		return nil, err
	}
	opts, err := s.taskOptions(ctx, v, draft)
	if err != nil {
		return nil, err
	}
	res := &networkv1.UpdateContactResponse{UpdatedRanks: []*networkv1.ContactRank{}}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		if err := lockNetwork(ctx, tx, v.UserID); err != nil {
			return err
		}
		cur, err := client.Contact.Query().Where(contact.ID(id), contact.OwnerID(v.UserID)).WithTags().Only(ctx)
		if err != nil {
			return err
		}
		tagsChanged := !slices.Equal(sortedTagKeys(cur.Edges.Tags), f.tagKeys)
		if tagsChanged && !v.Premium {
			return apierr.PremiumRequired()
		}

		oldParent := uuid.Nil
		if cur.ParentID != nil {
			oldParent = *cur.ParentID
		}
		newParent, err := draftParent(draft)
		if err != nil {
			return err
		}
		rank := cur.Rank
		var t *tree
		if newParent != oldParent {
			if newParent == id {
				return errIntermediarySelf()
			}
			if newParent != uuid.Nil {
				if _, err := intermediary(ctx, client, v.UserID, newParent); err != nil {
					return err
				}
			}
			if t, err = loadTree(ctx, client, v.UserID); err != nil {
				return err
			}
			if newParent != uuid.Nil && slices.Contains(t.descendants(id), newParent) {
				return errIntermediaryDescendant()
			}
			t.setParent(id, newParent)
			rank = t.depth(id)
			t.rank[id] = rank
		}

		update := client.Contact.UpdateOneID(id).Where(contact.OwnerID(v.UserID)).SetRank(rank)
		f.setEdited(update.Mutation(), newParent)
		if f.origin != "" {
			update.SetOrigin(f.origin)
		}
		if tagsChanged {
			ids, err := ensureTags(ctx, client, v.UserID, f.tagNames)
			if err != nil {
				return err
			}
			update.ClearTags().AddTagIDs(ids...)
		}
		if err := update.Exec(ctx); err != nil {
			return err
		}
		if t != nil {
			if res.UpdatedRanks, err = t.saveRanks(ctx, client, v.UserID, t.descendants(id)); err != nil {
				return err
			}
		}
		if res.Task, err = createTask(ctx, client, draft, opts, id, updateRoot); err != nil {
			return err
		}
		res.UpdatedContact, err = presentOne(ctx, client, v.UserID, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// DeleteContact removes a deletable contact: incomplete or new, with no task, event or
// application. Any other answers FailedPrecondition/CONTACT_NOT_DELETABLE. The contacts it
// introduced move up to its own intermediary, and their descendants are re-ranked.
func (s *Service) DeleteContact(ctx context.Context, req *networkv1.DeleteContactRequest) (*networkv1.DeleteContactResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		if err := lockNetwork(ctx, tx, v.UserID); err != nil {
			return err
		}
		deletable, err := isDeletable(ctx, client, v.UserID, id)
		if err != nil {
			return err
		}
		if !deletable {
			return errNotDeletable()
		}
		t, err := loadTree(ctx, client, v.UserID)
		if err != nil {
			return err
		}
		up := t.parent[id]
		moved := slices.Clone(t.children[id])
		if len(moved) > 0 {
			children := client.Contact.Update().Where(contact.OwnerID(v.UserID), contact.ParentID(id))
			if up == uuid.Nil {
				children.ClearParentID()
			} else {
				children.SetParentID(up)
			}
			if err := children.Exec(ctx); err != nil {
				return err
			}
		}
		t.remove(id)
		var rerank []uuid.UUID
		for _, m := range moved {
			rerank = append(append(rerank, m), t.descendants(m)...)
		}
		if _, err := t.saveRanks(ctx, client, v.UserID, rerank); err != nil {
			return err
		}
		err = client.Contact.DeleteOneID(id).Where(contact.OwnerID(v.UserID)).Exec(ctx)
		if ent.IsConstraintError(err) {
			// An activity was linked meanwhile.
			return errNotDeletable()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return &networkv1.DeleteContactResponse{}, nil
}
