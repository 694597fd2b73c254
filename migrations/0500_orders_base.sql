-- +goose Up
-- Orders (product spec §3.6, §4.3): sample, promo and wholesale orders, their lines, the
-- coordinator assignments and the wholesale pack codes.
CREATE SEQUENCE order_number_seq START 100001;

CREATE TABLE orders (
    id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_number            bigint      NOT NULL UNIQUE DEFAULT nextval('order_number_seq'),
    type                    text        NOT NULL CHECK (type IN ('SAMPLE', 'PROMO', 'WHOLESALE')),
    subtype                 text        NOT NULL DEFAULT '',
    status                  text        NOT NULL,
    order_approval_status   text        NOT NULL DEFAULT 'PENDING',
    purpose                 text        NOT NULL DEFAULT '',
    product_type            text        NOT NULL DEFAULT 'All',
    requester_id            uuid        REFERENCES users (id) ON DELETE SET NULL,
    requester_code          text        NOT NULL,
    requester_name          text        NOT NULL,
    coordinator_code        text        NOT NULL DEFAULT '',
    approver_code           text        NOT NULL DEFAULT '',
    approver_name           text        NOT NULL DEFAULT '',
    senior_approver_code    text        NOT NULL DEFAULT '',
    senior_approver_name    text        NOT NULL DEFAULT '',
    customer                jsonb,
    currency                text        NOT NULL DEFAULT 'USD',
    region                  text        NOT NULL DEFAULT '',
    origin                  text        NOT NULL DEFAULT '',
    account                 text        NOT NULL DEFAULT '',
    po                      text        NOT NULL DEFAULT '',
    buyer                   text        NOT NULL DEFAULT '',
    email_cc                text        NOT NULL DEFAULT '',
    instructions            text        NOT NULL DEFAULT '',
    phone                   text        NOT NULL DEFAULT '',
    hard_copy               boolean     NOT NULL DEFAULT false,
    shipping_method         text        NOT NULL DEFAULT '',
    delivery_method         text        NOT NULL DEFAULT '',
    reason                  text        NOT NULL DEFAULT '',
    rep_number              text        NOT NULL DEFAULT '',
    rep_number2             text        NOT NULL DEFAULT '',
    comment                 text        NOT NULL DEFAULT '',
    requested_delivery_date date,
    availability_begin      date,
    availability_end        date,
    created_at              timestamptz NOT NULL DEFAULT now(),
    modified_at             timestamptz NOT NULL DEFAULT now(),
    submitted_at            timestamptz,
    completed_at            timestamptz,
    version                 bigint      NOT NULL DEFAULT 1
);

-- The list views: one type, a few statuses, newest order number first, scoped to the requester,
-- the coordinator or the approvers; archived and reviewed lists also bound the creation date.
CREATE INDEX orders_status_number_idx ON orders (type, status, order_number DESC);
CREATE INDEX orders_requester_idx ON orders (type, requester_code, status, order_number DESC);
CREATE INDEX orders_coordinator_idx ON orders (type, coordinator_code, status, order_number DESC);
CREATE INDEX orders_approver_idx ON orders (approver_code, status, order_number DESC) WHERE type = 'PROMO';
CREATE INDEX orders_senior_approver_idx ON orders (senior_approver_code, status, order_number DESC) WHERE type = 'PROMO';
CREATE INDEX orders_created_idx ON orders (type, created_at);

CREATE TABLE order_lines (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id        uuid        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    version         bigint      NOT NULL DEFAULT 1,
    style           text        NOT NULL,
    color           text        NOT NULL,
    product_type    text        NOT NULL DEFAULT '',
    division        text        NOT NULL DEFAULT '',
    gender          text        NOT NULL DEFAULT '',
    status          text        NOT NULL DEFAULT 'PENDING',
    size            text,
    size_preference text,
    side            text,
    source          text,
    quantity        integer     CHECK (quantity IS NULL OR quantity >= 0),
    shipper         text,
    tracking        text,
    tracking_url    text,
    return_type     text,
    promo_code      text,
    term            text,
    pack_code       text,
    -- Wholesale size matrix: a JSON object of size -> units, kept canonical by the service.
    sizes           text        CHECK (sizes IS NULL OR jsonb_typeof(sizes::jsonb) = 'object'),
    unit_price      numeric(14, 2),
    discount        numeric(5, 2),
    start_date      date,
    end_date        date,
    days_out        integer,
    stores          text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    modified_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX order_lines_order_idx ON order_lines (order_id, created_at, id);

-- Sample coordinators an order can be assigned to (spec §3.3).
CREATE TABLE coordinator_assignments (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    coordinator_code text        NOT NULL UNIQUE CHECK (coordinator_code <> ''),
    name             text        NOT NULL DEFAULT '',
    last_name        text        NOT NULL DEFAULT '',
    email            text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    version          bigint      NOT NULL DEFAULT 1
);

-- Wholesale pack codes (spec §5.2): a pack holds pack_size units, per_size of each size.
CREATE TABLE order_pack_codes (
    code      text PRIMARY KEY CHECK (code = upper(code)),
    pack_size integer NOT NULL CHECK (pack_size > 0),
    per_size  integer NOT NULL CHECK (per_size > 0)
);

-- +goose Down
DROP TABLE order_pack_codes;
DROP TABLE coordinator_assignments;
DROP TABLE order_lines;
DROP TABLE orders;
DROP SEQUENCE order_number_seq;
