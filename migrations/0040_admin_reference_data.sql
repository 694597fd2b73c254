-- +goose Up
-- Reference data admins keep (platform spec §3: its:admin:territories, its:admin:divisionGroups):
-- the territories and business entities a user's userTBEs name, with the locations each covers,
-- and the division groups that gather genders (Boys, Girls and Kids are Kids).
CREATE TABLE territories (
    id              uuid   PRIMARY KEY DEFAULT gen_random_uuid(),
    version         bigint NOT NULL DEFAULT 1,
    territory       text   NOT NULL CHECK (territory <> ''),
    business_entity text   NOT NULL CHECK (business_entity <> ''),
    locations       text[] NOT NULL DEFAULT '{}',
    description     text   NOT NULL DEFAULT '',
    UNIQUE (territory, business_entity)
);

CREATE TABLE division_groups (
    id             uuid   PRIMARY KEY DEFAULT gen_random_uuid(),
    version        bigint NOT NULL DEFAULT 1,
    division_group text   NOT NULL UNIQUE CHECK (division_group <> ''),
    genders        text[] NOT NULL DEFAULT '{}',
    sort           int    NOT NULL DEFAULT 0
);

INSERT INTO territories (territory, business_entity, locations, description) VALUES
    ('ADMIN', 'ADMIN', '{US,CA,EU,UK,JP}', 'Every location'),
    ('US-WEST', 'DOMESTIC', '{US}', 'United States, west'),
    ('US-EAST', 'DOMESTIC', '{US}', 'United States, east'),
    ('CANADA', 'DOMESTIC', '{CA}', 'Canada'),
    ('EUROPE', 'EUROPE', '{EU,UK}', 'European Union and United Kingdom'),
    ('JAPAN', 'INTERNATIONAL', '{JP}', 'Japan');

INSERT INTO division_groups (division_group, genders, sort) VALUES
    ('Mens', '{Mens}', 1),
    ('Womens', '{Womens}', 2),
    ('Kids', '{Boys,Girls,Kids}', 3),
    ('Unisex', '{Unisex}', 4);

-- +goose Down
DROP TABLE division_groups;
DROP TABLE territories;
