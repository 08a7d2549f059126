-- create "api_keys" table
CREATE TABLE `api_keys` (`id` uuid NOT NULL, `name` text NOT NULL, `prefix` text NOT NULL, `key_hash` blob NOT NULL, `role` text NOT NULL, `created_at` datetime NOT NULL, `last_used_at` datetime NULL, `revoked_at` datetime NULL, `agency_id` uuid NULL, `created_by_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `api_keys_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE CASCADE, CONSTRAINT `api_keys_users_created_by` FOREIGN KEY (`created_by_id`) REFERENCES `users` (`id`) ON DELETE SET NULL);
-- create index "api_keys_key_hash_key" to table: "api_keys"
CREATE UNIQUE INDEX `api_keys_key_hash_key` ON `api_keys` (`key_hash`);
-- create "action_tokens" table
CREATE TABLE `action_tokens` (`id` uuid NOT NULL, `kind` text NOT NULL, `token_hash` blob NOT NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `used_at` datetime NULL, `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `action_tokens_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "action_tokens_token_hash_key" to table: "action_tokens"
CREATE UNIQUE INDEX `action_tokens_token_hash_key` ON `action_tokens` (`token_hash`);
-- create index "actiontoken_user_id_kind" to table: "action_tokens"
CREATE INDEX `actiontoken_user_id_kind` ON `action_tokens` (`user_id`, `kind`);
-- create "agencies" table
CREATE TABLE `agencies` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `email` text NOT NULL, `num_total_licenses` integer NOT NULL DEFAULT (0), `num_allocated_licenses` integer NOT NULL DEFAULT (0), PRIMARY KEY (`id`));
-- create "applications" table
CREATE TABLE `applications` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `company` text NOT NULL, `job` text NOT NULL, `reference` text NOT NULL DEFAULT (''), `place` text NOT NULL DEFAULT (''), `salary` text NOT NULL DEFAULT (''), `description` text NOT NULL DEFAULT (''), `source` text NOT NULL, `source_details` text NOT NULL DEFAULT (''), `date_of_publication` datetime NULL, `status` text NOT NULL DEFAULT ('new'), `engaged_at` datetime NULL, `resources` json NOT NULL, `comment` text NOT NULL DEFAULT (''), `search_key` text NOT NULL DEFAULT (''), `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `applications_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "application_owner_id_created_at" to table: "applications"
CREATE INDEX `application_owner_id_created_at` ON `applications` (`owner_id`, `created_at`);
-- create index "application_owner_id_engaged_at" to table: "applications"
CREATE INDEX `application_owner_id_engaged_at` ON `applications` (`owner_id`, `engaged_at`);
-- create "contacts" table
CREATE TABLE `contacts` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `rank` integer NOT NULL DEFAULT (1), `civility` text NULL, `first_name` text NOT NULL DEFAULT (''), `last_name` text NOT NULL DEFAULT (''), `email` text NOT NULL DEFAULT (''), `company` text NOT NULL DEFAULT (''), `job` text NOT NULL DEFAULT (''), `phone_number` text NOT NULL DEFAULT (''), `mobile_number` text NOT NULL DEFAULT (''), `origin` text NOT NULL DEFAULT (''), `comments` text NOT NULL DEFAULT (''), `resources` json NOT NULL, `status` text NOT NULL DEFAULT ('incomplete'), `search_key` text NOT NULL DEFAULT (''), `sort_key` text NOT NULL DEFAULT (''), `owner_id` uuid NOT NULL, `parent_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `contacts_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE, CONSTRAINT `contacts_contacts_children` FOREIGN KEY (`parent_id`) REFERENCES `contacts` (`id`) ON DELETE SET NULL);
-- create index "contact_owner_id_sort_key" to table: "contacts"
CREATE INDEX `contact_owner_id_sort_key` ON `contacts` (`owner_id`, `sort_key`);
-- create index "contact_owner_id_created_at" to table: "contacts"
CREATE INDEX `contact_owner_id_created_at` ON `contacts` (`owner_id`, `created_at`);
-- create index "contact_parent_id" to table: "contacts"
CREATE INDEX `contact_parent_id` ON `contacts` (`parent_id`);
-- create "dashboard_settings" table
CREATE TABLE `dashboard_settings` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `completed_interview_low` integer NOT NULL DEFAULT (2), `completed_interview_medium` integer NOT NULL DEFAULT (4), `completed_interview_high` integer NOT NULL DEFAULT (6), `engaged_application_low` integer NOT NULL DEFAULT (0), `engaged_application_medium` integer NOT NULL DEFAULT (1), `engaged_application_high` integer NOT NULL DEFAULT (2), `first_task_low` integer NOT NULL DEFAULT (6), `first_task_medium` integer NOT NULL DEFAULT (12), `first_task_high` integer NOT NULL DEFAULT (20), `new_contact_low` integer NOT NULL DEFAULT (8), `new_contact_medium` integer NOT NULL DEFAULT (12), `new_contact_high` integer NOT NULL DEFAULT (15), `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `dashboard_settings_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "dashboardsetting_owner_id" to table: "dashboard_settings"
CREATE UNIQUE INDEX `dashboardsetting_owner_id` ON `dashboard_settings` (`owner_id`);
-- create "events" table
CREATE TABLE `events` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `type` text NOT NULL DEFAULT ('interview'), `subject` text NOT NULL, `media_type` text NOT NULL, `media_details` text NOT NULL DEFAULT (''), `date` datetime NOT NULL, `status` text NOT NULL DEFAULT ('not-started'), `mood` text NULL, `mark_as_complete_comment` text NOT NULL DEFAULT (''), `comments` text NOT NULL DEFAULT (''), `resources` json NOT NULL, `completed_at` datetime NULL, `owner_id` uuid NOT NULL, `contact_id` uuid NULL, `application_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `events_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE, CONSTRAINT `events_contacts_contact` FOREIGN KEY (`contact_id`) REFERENCES `contacts` (`id`) ON DELETE RESTRICT, CONSTRAINT `events_applications_application` FOREIGN KEY (`application_id`) REFERENCES `applications` (`id`) ON DELETE CASCADE);
-- create index "event_owner_id_date" to table: "events"
CREATE INDEX `event_owner_id_date` ON `events` (`owner_id`, `date`);
-- create index "event_contact_id" to table: "events"
CREATE INDEX `event_contact_id` ON `events` (`contact_id`);
-- create index "event_application_id" to table: "events"
CREATE INDEX `event_application_id` ON `events` (`application_id`);
-- create "job_runs" table
CREATE TABLE `job_runs` (`id` uuid NOT NULL, `job` text NOT NULL, `run_key` text NOT NULL, `started_at` datetime NOT NULL, `finished_at` datetime NULL, `error` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- create index "jobrun_job_run_key" to table: "job_runs"
CREATE UNIQUE INDEX `jobrun_job_run_key` ON `job_runs` (`job`, `run_key`);
-- create "licenses" table
CREATE TABLE `licenses` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `invitation_date` datetime NULL, `allocation_date` datetime NOT NULL, `activation_date` datetime NULL, `expiration_date` datetime NULL, `agency_id` uuid NOT NULL, `candidate_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `licenses_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE CASCADE, CONSTRAINT `licenses_users_license` FOREIGN KEY (`candidate_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "licenses_candidate_id_key" to table: "licenses"
CREATE UNIQUE INDEX `licenses_candidate_id_key` ON `licenses` (`candidate_id`);
-- create "sessions" table
CREATE TABLE `sessions` (`id` uuid NOT NULL, `token_hash` blob NOT NULL, `created_at` datetime NOT NULL, `last_seen_at` datetime NOT NULL, `expires_at` datetime NOT NULL, `ip` text NOT NULL DEFAULT (''), `user_agent` text NOT NULL DEFAULT (''), `user_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `sessions_users_user` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "sessions_token_hash_key" to table: "sessions"
CREATE UNIQUE INDEX `sessions_token_hash_key` ON `sessions` (`token_hash`);
-- create index "session_user_id" to table: "sessions"
CREATE INDEX `session_user_id` ON `sessions` (`user_id`);
-- create index "session_expires_at" to table: "sessions"
CREATE INDEX `session_expires_at` ON `sessions` (`expires_at`);
-- create "stripe_events" table
CREATE TABLE `stripe_events` (`id` text NOT NULL, `type` text NOT NULL, `received_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- create "tags" table
CREATE TABLE `tags` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `name` text NOT NULL, `name_key` text NOT NULL, `owner_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `tags_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "tag_owner_id_name_key" to table: "tags"
CREATE UNIQUE INDEX `tag_owner_id_name_key` ON `tags` (`owner_id`, `name_key`);
-- create "tasks" table
CREATE TABLE `tasks` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `subject` text NOT NULL, `custom_subject` text NOT NULL DEFAULT (''), `media_type` text NULL, `priority` text NOT NULL DEFAULT ('normal'), `status` text NOT NULL DEFAULT ('not-started'), `initial_deadline` datetime NOT NULL, `deadline` datetime NOT NULL, `execution_date` datetime NULL, `resources` json NOT NULL, `comments` text NOT NULL DEFAULT (''), `mark_as_complete_comment` text NOT NULL DEFAULT (''), `escalated_at` datetime NULL, `owner_id` uuid NOT NULL, `contact_id` uuid NULL, `application_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `tasks_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE, CONSTRAINT `tasks_contacts_contact` FOREIGN KEY (`contact_id`) REFERENCES `contacts` (`id`) ON DELETE RESTRICT, CONSTRAINT `tasks_applications_application` FOREIGN KEY (`application_id`) REFERENCES `applications` (`id`) ON DELETE CASCADE);
-- create index "task_owner_id_deadline" to table: "tasks"
CREATE INDEX `task_owner_id_deadline` ON `tasks` (`owner_id`, `deadline`);
-- create index "task_status_deadline" to table: "tasks"
CREATE INDEX `task_status_deadline` ON `tasks` (`status`, `deadline`);
-- create index "task_contact_id" to table: "tasks"
CREATE INDEX `task_contact_id` ON `tasks` (`contact_id`);
-- create index "task_application_id" to table: "tasks"
CREATE INDEX `task_application_id` ON `tasks` (`application_id`);
-- create "users" table
CREATE TABLE `users` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `role` text NOT NULL, `civility` text NULL, `email` text NOT NULL, `password_hash` text NULL, `first_name` text NOT NULL DEFAULT (''), `last_name` text NOT NULL DEFAULT (''), `job` text NOT NULL DEFAULT (''), `mobile_number` text NOT NULL DEFAULT (''), `phone_number` text NOT NULL DEFAULT (''), `first_login_at` datetime NULL, `last_login_at` datetime NULL, `is_b2c` bool NOT NULL DEFAULT (false), `has_paid` bool NOT NULL DEFAULT (false), `trial_end_at` datetime NULL, `has_free_access` bool NOT NULL DEFAULT (false), `task_notifications` bool NOT NULL DEFAULT (false), `origin` text NOT NULL DEFAULT (''), `time_zone` text NOT NULL DEFAULT ('Europe/Paris'), `stripe_customer_id` text NULL, `stripe_subscription_id` text NULL, `subscription_status` text NOT NULL DEFAULT (''), `subscription_period_end` datetime NULL, `subscription_cancel_at_period_end` bool NOT NULL DEFAULT (false), `agency_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `users_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE SET NULL);
-- create index "users_email_key" to table: "users"
CREATE UNIQUE INDEX `users_email_key` ON `users` (`email`);
-- create index "user_agency_id_created_at" to table: "users"
CREATE INDEX `user_agency_id_created_at` ON `users` (`agency_id`, `created_at`);
-- create index "user_role_created_at" to table: "users"
CREATE INDEX `user_role_created_at` ON `users` (`role`, `created_at`);
-- create index "user_stripe_customer_id" to table: "users"
CREATE INDEX `user_stripe_customer_id` ON `users` (`stripe_customer_id`);
-- create "application_contacts" table
CREATE TABLE `application_contacts` (`application_id` uuid NOT NULL, `contact_id` uuid NOT NULL, PRIMARY KEY (`application_id`, `contact_id`), CONSTRAINT `application_contacts_application_id` FOREIGN KEY (`application_id`) REFERENCES `applications` (`id`) ON DELETE CASCADE, CONSTRAINT `application_contacts_contact_id` FOREIGN KEY (`contact_id`) REFERENCES `contacts` (`id`) ON DELETE CASCADE);
-- create "contact_tags" table
CREATE TABLE `contact_tags` (`contact_id` uuid NOT NULL, `tag_id` uuid NOT NULL, PRIMARY KEY (`contact_id`, `tag_id`), CONSTRAINT `contact_tags_contact_id` FOREIGN KEY (`contact_id`) REFERENCES `contacts` (`id`) ON DELETE CASCADE, CONSTRAINT `contact_tags_tag_id` FOREIGN KEY (`tag_id`) REFERENCES `tags` (`id`) ON DELETE CASCADE);
