-- Weekend pause: a challenge, and the game it starts, may stop its clock on Saturdays
-- and Sundays (UTC). The deadline of each move is computed with the pause
-- (src/deadline.rs), so the timeout sweeper needs nothing more.

ALTER TABLE challenges ADD COLUMN weekend_pause INTEGER NOT NULL DEFAULT 0
    CHECK (weekend_pause IN (0, 1));
ALTER TABLE games ADD COLUMN weekend_pause INTEGER NOT NULL DEFAULT 0
    CHECK (weekend_pause IN (0, 1));
