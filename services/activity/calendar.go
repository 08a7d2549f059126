package activity

import (
	"context"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/api/httpbody"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/user"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/calendar"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/secretlinks"
	"github.com/tremplin/tremplin/internal/viewer"
)

// feedName is the feed's name in calendar programs.
const feedName = "Tremplin – mes rendez-vous"

// feedPast is how far back the feed goes: the week's past appointments stay in the calendar.
const feedPastDays = 7

// GetCalendarLinks answers the links that add an event to Google Calendar and Outlook.
func (s *Service) GetCalendarLinks(ctx context.Context, req *activityv1.GetCalendarLinksRequest) (*activityv1.GetCalendarLinksResponse, error) {
	_, e, err := s.candidateEvent(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	entry := entryOf(e, s.PublicURL)
	return &activityv1.GetCalendarLinksResponse{CalendarUrl: calendar.GoogleLink(entry), MailCalendarUrl: calendar.OutlookLink(entry)}, nil
}

// DownloadEventCalendar answers one event as an .ics file.
func (s *Service) DownloadEventCalendar(ctx context.Context, req *activityv1.DownloadEventCalendarRequest) (*activityv1.DownloadEventCalendarResponse, error) {
	v, e, err := s.candidateEvent(ctx, req.GetId())
	if err != nil {
		return nil, err
	}
	now, loc, err := s.CallerTime(ctx, v)
	if err != nil {
		return nil, err
	}
	data := calendar.ICS(feedName, []calendar.Entry{entryOf(e, s.PublicURL)}, now)
	// The browser saves it under this name (the event's day in the candidate's zone).
	filename := "rendez-vous-tremplin-" + e.Date.In(loc).Format(time.DateOnly) + ".ics"
	attach(ctx, filename)
	return &activityv1.DownloadEventCalendarResponse{
		File:     &httpbody.HttpBody{ContentType: "text/calendar; charset=utf-8", Data: data},
		Filename: filename,
	}, nil
}

// feedFilename is the feed's name when a browser opens its address.
const feedFilename = "tremplin-mes-rendez-vous.ics"

// attach names the file of a download (Content-Disposition), for the JSON routes that answer
// the file itself.
func attach(ctx context.Context, filename string) {
	if call, ok := connect.CallInfoForHandlerContext(ctx); ok {
		call.ResponseHeader().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	}
}

// feedURL is the address a calendar program subscribes to.
func (s *Service) feedURL(token string) string {
	if token == "" {
		return ""
	}
	return strings.TrimRight(s.PublicURL, "/") + "/api/calendar-feed/" + token + ".ics"
}

// GetCalendarFeed answers the candidate's feed address, empty when they have none.
func (s *Service) GetCalendarFeed(ctx context.Context, _ *activityv1.GetCalendarFeedRequest) (*activityv1.GetCalendarFeedResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	token, err := secretlinks.Get(ctx, s.Client, v.UserID, secretlinks.CalendarFeed)
	if err != nil {
		return nil, err
	}
	return &activityv1.GetCalendarFeedResponse{Url: s.feedURL(token)}, nil
}

// ResetCalendarFeed makes the candidate a new feed address; the old one stops working.
func (s *Service) ResetCalendarFeed(ctx context.Context, _ *activityv1.ResetCalendarFeedRequest) (*activityv1.ResetCalendarFeedResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	token, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (string, error) {
		return secretlinks.Reset(ctx, tx.Client(), v.UserID, secretlinks.CalendarFeed)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.ResetCalendarFeedResponse{Url: s.feedURL(token)}, nil
}

// RevokeCalendarFeed ends the candidate's feed.
func (s *Service) RevokeCalendarFeed(ctx context.Context, _ *activityv1.RevokeCalendarFeedRequest) (*activityv1.RevokeCalendarFeedResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	if err := secretlinks.Revoke(ctx, s.Client, v.UserID, secretlinks.CalendarFeed); err != nil {
		return nil, err
	}
	return &activityv1.RevokeCalendarFeedResponse{}, nil
}

// ReadCalendarFeed answers the feed of a secret address: the owner's appointments and
// interviews from a week ago on. Nobody is signed in: the address is the secret.
func (s *Service) ReadCalendarFeed(ctx context.Context, req *activityv1.ReadCalendarFeedRequest) (*activityv1.ReadCalendarFeedResponse, error) {
	token := strings.TrimSuffix(req.GetToken(), ".ics")
	owner, ok, err := secretlinks.Owner(ctx, s.Client, secretlinks.CalendarFeed, token)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errFeedUnknown()
	}
	now := s.Now()
	// The feed lives only while its owner may use Tremplin: a licence that expired, a trial
	// that ended unpaid, an account deleted (its links with it) end it, as they end signing in.
	open, err := ownerActive(ctx, s.Client, owner, now)
	if err != nil {
		return nil, err
	}
	if !open {
		return nil, errFeedUnknown()
	}
	// As the owner: the tenancy rules then hold as for their own calls.
	asOwner := viewer.NewContext(ctx, &viewer.Viewer{UserID: owner, Role: viewer.RoleCandidate})
	found, err := s.Client.Event.Query().
		Where(event.OwnerID(owner), event.DateGTE(now.AddDate(0, 0, -feedPastDays))).
		Order(event.ByDate(), event.ByID()).
		Limit(1000).
		WithContact(refFields).
		All(asOwner)
	if err != nil {
		return nil, err
	}
	entries := make([]calendar.Entry, 0, len(found))
	for _, e := range found {
		entries = append(entries, entryOf(e, s.PublicURL))
	}
	attach(ctx, feedFilename)
	return &activityv1.ReadCalendarFeedResponse{
		File: &httpbody.HttpBody{ContentType: "text/calendar; charset=utf-8", Data: calendar.ICS(feedName, entries, now)},
	}, nil
}

// UnsubscribeTaskNotifications turns the morning e-mail off for the owner of the link.
// Following it twice is harmless.
func (s *Service) UnsubscribeTaskNotifications(ctx context.Context, req *activityv1.UnsubscribeTaskNotificationsRequest) (*activityv1.UnsubscribeTaskNotificationsResponse, error) {
	owner, ok, err := secretlinks.Owner(ctx, s.Client, secretlinks.Unsubscribe, req.GetToken())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errUnsubscribeUnknown()
	}
	if err := s.Client.User.Update().Where(user.ID(owner)).SetTaskNotifications(false).Exec(viewer.SystemContext(ctx)); err != nil {
		return nil, err
	}
	return &activityv1.UnsubscribeTaskNotificationsResponse{}, nil
}

// ownerActive reports whether the owner of a secret link may use Tremplin right now: they may
// sign in and have the access a candidate pays or is licensed for.
func ownerActive(ctx context.Context, client *ent.Client, owner uuid.UUID, now time.Time) (bool, error) {
	u, err := client.User.Query().Where(user.ID(owner)).WithLicense().Only(viewer.SystemContext(ctx))
	if ent.IsNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	acc := access.Evaluate(u, u.Edges.License, now)
	return acc.SignIn && acc.Premium, nil
}

// entryOf presents e (its Contact edge loaded when it has one); publicURL prefixes its link.
func entryOf(e *ent.Event, publicURL string) calendar.Entry {
	subject := enums.LabelOf[activityv1.EventSubject](e.Subject)
	title := "Tremplin – " + subject
	var details []string
	if c := e.Edges.Contact; c != nil {
		name := strings.TrimSpace(c.FirstName + " " + c.LastName)
		title += " – " + name
		contact := "Contact : " + name
		if c.Company != "" {
			contact += " (" + c.Company + ")"
		}
		details = append(details, contact)
	}
	details = append(details, "Moyen : "+enums.LabelOf[activityv1.MediaType](e.MediaType))
	if e.MediaDetails != "" {
		details = append(details, "Détails : "+e.MediaDetails)
	}
	return calendar.Entry{
		ID:       e.ID.String(),
		Title:    title,
		Details:  strings.Join(details, "\n"),
		Location: e.MediaDetails,
		Start:    e.Date.UTC(),
		Changed:  e.UpdatedAt.UTC(),
		Link:     strings.TrimRight(publicURL, "/") + "/event/" + e.ID.String(),
	}
}
