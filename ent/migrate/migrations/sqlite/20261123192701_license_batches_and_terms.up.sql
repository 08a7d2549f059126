-- create index "license_agency_id_activation_date" to table: "licenses"
CREATE INDEX `license_agency_id_activation_date` ON `licenses` (`agency_id`, `activation_date`);
-- add column "terms_accepted_at" to table: "users"
ALTER TABLE `users` ADD COLUMN `terms_accepted_at` datetime NULL;
-- create "license_batches" table
CREATE TABLE `license_batches` (`id` uuid NOT NULL, `count` integer NOT NULL, `idempotency_key` text NULL, `created_at` datetime NOT NULL, `agency_id` uuid NOT NULL, `created_by_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `license_batches_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE CASCADE, CONSTRAINT `license_batches_users_created_by` FOREIGN KEY (`created_by_id`) REFERENCES `users` (`id`) ON DELETE SET NULL);
-- create index "licensebatch_agency_id_idempotency_key" to table: "license_batches"
CREATE UNIQUE INDEX `licensebatch_agency_id_idempotency_key` ON `license_batches` (`agency_id`, `idempotency_key`);
