-- +goose Up
-- A notification is worded in its reader's language: it keeps a message id of the shell's
-- catalogs and the values the message names. Rows written before keep their English title and
-- body, which the drawer shows when a row has no message id.
ALTER TABLE notifications
    ADD COLUMN message_id     text  NOT NULL DEFAULT '',
    ADD COLUMN message_values jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(message_values) = 'object');

-- +goose Down
ALTER TABLE notifications DROP COLUMN message_values, DROP COLUMN message_id;
