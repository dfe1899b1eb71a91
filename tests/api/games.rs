//! Whole games through the API, their results, records and the standings.

use seedpost_rules::{Game, Pit, Ply, Record, Side, Variant};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_whole_game_of_each_variant_ends_with_the_engines_result_and_feeds_the_standings,
    the_record_of_a_game_replays_to_its_position,
    games_are_listed_most_urgent_first,
);

/// Plays `game` to its end, each side choosing among its legal moves by a fixed
/// pattern; returns the final game JSON.
pub async fn play_out(app: &TestApp, south: &Player, north: &Player, mut game: Value) -> Value {
    let mut turn = 0usize;
    while game["status"] == "ongoing" {
        let player = if game["to_move"] == "south" {
            south
        } else {
            north
        };
        let legal = game["legal_moves"].as_array().expect("legal moves").clone();
        assert!(!legal.is_empty(), "an ongoing game has a move: {game}");
        let pit = legal[(turn * 7 + turn / 3) % legal.len()]
            .as_u64()
            .expect("a pit");
        let before = game["ply"].as_u64().expect("a ply");
        game = app.play(player, &game, pit).await.expect(201);
        assert!(game["ply"].as_u64().expect("a ply") > before);
        turn += 1;
        assert!(turn < 2000, "the game ends");
    }
    game
}

/// The engine's replay of a game JSON's moves.
pub fn replay(game: &Value) -> Game {
    let variant: Variant = game["variant"]
        .as_str()
        .expect("a variant")
        .parse()
        .expect("known");
    let first: Side = game["first"]
        .as_str()
        .expect("a side")
        .parse()
        .expect("known");
    let plies: Vec<Ply> = game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .enumerate()
        .map(|(i, m)| {
            assert_eq!(
                m["ply"].as_u64(),
                Some(i as u64 + 1),
                "plies are numbered from 1"
            );
            let side: Side = m["side"].as_str().expect("a side").parse().expect("known");
            match m["pit"].as_u64() {
                Some(p) => Ply::Sow {
                    side,
                    pit: Pit::new(p as u8).expect("a pit"),
                },
                None => {
                    assert_eq!(m["pass"], true);
                    Ply::Pass { side }
                }
            }
        })
        .collect();
    Game::replay(variant, first, &plies).expect("the stored moves replay")
}

/// Asserts that a game JSON's cached state is the replay of its moves.
#[track_caller]
pub fn assert_cache_is_replay(game: &Value) {
    let engine = replay(game);
    let position = engine.position();
    assert_eq!(game["ply"].as_u64(), Some(engine.ply() as u64));
    assert_eq!(
        game["board"],
        json!({"south": position.row(Side::South), "north": position.row(Side::North)})
    );
    assert_eq!(
        game["store"],
        json!({"south": position.stores().south, "north": position.stores().north})
    );
    assert_eq!(
        game["to_move"].as_str(),
        position.to_move().map(Side::as_str)
    );
    let legal: Vec<u8> = position.legal_moves().map(Pit::number).collect();
    assert_eq!(game["legal_moves"], json!(legal));
}

async fn a_whole_game_of_each_variant_ends_with_the_engines_result_and_feeds_the_standings(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let mut half_points = std::collections::HashMap::from([("ayse", 0u32), ("mehmet", 0u32)]);
    for (variant, first) in [
        ("mangala", "challenger"),
        ("modiar", "opponent"),
        ("tihbat", "challenger"),
    ] {
        let game = app.start_game(&ayse, &mehmet, variant, first).await;
        let game = play_out(&app, &ayse, &mehmet, game).await;
        assert_eq!(game["status"], "finished");
        assert_eq!(
            (game["to_move"].clone(), game["deadline"].clone()),
            (Value::Null, Value::Null)
        );
        assert_cache_is_replay(&game);
        let outcome = replay(&game).outcome().expect("the replay is over too");
        let result = &game["result"];
        assert_eq!(
            result["ended_by"].as_str(),
            Some(outcome.ended_by.code()),
            "{variant}"
        );
        assert_eq!(
            result["winner"].as_str(),
            outcome.winner.map(Side::as_str),
            "{variant}"
        );
        assert_eq!(
            result["score"],
            json!({"south": outcome.score.south, "north": outcome.score.north})
        );
        let points = outcome.points();
        assert_eq!(
            result["points"],
            json!({"south": points.south.as_f64(), "north": points.north.as_f64()})
        );
        *half_points.get_mut("ayse").expect("ayse") += points.south.halves();
        *half_points.get_mut("mehmet").expect("mehmet") += points.north.halves();
        // A finished game takes no more moves.
        app.play(&ayse, &game, 1)
            .await
            .expect_error(409, "game_over");

        let standings = app
            .get(&format!("/standings?variant={variant}"), None)
            .await
            .expect(200);
        let lines = standings.as_array().expect("a list");
        assert_eq!(lines.len(), 2, "{standings}");
        let total: f64 = lines
            .iter()
            .map(|l| l["points"].as_f64().expect("points"))
            .sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "a game gives one point in all: {standings}"
        );
        assert!(
            lines[0]["points"].as_f64() >= lines[1]["points"].as_f64(),
            "highest first"
        );
    }
    let overall = app.get("/standings", None).await.expect(200);
    for line in overall.as_array().expect("a list") {
        let name = line["username"].as_str().expect("a name");
        assert_eq!(line["games"], 3);
        assert_eq!(
            line["wins"].as_u64().expect("wins") * 2 + line["draws"].as_u64().expect("draws"),
            u64::from(half_points[name])
        );
        assert_eq!(
            line["points"].as_f64(),
            Some(f64::from(half_points[name]) / 2.0)
        );
    }
    app.get("/standings?variant=chess", None)
        .await
        .expect_error(400, "invalid_query");
}

async fn the_record_of_a_game_replays_to_its_position(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "mangala", "opponent").await;
    let game = play_out(&app, &ayse, &mehmet, game).await;
    let id = game["id"].as_str().expect("an id");
    let response = app
        .client
        .get(format!("{}/api/v1/games/{id}/record", app.base))
        .send()
        .await
        .expect("an answer");
    assert!(
        response.headers()["content-type"]
            .to_str()
            .expect("ascii")
            .starts_with("text/plain")
    );
    let text = response.text().await.expect("text");
    let record: Record = text.parse().expect("the record parses");
    assert_eq!(record.tag("South"), Some("ayse"));
    assert_eq!(record.tag("North"), Some("mehmet"));
    assert_eq!(record.first, Side::North);
    let engine = record.game().expect("the record replays");
    assert_eq!(engine.position(), replay(&game).position());
    let winner = engine.outcome().and_then(|o| o.winner);
    assert_eq!(
        record.tag("Result"),
        Some(seedpost_rules::result_tag(winner))
    );
    assert_eq!(record.to_string(), text, "the record round-trips");
}

async fn games_are_listed_most_urgent_first(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Game a: ayse to move, deadline in 3 days. Game b: mehmet to move. Game c: ayse
    // to move, started a day later (later deadline).
    let a = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let b = app.start_game(&ayse, &mehmet, "tihbat", "opponent").await;
    app.clock.advance(chrono::Duration::days(1));
    let c = app.start_game(&ayse, &mehmet, "modiar", "challenger").await;
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .expect("a list")
            .iter()
            .map(|g| g["id"].as_str().expect("an id").to_owned())
            .collect()
    };
    let mine = app
        .get("/games?my_turn=true", Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(
        ids(&mine),
        [a["id"].as_str().expect("id"), c["id"].as_str().expect("id")]
    );
    let all = app
        .get("/games?status=ongoing", Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(ids(&all)[..2], ids(&mine)[..]);
    assert_eq!(ids(&all)[2], b["id"].as_str().expect("id"));
    let by_player = app.get("/games?player=mehmet", None).await.expect(200);
    assert_eq!(ids(&by_player).len(), 3);
    app.get("/games?my_turn=true", None)
        .await
        .expect_error(401, "unauthorized");
    app.get("/games?status=won", None)
        .await
        .expect_error(400, "invalid_query");
    app.get("/games?player=nobody", None)
        .await
        .expect_error(404, "not_found");
    assert_eq!(
        app.get("/games?status=finished", None).await.expect(200),
        json!([])
    );
}
