-- reverse: modify "users" table
ALTER TABLE "users" DROP COLUMN "retention_warned_at";
