-- create "idempotency_keys" table
CREATE TABLE "idempotency_keys" ("id" uuid NOT NULL, "scope" character varying NOT NULL, "key" character varying NOT NULL, "request_hash" bytea NOT NULL, "procedure" character varying NOT NULL, "response" bytea NULL, "created_at" timestamptz NOT NULL, "expires_at" timestamptz NOT NULL, PRIMARY KEY ("id"));
-- create index "idempotencykey_expires_at" to table: "idempotency_keys"
CREATE INDEX "idempotencykey_expires_at" ON "idempotency_keys" ("expires_at");
-- create index "idempotencykey_scope_key" to table: "idempotency_keys"
CREATE UNIQUE INDEX "idempotencykey_scope_key" ON "idempotency_keys" ("scope", "key");
