-- reverse: create index "idempotencykey_expires_at" to table: "idempotency_keys"
DROP INDEX `idempotencykey_expires_at`;
-- reverse: create index "idempotencykey_scope_key" to table: "idempotency_keys"
DROP INDEX `idempotencykey_scope_key`;
-- reverse: create "idempotency_keys" table
DROP TABLE `idempotency_keys`;
