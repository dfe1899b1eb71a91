-- The ply at which the player to move was last told that time is running out (the
-- `time_running_out` event, sent once 80% of a move's time is used); NULL before any.
-- A reminder is due again once the game has moved past that ply.
ALTER TABLE games ADD COLUMN reminded_ply integer;
