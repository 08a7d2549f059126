-- create "webhook_attempts" table
CREATE TABLE `webhook_attempts` (`id` uuid NOT NULL, `agency_id` uuid NOT NULL, `attempted_at` datetime NOT NULL, `status_code` integer NOT NULL DEFAULT (0), `error` text NOT NULL DEFAULT (''), `duration_ms` integer NOT NULL DEFAULT (0), `delivery_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_attempts_webhook_deliveries_delivery` FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries` (`id`) ON DELETE CASCADE);
-- create index "webhookattempt_delivery_id_attempted_at" to table: "webhook_attempts"
CREATE INDEX `webhookattempt_delivery_id_attempted_at` ON `webhook_attempts` (`delivery_id`, `attempted_at`);
-- create "webhook_deliveries" table
CREATE TABLE `webhook_deliveries` (`id` uuid NOT NULL, `agency_id` uuid NOT NULL, `event_type` text NOT NULL, `status` text NOT NULL DEFAULT ('pending'), `attempts` integer NOT NULL DEFAULT (0), `created_at` datetime NOT NULL, `next_attempt_at` datetime NOT NULL, `claimed_until` datetime NULL, `last_attempt_at` datetime NULL, `last_status_code` integer NOT NULL DEFAULT (0), `last_error` text NOT NULL DEFAULT (''), `endpoint_id` uuid NOT NULL, `event_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_deliveries_webhook_endpoints_endpoint` FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints` (`id`) ON DELETE CASCADE, CONSTRAINT `webhook_deliveries_webhook_events_event` FOREIGN KEY (`event_id`) REFERENCES `webhook_events` (`id`) ON DELETE CASCADE);
-- create index "webhookdelivery_status_next_attempt_at" to table: "webhook_deliveries"
CREATE INDEX `webhookdelivery_status_next_attempt_at` ON `webhook_deliveries` (`status`, `next_attempt_at`);
-- create index "webhookdelivery_endpoint_id_created_at" to table: "webhook_deliveries"
CREATE INDEX `webhookdelivery_endpoint_id_created_at` ON `webhook_deliveries` (`endpoint_id`, `created_at`);
-- create "webhook_endpoints" table
CREATE TABLE `webhook_endpoints` (`id` uuid NOT NULL, `created_at` datetime NOT NULL, `updated_at` datetime NOT NULL, `url` text NOT NULL, `events` json NOT NULL, `enabled` bool NOT NULL DEFAULT (true), `secret` text NOT NULL, `agency_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_endpoints_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE CASCADE);
-- create index "webhookendpoint_agency_id_created_at" to table: "webhook_endpoints"
CREATE INDEX `webhookendpoint_agency_id_created_at` ON `webhook_endpoints` (`agency_id`, `created_at`);
-- create "webhook_events" table
CREATE TABLE `webhook_events` (`id` uuid NOT NULL, `type` text NOT NULL, `data` blob NOT NULL, `created_at` datetime NOT NULL, `once_key` text NULL, `agency_id` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `webhook_events_agencies_agency` FOREIGN KEY (`agency_id`) REFERENCES `agencies` (`id`) ON DELETE CASCADE);
-- create index "webhookevent_once_key" to table: "webhook_events"
CREATE UNIQUE INDEX `webhookevent_once_key` ON `webhook_events` (`once_key`);
