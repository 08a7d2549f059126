-- reverse: create index "task_status_deadline" to table: "tasks"
DROP INDEX "task_status_deadline";
-- reverse: create index "task_owner_id_deadline" to table: "tasks"
DROP INDEX "task_owner_id_deadline";
-- reverse: create index "task_contact_id" to table: "tasks"
DROP INDEX "task_contact_id";
-- reverse: create index "task_application_id" to table: "tasks"
DROP INDEX "task_application_id";
-- reverse: create "tasks" table
DROP TABLE "tasks";
-- reverse: create index "sessions_token_hash_key" to table: "sessions"
DROP INDEX "sessions_token_hash_key";
-- reverse: create index "session_user_id" to table: "sessions"
DROP INDEX "session_user_id";
-- reverse: create index "session_expires_at" to table: "sessions"
DROP INDEX "session_expires_at";
-- reverse: create "sessions" table
DROP TABLE "sessions";
-- reverse: create index "licenses_candidate_id_key" to table: "licenses"
DROP INDEX "licenses_candidate_id_key";
-- reverse: create "licenses" table
DROP TABLE "licenses";
-- reverse: create index "event_owner_id_date" to table: "events"
DROP INDEX "event_owner_id_date";
-- reverse: create index "event_contact_id" to table: "events"
DROP INDEX "event_contact_id";
-- reverse: create index "event_application_id" to table: "events"
DROP INDEX "event_application_id";
-- reverse: create "events" table
DROP TABLE "events";
-- reverse: create index "dashboardsetting_owner_id" to table: "dashboard_settings"
DROP INDEX "dashboardsetting_owner_id";
-- reverse: create "dashboard_settings" table
DROP TABLE "dashboard_settings";
-- reverse: create "contact_tags" table
DROP TABLE "contact_tags";
-- reverse: create index "tag_owner_id_name_key" to table: "tags"
DROP INDEX "tag_owner_id_name_key";
-- reverse: create "tags" table
DROP TABLE "tags";
-- reverse: create "application_contacts" table
DROP TABLE "application_contacts";
-- reverse: create index "contact_parent_id" to table: "contacts"
DROP INDEX "contact_parent_id";
-- reverse: create index "contact_owner_id_sort_key" to table: "contacts"
DROP INDEX "contact_owner_id_sort_key";
-- reverse: create index "contact_owner_id_created_at" to table: "contacts"
DROP INDEX "contact_owner_id_created_at";
-- reverse: create "contacts" table
DROP TABLE "contacts";
-- reverse: create index "application_owner_id_engaged_at" to table: "applications"
DROP INDEX "application_owner_id_engaged_at";
-- reverse: create index "application_owner_id_created_at" to table: "applications"
DROP INDEX "application_owner_id_created_at";
-- reverse: create "applications" table
DROP TABLE "applications";
-- reverse: create index "api_keys_key_hash_key" to table: "api_keys"
DROP INDEX "api_keys_key_hash_key";
-- reverse: create "api_keys" table
DROP TABLE "api_keys";
-- reverse: create index "actiontoken_user_id_kind" to table: "action_tokens"
DROP INDEX "actiontoken_user_id_kind";
-- reverse: create index "action_tokens_token_hash_key" to table: "action_tokens"
DROP INDEX "action_tokens_token_hash_key";
-- reverse: create "action_tokens" table
DROP TABLE "action_tokens";
-- reverse: create index "users_email_key" to table: "users"
DROP INDEX "users_email_key";
-- reverse: create index "user_stripe_customer_id" to table: "users"
DROP INDEX "user_stripe_customer_id";
-- reverse: create index "user_role_created_at" to table: "users"
DROP INDEX "user_role_created_at";
-- reverse: create index "user_agency_id_created_at" to table: "users"
DROP INDEX "user_agency_id_created_at";
-- reverse: create "users" table
DROP TABLE "users";
-- reverse: create index "jobrun_job_run_key" to table: "job_runs"
DROP INDEX "jobrun_job_run_key";
-- reverse: create "job_runs" table
DROP TABLE "job_runs";
-- reverse: create "agencies" table
DROP TABLE "agencies";
-- reverse: create "stripe_events" table
DROP TABLE "stripe_events";
