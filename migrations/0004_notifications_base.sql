-- +goose Up
CREATE TABLE notifications (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type        text        NOT NULL,
    title       text        NOT NULL,
    body        text        NOT NULL DEFAULT '',
    link        text        NOT NULL DEFAULT '',
    state       text        NOT NULL DEFAULT 'New' CHECK (state IN ('New', 'Read')),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, type, created_at DESC);

-- +goose Down
DROP TABLE notifications;
