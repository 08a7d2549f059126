-- create index "task_owner_id_status_deadline" to table: "tasks"
CREATE INDEX "task_owner_id_status_deadline" ON "tasks" ("owner_id", "status", "deadline");
