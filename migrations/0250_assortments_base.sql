-- +goose Up
-- Assortments (spec §3.2): folders and items in one tree per owner, their product rows, the edit
-- lock and the alerts on rows.
CREATE TABLE assortments (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id             uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type                 text        NOT NULL DEFAULT 'item' CHECK (type IN ('folder', 'item')),
    -- Ancestor folder ids, root first: a folder's whole subtree is "$1 = ANY(hierarchy)".
    hierarchy            uuid[]      NOT NULL DEFAULT '{}',
    title                text        NOT NULL CHECK (title <> ''),
    sub_title            text        NOT NULL DEFAULT '',
    logo                 text        NOT NULL DEFAULT '',
    thumbnail            text        NOT NULL DEFAULT '',
    method               text        NOT NULL DEFAULT 'static' CHECK (method IN ('static', 'dynamic')),
    org_type             text        NOT NULL DEFAULT 'regular' CHECK (org_type IN ('regular', 'internal')),
    channel              text        NOT NULL DEFAULT 'All' CHECK (channel IN ('All', 'Wholesale', 'Retail')),
    region               text        NOT NULL DEFAULT 'All' CHECK (region IN ('All', 'International', 'Europe', 'Domestic')),
    season               text        NOT NULL DEFAULT '',
    year                 int,
    gender               text        NOT NULL DEFAULT '',
    product_type         text        NOT NULL DEFAULT 'All' CHECK (product_type IN ('All', 'Footwear', 'Apparel', 'POP')),
    location_id          text        NOT NULL DEFAULT 'US' REFERENCES locations (code),
    status               text        NOT NULL DEFAULT '',
    state                text        NOT NULL DEFAULT 'published' CHECK (state IN ('published', 'archived', 'unpublished')),
    starred              boolean     NOT NULL DEFAULT false,
    labels               jsonb       NOT NULL DEFAULT '[]',
    -- Dynamic assortments: the saved product search (conditions and sort). json, not jsonb: the
    -- sort is an object whose key order is the sort order, which jsonb would not keep.
    query                json,
    collections_query_id text        NOT NULL DEFAULT '',
    titles               jsonb       NOT NULL DEFAULT '[]',
    custom_content       jsonb       NOT NULL DEFAULT '[]',
    ui_settings          jsonb       NOT NULL DEFAULT '{}',
    decimals_places      int         NOT NULL DEFAULT 2,
    carryover_date       date,
    last_sync_date       timestamptz,
    -- Next scheduled document of the assortment; kept by the documents feature.
    scheduled_date       timestamptz,
    version              bigint      NOT NULL DEFAULT 1,
    created_date         timestamptz NOT NULL DEFAULT now(),
    modified_date        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assortments_owner_idx ON assortments (owner_id, state, modified_date DESC);
CREATE INDEX assortments_hierarchy_idx ON assortments USING gin (hierarchy);

-- The rows of a static assortment. Prices, quantities and notes are the assortment's own: they
-- are copied from the catalog when the row is added and edited here after.
CREATE TABLE assortment_products (
    id                    bigserial PRIMARY KEY,
    assortment_id         uuid        NOT NULL REFERENCES assortments (id) ON DELETE CASCADE,
    product_id            text        NOT NULL REFERENCES products (id),
    style                 text        NOT NULL,
    color                 text        NOT NULL,
    sort                  int         NOT NULL DEFAULT 0,
    -- Added in the current editing session: style and colour may still be renamed.
    is_new                boolean     NOT NULL DEFAULT false,
    thumbnail             text,
    print_image           text,
    cost                  numeric(12,2) CHECK (cost >= 0),
    net_cost              numeric(12,2) CHECK (net_cost >= 0),
    suggested_retail      numeric(12,2) CHECK (suggested_retail >= 0),
    discount_percent      numeric(5,2)  CHECK (discount_percent BETWEEN 0 AND 100),
    discount_amount       numeric(12,2) CHECK (discount_amount >= 0),
    label                 text,
    quantity              int CHECK (quantity >= 0),
    quantity_on_hand      int CHECK (quantity_on_hand >= 0),
    style_note            text,
    color_note            text,
    collection_style_note text,
    collection_color_note text,
    pillar                text,
    store_type            text,
    starred               boolean     NOT NULL DEFAULT false,
    selected              boolean     NOT NULL DEFAULT false,
    -- Group sort (display groups) comes later; rows keep their group here.
    display_group         text,
    version               bigint      NOT NULL DEFAULT 1,
    created_date          timestamptz NOT NULL DEFAULT now(),
    modified_date         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT assortment_products_style_color_key UNIQUE (assortment_id, style, color),
    CHECK (product_id = style || '_' || color)
);
CREATE INDEX assortment_products_order_idx ON assortment_products (assortment_id, sort);

-- One editor at a time: a lock is held until released or until it expires.
CREATE TABLE assortment_locks (
    assortment_id uuid        PRIMARY KEY REFERENCES assortments (id) ON DELETE CASCADE,
    user_id       uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    acquired_at   timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL
);

-- Alerts on rows (style and colour), e.g. a style discontinued in the assortment's location.
CREATE TABLE assortment_alerts (
    id            bigserial PRIMARY KEY,
    assortment_id uuid        NOT NULL REFERENCES assortments (id) ON DELETE CASCADE,
    style         text        NOT NULL,
    color         text        NOT NULL,
    type          text        NOT NULL,
    message       text        NOT NULL,
    created_date  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (assortment_id, style, color, type)
);

-- +goose Down
DROP TABLE assortment_alerts;
DROP TABLE assortment_locks;
DROP TABLE assortment_products;
DROP TABLE assortments;
