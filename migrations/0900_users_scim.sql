-- +goose Up
-- SCIM provisioning: which identity provider manages an account (with the provider's id for it)
-- and the provider's groups with their members, kept for mapping groups to permissions.
CREATE TABLE scim_users (
    user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    provider    text        NOT NULL,
    external_id text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scim_users_provider_idx ON scim_users (provider, external_id);

CREATE TABLE scim_groups (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider     text        NOT NULL,
    display_name text        NOT NULL,
    external_id  text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX scim_groups_name_idx ON scim_groups (provider, lower(display_name));

CREATE TABLE scim_group_members (
    group_id uuid NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX scim_group_members_user_idx ON scim_group_members (user_id);

-- +goose Down
DROP TABLE scim_group_members;
DROP TABLE scim_groups;
DROP TABLE scim_users;
