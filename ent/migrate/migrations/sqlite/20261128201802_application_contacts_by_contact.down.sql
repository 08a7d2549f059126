-- reverse: create index "applicationcontact_contact_id_application_id" to table: "application_contacts"
DROP INDEX `applicationcontact_contact_id_application_id`;
