-- modify "application_contacts" table
ALTER TABLE "application_contacts" DROP CONSTRAINT "application_contacts_application_id", DROP CONSTRAINT "application_contacts_contact_id", ADD CONSTRAINT "application_contacts_applications_application" FOREIGN KEY ("application_id") REFERENCES "applications" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "application_contacts_contacts_contact" FOREIGN KEY ("contact_id") REFERENCES "contacts" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
-- create index "applicationcontact_contact_id_application_id" to table: "application_contacts"
CREATE INDEX "applicationcontact_contact_id_application_id" ON "application_contacts" ("contact_id", "application_id");
