// Package migrationdiff computes the versioned migration that brings a migration folder up to
// the ent schema, for one dialect. `make migration` writes it; the drift test checks that it
// would write nothing.
package migrationdiff

import (
	"context"
	"fmt"

	atlasmigrate "ariga.io/atlas/sql/migrate"
	"ariga.io/atlas/sql/sqltool"
	"entgo.io/ent/dialect/sql/schema"
	_ "github.com/lib/pq" // atlas opens PostgreSQL dev databases through lib/pq

	"github.com/tremplin/tremplin/ent/migrate"
)

// Write replays the migrations found in dir on the empty dev database at devURL ("sqlite://…"
// or "postgres://…"), compares the result with the ent schema, and writes a new migration
// named name into dir when they differ. It reports whether a file was written.
func Write(ctx context.Context, dir, devURL, dialectName, name string) (bool, error) {
	migrationDir, err := sqltool.NewGolangMigrateDir(dir)
	if err != nil {
		return false, fmt.Errorf("opening %s: %w", dir, err)
	}
	before, err := migrationDir.Files()
	if err != nil {
		return false, err
	}
	opts := []schema.MigrateOption{
		schema.WithDir(migrationDir),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithDialect(dialectName),
		schema.WithFormatter(sqltool.GolangMigrateFormatter),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
	}
	if err := migrate.NamedDiff(ctx, devURL, name, opts...); err != nil {
		return false, fmt.Errorf("computing the %s migration: %w", dialectName, err)
	}
	after, err := migrationDir.Files()
	if err != nil {
		return false, err
	}
	return len(after) != len(before), nil
}

// Validate checks the folder's atlas.sum, so a hand-edited migration is caught.
func Validate(dir string) error {
	migrationDir, err := sqltool.NewGolangMigrateDir(dir)
	if err != nil {
		return err
	}
	return atlasmigrate.Validate(migrationDir)
}

// Rehash rewrites the folder's atlas.sum from its files: after merging branches that each
// added a migration (their sums conflict, their SQL does not). The drift test still checks that
// the files, replayed, make the ent schema.
func Rehash(dir string) error {
	migrationDir, err := sqltool.NewGolangMigrateDir(dir)
	if err != nil {
		return err
	}
	sum, err := migrationDir.Checksum()
	if err != nil {
		return err
	}
	return atlasmigrate.WriteSumFile(migrationDir, sum)
}
