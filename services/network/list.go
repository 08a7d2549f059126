package network

import (
	"context"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/predicate"
	"github.com/tremplin/tremplin/ent/tag"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/paging"
)

// ListContacts answers the candidate's contacts sorted by last name then first name. Search
// (full name or company, case- and accent-insensitive substring, or the mobile number's digits
// however it is typed: see contacts.PhoneKey), the status filter (any of)
// and the tag filter (any of, by name) need premium: declared on the request's fields, and
// enforced before this runs.
func (s *Service) ListContacts(ctx context.Context, req *networkv1.ListContactsRequest) (*networkv1.ListContactsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	page, err := paging.Request("network.ListContacts", req, paging.String, paging.UUID)
	if err != nil {
		return nil, err
	}
	var preds []predicate.Contact
	search := contacts.SearchTerm(req.GetSearch())
	if search != "" {
		match := contact.SearchKeyContains(search)
		if digits := contacts.PhoneSearchTerm(req.GetSearch()); digits != "" {
			match = contact.Or(match, contact.MobileKeyContains(digits))
		}
		preds = append(preds, match)
	}
	if len(req.GetStatuses()) > 0 {
		preds = append(preds, contact.StatusIn(enums.Specs[contact.Status](req.GetStatuses())...))
	}
	var tagKeys []string
	for _, name := range req.GetTags() {
		if key := contacts.TagKey(name); key != "" {
			tagKeys = append(tagKeys, key)
		}
	}
	if len(tagKeys) > 0 {
		preds = append(preds, contact.HasTagsWith(tag.NameKeyIn(tagKeys...), tag.OwnerID(v.UserID)))
	}
	list, next, err := presentContactsPage(ctx, s.Client, v.UserID, listView, page, alongside, preds...)
	if err != nil {
		return nil, err
	}
	return &networkv1.ListContactsResponse{Contacts: list, NextPageToken: next}, nil
}

// GetContact answers one of the candidate's contacts.
func (s *Service) GetContact(ctx context.Context, req *networkv1.GetContactRequest) (*networkv1.GetContactResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	c, err := presentOne(ctx, s.Client, v.UserID, id)
	if err != nil {
		return nil, err
	}
	return &networkv1.GetContactResponse{Contact: c}, nil
}

// presentOne answers one contact of the owner, presented, or NotFound.
func presentOne(ctx context.Context, client *ent.Client, owner, id uuid.UUID) (*networkv1.Contact, error) {
	list, err := presentContacts(ctx, client, owner, fullView, contact.ID(id))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, apierr.NotFound(apierr.Contact)
	}
	return list[0], nil
}

// ListRecommendedContacts answers the contacts this contact introduced (its children).
func (s *Service) ListRecommendedContacts(ctx context.Context, req *networkv1.ListRecommendedContactsRequest) (*networkv1.ListRecommendedContactsResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	if err := contacts.EnsureOwned(ctx, s.Client, v.UserID, id); err != nil {
		return nil, err
	}
	list, err := presentContacts(ctx, s.Client, v.UserID, listView, contact.ParentID(id))
	if err != nil {
		return nil, err
	}
	return &networkv1.ListRecommendedContactsResponse{RecommendedContacts: list}, nil
}

// ListDescendants answers the ids of every contact below this one in the intermediary tree,
// nearest first, from one query of the candidate's (id, parent) pairs.
func (s *Service) ListDescendants(ctx context.Context, req *networkv1.ListDescendantsRequest) (*networkv1.ListDescendantsResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Contact)
	if err != nil {
		return nil, err
	}
	t, err := loadTree(ctx, s.Client, v.UserID)
	if err != nil {
		return nil, err
	}
	if !t.has(id) {
		return nil, apierr.NotFound(apierr.Contact)
	}
	ids := []string{}
	for _, d := range t.descendants(id) {
		ids = append(ids, d.String())
	}
	return &networkv1.ListDescendantsResponse{DescendantIds: ids}, nil
}

// SearchTags answers the candidate's tags whose name contains the term (case- and
// accent-insensitive), sorted by name; an empty term lists them all. Premium (declared on the
// RPC).
func (s *Service) SearchTags(ctx context.Context, req *networkv1.SearchTagsRequest) (*networkv1.SearchTagsResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	q := s.Client.Tag.Query().Where(tag.OwnerID(v.UserID))
	if term := contacts.SearchTerm(strings.TrimSpace(req.GetTerm())); term != "" {
		q.Where(tag.NameKeyContains(term))
	}
	q.Modify(func(sel *sql.Selector) { contacts.OrderBySortKey(sel, sel.C(tag.FieldNameKey), sel.C(tag.FieldID)) })
	found, err := q.All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*networkv1.Tag, 0, len(found))
	for _, t := range found {
		out = append(out, &networkv1.Tag{Id: t.ID.String(), Name: t.Name})
	}
	return &networkv1.SearchTagsResponse{Tags: out}, nil
}
