-- +goose Up
-- Comment threads on the rows of a grid (core/comments). A thread is named by its scope (the
-- grid, chosen by the module that owns it), the object whose rows the grid shows and the row;
-- the owning module decides who may read it from the object, so the object id is kept apart to
-- make that check and the per-object counts cheap. Open or resolved is the thread's state.
CREATE TABLE comment_threads (
    id          bigserial   PRIMARY KEY,
    scope       text        NOT NULL CHECK (scope <> ''),
    object_id   text        NOT NULL CHECK (object_id <> ''),
    row_id      text        NOT NULL CHECK (row_id <> ''),
    resolved_at timestamptz,
    resolved_by uuid        REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (scope, object_id, row_id)
);

-- A comment's body is plain text in which a mention is the token @[Display Name](user id);
-- mentions keeps the ids of those tokens.
CREATE TABLE comments (
    id         bigserial   PRIMARY KEY,
    thread_id  bigint      NOT NULL REFERENCES comment_threads (id) ON DELETE CASCADE,
    author_id  uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body       text        NOT NULL CHECK (body <> '' AND char_length(body) <= 4000),
    mentions   uuid[]      NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    edited_at  timestamptz
);
CREATE INDEX comments_thread ON comments (thread_id, id);

-- +goose Down
DROP TABLE comments;
DROP TABLE comment_threads;
