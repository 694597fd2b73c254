-- +goose Up
-- The database role of each plugin, which the core logs in as to run the plugin's SQL. The name
-- carries a random part: roles belong to the whole PostgreSQL server, which two installations
-- may share. Every server of an installation reads the password here.
CREATE TABLE plugin_roles (
    plugin_id text PRIMARY KEY,
    role      text NOT NULL UNIQUE,
    password  text NOT NULL
);

-- A role that is not the core's (a plugin's) may not even name what lives in the core's schema.
REVOKE ALL ON SCHEMA public FROM PUBLIC;

-- +goose Down
GRANT USAGE ON SCHEMA public TO PUBLIC;
DROP TABLE plugin_roles;
