CREATE TABLE notes (
    id   bigserial PRIMARY KEY,
    text text NOT NULL
);
