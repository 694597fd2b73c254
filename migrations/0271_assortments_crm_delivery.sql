-- +goose Up
-- The CRM sync goes through the driver configured (crm.driver): outbox keeps the row for the CRM
-- to read; http posts it and records each attempt. A row says which driver took it and, for
-- http, how many attempts were made, when the last was, what the CRM answered (its HTTP status,
-- 0 when it could not be reached) and the error; failed is a sync given up after the last attempt.
-- Rows the earlier placeholder worker marked sent were never sent anywhere: they are pending
-- again, in the outbox.
ALTER TABLE assortment_crm_syncs
    ADD COLUMN driver          text NOT NULL DEFAULT 'outbox' CHECK (driver IN ('outbox', 'http')),
    ADD COLUMN attempts        integer NOT NULL DEFAULT 0,
    ADD COLUMN last_attempt_at timestamptz,
    ADD COLUMN last_status     integer,
    ADD COLUMN last_error      text NOT NULL DEFAULT '';
UPDATE assortment_crm_syncs SET status = 'pending', sent_at = NULL WHERE status = 'sent';
ALTER TABLE assortment_crm_syncs DROP CONSTRAINT assortment_crm_syncs_status_check,
    ADD CONSTRAINT assortment_crm_syncs_status_check CHECK (status IN ('pending', 'sent', 'failed'));
CREATE INDEX assortment_crm_syncs_assortment_idx ON assortment_crm_syncs (assortment_id, id DESC);
-- The placeholder worker's jobs (kind assortments.crmSync, a periodic sweep) have no worker any
-- more: the http driver queues one assortments.crmDeliver job per row.
-- +goose StatementBegin
DO $$
BEGIN
    IF to_regclass('river_job') IS NOT NULL THEN
        DELETE FROM river_job WHERE kind = 'assortments.crmSync' AND state NOT IN ('completed', 'cancelled', 'discarded');
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX assortment_crm_syncs_assortment_idx;
UPDATE assortment_crm_syncs SET status = 'pending' WHERE status = 'failed';
ALTER TABLE assortment_crm_syncs DROP CONSTRAINT assortment_crm_syncs_status_check,
    ADD CONSTRAINT assortment_crm_syncs_status_check CHECK (status IN ('pending', 'sent'));
ALTER TABLE assortment_crm_syncs DROP COLUMN driver, DROP COLUMN attempts, DROP COLUMN last_attempt_at,
    DROP COLUMN last_status, DROP COLUMN last_error;
