-- create index "applicationcontact_contact_id_application_id" to table: "application_contacts"
CREATE INDEX `applicationcontact_contact_id_application_id` ON `application_contacts` (`contact_id`, `application_id`);
