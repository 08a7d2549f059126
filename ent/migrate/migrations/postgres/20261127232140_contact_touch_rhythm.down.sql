-- reverse: modify "contacts" table
ALTER TABLE "contacts" DROP COLUMN "touch_rhythm";
