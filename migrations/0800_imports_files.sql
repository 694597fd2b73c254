-- +goose Up
-- Files uploaded to be imported: recorded when their upload completes, read by their owner's
-- column association and validation steps. The rows themselves are never stored: the import
-- grid holds them until the import writes them to the target in one transaction.
CREATE TABLE import_files (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    upload_id  uuid        NOT NULL UNIQUE,
    blob_key   text        NOT NULL,
    filename   text        NOT NULL,
    kind       text        NOT NULL CHECK (kind IN ('xlsx', 'csv')),
    file_size  bigint      NOT NULL CHECK (file_size > 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_files_user_idx ON import_files (user_id, created_at DESC);

-- +goose Down
DROP TABLE import_files;
