package apierr_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgconn"
	_ "modernc.org/sqlite" // registers "sqlite"

	"github.com/tremplin/tremplin/internal/apierr"
)

// A database out of reach — PostgreSQL refusing or dropping connections while it restarts,
// SQLite's write lock held past the busy timeout — answers Unavailable (HTTP 503) with the
// reason DATABASE_UNAVAILABLE, which tells a client to try again; the database's other errors
// stay Internal.
func TestDatabaseOutOfReachIsUnavailable(t *testing.T) {
	ctx := context.Background()
	// PostgreSQL not listening: the error pgx gives when the server is down.
	_, refused := pgconn.Connect(ctx, "postgres://postgres@127.0.0.1:1/tremplin?sslmode=disable&connect_timeout=5")
	if refused == nil {
		t.Fatal("connected to port 1")
	}
	unavailable := map[string]error{
		"connection refused": fmt.Errorf("querying sessions: %w", refused),
		"shutting down":      fmt.Errorf("ent: %w", &pgconn.PgError{Severity: "FATAL", Code: "57P01", Message: "terminating connection due to administrator command"}),
		"starting up":        &pgconn.PgError{Severity: "FATAL", Code: "57P03", Message: "the database system is starting up"},
		"connection lost":    fmt.Errorf("tx: %w", driver.ErrBadConn),
		"SQLite locked":      sqliteBusy(t),
	}
	for name, err := range unavailable {
		got := apierr.From(err)
		if connect.CodeOf(got) != connect.CodeUnavailable || apierr.ReasonOf(got) != "DATABASE_UNAVAILABLE" {
			t.Errorf("%s (%v): %v, reason %q", name, err, got, apierr.ReasonOf(got))
		}
	}
	internal := map[string]error{
		"a unique violation": &pgconn.PgError{Severity: "ERROR", Code: "23505", Message: "duplicate key value violates unique constraint"},
		"anything else":      errors.New("boom"),
	}
	for name, err := range internal {
		if got := apierr.From(err); connect.CodeOf(got) != connect.CodeInternal {
			t.Errorf("%s: %v, want internal", name, got)
		}
	}
}

// sqliteBusy answers the error of a write that found SQLite's write lock taken by another
// connection past its busy timeout.
func sqliteBusy(t *testing.T) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), "verrou.db")
	open := func() *sql.DB {
		conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(50)&_txlock=immediate")
		if err != nil {
			t.Fatal(err)
		}
		conn.SetMaxOpenConns(1)
		t.Cleanup(func() { _ = conn.Close() })
		return conn
	}
	holder, writer := open(), open()
	if _, err := holder.Exec("CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	tx, err := holder.Begin() // immediate: takes the write lock
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tx.Rollback() })
	_, err = writer.Exec("INSERT INTO t VALUES (1)")
	if err == nil {
		t.Fatal("wrote while another connection held the write lock")
	}
	return err
}
