//! Invariants of the rules over random games of all three variants (RULES.md §C), and
//! fuzzing of the text parsers and of hand-made positions.
//!
//! A random game is a variant, a first mover and a list of choice indices: before each
//! move the k-th legal move is played, k being the next index (the list taken round
//! and round) modulo the number of legal moves. Shrinking then looks for the shortest
//! list of the smallest indices that still fails.

#![allow(missing_docs)]

use proptest::prelude::*;
use proptest::sample::select;
use seedpost_rules::{
    BySide, EndedBy, Game, IllegalMove, ParsePitError, ParseRecordError, ParseRecordErrorKind, Pit,
    Ply, Position, Record, ReplayError, ReplayFailure, SetupError, Side, Variant,
};

/// No random game may last longer than this many plies (passes included).
///
/// Measured: in 20 million uniformly random games of each variant (SmallRng, seed 7)
/// the longest Mangala game had 126 plies (mean 43.2), the longest Modiar game 75
/// (mean 20.3) and the longest Tihbat game 110 (mean 23.0); steadier policies did no
/// better (every cycle of up to four choice indices: 94, 44 and 36; preferring the
/// smallest pit: 111, 70 and 46). 400 is three times the longest seen.
///
/// That every game ends is a theorem, not a measurement. Mangala has no repetition
/// rule, but a move that puts no stone in a store keeps every stone it sows in the
/// mover's own row, moving stones only to the mover's right, so the stores rise at
/// least every 480 moves or so, and at most 48 times. Modiar and Tihbat end on a
/// repeated position (§D12, §T6), and between two captures there are finitely many.
const MAX_PLIES: usize = 400;

/// The bound for Oware and Togyz kumalak, whose games are longer: in 1000 random Oware
/// and 300 random Togyz games (the independent model of
/// `rules/tests/fixtures/hand/work.py`, seed 7) the longest had 329 and 241 plies, but
/// cycles of up to four choice indices reached 484 and 529 in 300 tries each; 2000 is
/// about four times that. They end on a third repetition (§O9, §Z9) where nothing else
/// ends them.
const MAX_PLIES_LONG: usize = 2000;

/// The bound on a random game of `variant`.
fn max_plies(variant: Variant) -> usize {
    match variant {
        Variant::Oware | Variant::Togyz => MAX_PLIES_LONG,
        _ => MAX_PLIES,
    }
}

/// Random games per property.
const GAMES: u32 = 1000;

/// Random texts or hand-made positions per fuzzing property.
const FUZZ_CASES: u32 = 2000;

fn variants() -> impl Strategy<Value = Variant> {
    select(Variant::ALL.to_vec())
}

fn sides() -> impl Strategy<Value = Side> {
    select(Side::ALL.to_vec())
}

/// Choice indices of a random game.
fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 1..40)
}

/// The pits 1 to 9, whether or not the variant has them.
fn all_pits() -> impl Iterator<Item = Pit> {
    (1..=Pit::MAX).filter_map(Pit::new)
}

/// Every stone of the position: on the board and in the stores (or captured).
fn stones(position: &Position) -> u32 {
    let board: u32 = Side::ALL
        .iter()
        .flat_map(|&side| position.row(side))
        .map(|&s| u32::from(s))
        .sum();
    board + u32::from(position.stores().south) + u32::from(position.stores().north)
}

/// Stones are conserved and all of them are in the rows and the stores.
fn assert_conserved(position: &Position) {
    let rows: u32 = Side::ALL
        .iter()
        .flat_map(|&side| position.row(side))
        .map(|&s| u32::from(s))
        .sum();
    assert_eq!(
        rows,
        u32::from(position.on_board()),
        "stones off the rows: {position}"
    );
    assert_eq!(
        stones(position),
        u32::from(position.variant().total_stones()),
        "stones not conserved: {position}"
    );
}

/// The k-th legal move, k being `choice` modulo the number of legal moves.
fn chosen(position: &Position, choice: u32) -> Pit {
    let legal = position.legal_moves();
    assert!(!legal.is_empty(), "no legal move in {position}");
    let k = choice as usize % legal.len();
    legal
        .into_iter()
        .nth(k)
        .expect("k is below the number of legal moves")
}

/// Plays a random game to its end, or to [`max_plies`], calling `before_move` with the
/// game before each move.
fn play_out(
    variant: Variant,
    first: Side,
    choices: &[u32],
    mut before_move: impl FnMut(&Game),
) -> Game {
    let mut game = Game::new(variant, first);
    for &choice in choices.iter().cycle() {
        if game.position().is_over() || game.ply() >= max_plies(variant) {
            break;
        }
        before_move(&game);
        let pit = chosen(game.position(), choice);
        if let Err(e) = game.play(pit) {
            panic!("legal move {pit} failed with {e} in {}", game.position());
        }
    }
    game
}

/// The same value, field for field (positions' `==` leaves out whether the next move
/// is the first, and games' `==` compares the record only).
fn same<T: std::fmt::Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(GAMES))]

    #[test]
    fn stones_are_conserved_after_every_ply(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        let game = play_out(variant, first, &choices, |game| {
            assert_conserved(game.position());
            // Between a sowing and the pass that follows it too.
            for pit in game.position().legal_moves() {
                let after = game.position().play(pit).expect("a legal move plays");
                assert_conserved(&after);
            }
        });
        assert_conserved(game.position());
        for side in Side::ALL {
            prop_assert_eq!(game.position().row(side).len(), variant.pits_per_row());
        }
    }

    #[test]
    fn legal_moves_agree_with_is_legal_and_check_for_every_pit(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        play_out(variant, first, &choices, |game| {
            let position = game.position();
            let legal = position.legal_moves();
            let side = position.to_move().expect("the game is not over");
            assert!(!legal.is_empty(), "no legal move in {position}");
            assert!(
                !position.must_pass(),
                "after Game::play the side to move never has to pass: {position}"
            );
            for pit in all_pits() {
                let check = position.check(pit);
                assert_eq!(legal.contains(pit), position.is_legal(pit), "{position} {pit}");
                assert_eq!(legal.contains(pit), check.is_ok(), "{position} {pit}");
                match position.stones(side, pit) {
                    None => assert_eq!(check, Err(IllegalMove::OutOfRange)),
                    Some(0) => assert_eq!(check, Err(IllegalMove::EmptyPit)),
                    Some(_) => {}
                }
                if !matches!(variant, Variant::Modiar | Variant::Oware) {
                    // Only Modiar and Oware forbid a pit holding stones (§D2, §D7, §D8,
                    // §O6).
                    assert_eq!(
                        check.is_ok(),
                        position.stones(side, pit).is_some_and(|s| s > 0),
                        "{position} {pit}"
                    );
                }
            }
            let is_legal: Vec<Pit> = all_pits().filter(|&p| position.is_legal(p)).collect();
            assert_eq!(legal.len(), is_legal.len());
            assert_eq!(legal.size_hint(), (legal.len(), Some(legal.len())));
            assert_eq!(legal.collect::<Vec<Pit>>(), is_legal);
        });
    }

    #[test]
    fn every_legal_move_plays_and_every_other_pit_fails_with_the_position_unchanged(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        play_out(variant, first, &choices, |game| {
            let position = *game.position();
            let legal = position.legal_moves();
            for pit in all_pits() {
                match position.play(pit) {
                    Ok(after) => {
                        assert!(legal.contains(pit), "{position}: illegal {pit} played");
                        assert!(!after.is_opening());
                        // The game adds the pass (§T4) and the repetition rules.
                        let mut next = game.clone();
                        next.play(pit).expect("a legal move plays");
                        let expected = if after.must_pass() {
                            after.pass().expect("a side without stones passes")
                        } else {
                            after
                        };
                        let by_repetition = next
                            .outcome()
                            .is_some_and(|o| o.ended_by == EndedBy::Repetition);
                        if !by_repetition {
                            assert!(same(next.position(), &expected), "{position} {pit}");
                        }
                    }
                    Err(error) => {
                        assert!(!legal.contains(pit), "{position}: legal {pit} failed");
                        assert!(same(&error.position, &position), "{position} {pit}");
                        assert_eq!(Err(error.reason), position.check(pit));
                    }
                }
            }
        });
    }

    #[test]
    fn an_illegal_move_leaves_a_game_unchanged(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        play_out(variant, first, &choices, |game| {
            for pit in all_pits().filter(|&p| !game.position().is_legal(p)) {
                let mut tried = game.clone();
                let reason = tried.play(pit).expect_err("an illegal move fails");
                assert_eq!(Err(reason), game.position().check(pit));
                assert!(same(&tried, game), "{pit} changed {}", game.position());
                assert_eq!(tried.plies(), game.plies());
                assert_eq!(tried.occurrences(), game.occurrences());
            }
        });
    }

    #[test]
    fn random_games_end_within_the_bound(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        let game = play_out(variant, first, &choices, |_| {});
        let position = game.position();
        let outcome = position.outcome();
        prop_assert!(outcome.is_some(), "not over after {} plies: {}", game.ply(), position);
        let outcome = outcome.expect("the game is over");
        let allowed: &[EndedBy] = match variant {
            Variant::Mangala | Variant::Kalah => &[EndedBy::EmptyRow],
            Variant::Oware => &[EndedBy::Majority, EndedBy::NoMoves, EndedBy::Repetition],
            Variant::Togyz => &[
                EndedBy::Majority,
                EndedBy::AllCaptured,
                EndedBy::EmptyRow,
                EndedBy::Repetition,
            ],
            Variant::Modiar => &[EndedBy::NoMoves, EndedBy::Repetition],
            Variant::Tihbat => &[EndedBy::AllCaptured, EndedBy::Repetition],
        };
        prop_assert!(allowed.contains(&outcome.ended_by), "{variant}: {outcome:?}");
        prop_assert_eq!(outcome.score, position.stores());
        let expected = match outcome.score.south.cmp(&outcome.score.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        prop_assert_eq!(outcome.winner, expected);
        // The sweep, the taking of own rows or the division leaves at most Tihbat's odd
        // counter on the board (§M9, §D11, §T7); a majority leaves the rest (§O8).
        let left = match (variant, outcome.ended_by) {
            (Variant::Tihbat, _) => 1,
            (_, EndedBy::Majority) => variant.total_stones(),
            _ => 0,
        };
        prop_assert!(position.on_board() <= left, "{position}");
        prop_assert_eq!(position.to_move(), None);
        prop_assert!(position.legal_moves().is_empty());
        prop_assert!(!position.must_pass());
    }

    #[test]
    fn every_move_after_the_end_is_game_over(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        let mut game = play_out(variant, first, &choices, |_| {});
        prop_assume!(game.position().is_over());
        let before = game.clone();
        let position = *game.position();
        for pit in all_pits() {
            prop_assert_eq!(game.play(pit), Err(IllegalMove::GameOver));
            prop_assert_eq!(position.check(pit), Err(IllegalMove::GameOver));
            prop_assert!(!position.is_legal(pit));
            let error = position.play(pit).expect_err("the game is over");
            prop_assert_eq!(error.reason, IllegalMove::GameOver);
            prop_assert!(same(&error.position, &position));
            for side in Side::ALL {
                prop_assert_eq!(
                    game.push(Ply::Sow { side, pit }),
                    Err(ReplayError::Illegal(IllegalMove::GameOver))
                );
            }
        }
        for side in Side::ALL {
            prop_assert_eq!(
                game.push(Ply::Pass { side }),
                Err(ReplayError::Illegal(IllegalMove::GameOver))
            );
        }
        let error = position.pass().expect_err("the game is over");
        prop_assert_eq!(error.reason, IllegalMove::GameOver);
        prop_assert!(same(&game, &before));
    }

    #[test]
    fn togyz_tuzdyks_stay_empty_never_the_9th_nor_both_of_one_number(
        first in sides(), choices in choices(),
    ) {
        // §Z5, §Z6, after every ply of a random game; and once made, a tuzdyk stays.
        let mut made = BySide::new(None, None);
        let game = play_out(Variant::Togyz, first, &choices, |game| {
            let position = game.position();
            for owner in Side::ALL {
                let tuzdyk = position.tuzdyk(owner);
                if let Some(before) = *made.get(owner) {
                    assert_eq!(tuzdyk, Some(before), "{position}");
                }
                *made.get_mut(owner) = tuzdyk;
                if let Some(pit) = tuzdyk {
                    assert_ne!(pit.number(), 9, "{position}");
                    assert_eq!(position.stones(owner.opposite(), pit), Some(0), "{position}");
                    assert!(!position.is_legal(pit) || owner == position.to_move().expect("on"));
                }
            }
            if let (Some(s), Some(n)) = (position.tuzdyk(Side::South), position.tuzdyk(Side::North)) {
                assert_ne!(s, n, "{position}");
            }
        });
        assert_conserved(game.position());
    }

    #[test]
    fn records_round_trip_through_their_text(
        variant in variants(), first in sides(), choices in choices(), tags in tags(),
    ) {
        let game = play_out(variant, first, &choices, |_| {});
        let mut record = Record::of(&game);
        prop_assert_eq!(record.variant, variant);
        prop_assert_eq!(record.first, first);
        prop_assert_eq!(&record.plies[..], game.plies());
        for (name, value) in &tags {
            record = record.with_tag(name, value);
        }
        let text = record.to_string();
        let parsed = text.parse::<Record>();
        prop_assert_eq!(parsed.as_ref(), Ok(&record), "{}", text);
        let parsed = parsed.expect("the text parses");
        prop_assert_eq!(parsed.to_string(), text);
        let replayed = record.game().expect("the record replays");
        prop_assert_eq!(&replayed, &game);
        prop_assert!(same(replayed.position(), game.position()));
        prop_assert!(same(&replayed, &game));
    }

    #[test]
    fn replaying_the_plies_rebuilds_the_same_position_and_outcome(
        variant in variants(), first in sides(), choices in choices(),
    ) {
        // The game before every move, to check that every prefix replays to it.
        let mut before = Vec::new();
        let game = play_out(variant, first, &choices, |game| before.push(game.clone()));
        before.push(game.clone());
        for earlier in &before {
            let replayed = Game::replay(variant, first, earlier.plies())
                .expect("a played game replays");
            prop_assert!(same(&replayed, earlier), "after {} plies", earlier.ply());
            prop_assert_eq!(replayed.outcome(), earlier.outcome());
            prop_assert_eq!(replayed.occurrences(), earlier.occurrences());
        }
        // The replay command's way: the pits only, the passes added by the engine.
        let pits = game.plies().iter().filter_map(|ply| ply.pit());
        let from_pits = Game::from_pits(variant, first, pits).expect("the pits replay");
        prop_assert!(same(&from_pits, &game));
        // Restarting a used game gives a new one.
        let mut restarted = game.clone();
        restarted.restart(first);
        prop_assert!(same(&restarted, &Game::new(variant, first)));
    }

    #[test]
    fn a_record_with_an_illegal_ply_fails_at_that_ply(
        variant in variants(), first in sides(), choices in choices(), at in any::<prop::sample::Index>(),
    ) {
        let mut before = Vec::new();
        let game = play_out(variant, first, &choices, |game| before.push(game.clone()));
        let earlier = at.get(&before);
        let position = earlier.position();
        let side = position.to_move().expect("a move follows");
        let Some(pit) = all_pits().find(|&p| !position.is_legal(p)) else {
            return Ok(()); // Every pit is legal here.
        };
        let mut plies = earlier.plies().to_vec();
        plies.push(Ply::Sow { side, pit });
        plies.extend_from_slice(&game.plies()[plies.len().min(game.ply())..]);
        let reason = position.check(pit).expect_err("the pit is illegal");
        prop_assert_eq!(
            Game::replay(variant, first, &plies).expect_err("the ply is illegal"),
            ReplayFailure { ply: earlier.ply() + 1, error: ReplayError::Illegal(reason) }
        );
    }
}

/// Extra tags as the notation can hold them: names of letters, digits and `_` (but not
/// `Variant` or `First`), values of any characters but control ones other than a new
/// line, quotes and backslashes included.
fn tags() -> impl Strategy<Value = Vec<(String, String)>> {
    let name = "[A-Za-z0-9_]{1,10}".prop_filter("reserved", |n| n != "Variant" && n != "First");
    let value = prop::collection::vec(
        prop_oneof![
            any::<char>().prop_filter("control", |c| !c.is_control()),
            Just('\n'),
            Just('"'),
            Just('\\'),
            Just(' '),
        ],
        0..16,
    )
    .prop_map(String::from_iter);
    prop::collection::vec((name, value), 0..4)
}

/// Checks that a parse error points at its token: the line exists, and the token is
/// written there at the column given (counted in characters from 1).
fn assert_placed(text: &str, error: &ParseRecordError) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(error.line >= 1, "{error:?}");
    assert!(error.column >= 1, "{error:?}");
    if error.token.is_empty() {
        // A tag missing at the end of the text is placed where the tags belong.
        assert!(
            matches!(
                error.kind,
                ParseRecordErrorKind::MissingVariant | ParseRecordErrorKind::MissingFirst
            ),
            "{error:?} in {text:?}"
        );
        assert_eq!((error.line, error.column), (1, 1), "{error:?}");
    } else {
        let line = lines.get(error.line - 1).unwrap_or_else(|| {
            panic!("{error:?}: no line {} in {text:?}", error.line);
        });
        let at: String = line.chars().skip(error.column - 1).collect();
        assert!(
            at.starts_with(&error.token),
            "{error:?}: line {} is {line:?}",
            error.line
        );
        assert!(line.contains(&error.token), "{error:?}: line {line:?}");
    }
    let shown = error.to_string();
    assert!(
        shown.starts_with(&format!("line {}, column {}: ", error.line, error.column)),
        "{shown}"
    );
}

/// Pieces of records, right and wrong, for building text that gets past the header.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => select(vec![
            "[", "]", "\"", "\\", " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "\u{3000}",
            "\u{a0}", "é", "Variant", "First", "South", "Result", "mangala", "modiar",
            "tihbat", "south", "north", "S", "N", "s", "n", "-", "0", "1", "3", "6", "7",
            "12", "S3", "N5", "S1", "N2", "N-", "S-", "S03", "S7", "X2", "1-0",
            "[Variant \"mangala\"]\n", "[First \"south\"]\n", "[Variant \"tihbat\"]\n",
            "[First \"north\"]\n", "[South \"ayşe\"]\n", "[Result \"1/2-1/2\"]\n",
        ]).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

/// A right header, then anything: to reach the parsing of plies.
fn after_a_header() -> impl Strategy<Value = String> {
    let header = select(vec![
        "[Variant \"mangala\"]\n[First \"south\"]\n\n",
        "[Variant \"modiar\"]\n[First \"north\"]\n[South \"a\"]\n\n",
        "[Variant \"tihbat\"]\n[First \"south\"]\n",
    ]);
    (header, prop_oneof![notation_like(), any::<String>()])
        .prop_map(|(h, rest)| h.to_owned() + &rest)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(FUZZ_CASES))]

    #[test]
    fn the_record_parser_never_panics_and_places_its_errors_on_any_text(
        text in prop_oneof![any::<String>(), notation_like(), after_a_header()],
    ) {
        match text.parse::<Record>() {
            Ok(record) => {
                // What parses is written back in the canonical form, which parses the same.
                let again = record.to_string().parse::<Record>();
                prop_assert_eq!(again, Ok(record));
            }
            Err(error) => assert_placed(&text, &error),
        }
    }

    #[test]
    fn a_bad_ply_is_named_with_its_line_column_and_token(
        variant in variants(), first in sides(), choices in choices(),
        gaps in prop::collection::vec(select(vec![" ", "  ", "\t", " \u{3000}", "\u{a0}"]), 1..8),
        bad in select(vec!["S0", "N10", "S12", "S03", "X3", "S", "N+", "3", "-", "S-3", "Sé", "ß5"]),
        at in any::<prop::sample::Index>(),
    ) {
        let game = play_out(variant, first, &choices, |_| {});
        let mut tokens: Vec<String> = game.plies().iter().map(Ply::to_string).collect();
        let place = at.index(tokens.len() + 1);
        tokens.insert(place, bad.to_owned());
        // Twelve to a line, written with the gaps given (unusual white space included).
        let mut text = format!("[Variant \"{variant}\"]\n[First \"{first}\"]\n\n");
        let mut expected = None;
        for (row, line) in tokens.chunks(12).enumerate() {
            let mut written = String::new();
            for (i, token) in line.iter().enumerate() {
                written.push_str(gaps[(row + i) % gaps.len()]);
                if row * 12 + i == place {
                    expected = Some((4 + row, written.chars().count() + 1));
                }
                written.push_str(token);
            }
            text.push_str(&written);
            text.push('\n');
        }
        let (line, column) = expected.expect("the bad token is written");
        let error = text.parse::<Record>().expect_err("a bad ply does not parse");
        prop_assert_eq!(
            error,
            ParseRecordError {
                line,
                column,
                token: bad.to_owned(),
                kind: ParseRecordErrorKind::BadPly
            },
            "{}",
            text
        );
    }

    #[test]
    fn pits_parse_from_decimal_numbers_one_to_nine_only(
        text in prop_oneof![any::<String>(), "[0-9]{0,25}", "[+-]?[0-9 ]{1,4}"],
    ) {
        let expected = if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            Err(ParsePitError::NotANumber)
        } else {
            match text.trim_start_matches('0').parse::<u8>() {
                Ok(n @ 1..=9) => Ok(n),
                _ => Err(ParsePitError::OutOfRange),
            }
        };
        prop_assert_eq!(text.parse::<Pit>().map(Pit::number), expected);
    }

    #[test]
    fn variants_and_sides_parse_from_their_names_only(
        text in prop_oneof![
            any::<String>(),
            "(mangala|modiar|tihbat|kalah|oware|togyz|south|north|Mangala|SOUTH|S|N)[ \n]?",
        ],
    ) {
        let variant = Variant::ALL.into_iter().find(|v| v.as_str() == text);
        prop_assert_eq!(text.parse::<Variant>().ok(), variant);
        let side = Side::ALL.into_iter().find(|s| s.as_str() == text);
        prop_assert_eq!(text.parse::<Side>().ok(), side);
        if let Ok(variant) = text.parse::<Variant>() {
            prop_assert_eq!(variant.to_string(), text.clone());
        }
        if let Ok(side) = text.parse::<Side>() {
            prop_assert_eq!(side.to_string(), text);
        }
    }
}

/// Plays pit numbers 0 to 10 from a hand-made position (0 passes), checking at every
/// step that nothing panics, stones are conserved, the legal moves agree with `check`
/// and a refused move or pass gives the position back unchanged.
fn play_numbers(mut position: Position, numbers: &[u8]) {
    for &n in numbers {
        assert_conserved(&position);
        let legal = position.legal_moves();
        for pit in all_pits() {
            assert_eq!(
                legal.contains(pit),
                position.check(pit).is_ok(),
                "{position} {pit}"
            );
        }
        if position.must_pass() {
            assert!(legal.is_empty(), "{position}");
        }
        let result = match Pit::new(n) {
            Some(pit) => position.play(pit),
            None => position.pass(),
        };
        match result {
            Ok(after) => position = after,
            Err(error) => assert!(same(&error.position, &position), "{position} {n}"),
        }
    }
    assert_conserved(&position);
}

/// A position of `variant` with its stones thrown into random pits and stores, maybe
/// with a row emptied into its owner's store (hand-made positions need not be
/// reachable).
fn hand_made(variant: Variant) -> impl Strategy<Value = Position> {
    let n = variant.pits_per_row();
    let total = usize::from(variant.total_stones());
    (
        prop::collection::vec(0..2 * n + 2, total),
        prop::option::of(sides()),
        sides(),
    )
        .prop_map(move |(cells, emptied, to_move)| {
            let mut count = vec![0u8; 2 * n + 2];
            for cell in cells {
                count[cell] += 1;
            }
            if let Some(side) = emptied {
                let (row, store) = match side {
                    Side::South => (0, 2 * n),
                    Side::North => (n, 2 * n + 1),
                };
                let moved: u8 = count[row..row + n].iter().sum();
                count[row..row + n].fill(0);
                count[store] += moved;
            }
            let stores = BySide::new(count[2 * n], count[2 * n + 1]);
            Position::from_parts(variant, &count[..n], &count[n..2 * n], stores, to_move)
                .expect("the stones add up")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(FUZZ_CASES))]

    #[test]
    fn hand_made_positions_from_any_rows_never_panic(
        variant in variants(),
        south in prop::collection::vec(any::<u8>(), 0..11),
        north in prop::collection::vec(any::<u8>(), 0..11),
        stores in (any::<u8>(), any::<u8>()),
        to_move in sides(),
        numbers in prop::collection::vec(0..=10u8, 0..40),
    ) {
        let stores = BySide::new(stores.0, stores.1);
        let result = Position::from_parts(variant, &south, &north, stores, to_move);
        let n = variant.pits_per_row();
        let total: u32 = south.iter().chain(&north).map(|&s| u32::from(s)).sum::<u32>()
            + u32::from(stores.south)
            + u32::from(stores.north);
        let expected = if south.len() != n || north.len() != n {
            Err(SetupError::RowLength)
        } else if total != u32::from(variant.total_stones()) {
            Err(SetupError::StoneCount)
        } else {
            Ok(())
        };
        prop_assert_eq!(result.map(|_| ()), expected);
        if let Ok(position) = result {
            prop_assert_eq!(position.row(Side::South), &south[..]);
            prop_assert_eq!(position.row(Side::North), &north[..]);
            play_numbers(position, &numbers);
        }
    }

    #[test]
    fn hand_made_positions_play_any_pits_without_panicking(
        position in variants().prop_flat_map(hand_made),
        numbers in prop::collection::vec(0..=10u8, 0..60),
    ) {
        prop_assert!(!position.is_over());
        prop_assert!(!position.is_opening());
        play_numbers(position, &numbers);
    }
}

#[test]
fn stone_counts_that_wrap_a_byte_are_refused() {
    // 255 + 49 = 304, which is Mangala's 48 modulo 256: summed in a u8, it would pass.
    let wrapped = Position::from_parts(
        Variant::Mangala,
        &[255, 49, 0, 0, 0, 0],
        &[0; 6],
        BySide::default(),
        Side::South,
    );
    assert_eq!(wrapped, Err(SetupError::StoneCount));
    let full = Position::from_parts(
        Variant::Modiar,
        &[255; 3],
        &[255; 3],
        BySide::new(255, 255),
        Side::North,
    );
    assert_eq!(full, Err(SetupError::StoneCount));
}

#[test]
fn header_errors_give_the_column_in_characters() {
    for (text, column) in [
        (" S3", 2),
        ("\u{3000}[Variant \"chess\"]", 2),
        ("\u{a0}\u{a0}[Variant mangala]", 3),
        ("[Variant \"mangala\"]\n\u{3000}N3", 2),
    ] {
        let error = text.parse::<Record>().expect_err("not a record");
        assert_eq!(
            (error.line, error.column),
            (text.lines().count(), column),
            "{text:?}"
        );
    }
}
