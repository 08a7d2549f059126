package apierr

import (
	"database/sql/driver"
	"errors"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
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
	var lite sqliteError
	if errors.As(err, &lite) {
		return lite.Code()&0xff == sqliteBusy
	}
	return false
}

// sqliteError is modernc.org/sqlite's *Error as read here: its result code, whose low byte is
// the primary code of SQLite's C API. Read through an interface, so that this package — which
// every service, the gateway and the imports link — does not link the SQLite driver (the fuzz
// targets' builds instrument every package they link; the driver is the largest there is).
type sqliteError interface {
	error
	Code() int
}

// sqliteBusy is SQLITE_BUSY, a fixed number of SQLite's C API.
const sqliteBusy = 5
