-- modify "users" table
ALTER TABLE "users" ADD COLUMN "data_version" bigint NOT NULL DEFAULT 0;
