package db_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/db"
	"github.com/tremplin/tremplin/internal/db/migrationdiff"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// The migrations apply on an empty database of each dialect, and a second start finds
// nothing to do.
func TestMigrationsApplyOnEmptyDatabase(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			rawURL := "sqlite:" + filepath.Join(t.TempDir(), "empty.db")
			if dia == testdb.Postgres {
				rawURL = testdb.EmptyPostgresURL(t)
			}
			ctx := context.Background()
			database, err := db.Open(ctx, rawURL)
			if err != nil {
				t.Fatal(err)
			}
			defer database.Close()
			if err := database.Migrate(); err != nil {
				t.Fatalf("first migration: %v", err)
			}
			if err := database.Migrate(); err != nil {
				t.Fatalf("second start: %v", err)
			}
			// The schema is usable through ent.
			ctx = viewer.SystemContext(ctx)
			u, err := database.Client.User.Create().SetEmail("a@b.fr").SetRole(user.RoleAdmin).Save(ctx)
			if err != nil {
				t.Fatalf("writing through ent: %v", err)
			}
			if got := database.Client.User.Query().Where(user.Email("a@b.fr")).OnlyX(ctx); got.ID != u.ID {
				t.Fatalf("read back %v, want %v", got.ID, u.ID)
			}
		})
	}
}

// The committed migrations describe exactly the ent schema: computing a new migration from
// them writes nothing. When this fails, run `make migration name=…` and commit the result.
func TestMigrationsMatchSchema(t *testing.T) {
	for _, dia := range testdb.Dialects() {
		t.Run(string(dia), func(t *testing.T) {
			src := filepath.Join("..", "..", "ent", "migrate", "migrations", map[testdb.Dialect]string{testdb.SQLite: "sqlite", testdb.Postgres: "postgres"}[dia])
			if err := migrationdiff.Validate(src); err != nil {
				t.Fatalf("%s: atlas.sum does not match the files (hand-edited migration?): %v", src, err)
			}
			dir := t.TempDir()
			copyDir(t, src, dir)
			devURL := "sqlite://dev-" + t.Name() + "?mode=memory&_pragma=foreign_keys(1)"
			if dia == testdb.Postgres {
				devURL = testdb.EmptyPostgresURL(t)
			}
			wrote, err := migrationdiff.Write(context.Background(), dir, devURL, string(dia), "drift")
			if err != nil {
				t.Fatal(err)
			}
			if wrote {
				entries, _ := os.ReadDir(dir)
				for _, e := range entries {
					if filepath.Ext(e.Name()) == ".sql" {
						data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
						t.Logf("%s:\n%s", e.Name(), data)
					}
				}
				t.Fatalf("the %s migrations drift from ent/schema: run `make migration name=…` and commit", dia)
			}
		})
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}
