-- reverse: create index "personallink_owner_id_kind" to table: "personal_links"
DROP INDEX `personallink_owner_id_kind`;
-- reverse: create index "personal_links_token_key" to table: "personal_links"
DROP INDEX `personal_links_token_key`;
-- reverse: create "personal_links" table
DROP TABLE `personal_links`;
