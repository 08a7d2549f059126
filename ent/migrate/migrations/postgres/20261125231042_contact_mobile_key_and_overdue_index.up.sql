-- modify "contacts" table
ALTER TABLE "contacts" ADD COLUMN "mobile_key" character varying NOT NULL DEFAULT '';
-- drop index "task_owner_id_status_deadline" from table: "tasks"
DROP INDEX "task_owner_id_status_deadline";
-- create index "task_owner_id_status_initial_deadline" to table: "tasks"
CREATE INDEX "task_owner_id_status_initial_deadline" ON "tasks" ("owner_id", "status", "initial_deadline");
