package opportunity

import (
	"context"

	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/applicationsearchprefix"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/predicate"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/applications"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/paging"
)

// ListApplications answers the candidate's applications, newest first. The company search
// (each word typed begins a word of the company, case- and accent-insensitive) and the status
// filter (any of) need premium: declared on the request's fields, and enforced before this
// runs. The contact filter (a contact's linked applications) is not premium; another
// candidate's contact is NotFound.
func (s *Service) ListApplications(ctx context.Context, req *opportunityv1.ListApplicationsRequest) (*opportunityv1.ListApplicationsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("opportunity.ListApplications", req, paging.Time, paging.UUID)
	if err != nil {
		return nil, err
	}
	var preds []predicate.Application
	for _, term := range applications.SearchTerms(req.GetSearch()) {
		preds = append(preds, application.HasSearchPrefixesWith(
			applicationsearchprefix.OwnerID(v.UserID), applicationsearchprefix.Prefix(term)))
	}
	if len(req.GetStatuses()) > 0 {
		preds = append(preds, application.StatusIn(enums.Specs[application.Status](req.GetStatuses())...))
	}
	contactID, err := apierr.OptionalID(req.GetContactId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if contactID != nil {
		if err := contacts.EnsureOwned(ctx, s.Client, v.UserID, *contactID); err != nil {
			return nil, err
		}
		preds = append(preds, application.HasContactsWith(contact.ID(*contactID), contact.OwnerID(v.UserID)))
	}
	list, next, err := presentPage(ctx, s.Client, v.UserID, listView, page, preds...)
	if err != nil {
		return nil, err
	}
	return &opportunityv1.ListApplicationsResponse{Applications: list, NextPageToken: next}, nil
}

// GetApplication answers one of the candidate's applications, in full.
func (s *Service) GetApplication(ctx context.Context, req *opportunityv1.GetApplicationRequest) (*opportunityv1.GetApplicationResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Application)
	if err != nil {
		return nil, err
	}
	a, err := presentOne(ctx, s.Client, v.UserID, id)
	if err != nil {
		return nil, err
	}
	return &opportunityv1.GetApplicationResponse{Application: a}, nil
}
