package contacts

import (
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// OrderBySortKey orders by the given columns byte-wise on both dialects: SQLite compares
// text bytes already; PostgreSQL gets the "C" collation, whatever the database's own. The
// network's list, its tags and its CSV export (and the candidate's copy of their data) use it.
func OrderBySortKey(s *sql.Selector, key string, then ...string) {
	if s.Dialect() == dialect.Postgres {
		s.OrderExpr(sql.Expr(key + ` COLLATE "C"`))
	} else {
		s.OrderBy(key)
	}
	s.OrderBy(then...)
}
