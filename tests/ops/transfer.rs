//! `seedpost export` and `seedpost import`: a round trip SQLite → Postgres → SQLite
//! keeps everything, and bad data is refused with its line and game.

use chrono::Duration;
use reqwest::{Client, StatusCode};
use seedpost::domain::{AccountId, GameId};
use seedpost::store::Store;
use seedpost::transfer::{self, TransferError};
use seedpost_rules::{Pit, Ply, Side, Variant};
use serde_json::{Value, json};

use crate::support::Server;
use crate::support::db::TestDb;
use crate::{get, instance, play_some, post, sign_up, start_game};

/// A club's worth of data on `app`: every kind of challenge and game ending, events,
/// webhooks with pending, retried and delivered deliveries, browser sessions, a
/// calendar feed and digest settings. Returns the secret of Ann's browser session and
/// the path of her calendar feed.
async fn club(app: &Server) -> (String, String) {
    let client = Client::new();
    let base = &app.base;
    let ann = sign_up(&client, base, "ann", false).await;
    let bob = sign_up(&client, base, "Bob", false).await;
    let bot = sign_up(&client, base, "sower-bot", true).await;
    // Webhooks: Ann's goes to a closed port (its deliveries fail and wait for a
    // retry), Bob's to a receiver that takes them. Both log in in a browser.
    let hooks = app.service.clone().with_private_webhooks(true);
    let receiver = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port 0 binds");
    let receiver_url = format!("http://{}/hook", receiver.local_addr().expect("an address"));
    tokio::spawn(async move {
        let router = axum::Router::new().route("/hook", axum::routing::post(|| async { "thanks" }));
        axum::serve(receiver, router).await
    });
    let log_in = |name: &'static str| hooks.log_in(name, "correct horse battery", None);
    let ann_account = log_in("ann").await.expect("the password signs in");
    let bob_account = log_in("Bob").await.expect("the password signs in");
    for (account, url) in [
        (&ann_account, "http://127.0.0.1:9/hook"),
        (&bob_account, receiver_url.as_str()),
    ] {
        hooks
            .create_webhook(account, url, "a secret of some length")
            .await
            .expect("the webhook is registered");
    }
    hooks
        .start_session(&bob_account)
        .await
        .expect("a session starts");

    hooks
        .set_language(&bob_account, Some(seedpost::domain::Lang::Tr))
        .await
        .expect("Bob reads Turkish");
    let session = hooks
        .start_session(&ann_account)
        .await
        .expect("a session starts")
        .secret;
    // A second token.
    let (status, _) = post(
        &client,
        base,
        "/tokens",
        None,
        json!({"username": "ann", "password": "correct horse battery", "label": "laptop"}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED);
    // An open challenge, and a declined one.
    post(
        &client,
        base,
        "/challenges",
        Some(&bob.token),
        json!({"variant": "tihbat", "days_per_move": 7}),
    )
    .await
    .expect("the server answers");
    let (_, declined) = post(
        &client,
        base,
        "/challenges",
        Some(&ann.token),
        json!({"variant": "modiar", "days_per_move": 2, "opponent": "sower-bot"}),
    )
    .await
    .expect("the server answers");
    post(
        &client,
        base,
        &format!(
            "/challenges/{}/decline",
            declined["id"].as_str().expect("an id")
        ),
        Some(&bot.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    // Games played to their end by the rules, in every variant the server offers
    // (Kalah's stores, Oware's captures and Togyz's tuzdyks and kazans move too).
    let mut finished = Vec::new();
    for (i, variant) in Variant::OFFERED.into_iter().enumerate() {
        let game = start_game(&client, base, &ann, &bot, variant.as_str()).await;
        let id = game["id"].as_str().expect("an id").to_owned();
        let mut k = i;
        while play_some(&client, base, (&ann, &bot), &id, k)
            .await
            .is_some()
        {
            k = k.wrapping_mul(31).wrapping_add(7);
        }
        finished.push(id);
    }
    // Ann offers the bot a rematch of the first: the challenge names its game.
    let first_game = GameId(finished[0].parse().expect("a uuid"));
    let rematch = hooks
        .rematch(&ann_account, first_game)
        .await
        .expect("a finished game's player offers a rematch");
    assert_eq!(
        rematch.rematch_of,
        Some(first_game),
        "the offer names its game"
    );
    // A resigned game, an aborted one, one lost on time and an ongoing one; the
    // resigned and the lost one are rated.
    let resigned = start_rated_game(&client, base, &ann, &bob, "mangala").await;
    let resigned = resigned["id"].as_str().expect("an id").to_owned();
    play_some(&client, base, (&ann, &bob), &resigned, 2).await;
    post(
        &client,
        base,
        &format!("/games/{resigned}/resign"),
        Some(&bob.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    let aborted = start_game(&client, base, &bob, &bot, "tihbat").await;
    let aborted = aborted["id"].as_str().expect("an id").to_owned();
    post(
        &client,
        base,
        &format!("/games/{aborted}/abort"),
        Some(&bot.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    let late = start_rated_game(&client, base, &bot, &bob, "mangala").await;
    let late = late["id"].as_str().expect("an id").to_owned();
    play_some(&client, base, (&bot, &bob), &late, 1).await;
    play_some(&client, base, (&bot, &bob), &late, 1).await;
    // Two tournaments: Ann's and Bob's starts in the sweep below (one game, its
    // clock running through vacations), Bob's alone waits for players.
    for (name, starts_at, players) in [
        ("Winter cup", "2026-12-01T12:00:00Z", vec![&ann, &bob]),
        ("Spring cup", "2027-01-10T12:00:00Z", vec![&bob]),
    ] {
        let (status, tournament) = post(
            &client,
            base,
            "/tournaments",
            Some(&ann.token),
            json!({"name": name, "variant": "tihbat", "starts_at": starts_at, "vacation_allowed": false, "rated": true}),
        )
        .await
        .expect("the server answers");
        assert_eq!(status, StatusCode::CREATED, "{tournament}");
        let id = tournament["id"].as_str().expect("an id");
        for player in players {
            let (status, joined) = post(
                &client,
                base,
                &format!("/tournaments/{id}/join"),
                Some(&player.token),
                json!({}),
            )
            .await
            .expect("the server answers");
            assert_eq!(status, StatusCode::OK, "{joined}");
        }
    }
    // Only `late` is left to time out: the ongoing game starts after the sweep.
    app.clock.advance(Duration::days(4));
    let ended = app.service.sweep_timeouts().await.expect("the sweep runs");
    assert_eq!(ended.len(), 1, "a game ends on time");
    let ongoing = start_game(&client, base, &bob, &ann, "modiar").await;
    let ongoing = ongoing["id"].as_str().expect("an id").to_owned();
    for k in 0..5 {
        play_some(&client, base, (&bob, &ann), &ongoing, k).await;
    }
    plan_ahead(app, &client, &ann, &bob).await;
    // A match Bob wins early against Ann (two resignations of three games), and a
    // parallel match of Bob and the bot still going.
    let first = start_match(&client, base, &ann, &bob, json!({"games": 3})).await;
    let match_id = first["match"]["id"].as_str().expect("a match").to_owned();
    for number in 0..2 {
        let (_, m) = get(&client, base, &format!("/matches/{match_id}")).await;
        let game = m["match_games"][number]["game_id"]
            .as_str()
            .expect("a game");
        post(
            &client,
            base,
            &format!("/games/{game}/resign"),
            Some(&ann.token),
            json!({}),
        )
        .await
        .expect("the server answers");
    }
    let (_, m) = get(&client, base, &format!("/matches/{match_id}")).await;
    assert_eq!(m["status"], "finished", "{m}");
    start_match(
        &client,
        base,
        &bob,
        &bot,
        json!({"games": 2, "schedule": "parallel", "stop_when_decided": false}),
    )
    .await;
    // Two and a half days on, the players to move hear that their time is running
    // out (once per ply).
    app.clock.advance(Duration::hours(60));
    let told = app
        .service
        .remind_deadlines()
        .await
        .expect("the reminders run");
    assert!(told > 0, "some players are reminded");
    // Ann goes on vacation.
    let (status, vacation) = post(&client, base, "/me/vacation", Some(&ann.token), json!({}))
        .await
        .expect("the server answers");
    assert_eq!(status, StatusCode::OK, "{vacation}");
    // Ann subscribes to her deadlines and asks for the daily digest.
    let (status, feed) = post(&client, base, "/me/calendar", Some(&ann.token), json!({}))
        .await
        .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "{feed}");
    let feed = feed["url"]
        .as_str()
        .and_then(|u| u.strip_prefix(base.as_str()))
        .expect("a feed on this server")
        .to_owned();
    let digest = client
        .put(format!("{base}/api/v1/me/digest"))
        .bearer_auth(&ann.token)
        .json(&json!({"email": "ann@example.org", "enabled": true}))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(digest.status(), StatusCode::OK);
    // Two rounds of the webhook worker (each tries at most 100 deliveries): Bob's
    // receiver takes its deliveries, Ann's fail and wait for their retry.
    // The events reach the webhooks through the change notices, which may come a
    // moment after the answers: rounds until both receivers have been tried.
    let (mut attempted, mut delivered) = (0, 0);
    for _ in 0..100 {
        let round = hooks.deliver_webhooks().await.expect("the worker runs");
        attempted += round.attempted;
        delivered += round.delivered;
        if delivered > 0 && attempted > delivered {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        attempted > delivered,
        "Ann's deliveries fail: {attempted} {delivered}"
    );
    assert!(delivered > 0, "Bob's receiver takes some");
    own_settings(&hooks, &client, base, (&ann_account, &bob_account), &bot).await;
    (session, feed)
}

/// Each player's own settings, which a move between servers must keep: Ann's push
/// device (under the server's VAPID key) and notification settings, Bob's play
/// settings and the bot's challenge filters.
async fn own_settings(
    service: &seedpost::service::Service,
    client: &Client,
    base: &str,
    (ann, bob): (&seedpost::store::Account, &seedpost::store::Account),
    bot: &crate::Player,
) {
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    service.vapid_public_key().await.expect("a VAPID key");
    let device = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
    let b64 = |bytes: &[u8]| {
        use base64ct::{Base64UrlUnpadded, Encoding};
        Base64UrlUnpadded::encode_string(bytes)
    };
    service
        .subscribe_push(
            ann,
            "https://push.example.org/send/ann-phone",
            &b64(device.public_key().to_encoded_point(false).as_bytes()),
            &b64(&[7; 16]),
            "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
        )
        .await
        .expect("Ann's phone subscribes");
    let mut settings = service.notification_settings(ann).await.expect("settings");
    settings.email.reminders = [30, 2880].into_iter().collect();
    settings.push.kinds.clear();
    service
        .set_notification_settings(ann, settings)
        .await
        .expect("Ann's notification settings are saved");
    service
        .set_play_settings(
            bob,
            seedpost::store::PlaySettings {
                confirm_moves: true,
                still_moves: true,
                chat: true,
            },
        )
        .await
        .expect("Bob confirms his moves");
    // Notes, chat, a report, a block and a mute (issue 36), on a game of Ann and Bob.
    let games = service
        .games(Some(ann), None, Some(ann.username.as_str()), false, 100)
        .await
        .expect("Ann's games");
    let game = games
        .iter()
        .find(|g| [g.players.south.id, g.players.north.id].contains(&bob.id))
        .expect("a game of Ann and Bob");
    service
        .set_note(ann, game.id, "Bob likes pit 3.\nKeep the store side full.")
        .await
        .expect("Ann's note is saved");
    let line = service
        .say(ann, game.id, "Good game, Bob")
        .await
        .expect("Ann writes in the chat");
    service
        .report_line(bob, game.id, line.id)
        .await
        .expect("Bob reports it");
    service
        .block(ann, &bot.name)
        .await
        .expect("Ann blocks the bot");
    service.mute(&bot.name, 3).await.expect("the bot is muted");
    let answer = client
        .put(format!("{base}/api/v1/me/challenge-filters"))
        .bearer_auth(&bot.token)
        .json(&json!({"variants": ["tihbat", "mangala"], "max_days_per_move": 7, "rated": false}))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(
        answer.status(),
        StatusCode::OK,
        "the bot's filters are saved"
    );
}

/// `challenger` offers `opponent` a Tihbat match on `terms`, which the opponent
/// accepts; returns game 1.
async fn start_match(
    client: &Client,
    base: &str,
    challenger: &crate::Player,
    opponent: &crate::Player,
    terms: Value,
) -> Value {
    let mut body = json!({"variant": "tihbat", "first": "challenger", "opponent": opponent.name});
    for (k, v) in terms.as_object().expect("an object") {
        body[k] = v.clone();
    }
    let (status, challenge) = post(client, base, "/challenges", Some(&challenger.token), body)
        .await
        .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "challenge: {challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game) = post(
        client,
        base,
        &format!("/challenges/{id}/accept"),
        Some(&opponent.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "accept: {game}");
    game
}

/// `challenger` offers `opponent` a rated game, which the opponent accepts.
async fn start_rated_game(
    client: &Client,
    base: &str,
    challenger: &crate::Player,
    opponent: &crate::Player,
    variant: &str,
) -> Value {
    let (status, challenge) = post(
        client,
        base,
        "/challenges",
        Some(&challenger.token),
        json!({"variant": variant, "first": "challenger", "opponent": opponent.name, "rated": true}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "challenge: {challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game) = post(
        client,
        base,
        &format!("/challenges/{id}/accept"),
        Some(&opponent.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "accept: {game}");
    game
}

async fn export_text(store: &dyn Store) -> String {
    let mut out = Vec::new();
    transfer::export(store, &mut out)
        .await
        .expect("the export runs");
    String::from_utf8(out).expect("UTF-8")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_imports_from_sqlite_into_postgres_and_back_without_losing_anything() {
    let first = TestDb::sqlite().await;
    let app = instance(&first.url).await;
    let (session, feed) = club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let kinds = |t: &str| {
        [
            "account",
            "token",
            "challenge",
            "game",
            "rating",
            "vacation",
            "tournament",
            "event",
            "webhook",
            "delivery",
            "session",
            "calendar",
            "digest",
            "server_key",
            "play_settings",
            "challenge_filters",
            "notifications",
            "push_device",
            "game_rating",
        ]
        .map(|k| {
            t.lines()
                .filter(|l| l.contains(&format!("\"type\":\"{k}\"")))
                .count()
        })
    };
    let [
        accounts,
        tokens,
        challenges,
        games,
        ratings,
        vacations,
        tournaments,
        events,
        webhooks,
        deliveries,
        sessions,
        calendars,
        digests,
        server_keys,
        play_settings,
        challenge_filters,
        notifications,
        push_devices,
        game_ratings,
    ] = kinds(&exported);
    assert_eq!(
        (
            server_keys,
            play_settings,
            challenge_filters,
            notifications,
            push_devices
        ),
        (1, 1, 1, 1, 1),
        "{exported}"
    );
    // Both players of the two rated games that ended: the resigned one and the one
    // lost on time.
    assert_eq!(game_ratings, 4, "{exported}");
    assert_eq!(vacations, 1, "{exported}");
    assert_eq!(tournaments, 2, "{exported}");
    assert!(exported.contains("\"status\":\"running\""), "{exported}");
    assert!(exported.contains("\"language\":\"tr\""), "{exported}");
    assert!(exported.contains("\"reminded_ply\":"), "{exported}");
    assert!(exported.contains("\"reminded_ply\":null"), "{exported}");
    // A game reminded beyond its ply is refused; a file from before reminders
    // (without the field) imports.
    let game_line = |f: &dyn Fn(&mut Value)| {
        exported
            .lines()
            .map(|l| match serde_json::from_str::<Value>(l) {
                Ok(mut v) if v["type"] == "game" => {
                    f(&mut v);
                    v.to_string()
                }
                _ => l.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let message = refused(&game_line(&|v| v["reminded_ply"] = json!(1000))).await;
    assert!(message.contains("reminded at ply 1000"), "{message}");
    let older = game_line(&|v| {
        v.as_object_mut().map(|o| o.remove("reminded_ply"));
    });
    let scratch = TestDb::sqlite().await;
    let store = seedpost::store::connect(&scratch.url, 1)
        .await
        .expect("the database connects");
    transfer::import(store.as_ref(), older.as_bytes())
        .await
        .expect("an export from before reminders imports");
    assert_eq!((calendars, digests), (1, 1), "{exported}");
    assert!(
        exported.contains("\"email\":\"ann@example.org\",\"enabled\":true"),
        "{exported}"
    );
    assert_eq!((webhooks, sessions), (2, 2), "{exported}");
    assert!(events > 100 && deliveries > 100, "{exported}");
    // Deliveries in both states the worker leaves them: taken, and failed and
    // waiting for a retry.
    assert!(exported.contains("\"status\":\"delivered\""), "{exported}");
    assert!(
        exported.contains(
            "\"status\":\"pending\",\"attempts\":1,\"last_status\":null,\"last_error\":\""
        ),
        "{exported}"
    );
    let heads = account_heads(&exported);
    assert!(heads.iter().all(|(_, head)| *head > 0), "{heads:?}");
    assert_eq!((accounts, tokens), (3, 4), "{exported}");
    // Ann, Bob and the bot in Mangala.
    assert_eq!(ratings, 3, "{exported}");
    assert!(exported.contains("\"rated\":true"));
    // Fifteen games from challenges, one from the tournament; the rematch offer
    // names its game, and every offered variant has a game.
    assert!(challenges >= 16 && games == 16, "{exported}");
    assert_eq!(
        exported.matches("\"rematch_of\":\"").count(),
        1,
        "{exported}"
    );
    for variant in Variant::OFFERED {
        let line = format!("\"variant\":\"{}\"", variant.as_str());
        assert!(exported.contains(&line), "{variant:?}: {exported}");
    }
    // Bob's lines in force, and the ply played from them.
    assert_eq!(
        exported.matches("\"type\":\"conditional\"").count(),
        1,
        "{exported}"
    );
    assert_eq!(
        exported.matches("\"type\":\"conditional_ply\"").count(),
        1,
        "{exported}"
    );
    let match_lines: Vec<Value> = exported
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "match")
        .collect();
    assert_eq!(match_lines.len(), 2, "{exported}");
    assert!(
        match_lines
            .iter()
            .any(|m| m["status"] == "finished"
                && m["half_points"] == json!({"south": 0, "north": 4})),
        "{match_lines:?}"
    );
    assert!(
        match_lines
            .iter()
            .any(|m| m["schedule"] == "parallel"
                && m["match_games"].as_array().map(Vec::len) == Some(2)),
        "{match_lines:?}"
    );
    // A match naming a game of no earlier line is refused.
    let mut stray = match_lines[0].clone();
    stray["id"] = json!(seedpost::domain::MatchId::new());
    stray["match_games"][0]["game_id"] = json!(seedpost::domain::GameId::new());
    let message = refused(&format!("{exported}{stray}\n")).await;
    assert!(
        message.contains("is not on an earlier line") && message.contains("match "),
        "{message}"
    );
    assert!(exported.contains("\"ended_by\":\"timeout\""));
    assert!(exported.contains("\"ended_by\":\"resign\""));
    assert!(exported.contains("\"ended_by\":\"abort\""));
    assert!(exported.contains("\"status\":\"ongoing\""));

    // Through Postgres, when there is one; SQLite to SQLite otherwise.
    let middle = match TestDb::postgres().await {
        Some(db) => db,
        None => {
            eprintln!("the Postgres leg is skipped: SQLite → SQLite only");
            TestDb::sqlite().await
        }
    };
    let store = seedpost::store::connect(&middle.url, 4)
        .await
        .expect("the database connects");
    let counts = transfer::import(store.as_ref(), exported.as_bytes())
        .await
        .expect("the import runs");
    assert_eq!(
        (counts.games, counts.matches, counts.tournaments),
        (16, 2, 2)
    );
    let through_middle = export_text(store.as_ref()).await;
    assert_eq!(
        through_middle, exported,
        "the middle database holds the same data"
    );

    let last = TestDb::sqlite().await;
    let back = instance(&last.url).await;
    transfer::import(back.service.store().as_ref(), through_middle.as_bytes())
        .await
        .expect("the import runs");
    assert_eq!(export_text(back.service.store().as_ref()).await, exported);

    // Nobody is reminded again of a ply they were reminded of.
    back.clock.advance(app.service.now() - back.service.now());
    assert_eq!(
        back.service
            .remind_deadlines()
            .await
            .expect("the reminders run"),
        0
    );

    // Every account's stream goes on where it stood, and Ann's browser session
    // still signs her in.
    let store = back.service.store();
    for (account, head) in &heads {
        assert_eq!(
            store.event_head(*account).await.expect("a head"),
            *head,
            "the event counter of {account:?} is carried"
        );
    }
    let signed_in = back
        .service
        .session(&session)
        .await
        .expect("a lookup")
        .expect("the session is carried");
    assert_eq!(signed_in.account.username.as_str(), "ann");
    // Her calendar feed's URL still works: its hash was carried.
    let listed = reqwest::get(format!("{}{feed}", back.base))
        .await
        .expect("the server answers");
    assert_eq!(listed.status(), StatusCode::OK);
    let listed = listed.text().await.expect("a feed");
    // (Ann is on vacation: her games' clocks stand still, so it lists none.)
    assert!(listed.starts_with("BEGIN:VCALENDAR"), "{listed}");

    // The imported server works: the passwords and tokens are the same, the games
    // replay and the standings agree.
    let client = Client::new();
    let (status, me) = post(
        &client,
        &back.base,
        "/tokens",
        None,
        json!({"username": "ann", "password": "correct horse battery", "label": "new"}),
    )
    .await
    .expect("the server answers");
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the password still signs in: {me}"
    );
    let (_, before) = get(&client, &app.base, "/standings").await;
    let (_, after) = get(&client, &back.base, "/standings").await;
    assert_eq!(before, after);
    let (_, before) = get(&client, &app.base, "/standings?variant=mangala").await;
    let (_, after) = get(&client, &back.base, "/standings?variant=mangala").await;
    assert_eq!(before, after);
    assert!(before[0]["rating"]["deviation"].is_f64(), "{before}");

    // A new event takes the seq after the old ones: a bot resuming its stream from
    // its last seq hears it, once.
    let (bot, bot_head) = *heads
        .iter()
        .find(|(id, _)| {
            exported.contains(&format!("\"id\":\"{}\",\"username\":\"sower-bot\"", id.0))
        })
        .expect("the bot's account");
    let (_, bob) = post(
        &client,
        &back.base,
        "/tokens",
        None,
        json!({"username": "Bob", "password": "correct horse battery", "label": "new"}),
    )
    .await
    .expect("the server answers");
    let (status, challenge) = post(
        &client,
        &back.base,
        "/challenges",
        Some(bob["token"].as_str().expect("a token")),
        json!({"variant": "mangala", "opponent": "sower-bot"}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    let heard = store.events(bot, bot_head, 10).await.expect("events");
    assert_eq!(
        heard.iter().map(|e| e.seq).collect::<Vec<_>>(),
        [bot_head + 1],
        "{heard:?}"
    );

    // An export never merges into a database with data.
    let refused = transfer::import(back.service.store().as_ref(), exported.as_bytes()).await;
    assert!(
        matches!(refused, Err(TransferError::NotEmpty)),
        "{refused:?}"
    );
}

/// Each account's id and event counter, from the account lines of an export.
fn account_heads(text: &str) -> Vec<(AccountId, u64)> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["type"] == "account")
        .map(|v| {
            let id = v["id"].as_str().and_then(|id| id.parse().ok());
            (
                AccountId(id.expect("an account id")),
                v["event_seq"].as_u64().expect("an event counter"),
            )
        })
        .collect()
}

/// The pits of the side to move in `engine` that end its turn and not the game.
fn plain_pits(engine: &seedpost_rules::Game) -> Vec<Pit> {
    let side = engine.position().to_move();
    (1..=6)
        .filter_map(Pit::new)
        .filter(|&p| {
            let mut g = engine.clone();
            g.play(p) == Ok(1) && g.position().to_move() != side && g.outcome().is_none()
        })
        .collect()
}

/// A Mangala game where Bob plans four plies ahead while Ann is to move, and Ann's
/// move plays his first reply: one ply played from lines, and lines left in force.
async fn plan_ahead(
    app: &Server,
    client: &Client,
    ann_player: &crate::Player,
    bob_player: &crate::Player,
) {
    let (ann, bob) = (
        app.service.account("ann").await.expect("ann"),
        app.service.account("Bob").await.expect("Bob"),
    );
    let base = &app.base;
    let game = start_game(client, base, ann_player, bob_player, "mangala").await;
    let id = seedpost::domain::GameId(game["id"].as_str().expect("an id").parse().expect("a uuid"));
    let loaded = app.service.game(id).await.expect("the game");
    let mut engine = loaded.engine.clone();
    let mut line = Vec::new();
    for _ in 0..4 {
        let pit = plain_pits(&engine)[0];
        engine.play(pit).expect("legal");
        line.push(i64::from(pit.number()));
    }
    let ply = i64::from(loaded.game().state.ply);
    app.service
        .set_conditional(&bob, id, ply, &[line.clone()])
        .await
        .expect("Bob's lines");
    app.service
        .play_move(&ann, id, ply, line[0])
        .await
        .expect("Ann's move");
    let plan = app
        .service
        .conditional(&bob, id)
        .await
        .expect("Bob's lines");
    assert_eq!(
        plan.played.len(),
        1,
        "{base}: a reply was played from a line"
    );
    assert_eq!(plan.lines.len(), 1, "a line stands");
}

/// The first ply of an exported game (as JSON) that sows a pit, and a pit that would
/// be illegal there.
fn illegal_ply(game: &Value) -> Option<(usize, Pit)> {
    let variant: Variant = serde_json::from_value(game["variant"].clone()).ok()?;
    let first: Side = serde_json::from_value(game["first"].clone()).ok()?;
    let mut engine = seedpost_rules::Game::new(variant, first);
    for (k, m) in game["moves"].as_array()?.iter().enumerate() {
        let side: Side = serde_json::from_value(m["side"].clone()).ok()?;
        let pits = u8::try_from(variant.pits_per_row()).ok()?;
        let illegal = (1..=pits)
            .filter_map(Pit::new)
            .find(|&p| !engine.position().is_legal(p));
        if let (Some(pit), true) = (illegal, m["pit"].is_u64()) {
            return Some((k, pit));
        }
        let ply = match m["pit"]
            .as_u64()
            .and_then(|n| Pit::new(u8::try_from(n).ok()?))
        {
            Some(pit) => Ply::Sow { side, pit },
            None => Ply::Pass { side },
        };
        engine.push(ply).ok()?;
    }
    None
}

/// The line of the export holding the first game that `keep` accepts, as JSON.
fn game_line(text: &str, keep: impl Fn(&Value) -> bool) -> (usize, Value) {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| Some((i, serde_json::from_str::<Value>(l).ok()?)))
        .find(|(_, v)| v["type"] == "game" && keep(v))
        .expect("such a game")
}

fn replace_line(text: &str, index: usize, line: &Value) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i == index {
                line.to_string()
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

async fn refused(text: &str) -> String {
    let db = TestDb::sqlite().await;
    let store = seedpost::store::connect(&db.url, 2)
        .await
        .expect("the database connects");
    let outcome = transfer::import(store.as_ref(), text.as_bytes()).await;
    let message = match outcome {
        Err(e @ TransferError::Invalid { .. }) => e.to_string(),
        other => panic!("the import should be refused: {other:?}"),
    };
    assert!(
        store.is_empty().await.expect("a count"),
        "nothing is written"
    );
    message
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_refuses_an_illegal_move_or_a_tampered_board_naming_line_and_game() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;

    // An illegal move: a ply of some game sows a pit the engine refuses there.
    let (index, mut game) = game_line(&exported, |g| illegal_ply(g).is_some());
    let id = game["id"].as_str().expect("an id").to_owned();
    let (k, pit) = illegal_ply(&game).expect("a ply to spoil");
    game["moves"][k]["pit"] = json!(pit.number());
    let message = refused(&replace_line(&exported, index, &game)).await;
    assert!(
        message.starts_with(&format!("line {}: game {id}: ", index + 1)),
        "{message}"
    );
    assert!(message.contains("do not replay"), "{message}");

    // A tampered board: a stone more in South's first pit.
    let (index, mut game) = game_line(&exported, |g| g["status"] == "ongoing");
    let id = game["id"].as_str().expect("an id").to_owned();
    let stones = game["board"]["south"][0].as_u64().expect("stones");
    game["board"]["south"][0] = json!(stones + 1);
    let message = refused(&replace_line(&exported, index, &game)).await;
    assert!(
        message.starts_with(&format!("line {}: game {id}: ", index + 1)),
        "{message}"
    );
    assert!(message.contains("board"), "{message}");

    // A tampered result: the winner of a game the rules ended, swapped.
    let (index, mut game) = game_line(&exported, |g| {
        g["result"]["winner"].is_string()
            && g["result"]["ended_by"] != "resign"
            && g["result"]["ended_by"] != "timeout"
    });
    let winner = game["result"]["winner"].as_str().expect("a winner");
    game["result"]["winner"] = json!(if winner == "south" { "north" } else { "south" });
    let message = refused(&replace_line(&exported, index, &game)).await;
    assert!(message.contains("result"), "{message}");

    // Not an export at all.
    let message = refused("{\"hello\": 1}\n").await;
    assert!(message.starts_with("line 1: "), "{message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_refuses_an_event_above_its_accounts_counter_or_of_no_account_and_writes_nothing()
{
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let (account, head) = account_heads(&exported)[0];
    let event = |account: uuid::Uuid, seq: u64| {
        json!({"type": "event", "account_id": account, "seq": seq, "kind": "move",
               "payload": "{}", "created_at": "2026-11-30T12:00:00Z"})
    };
    let lines = exported.lines().count();

    // One seq above the account's counter: a seq the new database would hand out again.
    let message = refused(&format!("{exported}{}\n", event(account.0, head + 1))).await;
    assert!(
        message.starts_with(&format!(
            "line {}: event {} of account {}: ",
            lines + 1,
            head + 1,
            account.0
        )),
        "{message}"
    );
    assert!(message.contains(&format!("event_seq {head}")), "{message}");

    // An event of no account.
    let stranger = uuid::Uuid::new_v4();
    let message = refused(&format!("{exported}{}\n", event(stranger, 1))).await;
    assert!(
        message.starts_with(&format!("line {}: ", lines + 1)),
        "{message}"
    );
    assert!(
        message.contains("is not an account of an earlier line"),
        "{message}"
    );

    // Twice the same event.
    let first = exported
        .lines()
        .find(|l| l.contains("\"type\":\"event\""))
        .expect("an event");
    let message = refused(&format!("{exported}{first}\n")).await;
    assert!(message.contains("appears twice"), "{message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_export_from_before_events_webhooks_sessions_and_matches_were_carried_still_imports() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let old: String = exported
        .lines()
        .filter_map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("JSON");
            let new = [
                "event",
                "webhook",
                "delivery",
                "session",
                "match",
                "server_key",
                "play_settings",
                "challenge_filters",
                "notifications",
                "push_device",
                "game_rating",
            ]
            .contains(&v["type"].as_str()?);
            let challenge = v["type"] == "challenge";
            let token = v["type"] == "token";
            if let Some(line) = v.as_object_mut().filter(|_| !new) {
                line.remove("event_seq");
                // Nor the scopes of tokens, nor decline reasons.
                if token {
                    line.remove("scopes");
                }
                line.remove("decline_reason");
                // Nor the match terms of challenges.
                if challenge {
                    for field in ["games", "schedule", "stop_when_decided"] {
                        line.remove(field);
                    }
                }
            }
            (!new).then(|| format!("{v}\n"))
        })
        .collect();
    assert!(
        !old.contains("event_seq") && !old.contains("webhook"),
        "{old}"
    );

    let target = TestDb::sqlite().await;
    let store = seedpost::store::connect(&target.url, 2)
        .await
        .expect("the database connects");
    let counts = transfer::import(store.as_ref(), old.as_bytes())
        .await
        .expect("the old export imports");
    assert_eq!(
        (
            counts.events,
            counts.webhooks,
            counts.deliveries,
            counts.sessions
        ),
        (0, 0, 0, 0)
    );
    assert_eq!((counts.games, counts.matches), (16, 0));
    let data = store.export().await.expect("the data");
    assert!(data.challenges.iter().all(|c| !c.match_terms.is_match()));
    assert!(
        data.tokens.iter().all(|t| t.token.scopes.is_all()),
        "a token from before scopes can do everything"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_refuses_a_bad_calendar_feed_or_digest_line_naming_it() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let (account, _) = account_heads(&exported)[0];
    let lines = exported.lines().count();
    let line_of = |kind: &str| {
        exported
            .lines()
            .find(|l| l.contains(&format!("\"type\":\"{kind}\"")))
            .expect("a line of that kind")
            .to_owned()
    };

    // A feed whose hash is not a SHA-256, and one of no account.
    let feed = |account: uuid::Uuid, hash: &str| {
        json!({"type": "calendar", "account_id": account, "hash": hash,
               "created_at": "2026-11-30T12:00:00Z"})
    };
    let message = refused(&format!("{exported}{}\n", feed(account.0, "secret"))).await;
    assert!(
        message.starts_with(&format!("line {}: the calendar feed of account", lines + 1)),
        "{message}"
    );
    assert!(message.contains("not lower-case hex SHA-256"), "{message}");
    let message = refused(&format!(
        "{exported}{}\n",
        feed(uuid::Uuid::new_v4(), &"ab".repeat(32))
    ))
    .await;
    assert!(
        message.contains("is not an account of an earlier line"),
        "{message}"
    );
    let message = refused(&format!("{exported}{}\n", line_of("calendar"))).await;
    assert!(message.contains("appears twice"), "{message}");

    // Digest settings with an address that is not one, and twice the same.
    let digest = json!({"type": "digest", "account_id": account.0, "email": "nobody",
                        "enabled": true, "last_sent_on": null,
                        "updated_at": "2026-11-30T12:00:00Z"});
    let message = refused(&format!("{exported}{digest}\n")).await;
    assert!(
        message.starts_with(&format!(
            "line {}: the digest settings of account",
            lines + 1
        )),
        "{message}"
    );
    assert!(message.contains("is not an e-mail address"), "{message}");
    let message = refused(&format!("{exported}{}\n", line_of("digest"))).await;
    assert!(message.contains("appear twice"), "{message}");
}

/// A new, empty database of the same backend as `db`, and a store on it.
async fn another_of_its_kind(db: &TestDb) -> (TestDb, std::sync::Arc<dyn Store>) {
    let target = if db.is_postgres() {
        TestDb::postgres()
            .await
            .expect("a second Postgres database")
    } else {
        TestDb::sqlite().await
    };
    let store = seedpost::store::connect(&target.url, 2)
        .await
        .expect("the database connects");
    (target, store)
}

crate::on_both_backends!(
    an_export_taken_while_players_move_imports_every_time,
    every_account_facing_answer_and_every_exported_table_is_the_same_after_export_and_import,
);

/// Exports taken while two pairs of players keep moving each import into a new
/// database of the same kind: the export reads one snapshot, so each game's moves
/// match its ply and no event lies above its account's counter.
async fn an_export_taken_while_players_move_imports_every_time(db: TestDb) {
    let app = instance(&db.url).await;
    let client = Client::new();
    let base = app.base.clone();
    let players = [
        sign_up(&client, &base, "ann", false).await,
        sign_up(&client, &base, "bob", false).await,
        sign_up(&client, &base, "cem", false).await,
        sign_up(&client, &base, "dan", false).await,
    ];
    let stop = tokio_util::sync::CancellationToken::new();
    let mut movers = Vec::new();
    for pair in players.chunks(2) {
        let (a, b) = (pair[0].clone(), pair[1].clone());
        let (client, base, stop) = (client.clone(), base.clone(), stop.clone());
        movers.push(tokio::spawn(async move {
            let mut moves = 0usize;
            while !stop.is_cancelled() {
                let game = start_game(&client, &base, &a, &b, "mangala").await;
                let id = game["id"].as_str().expect("an id").to_owned();
                while !stop.is_cancelled()
                    && play_some(&client, &base, (&a, &b), &id, moves)
                        .await
                        .is_some()
                {
                    moves += 1;
                }
            }
            moves
        }));
    }
    let mut exports = 0;
    while exports < 4 {
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        let exported = export_text(app.service.store().as_ref()).await;
        let (_target, store) = another_of_its_kind(&db).await;
        let counts = transfer::import(store.as_ref(), exported.as_bytes())
            .await
            .unwrap_or_else(|e| panic!("export {exports} taken during moves imports: {e}"));
        assert!(counts.moves > 0 || exports == 0, "{counts}");
        exports += 1;
    }
    stop.cancel();
    let mut moved = 0;
    for mover in movers {
        moved += mover.await.expect("the players played");
    }
    assert!(moved >= 20, "moves were made during the exports: {moved}");
}

/// The first line of the export of `kind`, as JSON.
fn first_line(text: &str, kind: &str) -> (usize, Value) {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| Some((i, serde_json::from_str::<Value>(l).ok()?)))
        .find(|(_, v)| v["type"] == kind)
        .unwrap_or_else(|| panic!("a {kind} line"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_checks_every_field_as_the_api_does_naming_the_line() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let lines = exported.lines().count();
    let argon2 = |params: &str| {
        format!(
            "$argon2id$v=19${params}$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
        )
    };
    // (kind, field, value, what the message says)
    let cases = [
        ("token", "label", json!("x".repeat(101)), "label"),
        ("token", "label", json!("b\u{85}ot"), "label"),
        (
            "account",
            "password_hash",
            json!("correct horse battery"),
            "plain text",
        ),
        (
            "account",
            "password_hash",
            json!(argon2("m=262144,t=3,p=4")),
            "m=262144",
        ),
        (
            "account",
            "password_hash",
            json!(argon2("m=7168,t=50,p=1")),
            "outside this server's range",
        ),
        ("webhook", "url", json!("file:///etc/passwd"), "http"),
        (
            "webhook",
            "secret",
            json!("a secret with a\u{1b} in it"),
            "secret",
        ),
        ("digest", "email", json!("no address"), "e-mail"),
        ("account", "language", json!("fr"), "language"),
        ("session", "csrf", json!("not hex"), "form token"),
        ("tournament", "name", json!("Cup \u{202E}puc"), "name"),
        // Names sign-up refuses: a house bot's beyond the server's own, a deleted
        // account's placeholder on an open account.
        ("account", "username", json!("house_evil"), "house"),
        ("account", "username", json!("House-Random"), "house"),
        ("account", "username", json!("deletedX"), "deleted"),
        ("account", "username", json!("deleted-0123abcd"), "deleted"),
        // The settings carried, as the API checks them.
        ("challenge_filters", "min_days_per_move", json!(4), "days"),
        ("challenge_filters", "variants", json!([]), "variant"),
        (
            "notifications",
            "settings",
            json!({"push": {"kinds": [], "reminders": [17]}, "email": {}, "calendar": {}, "bot": {}}),
            "reminder",
        ),
        (
            "push_device",
            "endpoint",
            json!("ftp://push.example.org/x"),
            "endpoint",
        ),
        ("push_device", "p256dh", json!("AAAA"), "p256dh"),
        ("server_key", "value", json!("not a key"), "VAPID"),
        ("game_rating", "rating_after", json!(-3.0), "rating"),
    ];
    for (kind, field, value, says) in cases {
        let (index, mut line) = first_line(&exported, kind);
        line[field] = value;
        let message = refused(&replace_line(&exported, index, &line)).await;
        assert!(
            message.starts_with(&format!("line {}: ", index + 1)),
            "{kind}.{field}: {message}"
        );
        assert!(message.contains(says), "{kind}.{field}: {message}");
    }

    // A user name that differs from an earlier one only in case.
    let (_, mut twin) = first_line(&exported, "account");
    twin["id"] = json!(uuid::Uuid::new_v4());
    twin["username"] = json!(twin["username"].as_str().expect("a name").to_uppercase());
    let message = refused(&format!("{}\n{twin}\n", exported.trim_end())).await;
    assert!(
        message.starts_with(&format!("line {}: ", lines + 1)),
        "{message}"
    );
    assert!(message.contains("ignoring case"), "{message}");

    // A line too long to hold: refused at its limit, not read whole.
    let (index, mut token) = first_line(&exported, "token");
    token["label"] = json!("x".repeat(transfer::MAX_LINE + 10));
    let message = refused(&replace_line(&exported, index, &token)).await;
    assert!(
        message.starts_with(&format!("line {}: the line is longer than", index + 1)),
        "{message}"
    );

    // A NUL in any text, even one shown to nobody.
    let (index, mut delivery) = first_line(&exported, "delivery");
    delivery["event_type"] = json!("move\u{0}");
    let message = refused(&replace_line(&exported, index, &delivery)).await;
    assert!(message.contains("NUL"), "{message}");
}

/// Every `GET` route of the served description a player reads, with its parameters
/// filled from the data: the routes with no parameter, and those of each game,
/// challenge, match, tournament, webhook and player of the export. Streams, the
/// documentation and the position analysis (not an account's data) are left out. A
/// route with a parameter this test does not know fails it, so that a new route is
/// compared too.
fn account_reads(spec: &Value, exported: &str) -> Vec<String> {
    let lines: Vec<Value> = exported
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let of = |kind: &str, field: &str| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l["type"] == kind)
            .filter_map(|l| l[field].as_str().map(str::to_owned))
            .collect()
    };
    let mut reads = Vec::new();
    let paths = spec["paths"].as_object().expect("paths");
    for (path, operations) in paths {
        if operations.get("get").is_none()
            || path.contains("stream")
            || ["/docs", "/openapi.json", "/analysis"].contains(&path.as_str())
        {
            continue;
        }
        let values = match path.split_once('{').map(|(_, rest)| rest) {
            None => {
                reads.push(path.clone());
                continue;
            }
            Some(rest) if path.starts_with("/games/") && rest.starts_with("id}") => {
                of("game", "id")
            }
            Some(rest) if path.starts_with("/challenges/") && rest.starts_with("id}") => {
                of("challenge", "id")
            }
            Some(rest) if path.starts_with("/matches/") && rest.starts_with("id}") => {
                of("match", "id")
            }
            Some(rest) if path.starts_with("/tournaments/") && rest.starts_with("id}") => {
                of("tournament", "id")
            }
            Some(rest) if path.starts_with("/webhooks/") && rest.starts_with("id}") => {
                of("webhook", "id")
            }
            Some(rest) if rest.starts_with("name}") => of("account", "username"),
            Some(_) => panic!("{path}: a parameter this test cannot fill"),
        };
        let (before, after) = path.split_once('{').expect("a parameter");
        let after = after.split_once('}').expect("a closed parameter").1;
        reads.extend(values.iter().map(|v| format!("{before}{v}{after}")));
    }
    reads
}

/// What `token` reads at `path` of `base`: the status and body, waited for while a
/// solved table is still being built (503).
async fn read(client: &Client, base: &str, token: &str, path: &str) -> (u16, String) {
    for _ in 0..600 {
        let response = client
            .get(format!("{base}/api/v1{path}"))
            .bearer_auth(token)
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        let body = response.text().await.expect("a body");
        if status != 503 {
            return (status, body);
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("{path}: 503 for two minutes");
}

/// The rows of each exported table in the database at `url`.
async fn table_rows(url: &str) -> Vec<(&'static str, i64)> {
    use sqlx::{AssertSqlSafe, Connection};
    // The names are the list's own: safe to splice.
    let count = |table: &str| AssertSqlSafe(format!("SELECT count(*) FROM {table}"));
    let mut rows = Vec::new();
    if url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(url).await.expect("connects");
        for table in transfer::exported_tables() {
            let (n,): (i64,) = sqlx::query_as(count(table))
                .fetch_one(&mut conn)
                .await
                .expect("counts");
            rows.push((table, n));
        }
    } else {
        let mut conn = sqlx::SqliteConnection::connect(url)
            .await
            .expect("connects");
        for table in transfer::exported_tables() {
            let (n,): (i64,) = sqlx::query_as(count(table))
                .fetch_one(&mut conn)
                .await
                .expect("counts");
            rows.push((table, n));
        }
    }
    rows
}

async fn every_account_facing_answer_and_every_exported_table_is_the_same_after_export_and_import(
    db: TestDb,
) {
    let app = instance(&db.url).await;
    club(&app).await;
    let client = Client::new();
    let mut players = Vec::new();
    for name in ["ann", "Bob", "sower-bot"] {
        let (status, token) = post(
            &client,
            &app.base,
            "/tokens",
            None,
            json!({"username": name, "password": "correct horse battery", "label": "reader"}),
        )
        .await
        .expect("the server answers");
        assert_eq!(status, StatusCode::CREATED, "{token}");
        players.push(token["token"].as_str().expect("a token").to_owned());
    }
    let exported = export_text(app.service.store().as_ref()).await;
    let (_, spec) = get(&client, &app.base, "/openapi.json").await;
    let reads = account_reads(&spec, &exported);
    assert!(reads.len() > 60, "{reads:?}");
    let mut before = Vec::new();
    for token in &players {
        for path in &reads {
            before.push(read(&client, &app.base, token, path).await);
        }
    }
    let rows = table_rows(&db.url).await;
    let empty: Vec<_> = rows.iter().filter(|(_, n)| *n == 0).collect();
    assert!(
        empty.is_empty(),
        "the club leaves exported tables empty: {empty:?}"
    );

    let (target, store) = another_of_its_kind(&db).await;
    transfer::import(store.as_ref(), exported.as_bytes())
        .await
        .expect("the import runs");
    assert_eq!(
        table_rows(&target.url).await,
        rows,
        "every exported table, row for row"
    );
    drop(store);
    // The same moment on the new server: the same clock.
    let back = crate::server()
        .database(&target.url)
        .clock(app.clock.clone())
        .start()
        .await
        .expect("a server over the imported database starts");
    let mut after = Vec::new();
    for token in &players {
        for path in &reads {
            after.push(read(&client, &back.base, token, path).await);
        }
    }
    let differ: Vec<_> = players
        .iter()
        .flat_map(|p| reads.iter().map(move |r| (p, r)))
        .zip(before.iter().zip(&after))
        .filter(|(_, (b, a))| b != a)
        .map(|((_, path), (b, a))| format!("{path}:\n  before {b:?}\n  after  {a:?}"))
        .collect();
    assert!(differ.is_empty(), "answers differ:\n{}", differ.join("\n"));
    assert!(
        before.iter().filter(|(s, _)| *s == 200).count() > before.len() / 2,
        "most reads succeed"
    );
}
