// Package migrations embeds the versioned SQL migrations, one folder per dialect, generated
// from ent/schema by `make migration name=…` (ent's NamedDiff, golang-migrate format). They
// are applied at start-up by internal/db.
package migrations

import "embed"

// FS holds postgres/ and sqlite/.
//
//go:embed postgres/*.sql sqlite/*.sql
var FS embed.FS
