//! Bots, end to end: the event and game streams, resuming with `since` and
//! `Last-Event-ID`, the snapshot on connect, a second instance on the same Postgres,
//! and two reference bots (`examples/bot.rs`) playing each other through a running
//! server. The same suite on SQLite and on Postgres.

#[path = "../support/mod.rs"]
mod support;

mod harness;

#[allow(dead_code)]
#[path = "../../examples/bot.rs"]
mod bot;

use std::time::Duration;

use seedpost_rules::Variant;
use serde_json::{Value, json};

use harness::TestApp;

on_both_backends!(
    two_reference_bots_play_complete_games_of_all_three_variants,
    a_stream_resumed_with_since_gets_every_missed_event_once_and_in_order,
    an_sse_stream_resumes_after_last_event_id,
    a_stream_starts_with_snapshot_lines_of_challenges_and_games_to_move,
    every_kind_of_event_reaches_the_players_it_concerns,
    a_game_stream_sends_the_game_then_each_change_and_ends_with_the_game,
    a_stream_on_a_second_instance_receives_an_event_made_on_the_first,
);

fn kinds(lines: &[Value]) -> Vec<&str> {
    lines
        .iter()
        .map(|l| l["type"].as_str().unwrap_or("?"))
        .collect()
}

fn seqs(lines: &[Value]) -> Vec<u64> {
    lines.iter().filter_map(|l| l["seq"].as_u64()).collect()
}

async fn two_reference_bots_play_complete_games_of_all_three_variants(app: TestApp) {
    let ayse = app.sign_up("ayse_bot").await;
    let mehmet = app.sign_up("mehmet_bot").await;
    // Challenges made before the bots start reach them as snapshot lines; one in a
    // variant Mehmet's bot does not play is declined.
    for variant in ["mangala", "modiar", "tihbat"] {
        app.challenge(&ayse, &mehmet, variant).await;
    }
    let config = |token: &str, strategy| bot::Config {
        url: app.base.clone(),
        token: token.to_owned(),
        variants: Variant::OFFERED.to_vec(),
        strategy,
        max_games: Some(3),
    };
    let a = tokio::spawn(bot::run(config(&ayse.token, bot::Strategy::Greedy)));
    let m = tokio::spawn(bot::run(config(&mehmet.token, bot::Strategy::Random)));
    let (a, m) = tokio::time::timeout(Duration::from_secs(120), async {
        (a.await.expect("ayse's bot"), m.await.expect("mehmet's bot"))
    })
    .await
    .expect("the bots finish three games within two minutes");
    let (a, m) = (a.expect("ayse's bot runs"), m.expect("mehmet's bot runs"));
    assert_eq!(a.finished.len(), 3);
    let mut both = a.finished.clone();
    both.sort();
    let mut theirs = m.finished.clone();
    theirs.sort();
    assert_eq!(both, theirs, "both bots saw the same games finish");
    let mut variants = Vec::new();
    for id in &a.finished {
        let game = app.get(&format!("/games/{id}")).await;
        assert_eq!(game["status"], "finished", "{game}");
        assert!(game["result"]["ended_by"].is_string(), "{game}");
        assert!(
            !["resign", "timeout", "abort"]
                .contains(&game["result"]["ended_by"].as_str().unwrap_or("")),
            "played to the end by the rules: {game}"
        );
        variants.push(game["variant"].as_str().expect("a variant").to_owned());
    }
    variants.sort();
    assert_eq!(variants, ["mangala", "modiar", "tihbat"]);
    assert!(a.moves > 0 && m.moves > 0);
}

async fn a_stream_resumed_with_since_gets_every_missed_event_once_and_in_order(app: TestApp) {
    let south = app.sign_up("south_player").await;
    let north = app.sign_up("north_player").await;
    let mut stream = app.events(&north, None, None).await;
    assert_eq!(stream.content_type, "application/x-ndjson");
    let game = app.start_game(&south, &north, "mangala").await;
    assert_eq!(stream.next().await["type"], "challenge");
    let start = stream.next().await;
    assert_eq!(start["type"], "game_start");
    let since = start["seq"].as_u64().expect("a seq");
    // North's stream drops; South moves; North, at its turn, moves; South again.
    drop(stream);
    let mut game = app.play_first_legal(&south, &game).await;
    while game["to_move"] == "south" {
        game = app.play_first_legal(&south, &game).await;
    }
    let game = app.play_first_legal(&north, &game).await;
    let mut resumed = app.events(&north, Some(since), None).await;
    let lines = resumed.drain(Duration::from_millis(500)).await;
    let stored: Vec<Value> = lines
        .iter()
        .filter(|l| l["snapshot"] != true)
        .cloned()
        .collect();
    let got = seqs(&stored);
    let expected: Vec<u64> = (since + 1..=since + got.len() as u64).collect();
    assert_eq!(
        got,
        expected,
        "every missed event once, in order: {:?}",
        kinds(&stored)
    );
    assert!(stored.len() >= 3, "{:?}", kinds(&stored));
    assert_eq!(stored.last().expect("events")["game"]["ply"], game["ply"]);
    assert!(kinds(&stored).contains(&"your_turn"));
    assert!(kinds(&stored).contains(&"move"));
    // Nothing is sent twice, and a later event follows at the next seq.
    let last = *got.last().expect("a seq");
    let game = if game["to_move"] == "south" {
        app.play_first_legal(&south, &game).await
    } else {
        app.play_first_legal(&north, &game).await
    };
    let next = resumed.next().await;
    assert_eq!(next["seq"].as_u64(), Some(last + 1));
    assert_eq!(next["type"], "move");
    assert_eq!(next["game"]["ply"], game["ply"]);
}

async fn an_sse_stream_resumes_after_last_event_id(app: TestApp) {
    let south = app.sign_up("south_sse").await;
    let north = app.sign_up("north_sse").await;
    let game = app.start_game(&south, &north, "tihbat").await;
    let game = app.play_first_legal(&south, &game).await;
    let mut sse = app.events(&north, None, Some("1")).await;
    assert!(
        sse.content_type.starts_with("text/event-stream"),
        "{}",
        sse.content_type
    );
    let mut ids = Vec::new();
    let mut snapshot = 0;
    while let Some((id, line)) = sse.next_within(Duration::from_millis(500)).await {
        match id {
            Some(id) => {
                assert_eq!(line["seq"].to_string(), id, "the SSE id is the seq");
                ids.push(line["seq"].as_u64().expect("a seq"));
            }
            None => {
                assert_eq!(line["snapshot"], true, "only snapshot lines have no id");
                snapshot += 1;
            }
        }
    }
    assert_eq!(snapshot, 1, "North is to move: one your_turn snapshot");
    assert_eq!(ids.first(), Some(&2), "the events after Last-Event-ID 1");
    assert!(ids.windows(2).all(|w| w[1] == w[0] + 1), "{ids:?}");
    assert!(game["to_move"] == "north" || game["status"] != "ongoing");
}

async fn a_stream_starts_with_snapshot_lines_of_challenges_and_games_to_move(app: TestApp) {
    let ayse = app.sign_up("ayse_snap").await;
    let mehmet = app.sign_up("mehmet_snap").await;
    let other = app.sign_up("other_snap").await;
    let to_mehmet = app.challenge(&ayse, &mehmet, "modiar").await;
    app.challenge(&ayse, &other, "modiar").await;
    // An open challenge (to anyone) is not Mehmet's.
    app.post(
        "/challenges",
        Some(&ayse.token),
        json!({"variant": "mangala"}),
    )
    .await;
    // Mehmet's turn in one game (Ayse moved), not in another (Ayse to move).
    let waiting = app.start_game(&ayse, &mehmet, "tihbat").await;
    let waiting = app.play_first_legal(&ayse, &waiting).await;
    assert_eq!(waiting["to_move"], "north");
    app.start_game(&ayse, &mehmet, "mangala").await;

    let mut stream = app.events(&mehmet, None, None).await;
    let lines = stream.drain(Duration::from_millis(500)).await;
    assert_eq!(kinds(&lines), ["challenge", "your_turn"], "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l["snapshot"] == true && l.get("seq").is_none())
    );
    assert_eq!(lines[0]["challenge"]["id"], to_mehmet["id"]);
    assert_eq!(lines[1]["game"]["id"], waiting["id"]);
    assert_eq!(lines[1]["game"]["ply"], waiting["ply"]);
    assert!(lines[1]["game"]["moves"].is_array(), "the full game");
    // Without `since`, no stored event follows the snapshot: only new ones.
    assert!(
        stream
            .next_within(Duration::from_millis(300))
            .await
            .is_none()
    );
}

async fn every_kind_of_event_reaches_the_players_it_concerns(app: TestApp) {
    let ayse = app.sign_up("ayse_kinds").await;
    let mehmet = app.sign_up("mehmet_kinds").await;
    let mut a = app.events(&ayse, Some(0), None).await;
    let mut m = app.events(&mehmet, Some(0), None).await;

    let declined = app.challenge(&ayse, &mehmet, "mangala").await;
    let id = declined["id"].as_str().expect("an id");
    app.post(
        &format!("/challenges/{id}/decline"),
        Some(&mehmet.token),
        json!({}),
    )
    .await;
    let canceled = app.challenge(&ayse, &mehmet, "mangala").await;
    let id = canceled["id"].as_str().expect("an id");
    let (status, _) = app
        .client
        .delete(format!("{}/api/v1/challenges/{id}", app.base))
        .bearer_auth(&ayse.token)
        .send()
        .await
        .map(|r| (r.status(), ()))
        .expect("cancel");
    assert!(status.is_success());
    let game = app.start_game(&ayse, &mehmet, "tihbat").await;
    let game = app.play_first_legal(&ayse, &game).await;
    let id = game["id"].as_str().expect("an id");
    app.post(
        &format!("/games/{id}/resign"),
        Some(&mehmet.token),
        json!({}),
    )
    .await;

    let quiet = Duration::from_millis(500);
    let to_ayse = a.drain(quiet).await;
    let to_mehmet = m.drain(quiet).await;
    let last_ply = |lines: &[Value]| lines.last().map(|l| l["game"]["status"].clone());
    assert_eq!(
        kinds(&to_ayse),
        [
            "challenge_declined",
            "game_start",
            "your_turn",
            "move",
            "game_finish"
        ],
    );
    assert_eq!(
        kinds(&to_mehmet),
        [
            "challenge",
            "challenge",
            "challenge_canceled",
            "challenge",
            "game_start",
            "move",
            "your_turn",
            "game_finish"
        ],
    );
    assert_eq!(last_ply(&to_ayse), Some(json!("finished")));
    assert_eq!(
        to_mehmet.last().expect("events")["game"]["result"]["ended_by"],
        "resign"
    );
    assert_eq!(seqs(&to_ayse), (1..=5).collect::<Vec<u64>>());
    assert_eq!(seqs(&to_mehmet), (1..=8).collect::<Vec<u64>>());
}

async fn a_game_stream_sends_the_game_then_each_change_and_ends_with_the_game(app: TestApp) {
    let ayse = app.sign_up("ayse_watch").await;
    let mehmet = app.sign_up("mehmet_watch").await;
    let game = app.start_game(&ayse, &mehmet, "modiar").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    let request = app
        .client
        .get(format!("{}/api/v1/games/{id}/stream", app.base));
    let mut watch = harness::Lines::open(request, false).await;
    assert_eq!(watch.next().await["ply"], 0);
    let game = app.play_first_legal(&ayse, &game).await;
    assert_eq!(watch.next().await["ply"], game["ply"]);
    app.post(
        &format!("/games/{id}/resign"),
        Some(&mehmet.token),
        json!({}),
    )
    .await;
    let last = watch.next().await;
    assert_eq!(last["status"], "finished");
    assert!(
        watch.next_within(Duration::from_secs(2)).await.is_none(),
        "the stream ends with the game"
    );
}

async fn a_stream_on_a_second_instance_receives_an_event_made_on_the_first(app: TestApp) {
    if !app.is_postgres() {
        // One SQLite file has one server process.
        return;
    }
    let second = app.instance().start().await.expect("a second instance");
    let ayse = app.sign_up("ayse_multi").await;
    let mehmet = app.sign_up("mehmet_multi").await;
    let request = app
        .client
        .get(format!("{}/api/v1/stream/events", second.base))
        .bearer_auth(&mehmet.token);
    let mut on_second = harness::Lines::open(request, false).await;
    // The challenge is made through the first instance.
    let challenge = app.challenge(&ayse, &mehmet, "mangala").await;
    let event = on_second.next().await;
    assert_eq!(event["type"], "challenge");
    assert_eq!(event["seq"], 1);
    assert_eq!(event["challenge"]["id"], challenge["id"]);
}
