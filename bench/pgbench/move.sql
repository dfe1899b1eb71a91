-- One move, the transaction shape issue #3 names: lock the game row, insert the
-- move at the next ply, update the game's cached state. Games are numbered 1..:games
-- and their ids derived from the number (see setup.sql).
\set g random(1, :games)
BEGIN;
SELECT ply FROM games WHERE id = md5(:g::text)::uuid FOR UPDATE;
INSERT INTO moves (game_id, ply, side, pit, at)
    SELECT id, ply + 1, 'south', 1, now() FROM games WHERE id = md5(:g::text)::uuid;
UPDATE games SET ply = ply + 1, board = '4,4,4,4,4,4/4,4,4,4,4,4', to_move = 'north',
    deadline = now() + interval '3 days', updated_at = now()
    WHERE id = md5(:g::text)::uuid;
COMMIT;
