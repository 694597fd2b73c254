-- +goose Up
-- Named document templates: the options of a document (type, subtype, the column set it was
-- made for, columns, toggles and the further fields) kept by name for any assortment, private to
-- their owner or shared with every colleague who may export documents.
CREATE TABLE document_templates (
    id          uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        text        NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 100),
    shared      boolean     NOT NULL DEFAULT false,
    options     jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz NOT NULL DEFAULT now()
);
-- A name is one owner's once, whatever its case.
CREATE UNIQUE INDEX document_templates_owner_name_key ON document_templates (owner_id, lower(name));
CREATE INDEX document_templates_shared_idx ON document_templates (lower(name)) WHERE shared;

-- +goose Down
DROP TABLE document_templates;
