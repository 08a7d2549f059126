// Package db opens Tremplin's database — PostgreSQL in production, SQLite (pure Go) as the
// zero-setup default — and applies the versioned migrations at start-up.
package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/database"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	migratesqlite "github.com/golang-migrate/migrate/v4/database/sqlite"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	"modernc.org/sqlite"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/migrate/migrations"
	_ "github.com/tremplin/tremplin/ent/runtime" // schema defaults, hooks and privacy policies
)

func init() {
	// ent and atlas know SQLite as "sqlite3"; modernc registers itself as "sqlite".
	sql.Register("sqlite3", &sqlite.Driver{})
}

// Database is an open database with its ent client.
type Database struct {
	Client  *ent.Client
	SQL     *sql.DB
	Dialect string // dialect.Postgres or dialect.SQLite

	driver, dsn string
}

// Open connects to rawURL: "postgres://…" (or "postgresql://…") for PostgreSQL, "sqlite:PATH"
// for a SQLite file (its folder is created), "sqlite::memory:" for a private in-memory one.
func Open(ctx context.Context, rawURL string) (*Database, error) {
	var (
		driver, dsn, name string
	)
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		driver, dsn, name = "pgx", rawURL, dialect.Postgres
	case strings.HasPrefix(rawURL, "sqlite:"):
		var err error
		dsn, err = sqliteDSN(strings.TrimPrefix(rawURL, "sqlite:"))
		if err != nil {
			return nil, err
		}
		driver, name = "sqlite3", dialect.SQLite
	default:
		return nil, fmt.Errorf("DATABASE_URL must start with postgres:// or sqlite: (got %q)", redact(rawURL))
	}
	sqlDB, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("opening %s database: %w", name, err)
	}
	switch {
	case name == dialect.SQLite && strings.Contains(dsn, "mode=memory"):
		// One connection keeps an in-memory database alive and whole.
		sqlDB.SetMaxOpenConns(1)
	case name == dialect.SQLite:
		// WAL lets readers work while one transaction writes; transactions take the write
		// lock when they begin (_txlock=immediate) and wait for it (busy_timeout), so two
		// writers queue instead of failing.
		sqlDB.SetMaxOpenConns(4)
		sqlDB.SetMaxIdleConns(4)
	default:
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetMaxIdleConns(10)
	}
	if err := sqlDB.PingContext(ctx); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("connecting to %s database %s: %w", name, redact(rawURL), err)
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(name, sqlDB)))
	return &Database{Client: client, SQL: sqlDB, Dialect: name, driver: driver, dsn: dsn}, nil
}

// sqliteDSN builds modernc's DSN: foreign keys on, WAL, a busy timeout, and times stored as
// integer microseconds since 1970 UTC (sortable, compared as numbers, read without parsing
// text, the precision PostgreSQL keeps; migration 20261124060000 converted the older text
// form).
func sqliteDSN(path string) (string, error) {
	const pragmas = "_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_time_integer_format=unix_micro&_inttotime=1"
	if path == ":memory:" || path == "" {
		// Named and shared, so the migration connection sees the same database.
		return "file:mem-" + rand.Text() + "?mode=memory&cache=shared&" + pragmas, nil
	}
	path = strings.TrimPrefix(path, "//")
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return "", fmt.Errorf("creating the database folder: %w", err)
		}
	}
	// SQLite reads a URI: a "#" or "?" in the path (Go names subtests "name#01") would end it
	// and drop the pragmas.
	path = strings.NewReplacer("%", "%25", "#", "%23", "?", "%3f").Replace(path)
	return "file:" + path + "?" + pragmas + "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate", nil
}

// Migrate applies the pending versioned migrations of the database's dialect. PostgreSQL
// holds an advisory lock meanwhile, so several server copies starting together apply each
// migration once.
func (d *Database) Migrate() error { return d.migrate(0) }

// migrate applies the migrations up to version (all of them when 0).
func (d *Database) migrate(version uint) error {
	sub := "sqlite"
	if d.Dialect == dialect.Postgres {
		sub = "postgres"
	}
	files, err := fs.Sub(migrations.FS, sub)
	if err != nil {
		return err
	}
	source, err := iofs.New(files, ".")
	if err != nil {
		return fmt.Errorf("reading migrations: %w", err)
	}
	dsn := d.dsn
	if d.Dialect == dialect.SQLite {
		// Atlas changes a SQLite table by copying it and dropping the old one. With foreign
		// keys enforced, that DROP would delete (ON DELETE CASCADE) every row pointing at
		// the old table, and golang-migrate runs each file in a transaction, where the file's
		// own "PRAGMA foreign_keys = off" does nothing. So migrations run on a connection
		// without enforcement, and the keys are checked once they are done.
		dsn = strings.Replace(dsn, "_pragma=foreign_keys(1)", "_pragma=foreign_keys(0)", 1)
	}
	// golang-migrate closes the connections it is given, so it gets its own.
	conn, err := sql.Open(d.driver, dsn)
	if err != nil {
		return err
	}
	var driver database.Driver
	if d.Dialect == dialect.Postgres {
		driver, err = migratepgx.WithInstance(conn, &migratepgx.Config{})
	} else {
		conn.SetMaxOpenConns(1)
		driver, err = migratesqlite.WithInstance(conn, &migratesqlite.Config{})
	}
	if err != nil {
		_ = conn.Close()
		return fmt.Errorf("preparing migrations: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", source, sub, driver)
	if err != nil {
		_ = conn.Close()
		return err
	}
	defer m.Close()
	if version == 0 {
		err = m.Up()
	} else {
		err = m.Migrate(version)
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("applying migrations: %w", err)
	}
	if d.Dialect == dialect.SQLite {
		return checkForeignKeys(conn)
	}
	return nil
}

// checkForeignKeys fails when a SQLite migration left a row pointing at nothing.
func checkForeignKeys(conn *sql.DB) error {
	rows, err := conn.Query(`PRAGMA foreign_key_check`)
	if err != nil {
		return err
	}
	defer rows.Close()
	if rows.Next() {
		var table string
		var rowid sql.NullInt64
		var parent string
		var fkid int
		_ = rows.Scan(&table, &rowid, &parent, &fkid)
		return fmt.Errorf("after migrating, a row of %s points at a missing %s", table, parent)
	}
	return rows.Err()
}

// Close closes the client and the connections.
func (d *Database) Close() error { return d.Client.Close() }

// redact hides a password in a database URL for logs and errors.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
