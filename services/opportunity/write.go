package opportunity

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/applications"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/resource"
)

// draft is an application form read and normalised.
type draft struct {
	company, job, reference, place, salary, description, sourceDetails string
	source                                                             application.Source
	draft                                                              *opportunityv1.ApplicationDraft
	contactIDs                                                         []uuid.UUID
}

// readDraft normalises a form (spaces) and applies the rules protovalidate cannot: company and
// job not blank once trimmed, and no reference for an application from the candidate's
// network (the spec's form clears it; the server does too, whatever the client sent).
func readDraft(d *opportunityv1.ApplicationDraft, root protoreflect.MessageDescriptor) (*draft, error) {
	f := &draft{
		company:       contacts.Collapse(d.GetCompany()),
		job:           contacts.Collapse(d.GetJob()),
		reference:     strings.TrimSpace(d.GetReference()),
		place:         contacts.Collapse(d.GetPlace()),
		salary:        strings.TrimSpace(d.GetSalary()),
		description:   strings.TrimSpace(d.GetDescription()),
		sourceDetails: strings.TrimSpace(d.GetSourceDetails()),
		source:        application.Source(enums.Spec(d.GetSource())),
		draft:         d,
	}
	if f.company == "" {
		return nil, apierr.InvalidField(root, "application.company", "application.company.required", apierr.Required)
	}
	if f.job == "" {
		return nil, apierr.InvalidField(root, "application.job", "application.job.required", apierr.Required)
	}
	if f.source == application.SourceMyNetwork {
		f.reference = ""
	}
	for _, raw := range d.GetContactIds() {
		id, err := apierr.ID(raw, apierr.Contact)
		if err != nil {
			return nil, err
		}
		f.contactIDs = append(f.contactIDs, id)
	}
	return f, nil
}

// apply writes the form's fields on a creation or an edit.
func (f *draft) apply(m *ent.ApplicationMutation) {
	m.SetCompany(f.company)
	m.SetJob(f.job)
	m.SetReference(f.reference)
	m.SetPlace(f.place)
	m.SetSalary(f.salary)
	// Left out of an update, the description and the links are kept (a partial body); empty
	// clears them.
	if f.draft.Description != nil || !m.Op().Is(ent.OpUpdateOne) {
		m.SetDescription(f.description)
	}
	m.SetSource(f.source)
	m.SetSourceDetails(f.sourceDetails)
	if p := f.draft.GetDateOfPublication(); p != nil {
		m.SetDateOfPublication(p.AsTime().UTC())
	} else if m.Op().Is(ent.OpUpdateOne) {
		m.ClearDateOfPublication()
	}
	if f.draft.Resources != nil || !m.Op().Is(ent.OpUpdateOne) {
		m.SetResources(resource.FromProto(f.draft.GetResources().GetItems()))
	}
}

// CreateApplication saves a new application (status new) with its contacts, which must all
// be the candidate's own: one that is not is NotFound, and nothing is saved.
func (s *Service) CreateApplication(ctx context.Context, req *opportunityv1.CreateApplicationRequest) (*opportunityv1.CreateApplicationResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	f, err := readDraft(req.GetApplication(), req.ProtoReflect().Descriptor())
	if err != nil {
		return nil, err
	}
	a, err := s.writeThenPresent(ctx, v.UserID, func(ctx context.Context, client *ent.Client) (uuid.UUID, error) {
		if err := contacts.EnsureOwned(ctx, client, v.UserID, f.contactIDs...); err != nil {
			return uuid.Nil, err
		}
		create := client.Application.Create().SetOwnerID(v.UserID).SetCreatedAt(s.Now()).AddContactIDs(f.contactIDs...)
		f.apply(create.Mutation())
		created, err := create.Save(ctx)
		if err != nil {
			return uuid.Nil, err
		}
		return created.ID, nil
	})
	if err != nil {
		return nil, err
	}
	return &opportunityv1.CreateApplicationResponse{Application: a}, nil
}

// writeThenPresent runs write in one transaction and, once it committed, answers the
// application it wrote (the id it answers) in full: every change of an application answers
// the application as it now is.
func (s *Service) writeThenPresent(ctx context.Context, owner uuid.UUID, write func(ctx context.Context, client *ent.Client) (uuid.UUID, error)) (*opportunityv1.Application, error) {
	id, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (uuid.UUID, error) {
		return write(ctx, tx.Client())
	})
	if err != nil {
		return nil, err
	}
	return presentOne(ctx, s.Client, owner, id)
}

// UpdateApplication changes an open (new or engaged) application: every field of the form,
// its contacts replaced by those given (all the candidate's own). A won or lost one is final:
// refused (APPLICATION_CLOSED). The status and the report are not the form's.
func (s *Service) UpdateApplication(ctx context.Context, req *opportunityv1.UpdateApplicationRequest) (*opportunityv1.UpdateApplicationResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	f, err := readDraft(req.GetApplication(), req.ProtoReflect().Descriptor())
	if err != nil {
		return nil, err
	}
	a, err := s.writeThenPresent(ctx, v.UserID, func(ctx context.Context, client *ent.Client) (uuid.UUID, error) {
		if _, err := applications.EnsureOpen(ctx, client, v.UserID, id); err != nil {
			return id, err
		}
		if err := contacts.EnsureOwned(ctx, client, v.UserID, f.contactIDs...); err != nil {
			return id, err
		}
		update := client.Application.UpdateOneID(id).Where(application.OwnerID(v.UserID)).ClearContacts().AddContactIDs(f.contactIDs...)
		f.apply(update.Mutation())
		return id, update.Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &opportunityv1.UpdateApplicationResponse{Application: a}, nil
}

// MarkApplicationAsComplete closes an open application as lost or win with the report's
// comment. Final: a second call is refused (APPLICATION_CLOSED), the first report kept.
func (s *Service) MarkApplicationAsComplete(ctx context.Context, req *opportunityv1.MarkApplicationAsCompleteRequest) (*opportunityv1.MarkApplicationAsCompleteResponse, error) {
	a, err := s.move(ctx, req.GetId(), req.GetStatus(), req.GetComment())
	if err != nil {
		return nil, err
	}
	return &opportunityv1.MarkApplicationAsCompleteResponse{Application: a}, nil
}

// MoveApplication is the board's move (see the contract): lost or win close the application
// as MarkApplicationAsComplete does; engaged and new are refused with the reason that
// engagement comes from a completed activity; its own status changes nothing.
func (s *Service) MoveApplication(ctx context.Context, req *opportunityv1.MoveApplicationRequest) (*opportunityv1.MoveApplicationResponse, error) {
	a, err := s.move(ctx, req.GetId(), req.GetStatus(), req.GetComment())
	if err != nil {
		return nil, err
	}
	return &opportunityv1.MoveApplicationResponse{Application: a}, nil
}

// move applies a status change by the candidate's hand (applications.CheckMove), the row
// locked so that two closings at once close it once.
func (s *Service) move(ctx context.Context, rawID string, to opportunityv1.ApplicationStatus, comment string) (*opportunityv1.Application, error) {
	v, id, err := handler.CandidateAndID(ctx, rawID, apierr.Application)
	if err != nil {
		return nil, err
	}
	status := application.Status(enums.Spec(to))
	return s.writeThenPresent(ctx, v.UserID, func(ctx context.Context, client *ent.Client) (uuid.UUID, error) {
		a, err := applications.Lock(ctx, client, v.UserID, id)
		if err != nil {
			return id, err
		}
		if err := applications.CheckMove(a.Status, status); err != nil {
			return id, err
		}
		if a.Status == status {
			return id, nil
		}
		return id, client.Application.UpdateOneID(id).Where(application.OwnerID(v.UserID)).
			SetStatus(status).SetComment(strings.TrimSpace(comment)).Exec(ctx)
	})
}

// AddApplicationContact associates one of the candidate's contacts with an open application
// (« Qui je connais là-bas ? »'s one click). Already associated: nothing changes.
func (s *Service) AddApplicationContact(ctx context.Context, req *opportunityv1.AddApplicationContactRequest) (*opportunityv1.AddApplicationContactResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	contactID, err := apierr.ID(req.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	a, err := s.writeThenPresent(ctx, v.UserID, func(ctx context.Context, client *ent.Client) (uuid.UUID, error) {
		if _, err := applications.EnsureOpen(ctx, client, v.UserID, id); err != nil {
			return id, err
		}
		if err := contacts.EnsureOwned(ctx, client, v.UserID, contactID); err != nil {
			return id, err
		}
		linked, err := client.Application.Query().
			Where(application.ID(id), application.HasContactsWith(contact.ID(contactID))).Exist(ctx)
		if err != nil || linked {
			return id, err
		}
		return id, client.Application.UpdateOneID(id).Where(application.OwnerID(v.UserID)).AddContactIDs(contactID).Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &opportunityv1.AddApplicationContactResponse{Application: a}, nil
}
