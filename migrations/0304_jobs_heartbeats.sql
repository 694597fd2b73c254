-- +goose Up
-- Each running job's last sign of life from the server working it: a job whose server died (a
-- kill -9, a lost machine) stops beating, and any server's sweeper retries, fails or cancels it
-- within minutes instead of waiting for River's rescuer (the job timeout plus an hour).
CREATE TABLE job_heartbeats (
    job_id  bigint PRIMARY KEY,
    beat_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE job_heartbeats;
