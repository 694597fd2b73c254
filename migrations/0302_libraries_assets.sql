-- +goose Up
-- Library assets (advertising assets and logos, global retail assets and resources, product
-- documents, STEP assets), their files, users' 'Seen' flags, statistics events and each user's
-- saved collection per library.
CREATE TABLE library_assets (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    library_type    text        NOT NULL CHECK (library_type IN ('AdvertisingAsset', 'AdvertisingLogo', 'GlobalRetailAsset',
                                                                  'GlobalRetailResource', 'ProductDocument', 'StepAsset')),
    library_sub_type text       NOT NULL DEFAULT '',
    name            text        NOT NULL DEFAULT '',
    asset_type      text        NOT NULL DEFAULT '',
    asset_sub_type  text        NOT NULL DEFAULT '',
    category        text        NOT NULL DEFAULT '',
    gender          text        NOT NULL DEFAULT '',
    tag             text        NOT NULL DEFAULT '',
    season          text        NOT NULL DEFAULT '',
    year            text        NOT NULL DEFAULT '',
    lang            text        NOT NULL DEFAULT '',
    region          text        NOT NULL DEFAULT '',
    orientation     text        NOT NULL DEFAULT '',
    initiative      text        NOT NULL DEFAULT '',
    element         text        NOT NULL DEFAULT '',
    entity          text        NOT NULL DEFAULT '',
    store_type      text        NOT NULL DEFAULT '',
    function        text        NOT NULL DEFAULT '',
    usage           text        NOT NULL DEFAULT '',
    vm_category     text        NOT NULL DEFAULT '',
    media_display   text        NOT NULL DEFAULT '',
    doc_type        text        NOT NULL DEFAULT '',
    division_id     text        NOT NULL DEFAULT '',
    dimensions      text        NOT NULL DEFAULT '',
    locations       text[]      NOT NULL DEFAULT '{}',
    added_by        uuid        REFERENCES users (id) ON DELETE SET NULL,
    start_date      date,
    end_date        date,
    begin_date      date,
    expire_date     date,
    status          text        NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Published', 'Unpublished', 'Deleted')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    modified_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_assets_list_idx ON library_assets (library_type, status, modified_at DESC, id);

CREATE TABLE library_files (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    asset_id      uuid        NOT NULL REFERENCES library_assets (id) ON DELETE CASCADE,
    usage_type    text        NOT NULL CHECK (usage_type IN ('Primary', 'Working File')),
    filename      text        NOT NULL,
    key           text        NOT NULL,
    content_type  text        NOT NULL DEFAULT '',
    file_size     bigint      NOT NULL DEFAULT 0,
    width         integer,
    height        integer,
    thumbnail_key text        NOT NULL DEFAULT '',
    groups        text[]      NOT NULL DEFAULT '{}',
    state         text        NOT NULL DEFAULT 'Success',
    add_method    text        NOT NULL DEFAULT 'Upload',
    modified_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_files_asset_idx ON library_files (asset_id);
-- An upload is refused if another asset has the same filename.
CREATE UNIQUE INDEX library_files_filename_idx ON library_files (lower(filename));

CREATE TABLE library_user_flags (
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    model_type text        NOT NULL,
    model_id   uuid        NOT NULL,
    flag       text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, model_type, model_id, flag)
);

CREATE TABLE library_stats (
    id         bigserial PRIMARY KEY,
    user_id    uuid        REFERENCES users (id) ON DELETE SET NULL,
    action     text        NOT NULL,
    model_type text        NOT NULL DEFAULT '',
    model_id   text        NOT NULL DEFAULT '',
    data       jsonb       NOT NULL DEFAULT '{}',
    assortment text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX library_stats_action_idx ON library_stats (action, created_at);

CREATE TABLE library_collections (
    user_id         uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    collection_type text        NOT NULL,
    items           uuid[]      NOT NULL DEFAULT '{}',
    settings        jsonb       NOT NULL DEFAULT '{}',
    modified_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, collection_type)
);

-- +goose Down
DROP TABLE library_collections;
DROP TABLE library_stats;
DROP TABLE library_user_flags;
DROP TABLE library_files;
DROP TABLE library_assets;
