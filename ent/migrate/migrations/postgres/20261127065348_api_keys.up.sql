-- create index "apikey_agency_id_created_at" to table: "api_keys"
CREATE INDEX "apikey_agency_id_created_at" ON "api_keys" ("agency_id", "created_at");
