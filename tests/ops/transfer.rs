//! `seedpost export` and `seedpost import`: a round trip SQLite → Postgres → SQLite
//! keeps everything, and bad data is refused with its line and game.

use chrono::Duration;
use reqwest::{Client, StatusCode};
use seedpost::store::Store;
use seedpost::transfer::{self, TransferError};
use seedpost_rules::{Pit, Ply, Side, Variant};
use serde_json::{Value, json};

use crate::support::db::TestDb;
use crate::{Instance, clock, get, play_some, post, sign_up, start_game};

/// A club's worth of data on `app`: every kind of challenge and game ending.
async fn club(app: &Instance) {
    let client = Client::new();
    let base = &app.base;
    let ann = sign_up(&client, base, "ann", false).await;
    let bob = sign_up(&client, base, "Bob", false).await;
    let bot = sign_up(&client, base, "sower-bot", true).await;
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
    // Games played to their end by the rules, in each variant.
    for (i, variant) in ["mangala", "modiar", "tihbat"].into_iter().enumerate() {
        let game = start_game(&client, base, &ann, &bot, variant).await;
        let id = game["id"].as_str().expect("an id").to_owned();
        let mut k = i;
        while play_some(&client, base, (&ann, &bot), &id, k)
            .await
            .is_some()
        {
            k = k.wrapping_mul(31).wrapping_add(7);
        }
    }
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
    // Only `late` is left to time out: the ongoing game starts after the sweep.
    app.clock.advance(Duration::days(4));
    let ended = app.service.sweep_timeouts().await.expect("the sweep runs");
    assert_eq!(ended.len(), 1, "a game ends on time");
    let ongoing = start_game(&client, base, &bob, &ann, "modiar").await;
    let ongoing = ongoing["id"].as_str().expect("an id").to_owned();
    for k in 0..5 {
        play_some(&client, base, (&bob, &ann), &ongoing, k).await;
    }
    // Ann goes on vacation.
    let (status, vacation) = post(&client, base, "/me/vacation", Some(&ann.token), json!({}))
        .await
        .expect("the server answers");
    assert_eq!(status, StatusCode::OK, "{vacation}");
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
    let app = Instance::start(&first.url, clock()).await;
    club(&app).await;
    let exported = export_text(app.service.store().as_ref()).await;
    let kinds = |t: &str| {
        [
            "account",
            "token",
            "challenge",
            "game",
            "rating",
            "vacation",
        ]
        .map(|k| {
            t.lines()
                .filter(|l| l.contains(&format!("\"type\":\"{k}\"")))
                .count()
        })
    };
    let [accounts, tokens, challenges, games, ratings, vacations] = kinds(&exported);
    assert_eq!(vacations, 1, "{exported}");
    assert_eq!((accounts, tokens), (3, 4), "{exported}");
    // Ann, Bob and the bot in Mangala.
    assert_eq!(ratings, 3, "{exported}");
    assert!(exported.contains("\"rated\":true"));
    assert!(challenges >= 9 && games == 7, "{exported}");
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
    assert_eq!(counts.games, 7);
    let through_middle = export_text(store.as_ref()).await;
    assert_eq!(
        through_middle, exported,
        "the middle database holds the same data"
    );

    let last = TestDb::sqlite().await;
    let back = Instance::start(&last.url, clock()).await;
    transfer::import(back.service.store().as_ref(), through_middle.as_bytes())
        .await
        .expect("the import runs");
    assert_eq!(export_text(back.service.store().as_ref()).await, exported);

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

    // An export never merges into a database with data.
    let refused = transfer::import(back.service.store().as_ref(), exported.as_bytes()).await;
    assert!(
        matches!(refused, Err(TransferError::NotEmpty)),
        "{refused:?}"
    );
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
    let app = Instance::start(&db.url, clock()).await;
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
