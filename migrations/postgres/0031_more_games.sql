-- Kalah, Oware abapa and Togyz kumalak (issue 38): every column that names a variant
-- takes the three new names; Togyz kumalak's 162 stones widen the stores and scores
-- (48 before), its 9 houses a row the moves' pits (6 before), and Oware's and Togyz
-- kumalak's end by a majority of the stones (25 of 48, 82 of 162) is a new ending.
-- The SQLite twin changes the same checks.
ALTER TABLE challenges DROP CONSTRAINT challenges_variant_check,
    ADD CONSTRAINT challenges_variant_check
    CHECK (variant IN ('mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz'));
ALTER TABLE games DROP CONSTRAINT games_variant_check,
    ADD CONSTRAINT games_variant_check
    CHECK (variant IN ('mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz'));
ALTER TABLE games DROP CONSTRAINT games_store_south_check,
    ADD CONSTRAINT games_store_south_check CHECK (store_south BETWEEN 0 AND 162);
ALTER TABLE games DROP CONSTRAINT games_store_north_check,
    ADD CONSTRAINT games_store_north_check CHECK (store_north BETWEEN 0 AND 162);
ALTER TABLE games DROP CONSTRAINT games_score_south_check,
    ADD CONSTRAINT games_score_south_check CHECK (score_south BETWEEN 0 AND 162);
ALTER TABLE games DROP CONSTRAINT games_score_north_check,
    ADD CONSTRAINT games_score_north_check CHECK (score_north BETWEEN 0 AND 162);
ALTER TABLE games DROP CONSTRAINT games_ended_by_check,
    ADD CONSTRAINT games_ended_by_check
    CHECK (ended_by IN ('empty_row', 'no_moves', 'repetition', 'all_captured', 'majority',
                        'resign', 'timeout', 'abort'));
ALTER TABLE moves DROP CONSTRAINT moves_pit_check,
    ADD CONSTRAINT moves_pit_check CHECK (pit BETWEEN 1 AND 9);
ALTER TABLE ratings DROP CONSTRAINT ratings_variant_check,
    ADD CONSTRAINT ratings_variant_check
    CHECK (variant IN ('mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz'));
ALTER TABLE matches DROP CONSTRAINT matches_variant_check,
    ADD CONSTRAINT matches_variant_check
    CHECK (variant IN ('mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz'));
ALTER TABLE tournaments DROP CONSTRAINT tournaments_variant_check,
    ADD CONSTRAINT tournaments_variant_check
    CHECK (variant IN ('mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz'));
ALTER TABLE challenge_filters DROP CONSTRAINT challenge_filters_variants_check,
    ADD CONSTRAINT challenge_filters_variants_check
    CHECK (variants ~ '^(mangala|modiar|tihbat|kalah|oware|togyz)( (mangala|modiar|tihbat|kalah|oware|togyz))*$');
