-- +goose Up
-- Announcements ("charts" in the API) shown on the dashboard.
CREATE TABLE announcements (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title       text        NOT NULL,
    body        text        NOT NULL DEFAULT '',
    link        text        NOT NULL DEFAULT '',
    published   boolean     NOT NULL DEFAULT false,
    start_date  date,
    end_date    date,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_published_idx ON announcements (published, modified_at DESC);

-- +goose Down
DROP TABLE announcements;
