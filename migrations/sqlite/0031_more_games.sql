-- Kalah, Oware abapa and Togyz kumalak (issue 38): every column that names a variant
-- takes the three new names; Togyz kumalak's 162 stones widen the stores and scores
-- (48 before), its 9 houses a row the moves' pits (6 before), Oware's and Togyz
-- kumalak's end by a majority of the stones (25 of 48, 82 of 162) is a new ending,
-- and a challenge filter may name all six games. The Postgres twin changes the same
-- checks.
--
-- SQLite cannot alter a check. Each only widens, so no stored row can break it and
-- the tables' files stay as they are: the checks are rewritten in the schema itself,
-- as SQLite's documentation allows for removing or loosening constraints ("ALTER
-- TABLE", "making other kinds of table schema changes"). Creating and dropping a
-- view then moves the schema's version on, so that every connection reads it anew,
-- and `writable_schema = RESET` makes this one do so at once.
PRAGMA writable_schema = ON;

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (variant IN (''mangala'', ''modiar'', ''tihbat''))',
                  'CHECK (variant IN (''mangala'', ''modiar'', ''tihbat'', ''kalah'', ''oware'', ''togyz''))')
WHERE type = 'table' AND name IN ('challenges', 'games', 'ratings', 'matches', 'tournaments');

UPDATE sqlite_schema
SET sql = replace(replace(replace(replace(replace(sql,
    'CHECK (store_south BETWEEN 0 AND 48)', 'CHECK (store_south BETWEEN 0 AND 162)'),
    'CHECK (store_north BETWEEN 0 AND 48)', 'CHECK (store_north BETWEEN 0 AND 162)'),
    'CHECK (score_south BETWEEN 0 AND 48)', 'CHECK (score_south BETWEEN 0 AND 162)'),
    'CHECK (score_north BETWEEN 0 AND 48)', 'CHECK (score_north BETWEEN 0 AND 162)'),
    '''all_captured'',', '''all_captured'', ''majority'',')
WHERE type = 'table' AND name = 'games';

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (pit BETWEEN 1 AND 6)', 'CHECK (pit BETWEEN 1 AND 9)')
WHERE type = 'table' AND name = 'moves';

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (length(variants) BETWEEN 6 AND 30',
                  'CHECK (length(variants) BETWEEN 5 AND 60')
WHERE type = 'table' AND name = 'challenge_filters';

PRAGMA writable_schema = RESET;

CREATE VIEW schema_version_step AS SELECT 1;
DROP VIEW schema_version_step;
