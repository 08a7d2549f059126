-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_users" table
CREATE TABLE `new_users` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `role` text NOT NULL, `civility` text NULL, `email` text NOT NULL, `password_hash` text NULL, `first_name` text NOT NULL DEFAULT (''), `last_name` text NOT NULL DEFAULT (''), `job` text NOT NULL DEFAULT (''), `mobile_number` text NOT NULL DEFAULT (''), `phone_number` text NOT NULL DEFAULT (''), `first_login_at` datetime NULL, `last_login_at` datetime NULL, `is_b2c` bool NOT NULL DEFAULT (false), `has_paid` bool NOT NULL DEFAULT (false), `trial_end_at` datetime NULL, `has_free_access` bool NOT NULL DEFAULT (false), `task_notifications` bool NOT NULL DEFAULT (false), `terms_accepted_at` datetime NULL, `origin` text NOT NULL DEFAULT (''), `time_zone` text NOT NULL DEFAULT ('Europe/Paris'), `share_progress_with_agency` bool NOT NULL DEFAULT (false), `stripe_customer_id` text NULL, `stripe_subscription_id` text NULL, `subscription_status` text NOT NULL DEFAULT (''), `subscription_period_end` datetime NULL, `subscription_cancel_at_period_end` bool NOT NULL DEFAULT (false), `data_version` integer NOT NULL DEFAULT (0), `agency_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `users_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE SET NULL);
-- copy rows from old table "users" to new temporary table "new_users"
INSERT INTO `new_users` (`id`, `created_at`, `updated_at`, `role`, `civility`, `email`, `password_hash`, `first_name`, `last_name`, `job`, `mobile_number`, `phone_number`, `first_login_at`, `last_login_at`, `is_b2c`, `has_paid`, `trial_end_at`, `has_free_access`, `task_notifications`, `terms_accepted_at`, `origin`, `time_zone`, `stripe_customer_id`, `stripe_subscription_id`, `subscription_status`, `subscription_period_end`, `subscription_cancel_at_period_end`, `data_version`, `agency_id`) SELECT `id`, `created_at`, `updated_at`, `role`, `civility`, `email`, `password_hash`, `first_name`, `last_name`, `job`, `mobile_number`, `phone_number`, `first_login_at`, `last_login_at`, `is_b2c`, `has_paid`, `trial_end_at`, `has_free_access`, `task_notifications`, `terms_accepted_at`, `origin`, `time_zone`, `stripe_customer_id`, `stripe_subscription_id`, `subscription_status`, `subscription_period_end`, `subscription_cancel_at_period_end`, `data_version`, `agency_id` FROM `users`;
-- drop "users" table after copying rows
DROP TABLE `users`;
-- rename temporary table "new_users" to "users"
ALTER TABLE `new_users` RENAME TO `users`;
-- create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX `users_email_key` ON `users` (`email`);
-- create index "user_agency_id_created_at" to table: "users"
CREATE INDEX `user_agency_id_created_at` ON `users` (`agency_id`, `created_at`);
-- create index "user_role_created_at" to table: "users"
CREATE INDEX `user_role_created_at` ON `users` (`role`, `created_at`);
-- create index "user_stripe_customer_id" to table: "users"
CREATE INDEX `user_stripe_customer_id` ON `users` (`stripe_customer_id`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
