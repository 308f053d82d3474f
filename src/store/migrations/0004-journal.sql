-- The request journal (`--journal --store`): what clients sent, one row per request, by surface in
-- the order the rows were added, so every instance (hosts, `--workers`) keeps and shows one journal.
-- json, not jsonb: an entry reads back with its fields (and the headers) in the order they were written.
CREATE TABLE api_serve.journal_entries (
  surface text NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  entry json NOT NULL,
  PRIMARY KEY (surface, seq)
);
