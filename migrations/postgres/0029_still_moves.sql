-- Play settings (issue 35): whether the game page shows moves without the sowing
-- animation. Off (animated) by default. The SQLite twin has the same column.
ALTER TABLE play_settings ADD COLUMN still_moves BOOLEAN NOT NULL DEFAULT FALSE;
