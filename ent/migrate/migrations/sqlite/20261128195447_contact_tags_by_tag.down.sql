-- reverse: create index "contacttag_tag_id_contact_id" to table: "contact_tags"
DROP INDEX `contacttag_tag_id_contact_id`;
