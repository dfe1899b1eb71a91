-- One move, the same statement shape as the server's (src/store/postgres.rs,
-- append_plies_once): update the game row at the ply seen, insert the move, lock both
-- players' rows in id order, take their event seqs and insert the three events a move
-- causes (a `move` to each player and `your_turn` to the next; payloads of the
-- measured average size, 1.7 KB). (The server then notifies other instances in
-- batches, outside this statement; that is left out here.) Games are numbered
-- 1..:games, their ids and players' ids derived from the number (see setup.sql).
\set g random(1, :games)
WITH updated AS (
    UPDATE games SET ply = ply + 1, board = '4,4,4,4,4,4/4,4,4,4,4,4', to_move = 'north',
           deadline = now() + interval '3 days', updated_at = now()
    WHERE id = md5(:g::text)::uuid AND status = 'ongoing'
    RETURNING id, ply
), moved AS (
    INSERT INTO moves (game_id, ply, side, pit, at)
    SELECT id, ply, 'south', 1, now() FROM updated
), e AS (
    SELECT * FROM unnest(
        ARRAY[md5('south' || :g)::uuid, md5('north' || :g)::uuid, md5('north' || :g)::uuid],
        ARRAY['move', 'move', 'your_turn'],
        ARRAY[repeat('x', 1700), repeat('x', 1700), repeat('x', 1700)],
        ARRAY[now(), now(), now()]) WITH ORDINALITY AS e(account_id, kind, payload, at, n)
), locked AS MATERIALIZED (
    SELECT a.id FROM accounts a
    WHERE a.id IN (md5('south' || :g)::uuid, md5('north' || :g)::uuid)
      AND EXISTS (SELECT 1 FROM updated)
    ORDER BY a.id FOR UPDATE
), counts AS (
    SELECT e.account_id AS id, count(*) AS k FROM e JOIN locked ON locked.id = e.account_id
    GROUP BY e.account_id
), taken AS (
    UPDATE accounts a SET event_seq = a.event_seq + counts.k FROM counts
    WHERE a.id = counts.id RETURNING a.id, a.event_seq, counts.k
), inserted AS (
    INSERT INTO events (account_id, seq, kind, payload, created_at)
    SELECT e.account_id,
           taken.event_seq - taken.k + row_number() OVER (PARTITION BY e.account_id ORDER BY e.n),
           e.kind, e.payload, e.at
    FROM e JOIN taken ON taken.id = e.account_id
)
SELECT count(*) FROM updated;
