//! Notes, blocking, chat, reports and the games file (issue 36), through the API.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};
use crate::streams::{open_stream, read_stream};

crate::on_both_backends!(
    a_note_is_its_players_own_and_nobody_else_ever_reads_it,
    a_blocked_player_can_neither_challenge_nor_chat_until_unblocked,
    a_chat_line_reaches_both_players_streams_on_another_instance_and_only_the_players_read_it,
    bad_chat_lines_are_refused_and_a_flood_of_them_is_slowed,
    a_server_without_chat_refuses_every_line,
    a_server_with_a_lower_chat_limit_slows_a_writer_at_its_limit,
    a_reported_line_is_listed_for_the_operator_who_can_mute_its_writer,
    the_games_file_streams_every_finished_game_newest_first_with_its_filters,
);

async fn game_of(app: &TestApp, a: &Player, b: &Player) -> String {
    let game = app.start_game(a, b, "mangala", "challenger").await;
    game["id"].as_str().expect("an id").to_owned()
}

async fn a_note_is_its_players_own_and_nobody_else_ever_reads_it(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let id = game_of(&app, &ayse, &mehmet).await;
    let path = format!("/games/{id}/note");

    let empty = app.get(&path, Some(&ayse.token)).await.expect(200);
    assert_eq!(empty, json!({"text": "", "updated_at": null}));

    let text = "Keep pit 6 full.\nHe likes pit 2\tearly.";
    let saved = app
        .put(&path, Some(&ayse.token), json!({"text": text}))
        .await
        .expect(200);
    assert_eq!(saved["text"], text);
    assert_eq!(saved["updated_at"], "2026-11-30T12:00:00.000Z");
    assert_eq!(app.get(&path, Some(&ayse.token)).await.expect(200), saved);

    // The opponent's note is its own, and starts empty.
    let theirs = app.get(&path, Some(&mehmet.token)).await.expect(200);
    assert_eq!(theirs["text"], "");
    app.put(
        &path,
        Some(&mehmet.token),
        json!({"text": "Ayse opens fast"}),
    )
    .await
    .expect(200);
    assert_eq!(
        app.get(&path, Some(&ayse.token)).await.expect(200)["text"],
        text
    );

    // Nobody else: not there.
    app.get(&path, Some(&zeynep.token))
        .await
        .expect_error(404, "not_found");
    app.put(&path, Some(&zeynep.token), json!({"text": "x"}))
        .await
        .expect_error(404, "not_found");
    app.get(&path, None).await.expect_error(401, "unauthorized");

    // Bad text changes nothing.
    let long = "a".repeat(4001);
    app.put(&path, Some(&ayse.token), json!({"text": long}))
        .await
        .expect_error(422, "note_too_long");
    app.put(&path, Some(&ayse.token), json!({"text": "a\u{202E}b"}))
        .await
        .expect_error(422, "invalid_text");
    app.put(&path, Some(&ayse.token), json!({"text": "a\u{7}b"}))
        .await
        .expect_error(422, "invalid_text");
    assert_eq!(
        app.get(&path, Some(&ayse.token)).await.expect(200)["text"],
        text
    );
    let exactly = "é".repeat(4000);
    app.put(&path, Some(&ayse.token), json!({"text": exactly}))
        .await
        .expect(200);

    // In the account's export, and cleared by an empty text.
    let export = app.get("/me/export", Some(&ayse.token)).await.expect(200);
    assert_eq!(export["notes"][0]["game_id"], id.as_str());
    assert_eq!(export["notes"][0]["text"], exactly.as_str());
    let cleared = app
        .put(&path, Some(&ayse.token), json!({"text": ""}))
        .await
        .expect(200);
    assert_eq!(cleared, json!({"text": "", "updated_at": null}));
    let export = app.get("/me/export", Some(&ayse.token)).await.expect(200);
    assert_eq!(export["notes"], json!([]));
}

async fn a_blocked_player_can_neither_challenge_nor_chat_until_unblocked(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mallory = app.sign_up("mallory").await;
    let id = game_of(&app, &mallory, &ayse).await;
    app.call(Method::PUT, "/me/blocks/Mallory", Some(&ayse.token), None)
        .await
        .expect(204);
    // Again: no change.
    app.call(Method::PUT, "/me/blocks/mallory", Some(&ayse.token), None)
        .await
        .expect(204);
    let list = app.get("/me/blocks", Some(&ayse.token)).await.expect(200);
    assert_eq!(list.as_array().map(Vec::len), Some(1));
    assert_eq!(list[0]["username"], "mallory");
    app.call(Method::PUT, "/me/blocks/ayse", Some(&ayse.token), None)
        .await
        .expect_error(422, "self_block");
    app.call(Method::PUT, "/me/blocks/nobody", Some(&ayse.token), None)
        .await
        .expect_error(404, "not_found");

    // Challenges, either way, and an open challenge's acceptance.
    let challenge = json!({"variant": "mangala", "days_per_move": 3, "opponent": "ayse"});
    app.post("/challenges", Some(&mallory.token), challenge)
        .await
        .expect_error(422, "blocked");
    let back = json!({"variant": "mangala", "days_per_move": 3, "opponent": "mallory"});
    app.post("/challenges", Some(&ayse.token), back)
        .await
        .expect_error(422, "blocked");
    let open = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "mangala", "days_per_move": 3}),
        )
        .await
        .expect(201);
    let open_id = open["id"].as_str().expect("an id");
    app.post(
        &format!("/challenges/{open_id}/accept"),
        Some(&mallory.token),
        json!({}),
    )
    .await
    .expect_error(422, "blocked");
    // The chat of their game, both ways.
    let chat = format!("/games/{id}/chat");
    app.post(&chat, Some(&mallory.token), json!({"text": "hi"}))
        .await
        .expect_error(403, "blocked");
    app.post(&chat, Some(&ayse.token), json!({"text": "hi"}))
        .await
        .expect_error(403, "blocked");
    assert_eq!(
        app.get(&chat, Some(&ayse.token)).await.expect(200),
        json!([])
    );
    let export = app.get("/me/export", Some(&ayse.token)).await.expect(200);
    assert_eq!(export["blocks"][0]["username"], "mallory");

    app.call(
        Method::DELETE,
        "/me/blocks/mallory",
        Some(&ayse.token),
        None,
    )
    .await
    .expect(204);
    assert_eq!(
        app.get("/me/blocks", Some(&ayse.token)).await.expect(200),
        json!([])
    );
    app.post(&chat, Some(&mallory.token), json!({"text": "sorry"}))
        .await
        .expect(201);
    app.post(
        "/challenges",
        Some(&mallory.token),
        json!({"variant": "mangala", "days_per_move": 3, "opponent": "ayse"}),
    )
    .await
    .expect(201);
}

/// The `chat_line` events in a stream's text.
fn chat_events(text: &str) -> Vec<Value> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["type"] == "chat_line")
        .collect()
}

async fn a_chat_line_reaches_both_players_streams_on_another_instance_and_only_the_players_read_it(
    app: TestApp,
) {
    // Instances share a Postgres database; one SQLite file has one server.
    let other = if app.is_postgres() {
        app.instance().start().await.expect("a second instance")
    } else {
        app.instance().start().await.expect("an instance")
    };
    let other_base = if app.is_postgres() {
        other.base.clone()
    } else {
        app.base.clone()
    };
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let id = game_of(&app, &ayse, &mehmet).await;
    let mut theirs = open_stream(&app, &other_base, &mehmet.token).await;
    let mut mine = open_stream(&app, &app.base, &ayse.token).await;
    let mut onlooker = open_stream(&app, &other_base, &zeynep.token).await;
    let mut game_stream = app
        .client
        .get(format!("{other_base}/api/v1/games/{id}/stream"))
        .send()
        .await
        .expect("the game stream opens");
    for stream in [&mut theirs, &mut mine, &mut onlooker, &mut game_stream] {
        read_stream(stream, Duration::from_millis(300)).await;
    }

    let written = "<b>Good luck</b> & have fun";
    let line = app
        .post(
            &format!("/games/{id}/chat"),
            Some(&ayse.token),
            json!({"text": written}),
        )
        .await
        .expect(201);
    assert_eq!(line["username"], "ayse");
    assert_eq!(line["text"], written, "stored as written");

    let (sent, _) = read_stream(&mut theirs, Duration::from_secs(5)).await;
    let events = chat_events(&sent);
    assert_eq!(
        events.len(),
        1,
        "one chat_line on the other instance: {sent}"
    );
    assert_eq!(events[0]["game_id"], id.as_str());
    assert_eq!(events[0]["line"], line);
    let (sent, _) = read_stream(&mut mine, Duration::from_secs(2)).await;
    assert_eq!(
        chat_events(&sent).len(),
        1,
        "the writer hears it too: {sent}"
    );
    let (sent, _) = read_stream(&mut onlooker, Duration::from_secs(1)).await;
    assert!(chat_events(&sent).is_empty(), "nobody else: {sent}");
    let (sent, _) = read_stream(&mut game_stream, Duration::from_secs(1)).await;
    assert!(!sent.contains("Good luck"), "never the game stream: {sent}");

    // Listed for the two players, on either instance; not there for anyone else.
    let list = app
        .get(&format!("/games/{id}/chat"), Some(&mehmet.token))
        .await
        .expect(200);
    assert_eq!(list, json!([line]));
    let other_app = crate::helpers::TestApp::new(other);
    assert_eq!(
        other_app
            .get(&format!("/games/{id}/chat"), Some(&ayse.token))
            .await
            .expect(200),
        json!([line])
    );
    app.get(&format!("/games/{id}/chat"), Some(&zeynep.token))
        .await
        .expect_error(404, "not_found");
    app.post(
        &format!("/games/{id}/chat"),
        Some(&zeynep.token),
        json!({"text": "hello"}),
    )
    .await
    .expect_error(404, "not_found");

    // A deleted account's lines stay, under its placeholder name.
    app.call(
        Method::DELETE,
        "/me",
        Some(&ayse.token),
        Some(json!({"password": "correct horse battery"})),
    )
    .await
    .expect(204);
    let list = app
        .get(&format!("/games/{id}/chat"), Some(&mehmet.token))
        .await
        .expect(200);
    let name = list[0]["username"].as_str().expect("a name");
    assert!(name.starts_with("deleted-"), "the placeholder: {name}");
    assert_eq!(list[0]["text"], written);
}

async fn bad_chat_lines_are_refused_and_a_flood_of_them_is_slowed(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let id = game_of(&app, &ayse, &mehmet).await;
    let chat = format!("/games/{id}/chat");
    for (text, status, code) in [
        ("", 422, "invalid_chat_line"),
        ("   ", 422, "invalid_chat_line"),
        ("two\nlines", 422, "invalid_text"),
        ("a\u{202E}b", 422, "invalid_text"),
    ] {
        app.post(&chat, Some(&ayse.token), json!({"text": text}))
            .await
            .expect_error(status, code);
    }
    app.post(&chat, Some(&ayse.token), json!({"text": "x".repeat(501)}))
        .await
        .expect_error(422, "invalid_chat_line");
    app.post(&chat, Some(&ayse.token), json!({"words": "hi"}))
        .await
        .expect_error(422, "invalid_body");
    assert_eq!(
        app.get(&chat, Some(&ayse.token)).await.expect(200),
        json!([])
    );

    app.post(&chat, Some(&ayse.token), json!({"text": "y".repeat(500)}))
        .await
        .expect(201);
    for n in 1..10 {
        app.post(
            &chat,
            Some(&ayse.token),
            json!({"text": format!("line {n}")}),
        )
        .await
        .expect(201);
    }
    let slowed = app
        .post(&chat, Some(&ayse.token), json!({"text": "one too many"}))
        .await;
    slowed.expect_error(429, "rate_limited");
    assert_eq!(slowed.body["retry_after"], 60);
    // The opponent has its own allowance; a minute later the writer has again.
    app.post(&chat, Some(&mehmet.token), json!({"text": "calm down"}))
        .await
        .expect(201);
    app.clock.advance(chrono::TimeDelta::seconds(61));
    app.post(&chat, Some(&ayse.token), json!({"text": "sorry"}))
        .await
        .expect(201);
    let list = app.get(&chat, Some(&ayse.token)).await.expect(200);
    assert_eq!(list.as_array().map(Vec::len), Some(12));
    assert_eq!(list[11]["text"], "sorry");
}

async fn a_server_without_chat_refuses_every_line(app: TestApp) {
    let off = TestApp::start_with(
        app.instance()
            .rate_limits(seedpost::http::ratelimit::RateLimits::UNLIMITED)
            .configure(|service, _| service.with_chat(false)),
    )
    .await
    .expect("an instance without chat");
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let id = game_of(&app, &ayse, &mehmet).await;
    off.post(
        &format!("/games/{id}/chat"),
        Some(&ayse.token),
        json!({"text": "hi"}),
    )
    .await
    .expect_error(403, "chat_off");
    app.post(
        &format!("/games/{id}/chat"),
        Some(&ayse.token),
        json!({"text": "hi"}),
    )
    .await
    .expect(201);
}

async fn a_server_with_a_lower_chat_limit_slows_a_writer_at_its_limit(app: TestApp) {
    let strict = TestApp::start_with(
        app.instance()
            .rate_limits(seedpost::http::ratelimit::RateLimits::UNLIMITED)
            .configure(|service, _| service.with_chat_lines_per_minute(2)),
    )
    .await
    .expect("an instance with two lines a minute");
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let id = game_of(&app, &ayse, &mehmet).await;
    let chat = format!("/games/{id}/chat");
    for n in 0..2 {
        strict
            .post(
                &chat,
                Some(&ayse.token),
                json!({"text": format!("line {n}")}),
            )
            .await
            .expect(201);
    }
    strict
        .post(&chat, Some(&ayse.token), json!({"text": "one too many"}))
        .await
        .expect_error(429, "rate_limited");
    // An instance with the default limit (ten) takes her third line.
    app.post(&chat, Some(&ayse.token), json!({"text": "a third"}))
        .await
        .expect(201);
}

async fn a_reported_line_is_listed_for_the_operator_who_can_mute_its_writer(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mallory = app.sign_up("mallory").await;
    let id = game_of(&app, &ayse, &mallory).await;
    let chat = format!("/games/{id}/chat");
    let line = app
        .post(&chat, Some(&mallory.token), json!({"text": "you\tare bad"}))
        .await;
    // A tab is a control character: refused like a line break.
    line.expect_error(422, "invalid_text");
    let line = app
        .post(&chat, Some(&mallory.token), json!({"text": "you are bad"}))
        .await
        .expect(201);
    let line_id = line["id"].as_str().expect("an id");
    let report = format!("/games/{id}/chat/{line_id}/report");
    app.post(&report, Some(&mallory.token), json!({}))
        .await
        .expect_error(422, "own_line");
    app.post(&report, Some(&ayse.token), json!({}))
        .await
        .expect(204);
    app.post(&report, Some(&ayse.token), json!({}))
        .await
        .expect(204);
    app.post(
        &format!("/games/{id}/chat/00000000-0000-0000-0000-000000000000/report"),
        Some(&ayse.token),
        json!({}),
    )
    .await
    .expect_error(404, "not_found");

    let mut out = Vec::new();
    let reports = seedpost::config::AdminCommand::Reports { limit: 100 };
    seedpost::admin::run(&app.service, &reports, &mut std::io::empty(), &mut out)
        .await
        .expect("the reports are listed");
    let listed = String::from_utf8(out).expect("text");
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 1, "one report, once: {listed}");
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(
        fields[1..],
        ["ayse", id.as_str(), line_id, "mallory", "you are bad"]
    );

    let mut out = Vec::new();
    let mute = seedpost::config::AdminCommand::Mute {
        name: "mallory".to_owned(),
        days: 2,
    };
    seedpost::admin::run(&app.service, &mute, &mut std::io::empty(), &mut out)
        .await
        .expect("muted");
    app.post(&chat, Some(&mallory.token), json!({"text": "hello?"}))
        .await
        .expect_error(403, "muted");
    app.post(&chat, Some(&ayse.token), json!({"text": "bye"}))
        .await
        .expect(201);
    app.clock
        .advance(chrono::TimeDelta::days(2) + chrono::TimeDelta::seconds(1));
    app.post(&chat, Some(&mallory.token), json!({"text": "I am back"}))
        .await
        .expect(201);
}

async fn the_games_file_streams_every_finished_game_newest_first_with_its_filters(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    // 120 finished games (more than one page), a day apart, alternating variants;
    // an ongoing one and another player's game are left out.
    let mut ended = Vec::new();
    for n in 0..120 {
        let variant = if n % 2 == 0 { "mangala" } else { "modiar" };
        let game = app.start_game(&ayse, &mehmet, variant, "challenger").await;
        let mut game = app.play(&ayse, &game, 1).await.expect(201);
        // Games of one ply and of two, so that a record given another game's moves
        // shows.
        if n % 4 == 1 {
            game = app.play(&mehmet, &game, 1).await.expect(201);
        }
        app.resign(if n % 3 == 0 { &ayse } else { &mehmet }, &game)
            .await
            .expect(200);
        ended.push((game["id"].as_str().expect("an id").to_owned(), variant));
        app.clock.advance(chrono::TimeDelta::hours(1));
    }
    app.start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let others = app
        .start_game(&mehmet, &zeynep, "mangala", "challenger")
        .await;
    app.resign(&zeynep, &others).await.expect(200);

    let response = app
        .client
        .get(format!("{}/api/v1/players/AYSE/games.txt", app.base))
        .send()
        .await
        .expect("the file");
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; charset=utf-8"
    );
    let text = response.text().await.expect("text");
    let records: Vec<&str> = text.split("\n\n[").collect();
    assert_eq!(
        records.len(),
        120,
        "every finished game, one blank line apart"
    );
    assert!(text.starts_with("[Variant \""), "no blank line first");
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"));
    // Newest first: each record is the one `GET /games/{id}/record` gives.
    let newest = &ended[119].0;
    let record = app
        .client
        .get(format!("{}/api/v1/games/{newest}/record", app.base))
        .send()
        .await
        .expect("a record")
        .text()
        .await
        .expect("text");
    assert!(
        record.contains("\n\nS"),
        "a record with its plies: {record}"
    );
    assert!(text.starts_with(&record), "the newest game's record first");
    // Every game's record is there as `GET /games/{id}/record` gives it, on either
    // page.
    for (id, _) in &ended {
        let record = app
            .client
            .get(format!("{}/api/v1/games/{id}/record", app.base))
            .send()
            .await
            .expect("a record")
            .text()
            .await
            .expect("text");
        assert!(text.contains(&record), "the file holds {record}");
    }
    let started: Vec<&str> = text.lines().filter(|l| l.starts_with("[Started")).collect();
    let mut sorted = started.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(started, sorted, "newest first");

    // By variant, and by time.
    let get = |query: &str| {
        let url = format!("{}/api/v1/players/ayse/games.txt?{query}", app.base);
        let client = app.client.clone();
        async move {
            let response = client.get(url).send().await.expect("the file");
            (
                response.status().as_u16(),
                response.text().await.expect("text"),
            )
        }
    };
    let (status, modiar) = get("variant=modiar").await;
    assert_eq!(status, 200);
    assert_eq!(modiar.matches("[Variant \"modiar\"]").count(), 60);
    assert_eq!(modiar.matches("[Variant \"").count(), 60);
    // The clock started at 2026-11-30 12:00 and moved an hour after each game: games
    // 12 to 35 ended on 2026-12-01.
    let (_, day) = get("since=2026-12-01&until=2026-12-02").await;
    assert_eq!(day.matches("[Variant \"").count(), 24);
    let (_, since) = get("since=2026-12-05T00:00:00Z").await;
    assert_eq!(since.matches("[Variant \"").count(), 120 - 108);

    for (query, code) in [
        ("variant=chess", "invalid_variant"),
        ("since=yesterday", "invalid_since"),
        ("until=2026-13-01", "invalid_until"),
    ] {
        let answer = app
            .get(&format!("/players/ayse/games.txt?{query}"), None)
            .await;
        answer.expect_error(422, code);
    }
    app.get("/players/nobody/games.txt", None)
        .await
        .expect_error(404, "not_found");
}
