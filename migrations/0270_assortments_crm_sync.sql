-- +goose Up
-- The CRM sync outbox (POST /api/assortments/crmSync/{id}): each request is a pending row,
-- written in the request's transaction; a worker hands pending rows to the CRM and marks them
-- sent. The assortment's last_sync_date (0250) is the time of the last request.
CREATE TABLE assortment_crm_syncs (
    id            bigserial PRIMARY KEY,
    assortment_id uuid        NOT NULL REFERENCES assortments (id) ON DELETE CASCADE,
    requested_by  uuid        NOT NULL,
    payload       jsonb       NOT NULL,
    status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz
);
CREATE INDEX assortment_crm_syncs_pending_idx ON assortment_crm_syncs (id) WHERE status = 'pending';

-- +goose Down
DROP TABLE assortment_crm_syncs;
