package insight_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/benchmark"
	"github.com/tremplin/tremplin/internal/testserver"
)

// seedAgency gives the agency n candidates (half sharing their progress) with 100 activities
// each over the last twelve weeks: 40 tasks, 30 events, 20 contacts, 10 applications.
func seedAgency(b *testing.B, srv *testserver.Start, a *ent.Agency, n int) {
	now := srv.Clock.Now()
	var users []*ent.UserCreate
	for i := range n {
		users = append(users, srv.Client.User.Create().SetEmail(fmt.Sprintf("c%d-%s@exemple.fr", i, uuid.NewString()[:8])).
			SetRole(user.RoleCandidate).SetAgencyID(a.ID).SetShareProgressWithAgency(i%2 == 0).SetFirstName("Prénom").SetLastName(fmt.Sprintf("NOM%d", i)))
	}
	candidates := srv.Client.User.CreateBulk(users...).SaveX(sys)
	at := func(i int) time.Time { return now.Add(-time.Duration(i%84) * 24 * time.Hour).Add(-time.Hour) }
	for _, c := range candidates {
		var ts []*ent.TaskCreate
		for i := range 40 {
			status := task.StatusNotStarted
			if i%3 > 0 {
				status = task.StatusCompleted
			}
			ts = append(ts, srv.Client.Task.Create().SetOwnerID(c.ID).SetSubject(task.SubjectReminder).SetStatus(status).
				SetDeadline(at(i*2)).SetInitialDeadline(at(i*2)))
		}
		srv.Client.Task.CreateBulk(ts...).ExecX(sys)
		var es []*ent.EventCreate
		for i := range 30 {
			es = append(es, srv.Client.Event.Create().SetOwnerID(c.ID).SetSubject(event.SubjectRecruitment).SetType(event.TypeInterview).
				SetStatus(event.StatusCompleted).SetMediaType(event.MediaTypeMobile).SetDate(at(i*3)))
		}
		srv.Client.Event.CreateBulk(es...).ExecX(sys)
		var cs []*ent.ContactCreate
		for i := range 20 {
			cs = append(cs, srv.Client.Contact.Create().SetOwnerID(c.ID).SetFirstName("C").SetLastName("X").SetEmail("c@exemple.fr").SetCreatedAt(at(i*4)))
		}
		srv.Client.Contact.CreateBulk(cs...).ExecX(sys)
		var as []*ent.ApplicationCreate
		for i := range 10 {
			as = append(as, srv.Client.Application.Create().SetOwnerID(c.ID).SetCompany("Airbus").SetJob("Acheteuse").
				SetSource(application.SourceJobBoard).SetStatus(application.StatusEngaged).SetCreatedAt(at(i*8)).SetEngagedAt(at(i*8)))
		}
		srv.Client.Application.CreateBulk(as...).ExecX(sys)
	}
}

// Budget (issue 22): « Suivi de l'agence » for an agency of 500 candidates with 100
// activities each, p50 under 50 ms, over real HTTP. The candidates' weeks are kept between
// readings under their data versions; before each reading, « unchanged » changes nothing,
// « tenth-changed » moves the version of 50 candidates (as many writing since the last
// reading: theirs are counted again), « all-changed » every one's (what a first reading
// costs). Run with
//
//	go test -run '^$' -bench AgencyInsight -benchtime 40x ./services/insight/
func BenchmarkAgencyInsight(b *testing.B) {
	testserver.EachDialect(b, func(b *testing.B, srv *testserver.Start) {
		a := srv.CreateAgency(b, "Agence Grande", 600)
		admin := srv.SignInAs(b, testserver.AgencyAdmin, "admin@grande.fr", a)
		seedAgency(b, srv, a, 500)
		ids := srv.Client.User.Query().Where(user.AgencyID(a.ID), user.RoleEQ(user.RoleCandidate)).IDsX(sys)
		const read = "/tremplin.insight.v1.InsightService/GetAgencyInsight?connect=v1&encoding=json&message=%7B%7D"
		for _, changed := range []struct {
			name string
			n    int
		}{{"unchanged", 0}, {"tenth-changed", len(ids) / 10}, {"all-changed", len(ids)}} {
			b.Run(changed.name, func(b *testing.B) {
				next := 0
				benchmark.HTTP(b, admin.HTTP, func() *http.Request {
					if changed.n > 0 {
						some := make([]uuid.UUID, changed.n)
						for i := range some {
							some[i] = ids[(next+i)%len(ids)]
						}
						next += changed.n
						srv.Client.User.Update().Where(user.IDIn(some...)).AddDataVersion(1).ExecX(sys)
					}
					return srv.Request(b, http.MethodGet, read, "")
				})
			})
		}
	})
}
