package paging

import (
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// Column is one column of a list's order.
type Column struct {
	Name string
	Desc bool
	// Bytes compares a text column byte by byte (COLLATE "C" on PostgreSQL; SQLite's default):
	// for keys sorted in Go with strings.Compare, whatever the database's collation.
	Bytes bool
}

// Keyset orders a query by cols (the id last) and, after the first page, keeps the rows that
// come after the previous page's last row: (a, b, id) > (x, y, z) in the order's directions,
// written as an OR of ANDs so that mixed directions work on both databases. Apply it with
// Modify or as a predicate: predicate.Task(p.Keyset(cols...)). Read p.Limit() rows.
func (p Page) Keyset(cols ...Column) func(*sql.Selector) {
	return func(s *sql.Selector) {
		for _, c := range cols {
			expr := p.column(s, c)
			if c.Desc {
				expr += " DESC"
			}
			s.OrderExpr(sql.Expr(expr))
		}
		if p.Limit() > 0 {
			s.Limit(p.Limit())
		}
		if p.after == nil {
			return
		}
		or := make([]*sql.Predicate, 0, len(cols))
		for i := range cols {
			and := make([]*sql.Predicate, 0, i+1)
			for j := range i {
				and = append(and, compare(p.column(s, cols[j]), "=", p.after[j]))
			}
			op := ">"
			if cols[i].Desc {
				op = "<"
			}
			and = append(and, compare(p.column(s, cols[i]), op, p.after[i]))
			or = append(or, sql.And(and...))
		}
		s.Where(sql.Or(or...))
	}
}

func (p Page) column(s *sql.Selector, c Column) string {
	name := s.C(c.Name)
	if c.Bytes && s.Dialect() == dialect.Postgres {
		name += ` COLLATE "C"`
	}
	return name
}

func compare(column, op string, v any) *sql.Predicate {
	return sql.P(func(b *sql.Builder) {
		b.WriteString(column).WriteString(" " + op + " ").Arg(v)
	})
}
