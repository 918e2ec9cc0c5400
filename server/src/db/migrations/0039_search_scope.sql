-- The header search (issue 14): a document's scope, the one access tag every viewer who may find it
-- holds (a menu item's or an application's application), qualified like the tags in its vector.
-- A query that matches much of the index (one Chinese character) then walks the viewer's scopes in
-- this B-tree and stops at the candidate limit, instead of the GIN index building the whole match
-- (on PGlite, thousands of entries per search); a rare query still takes the GIN index. The planner
-- chooses between them from the statistics. NULL: the source declares no scope.
ALTER TABLE search_index ADD COLUMN scope text;
CREATE INDEX search_index_scope_idx ON search_index (scope) WHERE scope IS NOT NULL;
