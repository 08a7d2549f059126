package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/tremplin/tremplin/internal/clock"
	"github.com/tremplin/tremplin/internal/jobs"
	"github.com/tremplin/tremplin/internal/testdb"
)

// Budget (issue 12): the nightly escalation over 1,000,000 tasks on PostgreSQL in under 5 s,
// one statement for the tasks due on the day (besides the claim and the read of tasks left
// from earlier days, which finds none). A thousand candidates in Paris with a thousand
// unfinished tasks each, due over the coming year (some 2,700 due on the night's day, found
// through the (status, deadline) index, not by reading the million). Run with
//
//	TEST_DATABASE_URL=… go test -run '^$' -bench Escalation -benchtime 1x ./internal/jobs/
//
// It reports the escalation's own time (the seeding is outside the measure) and the tasks
// raised.
func BenchmarkEscalationMillionTasks(b *testing.B) {
	if !slices.Contains(testdb.Dialects(), testdb.Postgres) {
		b.Skip("the budget is PostgreSQL's: set TEST_DATABASE_URL")
	}
	d := testdb.New(b, testdb.Postgres)
	ctx := context.Background()
	day := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	// A thousand candidates in Paris, a thousand tasks each due at noon, from the 24th over the
	// year (hashtext can be negative: the remainder is brought back into 0–364, or half the
	// tasks would be overdue and carried over by the night too).
	_, err := d.SQL.ExecContext(ctx, `
		INSERT INTO users (id, created_at, updated_at, role, email, is_b2c, has_paid, has_free_access, task_notifications,
			origin, time_zone, subscription_status, subscription_cancel_at_period_end, data_version, first_name, last_name, job,
			mobile_number, phone_number)
		SELECT gen_random_uuid(), now(), now(), 'candidate', 'bench' || i || '@exemple.fr', true, false, false, false,
			'seed', 'Europe/Paris', '', false, 0, '', '', '', '', ''
		FROM generate_series(1, 1000) AS i`)
	if err != nil {
		b.Fatal(err)
	}
	_, err = d.SQL.ExecContext(ctx, `
		INSERT INTO tasks (id, created_at, updated_at, subject, priority, status, initial_deadline, deadline, resources, owner_id)
		SELECT gen_random_uuid(), now(), now(), 'internet-searches', CASE WHEN n % 3 = 0 THEN 'high' ELSE 'normal' END,
			'not-started', d, d, '[]', u.id
		FROM users u CROSS JOIN generate_series(1, 1000) AS n
		CROSS JOIN LATERAL (SELECT $1::timestamptz + (((n + hashtext(u.id::text)) % 365 + 365) % 365) * interval '1 day' AS d) AS due`, day.Add(11*time.Hour))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.SQL.ExecContext(ctx, `ANALYZE tasks; ANALYZE users`); err != nil {
		b.Fatal(err)
	}
	var due int
	if err := d.SQL.QueryRowContext(ctx, `SELECT count(*) FROM tasks WHERE deadline = $1`, day.Add(11*time.Hour)).Scan(&due); err != nil {
		b.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for b.Loop() {
		b.StopTimer()
		if _, err := d.SQL.ExecContext(ctx, `UPDATE tasks SET priority = 'normal', deadline = initial_deadline, escalated_at = NULL WHERE escalated_at IS NOT NULL; DELETE FROM job_runs`); err != nil {
			b.Fatal(err)
		}
		// The night after the 24th (the day that ended), in Paris.
		r := &jobs.Runner{Client: d.Client, Clock: clock.NewFake(day.Add(25 * time.Hour)), Log: log}
		b.StartTimer()
		n, err := r.RunNow(ctx, jobs.Escalation, day)
		if err != nil || n != due {
			b.Fatalf("%d tasks raised, %v; %d due", n, err, due)
		}
	}
	b.ReportMetric(float64(due), "tasks-raised")
}
