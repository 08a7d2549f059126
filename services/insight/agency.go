package insight

import (
	"context"
	"slices"
	"strings"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/agency"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/licensebatch"
	"github.com/tremplin/tremplin/ent/user"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/dashboard"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/viewer"
)

// GetAgencyInsight answers an agency's last 12 weeks: the weekly figures of the candidates who
// share their progress (and of every candidate, anonymously, when enough do not), its licences
// week by week, and the sharing candidates' table. The candidates' rows are read as the system
// once the agency is checked, by aggregate statements that never return a contact.
func (s *Service) GetAgencyInsight(ctx context.Context, req *insightv1.GetAgencyInsightRequest) (*insightv1.GetAgencyInsightResponse, error) {
	v, err := handler.Manager(ctx)
	if err != nil {
		return nil, err
	}
	agencyID, err := handler.ManagedAgency(v, req.GetAgencyId(), req.ProtoReflect().Descriptor())
	if err != nil {
		return nil, err
	}
	a, err := s.Client.Agency.Query().Where(agency.ID(agencyID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierr.NotFound(apierr.Agency)
	} else if err != nil {
		return nil, err
	}
	now, spans, err := s.readerWeeks(ctx, v)
	if err != nil {
		return nil, err
	}
	sys := viewer.SystemContext(ctx)
	scope := dashboard.Scope{Agency: agencyID, Activity: true}
	// The candidates and their data versions first: their weeks are kept under these.
	candidates, err := s.Client.User.Query().
		Where(user.AgencyID(agencyID), user.RoleEQ(user.RoleCandidate)).
		Select(user.FieldID, user.FieldFirstName, user.FieldLastName, user.FieldLastLoginAt, user.FieldShareProgressWithAgency, user.FieldDataVersion).
		All(sys)
	if err != nil {
		return nil, err
	}
	history, err := s.Weeks.History(sys, s.Client, scope, versions(candidates), spans)
	if err != nil {
		return nil, err
	}
	objectives, err := dashboard.ObjectivesOf(sys, s.Client, scope)
	if err != nil {
		return nil, err
	}

	res := &insightv1.GetAgencyInsightResponse{
		Agency:     &commonv1.AgencyRef{Id: a.ID.String(), Name: a.Name},
		Candidates: int32(len(candidates)), //nolint:gosec // an agency's candidates
	}
	sharing, everyone := make([]*insightv1.AgencyWeekFigures, len(spans)), make([]*insightv1.AgencyWeekFigures, len(spans))
	for i := range spans {
		sharing[i], everyone[i] = &insightv1.AgencyWeekFigures{}, &insightv1.AgencyWeekFigures{}
	}
	hidden := 0
	for _, c := range candidates {
		weeks := history[c.ID]
		o, ok := objectives[c.ID]
		if !ok {
			o = dashboard.DefaultObjectives()
		}
		var row *insightv1.CandidateInsight
		if c.ShareProgressWithAgency {
			res.SharingCandidates++
			row = &insightv1.CandidateInsight{Id: c.ID.String(), FirstName: c.FirstName, LastName: c.LastName}
			if c.LastLoginAt != nil {
				row.LastLoginDate = timestamppb.New(*c.LastLoginAt)
			}
			res.Sharing = append(res.Sharing, row)
		} else {
			hidden++
		}
		for i := range weeks {
			w := weeks[i]
			active, met := w.Active(), o.Met(w)
			addWeek(everyone[i], w, active, met)
			if row == nil {
				continue
			}
			addWeek(sharing[i], w, active, met)
			row.ApplicationsSent += int32(w.EngagedApplications) //nolint:gosec // one candidate's weeks
			row.Interviews += int32(w.CompletedInterviews)       //nolint:gosec // idem
			row.ActiveWeeks += count(active)
			row.WeeksOnTarget += count(met)
		}
	}
	slices.SortFunc(res.Sharing, func(x, y *insightv1.CandidateInsight) int {
		return strings.Compare(contacts.SortKey(x.FirstName, x.LastName), contacts.SortKey(y.FirstName, y.LastName))
	})
	for i, sp := range spans {
		w := &insightv1.AgencyWeek{Start: timestamppb.New(sp.Start), End: timestamppb.New(sp.End), Sharing: sharing[i]}
		if hidden >= minHidden {
			w.Everyone = everyone[i]
		}
		res.Weeks = append(res.Weeks, w)
	}
	if res.Licences, err = s.licenceWeeks(sys, a, spans, now); err != nil {
		return nil, err
	}
	return res, nil
}

func addWeek(f *insightv1.AgencyWeekFigures, w dashboard.Counts, active, met bool) {
	f.ActiveCandidates += count(active)
	f.ApplicationsSent += int32(w.EngagedApplications) //nolint:gosec // an agency's week
	f.Interviews += int32(w.CompletedInterviews)       //nolint:gosec // idem
	f.CandidatesOnTarget += count(met)
}

func count(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// licenceWeeks answers the agency's licences at the end of each span (now for the current
// one), worked back from its counts now: the batches added since and the licences allocated
// or activated since are taken off. A licence used by a candidate deleted since stays in the
// used count throughout (its row is gone with the candidate).
func (s *Service) licenceWeeks(ctx context.Context, a *ent.Agency, spans []dashboard.Span, now time.Time) ([]*insightv1.LicenceWeek, error) {
	batches, err := s.Client.LicenseBatch.Query().Where(licensebatch.AgencyID(a.ID), licensebatch.CreatedAtGTE(spans[0].Start)).
		Select(licensebatch.FieldCount, licensebatch.FieldCreatedAt).All(ctx)
	if err != nil {
		return nil, err
	}
	licences, err := s.Client.License.Query().Where(license.AgencyID(a.ID)).
		Select(license.FieldAllocationDate, license.FieldActivationDate).All(ctx)
	if err != nil {
		return nil, err
	}
	pendingNow := 0
	for _, l := range licences {
		if l.ActivationDate == nil {
			pendingNow++
		}
	}
	usedNow := a.NumAllocatedLicenses - pendingNow
	out := make([]*insightv1.LicenceWeek, 0, len(spans))
	for _, sp := range spans {
		at := sp.End
		if at.After(now) {
			at = now
		}
		total := a.NumTotalLicenses
		for _, b := range batches {
			if b.CreatedAt.After(at) {
				total -= b.Count
			}
		}
		used, pending := usedNow, 0
		for _, l := range licences {
			activated := l.ActivationDate != nil && !l.ActivationDate.After(at)
			if l.ActivationDate != nil && !activated {
				used-- // used now, not yet then
			}
			if !l.AllocationDate.After(at) && !activated {
				pending++
			}
		}
		remaining := max(total-used-pending, 0)
		out = append(out, &insightv1.LicenceWeek{End: timestamppb.New(sp.End),
			Used: int32(max(used, 0)), Pending: int32(pending), Remaining: int32(remaining)}) //nolint:gosec // an agency's licences
	}
	return out, nil
}
