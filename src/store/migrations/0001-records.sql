-- Records of the stateful surfaces (S4 persons, later stateful mocks): one table for every
-- collection, ids from one identity column, so they are unique across instances and never reused.
CREATE TABLE api_serve.records (
  collection text NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  value jsonb NOT NULL
);
CREATE INDEX records_by_collection ON api_serve.records (collection, id);
