-- create "personal_links" table
CREATE TABLE "personal_links" ("id" uuid NOT NULL, "created_at" timestamptz NOT NULL, "updated_at" timestamptz NOT NULL, "kind" character varying NOT NULL, "token" character varying NOT NULL, "owner_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "personal_links_users_owner" FOREIGN KEY ("owner_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- create index "personal_links_token_key" to table: "personal_links"
CREATE UNIQUE INDEX "personal_links_token_key" ON "personal_links" ("token");
-- create index "personallink_owner_id_kind" to table: "personal_links"
CREATE UNIQUE INDEX "personallink_owner_id_kind" ON "personal_links" ("owner_id", "kind");
