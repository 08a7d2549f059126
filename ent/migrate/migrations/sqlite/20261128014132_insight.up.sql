-- add column "premium_at" to table: "users"
ALTER TABLE `users` ADD COLUMN `premium_at` datetime NULL;
-- create "active_days" table
CREATE TABLE `active_days` (`id` uuid NOT NULL, `day` text NOT NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `active_days_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "activeday_user_id_day" to table: "active_days"
CREATE UNIQUE INDEX `activeday_user_id_day` ON `active_days` (`user_id`, `day`);
-- create index "activeday_day" to table: "active_days"
CREATE INDEX `activeday_day` ON `active_days` (`day`);
-- create "page_views" table
CREATE TABLE `page_views` (`id` uuid NOT NULL, `day` text NOT NULL, `route` text NOT NULL, `role` text NOT NULL, `views` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- create index "pageview_day_route_role" to table: "page_views"
CREATE UNIQUE INDEX `pageview_day_route_role` ON `page_views` (`day`, `route`, `role`);
