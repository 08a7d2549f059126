-- reverse: add column "touch_rhythm" to table: "contacts"
ALTER TABLE `contacts` DROP COLUMN `touch_rhythm`;
