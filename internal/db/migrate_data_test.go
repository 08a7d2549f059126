package db

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/viewer"
)

// A migration that rebuilds a SQLite table (atlas copies it and drops the old one) must keep
// the rows of every table pointing at it: with foreign keys enforced, the DROP would cascade.
func TestSQLiteTableRebuildKeepsDependentRows(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// The first migration, then data, then the rest (20261122061416 rebuilds users).
	if err := d.migrate(20261122043806); err != nil {
		t.Fatal(err)
	}
	userID, contactID := uuid.New(), uuid.New()
	now := time.Now().UTC().Format("2006-01-02 15:04:05")
	mustExec(t, d, `INSERT INTO users (id, created_at, updated_at, role, email) VALUES (?, ?, ?, 'candidate', 'a@b.fr')`, userID.String(), now, now)
	mustExec(t, d, `INSERT INTO contacts (id, created_at, updated_at, owner_id, resources) VALUES (?, ?, ?, ?, '[]')`, contactID.String(), now, now, userID.String())
	mustExec(t, d, `INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, x'01', ?, ?, ?, ?)`, uuid.NewString(), userID.String(), now, now, now)

	if err := d.Migrate(); err != nil {
		t.Fatal(err)
	}
	for table, want := range map[string]int{"users": 1, "contacts": 1, "sessions": 1} {
		var n int
		if err := d.SQL.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Errorf("%s: %d rows after migrating, want %d", table, n, want)
		}
	}
	// Foreign keys are enforced again on the application's connections.
	var on int
	if err := d.SQL.QueryRow(`PRAGMA foreign_keys`).Scan(&on); err != nil || on != 1 {
		t.Errorf("foreign_keys = %d (%v) on the application connection", on, err)
	}
}

func mustExec(t *testing.T, d *Database, query string, args ...any) {
	t.Helper()
	if _, err := d.SQL.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// Times written as text by the driver before 20261124060000 (its "sqlite" format, with any
// offset) become integer microseconds: read back through ent as the same instants, sorted and
// compared by value, and written back as text by the down migration.
func TestSQLiteTextTimesBecomeMicroseconds(t *testing.T) {
	ctx := viewer.SystemContext(context.Background())
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	const before = 20261123220701
	if err := d.migrate(before); err != nil {
		t.Fatal(err)
	}
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	const oldFormat = "2006-01-02 15:04:05.999999999-07:00"
	written := map[string]time.Time{
		"fraction@exemple.fr": time.Date(2026, 11, 20, 9, 30, 15, 123456789, time.UTC),
		"paris@exemple.fr":    time.Date(2026, 11, 20, 10, 0, 0, 0, paris), // 09:00 UTC, written "+01:00"
		"whole@exemple.fr":    time.Date(2026, 11, 20, 9, 30, 15, 0, time.UTC),
		"old@exemple.fr":      time.Date(1999, 12, 31, 23, 59, 59, 5000, time.UTC),
	}
	for email, at := range written {
		text := at.Format(oldFormat)
		mustExec(t, d, `INSERT INTO users (id, created_at, updated_at, role, email) VALUES (?, ?, ?, 'candidate', ?)`, uuid.NewString(), text, text, email)
	}

	if err := d.Migrate(); err != nil {
		t.Fatal(err)
	}
	var texts int
	if err := d.SQL.QueryRow(`SELECT count(*) FROM users WHERE typeof(created_at) <> 'integer' OR typeof(updated_at) <> 'integer'`).Scan(&texts); err != nil || texts != 0 {
		t.Fatalf("%d users still have text times (%v)", texts, err)
	}
	users := d.Client.User.Query().Order(user.ByCreatedAt()).AllX(ctx)
	var order []string
	for _, u := range users {
		order = append(order, u.Email)
		if want := written[u.Email].Truncate(time.Microsecond); !u.CreatedAt.Equal(want) || !u.UpdatedAt.Equal(want) {
			t.Errorf("%s: read back %v / %v, want %v", u.Email, u.CreatedAt, u.UpdatedAt, want)
		}
	}
	if want := []string{"old@exemple.fr", "paris@exemple.fr", "whole@exemple.fr", "fraction@exemple.fr"}; !slices.Equal(order, want) {
		t.Errorf("sorted by creation: %v, want %v", order, want)
	}
	if n := d.Client.User.Query().Where(user.CreatedAtGT(written["whole@exemple.fr"])).CountX(ctx); n != 1 {
		t.Errorf("%d users created after 09:30:15 UTC, want 1 (the one at .123456)", n)
	}

	if err := d.migrate(before); err != nil {
		t.Fatal(err)
	}
	for email, at := range written {
		var text string
		if err := d.SQL.QueryRow(`SELECT created_at || '' FROM users WHERE email = ?`, email).Scan(&text); err != nil {
			t.Fatal(err)
		}
		if want := at.UTC().Truncate(time.Microsecond).Format(oldFormat); text != want {
			t.Errorf("%s: down migration wrote %q, want %q", email, text, want)
		}
	}
}
