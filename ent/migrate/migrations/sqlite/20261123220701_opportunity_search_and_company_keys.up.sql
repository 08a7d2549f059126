-- disable the enforcement of foreign-keys constraints
PRAGMA foreign_keys = off;
-- create "new_contacts" table
CREATE TABLE `new_contacts` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `rank` integer NOT NULL DEFAULT (1), `civility` text NULL, `first_name` text NOT NULL DEFAULT (''), `last_name` text NOT NULL DEFAULT (''), `email` text NOT NULL DEFAULT (''), `company` text NOT NULL DEFAULT (''), `job` text NOT NULL DEFAULT (''), `phone_number` text NOT NULL DEFAULT (''), `mobile_number` text NOT NULL DEFAULT (''), `origin` text NOT NULL DEFAULT (''), `comments` text NOT NULL DEFAULT (''), `resources` json NOT NULL, `status` text NOT NULL DEFAULT ('incomplete'), `search_key` text NOT NULL DEFAULT (''), `sort_key` text NOT NULL DEFAULT (''), `company_key` text NOT NULL DEFAULT (''), `owner_id` uuid NOT NULL, `parent_id` uuid NULL, PRIMARY KEY (`id`), CONSTRAINT `contacts_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE, CONSTRAINT `contacts_contacts_children` FOREIGN KEY (`parent_id`) REFERENCES `contacts` (`id`) ON DELETE SET NULL);
-- copy rows from old table "contacts" to new temporary table "new_contacts"
INSERT INTO `new_contacts` (`id`, `created_at`, `updated_at`, `rank`, `civility`, `first_name`, `last_name`, `email`, `company`, `job`, `phone_number`, `mobile_number`, `origin`, `comments`, `resources`, `status`, `search_key`, `sort_key`, `owner_id`, `parent_id`) SELECT `id`, `created_at`, `updated_at`, `rank`, `civility`, `first_name`, `last_name`, `email`, `company`, `job`, `phone_number`, `mobile_number`, `origin`, `comments`, `resources`, `status`, `search_key`, `sort_key`, `owner_id`, `parent_id` FROM `contacts`;
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
-- create "application_search_prefixes" table
CREATE TABLE `application_search_prefixes` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `prefix` text NOT NULL, `application_id` uuid NOT NULL, `owner_id` uuid NOT NULL, CONSTRAINT `application_search_prefixes_applications_search_prefixes` FOREIGN KEY (`application_id`) REFERENCES `applications` (`id`) ON DELETE CASCADE, CONSTRAINT `application_search_prefixes_users_owner` FOREIGN KEY (`owner_id`) REFERENCES `users` (`id`) ON DELETE CASCADE);
-- create index "applicationsearchprefix_owner_id_prefix_application_id" to table: "application_search_prefixes"
CREATE UNIQUE INDEX `applicationsearchprefix_owner_id_prefix_application_id` ON `application_search_prefixes` (`owner_id`, `prefix`, `application_id`);
-- create index "applicationsearchprefix_application_id" to table: "application_search_prefixes"
CREATE INDEX `applicationsearchprefix_application_id` ON `application_search_prefixes` (`application_id`);
-- enable back the enforcement of foreign-keys constraints
PRAGMA foreign_keys = on;
