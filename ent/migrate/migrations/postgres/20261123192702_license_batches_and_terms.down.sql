-- reverse: create index "licensebatch_agency_id_idempotency_key" to table: "license_batches"
DROP INDEX "licensebatch_agency_id_idempotency_key";
-- reverse: create "license_batches" table
DROP TABLE "license_batches";
-- reverse: modify "users" table
ALTER TABLE "users" DROP COLUMN "terms_accepted_at";
-- reverse: create index "license_agency_id_activation_date" to table: "licenses"
DROP INDEX "license_agency_id_activation_date";
