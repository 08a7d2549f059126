-- reverse: create index "applicationsearchprefix_owner_id_prefix_application_id" to table: "application_search_prefixes"
DROP INDEX "applicationsearchprefix_owner_id_prefix_application_id";
-- reverse: create index "applicationsearchprefix_application_id" to table: "application_search_prefixes"
DROP INDEX "applicationsearchprefix_application_id";
-- reverse: create "application_search_prefixes" table
DROP TABLE "application_search_prefixes";
-- reverse: create index "contact_owner_id_company_key" to table: "contacts"
DROP INDEX "contact_owner_id_company_key";
-- reverse: modify "contacts" table
ALTER TABLE "contacts" DROP COLUMN "company_key";
