package jobs

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/access"
	"github.com/tremplin/tremplin/internal/callbacks"
	"github.com/tremplin/tremplin/internal/enums"
	"github.com/tremplin/tremplin/internal/mail"
	"github.com/tremplin/tremplin/internal/secretlinks"
	"github.com/tremplin/tremplin/internal/users"
	"github.com/tremplin/tremplin/internal/viewer"
)

// digestTask is one line of the morning e-mail.
type digestTask struct {
	Subject, Contact, Media, Priority string
}

// digestCallBack is a contact to call back, in the morning e-mail.
type digestCallBack struct {
	Name, Company, LastTouch string
}

// digestCallBacks is how many contacts to call back the e-mail names (the longest overdue).
const digestCallBacks = 5

// sendDigests sends each candidate of the zone who turned task notifications on — and still
// has premium access at this moment — one e-mail listing their unfinished tasks due on day
// (those carried over by the night included), oldest first deadline first, as the lists.
// Each e-mail is claimed for (day, candidate) before it is sent, and given back when it could
// not be sent, so it goes once, and is tried again at the next tick when SMTP failed.
func (r *Runner) sendDigests(ctx context.Context, zone string, day Day) (int, error) {
	sys := viewer.SystemContext(ctx)
	start, end := day.Bounds()
	due, err := r.Client.Task.Query().
		Where(
			task.StatusEQ(task.StatusNotStarted), task.DeadlineGTE(start), task.DeadlineLT(end),
			task.HasOwnerWith(user.TimeZone(zone), user.TaskNotifications(true), user.RoleEQ(user.RoleCandidate)),
		).
		Order(task.ByOwnerID(), task.ByInitialDeadline(), task.ByDeadline(), task.ByID()).
		WithContact().
		All(sys)
	if err != nil {
		return 0, err
	}
	byOwner := map[string][]*ent.Task{}
	var owners []string
	for _, t := range due {
		k := t.OwnerID.String()
		if byOwner[k] == nil {
			owners = append(owners, k)
		}
		byOwner[k] = append(byOwner[k], t)
	}
	sent := 0
	var errs []error
	for _, owner := range owners {
		ok, err := r.sendDigest(ctx, byOwner[owner], day)
		if err != nil {
			errs = append(errs, err)
		}
		if ok {
			sent++
		}
	}
	if sent > 0 {
		r.Log.Info("task e-mails sent", "zone", zone, "day", day.String(), "sent", sent)
	}
	return sent, errors.Join(errs...)
}

// sendDigest sends one candidate's e-mail; false when it was not theirs to receive (no
// premium any more, already sent).
func (r *Runner) sendDigest(ctx context.Context, due []*ent.Task, day Day) (bool, error) {
	sys := viewer.SystemContext(ctx)
	now := r.Clock.Now()
	u, err := r.Client.User.Query().Where(user.ID(due[0].OwnerID)).WithLicense().Only(sys)
	if err != nil {
		return false, err
	}
	// Premium is checked again now: a trial may have ended since the option was set.
	if !u.TaskNotifications || !access.Evaluate(u, u.Edges.License, now).Premium {
		return false, nil
	}
	key := day.String() + "/" + u.ID.String()
	claimed, err := claim(ctx, r.Client, Digest, key, now)
	if err != nil || !claimed {
		return false, err
	}
	token, err := secretlinks.Ensure(viewer.NewContext(ctx, &viewer.Viewer{UserID: u.ID, Role: viewer.RoleCandidate}), r.Client, u.ID, secretlinks.Unsubscribe)
	if err != nil {
		return false, errors.Join(err, release(ctx, r.Client, Digest, key))
	}
	base := strings.TrimRight(r.PublicURL, "/")
	data := struct {
		FirstName, Day, ActivitiesLink, UnsubscribeLink, NetworkLink string
		Tasks                                                        []digestTask
		CallBacks                                                    []digestCallBack
		MoreCallBacks                                                int
	}{
		FirstName:       u.FirstName,
		Day:             frenchDay(day),
		ActivitiesLink:  base + "/activities",
		NetworkLink:     base + "/contacts",
		UnsubscribeLink: base + "/unsubscribe?token=" + token,
	}
	loc := users.LocationOf(u)
	calls, err := callbacks.List(sys, r.Client, u.ID, now, loc)
	if err != nil {
		return false, errors.Join(err, release(ctx, r.Client, Digest, key))
	}
	for i, d := range calls {
		if i == digestCallBacks {
			data.MoreCallBacks = len(calls) - i
			break
		}
		line := digestCallBack{Name: strings.TrimSpace(d.Contact.FirstName + " " + d.Contact.LastName), Company: d.Contact.Company,
			LastTouch: "jamais contacté"}
		if d.LastTouch != nil {
			line.LastTouch = "dernier échange le " + frenchDate(d.LastTouch.In(loc))
		}
		data.CallBacks = append(data.CallBacks, line)
	}
	for _, t := range due {
		line := digestTask{Subject: enums.LabelOf[activityv1.TaskSubject](t.Subject)}
		if t.Subject == task.SubjectOther && t.CustomSubject != "" {
			line.Subject = t.CustomSubject
		}
		if c := t.Edges.Contact; c != nil {
			line.Contact = strings.TrimSpace(c.FirstName + " " + c.LastName)
		}
		if t.MediaType != nil {
			line.Media = enums.LabelOf[activityv1.MediaType](*t.MediaType)
		}
		if t.Priority != task.PriorityNormal {
			line.Priority = strings.ToLower(enums.LabelOf[activityv1.TaskPriority](t.Priority))
		}
		data.Tasks = append(data.Tasks, line)
	}
	subject := fmt.Sprintf("Vos tâches du %s", data.Day)
	msg, err := mail.Render("task-digest", u.Email, subject, data)
	if err != nil {
		return false, errors.Join(err, release(ctx, r.Client, Digest, key))
	}
	if err := r.Mail.Send(ctx, msg); err != nil {
		return false, errors.Join(fmt.Errorf("sending the task e-mail of %s: %w", u.ID, err), release(ctx, r.Client, Digest, key))
	}
	return true, finishClaim(ctx, r.Client, Digest, key, r.Clock.Now(), nil)
}

var (
	frenchWeekdays = [...]string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"}
	frenchMonths   = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
)

// frenchDay writes a day as « mardi 24 novembre ».
func frenchDay(d Day) string {
	return fmt.Sprintf("%s %d %s", frenchWeekdays[d.Date.Weekday()], d.Date.Day(), frenchMonths[d.Date.Month()-1])
}
