package jobs

import (
	"context"

	"entgo.io/ent/dialect/sql"

	"github.com/tremplin/tremplin/ent/task"
	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/viewer"
)

// escalate raises by one level (normal → high → urgent) the priority of every unfinished task
// of the zone's candidates due on day, once: the run (day, zone) is claimed first, and a task
// already raised that day is left alone. One set-based statement.
func (r *Runner) escalate(ctx context.Context, zone string, day Day) (int, error) {
	key := day.String() + "/" + zone
	now := r.Clock.Now()
	claimed, err := claim(ctx, r.Client, Escalation, key, now)
	if err != nil || !claimed {
		return 0, err
	}
	start, end := day.Bounds()
	n, err := r.Client.Task.Update().
		Where(
			task.StatusEQ(task.StatusNotStarted),
			task.PriorityIn(task.PriorityNormal, task.PriorityHigh),
			task.DeadlineGTE(start), task.DeadlineLT(end),
			task.Or(task.EscalatedAtIsNil(), task.EscalatedAtLT(start)),
			task.HasOwnerWith(user.TimeZone(zone)),
		).
		Modify(func(u *sql.UpdateBuilder) {
			u.Set(task.FieldPriority, sql.Expr("CASE WHEN "+task.FieldPriority+" = 'normal' THEN 'high' ELSE 'urgent' END"))
		}).
		SetEscalatedAt(now).
		Save(viewer.SystemContext(ctx))
	if ferr := finishClaim(ctx, r.Client, Escalation, key, r.Clock.Now(), err); ferr != nil && err == nil {
		err = ferr
	}
	if err == nil {
		r.Log.Info("priorities raised", "zone", zone, "day", day.String(), "tasks", n)
	}
	return n, err
}
