-- modify "users" table
ALTER TABLE "users" ADD COLUMN "share_progress_with_agency" boolean NOT NULL DEFAULT false;
