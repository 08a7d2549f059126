// Command migration-diff writes the versioned migrations that bring ent/migrate/migrations up
// to the ent schema, for SQLite and PostgreSQL. Run it through `make migration name=…`; it
// needs an empty PostgreSQL database as the dev database (MIGRATION_DEV_DATABASE_URL).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"

	"entgo.io/ent/dialect"

	_ "github.com/tremplin/tremplin/internal/db" // registers modernc SQLite as "sqlite3"
	"github.com/tremplin/tremplin/internal/db/migrationdiff"
)

func main() {
	name := flag.String("name", "", "name of the migration (snake_case)")
	rehash := flag.Bool("rehash", false, "rewrite atlas.sum from the files (after merging branches that each added a migration)")
	flag.Parse()
	if *rehash {
		for _, dir := range []string{"ent/migrate/migrations/sqlite", "ent/migrate/migrations/postgres"} {
			if err := migrationdiff.Rehash(dir); err != nil {
				log.Fatal(err)
			}
		}
		return
	}
	if *name == "" {
		log.Fatal("usage: migration-diff -name add_something")
	}
	pgDev := os.Getenv("MIGRATION_DEV_DATABASE_URL")
	if pgDev == "" {
		pgDev = "postgres://postgres@127.0.0.1:5432/tremplin_migration_dev?sslmode=disable"
	}
	ctx := context.Background()
	for _, target := range []struct{ dir, url, dialect string }{
		{"ent/migrate/migrations/sqlite", "sqlite://dev?mode=memory&_pragma=foreign_keys(1)", dialect.SQLite},
		{"ent/migrate/migrations/postgres", pgDev, dialect.Postgres},
	} {
		wrote, err := migrationdiff.Write(ctx, target.dir, target.url, target.dialect, *name)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-8s %s\n", target.dialect, map[bool]string{true: "new migration written", false: "up to date"}[wrote])
	}
}
