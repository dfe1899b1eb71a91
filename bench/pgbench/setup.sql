-- Two accounts and :games ongoing Mangala games between them, in a database that has
-- seedpost's schema (migrations/postgres). Run with psql -v games=N.
INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at) VALUES
    (md5('south')::uuid, 'bench_south', 'bench_south', 'x', true, now()),
    (md5('north')::uuid, 'bench_north', 'bench_north', 'x', true, now());
INSERT INTO games (id, variant, south_id, north_id, first, days_per_move, created_at,
                   status, ply, to_move, board, store_south, store_north, deadline, updated_at)
    SELECT md5(n::text)::uuid, 'mangala', md5('south')::uuid, md5('north')::uuid, 'south', 3, now(),
           'ongoing', 0, 'south', '4,4,4,4,4,4/4,4,4,4,4,4', 0, 0, now() + interval '3 days', now()
    FROM generate_series(1, :games) AS n;
