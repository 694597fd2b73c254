-- The conference plugin's own schema (plugin_conference): event content and each user's landing
-- theme state. Applied by the core as the plugin's role, which reaches nothing else.
CREATE TABLE items (
    id           bigserial   PRIMARY KEY,
    event        text        NOT NULL,
    section      text        NOT NULL CHECK (section IN ('welcome', 'categories', 'ads', 'sessions', 'marketing', 'catalogs', 'retail')),
    tab          text        NOT NULL DEFAULT '',
    title        text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description  text        NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
    kind         text        NOT NULL CHECK (kind IN ('video', 'image', 'pdf')),
    blob_key     text        NOT NULL DEFAULT '',
    content_type text        NOT NULL DEFAULT '',
    size         bigint      NOT NULL DEFAULT 0,
    poster_key   text        NOT NULL DEFAULT '',
    sort         integer     NOT NULL DEFAULT 0,
    version      integer     NOT NULL DEFAULT 1,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    updated_by   text        NOT NULL DEFAULT ''
);
CREATE INDEX items_event ON items (event, section, tab, sort, id);

CREATE TABLE theme_state (
    user_id      text        NOT NULL,
    theme        text        NOT NULL,
    display_mode text        NOT NULL DEFAULT 'video' CHECK (display_mode IN ('video', 'catalog')),
    intro_played boolean     NOT NULL DEFAULT false,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, theme)
);

-- One row once the demo content was generated (so it is generated once per installation).
CREATE TABLE demo_seed (
    id        integer     PRIMARY KEY CHECK (id = 1),
    seeded_at timestamptz NOT NULL DEFAULT now()
);
