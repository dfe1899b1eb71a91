//! Deadline reminders through the API's clock: `time_running_out` goes to the player to
//! move once 80% of its time for the move is used, once per ply, and again after the
//! next move at the next player's 80%; and the reminders the player sets go at their
//! times on each channel (push through the stand-in push service, `time_running_out`
//! events for bots), once each, none while the clock stands, once over two instances.

use chrono::Duration;
use reqwest::Method;
use seedpost::domain::EventKind;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};
use crate::support::push::{PushService, Received};

crate::on_both_backends!(
    the_player_to_move_is_told_once_when_four_fifths_of_its_time_is_used,
    no_one_is_told_in_a_game_that_is_over,
    push_and_bot_reminders_go_at_the_times_the_player_chose_once_each,
    a_reminder_as_long_as_the_move_is_skipped_and_late_ones_give_way_to_the_nearest,
    no_reminder_goes_while_the_player_is_on_vacation,
    two_instances_sweeping_at_once_send_each_reminder_once,
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

/// The stand-in push service with `player`'s phone subscribed to it.
async fn phone(app: &TestApp, player: &Player) -> PushService {
    let key = app.get("/push/key", None).await.expect(200);
    let push = PushService::start(key["public_key"].as_str().expect("a key")).await;
    app.post(
        "/me/push-subscriptions",
        Some(&player.token),
        push.device("phone"),
    )
    .await
    .expect(201);
    push
}

/// Sets `player`'s reminder times: push and bot, the others none.
async fn choose(app: &TestApp, player: &Player, push: &[u32], bot: &[u32]) {
    app.put(
        "/me/notifications",
        Some(&player.token),
        json!({
            "push": {"kinds": ["your_turn"], "reminders": push},
            "email": {"kinds": [], "reminders": []},
            "calendar": {"kinds": [], "reminders": []},
            "bot": {"kinds": [], "reminders": bot},
        }),
    )
    .await
    .expect(200);
}

/// Starts a game of `days` per move, `challenger` to move.
async fn game_of(app: &TestApp, challenger: &Player, opponent: &Player, days: u32) -> Value {
    let challenge = app
        .post(
            "/challenges",
            Some(&challenger.token),
            json!({"variant": "mangala", "days_per_move": days, "first": "challenger",
                   "opponent": opponent.username}),
        )
        .await
        .expect(201);
    let id = challenge["id"].as_str().expect("an id");
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&opponent.token),
        json!({}),
    )
    .await
    .expect(201)
}

/// One reminder round, then the push messages it queued delivered.
async fn remind(app: &TestApp) -> seedpost::service::ReminderRound {
    let round = app
        .service
        .send_reminders()
        .await
        .expect("a reminder round");
    app.service.deliver_push().await.expect("a push round");
    round
}

/// The `minutes_left` of the push reminders received, in order.
fn pushed(received: &[Received]) -> Vec<u64> {
    received
        .iter()
        .filter(|r| r.payload["type"] == "time_running_out")
        .map(|r| r.payload["minutes_left"].as_u64().expect("minutes left"))
        .collect()
}

/// The `minutes_left` of `name`'s `time_running_out` events, in order.
async fn bot_minutes(app: &TestApp, name: &str) -> Vec<u64> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::TimeRunningOut)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            payload["minutes_left"].as_u64().expect("minutes left")
        })
        .collect()
}

async fn push_and_bot_reminders_go_at_the_times_the_player_chose_once_each(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[1440, 120], &[240]).await;
    let push = phone(&app, &ayse).await;
    // Three days a move from Monday noon: due Thursday noon.
    let game = game_of(&app, &ayse, &mehmet, 3).await;
    let id = game["id"].as_str().expect("an id");

    app.clock.advance(Duration::hours(47));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 0), "25 h left: {round:?}");
    app.clock.advance(Duration::hours(1));
    assert_eq!(remind(&app).await.push, 1, "24 h left");
    assert_eq!(remind(&app).await.push, 0, "once");
    let got = push.received("phone");
    assert_eq!(pushed(&got), [1440]);
    let first = &got[got.len() - 1];
    assert_eq!(
        first.payload["tag"],
        format!("game-{id}"),
        "one tag per game"
    );
    assert_eq!(first.payload["url"], format!("/games/{id}"));
    assert_eq!(
        first.payload["body"],
        "Mangala: ayse – mehmet — 1 day 0 hours left for your move"
    );
    assert_eq!(first.urgency, "normal");
    assert_eq!(first.ttl, 24 * 3600, "of no use after the deadline");

    // 4 h left: the bot's reminder, with the minutes left.
    app.clock.advance(Duration::hours(20));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 1), "{round:?}");
    assert_eq!(remind(&app).await.bot, 0, "once");
    assert_eq!(bot_minutes(&app, "ayse").await, [240]);
    // 2 h left: the push reminder, urgent now.
    app.clock.advance(Duration::hours(2));
    assert_eq!(remind(&app).await.push, 1);
    app.clock.advance(Duration::minutes(30));
    assert_eq!(
        remind(&app).await,
        seedpost::service::ReminderRound::default()
    );
    let got = push.received("phone");
    assert_eq!(pushed(&got), [1440, 120]);
    assert_eq!(got[got.len() - 1].urgency, "high");
    push.assert_all_valid();
    // The opponent, not to move, got nothing.
    assert!(bot_minutes(&app, "mehmet").await.is_empty());

    // A move starts the reminders afresh for the next player to move: none for
    // mehmet, who chose none for bots and has no device.
    let game = app.game(id).await;
    let pit = game["legal_moves"][0].as_u64().expect("a legal move");
    app.play(&ayse, &game, pit).await.expect(201);
    app.clock.advance(Duration::hours(71));
    assert_eq!(
        remind(&app).await,
        seedpost::service::ReminderRound::default()
    );
}

async fn a_reminder_as_long_as_the_move_is_skipped_and_late_ones_give_way_to_the_nearest(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[120, 1440, 2880], &[60, 240, 480]).await;
    let push = phone(&app, &ayse).await;
    // One day a move: 24 h and 48 h are as long as the move or longer, never sent.
    game_of(&app, &ayse, &mehmet, 1).await;
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 0), "{round:?}");
    app.clock.advance(Duration::hours(21));
    let round = remind(&app).await;
    assert_eq!(
        (round.push, round.bot),
        (0, 1),
        "3 h left: the bot's 4 h reminder"
    );
    // The sweeper was away from 3 h to 30 min left: 2 h and 1 h came due together,
    // and only the nearest goes.
    app.clock.advance(Duration::minutes(150));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (1, 1), "{round:?}");
    assert_eq!(
        remind(&app).await,
        seedpost::service::ReminderRound::default()
    );
    assert_eq!(bot_minutes(&app, "ayse").await, [180, 30]);
    assert_eq!(pushed(&push.received("phone")), [30]);
}

async fn no_reminder_goes_while_the_player_is_on_vacation(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[120], &[120, 1440]).await;
    let push = phone(&app, &ayse).await;
    game_of(&app, &ayse, &mehmet, 3).await;
    // 30 h left, Ayse goes away for three days: nothing while away.
    app.clock.advance(Duration::hours(42));
    app.call(Method::POST, "/me/vacation", Some(&ayse.token), None)
        .await
        .expect(200);
    for _ in 0..6 {
        app.clock.advance(Duration::hours(12));
        assert_eq!(
            remind(&app).await,
            seedpost::service::ReminderRound::default()
        );
    }
    // Back with the 30 h still left: the reminders come at their times.
    app.call(Method::DELETE, "/me/vacation", Some(&ayse.token), None)
        .await
        .expect(200);
    assert_eq!(
        remind(&app).await,
        seedpost::service::ReminderRound::default()
    );
    app.clock.advance(Duration::hours(6));
    assert_eq!(remind(&app).await.bot, 1, "24 h left");
    app.clock.advance(Duration::hours(22));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (1, 1), "2 h left");
    assert_eq!(bot_minutes(&app, "ayse").await, [1440, 120]);
    assert_eq!(pushed(&push.received("phone")), [120]);
}

async fn two_instances_sweeping_at_once_send_each_reminder_once(app: TestApp) {
    let two = app
        .instance()
        .clock(app.clock.clone())
        .start()
        .await
        .expect("a second instance");
    let players = ["ann", "bob", "cem", "dan"];
    let mut signed = Vec::new();
    for name in players {
        signed.push(app.sign_up(name).await);
    }
    let key = app.get("/push/key", None).await.expect(200);
    let push = PushService::start(key["public_key"].as_str().expect("a key")).await;
    for (player, name) in signed.iter().zip(players) {
        choose(&app, player, &[120, 1440], &[120, 1440]).await;
        app.post(
            "/me/push-subscriptions",
            Some(&player.token),
            push.device(name),
        )
        .await
        .expect(201);
    }
    // Each player to move in one game.
    for pair in signed.chunks(2) {
        game_of(&app, &pair[0], &pair[1], 2).await;
        game_of(&app, &pair[1], &pair[0], 2).await;
    }
    for hours in [24, 22] {
        app.clock.advance(Duration::hours(hours));
        let (mut pushes, mut events) = (0, 0);
        for _ in 0..3 {
            let (x, y) = tokio::join!(app.service.send_reminders(), two.service.send_reminders());
            let (x, y) = (x.expect("a round"), y.expect("a round"));
            (pushes, events) = (pushes + x.push + y.push, events + x.bot + y.bot);
        }
        assert_eq!(
            (pushes, events),
            (4, 4),
            "one each per player, {hours} h on"
        );
        let (x, y) = tokio::join!(app.service.deliver_push(), two.service.deliver_push());
        x.expect("a push round");
        y.expect("a push round");
    }
    push.assert_all_valid();
    for name in players {
        assert_eq!(pushed(&push.received(name)), [1440, 120], "{name}");
        assert_eq!(bot_minutes(&app, name).await, [1440, 120], "{name}");
    }
}
