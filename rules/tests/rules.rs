//! One table-driven test (or more) for every numbered rule and decision of RULES.md,
//! on hand-made positions or, where a rule needs the history, whole games.
//!
//! Every expected position was worked out by hand from RULES.md; the working is in the
//! comments beside the rows. Positions are written as in RULES.md:
//! `S [4 4 4 4 1 5] store 1 / N [5 4 4 4 4 4] store 0 / north to move`, each row from
//! its owner's left, `store` being the store (Mangala) or the stones captured so far
//! (Modiar, Tihbat), and `over` in place of the side to move once the game has ended.

use seedpost_rules::{
    BySide, EndedBy, Game, IllegalMove, ParsePitError, ParseRecordErrorKind, Pit, Ply, Points,
    Position, Record, ReplayError, SetupError, Side, Variant,
};

const SOUTH: Side = Side::South;
const NORTH: Side = Side::North;

fn pit(n: u8) -> Pit {
    Pit::new(n).unwrap_or_else(|| panic!("pit {n} is not a number from 1 to 9"))
}

/// Reads one side's part of a position: `S [4 4 1] store 3`. A Togyz tuzdyk in the row
/// is written `x` (an empty house); its pit number comes back as the third value.
fn parse_row(part: &str, letter: char, text: &str) -> (Vec<u8>, u8, Option<u8>) {
    let bad = || panic!("{text:?}: cannot read {part:?} as `{letter} [pits] store n`");
    let Some(rest) = part.strip_prefix(letter).and_then(|r| r.strip_prefix(" [")) else {
        bad()
    };
    let Some((pits, store)) = rest.split_once("] store ") else {
        bad()
    };
    let pits: Vec<&str> = pits.split(' ').collect();
    let tuzdyk = pits.iter().position(|&s| s == "x").map(|i| i as u8 + 1);
    let pits = pits
        .iter()
        .map(|&s| match s {
            "x" => 0,
            s => s.parse().unwrap_or_else(|_| bad()),
        })
        .collect();
    (pits, store.parse().unwrap_or_else(|_| bad()), tuzdyk)
}

/// The hand-made position written as `S [..] store a / N [..] store b / south to move`.
fn setup(variant: Variant, text: &str) -> Position {
    let parts: Vec<&str> = text.split(" / ").collect();
    let [south, north, turn] = parts.as_slice() else {
        panic!("{text:?}: expected `S [..] store a / N [..] store b / <side> to move`");
    };
    let (south_row, south_store, norths_tuzdyk) = parse_row(south, 'S', text);
    let (north_row, north_store, souths_tuzdyk) = parse_row(north, 'N', text);
    let to_move = match *turn {
        "south to move" => SOUTH,
        "north to move" => NORTH,
        other => panic!("{text:?}: {other:?} is not `south to move` or `north to move`"),
    };
    let mut position = Position::from_parts(
        variant,
        &south_row,
        &north_row,
        BySide::new(south_store, north_store),
        to_move,
    )
    .unwrap_or_else(|e| panic!("{text:?}: not a {variant} position: {e}"));
    for (owner, tuzdyk) in [(SOUTH, souths_tuzdyk), (NORTH, norths_tuzdyk)] {
        if let Some(n) = tuzdyk {
            position = position
                .with_tuzdyk(owner, pit(n))
                .unwrap_or_else(|e| panic!("{text:?}: {owner}'s tuzdyk at {n}: {e}"));
        }
    }
    position
}

/// A position written the way [`setup`] reads it (`over` once the game has ended).
fn describe(position: &Position) -> String {
    let row = |side: Side| {
        let tuzdyk = position.tuzdyk(side.opposite());
        position
            .row(side)
            .iter()
            .enumerate()
            .map(|(i, s)| match tuzdyk {
                Some(t) if t.index() == i => "x".to_owned(),
                _ => s.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let turn = match position.to_move() {
        Some(side) => format!("{side} to move"),
        None => "over".to_owned(),
    };
    format!(
        "S [{}] store {} / N [{}] store {} / {turn}",
        row(SOUTH),
        position.stores().south,
        row(NORTH),
        position.stores().north
    )
}

/// The pits `position` allows, by number. A plain loop, not `collect`: collecting a
/// `PitSet` overflows the stack (see `c3_the_legal_pits_collect_like_any_iterator`).
fn legal(position: &Position) -> Vec<u8> {
    let mut pits = Vec::new();
    for p in position.legal_moves() {
        pits.push(p.number());
    }
    pits
}

/// What holds in every position: all the stones are somewhere, and `legal_moves`,
/// `is_legal` and `check` agree.
fn assert_sound(position: &Position, context: &str) {
    let variant = position.variant();
    let stores = position.stores();
    assert_eq!(
        u32::from(position.on_board()) + u32::from(stores.south) + u32::from(stores.north),
        u32::from(variant.total_stones()),
        "{context}: the stones of {position} do not add up"
    );
    let moves = position.legal_moves();
    for n in 1..=Pit::MAX {
        let p = pit(n);
        assert_eq!(
            position.is_legal(p),
            moves.contains(p),
            "{context}: legal_moves and is_legal disagree on pit {n} in {position}"
        );
        assert_eq!(position.check(p).is_ok(), moves.contains(p), "{context}");
    }
}

/// A move on a hand-made position and the position it must give.
struct Move {
    case: &'static str,
    before: &'static str,
    pit: u8,
    after: &'static str,
}

fn play_moves(variant: Variant, cases: &[Move]) {
    for case in cases {
        let context = format!(
            "{variant}: {}: pit {} in {}",
            case.case, case.pit, case.before
        );
        let before = setup(variant, case.before);
        assert_sound(&before, &context);
        let after = before
            .play(pit(case.pit))
            .unwrap_or_else(|e| panic!("{context}: refused with {}: {e}", e.reason.code()));
        assert_eq!(describe(&after), case.after, "{context}");
        assert_sound(&after, &context);
    }
}

/// A move that must be refused, and why.
struct Refused {
    case: &'static str,
    before: &'static str,
    pit: u8,
    reason: IllegalMove,
}

fn refuse_moves(variant: Variant, cases: &[Refused]) {
    for case in cases {
        let context = format!(
            "{variant}: {}: pit {} in {}",
            case.case, case.pit, case.before
        );
        let before = setup(variant, case.before);
        assert_sound(&before, &context);
        let Err(error) = before.play(pit(case.pit)) else {
            panic!(
                "{context}: played, but should be refused with {}",
                case.reason.code()
            );
        };
        assert_eq!(error.reason, case.reason, "{context}");
        assert_eq!(error.position, before, "{context}: the position changed");
        assert_eq!(
            describe(&error.position),
            case.before,
            "{context}: the position changed"
        );
        assert_eq!(
            error.position.is_opening(),
            before.is_opening(),
            "{context}"
        );
        assert_eq!(before.check(pit(case.pit)), Err(case.reason), "{context}");
        assert!(!before.legal_moves().contains(pit(case.pit)), "{context}");
    }
}

/// A hand-made position and exactly the pits its side to move may play.
struct Allowed {
    case: &'static str,
    position: &'static str,
    legal: &'static [u8],
}

fn allowed_moves(variant: Variant, cases: &[Allowed]) {
    for case in cases {
        let context = format!("{variant}: {}: {}", case.case, case.position);
        let position = setup(variant, case.position);
        assert_sound(&position, &context);
        assert_eq!(legal(&position), case.legal, "{context}");
    }
}

/// A move that ends the game, the position it leaves and how the game ended.
struct Ending {
    case: &'static str,
    before: &'static str,
    pit: u8,
    after: &'static str,
    score: (u8, u8),
    winner: Option<Side>,
    ended_by: EndedBy,
}

fn play_endings(variant: Variant, cases: &[Ending]) {
    for case in cases {
        let context = format!(
            "{variant}: {}: pit {} in {}",
            case.case, case.pit, case.before
        );
        let after = setup(variant, case.before)
            .play(pit(case.pit))
            .unwrap_or_else(|e| panic!("{context}: refused with {}", e.reason.code()));
        assert_eq!(describe(&after), case.after, "{context}");
        assert_sound(&after, &context);
        let outcome = after
            .outcome()
            .unwrap_or_else(|| panic!("{context}: the game goes on"));
        assert_eq!(
            (outcome.score.south, outcome.score.north),
            case.score,
            "{context}: score"
        );
        assert_eq!(outcome.score, after.stores(), "{context}: score and stores");
        assert_eq!(outcome.winner, case.winner, "{context}: winner");
        assert_eq!(outcome.ended_by, case.ended_by, "{context}: ended_by");
        assert!(
            after.legal_moves().is_empty(),
            "{context}: moves after the end"
        );
    }
}

/// Plays `moves` from the start, checking the position after each ply.
fn play_game(variant: Variant, first: Side, moves: &[(u8, &str)]) -> Game {
    let mut game = Game::new(variant, first);
    for (i, &(n, after)) in moves.iter().enumerate() {
        let context = format!("{variant} game: ply {} (pit {n})", i + 1);
        let added = game
            .play(pit(n))
            .unwrap_or_else(|e| panic!("{context}: refused with {}", e.code()));
        assert_eq!(added, 1, "{context}: plies added");
        assert_eq!(describe(game.position()), after, "{context}");
        assert_sound(game.position(), &context);
    }
    game
}

// ---------------------------------------------------------------------------------
// Common ground (§C)
// ---------------------------------------------------------------------------------

#[test]
fn c1_every_game_starts_with_two_full_rows_south_owning_the_first() {
    for (variant, start) in [
        (
            Variant::Mangala,
            "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
        ),
        (
            Variant::Modiar,
            "S [7 7 7] store 0 / N [7 7 7] store 0 / south to move",
        ),
        (
            Variant::Tihbat,
            "S [7 7] store 0 / N [7 7] store 0 / south to move",
        ),
    ] {
        let position = Position::start(variant, SOUTH);
        assert_eq!(describe(&position), start, "{variant}");
        assert_sound(&position, variant.as_str());
        assert!(position.is_opening(), "{variant}");
        assert!(!position.must_pass(), "{variant}");
    }
    // The first row given is South's.
    let position = setup(
        Variant::Tihbat,
        "S [1 2] store 10 / N [3 4] store 8 / south to move",
    );
    assert_eq!(position.row(SOUTH), [1, 2]);
    assert_eq!(position.rows().north, [3, 4]);
    assert_eq!(position.stones(NORTH, pit(2)), Some(4));
    assert_eq!(position.stones(NORTH, pit(3)), None);
}

#[test]
fn c1_a_hand_made_position_needs_rows_of_the_right_length_and_every_stone() {
    let none = BySide::new(0, 0);
    for (case, variant, south, north, stores, error) in [
        (
            "a Mangala row of five",
            Variant::Mangala,
            &[4, 4, 4, 4, 8][..],
            &[4, 4, 4, 4, 4, 4][..],
            none,
            SetupError::RowLength,
        ),
        (
            "a Modiar row of four",
            Variant::Modiar,
            &[7, 7, 7][..],
            &[7, 7, 7, 0][..],
            none,
            SetupError::RowLength,
        ),
        (
            "a Tihbat stone too many",
            Variant::Tihbat,
            &[7, 7][..],
            &[7, 8][..],
            none,
            SetupError::StoneCount,
        ),
        (
            "Modiar stones missing",
            Variant::Modiar,
            &[7, 7, 7][..],
            &[7, 7, 7][..],
            BySide::new(0, 1),
            SetupError::StoneCount,
        ),
    ] {
        assert_eq!(
            Position::from_parts(variant, south, north, stores, SOUTH),
            Err(error),
            "{case}"
        );
    }
}

#[test]
fn c2_sowing_runs_along_the_movers_row_then_along_the_opponents_from_their_left() {
    // Mangala, South's pit 6 with 8: one back into S6, one into South's store, six
    // along North's row from North's pit 1.
    play_moves(
        Variant::Mangala,
        &[
            Move {
                case: "South crosses into North's row at North's pit 1",
                before: "S [4 4 4 4 0 8] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 6,
                after: "S [4 4 4 4 0 1] store 1 / N [5 5 5 5 5 5] store 0 / north to move",
            },
            Move {
                case: "North crosses into South's row at South's pit 1",
                before: "S [4 4 4 4 4 4] store 0 / N [0 4 4 4 4 8] store 0 / north to move",
                pit: 6,
                after: "S [5 5 5 5 5 5] store 0 / N [0 4 4 4 4 1] store 1 / south to move",
            },
        ],
    );
    // Modiar, North's pit 2 with 3: N2, N3, then South's pit 1.
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "North's third stone goes to South's pit 1",
            before: "S [4 4 4] store 12 / N [0 3 2] store 13 / north to move",
            pit: 2,
            after: "S [5 4 4] store 12 / N [0 1 3] store 13 / south to move",
        }],
    );
    // Tihbat, South's pit 2 with 3: S2, N1, N2.
    play_moves(
        Variant::Tihbat,
        &[Move {
            case: "South's pit 2 is followed by North's pit 1",
            before: "S [3 3] store 5 / N [3 3] store 11 / south to move",
            pit: 2,
            after: "S [3 1] store 5 / N [4 4] store 11 / north to move",
        }],
    );
}

#[test]
fn c2_north_pit_k_faces_south_pit_n_plus_1_minus_k() {
    // Seen through Mangala's capture of the facing pit (§M8): a lone stone into an
    // empty pit takes the pit across the board.
    play_moves(
        Variant::Mangala,
        &[
            Move {
                case: "South pit 2 faces North pit 5",
                before: "S [1 0 0 0 0 3] store 12 / N [1 2 3 4 5 6] store 11 / south to move",
                pit: 1,
                after: "S [0 0 0 0 0 3] store 18 / N [1 2 3 4 0 6] store 11 / north to move",
            },
            Move {
                case: "South pit 6 faces North pit 1",
                before: "S [4 0 0 0 1 0] store 16 / N [6 1 1 1 1 1] store 16 / south to move",
                pit: 5,
                after: "S [4 0 0 0 0 0] store 23 / N [0 1 1 1 1 1] store 16 / north to move",
            },
            Move {
                case: "North pit 6 faces South pit 1",
                before: "S [6 1 1 1 1 1] store 16 / N [4 0 0 0 1 0] store 16 / north to move",
                pit: 5,
                after: "S [0 1 1 1 1 1] store 16 / N [4 0 0 0 0 0] store 23 / south to move",
            },
        ],
    );
}

#[test]
fn c3_a_move_is_a_pit_number_of_the_movers_row_and_others_are_out_of_range() {
    refuse_moves(
        Variant::Modiar,
        &[4, 5, 6].map(|n| Refused {
            case: "Modiar has three pits a row",
            before: "S [7 7 7] store 0 / N [7 7 7] store 0 / south to move",
            pit: n,
            reason: IllegalMove::OutOfRange,
        }),
    );
    refuse_moves(
        Variant::Tihbat,
        &[3, 4, 5, 6].map(|n| Refused {
            case: "Tihbat has two pits a row",
            before: "S [7 7] store 0 / N [7 7] store 0 / north to move",
            pit: n,
            reason: IllegalMove::OutOfRange,
        }),
    );
    refuse_moves(
        Variant::Mangala,
        &[7, 8, 9].map(|n| Refused {
            case: "Mangala has six pits a row",
            before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
            pit: n,
            reason: IllegalMove::OutOfRange,
        }),
    );
    // No game has a pit 0 or 10: such numbers are not pits at all.
    assert_eq!(Pit::new(0), None);
    assert_eq!(Pit::new(10), None);
    for (text, code) in [
        ("0", "out_of_range"),
        ("10", "out_of_range"),
        ("x", "bad_pit"),
    ] {
        let error = text.parse::<Pit>().expect_err(text);
        assert_eq!(error.code(), code, "{text:?}");
    }
    assert_eq!("6".parse::<Pit>(), Ok(pit(6)));
    assert_eq!("12".parse::<Pit>(), Err(ParsePitError::OutOfRange));
}

#[test]
fn c3_the_legal_pits_collect_like_any_iterator() {
    let start = Position::start(Variant::Mangala, SOUTH);
    assert_eq!(start.legal_moves().size_hint(), (6, Some(6)));
    let pits: Vec<u8> = start.legal_moves().map(Pit::number).collect();
    assert_eq!(pits, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn c4_a_win_scores_one_a_draw_half_and_a_loss_nothing() {
    for (winner, south, north) in [
        (Some(SOUTH), 1.0, 0.0),
        (Some(NORTH), 0.0, 1.0),
        (None, 0.5, 0.5),
    ] {
        let points = Points::for_winner(winner);
        assert_eq!(
            (points.south.as_f64(), points.north.as_f64()),
            (south, north),
            "winner {winner:?}"
        );
        assert_eq!(
            points.south.halves() + points.north.halves(),
            2,
            "winner {winner:?}: a game is worth one point in all"
        );
    }
}

#[test]
fn c5_every_ending_reports_the_score_the_winner_the_points_and_its_code() {
    // One ending of each kind that a move can bring about, from §M9, §D11 and §T6.
    let mangala = setup(
        Variant::Mangala,
        "S [0 0 0 0 0 1] store 20 / N [4 4 4 4 4 4] store 3 / south to move",
    )
    .play(pit(6))
    .expect("South's pit 6 is legal");
    let modiar = setup(
        Variant::Modiar,
        "S [0 3 0] store 18 / N [1 0 1] store 19 / south to move",
    )
    .play(pit(2))
    .expect("South's pit 2 is legal");
    let tihbat = *play_game(
        Variant::Tihbat,
        SOUTH,
        &[
            (1, "S [2 9] store 0 / N [9 8] store 0 / north to move"),
            (1, "S [4 11] store 0 / N [3 10] store 0 / south to move"),
            (1, "S [1 12] store 0 / N [4 11] store 0 / north to move"),
            (1, "S [2 13] store 0 / N [1 12] store 0 / south to move"),
            (1, "S [1 14] store 0 / N [1 12] store 0 / north to move"),
            (1, "S [1 14] store 0 / N [1 12] store 0 / south to move"),
            (1, "S [0 0] store 14 / N [0 0] store 14 / over"),
        ],
    )
    .position();
    for (position, score, winner, points, code) in [
        (mangala, (45, 3), Some(SOUTH), (1.0, 0.0), "empty_row"),
        (modiar, (22, 20), Some(SOUTH), (1.0, 0.0), "no_moves"),
        (tihbat, (14, 14), None, (0.5, 0.5), "repetition"),
    ] {
        let outcome = position
            .outcome()
            .unwrap_or_else(|| panic!("{code}: not over"));
        assert_eq!((outcome.score.south, outcome.score.north), score, "{code}");
        assert_eq!(outcome.winner, winner, "{code}");
        let p = outcome.points();
        assert_eq!((p.south.as_f64(), p.north.as_f64()), points, "{code}");
        assert_eq!(outcome.ended_by.code(), code);
        assert_eq!(EndedBy::from_code(code), Some(outcome.ended_by));
        assert!(position.is_over(), "{code}");
        assert_eq!(position.to_move(), None, "{code}");
    }
    // The fourth code exists though no move can bring it about (§T5).
    assert_eq!(EndedBy::AllCaptured.code(), "all_captured");
    assert_eq!(
        EndedBy::from_code("all_captured"),
        Some(EndedBy::AllCaptured)
    );
}

#[test]
fn c5_nothing_can_be_played_once_the_game_is_over() {
    let over = setup(
        Variant::Mangala,
        "S [0 0 0 0 0 1] store 20 / N [4 4 4 4 4 4] store 3 / south to move",
    )
    .play(pit(6))
    .expect("South's pit 6 is legal");
    for n in 1..=6 {
        let error = over.play(pit(n)).expect_err("the game is over");
        assert_eq!(error.reason, IllegalMove::GameOver, "pit {n}");
        assert_eq!(error.reason.code(), "game_over");
        assert_eq!(error.position, over, "pit {n}: the position changed");
    }
    let pass = over.pass().expect_err("the game is over");
    assert_eq!((pass.reason, pass.position), (IllegalMove::GameOver, over));
    assert!(!over.must_pass());

    // And in a game: after Tihbat's repetition nothing more is taken.
    let mut game = Game::new(Variant::Tihbat, SOUTH);
    for n in [1, 1, 1, 1, 1, 1, 1] {
        game.play(pit(n)).expect("the draw by repetition of §T6");
    }
    let before = *game.position();
    assert_eq!(game.play(pit(1)), Err(IllegalMove::GameOver));
    assert_eq!(
        game.push(Ply::Sow {
            side: NORTH,
            pit: pit(1)
        }),
        Err(ReplayError::Illegal(IllegalMove::GameOver))
    );
    assert_eq!(*game.position(), before);
    assert_eq!(game.ply(), 7);
}

#[test]
fn c6_the_first_mover_is_given_to_the_engine() {
    for variant in Variant::ALL {
        for first in Side::ALL {
            let game = Game::new(variant, first);
            assert_eq!(game.first(), first, "{variant}");
            assert_eq!(game.position().to_move(), Some(first), "{variant}");
            assert_eq!(Position::start(variant, first), *game.position());
            assert!(game.position().is_opening(), "{variant}");
            assert_eq!(game.ply(), 0, "{variant}");
        }
    }
    // North first: North's pit 1 is sown as South's would be.
    play_game(
        Variant::Modiar,
        NORTH,
        &[(1, "S [8 8 8] store 0 / N [2 8 8] store 0 / south to move")],
    );
}

#[test]
fn c7_a_record_lists_plies_with_their_sides_so_extra_turns_show() {
    // Mangala from the start: S4 ends in South's store (§M6), so South plays again.
    let mut game = play_game(
        Variant::Mangala,
        SOUTH,
        &[
            (
                4,
                "S [4 4 4 1 5 5] store 1 / N [4 4 4 4 4 4] store 0 / south to move",
            ),
            // S6 with 5: S6, store, N1, N2, N3; N3 now 5, odd.
            (
                6,
                "S [4 4 4 1 5 1] store 2 / N [5 5 5 4 4 4] store 0 / north to move",
            ),
        ],
    );
    game.play(pit(1)).expect("North's pit 1 holds 5");
    let sides: Vec<Side> = game.plies().iter().map(|p| p.side()).collect();
    assert_eq!(sides, [SOUTH, SOUTH, NORTH]);
    let written: Vec<String> = game.plies().iter().map(ToString::to_string).collect();
    assert_eq!(written, ["S4", "S6", "N1"]);
    assert_eq!(game.plies()[0].pit(), Some(pit(4)));
}

#[test]
fn c7_a_pass_is_a_ply_of_its_own_and_only_a_side_without_stones_makes_one() {
    let pass = Ply::Pass { side: NORTH };
    assert_eq!(pass.side(), NORTH);
    assert_eq!(pass.pit(), None);
    assert_eq!(pass.to_string(), "N-");

    let mut game = Game::new(Variant::Tihbat, SOUTH);
    for (ply, error) in [
        (Ply::Pass { side: SOUTH }, ReplayError::UnexpectedPass),
        (
            Ply::Sow {
                side: NORTH,
                pit: pit(1),
            },
            ReplayError::WrongSide,
        ),
        (
            Ply::Sow {
                side: SOUTH,
                pit: pit(3),
            },
            ReplayError::Illegal(IllegalMove::OutOfRange),
        ),
    ] {
        assert_eq!(game.push(ply), Err(error), "{ply}");
        assert_eq!(game.ply(), 0, "{ply}: the game changed");
    }
    game.push(Ply::Sow {
        side: SOUTH,
        pit: pit(1),
    })
    .expect("South's pit 1 holds 7");
    assert_eq!(game.ply(), 1);
    assert_eq!(ReplayError::UnexpectedPass.code(), "unexpected_pass");
    assert_eq!(ReplayError::WrongSide.code(), "wrong_side");
}

/// The Modiar game of §D12, in plies: 7 to reach the position, 8 a round.
const MODIAR_CYCLE: [u8; 23] = [
    2, 2, 1, 3, 3, 1, 2, //
    2, 2, 2, 1, 3, 3, 1, 2, //
    2, 2, 2, 1, 3, 3, 1, 2,
];

#[test]
fn c8_a_record_is_a_tag_header_then_the_plies_twelve_to_a_line() {
    let mut game = Game::new(Variant::Modiar, SOUTH);
    for n in MODIAR_CYCLE {
        game.play(pit(n)).expect("the game of §D12");
    }
    let record = Record::of(&game)
        .with_tag("South", "ayse")
        .with_tag("North", "mehmet")
        .with_tag("Result", "0-1");
    let text = "[Variant \"modiar\"]\n\
                [First \"south\"]\n\
                [South \"ayse\"]\n\
                [North \"mehmet\"]\n\
                [Result \"0-1\"]\n\
                \n\
                S2 N2 S1 N3 S3 N1 S2 N2 S2 N2 S1 N3\n\
                S3 N1 S2 N2 S2 N2 S1 N3 S3 N1 S2\n";
    assert_eq!(record.to_string(), text);
    let parsed: Record = text.parse().expect("the record reads back");
    assert_eq!(parsed, record);
    assert_eq!(parsed.tag("North"), Some("mehmet"));
    assert_eq!(parsed.game().expect("the record replays"), game);

    // A pass is written `N-`; the text reads back, though this game cannot replay it.
    let text = "[Variant \"tihbat\"]\n[First \"north\"]\n\nN1 S- N2\n";
    let record: Record = text.parse().expect("a pass is notation");
    assert_eq!(record.plies[1], Ply::Pass { side: SOUTH });
    assert_eq!(record.to_string(), text);
    let failure = record.game().expect_err("South has stones: no pass");
    assert_eq!(
        (failure.ply, failure.error),
        (2, ReplayError::UnexpectedPass)
    );
}

#[test]
fn c8_a_text_that_is_not_a_record_names_the_token_and_where_it_is() {
    for (case, text, line, column, token, kind) in [
        (
            "a pit no game has",
            "[Variant \"modiar\"]\n[First \"south\"]\n\nS2 N2 S0\n",
            4,
            7,
            "S0",
            ParseRecordErrorKind::BadPly,
        ),
        (
            "First before Variant",
            "[First \"south\"]\n[Variant \"modiar\"]\n\nS2\n",
            1,
            1,
            "[First \"south\"]",
            ParseRecordErrorKind::MissingVariant,
        ),
        (
            "an unknown game",
            "[Variant \"chess\"]\n[First \"south\"]\n",
            1,
            1,
            "[Variant \"chess\"]",
            ParseRecordErrorKind::BadVariant,
        ),
    ] {
        let error = text.parse::<Record>().expect_err(case);
        assert_eq!(
            (error.line, error.column, error.token.as_str(), error.kind),
            (line, column, token, kind),
            "{case}"
        );
    }
}

// ---------------------------------------------------------------------------------
// Mangala (§M)
// ---------------------------------------------------------------------------------

#[test]
fn m1_mangala_has_two_rows_of_six_pits_of_four_and_a_store_at_each_players_right() {
    let start = Position::start(Variant::Mangala, NORTH);
    assert_eq!(
        describe(&start),
        "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move"
    );
    assert_eq!(Variant::Mangala.total_stones(), 48);
    // The store is the hole after pit 6: four stones from pit 4 end there (§M6).
    play_moves(
        Variant::Mangala,
        &[Move {
            case: "the store follows pit 6",
            before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move",
            pit: 4,
            after: "S [4 4 4 4 4 4] store 0 / N [4 4 4 1 5 5] store 1 / north to move",
        }],
    );
}

#[test]
fn m2_a_move_empties_a_non_empty_pit_of_the_movers_row() {
    refuse_moves(
        Variant::Mangala,
        &[
            Refused {
                case: "South's empty pit 5",
                before: "S [4 4 4 4 0 9] store 0 / N [4 4 4 4 4 1] store 2 / south to move",
                pit: 5,
                reason: IllegalMove::EmptyPit,
            },
            Refused {
                case: "North's empty pit 1, South's pit 1 being full",
                before: "S [4 4 4 4 4 4] store 1 / N [0 4 4 4 4 4] store 3 / north to move",
                pit: 1,
                reason: IllegalMove::EmptyPit,
            },
        ],
    );
    allowed_moves(
        Variant::Mangala,
        &[Allowed {
            case: "every non-empty pit and only those",
            position: "S [4 0 4 4 0 9] store 0 / N [4 4 4 4 4 1] store 6 / south to move",
            legal: &[1, 3, 4, 6],
        }],
    );
}

#[test]
fn m3_two_or_more_stones_start_with_one_back_in_the_emptied_pit() {
    play_moves(
        Variant::Mangala,
        &[
            // S1, S2, S3, S4 one each.
            Move {
                case: "four from South's pit 1",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 1,
                after: "S [1 5 5 5 4 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move",
            },
            // N5, N6.
            Move {
                case: "two from North's pit 5",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 2 6] store 0 / north to move",
                pit: 5,
                after: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 1 7] store 0 / south to move",
            },
            // S1, S2..S6, store, N1..N6, and the 14th back in S1: it holds 2, and was
            // not empty when that stone fell, so nothing is captured (§M8).
            Move {
                case: "fourteen go round and end in the pit they came from",
                before: "S [14 2 2 2 2 2] store 6 / N [2 2 2 2 2 2] store 6 / south to move",
                pit: 1,
                after: "S [2 3 3 3 3 3] store 7 / N [3 3 3 3 3 3] store 6 / north to move",
            },
        ],
    );
}

#[test]
fn m4_a_lone_stone_goes_on_to_the_next_hole_and_leaves_its_pit_empty() {
    play_moves(
        Variant::Mangala,
        &[
            Move {
                case: "into a pit that holds stones",
                before: "S [4 4 1 4 4 4] store 3 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 3,
                after: "S [4 4 0 5 4 4] store 3 / N [4 4 4 4 4 4] store 0 / north to move",
            },
            Move {
                case: "from South's pit 6 into South's store: South plays again",
                before: "S [4 4 4 4 4 1] store 3 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 6,
                after: "S [4 4 4 4 4 0] store 4 / N [4 4 4 4 4 4] store 0 / south to move",
            },
            Move {
                case: "from North's pit 6 into North's store: North plays again",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 1] store 3 / north to move",
                pit: 6,
                after: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 0] store 4 / north to move",
            },
        ],
    );
}

#[test]
fn m5_sowing_feeds_the_movers_store_and_skips_the_opponents() {
    play_moves(
        Variant::Mangala,
        &[
            // S6, South's store, N1..N6, then straight on to S1: North's store keeps 2.
            Move {
                case: "South's nine from pit 6",
                before: "S [4 4 4 4 0 9] store 0 / N [4 4 4 4 4 1] store 2 / south to move",
                pit: 6,
                after: "S [5 4 4 4 0 1] store 1 / N [5 5 5 5 5 2] store 2 / north to move",
            },
            // N6, North's store, S1..S6, then N1: South's store keeps 1.
            Move {
                case: "North's nine from pit 6",
                before: "S [4 4 4 4 4 4] store 1 / N [2 4 4 4 0 9] store 0 / north to move",
                pit: 6,
                after: "S [5 5 5 5 5 5] store 1 / N [3 4 4 4 0 1] store 1 / south to move",
            },
        ],
    );
}

#[test]
fn m6_the_last_stone_in_the_movers_store_gives_another_move() {
    play_moves(
        Variant::Mangala,
        &[
            Move {
                case: "South's pit 4 from the start",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 4,
                after: "S [4 4 4 1 5 5] store 1 / N [4 4 4 4 4 4] store 0 / south to move",
            },
            Move {
                case: "seven from South's pit 1",
                before: "S [7 4 4 4 4 1] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 1,
                after: "S [1 5 5 5 5 2] store 1 / N [4 4 4 4 4 4] store 0 / south to move",
            },
            // S1, S2..S6, store, N1..N6, S1, S2..S6, and the 20th in the store again.
            Move {
                case: "twenty from South's pit 1, round once and into the store",
                before: "S [20 1 1 1 1 1] store 0 / N [1 1 1 1 1 1] store 17 / south to move",
                pit: 1,
                after: "S [2 3 3 3 3 3] store 2 / N [2 2 2 2 2 2] store 17 / south to move",
            },
        ],
    );
    // The extra move is a ply of the same side (§C7).
    let mut game = Game::new(Variant::Mangala, NORTH);
    assert_eq!(game.play(pit(4)), Ok(1));
    assert_eq!(game.position().to_move(), Some(NORTH));
}

#[test]
fn m7_a_last_stone_that_makes_an_opponent_pit_even_captures_it() {
    play_moves(
        Variant::Mangala,
        &[
            // S5, S6, store, N1: N1 goes 3 -> 4, taken.
            Move {
                case: "South makes North's pit 1 hold 4",
                before: "S [4 4 4 4 4 4] store 1 / N [3 4 4 4 4 4] store 0 / south to move",
                pit: 5,
                after: "S [4 4 4 4 1 5] store 6 / N [0 4 4 4 4 4] store 0 / north to move",
            },
            // N6, North's store, S1: S1 goes 5 -> 6, taken.
            Move {
                case: "North makes South's pit 1 hold 6",
                before: "S [5 4 4 4 4 4] store 0 / N [4 4 4 4 4 3] store 0 / north to move",
                pit: 6,
                after: "S [0 4 4 4 4 4] store 0 / N [4 4 4 4 4 1] store 7 / south to move",
            },
            Move {
                case: "an odd count is not taken",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 5,
                after: "S [4 4 4 4 1 5] store 1 / N [5 4 4 4 4 4] store 0 / north to move",
            },
            Move {
                case: "a stone into an empty opponent pit makes 1, odd: not taken",
                before: "S [4 4 4 4 4 3] store 3 / N [0 4 4 4 4 4] store 2 / south to move",
                pit: 6,
                after: "S [4 4 4 4 4 1] store 4 / N [1 4 4 4 4 4] store 2 / north to move",
            },
            Move {
                case: "an even count on the mover's own row is not taken",
                before: "S [4 4 4 3 4 4] store 1 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 1,
                after: "S [1 5 5 4 4 4] store 1 / N [4 4 4 4 4 4] store 0 / north to move",
            },
        ],
    );
}

#[test]
fn m8_a_last_stone_in_an_empty_own_pit_takes_itself_and_the_pit_opposite() {
    play_moves(
        Variant::Mangala,
        &[
            // S3, S4, S5: S5 was empty, faces N2 (7): 1 + 7 to the store.
            Move {
                case: "three stones ending in South's empty pit 5",
                before: "S [4 4 3 4 0 4] store 1 / N [4 7 4 4 4 4] store 1 / south to move",
                pit: 3,
                after: "S [4 4 1 5 0 4] store 9 / N [4 0 4 4 4 4] store 1 / north to move",
            },
            Move {
                case: "the pit opposite is empty: nothing is taken, the stone stays",
                before: "S [4 4 3 4 0 4] store 5 / N [4 0 4 4 4 4] store 4 / south to move",
                pit: 3,
                after: "S [4 4 1 5 1 4] store 5 / N [4 0 4 4 4 4] store 4 / north to move",
            },
            // N1's lone stone into the empty N2, which faces S5 (6): 7 to North.
            Move {
                case: "North's lone stone into North's empty pit 2",
                before: "S [4 4 4 4 6 4] store 2 / N [1 0 4 4 4 4] store 3 / north to move",
                pit: 1,
                after: "S [4 4 4 4 0 4] store 2 / N [0 0 4 4 4 4] store 10 / south to move",
            },
            // S2, S3..S6, store, N1..N6, S1: S1 was empty, faces N6 (now 6): 1 + 6.
            Move {
                case: "thirteen go round and end in South's empty pit 1",
                before: "S [0 13 2 2 2 2] store 6 / N [2 2 2 2 2 5] store 6 / south to move",
                pit: 2,
                after: "S [0 1 3 3 3 3] store 14 / N [3 3 3 3 3 0] store 6 / north to move",
            },
            // The 14th stone falls in S2, which already holds the first: not empty.
            Move {
                case: "fourteen end in the emptied pit, which holds the first stone",
                before: "S [2 14 2 2 2 2] store 6 / N [2 2 2 2 2 2] store 6 / south to move",
                pit: 2,
                after: "S [3 2 3 3 3 3] store 7 / N [3 3 3 3 3 3] store 6 / north to move",
            },
        ],
    );
}

#[test]
fn m9_an_empty_row_ends_the_game_and_its_owner_takes_the_other_row() {
    play_endings(
        Variant::Mangala,
        &[
            Ending {
                case: "South's last stone goes into South's store: the extra move is lost",
                before: "S [0 0 0 0 0 1] store 20 / N [4 4 4 4 4 4] store 3 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 45 / N [0 0 0 0 0 0] store 3 / over",
                score: (45, 3),
                winner: Some(SOUTH),
                ended_by: EndedBy::EmptyRow,
            },
            Ending {
                case: "North's last stone goes into North's store",
                before: "S [4 4 4 4 4 4] store 3 / N [0 0 0 0 0 1] store 20 / north to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 3 / N [0 0 0 0 0 0] store 45 / over",
                score: (3, 45),
                winner: Some(NORTH),
                ended_by: EndedBy::EmptyRow,
            },
            // S1 -> S2, empty, faces N5 (3): South takes 4; North's row is empty, so
            // North takes South's 5.
            Ending {
                case: "South's capture empties North's row: North takes South's row",
                before: "S [1 0 0 0 0 5] store 20 / N [0 0 0 0 3 0] store 19 / south to move",
                pit: 1,
                after: "S [0 0 0 0 0 0] store 24 / N [0 0 0 0 0 0] store 24 / over",
                score: (24, 24),
                winner: None,
                ended_by: EndedBy::EmptyRow,
            },
            // S6, store, N1: N1 makes 2, taken (§M7); North takes S [4 4 4 4 4 1].
            Ending {
                case: "an even capture empties North's row",
                before: "S [4 4 4 4 4 3] store 10 / N [1 0 0 0 0 0] store 14 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 13 / N [0 0 0 0 0 0] store 35 / over",
                score: (13, 35),
                winner: Some(NORTH),
                ended_by: EndedBy::EmptyRow,
            },
            // S5 -> S6, empty, faces N1 (3): South takes 4, and South's row is empty,
            // so South also takes North's 20.
            Ending {
                case: "South's capture takes South's own last stone",
                before: "S [0 0 0 0 1 0] store 12 / N [3 4 4 4 4 4] store 12 / south to move",
                pit: 5,
                after: "S [0 0 0 0 0 0] store 36 / N [0 0 0 0 0 0] store 12 / over",
                score: (36, 12),
                winner: Some(SOUTH),
                ended_by: EndedBy::EmptyRow,
            },
            // S5 -> S6 takes itself and N1: both rows empty, nothing more moves.
            Ending {
                case: "both rows empty at once",
                before: "S [0 0 0 0 1 0] store 23 / N [1 0 0 0 0 0] store 23 / south to move",
                pit: 5,
                after: "S [0 0 0 0 0 0] store 25 / N [0 0 0 0 0 0] store 23 / over",
                score: (25, 23),
                winner: Some(SOUTH),
                ended_by: EndedBy::EmptyRow,
            },
        ],
    );
}

#[test]
fn m10_more_than_24_stones_win_and_24_each_is_a_draw() {
    for (case, before, n, winner, points) in [
        (
            "25 to 23",
            "S [0 0 0 0 1 0] store 23 / N [1 0 0 0 0 0] store 23 / south to move",
            5,
            Some(SOUTH),
            (Points::One, Points::Zero),
        ),
        (
            "24 each",
            "S [1 0 0 0 0 5] store 20 / N [0 0 0 0 3 0] store 19 / south to move",
            1,
            None,
            (Points::Half, Points::Half),
        ),
        (
            "13 to 35",
            "S [4 4 4 4 4 3] store 10 / N [1 0 0 0 0 0] store 14 / south to move",
            6,
            Some(NORTH),
            (Points::Zero, Points::One),
        ),
    ] {
        let outcome = setup(Variant::Mangala, before)
            .play(pit(n))
            .expect(case)
            .outcome()
            .unwrap_or_else(|| panic!("{case}: not over"));
        assert_eq!(
            outcome.score.south + outcome.score.north,
            48,
            "{case}: every stone is in a store"
        );
        assert_eq!(outcome.winner, winner, "{case}");
        let p = outcome.points();
        assert_eq!((p.south, p.north), points, "{case}");
    }
}

// ---------------------------------------------------------------------------------
// Modiar (§D)
// ---------------------------------------------------------------------------------

#[test]
fn d1_modiar_has_two_rows_of_three_pits_of_seven_and_no_stores() {
    let start = Position::start(Variant::Modiar, SOUTH);
    assert_eq!(
        describe(&start),
        "S [7 7 7] store 0 / N [7 7 7] store 0 / south to move"
    );
    assert_eq!(Variant::Modiar.total_stones(), 42);
    assert!(!Variant::Modiar.has_stores());
    // Captured stones are counted as `store` (§D4).
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "a capture of 4 is counted in South's store",
            before: "S [2 3 3] store 12 / N [3 3 3] store 13 / south to move",
            pit: 1,
            after: "S [1 0 3] store 16 / N [3 3 3] store 13 / north to move",
        }],
    );
}

#[test]
fn d2_a_pit_with_a_single_stone_may_not_be_played() {
    refuse_moves(
        Variant::Modiar,
        &[
            Refused {
                case: "South's single stone",
                before: "S [1 0 5] store 13 / N [3 3 3] store 14 / south to move",
                pit: 1,
                reason: IllegalMove::Singleton,
            },
            Refused {
                case: "South's empty pit",
                before: "S [1 0 5] store 13 / N [3 3 3] store 14 / south to move",
                pit: 2,
                reason: IllegalMove::EmptyPit,
            },
            Refused {
                case: "North's single stone",
                before: "S [3 3 3] store 14 / N [1 0 5] store 13 / north to move",
                pit: 1,
                reason: IllegalMove::Singleton,
            },
            Refused {
                case: "North's empty pit",
                before: "S [3 3 3] store 14 / N [1 0 5] store 13 / north to move",
                pit: 2,
                reason: IllegalMove::EmptyPit,
            },
        ],
    );
    allowed_moves(
        Variant::Modiar,
        &[Allowed {
            case: "only pits of two or more",
            position: "S [1 0 5] store 13 / N [3 3 3] store 14 / south to move",
            legal: &[3],
        }],
    );
}

#[test]
fn d3_sowing_starts_in_the_emptied_pit_and_goes_round_all_six_as_often_as_needed() {
    play_moves(
        Variant::Modiar,
        &[
            // S3, N1, N2, N3: the last makes 5, nothing more happens (no relay).
            Move {
                case: "four from South's pit 3 go on into North's row",
                before: "S [5 5 4] store 10 / N [2 2 4] store 10 / south to move",
                pit: 3,
                after: "S [5 5 1] store 10 / N [3 3 5] store 10 / north to move",
            },
            // Two laps of six and one more: every pit +2, the emptied pit +3.
            Move {
                case: "thirteen go round twice and end in the pit they came from",
                before: "S [1 13 1] store 12 / N [1 1 1] store 12 / south to move",
                pit: 2,
                after: "S [3 3 3] store 12 / N [3 3 3] store 12 / north to move",
            },
            Move {
                case: "North's pit 3 is followed by South's pit 1",
                before: "S [4 4 4] store 12 / N [2 0 4] store 12 / north to move",
                pit: 3,
                after: "S [5 5 5] store 12 / N [2 0 1] store 12 / south to move",
            },
        ],
    );
}

#[test]
fn d4_a_last_stone_that_makes_its_pit_2_4_or_6_captures_it_on_either_side() {
    play_moves(
        Variant::Modiar,
        &[
            // S3, N1: N1 1 -> 2, taken; S3 holds 1 and stops the chain.
            Move {
                case: "2 in North's pit 1",
                before: "S [3 3 2] store 13 / N [1 3 3] store 14 / south to move",
                pit: 3,
                after: "S [3 3 1] store 15 / N [0 3 3] store 14 / north to move",
            },
            // S1, S2: S2 3 -> 4, taken.
            Move {
                case: "4 in South's own pit 2",
                before: "S [2 3 3] store 12 / N [3 3 3] store 13 / south to move",
                pit: 1,
                after: "S [1 0 3] store 16 / N [3 3 3] store 13 / north to move",
            },
            Move {
                case: "6 in South's own pit 2",
                before: "S [2 5 3] store 11 / N [3 3 3] store 12 / south to move",
                pit: 1,
                after: "S [1 0 3] store 17 / N [3 3 3] store 12 / north to move",
            },
            // N3, S1: S1 3 -> 4, taken by North.
            Move {
                case: "North makes 4 in South's pit 1",
                before: "S [3 3 3] store 12 / N [3 3 2] store 13 / north to move",
                pit: 3,
                after: "S [0 3 3] store 12 / N [3 3 1] store 17 / south to move",
            },
            Move {
                case: "8 is even but not taken",
                before: "S [2 7 3] store 10 / N [3 3 3] store 11 / south to move",
                pit: 1,
                after: "S [1 8 3] store 10 / N [3 3 3] store 11 / north to move",
            },
            Move {
                case: "3 is odd: not taken",
                before: "S [2 2 3] store 13 / N [3 3 3] store 13 / south to move",
                pit: 1,
                after: "S [1 3 3] store 13 / N [3 3 3] store 13 / north to move",
            },
        ],
    );
}

#[test]
fn d5_the_capture_goes_back_along_the_pits_sown_until_one_is_not_2_4_or_6() {
    play_moves(
        Variant::Modiar,
        &[
            // S3, N1, N2: N2 4 taken, N1 2 taken, S3 holds 1: stop.
            Move {
                case: "two pits taken, stopped by the emptied pit",
                before: "S [3 3 3] store 12 / N [1 3 5] store 12 / south to move",
                pit: 3,
                after: "S [3 3 1] store 18 / N [0 0 5] store 12 / north to move",
            },
            // S3, N1, N2, N3 -> N1 4, N2 3, N3 2: N3 taken, N2 stops the chain, so
            // N1's 4 stays.
            Move {
                case: "the first pit that is not 2, 4 or 6 ends the chain",
                before: "S [3 3 4] store 13 / N [3 2 1] store 13 / south to move",
                pit: 3,
                after: "S [3 3 1] store 15 / N [4 3 0] store 13 / north to move",
            },
            // Eight from S2: S2 2, S3 4, N1 3, N2 4, N3 4, S1 2, last in S3. Back from
            // S3: S3 4, S2 2, S1 2, N3 4, N2 4 taken (16), N1 3 stops. It crosses from
            // South's row into North's and passes the emptied pit.
            Move {
                case: "the chain runs across both rows and past the emptied pit",
                before: "S [1 8 2] store 11 / N [2 3 3] store 12 / south to move",
                pit: 2,
                after: "S [0 0 0] store 27 / N [3 0 0] store 12 / north to move",
            },
        ],
    );
    // Seven from S1 makes every pit 2 or 4: the chain takes each of the six once and
    // stops, having taken all of North's row, so the move is a grand slam (§D8); the
    // other move, S3, is not.
    refuse_moves(
        Variant::Modiar,
        &[Refused {
            case: "a chain all the way round takes each pit once: a grand slam",
            before: "S [7 1 3] store 14 / N [1 1 1] store 14 / south to move",
            pit: 1,
            reason: IllegalMove::GrandSlam,
        }],
    );
    allowed_moves(
        Variant::Modiar,
        &[Allowed {
            case: "the chain round the board leaves only S3",
            position: "S [7 1 3] store 14 / N [1 1 1] store 14 / south to move",
            legal: &[3],
        }],
    );
}

#[test]
fn d6_the_first_move_of_the_game_captures_nothing() {
    // Seven from S1: S1 gets the first and the last, 2; the capture is forfeited.
    play_game(
        Variant::Modiar,
        SOUTH,
        &[
            (1, "S [2 8 8] store 0 / N [8 8 8] store 0 / north to move"),
            // The second move captures: eight from N3 end in S1 (4), then N3 (2), N2
            // (9) stops. 6 to North.
            (3, "S [0 9 9] store 0 / N [9 9 0] store 6 / south to move"),
        ],
    );
    play_game(
        Variant::Modiar,
        NORTH,
        &[
            (1, "S [8 8 8] store 0 / N [2 8 8] store 0 / south to move"),
            (3, "S [9 9 0] store 6 / N [0 9 9] store 0 / north to move"),
        ],
    );
    // The same board made by hand is not a game's first move: it captures.
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "a hand-made start is not the game's first move",
            before: "S [7 7 7] store 0 / N [7 7 7] store 0 / south to move",
            pit: 1,
            after: "S [0 8 8] store 2 / N [8 8 8] store 0 / north to move",
        }],
    );
    assert!(Position::start(Variant::Modiar, SOUTH).is_opening());
    assert!(
        !setup(
            Variant::Modiar,
            "S [7 7 7] store 0 / N [7 7 7] store 0 / south to move"
        )
        .is_opening()
    );
}

#[test]
fn d7_with_the_opponents_row_empty_a_move_must_feed_it_if_one_can() {
    // S1 (S1, S2) and S2 (S2, S3) stay home; S3 with 5 reaches N1, N2, N3.
    refuse_moves(
        Variant::Modiar,
        &[
            Refused {
                case: "South's pit 1 does not reach North",
                before: "S [2 2 5] store 17 / N [0 0 0] store 16 / south to move",
                pit: 1,
                reason: IllegalMove::MustFeed,
            },
            Refused {
                case: "South's pit 2 does not reach North",
                before: "S [2 2 5] store 17 / N [0 0 0] store 16 / south to move",
                pit: 2,
                reason: IllegalMove::MustFeed,
            },
            Refused {
                case: "North's pit 1 does not reach South",
                before: "S [0 0 0] store 18 / N [2 0 4] store 18 / north to move",
                pit: 1,
                reason: IllegalMove::MustFeed,
            },
        ],
    );
    allowed_moves(
        Variant::Modiar,
        &[
            Allowed {
                case: "only the feeding move",
                position: "S [2 2 5] store 17 / N [0 0 0] store 16 / south to move",
                legal: &[3],
            },
            Allowed {
                case: "no move can feed: every pit of two or more",
                position: "S [2 2 0] store 19 / N [0 0 0] store 19 / south to move",
                legal: &[1, 2],
            },
            Allowed {
                case: "North's row is not empty: feeding does not apply",
                position: "S [2 2 5] store 17 / N [0 0 1] store 15 / south to move",
                legal: &[1, 2, 3],
            },
        ],
    );
    play_endings(
        Variant::Modiar,
        &[
            // S3, N1, N2, N3, S1 (3): North has three singletons and no move (§D11).
            Ending {
                case: "South feeds, and North is left with single stones",
                before: "S [2 2 5] store 17 / N [0 0 0] store 16 / south to move",
                pit: 3,
                after: "S [0 0 0] store 23 / N [0 0 0] store 19 / over",
                score: (23, 19),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
            // No move feeds: S1 gives S [1 3 0], North has nothing to play.
            Ending {
                case: "no move can feed, South's pit 1 is played, the game ends",
                before: "S [2 2 0] store 19 / N [0 0 0] store 19 / south to move",
                pit: 1,
                after: "S [0 0 0] store 23 / N [0 0 0] store 19 / over",
                score: (23, 19),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
            Ending {
                case: "no move can feed, South's pit 2 is played, the game ends",
                before: "S [2 2 0] store 19 / N [0 0 0] store 19 / south to move",
                pit: 2,
                after: "S [0 0 0] store 23 / N [0 0 0] store 19 / over",
                score: (23, 19),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
        ],
    );
}

#[test]
fn d8_a_move_that_captures_from_the_opponents_row_and_leaves_it_empty_is_barred() {
    // S2: S2 1, S3 3, N1 2, N2 4 -> N2 and N1 taken, N3 already empty: a grand slam.
    // S3: S3 1, N1 2 -> N1 taken, N2 keeps 3: allowed.
    refuse_moves(
        Variant::Modiar,
        &[Refused {
            case: "South's pit 2 would take all of North's row",
            before: "S [0 4 2] store 16 / N [1 3 0] store 16 / south to move",
            pit: 2,
            reason: IllegalMove::GrandSlam,
        }],
    );
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "South's pit 3 takes from North's row and leaves it stones",
            before: "S [0 4 2] store 16 / N [1 3 0] store 16 / south to move",
            pit: 3,
            after: "S [0 4 1] store 18 / N [0 3 0] store 16 / north to move",
        }],
    );
    // **Decision**: capturing only on the mover's own row is no grand slam, even with
    // the opponent's row left empty. No move feeds North here; S2 (S2 1, S3 2) takes
    // South's own S3, S1 (S1 1, S2 3) takes nothing: both are allowed.
    allowed_moves(
        Variant::Modiar,
        &[Allowed {
            case: "an own-row capture beside a move that captures nothing",
            position: "S [2 2 1] store 19 / N [0 0 0] store 18 / south to move",
            legal: &[1, 2],
        }],
    );
    play_endings(
        Variant::Modiar,
        &[
            // S2 takes 2, then North has no move: South adds S [2 1 0].
            Ending {
                case: "an own-row capture with North's row empty is played",
                before: "S [2 2 1] store 19 / N [0 0 0] store 18 / south to move",
                pit: 2,
                after: "S [0 0 0] store 24 / N [0 0 0] store 18 / over",
                score: (24, 18),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
            Ending {
                case: "an own-row capture that is South's only move",
                before: "S [2 1 0] store 20 / N [0 0 0] store 19 / south to move",
                pit: 1,
                after: "S [0 0 0] store 23 / N [0 0 0] store 19 / over",
                score: (23, 19),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
        ],
    );
}

#[test]
fn d9_when_every_move_left_is_a_grand_slam_one_is_played_and_captures_nothing() {
    allowed_moves(
        Variant::Modiar,
        &[
            Allowed {
                case: "South's pit 1 is South's only move, and a grand slam",
                position: "S [7 1 1] store 15 / N [1 1 1] store 15 / south to move",
                legal: &[1],
            },
            Allowed {
                case: "South's pit 2 is South's only move, and a grand slam",
                position: "S [0 4 1] store 16 / N [1 3 0] store 17 / south to move",
                legal: &[2],
            },
        ],
    );
    play_moves(
        Variant::Modiar,
        &[
            // Every pit ends with 2: the chain would take all six; nothing is taken.
            Move {
                case: "the whole board would be taken: nothing is",
                before: "S [7 1 1] store 15 / N [1 1 1] store 15 / south to move",
                pit: 1,
                after: "S [2 2 2] store 15 / N [2 2 2] store 15 / north to move",
            },
            // S2 1, S3 2, N1 2, N2 4: the chain N2, N1, S3 would take South's own S3
            // too; that is not taken either.
            Move {
                case: "not even the chain's pit on the mover's own row is taken",
                before: "S [0 4 1] store 16 / N [1 3 0] store 17 / south to move",
                pit: 2,
                after: "S [0 1 2] store 16 / N [2 4 0] store 17 / north to move",
            },
        ],
    );
}

#[test]
fn d10_the_singleton_rule_comes_first_then_feeding_then_the_grand_slam_ban() {
    refuse_moves(
        Variant::Modiar,
        &[
            Refused {
                case: "a single stone that does not feed is refused as a singleton",
                before: "S [1 0 5] store 18 / N [0 0 0] store 18 / south to move",
                pit: 1,
                reason: IllegalMove::Singleton,
            },
            // Only S3 (eleven) feeds, and it is a grand slam; S1 and S2, no grand
            // slams, still may not be played: they do not feed.
            Refused {
                case: "a non-feeding move stays barred when the feeding ones are grand slams",
                before: "S [2 2 11] store 13 / N [0 0 0] store 14 / south to move",
                pit: 1,
                reason: IllegalMove::MustFeed,
            },
            Refused {
                case: "South's pit 2 does not feed either",
                before: "S [2 2 11] store 13 / N [0 0 0] store 14 / south to move",
                pit: 2,
                reason: IllegalMove::MustFeed,
            },
            // S1 (twelve) feeds but takes all of North's row; S3 feeds without.
            Refused {
                case: "a feeding grand slam is barred when another move feeds",
                before: "S [12 2 2] store 13 / N [0 0 0] store 13 / south to move",
                pit: 1,
                reason: IllegalMove::GrandSlam,
            },
            Refused {
                case: "a move that does not feed is barred before the grand slam ban",
                before: "S [12 2 2] store 13 / N [0 0 0] store 13 / south to move",
                pit: 2,
                reason: IllegalMove::MustFeed,
            },
        ],
    );
    allowed_moves(
        Variant::Modiar,
        &[
            Allowed {
                case: "the feeding grand slam in the fallback",
                position: "S [2 2 11] store 13 / N [0 0 0] store 14 / south to move",
                legal: &[3],
            },
            Allowed {
                case: "the feeding move that is no grand slam",
                position: "S [12 2 2] store 13 / N [0 0 0] store 13 / south to move",
                legal: &[3],
            },
        ],
    );
    // Eleven from S3: S3, N1, N2, N3, S1, S2, S3, N1, N2, N3, S1 -> S [4 3 2] N [2 2 2];
    // the chain S1, N3, N2, N1, S3 would take all of North's row. Fallback: nothing.
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "the only feeding move is a grand slam: played, capturing nothing",
            before: "S [2 2 11] store 13 / N [0 0 0] store 14 / south to move",
            pit: 3,
            after: "S [4 3 2] store 13 / N [2 2 2] store 14 / north to move",
        }],
    );
    play_endings(
        Variant::Modiar,
        &[
            // S3, N1, N2, N3, S1 2 -> S1 taken (own row only, no grand slam); North
            // is left with single stones.
            Ending {
                case: "South feeds with the one pit that is no singleton",
                before: "S [1 0 5] store 18 / N [0 0 0] store 18 / south to move",
                pit: 3,
                after: "S [0 0 0] store 21 / N [0 0 0] store 21 / over",
                score: (21, 21),
                winner: None,
                ended_by: EndedBy::NoMoves,
            },
            // S3, N1: N1 holds 1, nothing taken; North has a single stone.
            Ending {
                case: "South feeds without the grand slam",
                before: "S [12 2 2] store 13 / N [0 0 0] store 13 / south to move",
                pit: 3,
                after: "S [0 0 0] store 28 / N [0 0 0] store 14 / over",
                score: (28, 14),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
        ],
    );
}

#[test]
fn d11_a_side_with_no_move_ends_the_game_and_each_side_takes_its_own_row() {
    play_endings(
        Variant::Modiar,
        &[
            // S2, S3, N1: N1 2 taken; N3's single stone is North's only stone.
            Ending {
                case: "North is left with a single stone",
                before: "S [0 3 0] store 18 / N [1 0 1] store 19 / south to move",
                pit: 2,
                after: "S [0 0 0] store 22 / N [0 0 0] store 20 / over",
                score: (22, 20),
                winner: Some(SOUTH),
                ended_by: EndedBy::NoMoves,
            },
            // N3, S1, S2, S3: South has three singletons.
            Ending {
                case: "North feeds South with single stones",
                before: "S [0 0 0] store 18 / N [2 0 4] store 18 / north to move",
                pit: 3,
                after: "S [0 0 0] store 21 / N [0 0 0] store 21 / over",
                score: (21, 21),
                winner: None,
                ended_by: EndedBy::NoMoves,
            },
        ],
    );
    // The mover's own row may empty: the game goes on while the side to move has a
    // move.
    play_moves(
        Variant::Modiar,
        &[Move {
            case: "South empties South's row; North still has a move",
            before: "S [1 8 2] store 11 / N [2 3 3] store 12 / south to move",
            pit: 2,
            after: "S [0 0 0] store 27 / N [3 0 0] store 12 / north to move",
        }],
    );
}

#[test]
fn d12_the_third_occurrence_of_a_position_ends_the_game() {
    // No stone is captured in this game. Each ply worked by hand (RULES.md §D12).
    let round = [
        (2, "S [11 4 9] store 0 / N [6 2 10] store 0 / south to move"),
        (
            2,
            "S [11 1 10] store 0 / N [7 3 10] store 0 / north to move",
        ),
        (
            2,
            "S [12 1 10] store 0 / N [7 1 11] store 0 / south to move",
        ),
        (1, "S [2 3 12] store 0 / N [9 3 13] store 0 / north to move"),
        (3, "S [4 5 14] store 0 / N [11 5 3] store 0 / south to move"),
        (3, "S [6 7 3] store 0 / N [14 7 5] store 0 / north to move"),
        (1, "S [8 9 5] store 0 / N [3 10 7] store 0 / south to move"),
        (2, "S [9 2 7] store 0 / N [5 11 8] store 0 / north to move"),
    ];
    let mut game = play_game(
        Variant::Modiar,
        SOUTH,
        &[
            (2, "S [8 2 8] store 0 / N [8 8 8] store 0 / north to move"),
            (2, "S [9 3 9] store 0 / N [9 2 10] store 0 / south to move"),
            (
                1,
                "S [2 5 11] store 0 / N [10 3 11] store 0 / north to move",
            ),
            (3, "S [4 7 13] store 0 / N [12 4 2] store 0 / south to move"),
            (3, "S [6 9 3] store 0 / N [14 6 4] store 0 / north to move"),
            (1, "S [8 11 5] store 0 / N [3 9 6] store 0 / south to move"),
            (2, "S [9 2 7] store 0 / N [5 11 8] store 0 / north to move"),
        ],
    );
    assert_eq!(game.occurrences(), 1, "after ply 7");
    for (i, &(n, after)) in round.iter().enumerate() {
        game.play(pit(n)).expect("a move of the first round");
        assert_eq!(describe(game.position()), after, "ply {}", 8 + i);
    }
    assert_eq!(game.occurrences(), 2, "after ply 15, the second occurrence");
    assert!(
        !game.position().is_over(),
        "the second occurrence ends nothing"
    );
    for (i, &(n, after)) in round[..7].iter().enumerate() {
        game.play(pit(n)).expect("a move of the second round");
        assert_eq!(describe(game.position()), after, "ply {}", 16 + i);
        assert_eq!(game.occurrences(), 2, "ply {}", 16 + i);
    }
    // Ply 23 brings S [9 2 7] N [5 11 8], North to move, a third time: each side takes
    // its own row, South 18, North 24.
    game.play(pit(2)).expect("the last move");
    assert_eq!(game.ply(), 23);
    assert_eq!(
        describe(game.position()),
        "S [0 0 0] store 18 / N [0 0 0] store 24 / over"
    );
    let outcome = game.outcome().expect("the third occurrence ends the game");
    assert_eq!(outcome.ended_by, EndedBy::Repetition);
    assert_eq!(outcome.winner, Some(NORTH));
    let played: Vec<u8> = game
        .plies()
        .iter()
        .filter_map(|p| p.pit())
        .map(Pit::number)
        .collect();
    assert_eq!(played, MODIAR_CYCLE);
}

#[test]
fn d13_most_stones_win_and_21_each_is_a_draw() {
    for (case, before, n, score, winner) in [
        (
            "22 to 20",
            "S [0 3 0] store 18 / N [1 0 1] store 19 / south to move",
            2,
            (22, 20),
            Some(SOUTH),
        ),
        (
            "21 each",
            "S [0 0 0] store 18 / N [2 0 4] store 18 / north to move",
            3,
            (21, 21),
            None,
        ),
        // N2, N3, S1: S1 2 taken; South is left with a single stone.
        (
            "20 to 22",
            "S [1 0 1] store 19 / N [0 3 0] store 18 / north to move",
            2,
            (20, 22),
            Some(NORTH),
        ),
    ] {
        let outcome = setup(Variant::Modiar, before)
            .play(pit(n))
            .expect(case)
            .outcome()
            .unwrap_or_else(|| panic!("{case}: not over"));
        assert_eq!((outcome.score.south, outcome.score.north), score, "{case}");
        assert_eq!(outcome.winner, winner, "{case}");
    }
}

// ---------------------------------------------------------------------------------
// Tihbat (§T)
// ---------------------------------------------------------------------------------

#[test]
fn t1_tihbat_has_two_rows_of_two_pits_of_seven_counters() {
    assert_eq!(
        describe(&Position::start(Variant::Tihbat, NORTH)),
        "S [7 7] store 0 / N [7 7] store 0 / north to move"
    );
    assert_eq!(Variant::Tihbat.total_stones(), 28);
    assert!(!Variant::Tihbat.has_stores());
}

#[test]
fn t2_any_non_empty_pit_is_sown_from_itself_round_the_board() {
    play_moves(
        Variant::Tihbat,
        &[
            // S1, S2, N1, N2, S1, S2, N1: last in North's row.
            Move {
                case: "seven from the start go round more than once",
                before: "S [7 7] store 0 / N [7 7] store 0 / south to move",
                pit: 1,
                after: "S [2 9] store 0 / N [9 8] store 0 / north to move",
            },
            // Two laps and one: every pit +2, the emptied pit +3; 3 is odd.
            Move {
                case: "nine from South's pit 2",
                before: "S [1 9] store 8 / N [1 1] store 8 / south to move",
                pit: 2,
                after: "S [3 3] store 8 / N [3 3] store 8 / north to move",
            },
            Move {
                case: "a lone counter drops back: the board is unchanged, the turn passes",
                before: "S [1 3] store 9 / N [2 4] store 9 / south to move",
                pit: 1,
                after: "S [1 3] store 9 / N [2 4] store 9 / north to move",
            },
            Move {
                case: "North's lone counter drops back",
                before: "S [2 4] store 9 / N [3 1] store 9 / north to move",
                pit: 2,
                after: "S [2 4] store 9 / N [3 1] store 9 / south to move",
            },
        ],
    );
    refuse_moves(
        Variant::Tihbat,
        &[
            Refused {
                case: "South's empty pit",
                before: "S [0 3] store 9 / N [2 5] store 9 / south to move",
                pit: 1,
                reason: IllegalMove::EmptyPit,
            },
            Refused {
                case: "North's empty pit",
                before: "S [2 3] store 9 / N [5 0] store 9 / north to move",
                pit: 2,
                reason: IllegalMove::EmptyPit,
            },
        ],
    );
    allowed_moves(
        Variant::Tihbat,
        &[Allowed {
            case: "a lone counter may be played",
            position: "S [1 1] store 12 / N [2 0] store 12 / south to move",
            legal: &[1, 2],
        }],
    );
}

#[test]
fn t3_a_capture_is_only_of_the_movers_own_pit_where_the_last_counter_fell() {
    play_moves(
        Variant::Tihbat,
        &[
            // S1, S2: S2 1 -> 2.
            Move {
                case: "2 in South's pit 2",
                before: "S [2 1] store 10 / N [3 3] store 9 / south to move",
                pit: 1,
                after: "S [1 0] store 12 / N [3 3] store 9 / north to move",
            },
            Move {
                case: "8 in South's pit 2",
                before: "S [2 7] store 7 / N [3 3] store 6 / south to move",
                pit: 1,
                after: "S [1 0] store 15 / N [3 3] store 6 / north to move",
            },
            // Thirteen: three laps and one; S2 ends with 4 and is taken.
            Move {
                case: "4 in the emptied pit, after three laps",
                before: "S [1 13] store 6 / N [1 1] store 6 / south to move",
                pit: 2,
                after: "S [4 0] store 10 / N [4 4] store 6 / north to move",
            },
            // N1, N2: N2 3 -> 4.
            Move {
                case: "North takes 4 in North's pit 2",
                before: "S [3 3] store 9 / N [2 3] store 8 / north to move",
                pit: 1,
                after: "S [3 3] store 9 / N [1 0] store 12 / south to move",
            },
            Move {
                case: "10 is even but more than 8: not taken",
                before: "S [2 9] store 6 / N [3 3] store 5 / south to move",
                pit: 1,
                after: "S [1 10] store 6 / N [3 3] store 5 / north to move",
            },
            Move {
                case: "3 is odd: not taken",
                before: "S [2 2] store 9 / N [3 3] store 9 / south to move",
                pit: 1,
                after: "S [1 3] store 9 / N [3 3] store 9 / north to move",
            },
            // S2, N1: N1 1 -> 2, but on North's side.
            Move {
                case: "an even count on the opponent's side is not taken",
                before: "S [3 2] store 10 / N [1 3] store 9 / south to move",
                pit: 2,
                after: "S [3 1] store 10 / N [2 3] store 9 / north to move",
            },
            // S2, N1, N2, S1, S2: S2 2 taken; S1, now 4, was sown just before, and
            // stays.
            Move {
                case: "no chain: the pit before the last keeps its even count",
                before: "S [3 5] store 8 / N [2 2] store 8 / south to move",
                pit: 2,
                after: "S [4 0] store 10 / N [3 3] store 8 / north to move",
            },
        ],
    );
}

#[test]
fn t4_a_side_with_both_pits_empty_passes() {
    let before = setup(
        Variant::Tihbat,
        "S [0 0] store 11 / N [3 4] store 10 / south to move",
    );
    assert!(before.must_pass());
    assert!(before.legal_moves().is_empty());
    for n in [1, 2] {
        let error = before.play(pit(n)).expect_err("South has no counters");
        assert_eq!(
            (error.reason, error.position),
            (IllegalMove::EmptyPit, before)
        );
    }
    let after = before.pass().expect("South must pass");
    assert_eq!(
        describe(&after),
        "S [0 0] store 11 / N [3 4] store 10 / north to move"
    );
    // A side with counters has no pass to make.
    assert!(!after.must_pass());
    let error = after.pass().expect_err("North has counters");
    assert_eq!(
        (error.reason, error.position),
        (IllegalMove::OutOfRange, after)
    );

    // A move can leave the opponent without counters: S1, S2 (4) taken.
    let after = setup(
        Variant::Tihbat,
        "S [2 3] store 12 / N [0 0] store 11 / south to move",
    )
    .play(pit(1))
    .expect("South's pit 1 holds 2");
    assert_eq!(
        describe(&after),
        "S [1 0] store 16 / N [0 0] store 11 / north to move"
    );
    assert!(after.must_pass());
    assert_eq!(
        describe(&after.pass().expect("North must pass")),
        "S [1 0] store 16 / N [0 0] store 11 / south to move"
    );
    // In the other games an empty row has already ended the game: nobody passes.
    assert!(!Position::start(Variant::Mangala, SOUTH).must_pass());
}

/// Every Tihbat position with at most 10 counters a pit, either side to move.
fn small_tihbat_positions() -> impl Iterator<Item = Position> {
    (0..2 * 11u32.pow(4)).filter_map(|i| {
        let side = if i % 2 == 0 { SOUTH } else { NORTH };
        let pits = [1, 11, 121, 1331].map(|d| (i / 2 / d % 11) as u8);
        let off = 28u8.checked_sub(pits.iter().sum())?;
        let stores = BySide::new(off / 2, off - off / 2);
        Position::from_parts(Variant::Tihbat, &pits[..2], &pits[2..], stores, side).ok()
    })
}

#[test]
fn t5_no_move_takes_the_last_counters_so_all_captured_cannot_end_a_game() {
    // The emptied pit keeps the first counter; it loses it only when the last counter
    // also falls there, after five or more, and then every other pit has one (§T5).
    let mut moves = 0;
    for before in small_tihbat_positions() {
        for p in before.legal_moves() {
            let after = before.play(p).expect("a legal move plays");
            moves += 1;
            assert!(
                after.on_board() > 0,
                "pit {p} in {before} leaves {after}: every counter captured"
            );
            assert_eq!(after.outcome(), None, "pit {p} in {before}");
        }
    }
    assert!(moves > 10_000, "only {moves} moves tried");
}

#[test]
fn t6_the_second_occurrence_of_a_position_ends_the_game() {
    let game = play_game(
        Variant::Tihbat,
        SOUTH,
        &[
            (1, "S [2 9] store 0 / N [9 8] store 0 / north to move"),
            // N2, S1, S2, N1, N2, S1, S2, N1: N1 holds 11, odd.
            (2, "S [4 11] store 0 / N [11 2] store 0 / south to move"),
            // Two laps and three: S2, N1, N2 +3, S1 +2; last in N2.
            (2, "S [6 3] store 0 / N [14 5] store 0 / north to move"),
            // N2, S1, S2, N1, N2: N2 holds 2, taken.
            (2, "S [7 4] store 0 / N [15 0] store 2 / south to move"),
            // S2, N1, N2, S1: S1 holds 8, taken.
            (2, "S [0 1] store 8 / N [16 1] store 2 / north to move"),
            // Lone counters: nothing moves but the turn.
            (2, "S [0 1] store 8 / N [16 1] store 2 / south to move"),
        ],
    );
    assert_eq!(game.occurrences(), 1);
    let mut game = game;
    // S [0 1] N [16 1] with North to move, as after ply 5: the second occurrence. The
    // 18 counters on the board are shared, 9 each (§T7).
    assert_eq!(game.play(pit(2)), Ok(1));
    assert_eq!(
        describe(game.position()),
        "S [0 0] store 17 / N [0 0] store 11 / over"
    );
    let outcome = game.outcome().expect("the second occurrence ends the game");
    assert_eq!(outcome.ended_by, EndedBy::Repetition);
    assert_eq!(outcome.winner, Some(SOUTH));
}

#[test]
fn t7_the_counters_left_at_the_end_are_shared_half_each() {
    for (case, moves, score) in [
        (
            "18 left after captures of 8 and 2",
            [1, 2, 2, 2, 2, 2, 2],
            (17, 11),
        ),
        (
            "all 28 left, nothing captured",
            [1, 1, 1, 1, 1, 1, 1],
            (14, 14),
        ),
    ] {
        let mut game = Game::new(Variant::Tihbat, SOUTH);
        for n in moves {
            game.play(pit(n)).expect(case);
        }
        let position = game.position();
        assert_eq!(position.on_board(), 0, "{case}: counters left on the board");
        let outcome = game.outcome().expect(case);
        assert_eq!((outcome.score.south, outcome.score.north), score, "{case}");
    }
}

#[test]
fn t7_every_capture_is_even_so_the_board_never_holds_an_odd_counter_at_the_end() {
    // 28 counters less even captures: the board always holds an even number, so the
    // odd counter left to nobody cannot arise in a game (RULES.md §T7 and the note
    // after §T8).
    for before in small_tihbat_positions().filter(|p| p.on_board() % 2 == 0) {
        for p in before.legal_moves() {
            let after = before.play(p).expect("a legal move plays");
            assert_eq!(
                after.on_board() % 2,
                0,
                "pit {p} in {before} captures an odd number: {after}"
            );
        }
    }
}

#[test]
fn t8_most_captured_counters_win_and_equal_counts_draw() {
    for (case, moves, winner) in [
        ("17 to 11", [1, 2, 2, 2, 2, 2, 2], Some(SOUTH)),
        ("14 each", [1, 1, 1, 1, 1, 1, 1], None),
    ] {
        let mut game = Game::new(Variant::Tihbat, SOUTH);
        for n in moves {
            game.play(pit(n)).expect(case);
        }
        let outcome = game.outcome().expect(case);
        assert_eq!(outcome.winner, winner, "{case}");
        assert_eq!(
            outcome.points(),
            Points::for_winner(winner),
            "{case}: points"
        );
    }
}

// ---------------------------------------------------------------------------------
// Kalah (§K)
// ---------------------------------------------------------------------------------

#[test]
fn k1_kalah_has_two_rows_of_six_houses_of_four_and_a_store_at_each_players_right() {
    let start = Position::start(Variant::Kalah, SOUTH);
    assert_eq!(
        describe(&start),
        "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move"
    );
    assert_eq!(Variant::Kalah.total_stones(), 48);
    assert!(Variant::Kalah.has_stores());
    assert_eq!(legal(&start), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn k2_a_move_sows_every_seed_of_an_own_house_from_the_next_hole_on() {
    play_moves(
        Variant::Kalah,
        &[
            Move {
                case: "from the start: S2..S5, the emptied house gets nothing",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 1,
                after: "S [0 5 5 5 5 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move",
            },
            Move {
                case: "a lone seed moves on and leaves its house empty",
                before: "S [4 4 1 4 4 4] store 3 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 3,
                after: "S [4 4 0 5 4 4] store 3 / N [4 4 4 4 4 4] store 0 / north to move",
            },
            Move {
                case: "North sows N1..N6 then its store",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move",
                pit: 5,
                after: "S [5 5 4 4 4 4] store 0 / N [4 4 4 4 0 5] store 1 / south to move",
            },
        ],
    );
    refuse_moves(
        Variant::Kalah,
        &[
            Refused {
                case: "an empty house",
                before: "S [4 0 4 4 4 4] store 4 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 2,
                reason: IllegalMove::EmptyPit,
            },
            Refused {
                case: "no house 7",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 7,
                reason: IllegalMove::OutOfRange,
            },
        ],
    );
}

#[test]
fn k3_sowing_feeds_the_movers_store_skips_the_opponents_and_laps_into_the_emptied_house() {
    play_moves(
        Variant::Kalah,
        &[
            Move {
                // S6: South's store, N1..N6, North's store skipped, S1 (was 4).
                case: "eight seeds from S6",
                before: "S [4 4 4 4 0 8] store 0 / N [4 4 4 4 4 0] store 4 / south to move",
                pit: 6,
                after: "S [5 4 4 4 0 0] store 1 / N [5 5 5 5 5 1] store 4 / north to move",
            },
            Move {
                // N6: North's store, S1..S6, South's store skipped, N1.
                case: "eight seeds from N6",
                before: "S [4 4 4 4 4 0] store 4 / N [4 4 4 4 0 8] store 0 / north to move",
                pit: 6,
                after: "S [5 5 5 5 5 1] store 4 / N [5 4 4 4 0 0] store 1 / south to move",
            },
            Move {
                // 13 seeds: store, N1..N6, S1..S5, and the 13th back in the emptied S6,
                // which was empty before it: it takes N1 (3), 1 + 3 = 4 (§K5).
                case: "a lap of 13 ends in the emptied house and captures",
                before: "S [1 1 1 1 1 13] store 0 / N [2 2 2 2 2 2] store 18 / south to move",
                pit: 6,
                after: "S [2 2 2 2 2 0] store 5 / N [0 3 3 3 3 3] store 18 / north to move",
            },
        ],
    );
}

#[test]
fn k4_the_last_seed_in_the_movers_store_gives_another_move() {
    play_moves(
        Variant::Kalah,
        &[
            Move {
                case: "S3 from the start: S4, S5, S6, the store",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 3,
                after: "S [4 4 0 5 5 5] store 1 / N [4 4 4 4 4 4] store 0 / south to move",
            },
            Move {
                case: "a lone seed from N6 into North's store",
                before: "S [4 4 4 4 4 4] store 3 / N [4 4 4 4 4 1] store 0 / north to move",
                pit: 6,
                after: "S [4 4 4 4 4 4] store 3 / N [4 4 4 4 4 0] store 1 / north to move",
            },
        ],
    );
}

#[test]
fn k5_the_last_seed_in_an_empty_own_house_takes_itself_and_the_house_opposite_if_it_holds_seeds() {
    play_moves(
        Variant::Kalah,
        &[
            Move {
                // S1's seed into the empty S2, which faces N5 (4): 1 + 4 = 5.
                case: "the opposite house holds seeds",
                before: "S [1 0 4 4 4 4] store 5 / N [4 4 4 4 4 4] store 2 / south to move",
                pit: 1,
                after: "S [0 0 4 4 4 4] store 10 / N [4 4 4 4 0 4] store 2 / north to move",
            },
            Move {
                // No empty capture: N5 is empty, so the seed stays in S2.
                case: "the opposite house is empty",
                before: "S [1 0 4 4 4 4] store 5 / N [4 4 4 4 0 4] store 6 / south to move",
                pit: 1,
                after: "S [0 1 4 4 4 4] store 5 / N [4 4 4 4 0 4] store 6 / north to move",
            },
            Move {
                // N2 (2): N3, N4; N4 was empty and faces S3 (6): 1 + 6 = 7.
                case: "North captures",
                before: "S [4 4 6 4 4 4] store 2 / N [4 2 4 0 4 4] store 2 / north to move",
                pit: 2,
                after: "S [4 4 0 4 4 4] store 2 / N [4 0 5 0 4 4] store 9 / south to move",
            },
            Move {
                // The last seed in an empty house of the opponent's row: nothing.
                case: "an empty house of the opponent's row",
                before: "S [4 4 4 4 4 3] store 2 / N [4 0 4 4 4 4] store 3 / south to move",
                pit: 6,
                after: "S [4 4 4 4 4 0] store 3 / N [5 1 4 4 4 4] store 3 / north to move",
            },
        ],
    );
}

#[test]
fn k6_the_side_to_move_without_a_seed_ends_the_game_and_the_other_stores_its_own_seeds() {
    play_endings(
        Variant::Kalah,
        &[
            Ending {
                // South's extra move finds South's row empty: North keeps its 24.
                case: "the mover's own row, after an extra move",
                before: "S [0 0 0 0 0 1] store 20 / N [4 4 4 4 4 4] store 3 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 21 / N [0 0 0 0 0 0] store 27 / over",
                score: (21, 27),
                winner: Some(NORTH),
                ended_by: EndedBy::EmptyRow,
            },
            Ending {
                // N5 into the empty N6 takes S1 (3): 1 + 3; South has nothing to move.
                case: "the opponent's row emptied by a capture",
                before: "S [3 0 0 0 0 0] store 20 / N [0 0 0 0 1 0] store 24 / north to move",
                pit: 5,
                after: "S [0 0 0 0 0 0] store 20 / N [0 0 0 0 0 0] store 28 / over",
                score: (20, 28),
                winner: Some(NORTH),
                ended_by: EndedBy::EmptyRow,
            },
            Ending {
                // S6 into the store (24), South to move with nothing: North stores N6.
                case: "24 each is a draw",
                before: "S [0 0 0 0 0 1] store 23 / N [0 0 0 0 0 1] store 23 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 24 / N [0 0 0 0 0 0] store 24 / over",
                score: (24, 24),
                winner: None,
                ended_by: EndedBy::EmptyRow,
            },
        ],
    );
    // A row emptied with the other side to move goes on: South's S6 empties South's
    // row, but North, to move, still has seeds and South's row may be fed.
    play_moves(
        Variant::Kalah,
        &[Move {
            case: "the mover empties its own row, the opponent to move",
            before: "S [0 0 0 0 0 2] store 20 / N [4 4 4 4 4 1] store 5 / south to move",
            pit: 6,
            after: "S [0 0 0 0 0 0] store 21 / N [5 4 4 4 4 1] store 5 / north to move",
        }],
    );
}

// ---------------------------------------------------------------------------------
// Oware abapa (§O)
// ---------------------------------------------------------------------------------

#[test]
fn o1_oware_has_two_rows_of_six_houses_of_four_and_no_stores() {
    let start = Position::start(Variant::Oware, NORTH);
    assert_eq!(
        describe(&start),
        "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move"
    );
    assert_eq!(Variant::Oware.total_stones(), 48);
    assert!(!Variant::Oware.has_stores());
    assert_eq!(legal(&start), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn o2_o3_a_move_sows_from_the_next_house_and_skips_the_emptied_one_with_twelve_or_more() {
    play_moves(
        Variant::Oware,
        &[
            Move {
                case: "from the start: S2..S5",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 1,
                after: "S [0 5 5 5 5 4] store 0 / N [4 4 4 4 4 4] store 0 / north to move",
            },
            Move {
                // N1..N4; N4 makes 5: no capture.
                case: "into the opponent's row",
                before: "S [4 4 4 4 4 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
                pit: 6,
                after: "S [4 4 4 4 4 0] store 0 / N [5 5 5 5 4 4] store 0 / north to move",
            },
            Move {
                // 12 seeds: S2..S6, N1..N6 (11), S1 skipped, the 12th in S2.
                case: "twelve seeds skip the emptied house",
                before: "S [12 0 0 0 0 0] store 10 / N [2 2 2 2 2 2] store 14 / south to move",
                pit: 1,
                after: "S [0 2 1 1 1 1] store 10 / N [3 3 3 3 3 3] store 14 / north to move",
            },
            Move {
                // 12 seeds: N1..N6, S1..S5, S6 skipped, the 12th in N1, which makes 3
                // and is taken; N1 is the first of North's row, so the chain stops.
                case: "twelve seeds skip the emptied house and capture",
                before: "S [1 1 1 1 1 12] store 5 / N [1 1 1 1 1 1] store 20 / south to move",
                pit: 6,
                after: "S [2 2 2 2 2 0] store 8 / N [0 2 2 2 2 2] store 20 / north to move",
            },
        ],
    );
    refuse_moves(
        Variant::Oware,
        &[Refused {
            case: "an empty house",
            before: "S [0 5 5 5 5 4] store 0 / N [4 4 4 4 4 4] store 0 / south to move",
            pit: 1,
            reason: IllegalMove::EmptyPit,
        }],
    );
}

#[test]
fn o4_the_last_seed_making_2_or_3_in_the_opponents_row_captures_it_and_the_chain_behind() {
    play_moves(
        Variant::Oware,
        &[
            Move {
                // S6: N1 2, N2 4, N3 2, N4 3. N4 (3) and N3 (2) go; N2 (4) stops it.
                case: "a chain of two stopped by a 4",
                before: "S [0 0 0 0 0 4] store 10 / N [1 3 1 2 5 4] store 18 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 15 / N [2 4 0 0 5 4] store 18 / north to move",
            },
            Move {
                // S6: N1 2, N2 3, N3 2, N4 3: all four go, N5 and N6 are left.
                case: "a chain to the end of the opponent's row",
                before: "S [0 0 0 0 0 4] store 10 / N [1 2 1 2 5 4] store 19 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 20 / N [0 0 0 0 5 4] store 19 / north to move",
            },
            Move {
                // N6 (3): S1 3, S2 2, S3 1; the last makes 1: nothing.
                case: "the last house not 2 or 3",
                before: "S [2 1 0 4 4 4] store 10 / N [4 4 4 4 4 3] store 0 / north to move",
                pit: 6,
                after: "S [3 2 1 4 4 4] store 10 / N [4 4 4 4 4 0] store 0 / south to move",
            },
            Move {
                // S4 (2): S5 2, S6 3: the mover's own row captures nothing.
                case: "2 and 3 in the mover's own row",
                before: "S [4 4 4 2 1 2] store 6 / N [4 4 4 4 4 3] store 2 / south to move",
                pit: 4,
                after: "S [4 4 4 0 2 3] store 6 / N [4 4 4 4 4 3] store 2 / north to move",
            },
        ],
    );
}

#[test]
fn o5_a_move_that_would_take_every_seed_of_the_opponents_row_is_played_but_captures_nothing() {
    play_moves(
        Variant::Oware,
        &[Move {
            // S6: N1 2, N2 3; taking both would empty North's row.
            case: "a grand slam",
            before: "S [0 0 0 0 1 2] store 19 / N [1 2 0 0 0 0] store 23 / south to move",
            pit: 6,
            after: "S [0 0 0 0 1 0] store 19 / N [2 3 0 0 0 0] store 23 / north to move",
        }],
    );
}

#[test]
fn o6_with_the_opponents_row_empty_only_a_move_that_feeds_it_is_legal() {
    allowed_moves(
        Variant::Oware,
        &[Allowed {
            // N1 (1) and N5 (1) stay in North's row; N4 (5) and N6 (2) reach South's.
            case: "two feeding moves",
            position: "S [0 0 0 0 0 0] store 20 / N [1 0 0 5 1 2] store 19 / north to move",
            legal: &[4, 6],
        }],
    );
    refuse_moves(
        Variant::Oware,
        &[Refused {
            case: "a move that does not feed",
            before: "S [0 0 0 0 0 0] store 20 / N [1 0 0 5 1 2] store 19 / north to move",
            pit: 1,
            reason: IllegalMove::MustFeed,
        }],
    );
    play_moves(
        Variant::Oware,
        &[Move {
            case: "a feeding move",
            before: "S [0 0 0 0 0 0] store 20 / N [1 0 0 5 1 2] store 19 / north to move",
            pit: 6,
            after: "S [1 1 0 0 0 0] store 20 / N [1 0 0 5 1 0] store 19 / south to move",
        }],
    );
}

#[test]
fn o7_o8_the_game_ends_at_25_captured_or_when_no_move_can_feed_the_empty_row() {
    play_endings(
        Variant::Oware,
        &[
            Ending {
                // S6 makes N1 2 and takes it: 25. The seeds left stay uncounted.
                case: "25 captured",
                before: "S [0 0 0 0 0 1] store 23 / N [1 1 4 4 4 4] store 6 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 25 / N [0 1 4 4 4 4] store 6 / over",
                score: (25, 6),
                winner: Some(SOUTH),
                ended_by: EndedBy::Majority,
            },
            Ending {
                // A grand slam (nothing taken) empties South's row; North's N1 (2) and
                // N2 (3) cannot reach it, so North captures the 5 left.
                case: "no move can feed",
                before: "S [0 0 0 0 0 2] store 20 / N [1 2 0 0 0 0] store 23 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 20 / N [0 0 0 0 0 0] store 28 / over",
                score: (20, 28),
                winner: Some(NORTH),
                ended_by: EndedBy::NoMoves,
            },
            Ending {
                // S6 takes N1 (2): 24, N2 (1) left; South's row is empty and N2 cannot
                // reach it: North captures it, 24 each.
                case: "24 each",
                before: "S [0 0 0 0 0 1] store 22 / N [1 1 0 0 0 0] store 23 / south to move",
                pit: 6,
                after: "S [0 0 0 0 0 0] store 24 / N [0 0 0 0 0 0] store 24 / over",
                score: (24, 24),
                winner: None,
                ended_by: EndedBy::NoMoves,
            },
        ],
    );
}

#[test]
fn o9_the_third_occurrence_of_a_position_ends_the_game_each_side_taking_its_own_row() {
    // The game of rules/tests/fixtures/hand/oware/oware-repetition.md. After its last
    // capture (ply 53) the last five seeds go round in a cycle of 24 plies: the position
    // after ply 72, `S [0 0 0 1 0 0] store 23 / N [0 0 0 0 1 1] store 22`, South to move,
    // comes back after ply 96 and, a third time, after ply 120. Each side then takes
    // the seeds of its own row: South 1, North 2.
    let pits: [u8; 120] = [
        6, 3, 4, 2, 5, 1, 6, 6, 1, 3, 4, 4, 2, 1, 3, 3, 1, 6, 6, 6, 4, 4, 5, 5, 5, 1, 6, 2, 1, 5,
        2, 3, 6, 4, 2, 6, 2, 5, 3, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 1, 5, 1, 6, 6, 1, 1, 2, 2, 3, 3,
        4, 4, 5, 5, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1,
        1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4,
    ];
    let cycle = "S [0 0 0 1 0 0] store 23 / N [0 0 0 0 1 1] store 22 / south to move";
    let game = |plies: usize| {
        Game::from_pits(Variant::Oware, SOUTH, pits[..plies].iter().map(|&n| pit(n)))
            .unwrap_or_else(|e| panic!("{plies} plies: {e}"))
    };
    for (plies, occurrences) in [(72, 1), (96, 2)] {
        let game = game(plies);
        assert_eq!(describe(game.position()), cycle, "after {plies} plies");
        assert_eq!(game.occurrences(), occurrences, "after {plies} plies");
    }
    let before = game(119);
    assert!(!before.position().is_over());
    let game = game(120);
    assert_eq!(
        describe(game.position()),
        "S [0 0 0 0 0 0] store 24 / N [0 0 0 0 0 0] store 24 / over"
    );
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.ended_by, EndedBy::Repetition);
    assert_eq!(outcome.winner, None);
}

// ---------------------------------------------------------------------------------
// Togyz kumalak (§Z)
// ---------------------------------------------------------------------------------

/// The nine full houses of a Togyz row at the start.
const NINES: &str = "[9 9 9 9 9 9 9 9 9]";

#[test]
fn z1_togyz_has_two_rows_of_nine_houses_of_nine_and_a_store_apart_for_each_side() {
    let start = Position::start(Variant::Togyz, SOUTH);
    assert_eq!(
        describe(&start),
        format!("S {NINES} store 0 / N {NINES} store 0 / south to move")
    );
    assert_eq!(Variant::Togyz.total_stones(), 162);
    assert!(Variant::Togyz.has_stores());
    assert_eq!(legal(&start), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(start.tuzdyk(SOUTH), None);
    assert_eq!(start.tuzdyk(NORTH), None);
}

#[test]
fn z2_z3_the_first_stone_goes_back_into_the_emptied_house_and_a_lone_one_moves_on() {
    play_moves(
        Variant::Togyz,
        &[
            Move {
                case: "from the start: S1 again, then S2..S9",
                before: "S [9 9 9 9 9 9 9 9 9] store 0 / N [9 9 9 9 9 9 9 9 9] store 0 / south to move",
                pit: 1,
                after: "S [1 10 10 10 10 10 10 10 10] store 0 / N [9 9 9 9 9 9 9 9 9] store 0 / north to move",
            },
            Move {
                case: "a lone stone moves on into the mover's own row",
                before: "S [1 9 9 9 9 9 9 9 9] store 8 / N [9 9 9 9 9 9 9 9 9] store 0 / south to move",
                pit: 1,
                after: "S [0 10 9 9 9 9 9 9 9] store 8 / N [9 9 9 9 9 9 9 9 9] store 0 / north to move",
            },
            Move {
                // S9 1, N1 8 -> 9: odd, and not 3.
                case: "an odd count captures nothing",
                before: "S [9 9 9 9 9 9 9 9 2] store 8 / N [8 9 9 9 9 9 9 9 9] store 0 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 1] store 8 / N [9 9 9 9 9 9 9 9 9] store 0 / north to move",
            },
            Move {
                // 20 stones: S1, S2..S9, N1..N9 (18), S1 again, S2.
                case: "a lap comes back round the emptied house",
                before: "S [20 9 9 9 9 9 9 9 9] store 0 / N [5 5 5 5 5 5 5 5 5] store 25 / south to move",
                pit: 1,
                after: "S [2 11 10 10 10 10 10 10 10] store 0 / N [6 6 6 6 6 6 6 6 6] store 25 / north to move",
            },
        ],
    );
    refuse_moves(
        Variant::Togyz,
        &[Refused {
            case: "an empty house",
            before: "S [0 10 9 9 9 9 9 9 9] store 8 / N [9 9 9 9 9 9 9 9 9] store 0 / south to move",
            pit: 1,
            reason: IllegalMove::EmptyPit,
        }],
    );
}

#[test]
fn z4_the_last_stone_making_an_opponents_house_even_takes_it() {
    play_moves(
        Variant::Togyz,
        &[
            Move {
                // S9 1, N1..N8 10 each: N8 is taken.
                case: "from the start",
                before: "S [9 9 9 9 9 9 9 9 9] store 0 / N [9 9 9 9 9 9 9 9 9] store 0 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 1] store 10 / N [10 10 10 10 10 10 10 0 9] store 0 / north to move",
            },
            Move {
                case: "a lone stone",
                before: "S [9 9 9 9 9 9 9 9 1] store 8 / N [9 9 9 9 9 9 9 9 9] store 0 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 0] store 18 / N [0 9 9 9 9 9 9 9 9] store 0 / north to move",
            },
        ],
    );
}

#[test]
fn z5_a_last_stone_making_3_makes_a_tuzdyk_once_never_the_9th_nor_the_opponents_number() {
    play_moves(
        Variant::Togyz,
        &[
            Move {
                // S9 1, N1 10, N2 3: South's tuzdyk, its 3 stones to South's store.
                case: "a tuzdyk is made",
                before: "S [9 9 9 9 9 9 9 9 3] store 9 / N [9 2 9 9 9 9 9 9 9] store 4 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 1] store 12 / N [10 x 9 9 9 9 9 9 9] store 4 / north to move",
            },
            Move {
                // S9 1, N1..N8 10, N9 3: the 9th house.
                case: "never the opponent's 9th house",
                before: "S [9 9 9 9 9 9 9 9 10] store 0 / N [9 9 9 9 9 9 9 9 2] store 6 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 1] store 0 / N [10 10 10 10 10 10 10 10 3] store 6 / north to move",
            },
            Move {
                case: "never a second one",
                before: "S [9 9 9 9 9 9 9 9 3] store 18 / N [9 2 9 9 x 9 9 9 9] store 4 / south to move",
                pit: 9,
                after: "S [9 9 9 9 9 9 9 9 1] store 18 / N [10 3 9 9 x 9 9 9 9] store 4 / north to move",
            },
            Move {
                // North's tuzdyk is South's house 2: South may not make one at N2.
                case: "never the number of the opponent's tuzdyk",
                before: "S [9 x 9 9 9 9 9 9 3] store 9 / N [9 2 9 9 9 9 9 9 9] store 13 / south to move",
                pit: 9,
                after: "S [9 x 9 9 9 9 9 9 1] store 9 / N [10 3 9 9 9 9 9 9 9] store 13 / north to move",
            },
        ],
    );
    let position = setup(
        Variant::Togyz,
        "S [9 x 9 9 9 9 9 9 1] store 9 / N [10 3 9 9 9 9 9 9 9] store 13 / north to move",
    );
    assert_eq!(position.tuzdyk(NORTH), Some(pit(2)));
    assert_eq!(position.tuzdyk(SOUTH), None);
    // The setup refuses the tuzdyks the rules could not make.
    let board = "S [9 9 9 9 9 9 9 9 0] store 9 / N [0 9 9 9 9 9 9 9 0] store 18 / south to move";
    for (owner, n) in [(SOUTH, 9), (NORTH, 9), (SOUTH, 2)] {
        assert_eq!(
            setup(Variant::Togyz, board).with_tuzdyk(owner, pit(n)),
            Err(SetupError::Tuzdyk),
            "{owner} at {n}"
        );
    }
    let with = setup(Variant::Togyz, board)
        .with_tuzdyk(SOUTH, pit(1))
        .expect("N1 is empty");
    assert_eq!(with.with_tuzdyk(NORTH, pit(1)), Err(SetupError::Tuzdyk));
    assert_eq!(with.with_tuzdyk(SOUTH, pit(1)), Err(SetupError::Tuzdyk));
    assert_eq!(
        Position::start(Variant::Oware, SOUTH).with_tuzdyk(SOUTH, pit(1)),
        Err(SetupError::Tuzdyk)
    );
}

#[test]
fn z6_stones_sown_into_a_tuzdyk_go_to_its_owner_and_its_row_owner_never_plays_it() {
    play_moves(
        Variant::Togyz,
        &[
            Move {
                // N1 1, N2 (South's tuzdyk) to South's store, N3..N9 10, S1 10: even.
                case: "the opponent sows through it",
                before: "S [9 9 9 9 9 9 9 9 1] store 12 / N [10 x 9 9 9 9 9 9 9] store 4 / north to move",
                pit: 1,
                after: "S [0 9 9 9 9 9 9 9 1] store 13 / N [1 x 10 10 10 10 10 10 10] store 14 / south to move",
            },
            Move {
                // S1 1, S2 (North's tuzdyk) to North's store; the last stone captures
                // nothing there.
                case: "the row's owner sows into it",
                before: "S [2 x 9 9 9 9 9 9 9] store 9 / N [9 9 9 9 9 9 9 9 9] store 7 / south to move",
                pit: 1,
                after: "S [1 x 9 9 9 9 9 9 9] store 9 / N [9 9 9 9 9 9 9 9 9] store 8 / north to move",
            },
        ],
    );
    refuse_moves(
        Variant::Togyz,
        &[Refused {
            case: "a tuzdyk is never played",
            before: "S [9 9 9 9 9 9 9 9 1] store 12 / N [10 x 9 9 9 9 9 9 9] store 4 / north to move",
            pit: 2,
            reason: IllegalMove::EmptyPit,
        }],
    );
}

#[test]
fn z7_z8_82_wins_81_each_draws_and_the_side_to_move_without_a_stone_ends_the_game() {
    play_endings(
        Variant::Togyz,
        &[
            Ending {
                // S9 1, N1 2: taken, 82. The stones left stay uncounted.
                case: "82",
                before: "S [0 0 0 0 0 0 0 0 2] store 80 / N [1 9 9 9 9 9 9 9 9] store 7 / south to move",
                pit: 9,
                after: "S [0 0 0 0 0 0 0 0 1] store 82 / N [0 9 9 9 9 9 9 9 9] store 7 / over",
                score: (82, 7),
                winner: Some(SOUTH),
                ended_by: EndedBy::Majority,
            },
            Ending {
                case: "81 each",
                before: "S [0 0 0 0 0 0 0 0 1] store 79 / N [1 0 0 0 0 0 0 0 0] store 81 / south to move",
                pit: 9,
                after: "S [0 0 0 0 0 0 0 0 0] store 81 / N [0 0 0 0 0 0 0 0 0] store 81 / over",
                score: (81, 81),
                winner: None,
                ended_by: EndedBy::AllCaptured,
            },
            Ending {
                // S9 1, N1 2: taken (77); North, to move, has nothing, so South takes
                // the 6 in its own row.
                case: "the side to move without a stone",
                before: "S [5 0 0 0 0 0 0 0 2] store 75 / N [1 0 0 0 0 0 0 0 0] store 79 / south to move",
                pit: 9,
                after: "S [0 0 0 0 0 0 0 0 0] store 83 / N [0 0 0 0 0 0 0 0 0] store 79 / over",
                score: (83, 79),
                winner: Some(SOUTH),
                ended_by: EndedBy::EmptyRow,
            },
        ],
    );
    // The mover's own row emptied, the opponent to move with stones: the game goes on.
    play_moves(
        Variant::Togyz,
        &[Move {
            case: "the mover's row empties",
            before: "S [0 0 0 0 0 0 0 0 1] store 76 / N [4 0 0 0 0 0 0 0 1] store 80 / south to move",
            pit: 9,
            after: "S [0 0 0 0 0 0 0 0 0] store 76 / N [5 0 0 0 0 0 0 0 1] store 80 / north to move",
        }],
    );
}
