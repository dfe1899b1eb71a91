//! The position API, `GET /analysis`: a tablebase's answer for any position, checked
//! against the solved tables, and its refusals.

use seedpost::analysis::solved::table;
use seedpost_rules::endgame::{EndgameTables, Rules};
use seedpost_rules::{BySide, Game, Pit, Position, Side, Variant, proven};
use serde_json::Value;

use crate::helpers::TestApp;

crate::on_both_backends!(
    the_tihbat_start_is_worth_minus_two_with_each_move_valued_by_the_solved_table,
    the_positions_seen_since_the_last_capture_change_the_value_as_the_table_says,
    a_mangala_position_is_estimated_by_search_with_its_depth_and_every_move,
    a_position_the_game_cannot_have_is_refused_with_a_stable_code,
    a_mangala_position_within_the_endgame_tables_is_exact,
    a_kalah_position_within_the_endgame_tables_is_exact,
    the_kalah_start_is_answered_with_its_proven_value_exactly,
    kalah_oware_and_togyz_positions_are_estimated_by_search,
    oware_and_togyz_values_follow_each_sides_store,
    a_togyz_query_carries_the_tuzdyks_and_refuses_one_the_rules_cannot_make,
    an_oware_position_within_the_endgame_tables_is_exact_where_its_bounds_meet,
);

/// `/analysis?...` for `pos` (and `seen`).
fn query(pos: &Position, seen: &[Position]) -> String {
    let row = |side| {
        pos.row(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut q = format!(
        "/analysis?variant={}&south={}&north={}&to_move={}",
        pos.variant(),
        row(Side::South),
        row(Side::North),
        pos.to_move().expect("ongoing")
    );
    if !seen.is_empty() {
        let list: Vec<String> = seen
            .iter()
            .map(|p| {
                let r = |side| {
                    p.row(side)
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                };
                format!(
                    "{}/{}/{}",
                    r(Side::South),
                    r(Side::North),
                    p.to_move().expect("ongoing")
                )
            })
            .collect();
        q.push_str("&seen=");
        q.push_str(&list.join("%3B"));
    }
    q
}

/// Asserts that `answer` gives `pos` (with `seen`) the solved table's values.
fn assert_agrees_with_the_table(answer: &Value, pos: &Position, seen: &[Position]) {
    let table = table(pos.variant()).expect("solved");
    let value = table.value_after(seen, pos).expect("valued");
    assert_eq!(answer["kind"], "exact", "{answer}");
    assert_eq!(answer["depth"], Value::Null, "{answer}");
    assert_eq!(answer["value"], i64::from(value), "{answer}");
    let moves = table.move_values(seen, pos);
    let got = answer["moves"].as_array().expect("moves");
    assert_eq!(got.len(), moves.len(), "{answer}");
    for ((pit, v), m) in moves.iter().zip(got) {
        assert_eq!(m["pit"], pit.number(), "{answer}");
        assert_eq!(m["value"], i64::from(*v), "{answer}");
        assert_eq!(m["best"], *v == value, "{answer}");
    }
    let best: Vec<u8> = table
        .best_moves_after(seen, pos)
        .iter()
        .map(|p| p.number())
        .collect();
    assert_eq!(answer["best"], serde_json::json!(best), "{answer}");
}

async fn the_tihbat_start_is_worth_minus_two_with_each_move_valued_by_the_solved_table(
    app: TestApp,
) {
    let answer = app
        .get(
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south",
            None,
        )
        .await
        .expect(200);
    assert_eq!(
        answer["value"], -2,
        "RULES.md: the first mover loses by two"
    );
    assert_eq!(answer["position"], "7,7/7,7/south");
    assert_eq!(answer["to_move"], "south");
    assert_eq!(answer["pass"], false);
    let start = Position::start(Variant::Tihbat, Side::South);
    assert_agrees_with_the_table(&answer, &start, &[]);

    // Captured stones are left out: the same rows with stones off the board are valued
    // alike whoever captured them; answers may be cached by anyone.
    let response = app
        .client
        .get(format!(
            "{}/api/v1/analysis?variant=tihbat&south=0,3&north=2,1&to_move=north",
            app.base
        ))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 200);
    let cache = response
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(cache.starts_with("public"), "{cache}");
    let answer: Value = response.json().await.expect("JSON");
    for stores in [
        BySide {
            south: 22,
            north: 0,
        },
        BySide {
            south: 3,
            north: 19,
        },
    ] {
        let pos = Position::from_parts(Variant::Tihbat, &[0, 3], &[2, 1], stores, Side::North)
            .expect("a position");
        assert_agrees_with_the_table(&answer, &pos, &[]);
    }
}

async fn the_positions_seen_since_the_last_capture_change_the_value_as_the_table_says(
    app: TestApp,
) {
    // Walk Tihbat games until a position's value given its segment differs from its
    // value as a fresh position: the API must give both, each as the table does.
    let solved = table(Variant::Tihbat).expect("solved");
    let mut found = None;
    'games: for seed in 0..500u32 {
        let mut game = Game::new(Variant::Tihbat, Side::South);
        let mut segment: Vec<Position> = vec![*game.position()];
        let mut turn = seed;
        while !game.position().is_over() {
            let moves: Vec<_> = game.position().legal_moves().into_iter().collect();
            if moves.is_empty() {
                break;
            }
            turn = turn.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let pit = moves[(turn >> 16) as usize % moves.len()];
            let before = game.position().stores();
            game.play(pit).expect("legal");
            let pos = *game.position();
            if pos.is_over() {
                break;
            }
            if pos.stores() != before {
                segment.clear();
            } else if segment.len() > 1
                && solved.value_after(&segment, &pos) != solved.value(&pos)
                && !pos.legal_moves().is_empty()
            {
                found = Some((pos, segment.clone()));
                break 'games;
            }
            segment.push(pos);
        }
    }
    let (pos, seen) = found.expect("some Tihbat position's value depends on its segment");
    let fresh = app.get(&query(&pos, &[]), None).await.expect(200);
    assert_agrees_with_the_table(&fresh, &pos, &[]);
    let after = app.get(&query(&pos, &seen), None).await.expect(200);
    assert_agrees_with_the_table(&after, &pos, &seen);
    assert_ne!(fresh["value"], after["value"]);
}

async fn a_mangala_position_is_estimated_by_search_with_its_depth_and_every_move(app: TestApp) {
    let answer = app
        .get(
            "/analysis?variant=mangala&south=4,4,4,4,4,4&north=4,4,4,4,4,4&to_move=north",
            None,
        )
        .await
        .expect(200);
    assert_eq!(answer["kind"], "estimate", "{answer}");
    assert!(answer["depth"].as_u64().is_some_and(|d| d >= 2), "{answer}");
    let moves = answer["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 6);
    let best = moves
        .iter()
        .map(|m| m["value"].as_i64().expect("a value"))
        .max();
    assert_eq!(answer["value"].as_i64(), best);
    let marked: Vec<&Value> = moves.iter().filter(|m| m["best"] == true).collect();
    assert!(!marked.is_empty());
    assert_eq!(
        answer["best"],
        Value::Array(marked.iter().map(|m| m["pit"].clone()).collect())
    );
    // An endgame the search sees to the end is valued by its end: South's last stone
    // goes to its store and empties its row, which ends the game and gives South
    // North's 2 (§M9): 3 in all.
    let end = app
        .get(
            "/analysis?variant=mangala&south=0,0,0,0,0,1&north=1,1,0,0,0,0&to_move=south",
            None,
        )
        .await
        .expect(200);
    assert_eq!(end["value"], 3, "{end}");
    assert_eq!(
        end["moves"],
        serde_json::json!([{"pit": 6, "value": 3, "best": true}])
    );
}

async fn a_position_the_game_cannot_have_is_refused_with_a_stable_code(app: TestApp) {
    let refused = [
        (
            "/analysis?south=7,7&north=7,7&to_move=south",
            400,
            "invalid_query",
        ),
        (
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south&colour=red",
            400,
            "invalid_query",
        ),
        (
            "/analysis?variant=chess&south=7,7&north=7,7&to_move=south",
            422,
            "invalid_variant",
        ),
        (
            "/analysis?variant=tihbat&south=7,7,7&north=7,7&to_move=south",
            422,
            "invalid_row",
        ),
        (
            "/analysis?variant=tihbat&south=7,x&north=7,7&to_move=south",
            422,
            "invalid_row",
        ),
        (
            "/analysis?variant=tihbat&south=7,-1&north=7,7&to_move=south",
            422,
            "invalid_row",
        ),
        (
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=east",
            422,
            "invalid_side",
        ),
        (
            "/analysis?variant=tihbat&south=20,7&north=7,7&to_move=south",
            422,
            "invalid_stones",
        ),
        (
            "/analysis?variant=modiar&south=0,0,0&north=0,0,0&to_move=south",
            422,
            "invalid_stones",
        ),
        (
            "/analysis?variant=mangala&south=0,0,0,0,0,0&north=4,4,4,4,4,4&to_move=south",
            422,
            "no_moves",
        ),
        (
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south&seen=7,7/7,6/north",
            422,
            "invalid_seen",
        ),
        (
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south&seen=7,7/7,7/south",
            422,
            "invalid_seen",
        ),
        (
            "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south&seen=7,7",
            422,
            "invalid_seen",
        ),
    ];
    for (path, status, code) in refused {
        let answer = app.get(path, None).await;
        assert_eq!(
            (answer.status.as_u16(), answer.code()),
            (status, code),
            "{path}: {}",
            answer.body
        );
        answer.expect_error(status, code);
    }
    // A third occurrence ends a Modiar game (§D12).
    app.get(
        "/analysis?variant=modiar&south=7,7,7&north=7,7,7&to_move=south\
         &seen=7,7,7/7,7,7/south%3B7,7,7/7,7,7/south",
        None,
    )
    .await
    .expect_error(422, "invalid_seen");
}

async fn a_mangala_position_within_the_endgame_tables_is_exact(app: TestApp) {
    // Small tables, as `seedpost solve --variant mangala --stones 8` would write.
    within_the_endgame_tables_is_exact(&app, Variant::Mangala).await;
}

async fn a_kalah_position_within_the_endgame_tables_is_exact(app: TestApp) {
    // Small tables, as `seedpost solve --variant kalah --stones 8` would write.
    within_the_endgame_tables_is_exact(&app, Variant::Kalah).await;
}

/// Installs `variant`'s endgame tables of 8 stones and asks for a position they hold.
async fn within_the_endgame_tables_is_exact(app: &TestApp, variant: Variant) {
    let rules = Rules::of(variant).expect("tables");
    let version = seedpost::analysis::solved::endgame_version(variant).expect("tables");
    let tables = EndgameTables::build(rules, 8, version, &mut |_| {});
    let south = [0, 2, 0, 1, 0, 1];
    let north = [1, 0, 0, 2, 0, 0];
    let pos = Position::from_parts(
        variant,
        &south,
        &north,
        BySide {
            south: 20,
            north: 21,
        },
        Side::South,
    )
    .expect("a position");
    let want = tables.value(&pos).expect("held");
    let moves = tables.move_values(&pos).expect("held");
    seedpost::analysis::solved::install_endgame_tables(tables);
    let answer = app
        .get(
            &format!(
                "/analysis?variant={variant}&south=0,2,0,1,0,1&north=1,0,0,2,0,0&to_move=south"
            ),
            None,
        )
        .await
        .expect(200);
    assert_eq!(answer["kind"], "exact", "{answer}");
    assert_eq!(answer["depth"], Value::Null, "{answer}");
    assert_eq!(answer["value"], i64::from(want), "{answer}");
    assert_eq!(answered_moves(&answer), pits_and_values(&moves));
}

/// Each move of an analysis answer: its pit and its value.
fn answered_moves(answer: &Value) -> Vec<(u64, i64)> {
    answer["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["pit"].as_u64().expect("a pit"),
                m["value"].as_i64().expect("a value"),
            )
        })
        .collect()
}

/// Moves valued by the rules crate, as [`answered_moves`] gives them.
fn pits_and_values<V: Copy + Into<i64>>(moves: &[(Pit, V)]) -> Vec<(u64, i64)> {
    moves
        .iter()
        .map(|&(p, v)| (u64::from(p.number()), v.into()))
        .collect()
}

async fn the_kalah_start_is_answered_with_its_proven_value_exactly(app: TestApp) {
    // Without any tables installed: the proven line is part of the server.
    for first in [Side::South, Side::North] {
        let start = Position::start(Variant::Kalah, first);
        let answer = app.get(&query(&start, &[]), None).await.expect(200);
        assert_eq!(answer["kind"], "exact", "{answer}");
        assert_eq!(answer["depth"], Value::Null, "{answer}");
        assert_eq!(
            answer["value"].as_i64(),
            Some(i64::from(proven::kalah_start_value())),
            "{answer}"
        );
        let moves = proven::kalah_move_values(&start).expect("on the line");
        assert_eq!(answered_moves(&answer), pits_and_values(&moves), "{answer}");
    }
}

/// A Kalah position one move from the start, North to move with all six houses full,
/// that the proven line does not hold.
fn kalah_off_the_line() -> Position {
    let start = Position::start(Variant::Kalah, Side::South);
    start
        .legal_moves()
        .into_iter()
        .map(|pit| start.play(pit).expect("legal"))
        .find(|next| {
            next.to_move() == Some(Side::North) && proven::kalah_move_values(next).is_none()
        })
        .expect("a first move off the line")
}

async fn kalah_oware_and_togyz_positions_are_estimated_by_search(app: TestApp) {
    for variant in [Variant::Kalah, Variant::Oware, Variant::Togyz] {
        let pos = match variant {
            Variant::Kalah => kalah_off_the_line(),
            _ => Position::start(variant, Side::South),
        };
        let answer = app.get(&query(&pos, &[]), None).await.expect(200);
        assert_eq!(answer["kind"], "estimate", "{variant}: {answer}");
        let moves = answer["moves"].as_array().expect("moves");
        assert_eq!(moves.len(), variant.pits_per_row(), "{variant}: {answer}");
        let best = moves
            .iter()
            .map(|m| m["value"].as_i64().expect("a value"))
            .max();
        assert_eq!(answer["value"].as_i64(), best, "{variant}");
    }
    // Kalah: with one seed left in South's row, South has one move, valued too.
    let end = app
        .get(
            "/analysis?variant=kalah&south=0,0,0,0,0,1&north=1,1,0,0,0,0&to_move=south",
            None,
        )
        .await
        .expect(200);
    assert_eq!(end["moves"].as_array().map(Vec::len), Some(1), "{end}");
    // A Togyz row of eight houses is refused with the usual code.
    app.get(
        "/analysis?variant=togyz&south=9,9,9,9,9,9,9,9&north=9,9,9,9,9,9,9,9,9&to_move=south",
        None,
    )
    .await
    .expect_error(422, "invalid_row");
}

/// `/analysis?...` for `pos` with its stores (and tuzdyks).
fn query_with_stores(pos: &Position) -> String {
    let mut q = query(pos, &[]);
    q.push_str(&format!(
        "&south_store={}&north_store={}",
        pos.stores().south,
        pos.stores().north
    ));
    for (name, side) in [("south_tuzdyk", Side::South), ("north_tuzdyk", Side::North)] {
        if let Some(pit) = pos.tuzdyk(side) {
            q.push_str(&format!("&{name}={}", pit.number()));
        }
    }
    q
}

/// The value the API gives `pit` in `answer`.
fn move_value(answer: &Value, pit: u8) -> Option<i64> {
    answer["moves"]
        .as_array()?
        .iter()
        .find(|m| m["pit"] == pit)
        .and_then(|m| m["value"].as_i64())
}

/// For each move of `pos` that ends the game at once (by the engine, with `pos`'s real
/// stores), the exact value: the final difference less the stores' difference now.
fn ending_moves(pos: &Position) -> Vec<(u8, i64)> {
    let me = pos.to_move().expect("ongoing");
    let diff =
        |stores: BySide<u8>| i64::from(*stores.get(me)) - i64::from(*stores.get(me.opposite()));
    pos.legal_moves()
        .into_iter()
        .filter_map(|pit| {
            let after = pos.play(pit).ok()?;
            let outcome = after.outcome()?;
            Some((pit.number(), diff(outcome.score) - diff(pos.stores())))
        })
        .collect()
}

async fn oware_and_togyz_values_follow_each_sides_store(app: TestApp) {
    // Oware, South 23 captured to North's 6 (§O8): S6 takes N1's 2 and wins at 25.
    // Togyz kumalak, South's store 80 (§Z7): S9 takes N1's 2 and wins at 82. With the
    // same rows and the stones off the board shared evenly, neither move ends the game.
    let oware = Position::from_parts(
        Variant::Oware,
        &[0, 0, 0, 0, 1, 1],
        &[1, 1, 4, 4, 4, 4],
        BySide::new(23, 5),
        Side::South,
    )
    .expect("a position");
    let togyz = Position::from_parts(
        Variant::Togyz,
        &[0, 0, 0, 0, 0, 0, 0, 1, 2],
        &[1, 9, 9, 9, 9, 9, 9, 9, 9],
        BySide::new(80, 6),
        Side::South,
    )
    .expect("a position");
    for pos in [oware, togyz] {
        let variant = pos.variant();
        let ending = ending_moves(&pos);
        assert!(!ending.is_empty(), "{variant}: a move wins at once");
        let answer = app.get(&query_with_stores(&pos), None).await.expect(200);
        assert_eq!(answer["south_store"], pos.stores().south, "{answer}");
        assert_eq!(answer["north_store"], pos.stores().north, "{answer}");
        for &(pit, exact) in &ending {
            assert_eq!(
                move_value(&answer, pit),
                Some(exact),
                "{variant} pit {pit}: {answer}"
            );
        }
        // The same rows with the stores shared evenly: another position, other values.
        let off = pos.stores().south + pos.stores().north;
        let even = Position::from_parts(
            variant,
            pos.row(Side::South),
            pos.row(Side::North),
            BySide::new(off - off / 2, off / 2),
            Side::South,
        )
        .expect("a position");
        assert!(
            ending_moves(&even).is_empty(),
            "{variant}: nothing wins at once"
        );
        let shared = app.get(&query_with_stores(&even), None).await.expect(200);
        let differs = ending
            .iter()
            .any(|&(pit, exact)| move_value(&shared, pit) != Some(exact));
        assert!(differs, "{variant}: the stores change the values: {shared}");
        // Without the stores the value is unknown: refused, not guessed.
        let refused = app.get(&query(&pos, &[]), None).await.expect(422);
        assert_eq!(refused["error"], "invalid_stores", "{refused}");
    }
    // Stores that do not add up to the stones off the board, one store alone, and a
    // store that has won already are refused.
    let rows = "variant=oware&south=0,0,0,0,1,1&north=1,1,4,4,4,4&to_move=south";
    for stores in [
        "&south_store=23&north_store=6",
        "&south_store=28",
        "&south_store=25&north_store=3",
        "&south_store=x&north_store=5",
    ] {
        let refused = app
            .get(&format!("/analysis?{rows}{stores}"), None)
            .await
            .expect(422);
        assert_eq!(refused["error"], "invalid_stores", "{stores}: {refused}");
    }
}

async fn a_togyz_query_carries_the_tuzdyks_and_refuses_one_the_rules_cannot_make(app: TestApp) {
    // South's tuzdyk at North's 2 (§Z5, the example of RULES.md).
    let pos = Position::from_parts(
        Variant::Togyz,
        &[9, 9, 9, 9, 9, 9, 9, 9, 1],
        &[10, 0, 9, 9, 9, 9, 9, 9, 9],
        BySide::new(12, 4),
        Side::North,
    )
    .expect("a position")
    .with_tuzdyk(Side::South, seedpost_rules::Pit::new(2).expect("a pit"))
    .expect("a tuzdyk");
    let answer = app.get(&query_with_stores(&pos), None).await.expect(200);
    assert_eq!(answer["south_tuzdyk"], 2, "{answer}");
    assert_eq!(answer["north_tuzdyk"], Value::Null, "{answer}");
    // North's 9th house can never be a tuzdyk; Oware has none.
    let ninth = query_with_stores(&pos).replace("south_tuzdyk=2", "south_tuzdyk=9");
    let refused = app.get(&ninth, None).await.expect(422);
    assert_eq!(refused["error"], "invalid_tuzdyk", "{refused}");
    let oware =
        "/analysis?variant=oware&south=4,4,4,4,4,4&north=4,4,4,4,4,4&to_move=south&north_tuzdyk=3";
    let refused = app.get(oware, None).await.expect(422);
    assert_eq!(refused["error"], "invalid_tuzdyk", "{refused}");
}

async fn an_oware_position_within_the_endgame_tables_is_exact_where_its_bounds_meet(app: TestApp) {
    let tables = seedpost::analysis::solved::oware_tables();
    // A position of 4 seeds with two moves or more, every move's bounds meeting.
    let mut found = None;
    'search: for i in 0..6 {
        for k in 0..6 {
            for j in 0..6 {
                let mut south = [0u8; 6];
                let mut north = [0u8; 6];
                south[i] += 2;
                south[k] += 1;
                north[j] += 1;
                let pos = Position::from_parts(
                    Variant::Oware,
                    &south,
                    &north,
                    BySide::new(21, 23),
                    Side::South,
                )
                .expect("a position");
                let Some(moves) = tables.move_bounds(&pos) else {
                    continue;
                };
                if moves.len() >= 2 && moves.iter().all(|(_, b)| b.is_exact()) {
                    found = Some((pos, moves));
                    break 'search;
                }
            }
        }
    }
    let (pos, moves) = found.expect("such a position");
    let answer = app.get(&query_with_stores(&pos), None).await.expect(200);
    assert_eq!(answer["kind"], "exact", "{pos}: {answer}");
    assert_eq!(answer["depth"], Value::Null, "{answer}");
    for (pit, bounds) in moves {
        assert_eq!(
            move_value(&answer, pit.number()),
            Some(i64::from(bounds.lower)),
            "{pos} pit {pit}: {answer}"
        );
    }
    // Seen once before in its segment, a return to it would end the game (§O9): the
    // tables do not say what that is worth, and the value is an estimate.
    let mut seen = query_with_stores(&pos);
    let row = |side| {
        pos.row(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let earlier = format!("{}/{}/south", row(Side::South), row(Side::North));
    seen.push_str(&format!("&seen={earlier}"));
    let once = app.get(&seen, None).await.expect(200);
    assert_eq!(once["kind"], "estimate", "{once}");
}
