-- +goose Up
-- What the download queue shows of a background job beyond River's own state: who started it,
-- its progress, the message shown when it is cancelled and the blob holding its result.
-- River's tables (river_job, ...) are created by River's own migrations at start.
CREATE TABLE job_progress (
    job_id          bigint PRIMARY KEY,
    user_id         uuid        REFERENCES users (id) ON DELETE CASCADE,
    kind            text        NOT NULL,
    title           text        NOT NULL DEFAULT '',
    progress        integer     NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    message         text        NOT NULL DEFAULT '',
    cancel_message  text        NOT NULL DEFAULT '',
    result_key      text        NOT NULL DEFAULT '',
    result_filename text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_progress_user_idx ON job_progress (user_id, created_at DESC);

-- +goose Down
DROP TABLE job_progress;
