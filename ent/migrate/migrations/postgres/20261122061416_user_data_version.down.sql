-- reverse: modify "users" table
ALTER TABLE "users" DROP COLUMN "data_version";
