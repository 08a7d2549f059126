-- create index "license_agency_id_activation_date" to table: "licenses"
CREATE INDEX "license_agency_id_activation_date" ON "licenses" ("agency_id", "activation_date");
-- modify "users" table
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamptz NULL;
-- create "license_batches" table
CREATE TABLE "license_batches" ("id" uuid NOT NULL, "count" bigint NOT NULL, "idempotency_key" character varying NULL, "created_at" timestamptz NOT NULL, "agency_id" uuid NOT NULL, "created_by_id" uuid NULL, PRIMARY KEY ("id"), CONSTRAINT "license_batches_agencies_agency" FOREIGN KEY ("agency_id") REFERENCES "agencies" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "license_batches_users_created_by" FOREIGN KEY ("created_by_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE SET NULL);
-- create index "licensebatch_agency_id_idempotency_key" to table: "license_batches"
CREATE UNIQUE INDEX "licensebatch_agency_id_idempotency_key" ON "license_batches" ("agency_id", "idempotency_key");
