-- +goose Up
-- The browser tab a change was made in (its X-ITS-Tab header), so that a stream tells "your own
-- change" only to the tab that made it: the same user's other tabs treat it as anyone's change
-- (a row it took out of their filters leaves them). Empty for changes made outside a browser tab.
ALTER TABLE live_events ADD COLUMN origin text;

-- +goose Down
ALTER TABLE live_events DROP COLUMN origin;
