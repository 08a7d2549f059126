-- reverse: create index "task_owner_id_status_deadline" to table: "tasks"
DROP INDEX `task_owner_id_status_deadline`;
