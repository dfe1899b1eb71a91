//! Matches through the API with the movable clock: a match of several games is
//! played one game after another (or all at once), the first mover alternating, the
//! score summed 1 / ½ / 0, ending once decided if the players chose so.

use chrono::Duration;
use seedpost::domain::{EventKind, MatchId};
use seedpost::games::store::GameStore;
use seedpost::store::GameResult;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_five_game_match_is_played_to_its_end_with_alternating_first_movers,
    a_sequential_match_decided_early_starts_no_further_game,
    a_parallel_match_starts_every_game_at_once_and_aborts_the_rest_once_decided,
    bad_match_terms_are_refused_and_create_nothing,
    advancing_a_match_twice_at_once_creates_its_next_game_once,
    a_single_game_challenge_is_no_match
);

/// The match a game belongs to.
async fn match_of(app: &TestApp, game: &Value) -> Value {
    let id = game["match"]["id"].as_str().expect("a match game");
    app.get(&format!("/matches/{id}"), None).await.expect(200)
}

/// Game `number` of `m`, fresh.
async fn game_number(app: &TestApp, m: &Value, number: usize) -> Value {
    let id = m["match_games"][number - 1]["game_id"]
        .as_str()
        .unwrap_or_else(|| panic!("the match has a game {number}: {m}"));
    app.game(id).await
}

/// The players by name, as the game's sides.
fn player_to_move<'a>(game: &Value, ayse: &'a Player, mehmet: &'a Player) -> &'a Player {
    let side = game["to_move"].as_str().expect("a side to move");
    if game["players"][side] == ayse.username.as_str() {
        ayse
    } else {
        mehmet
    }
}

/// The `match_finish` events `name` has received: their matches.
async fn match_finishes(app: &TestApp, name: &str) -> Vec<Value> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::MatchFinish)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            payload["match"].clone()
        })
        .collect()
}

fn firsts(m: &Value) -> Vec<&str> {
    m["match_games"]
        .as_array()
        .expect("the games")
        .iter()
        .map(|g| g["first"].as_str().expect("a first mover"))
        .collect()
}

async fn a_five_game_match_is_played_to_its_end_with_alternating_first_movers(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_match(&ayse, &mehmet, "mangala", json!({"games": 5}))
        .await;
    assert_eq!(game["match"]["number"], 1);
    assert_eq!(game["match"]["of"], 5);
    assert_eq!(game["first"], "south");
    assert_eq!(game["players"], json!({"south": "ayse", "north": "mehmet"}));
    let m = match_of(&app, &game).await;
    assert_eq!(m["status"], "ongoing");
    assert_eq!(m["schedule"], "sequential");
    assert_eq!(m["stop_when_decided"], true);
    assert_eq!(m["match_games"].as_array().map(Vec::len), Some(1));

    // Game 1: Mehmet resigns. Game 2 starts at once, Mehmet (North) first.
    app.resign(&mehmet, &game).await.expect(200);
    let m = match_of(&app, &game).await;
    assert_eq!(m["score"], json!({"south": 1.0, "north": 0.0}));
    let game2 = game_number(&app, &m, 2).await;
    assert_eq!(game2["first"], "north");
    assert_eq!(game2["to_move"], "north");
    assert_eq!(
        game2["players"],
        json!({"south": "ayse", "north": "mehmet"})
    );
    assert_eq!(game2["match"]["number"], 2);
    assert_eq!(game2["status"], "ongoing");

    // Game 2: Ayse resigns. Game 3: Mehmet resigns.
    app.resign(&ayse, &game2).await.expect(200);
    let m = match_of(&app, &game).await;
    let game3 = game_number(&app, &m, 3).await;
    assert_eq!(game3["first"], "south");
    app.resign(&mehmet, &game3).await.expect(200);
    // Game 4 is aborted before anyone moves: it scores nothing, but counts.
    let m = match_of(&app, &game).await;
    assert_eq!(m["score"], json!({"south": 2.0, "north": 1.0}));
    assert_eq!(m["decided"], false);
    let game4 = game_number(&app, &m, 4).await;
    assert_eq!(game4["first"], "north");
    let id4 = game4["id"].as_str().expect("an id");
    app.post(
        &format!("/games/{id4}/abort"),
        Some(&mehmet.token),
        json!({}),
    )
    .await
    .expect(200);

    // Game 5: both play, then the player to move runs out of time.
    let m = match_of(&app, &game).await;
    assert_eq!(
        m["status"], "ongoing",
        "2 – 1 with a game left: not decided"
    );
    let mut game5 = game_number(&app, &m, 5).await;
    assert_eq!(game5["first"], "south");
    while game5["moves"]
        .as_array()
        .is_none_or(|moves| !moves.iter().any(|p| p["side"] == "north"))
    {
        let mover = player_to_move(&game5, &ayse, &mehmet);
        let pit = game5["legal_moves"][0].as_u64().expect("a legal move");
        game5 = app.play(mover, &game5, pit).await.expect(201);
    }
    let late = game5["to_move"]
        .as_str()
        .expect("a side to move")
        .to_owned();
    app.clock.advance(Duration::days(4));
    app.service.sweep_timeouts().await.expect("a sweep");
    let game5 = app.game(game5["id"].as_str().expect("an id")).await;
    assert_eq!(game5["result"]["ended_by"], "timeout");

    let m = match_of(&app, &game).await;
    let expected = if late == "north" {
        json!({"south": 3.0, "north": 1.0})
    } else {
        json!({"south": 2.0, "north": 2.0})
    };
    assert_eq!(m["status"], "finished");
    assert_eq!(m["score"], expected);
    assert_eq!(
        m["winner"],
        if late == "north" {
            json!("south")
        } else {
            Value::Null
        },
        "a level match is a draw"
    );
    assert!(m["finished_at"].is_string());
    assert_eq!(firsts(&m), ["south", "north", "south", "north", "south"]);
    let statuses: Vec<&str> = m["match_games"]
        .as_array()
        .expect("the games")
        .iter()
        .map(|g| g["status"].as_str().expect("a status"))
        .collect();
    assert_eq!(
        statuses,
        ["finished", "finished", "finished", "aborted", "finished"]
    );
    assert_eq!(
        m["match_games"][3]["points"],
        json!({"south": 0.0, "north": 0.0})
    );
    // Both players are told once, with the final score.
    for name in ["ayse", "mehmet"] {
        let told = match_finishes(&app, name).await;
        assert_eq!(told.len(), 1, "{name}: {told:?}");
        assert_eq!(told[0]["score"], expected);
        assert_eq!(told[0]["status"], "finished");
    }
    // The games list carries each game's place in the match.
    let games = app.get("/games?player=ayse", None).await.expect(200);
    let mut numbers: Vec<u64> = games
        .as_array()
        .expect("a list")
        .iter()
        .map(|g| g["match"]["number"].as_u64().expect("a match game"))
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
    // And the player's matches.
    let listed = app.get("/matches?player=mehmet", None).await.expect(200);
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["id"], m["id"]);
    // A sweep later changes nothing.
    app.service.sweep_timeouts().await.expect("a sweep");
    assert_eq!(match_of(&app, &game).await, m);
}

async fn a_sequential_match_decided_early_starts_no_further_game(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_match(&ayse, &mehmet, "mangala", json!({"games": 3}))
        .await;
    app.resign(&ayse, &game).await.expect(200);
    let m = match_of(&app, &game).await;
    let game2 = game_number(&app, &m, 2).await;
    app.resign(&ayse, &game2).await.expect(200);
    // 0 – 2 with one game left: Ayse can no longer catch up.
    let m = match_of(&app, &game).await;
    assert_eq!(m["status"], "finished");
    assert_eq!(m["decided"], true);
    assert_eq!(m["winner"], "north");
    assert_eq!(m["score"], json!({"south": 0.0, "north": 2.0}));
    assert_eq!(m["match_games"].as_array().map(Vec::len), Some(2));
    app.service.sweep_timeouts().await.expect("a sweep");
    let games = app.get("/games?player=ayse", None).await.expect(200);
    assert_eq!(games.as_array().map(Vec::len), Some(2), "no game 3");
    assert_eq!(match_finishes(&app, "ayse").await.len(), 1);

    // Without stopping once decided, the match goes on to its last game.
    let game = app
        .start_match(
            &ayse,
            &mehmet,
            "mangala",
            json!({"games": 3, "stop_when_decided": false}),
        )
        .await;
    app.resign(&ayse, &game).await.expect(200);
    let m = match_of(&app, &game).await;
    app.resign(&ayse, &game_number(&app, &m, 2).await)
        .await
        .expect(200);
    let m = match_of(&app, &game).await;
    assert_eq!(
        (m["status"].as_str(), m["decided"].as_bool()),
        (Some("ongoing"), Some(true))
    );
    let game3 = game_number(&app, &m, 3).await;
    assert_eq!(game3["first"], "south");
    app.resign(&mehmet, &game3).await.expect(200);
    let m = match_of(&app, &game).await;
    assert_eq!(m["status"], "finished");
    assert_eq!(m["score"], json!({"south": 1.0, "north": 2.0}));
    assert_eq!(m["winner"], "north");
}

async fn a_parallel_match_starts_every_game_at_once_and_aborts_the_rest_once_decided(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_match(
            &ayse,
            &mehmet,
            "mangala",
            json!({"games": 3, "schedule": "parallel"}),
        )
        .await;
    let m = match_of(&app, &game).await;
    assert_eq!(m["schedule"], "parallel");
    assert_eq!(firsts(&m), ["south", "north", "south"]);
    let games = app
        .get("/games?player=mehmet&status=ongoing", None)
        .await
        .expect(200);
    assert_eq!(games.as_array().map(Vec::len), Some(3));
    // Each game starts with its game_start events.
    let account = app.service.account("mehmet").await.expect("the account");
    let starts = app
        .service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::GameStart)
        .count();
    assert_eq!(starts, 3);

    // Games 3 and 1 won by Ayse: 2 – 0 with one game left is decided, and game 2 is
    // aborted, scoring nothing.
    app.resign(&mehmet, &game_number(&app, &m, 3).await)
        .await
        .expect(200);
    let m = match_of(&app, &game).await;
    assert_eq!(m["status"], "ongoing");
    app.resign(&mehmet, &game).await.expect(200);
    let m = match_of(&app, &game).await;
    assert_eq!(m["status"], "finished");
    assert_eq!(m["score"], json!({"south": 2.0, "north": 0.0}));
    assert_eq!(m["winner"], "south");
    let game2 = game_number(&app, &m, 2).await;
    assert_eq!(game2["status"], "aborted");
    assert_eq!(game2["result"]["ended_by"], "abort");
    assert_eq!(m["match_games"][1]["status"], "aborted");
}

async fn bad_match_terms_are_refused_and_create_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    for (terms, code) in [
        (json!({"games": 0}), "invalid_games"),
        (json!({"games": 10}), "invalid_games"),
        (json!({"games": -3}), "invalid_games"),
        (
            json!({"games": 5, "schedule": "whenever"}),
            "invalid_schedule",
        ),
        (json!({"games": "five"}), "invalid_body"),
        (
            json!({"games": 3, "stop_when_decided": "yes"}),
            "invalid_body",
        ),
    ] {
        let mut body = json!({"variant": "mangala", "opponent": "mehmet"});
        for (k, v) in terms.as_object().expect("an object") {
            body[k] = v.clone();
        }
        app.post("/challenges", Some(&ayse.token), body)
            .await
            .expect_error(422, code);
    }
    let open = app
        .get("/challenges", Some(&mehmet.token))
        .await
        .expect(200);
    assert_eq!(open, json!([]), "nothing was created");
    app.get(&format!("/matches/{}", MatchId::new()), None)
        .await
        .expect_error(404, "not_found");
    app.get("/matches/not-an-id", None)
        .await
        .expect_error(404, "not_found");
    app.get("/matches", None)
        .await
        .expect_error(400, "invalid_query");
    app.get("/matches?player=nobody", None)
        .await
        .expect_error(404, "not_found");
}

async fn advancing_a_match_twice_at_once_creates_its_next_game_once(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_match(&ayse, &mehmet, "mangala", json!({"games": 3}))
        .await;
    let m = match_of(&app, &game).await;
    let id: MatchId = m["id"]
        .as_str()
        .expect("an id")
        .parse()
        .expect("a match id");
    // Game 1 ends behind the service's back, as if the instance that ended it died
    // before advancing the match.
    let store = app.service.store();
    let game_id = game["id"]
        .as_str()
        .expect("an id")
        .parse()
        .expect("a game id");
    let stored = store.game_state(game_id).await.expect("the game");
    let mut over = stored.state.clone();
    over.status = seedpost::domain::GameStatus::Finished;
    over.to_move = None;
    over.deadline = None;
    over.result = Some(GameResult {
        score: over.stores,
        winner: Some(seedpost_rules::Side::North),
        ending: seedpost::domain::Ending::Resign,
    });
    store
        .end_game(game_id, stored.state.ply, &over, &[])
        .await
        .expect("the game ends");
    assert_eq!(
        match_of(&app, &game).await["match_games"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    // Two advances at once, and a sweep: one game 2.
    let (a, b) = tokio::join!(app.service.advance_match(id), app.service.advance_match(id));
    a.expect("an advance");
    b.expect("an advance");
    app.service.advance_matches().await.expect("a sweep");
    let m = match_of(&app, &game).await;
    assert_eq!(m["match_games"].as_array().map(Vec::len), Some(2), "{m}");
    let games = app.get("/games?player=ayse", None).await.expect(200);
    assert_eq!(games.as_array().map(Vec::len), Some(2));
    assert_eq!(game_number(&app, &m, 2).await["first"], "north");
}

async fn a_single_game_challenge_is_no_match(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "tihbat", "opponent": "mehmet"}),
        )
        .await
        .expect(201);
    assert_eq!(
        (
            &challenge["games"],
            &challenge["schedule"],
            &challenge["stop_when_decided"]
        ),
        (&json!(1), &json!("sequential"), &json!(true))
    );
    let id = challenge["id"].as_str().expect("an id");
    let game = app
        .post(
            &format!("/challenges/{id}/accept"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(201);
    assert_eq!(game["match"], Value::Null);
    app.resign(&ayse, &game).await.expect(200);
    app.service.sweep_timeouts().await.expect("a sweep");
    let games = app.get("/games?player=ayse", None).await.expect(200);
    assert_eq!(games.as_array().map(Vec::len), Some(1));
    assert_eq!(games[0]["match"], Value::Null);
    let matches = app.get("/matches?player=ayse", None).await.expect(200);
    assert_eq!(matches, json!([]));
}
