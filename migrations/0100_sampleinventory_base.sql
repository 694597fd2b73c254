-- +goose Up
-- Sample inventory (spec §3.5, §5.5): the physical samples of the Production and Sales
-- libraries, and the tracking log every write adds to.
CREATE TABLE sample_inventory (
    id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
    version         integer     NOT NULL DEFAULT 1,
    library         text        NOT NULL CHECK (library IN ('Production', 'Sales')),
    division        text,
    style           text,
    color           text,
    size            text,
    side            text,
    status          text,
    gender          text,
    mold_num        text,
    mold_date       date,
    bin             text,
    total_qty       integer     CHECK (total_qty >= 0),
    on_hand_qty     integer     CHECK (on_hand_qty >= 0),
    region          text,
    aisle           text,
    direction       text,
    level           text,
    shelf           text,
    new_bin         text,
    tracking_action text,
    created_by      uuid        REFERENCES users (id) ON DELETE SET NULL,
    created_by_user text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_by_user text        NOT NULL DEFAULT '',
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- 'Duplicate Sample': one live sample per identity and library (style, color, size, side,
-- status, mold number, mold date and bin; Sales adds region, aisle, direction and level, which
-- Production rows leave empty). Deleted rows do not count, so a delete can be undone unless the
-- sample was entered again meanwhile.
CREATE UNIQUE INDEX sample_inventory_identity_uq ON sample_inventory (
    library, lower(style), lower(color), lower(size), side, status, lower(mold_num), mold_date,
    lower(bin), region, lower(aisle), direction, lower(level)
) NULLS NOT DISTINCT WHERE status <> 'Deleted';

CREATE INDEX sample_inventory_library_style_idx ON sample_inventory (library, style, color);
CREATE INDEX sample_inventory_library_status_idx ON sample_inventory (library, status);

CREATE TABLE sample_inventory_tracking (
    id        bigserial   PRIMARY KEY,
    sample_id uuid        NOT NULL REFERENCES sample_inventory (id) ON DELETE CASCADE,
    library   text        NOT NULL,
    action    text        NOT NULL,
    changes   jsonb       NOT NULL DEFAULT '{}',
    note      text        NOT NULL DEFAULT '',
    user_id   uuid        REFERENCES users (id) ON DELETE SET NULL,
    user_name text        NOT NULL DEFAULT '',
    user_code text        NOT NULL DEFAULT '',
    at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sample_inventory_tracking_sample_idx ON sample_inventory_tracking (sample_id, at DESC, id DESC);
CREATE INDEX sample_inventory_tracking_library_idx ON sample_inventory_tracking (library, at DESC);

-- +goose Down
DROP TABLE sample_inventory_tracking;
DROP TABLE sample_inventory;
