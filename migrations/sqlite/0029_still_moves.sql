-- Play settings (issue 35): whether the game page shows moves without the sowing
-- animation. Off (animated) by default. The Postgres twin has the same column.
ALTER TABLE play_settings ADD COLUMN still_moves INTEGER NOT NULL DEFAULT 0 CHECK (still_moves IN (0, 1));
