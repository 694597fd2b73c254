-- +goose Up
-- Alerts are answered as a stable type plus parameters so that the browser words them in the
-- user's language; message stays as the English fallback.
ALTER TABLE assortment_alerts ADD COLUMN params jsonb NOT NULL DEFAULT '{}';
UPDATE assortment_alerts SET params = jsonb_build_object('location', substring(message FROM '^Discontinued in (.*)$'))
WHERE type = 'discontinued' AND message LIKE 'Discontinued in %';

-- +goose Down
ALTER TABLE assortment_alerts DROP COLUMN params;
