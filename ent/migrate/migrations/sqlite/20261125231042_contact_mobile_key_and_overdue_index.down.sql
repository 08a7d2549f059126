-- Written by hand: atlas reverses a SQLite table rebuild as « DROP TABLE new_contacts », which
-- cannot run once the rebuild is done.
-- reverse: create index "task_owner_id_status_initial_deadline" to table: "tasks"
DROP INDEX `task_owner_id_status_initial_deadline`;
-- reverse: drop index "task_owner_id_status_deadline" from table: "tasks"
CREATE INDEX `task_owner_id_status_deadline` ON `tasks` (`owner_id`, `status`, `deadline`);
-- reverse: add column "mobile_key" to table "contacts"
ALTER TABLE `contacts` DROP COLUMN `mobile_key`;
