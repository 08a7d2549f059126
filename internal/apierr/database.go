package apierr

import (
	"database/sql/driver"
	"errors"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// databaseUnavailable reports whether err says the database could not be reached, rather than that the
// request was wrong or the code is: PostgreSQL refusing connections or dropping them
// (restarting, shutting down, unreachable), or SQLite's write lock still taken after the busy
// timeout. The call failed as a whole (a transaction that met it was rolled back), and the same
// call may work a moment later: From answers DatabaseUnavailable, not Internal. (It lives here,
// not in internal/db, which depends on this package through ent's schema.)
func databaseUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// 08: connection exception; 57P01–57P03: the server is shutting down, crashed, or
		// not accepting connections yet.
		return strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03"
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code()&0xff == sqlite3.SQLITE_BUSY
	}
	return false
}
