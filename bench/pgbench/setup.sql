-- :games ongoing Mangala games, each between its own two accounts (as the load tool's
-- clients each play their own players), in a database that has seedpost's schema
-- (every file of migrations/postgres). Run with psql -v games=N.
INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at)
    SELECT md5(side || n)::uuid, 'bench_' || side || n, 'bench_' || side || n, 'x', true, now()
    FROM generate_series(1, :games) AS n, (VALUES ('south'), ('north')) AS s(side);
INSERT INTO games (id, variant, south_id, north_id, first, days_per_move, created_at,
                   status, ply, to_move, board, store_south, store_north, deadline, updated_at)
    SELECT md5(n::text)::uuid, 'mangala', md5('south' || n)::uuid, md5('north' || n)::uuid,
           'south', 3, now(), 'ongoing', 0, 'south', '4,4,4,4,4,4/4,4,4,4,4,4', 0, 0,
           now() + interval '3 days', now()
    FROM generate_series(1, :games) AS n;
