-- reverse: create index "contacttag_tag_id_contact_id" to table: "contact_tags"
DROP INDEX "contacttag_tag_id_contact_id";
-- reverse: modify "contact_tags" table
ALTER TABLE "contact_tags" DROP CONSTRAINT "contact_tags_tags_tag", DROP CONSTRAINT "contact_tags_contacts_contact", ADD CONSTRAINT "contact_tags_tag_id" FOREIGN KEY ("tag_id") REFERENCES "tags" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "contact_tags_contact_id" FOREIGN KEY ("contact_id") REFERENCES "contacts" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
