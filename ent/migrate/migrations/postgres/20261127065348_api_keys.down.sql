-- reverse: create index "apikey_agency_id_created_at" to table: "api_keys"
DROP INDEX "apikey_agency_id_created_at";
