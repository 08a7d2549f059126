package testserver

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/actiontoken"
	"github.com/tremplin/tremplin/ent/application"
	"github.com/tremplin/tremplin/ent/contact"
	"github.com/tremplin/tremplin/ent/dashboardsetting"
	"github.com/tremplin/tremplin/ent/event"
	"github.com/tremplin/tremplin/ent/license"
	"github.com/tremplin/tremplin/ent/session"
	"github.com/tremplin/tremplin/ent/tag"
	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Owned counts the rows that are the user's, by kind: their account, contacts, tags, tasks,
// events, applications, dashboard settings, sessions, password links and licence — what the
// deletion of an account leaves none of.
func (s *Start) Owned(t testing.TB, userID uuid.UUID) map[string]int {
	t.Helper()
	sys := viewer.SystemContext(context.Background())
	return map[string]int{
		"account":      s.Client.User.Query().Where(user.ID(userID)).CountX(sys),
		"contacts":     s.Client.Contact.Query().Where(contact.OwnerID(userID)).CountX(sys),
		"tags":         s.Client.Tag.Query().Where(tag.OwnerID(userID)).CountX(sys),
		"tasks":        s.Client.Task.Query().Where(task.OwnerID(userID)).CountX(sys),
		"events":       s.Client.Event.Query().Where(event.OwnerID(userID)).CountX(sys),
		"applications": s.Client.Application.Query().Where(application.OwnerID(userID)).CountX(sys),
		"settings":     s.Client.DashboardSetting.Query().Where(dashboardsetting.OwnerID(userID)).CountX(sys),
		"sessions":     s.Client.Session.Query().Where(session.UserID(userID)).CountX(sys),
		"links":        s.Client.ActionToken.Query().Where(actiontoken.UserID(userID)).CountX(sys),
		"licence":      s.Client.License.Query().Where(license.CandidateID(userID)).CountX(sys),
	}
}
