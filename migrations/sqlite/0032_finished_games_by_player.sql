-- A player's games file (issue 36, `GET /players/{name}/games.txt`): a page of a
-- player's finished games, the latest ended first, is two index-ordered reads merged
-- (the games as South, the games as North) instead of a sort of all of them for each
-- page. Only finished games are in these indexes, so moves of ongoing games never
-- touch them. The Postgres twin makes the same indexes.
CREATE INDEX games_finished_by_south ON games (south_id, updated_at, id) WHERE status = 'finished';
CREATE INDEX games_finished_by_north ON games (north_id, updated_at, id) WHERE status = 'finished';
