package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"
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
