// Package testdb gives each test a fresh, migrated database: SQLite always, and PostgreSQL too
// when TEST_DATABASE_URL points at a server (trust auth is enough). PostgreSQL databases are
// copied from a template migrated once per test binary, then dropped.
package testdb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/tremplin/tremplin/ent/migrate/migrations"
	"github.com/tremplin/tremplin/internal/db"
)

// Dialect names a database kind a test runs against.
type Dialect string

const (
	SQLite   Dialect = dialect.SQLite
	Postgres Dialect = dialect.Postgres
)

// Dialects lists the dialects this run covers: SQLite, plus PostgreSQL when TEST_DATABASE_URL
// is set.
func Dialects() []Dialect {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []Dialect{SQLite, Postgres}
	}
	return []Dialect{SQLite}
}

// Runner is a test or a benchmark: what runs its parts as subtests or sub-benchmarks.
type Runner[T any] interface {
	testing.TB
	Run(name string, fn func(T)) bool
}

// Each runs fn as a subtest (a sub-benchmark, for a *testing.B) once per dialect, each with its
// own fresh database.
func Each[T Runner[T]](t T, fn func(t T, d *db.Database)) {
	t.Helper()
	for _, dia := range Dialects() {
		t.Run(string(dia), func(t T) {
			fn(t, New(t, dia))
		})
	}
}

// New opens a fresh migrated database of the dialect, closed and removed at the end of t.
func New(t testing.TB, dia Dialect) *db.Database {
	t.Helper()
	rawURL := URL(t, dia)
	database, err := db.Open(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("opening test database: %v", err)
	}
	t.Cleanup(func() { _ = database.Close() })
	if dia == SQLite {
		if err := database.Migrate(); err != nil {
			t.Fatalf("migrating test database: %v", err)
		}
	}
	return database
}

// URL creates a fresh database of the dialect and answers its DATABASE_URL. PostgreSQL ones
// are already migrated (copied from the template); SQLite ones are empty.
func URL(t testing.TB, dia Dialect) string {
	t.Helper()
	if dia == SQLite {
		return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
	}
	return freshPostgres(t, true)
}

// EmptyPostgresURL creates an empty PostgreSQL database (no migrations applied).
func EmptyPostgresURL(t testing.TB) string {
	t.Helper()
	return freshPostgres(t, false)
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

func freshPostgres(t testing.TB, migrated bool) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Fatal("TEST_DATABASE_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	template := "template0"
	if migrated {
		templateOnce.Do(func() { templateName, templateErr = makeTemplate(base) })
		if templateErr != nil {
			t.Fatalf("preparing the PostgreSQL template: %v", templateErr)
		}
		template = templateName
	}
	name := "tremplin_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := admin.Exec(fmt.Sprintf(`CREATE DATABASE %s TEMPLATE %s`, name, template)); err != nil {
		t.Fatalf("creating %s: %v", name, err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec(fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, name))
	})
	return withDatabase(base, name)
}

// makeTemplate returns the database every PostgreSQL test database is copied from. Its name
// comes from a hash of the migrations, so runs share it until the migrations change; an
// advisory lock keeps test binaries running in parallel from creating it twice.
func makeTemplate(base string) (string, error) {
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(72471)`); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock(72471)`) //nolint:errcheck
	name, err := templateNameFor()
	if err != nil {
		return "", err
	}
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_wip"
	_, _ = conn.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, building))
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE %s TEMPLATE template0`, building)); err != nil {
		return "", err
	}
	database, err := db.Open(ctx, withDatabase(base, building))
	if err != nil {
		return "", err
	}
	err = database.Migrate()
	// No connection may remain open on a template being copied.
	_ = database.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`ALTER DATABASE %s RENAME TO %s`, building, name)); err != nil {
		return "", err
	}
	return name, nil
}

// templateNameFor names the template after the migrations it holds.
func templateNameFor() (string, error) {
	sum := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := migrations.FS.ReadFile(path)
		if err != nil {
			return err
		}
		sum.Write([]byte(path))
		sum.Write(data)
		return nil
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("tremplin_tpl_%x", sum.Sum(nil)[:8]), nil
}

func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u.Path = "/" + name
	return u.String()
}
