-- reverse: create index "applicationcontact_contact_id_application_id" to table: "application_contacts"
DROP INDEX "applicationcontact_contact_id_application_id";
-- reverse: modify "application_contacts" table
ALTER TABLE "application_contacts" DROP CONSTRAINT "application_contacts_contacts_contact", DROP CONSTRAINT "application_contacts_applications_application", ADD CONSTRAINT "application_contacts_contact_id" FOREIGN KEY ("contact_id") REFERENCES "contacts" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, ADD CONSTRAINT "application_contacts_application_id" FOREIGN KEY ("application_id") REFERENCES "applications" ("id") ON UPDATE NO ACTION ON DELETE CASCADE;
