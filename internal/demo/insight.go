package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/activeday"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/pageview"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/contacts"
	"github.com/tremplin/tremplin/internal/resource"
)

// The weeks behind the week, for the insight screens: candidates of the first agency who
// share their progress with it, each with three months of work (and three who do not, so
// that the agency's anonymous totals show), the demo candidate's days of use, and page views.
// Their past is written once: a candidate who has contacts already keeps them.

// followed are the first agency's candidates shown on « Suivi de l'agence »: pace is how busy
// each is (a multiplier of the base week), shares whether they share their progress.
var followed = []struct {
	p      person
	pace   int
	shares bool
}{
	{person{"suivi-ines@demo.tremplin.fr", "Inès", "Garnier", user.CivilityFemale, user.RoleCandidate, "Chargée de recrutement"}, 3, true},
	{person{"suivi-yanis@demo.tremplin.fr", "Yanis", "Mercier", user.CivilityMale, user.RoleCandidate, "Technicien support"}, 2, true},
	{person{"suivi-ambre@demo.tremplin.fr", "Ambre", "Faure", user.CivilityFemale, user.RoleCandidate, "Juriste"}, 1, true},
	{person{"suivi-noah@demo.tremplin.fr", "Noah", "Blanc", user.CivilityMale, user.RoleCandidate, "Magasinier"}, 1, false},
	{person{"suivi-jade@demo.tremplin.fr", "Jade", "Guerin", user.CivilityFemale, user.RoleCandidate, "Infirmière"}, 2, false},
	{person{"suivi-lucas@demo.tremplin.fr", "Lucas", "Boyer", user.CivilityMale, user.RoleCandidate, "Comptable"}, 1, false},
}

func seedInsight(ctx context.Context, d *seeder, ag *ent.Agency, candidate *ent.User) error {
	now := d.now
	for _, f := range followed {
		u, err := d.b2b(ctx, ag, f.p, licenceFrom(now.AddDate(0, -3, 0), now.AddDate(0, 9, 0)))
		if err != nil {
			return err
		}
		// Used every few days (the licence's activation is their first sign-in, months ago).
		err = d.c.User.UpdateOneID(u.ID).SetShareProgressWithAgency(f.shares).SetLastLoginAt(now.AddDate(0, 0, -4+f.pace)).Exec(ctx)
		if err != nil {
			return err
		}
		// Objectives within reach (3 contacts and 3 first tasks, an interview and an application
		// a week), so that some weeks are on target.
		err = d.c.DashboardSetting.Create().SetOwnerID(u.ID).
			SetNewContactLow(1).SetNewContactMedium(3).SetNewContactHigh(5).SetFirstTaskLow(1).SetFirstTaskMedium(3).SetFirstTaskHigh(5).
			SetCompletedInterviewLow(0).SetCompletedInterviewMedium(1).SetCompletedInterviewHigh(2).
			SetEngagedApplicationLow(0).SetEngagedApplicationMedium(1).SetEngagedApplicationHigh(2).
			OnConflictColumns(dashboardsetting.FieldOwnerID).UpdateNewValues().Exec(ctx)
		if err != nil {
			return err
		}
		if err := seedPast(ctx, d.c, u, f.pace, now); err != nil {
			return fmt.Errorf("demo weeks of %s: %w", f.p.email, err)
		}
	}
	if err := seedDaysOfUse(ctx, d.c, candidate, 3, now); err != nil {
		return err
	}
	return seedPageViews(ctx, d.c, now)
}

// seedPast writes eleven past weeks of work for u, busier with pace and varying week to
// week: contacts met (engaged once a task is done with them), tasks completed, an interview
// every other or third week, applications sent, and days of use.
func seedPast(ctx context.Context, c *ent.Client, u *ent.User, pace int, now time.Time) error {
	has, err := c.Contact.Query().Where(contact.OwnerID(u.ID)).Exist(ctx)
	if err != nil || has {
		return err
	}
	for w := 1; w <= 11; w++ {
		monday := now.AddDate(0, 0, -7*w)
		at := func(day, hour int) time.Time {
			y, m, dd := monday.AddDate(0, 0, day).Date()
			return time.Date(y, m, dd, hour, 0, 0, 0, time.UTC)
		}
		n := pace + (w*7+pace)%4 // 1 to 6 contacts a week
		for i := range n {
			first := firstNames[(w*5+i*3+pace)%len(firstNames)]
			last, _ := contacts.NormalizeLastName(lastNames[(w*3+i*7)%len(lastNames)])
			ct, err := c.Contact.Create().SetOwnerID(u.ID).SetFirstName(first).SetLastName(last).
				SetCompany(companies[(w+i)%len(companies)]).SetEmail(fmt.Sprintf("contact-%d-%d@exemple.fr", w, i)).
				SetOrigin("manual").SetRank(1).SetStatus(contact.StatusEngaged).
				SetCreatedAt(at(i%5, 10)).SetResources([]resource.Resource{}).Save(ctx)
			if err != nil {
				return err
			}
			due := at(i%5+1, 9)
			err = c.Task.Create().SetOwnerID(u.ID).SetContactID(ct.ID).SetSubject(task.SubjectFirstContact).
				SetMediaType(task.MediaTypeEmail).SetPriority(task.PriorityNormal).SetStatus(task.StatusCompleted).
				SetInitialDeadline(due).SetDeadline(due).SetExecutionDate(due).SetCreatedAt(due.AddDate(0, 0, -1)).
				SetResources([]resource.Resource{}).Exec(ctx)
			if err != nil {
				return err
			}
		}
		if (w+pace)%2 == 0 || (pace == 3 && w%3 == 0) {
			err := c.Event.Create().SetOwnerID(u.ID).SetType(event.TypeInterview).SetSubject(event.SubjectRecruitment).
				SetMediaType(event.MediaTypeVideoConferencing).SetStatus(event.StatusCompleted).SetDate(at(3, 14)).
				SetMood(event.MoodSatisfying).SetResources([]resource.Resource{}).Exec(ctx)
			if err != nil {
				return err
			}
		}
		for i := range (w + pace) % 3 {
			sent := at(1+i, 11)
			err := c.Application.Create().SetOwnerID(u.ID).SetCompany(companies[(w*2+i)%len(companies)]).
				SetJob(u.Job).SetSource(application.SourceJobBoard).SetStatus(application.StatusEngaged).
				SetCreatedAt(sent.AddDate(0, 0, -1)).SetEngagedAt(sent).Exec(ctx)
			if err != nil {
				return err
			}
		}
	}
	return seedDaysOfUse(ctx, c, u, pace, now)
}

// seedDaysOfUse marks days of use over the last twelve weeks: more with pace.
func seedDaysOfUse(ctx context.Context, c *ent.Client, u *ent.User, pace int, now time.Time) error {
	var creates []*ent.ActiveDayCreate
	for back := range 84 {
		// Some days each week, more with pace; the least busy skip a week in four.
		if (back*pace+back/7)%5 >= pace+1 || (pace == 1 && (back/7)%4 == 2) {
			continue
		}
		creates = append(creates, c.ActiveDay.Create().SetUserID(u.ID).SetDay(now.AddDate(0, 0, -back).Format(time.DateOnly)))
	}
	return c.ActiveDay.CreateBulk(creates...).OnConflictColumns(activeday.FieldUserID, activeday.FieldDay).Ignore().Exec(ctx)
}

// seedPageViews counts twelve weeks of views of the main screens, once.
func seedPageViews(ctx context.Context, c *ent.Client, now time.Time) error {
	has, err := c.PageView.Query().Exist(ctx)
	if err != nil || has {
		return err
	}
	screens := []struct {
		route string
		role  pageview.Role
		daily int64
	}{
		{"/login", pageview.RoleAnonymous, 40}, {"/", pageview.RoleCandidate, 55}, {"/dashboard", pageview.RoleCandidate, 30},
		{"/contacts", pageview.RoleCandidate, 35}, {"/contact/:id", pageview.RoleCandidate, 48}, {"/activities", pageview.RoleCandidate, 25},
		{"/applications", pageview.RoleCandidate, 20}, {"/candidates", pageview.RoleAgencyAdmin, 9}, {"/insight", pageview.RoleAgencyAdmin, 3},
		{"/agencies", pageview.RoleAdmin, 2},
	}
	var creates []*ent.PageViewCreate
	for back := range 84 {
		day := now.AddDate(0, 0, -back)
		weekend := day.Weekday() == time.Saturday || day.Weekday() == time.Sunday
		for i, s := range screens {
			views := s.daily + int64((back*7+i*3)%11) - int64(back/12)
			if weekend {
				views /= 3
			}
			creates = append(creates, c.PageView.Create().SetDay(day.Format(time.DateOnly)).SetRoute(s.route).SetRole(s.role).SetViews(max(views, 1)))
		}
	}
	return c.PageView.CreateBulk(creates...).Exec(ctx)
}

var (
	firstNames = []string{"Claire", "Julien", "Sarah", "Mehdi", "Laura", "Antoine", "Camille", "Karim", "Manon", "Hugo", "Léna", "Paul"}
	lastNames  = []string{"Roux", "Lemoine", "Fontaine", "Chevallier", "Perrin", "Morel", "Gauthier", "Brun", "Colin", "Vidal", "Renard", "Arnaud", "Picard"}
	companies  = []string{"Decathlon", "Orange", "Capgemini", "SNCF", "Groupe SEB", "Leroy Merlin", "Ubisoft", "Michelin", "BNP Paribas", "Veolia"}
)
