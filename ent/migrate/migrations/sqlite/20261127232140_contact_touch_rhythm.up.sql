-- add column "touch_rhythm" to table: "contacts"
ALTER TABLE `contacts` ADD COLUMN `touch_rhythm` text NULL;
