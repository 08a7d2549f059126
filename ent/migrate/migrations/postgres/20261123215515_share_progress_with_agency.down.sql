-- reverse: modify "users" table
ALTER TABLE "users" DROP COLUMN "share_progress_with_agency";
