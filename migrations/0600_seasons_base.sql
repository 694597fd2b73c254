-- +goose Up
-- Seasons of internal assortments (spec §3.3): one per season code, year and channel, with the
-- season sets (key initiatives) its internal assortments are made for. The cover lives in the
-- blob store at seasons/{year}/{season}/{channel}/sourceFile.jpg with its preview.jpg beside it.
CREATE TABLE assortment_seasons (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    season        text NOT NULL,
    year          integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    channel       text NOT NULL,
    state         text NOT NULL DEFAULT 'Preparation' CHECK (state IN ('Live', 'Preparation', 'Archived')),
    season_set_id uuid,
    source_file   text NOT NULL DEFAULT '',
    preview_jpg   text NOT NULL DEFAULT '',
    version       integer NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    modified_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (season, year, channel)
);

CREATE TABLE assortment_season_sets (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    season_id    uuid NOT NULL REFERENCES assortment_seasons (id) ON DELETE CASCADE,
    position     integer NOT NULL,
    short_name   text NOT NULL,
    product_type text NOT NULL,
    region       text NOT NULL,
    org_type     text NOT NULL,
    method       text NOT NULL,
    UNIQUE (season_id, short_name)
);
CREATE INDEX assortment_season_sets_season ON assortment_season_sets (season_id, position);

-- +goose Down
DROP TABLE assortment_season_sets;
DROP TABLE assortment_seasons;
