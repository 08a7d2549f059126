-- reverse: create index "task_owner_id_status_initial_deadline" to table: "tasks"
DROP INDEX "task_owner_id_status_initial_deadline";
-- reverse: drop index "task_owner_id_status_deadline" from table: "tasks"
CREATE INDEX "task_owner_id_status_deadline" ON "tasks" ("owner_id", "status", "deadline");
-- reverse: modify "contacts" table
ALTER TABLE "contacts" DROP COLUMN "mobile_key";
