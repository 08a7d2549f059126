-- modify "contacts" table
ALTER TABLE "contacts" ADD COLUMN "touch_rhythm" character varying NULL;
