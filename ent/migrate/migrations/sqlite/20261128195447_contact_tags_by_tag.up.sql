-- create index "contacttag_tag_id_contact_id" to table: "contact_tags"
CREATE INDEX `contacttag_tag_id_contact_id` ON `contact_tags` (`tag_id`, `contact_id`);
