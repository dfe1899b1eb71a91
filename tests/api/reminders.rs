//! Deadline reminders through the API's clock: `time_running_out` goes to the player to
//! move once 80% of its time for the move is used, once per ply, and again after the
//! next move at the next player's 80%.

use chrono::Duration;
use seedpost::domain::EventKind;
use serde_json::Value;

use crate::helpers::TestApp;

crate::on_both_backends!(
    the_player_to_move_is_told_once_when_four_fifths_of_its_time_is_used,
    no_one_is_told_in_a_game_that_is_over
);

/// The plies of the games at which `name` was told that time is running out.
async fn reminders(app: &TestApp, name: &str) -> Vec<u64> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::TimeRunningOut)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            payload["game"]["ply"].as_u64().expect("the game's ply")
        })
        .collect()
}

async fn sweep(app: &TestApp) {
    app.service.sweep_timeouts().await.expect("a sweep");
}

async fn the_player_to_move_is_told_once_when_four_fifths_of_its_time_is_used(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Three days a move: Ayse, to move, is told once 57.6 hours are used.
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    app.clock.advance(Duration::hours(57));
    sweep(&app).await;
    assert_eq!(
        reminders(&app, "ayse").await,
        Vec::<u64>::new(),
        "not before 80%"
    );
    app.clock.advance(Duration::hours(1));
    sweep(&app).await;
    sweep(&app).await;
    assert_eq!(reminders(&app, "ayse").await, [0], "once, at ply 0");
    assert_eq!(reminders(&app, "mehmet").await, Vec::<u64>::new());

    // After Ayse's move the clock starts again for the side to move.
    let game = app.play(&ayse, &game, 1).await.expect(201);
    let (next, other) = if game["players"][game["to_move"].as_str().expect("a side")] == "ayse" {
        ("ayse", "mehmet")
    } else {
        ("mehmet", "ayse")
    };
    let before = reminders(&app, next).await.len();
    app.clock.advance(Duration::hours(57));
    sweep(&app).await;
    assert_eq!(reminders(&app, next).await.len(), before, "not before 80%");
    app.clock.advance(Duration::hours(1));
    sweep(&app).await;
    let told = reminders(&app, next).await;
    assert_eq!(told.len(), before + 1, "{next} told once more: {told:?}");
    assert_eq!(told.last(), Some(&1), "at ply 1");
    assert_eq!(
        reminders(&app, other).await.len(),
        usize::from(other == "ayse"),
        "{other} is not to move"
    );
}

async fn no_one_is_told_in_a_game_that_is_over(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    app.resign(&ayse, &game).await.expect(200);
    app.clock.advance(Duration::hours(70));
    sweep(&app).await;
    assert_eq!(reminders(&app, "ayse").await, Vec::<u64>::new());
    assert_eq!(reminders(&app, "mehmet").await, Vec::<u64>::new());
}
