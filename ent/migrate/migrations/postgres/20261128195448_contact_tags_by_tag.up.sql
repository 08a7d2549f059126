-- modify "contact_tags" table
ALTER TABLE "contact_tags" DROP CONSTRAINT "contact_tags_contact_id", DROP CONSTRAINT "contact_tags_tag_id", ADD CONSTRAINT "contact_tags_contacts_contact" FOREIGN KEY ("contact_id") REFERENCES "contacts" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "contact_tags_tags_tag" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
-- create index "contacttag_tag_id_contact_id" to table: "contact_tags"
CREATE INDEX "contacttag_tag_id_contact_id" ON "contact_tags" ("tag_id", "contact_id");
