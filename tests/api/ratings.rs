//! Ratings through the API: rated games move both players' Glicko-2 ratings when they
//! finish, however they finish; casual and aborted games move nothing.

use chrono::Duration;
use seedpost::ratings::{Rating, rate_game};
use seedpost_rules::{BySide, Side};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_rated_game_played_to_its_end_moves_both_ratings_as_glicko_2_says,
    a_rated_game_lost_on_time_moves_both_ratings,
    casual_and_aborted_games_move_no_rating,
);

/// `challenger` offers `opponent` a game, with the challenger moving first, and the
/// opponent accepts; returns the game.
async fn start(app: &TestApp, challenger: &Player, opponent: &Player, rated: bool) -> Value {
    let challenge = app
        .post(
            "/challenges",
            Some(&challenger.token),
            json!({"variant": "tihbat", "first": "challenger", "opponent": opponent.username, "rated": rated}),
        )
        .await
        .expect(201);
    assert_eq!(challenge["rated"], json!(rated));
    let id = challenge["id"].as_str().expect("an id");
    let game = app
        .post(
            &format!("/challenges/{id}/accept"),
            Some(&opponent.token),
            json!({}),
        )
        .await
        .expect(201);
    assert_eq!(game["rated"], json!(rated));
    game
}

/// Plays each side's first legal move until the game ends by the rules.
async fn play_out(app: &TestApp, players: BySide<&Player>, mut game: Value) -> Value {
    while game["status"] == "ongoing" {
        let side = if game["to_move"] == "south" {
            Side::South
        } else {
            Side::North
        };
        let pit = game["legal_moves"][0].as_u64().expect("a legal move");
        game = app.play(players.get(side), &game, pit).await.expect(201);
    }
    game
}

/// The player's ratings as `GET /players/{name}/ratings` gives them.
async fn ratings(app: &TestApp, player: &Player) -> Vec<Value> {
    let body = app
        .get(&format!("/players/{}/ratings", player.username), None)
        .await
        .expect(200);
    assert_eq!(body["username"], json!(player.username));
    body["ratings"].as_array().expect("a list").clone()
}

#[track_caller]
fn assert_rating(shown: &Value, expected: Rating) {
    let close = |field: &str, want: f64| {
        shown[field]
            .as_f64()
            .is_some_and(|got| (got - want).abs() < 1e-6)
    };
    assert!(
        close("rating", expected.rating)
            && close("deviation", expected.deviation)
            && close("volatility", expected.volatility),
        "{shown} is not {expected:?}"
    );
    assert_eq!(shown["provisional"], json!(expected.deviation > 110.0));
}

fn winner(game: &Value) -> Option<Side> {
    match game["result"]["winner"].as_str() {
        Some("south") => Some(Side::South),
        Some("north") => Some(Side::North),
        _ => None,
    }
}

async fn a_rated_game_played_to_its_end_moves_both_ratings_as_glicko_2_says(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    assert!(ratings(&app, &ayse).await.is_empty());

    let game = start(&app, &ayse, &mehmet, true).await;
    let game = play_out(&app, BySide::new(&ayse, &mehmet), game).await;
    assert_eq!(game["status"], "finished");

    let expected = rate_game(BySide::new(Rating::INITIAL, Rating::INITIAL), winner(&game));
    let shown = BySide::new(ratings(&app, &ayse).await, ratings(&app, &mehmet).await);
    for side in Side::ALL {
        let shown = shown.get(side);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert_eq!(shown[0]["variant"], "tihbat");
        assert_eq!(shown[0]["games"], 1);
        assert_rating(&shown[0], *expected.get(side));
    }
    // The standings of the variant carry the same ratings; those of all games none.
    let standings = app.get("/standings?variant=tihbat", None).await.expect(200);
    for line in standings.as_array().expect("a list") {
        let side = if line["username"] == "ayse" {
            Side::South
        } else {
            Side::North
        };
        assert_rating(&line["rating"], *expected.get(side));
    }
    let all = app.get("/standings", None).await.expect(200);
    assert!(
        all.as_array()
            .expect("a list")
            .iter()
            .all(|line| line["rating"].is_null()),
        "{all}"
    );
}

async fn a_rated_game_lost_on_time_moves_both_ratings(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = start(&app, &ayse, &mehmet, true).await;
    let pit = |g: &Value| g["legal_moves"][0].as_u64().expect("a legal move");
    let game = app.play(&ayse, &game, pit(&game)).await.expect(201);
    let game = app.play(&mehmet, &game, pit(&game)).await.expect(201);
    assert_eq!(game["status"], "ongoing");
    let late = if game["to_move"] == "south" {
        Side::South
    } else {
        Side::North
    };

    app.clock.advance(Duration::days(3) + Duration::seconds(1));
    let ended = app.service.sweep_timeouts().await.expect("a sweep");
    assert_eq!(ended.len(), 1);
    let id = game["id"].as_str().expect("an id");
    let game = app.game(id).await;
    assert_eq!(game["result"]["ended_by"], "timeout");

    let expected = rate_game(
        BySide::new(Rating::INITIAL, Rating::INITIAL),
        Some(late.opposite()),
    );
    assert_rating(&ratings(&app, &ayse).await[0], expected.south);
    assert_rating(&ratings(&app, &mehmet).await[0], expected.north);
    assert!(
        ratings(&app, &ayse).await[0]["rating"].as_f64()
            != ratings(&app, &mehmet).await[0]["rating"].as_f64()
    );
}

async fn casual_and_aborted_games_move_no_rating(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;

    // A challenge is casual unless it says otherwise.
    let default = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "tihbat", "opponent": "mehmet"}),
        )
        .await
        .expect(201);
    assert_eq!(default["rated"], false);

    // A casual game played to its end.
    let casual = start(&app, &ayse, &mehmet, false).await;
    let casual = play_out(&app, BySide::new(&ayse, &mehmet), casual).await;
    assert_eq!(casual["status"], "finished");
    // A rated game aborted by a player, and one aborted by the clock before its
    // first mover moved.
    let aborted = start(&app, &ayse, &mehmet, true).await;
    let id = aborted["id"].as_str().expect("an id");
    let aborted = app
        .post(
            &format!("/games/{id}/abort"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(200);
    assert_eq!(aborted["status"], "aborted");
    start(&app, &ayse, &mehmet, true).await;
    app.clock.advance(Duration::days(4));
    assert_eq!(
        app.service.sweep_timeouts().await.expect("a sweep").len(),
        1
    );

    assert!(ratings(&app, &ayse).await.is_empty());
    assert!(ratings(&app, &mehmet).await.is_empty());
    let standings = app.get("/standings?variant=tihbat", None).await.expect(200);
    assert_eq!(standings.as_array().map(Vec::len), Some(2));
    assert!(
        standings
            .as_array()
            .expect("a list")
            .iter()
            .all(|line| line["rating"].is_null()),
        "{standings}"
    );
    app.get("/players/nobody/ratings", None)
        .await
        .expect_error(404, "not_found");
}
