-- Rematches (issue 35): a challenge offered as the rematch of a game names that game,
-- so the challenge lists can say so. NULL for every other challenge. No foreign key:
-- the game it names stays a plain id (like the import writes it). The SQLite twin has
-- the same column.
ALTER TABLE challenges ADD COLUMN rematch_of uuid;
