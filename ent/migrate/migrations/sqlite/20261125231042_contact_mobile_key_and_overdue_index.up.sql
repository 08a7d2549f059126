-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- drop index "task_owner_id_status_deadline" from table: "tasks"
DROP INDEX `task_owner_id_status_deadline`;
-- create index "task_owner_id_status_initial_deadline" to table: "tasks"
CREATE INDEX `task_owner_id_status_initial_deadline` ON `tasks` (`owner_id`, `status`, `initial_deadline`);
-- create "new_contacts" table
CREATE TABLE `new_contacts` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `rank` integer NOT NULL DEFAULT (1), `civility` text NULL, `first_name` text NOT NULL DEFAULT (''), `last_name` text NOT NULL DEFAULT (''), `email` text NOT NULL DEFAULT (''), `company` text NOT NULL DEFAULT (''), `job` text NOT NULL DEFAULT (''), `phone_number` text NOT NULL DEFAULT (''), `mobile_number` text NOT NULL DEFAULT (''), `origin` text NOT NULL DEFAULT (''), `comments` text NOT NULL DEFAULT (''), `resources` json NOT NULL, `status` text NOT NULL DEFAULT ('incomplete'), `search_key` text NOT NULL DEFAULT (''), `sort_key` text NOT NULL DEFAULT (''), `company_key` text NOT NULL DEFAULT (''), `mobile_key` text NOT NULL DEFAULT (''), `owner_id` uuid NOT NULL, `parent_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `contacts_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE, CONSTRAINT `contacts_contacts_children` FOREIGN KEY (`parent_id`) REFERENCES `contacts` (`id`) ON DELETE SET NULL);
-- copy rows from old table "contacts" to new temporary table "new_contacts"
INSERT INTO `new_contacts` (`id`, `created_at`, `updated_at`, `rank`, `civility`, `first_name`, `last_name`, `email`, `company`, `job`, `phone_number`, `mobile_number`, `origin`, `comments`, `resources`, `status`, `search_key`, `sort_key`, `company_key`, `owner_id`, `parent_id`) SELECT `id`, `created_at`, `updated_at`, `rank`, `civility`, `first_name`, `last_name`, `email`, `company`, `job`, `phone_number`, `mobile_number`, `origin`, `comments`, `resources`, `status`, `search_key`, `sort_key`, `company_key`, `owner_id`, `parent_id` FROM `contacts`;
-- drop "contacts" table after copying rows
DROP TABLE `contacts`;
-- rename temporary table "new_contacts" to "contacts"
ALTER TABLE `new_contacts` RENAME TO `contacts`;
-- create index "contact_owner_id_sort_key" to table: "contacts"
CREATE INDEX `contact_owner_id_sort_key` ON `contacts` (`owner_id`, `sort_key`);
-- create index "contact_owner_id_created_at" to table: "contacts"
CREATE INDEX `contact_owner_id_created_at` ON `contacts` (`owner_id`, `created_at`);
-- create index "contact_parent_id" to table: "contacts"
CREATE INDEX `contact_parent_id` ON `contacts` (`parent_id`);
-- create index "contact_owner_id_company_key" to table: "contacts"
CREATE INDEX `contact_owner_id_company_key` ON `contacts` (`owner_id`, `company_key`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
