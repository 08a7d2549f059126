-- reverse: create index "webhookattempt_delivery_id_attempted_at" to table: "webhook_attempts"
DROP INDEX "webhookattempt_delivery_id_attempted_at";
-- reverse: create "webhook_attempts" table
DROP TABLE "webhook_attempts";
-- reverse: create index "webhookdelivery_status_next_attempt_at" to table: "webhook_deliveries"
DROP INDEX "webhookdelivery_status_next_attempt_at";
-- reverse: create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
DROP INDEX "webhookdelivery_endpoint_id_created_at";
-- reverse: create "webhook_deliveries" table
DROP TABLE "webhook_deliveries";
-- reverse: create index "webhookevent_once_key" to table: "webhook_events"
DROP INDEX "webhookevent_once_key";
-- reverse: create "webhook_events" table
DROP TABLE "webhook_events";
-- reverse: create index "webhookendpoint_agency_id_created_at" to table: "webhook_endpoints"
DROP INDEX "webhookendpoint_agency_id_created_at";
-- reverse: create "webhook_endpoints" table
DROP TABLE "webhook_endpoints";
