-- +goose Up
-- Presence: who has a topic open and which cell each has selected. Servers carry it between
-- them by NOTIFY its_live_presence and keep it in memory; this table is only the snapshot a
-- server reads when it starts or its LISTEN connection comes back, so that it knows at once who
-- is there. Unlogged: a crash empties it, and the browsers' next announce (every 20 s) fills it.
-- A row is one browser's stream (its token) on a topic; rows older than 45 s are pruned.
CREATE UNLOGGED TABLE live_presence (
    topic   text        NOT NULL,
    stream  text        NOT NULL,
    user_id uuid        NOT NULL,
    name    text        NOT NULL,
    row_id  text        NOT NULL DEFAULT '',
    field   text        NOT NULL DEFAULT '',
    at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (topic, stream)
);

-- +goose Down
DROP TABLE live_presence;
