-- modify "users" table
ALTER TABLE "users" ADD COLUMN "retention_warned_at" timestamptz NULL;
