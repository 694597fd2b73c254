-- +goose Up
-- Multipart uploads and their state, so an upload can be resumed, completed exactly once, or
-- aborted by the sweeper (parts and any half-made object removed) after a crash or a lost browser.
CREATE TABLE uploads (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id           uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state             text        NOT NULL DEFAULT 'uploading'
                      CHECK (state IN ('uploading', 'completed', 'aborted', 'failed')),
    usage_type        text        NOT NULL,
    library_type      text        NOT NULL DEFAULT '',
    attach_to         text        NOT NULL DEFAULT '',
    filename          text        NOT NULL,
    display_name      text        NOT NULL,
    content_type      text        NOT NULL,
    bucket            text        NOT NULL,
    key               text        NOT NULL,
    storage_upload_id text        NOT NULL,
    file_size         bigint      NOT NULL CHECK (file_size > 0),
    chunk_size        bigint      NOT NULL CHECK (chunk_size > 0),
    parts             integer     NOT NULL CHECK (parts > 0),
    result            jsonb       NOT NULL DEFAULT '{}',
    error             text        NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
-- Two live uploads never write the same key.
CREATE UNIQUE INDEX uploads_live_key_idx ON uploads (bucket, key) WHERE state = 'uploading';
CREATE INDEX uploads_stale_idx ON uploads (updated_at) WHERE state = 'uploading';
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at DESC);

-- +goose Down
DROP TABLE uploads;
