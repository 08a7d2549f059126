-- reverse: create index "user_stripe_customer_id" to table: "users"
DROP INDEX `user_stripe_customer_id`;
-- reverse: create index "user_role_created_at" to table: "users"
DROP INDEX `user_role_created_at`;
-- reverse: create index "user_agency_id_created_at" to table: "users"
DROP INDEX `user_agency_id_created_at`;
-- reverse: create index "users_email_key" to table: "users"
DROP INDEX `users_email_key`;
-- reverse: create "new_users" table
DROP TABLE `new_users`;
