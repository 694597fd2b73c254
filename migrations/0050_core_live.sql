-- +goose Up
-- Live rows: what changed in a grid, told to every server through NOTIFY its_live (the payload
-- is the id) and to every open browser through its stream. An event names rows and fields, never
-- their values; browsers read the rows again through the grid's policy-checked query. Events are
-- kept a day so that a dropped connection catches up from its last event id.
CREATE TABLE live_events (
    id       bigserial   PRIMARY KEY,
    topic    text        NOT NULL,
    grid     text        NOT NULL,
    added    text[]      NOT NULL DEFAULT '{}',
    updated  text[]      NOT NULL DEFAULT '{}',
    deleted  text[]      NOT NULL DEFAULT '{}',
    fields   text[]      NOT NULL DEFAULT '{}',
    actor_id uuid,
    at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_events_topic_id ON live_events (topic, id);
CREATE INDEX live_events_at ON live_events (at);

-- The highest id pruned: a stream asking to catch up from below it is told to reload instead.
CREATE TABLE live_pruned (
    one  boolean PRIMARY KEY DEFAULT true CHECK (one),
    upto bigint  NOT NULL
);
INSERT INTO live_pruned (upto) VALUES (0);

-- +goose Down
DROP TABLE live_pruned;
DROP TABLE live_events;
