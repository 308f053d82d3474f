-- The user directory of the authenticated surfaces (S6): logins with scrypt hashes, never passwords.
CREATE TABLE api_serve.users (
  login text PRIMARY KEY,
  au_id bigint NOT NULL,
  au_org_id bigint NOT NULL,
  hash text NOT NULL CHECK (hash LIKE 'scrypt$%'),
  added_at timestamptz NOT NULL DEFAULT now()
);
