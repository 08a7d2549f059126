-- add column "retention_warned_at" to table: "users"
ALTER TABLE `users` ADD COLUMN `retention_warned_at` datetime NULL;
