-- reverse: add column "retention_warned_at" to table: "users"
ALTER TABLE `users` DROP COLUMN `retention_warned_at`;
