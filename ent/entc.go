//go:build ignore

// entc.go generates the ent client from ent/schema. Run through `make generate`.
package main

import (
	"log"

	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
)

func main() {
	err := entc.Generate("./schema", &gen.Config{
		Features: []gen.Feature{
			gen.FeaturePrivacy,
			gen.FeatureEntQL,
			gen.FeatureVersionedMigration,
			gen.FeatureLock,
			gen.FeatureUpsert,
			gen.FeatureExecQuery,
			gen.FeatureModifier,
			gen.FeatureIntercept,
		},
	},
		// Client.Dialect (template/dialect.tmpl).
		entc.TemplateFiles("template/dialect.tmpl"),
	)
	if err != nil {
		log.Fatalf("running ent codegen: %v", err)
	}
}
