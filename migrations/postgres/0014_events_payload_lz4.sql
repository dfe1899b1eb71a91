-- An event's payload is the game as the API serves it (1 to 4 KB for Mangala, growing
-- with the moves), written three times a move. Postgres compresses a row over 2 KB
-- before it stores it, with pglz unless told otherwise: under the load tool's moves
-- that compression was the busiest function of the whole database (4% of the
-- machine's time, `perf record -a`). lz4 compresses such JSON to about the same size
-- at a fraction of the time (seedpost's moves on Postgres, 64 clients, 12 s runs
-- alternating: 2,538 and 2,581 moves a second with pglz, 2,734 and 2,707 with lz4).
-- It changes only rows written from now on. A Postgres built without lz4 keeps pglz.
DO $$
BEGIN
    ALTER TABLE events ALTER COLUMN payload SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this Postgres has no lz4: event payloads stay compressed with pglz';
END
$$;
