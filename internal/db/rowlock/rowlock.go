// Package rowlock locks the rows a query reads, for the changes that must not interleave. It
// imports only ent's SQL builder, so the packages ent's runtime itself depends on (the schema's
// hooks, internal/applications) can use it too.
package rowlock

import (
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// OnPostgres makes a query in a transaction lock the rows it reads until the transaction ends,
// on PostgreSQL (SQLite transactions hold the whole database already: _txlock=immediate). Use
// it as a query modifier, q.Modify(rowlock.OnPostgres), or as a predicate, Where(rowlock.OnPostgres).
func OnPostgres(s *sql.Selector) {
	if s.Dialect() == dialect.Postgres {
		s.ForUpdate()
	}
}
