-- reverse: create index "pageview_day_route_role" to table: "page_views"
DROP INDEX `pageview_day_route_role`;
-- reverse: create "page_views" table
DROP TABLE `page_views`;
-- reverse: create index "activeday_day" to table: "active_days"
DROP INDEX `activeday_day`;
-- reverse: create index "activeday_user_id_day" to table: "active_days"
DROP INDEX `activeday_user_id_day`;
-- reverse: create "active_days" table
DROP TABLE `active_days`;
-- reverse: add column "premium_at" to table: "users"
ALTER TABLE `users` DROP COLUMN `premium_at`;
