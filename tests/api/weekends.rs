//! Weekend pauses through the API: a game whose clocks stop on Saturdays and Sundays
//! (UTC) does not time out over a weekend, while one without the pause does.

use chrono::{DateTime, Duration, TimeZone, Utc};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(a_game_with_a_weekend_pause_does_not_time_out_over_a_weekend);

/// `challenger` offers `opponent` a one-day-a-move Mangala game, moving first, and the
/// opponent accepts; returns the game.
async fn start(app: &TestApp, challenger: &Player, opponent: &Player, pause: bool) -> Value {
    let challenge = app
        .post(
            "/challenges",
            Some(&challenger.token),
            json!({"variant": "mangala", "days_per_move": 1, "first": "challenger",
                   "opponent": opponent.username, "weekend_pause": pause}),
        )
        .await
        .expect(201);
    assert_eq!(challenge["weekend_pause"], json!(pause));
    let id = challenge["id"].as_str().expect("an id");
    let game = app
        .post(
            &format!("/challenges/{id}/accept"),
            Some(&opponent.token),
            json!({}),
        )
        .await
        .expect(201);
    assert_eq!(game["weekend_pause"], json!(pause));
    game
}

fn utc(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, day, hour, minute, 0)
        .single()
        .expect("a valid time")
}

/// Moves the test clock to `to`.
fn set_clock(app: &TestApp, to: DateTime<Utc>) {
    let now = app.service.now();
    assert!(to >= now, "the clock only moves forward here");
    app.clock.advance(to - now);
}

/// The side to move plays its first legal move.
async fn play_on(app: &TestApp, players: (&Player, &Player), game: &Value) -> Value {
    let player = if game["to_move"] == "south" {
        players.0
    } else {
        players.1
    };
    let pit = game["legal_moves"][0].as_u64().expect("a legal move");
    app.play(player, game, pit).await.expect(201)
}

async fn status(app: &TestApp, game: &Value) -> Value {
    let id = game["id"].as_str().expect("an id");
    app.game(id).await["status"].clone()
}

async fn a_game_with_a_weekend_pause_does_not_time_out_over_a_weekend(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let players = (&ayse, &mehmet);
    // Friday 2026-12-04, 21:00 UTC: both games start, one with the pause.
    set_clock(&app, utc(4, 21, 0));
    let paused = start(&app, &ayse, &mehmet, true).await;
    let plain = start(&app, &ayse, &mehmet, false).await;
    // Three hours on Friday, 21 on Monday.
    assert_eq!(paused["deadline"], "2026-12-07T21:00:00.000Z");
    assert_eq!(plain["deadline"], "2026-12-05T21:00:00.000Z");

    // A move each at 22:00 and 22:30, and one more at Friday 23:00.
    let mut games = (paused, plain);
    for (hour, minute) in [(22, 0), (22, 30), (23, 0)] {
        set_clock(&app, utc(4, hour, minute));
        games = (
            play_on(&app, players, &games.0).await,
            play_on(&app, players, &games.1).await,
        );
    }
    let (paused, plain) = games;
    // One hour on Friday, 23 on Monday.
    assert_eq!(paused["deadline"], "2026-12-07T23:00:00.000Z");
    assert_eq!(plain["deadline"], "2026-12-05T23:00:00.000Z");
    let late = paused["to_move"]
        .as_str()
        .expect("a side to move")
        .to_owned();

    // Sunday 23:59: the game without the pause is lost on time, the other goes on.
    set_clock(&app, utc(6, 23, 59));
    let ended = app.service.sweep_timeouts().await.expect("a sweep");
    assert_eq!(ended.len(), 1);
    assert_eq!(status(&app, &plain).await, "finished");
    let id = plain["id"].as_str().expect("an id");
    assert_eq!(app.game(id).await["result"]["ended_by"], "timeout");
    assert_eq!(status(&app, &paused).await, "ongoing");

    // Monday 23:00 is the last moment; a second later Mehmet has lost on time.
    set_clock(&app, utc(7, 23, 0));
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    assert_eq!(status(&app, &paused).await, "ongoing");
    app.clock.advance(Duration::seconds(1));
    assert_eq!(
        app.service.sweep_timeouts().await.expect("a sweep").len(),
        1
    );
    let id = paused["id"].as_str().expect("an id");
    let over = app.game(id).await;
    assert_eq!(over["result"]["ended_by"], "timeout");
    let winner = if late == "south" { "north" } else { "south" };
    assert_eq!(over["result"]["winner"], winner);
}
