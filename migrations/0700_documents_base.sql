-- +goose Up
-- Assortment documents (product spec §3.2, platform spec §7 "Documents"): a user's saved
-- document settings with an optional schedule, the shared links (access codes stored hashed,
-- expiring, revocable) and the files each scheduled run produced.
CREATE TABLE assortment_documents (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The assortments module's id; no foreign key: modules keep to their own tables.
    assortment_id   uuid        NOT NULL,
    display_name    text        NOT NULL,
    filename        text        NOT NULL,
    doc_type        text        NOT NULL,
    sub_type        text        NOT NULL,
    file_type       text        NOT NULL CHECK (file_type IN ('pdf', 'xlsx')),
    settings        jsonb       NOT NULL DEFAULT '{}',
    subject         text        NOT NULL DEFAULT '',
    body            text        NOT NULL DEFAULT '',
    recipients      text[]      NOT NULL DEFAULT '{}',
    bcc_recipients  text[]      NOT NULL DEFAULT '{}',
    frequency       text        NOT NULL DEFAULT '' CHECK (frequency IN ('', 'daily', 'weekly', 'monthly')),
    next_run_at     timestamptz,
    last_run_at     timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    modified_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assortment_documents_owner_idx ON assortment_documents (owner_id, modified_at DESC);
CREATE INDEX assortment_documents_due_idx ON assortment_documents (next_run_at) WHERE next_run_at IS NOT NULL;

-- A file reached without a login: a shared link (kind 'shared') or a scheduled run's file
-- (kind 'scheduled'). Only the SHA-256 of the access code is kept.
CREATE TABLE assortment_document_files (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    document_id     uuid        NOT NULL REFERENCES assortment_documents (id) ON DELETE CASCADE,
    kind            text        NOT NULL CHECK (kind IN ('shared', 'scheduled')),
    code_hash       bytea       NOT NULL UNIQUE,
    file_type       text        NOT NULL,
    filename        text        NOT NULL,
    blob_key        text        NOT NULL,
    recipients      text[]      NOT NULL DEFAULT '{}',
    created_by      uuid        REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    revoked_at      timestamptz
);
CREATE INDEX assortment_document_files_doc_idx ON assortment_document_files (document_id, created_at DESC);

-- +goose Down
DROP TABLE assortment_document_files;
DROP TABLE assortment_documents;
