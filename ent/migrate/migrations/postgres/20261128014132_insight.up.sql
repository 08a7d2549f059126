-- modify "users" table
ALTER TABLE "users" ADD COLUMN "premium_at" timestamptz NULL;
-- create "page_views" table
CREATE TABLE "page_views" ("id" uuid NOT NULL, "day" character varying NOT NULL, "route" character varying NOT NULL, "role" character varying NOT NULL, "views" bigint NOT NULL DEFAULT 0, PRIMARY KEY ("id"));
-- create index "pageview_day_route_role" to table: "page_views"
CREATE UNIQUE INDEX "pageview_day_route_role" ON "page_views" ("day", "route", "role");
-- create "active_days" table
CREATE TABLE "active_days" ("id" uuid NOT NULL, "day" character varying NOT NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "active_days_users_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "activeday_day" to table: "active_days"
CREATE INDEX "activeday_day" ON "active_days" ("day");
-- create index "activeday_user_id_day" to table: "active_days"
CREATE UNIQUE INDEX "activeday_user_id_day" ON "active_days" ("user_id", "day");
