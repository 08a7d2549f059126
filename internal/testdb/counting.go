package testdb

import (
	"context"
	"sync/atomic"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/internal/db"
)

// CountingClient is an ent client on d's connections whose driver counts every statement it
// runs (queries, executions, transactions begun, raw QueryContext included): tests of how many
// statements a call costs read and reset the counter.
func CountingClient(d *db.Database) (*ent.Client, *atomic.Int64) {
	var n atomic.Int64
	drv := dialect.DebugWithContext(entsql.OpenDB(d.Dialect, d.SQL), func(context.Context, ...any) { n.Add(1) })
	return ent.NewClient(ent.Driver(drv)), &n
}
