-- create "idempotency_keys" table
CREATE TABLE `idempotency_keys` (`id` uuid NOT NULL, `scope` text NOT NULL, `key` text NOT NULL, `request_hash` blob NOT NULL, `procedure` text NOT NULL, `response` blob NULL, `created_at` datetime NOT NULL, `expires_at` datetime NOT NULL, PRIMARY KEY (`id`));
-- create index "idempotencykey_scope_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX `idempotencykey_scope_key` ON `idempotency_keys` (`scope`, `key`);
-- create index "idempotencykey_expires_at" to table: "idempotency_keys"
CREATE INDEX `idempotencykey_expires_at` ON `idempotency_keys` (`expires_at`);
