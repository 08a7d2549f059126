-- create "webhook_endpoints" table
CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "url" character varying NOT NULL, "events" jsonb NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "secret" character varying NOT NULL, "agency_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_endpoints_agencies_agency" FOREIGN KEY ("agency_id") REFERENCES "agencies" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookendpoint_agency_id_created_at" to table: "webhook_endpoints"
CREATE INDEX "webhookendpoint_agency_id_created_at" ON "webhook_endpoints" ("agency_id", "created_at");
-- create "webhook_events" table
CREATE TABLE "webhook_events" ("id" uuid NOT NULL, "type" character varying NOT NULL, "data" bytea NOT NULL, "created_at" timestamptz NOT NULL, "once_key" character varying NULL, "agency_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_events_agencies_agency" FOREIGN KEY ("agency_id") REFERENCES "agencies" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookevent_once_key" to table: "webhook_events"
CREATE UNIQUE INDEX "webhookevent_once_key" ON "webhook_events" ("once_key");
-- create "webhook_deliveries" table
CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL, "agency_id" uuid NOT NULL, "event_type" character varying NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "attempts" bigint NOT NULL DEFAULT 0, "created_at" timestamptz NOT NULL, "next_attempt_at" timestamptz NOT NULL, "claimed_until" timestamptz NULL, "last_attempt_at" timestamptz NULL, "last_status_code" bigint NOT NULL DEFAULT 0, "last_error" character varying NOT NULL DEFAULT '', "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_deliveries_webhook_endpoints_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "webhook_deliveries_webhook_events_event" FOREIGN KEY ("event_id") REFERENCES "webhook_events" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
CREATE INDEX "webhookdelivery_endpoint_id_created_at" ON "webhook_deliveries" ("endpoint_id", "created_at");
-- create index "webhookdelivery_status_next_attempt_at" to table: "webhook_deliveries"
CREATE INDEX "webhookdelivery_status_next_attempt_at" ON "webhook_deliveries" ("status", "next_attempt_at");
-- create "webhook_attempts" table
CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL, "agency_id" uuid NOT NULL, "attempted_at" timestamptz NOT NULL, "status_code" bigint NOT NULL DEFAULT 0, "error" character varying NOT NULL DEFAULT '', "duration_ms" bigint NOT NULL DEFAULT 0, "delivery_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "webhook_attempts_webhook_deliveries_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "webhookattempt_delivery_id_attempted_at" to table: "webhook_attempts"
CREATE INDEX "webhookattempt_delivery_id_attempted_at" ON "webhook_attempts" ("delivery_id", "attempted_at");
