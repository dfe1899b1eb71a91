//! Round-robin tournaments through the API and the movable clock: players join until
//! the start, the sweeper starts every pairing at once (and only once), games end by
//! the rules or by resignation, and the standings follow points, then the
//! Sonneborn–Berger tiebreak.

use chrono::Duration;
use seedpost::domain::EventKind;
use seedpost_rules::{Ply, Side, Variant};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_four_player_double_round_robin_is_played_to_its_crosstable_and_tiebreaks,
    the_start_creates_every_game_at_once_and_only_once,
    a_tournament_with_fewer_than_two_players_is_canceled_at_its_start,
    joining_is_refused_after_the_start_when_full_and_twice,
    a_withdrawal_scores_the_remaining_games_as_losses,
    a_tournament_that_forbids_vacation_keeps_its_clocks_running,
    bad_tournaments_are_refused_with_stable_codes,
);

/// The test server's clock starts at 2026-11-30T12:00Z; tournaments start a day later.
const START: &str = "2026-12-01T12:00:00Z";

async fn create(app: &TestApp, creator: &Player, extra: Value) -> String {
    let mut body =
        json!({"name": "Winter cup", "variant": "tihbat", "days_per_move": 3, "starts_at": START});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let created = app
        .post("/tournaments", Some(&creator.token), body)
        .await
        .expect(201);
    assert_eq!(created["status"], "open");
    created["id"].as_str().expect("an id").to_owned()
}

async fn join(app: &TestApp, id: &str, player: &Player) -> crate::helpers::Answer {
    app.post(
        &format!("/tournaments/{id}/join"),
        Some(&player.token),
        json!({}),
    )
    .await
}

async fn show(app: &TestApp, id: &str) -> Value {
    app.get(&format!("/tournaments/{id}"), None)
        .await
        .expect(200)
}

async fn sweep(app: &TestApp) {
    app.service.sweep_timeouts().await.expect("a sweep");
}

async fn players(app: &TestApp, names: &[&str]) -> Vec<Player> {
    let mut players = Vec::new();
    for name in names {
        players.push(app.sign_up(name).await);
    }
    players
}

async fn events(app: &TestApp, name: &str, kind: EventKind) -> Vec<Value> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == kind)
        .map(|e| serde_json::from_str(&e.payload).expect("a JSON payload"))
        .collect()
}

fn text(v: &Value) -> &str {
    v.as_str().expect("a string")
}

/// A whole Tihbat game with South first that ends in a draw, found by playing
/// seeded pseudo-random moves: the same game on every run.
fn drawn_game() -> seedpost_rules::Game {
    let mut seed: u64 = 0x5eed;
    for _ in 0..10_000 {
        let mut game = seedpost_rules::Game::new(Variant::Tihbat, Side::South);
        while game.outcome().is_none() {
            let legal = game.position().legal_moves();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let choice = usize::try_from(seed >> 33).expect("31 bits") % legal.len();
            let pit = legal.into_iter().nth(choice).expect("a legal move");
            game.play(pit).expect("a legal move");
        }
        if game.outcome().is_some_and(|o| o.winner.is_none()) {
            return game;
        }
    }
    panic!("no drawn tihbat game in 10,000 playouts");
}

/// Plays `engine`'s sows in `game` through the API, each by its side's player.
async fn play_out(app: &TestApp, game: &Value, engine: &seedpost_rules::Game, all: &[Player]) {
    let id = text(&game["id"]).to_owned();
    let by_name = |name: &Value| {
        all.iter()
            .find(|p| p.username == text(name))
            .expect("a player")
    };
    for ply in engine.plies() {
        let Ply::Sow { side, pit } = *ply else {
            continue;
        };
        let current = app.game(&id).await;
        let player = by_name(&current["players"][side.as_str()]);
        app.play(player, &current, u64::from(pit.number()))
            .await
            .expect(201);
    }
    assert_eq!(app.game(&id).await["status"], "finished");
}

async fn resign(app: &TestApp, game: &Value, loser: &Player) {
    let id = text(&game["id"]);
    app.post(
        &format!("/games/{id}/resign"),
        Some(&loser.token),
        json!({}),
    )
    .await
    .expect(200);
}

async fn a_four_player_double_round_robin_is_played_to_its_crosstable_and_tiebreaks(app: TestApp) {
    let all = players(&app, &["ayse", "bora", "cem", "deniz", "host"]).await;
    let (entrants, host) = all.split_at(4);
    let id = create(&app, &host[0], json!({"double": true, "max_players": 4})).await;
    for player in entrants {
        let shown = join(&app, &id, player).await.expect(200);
        assert_eq!(shown["tournament"]["status"], "open");
    }
    assert_eq!(show(&app, &id).await["tournament"]["players"], 4);

    app.clock.advance(Duration::days(1));
    sweep(&app).await;
    let started = show(&app, &id).await;
    assert_eq!(started["tournament"]["status"], "running");
    let games = started["games"].as_array().expect("games").clone();
    assert_eq!(games.len(), 12);

    // Results by pair (in name order) and cycle: 'S'/'N' the South/North player of that
    // game wins, '=' a draw; each pair meets twice. Designed so that bora and cem tie
    // on points and cem, later by name, goes ahead on Sonneborn–Berger.
    //   ayse–bora: draw, bora wins   ayse–cem: ayse wins both   ayse–deniz: ayse wins, draw
    //   bora–cem: cem wins both      bora–deniz: bora wins both cem–deniz: cem wins, draw
    let winner = |a: &str, b: &str, cycle: u64| -> Option<&'static str> {
        let mut pair = [a, b];
        pair.sort_unstable();
        match (pair, cycle) {
            (["ayse", "bora"], 1) => None,
            (["ayse", "bora"], _) => Some("bora"),
            (["ayse", "cem"], _) => Some("ayse"),
            (["ayse", "deniz"], 1) => Some("ayse"),
            (["ayse", "deniz"], _) => None,
            (["bora", "cem"], _) => Some("cem"),
            (["bora", "deniz"], _) => Some("bora"),
            (["cem", "deniz"], 1) => Some("cem"),
            (["cem", "deniz"], _) => None,
            _ => panic!("an unexpected pair {pair:?}"),
        }
    };
    let draw = drawn_game();
    for entry in &games {
        let game = &entry["game"];
        let (south, north) = (
            text(&game["players"]["south"]),
            text(&game["players"]["north"]),
        );
        let cycle = entry["cycle"].as_u64().expect("a cycle");
        match winner(south, north, cycle) {
            None => play_out(&app, game, &draw, entrants).await,
            Some(w) => {
                let loser = if w == south { north } else { south };
                let loser = entrants
                    .iter()
                    .find(|p| p.username == loser)
                    .expect("the loser");
                resign(&app, game, loser).await;
            }
        }
    }

    let finished = show(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished");
    assert!(finished["tournament"]["ended_at"].is_string());
    let line = |s: &Value| {
        (
            s["rank"].as_u64().expect("a rank"),
            text(&s["username"]).to_owned(),
            s["points"].as_f64().expect("points"),
            s["sonneborn_berger"].as_f64().expect("SB"),
            s["games"].as_u64().expect("games"),
        )
    };
    let standings: Vec<_> = finished["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(line)
        .collect();
    // Totals: ayse 4, bora 3½, cem 3½, deniz 1. SB: ayse ½·3½ + 2·3½ + 1½·1 = 10.25;
    // cem 2·3½ + 1½·1 = 8.5; bora 1½·4 + 2·1 = 8; deniz ½·4 + ½·3½ = 3.75.
    assert_eq!(
        standings,
        vec![
            (1, "ayse".to_owned(), 4.0, 10.25, 6),
            (2, "cem".to_owned(), 3.5, 8.5, 6),
            (3, "bora".to_owned(), 3.5, 8.0, 6),
            (4, "deniz".to_owned(), 1.0, 3.75, 6),
        ]
    );
    // The crosstable: ayse's row, against cem, bora and deniz in standing order, with
    // the points of each game in the order the games started.
    assert_eq!(
        finished["standings"][0]["results"],
        json!([
            {"opponent": "cem", "points": [1.0, 1.0]},
            {"opponent": "bora", "points": [0.5, 0.0]},
            {"opponent": "deniz", "points": [1.0, 0.5]},
        ])
    );

    // Every player hears the final standing, once.
    for player in entrants {
        let told = events(&app, &player.username, EventKind::TournamentFinish).await;
        assert_eq!(told.len(), 1, "{} is told once", player.username);
        assert_eq!(told[0]["tournament"]["status"], "finished");
        assert_eq!(told[0]["standings"][1]["username"], "cem");
    }
    // The creator, who did not play, hears nothing; sweeping again changes nothing.
    assert!(
        events(&app, "host", EventKind::TournamentFinish)
            .await
            .is_empty()
    );
    sweep(&app).await;
    assert_eq!(
        events(&app, "ayse", EventKind::TournamentFinish)
            .await
            .len(),
        1
    );
    let listed = app
        .get("/tournaments?status=finished", None)
        .await
        .expect(200);
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["players"], 4);
    assert_eq!(
        app.get("/tournaments?status=running", None)
            .await
            .expect(200),
        json!([])
    );
}

async fn the_start_creates_every_game_at_once_and_only_once(app: TestApp) {
    let all = players(&app, &["ayse", "bora", "cem", "deniz"]).await;
    let id = create(&app, &all[0], json!({"double": true})).await;
    for player in &all {
        join(&app, &id, player).await.expect(200);
    }
    // Not yet: nothing starts before its time.
    app.clock.advance(Duration::hours(23));
    sweep(&app).await;
    assert_eq!(show(&app, &id).await["tournament"]["status"], "open");
    assert!(events(&app, "ayse", EventKind::GameStart).await.is_empty());

    app.clock.advance(Duration::hours(1));
    // Two sweepers at once (as two instances would): one start.
    let (a, b) = tokio::join!(
        app.service.sweep_tournaments(),
        app.service.sweep_tournaments()
    );
    assert_eq!(a.expect("a sweep") + b.expect("a sweep"), 1);
    sweep(&app).await;
    let shown = show(&app, &id).await;
    let games = shown["games"].as_array().expect("games");
    assert_eq!(games.len(), 12);
    let all_games = app.get("/games?limit=500", None).await.expect(200);
    assert_eq!(all_games.as_array().map(Vec::len), Some(12));
    for player in &all {
        let name = player.username.as_str();
        let south = games
            .iter()
            .filter(|g| g["game"]["players"]["south"] == name)
            .count();
        let north = games
            .iter()
            .filter(|g| g["game"]["players"]["north"] == name)
            .count();
        // Six games each, moving first (South) in three.
        assert_eq!((south, north), (3, 3), "{name}'s sides");
        let starts = events(&app, name, EventKind::GameStart).await;
        assert_eq!(starts.len(), 6);
        assert!(
            starts
                .iter()
                .all(|e| e["game"]["tournament"]["id"] == id.as_str())
        );
        let told = events(&app, name, EventKind::TournamentStart).await;
        assert_eq!(told.len(), 1);
        assert_eq!(told[0]["tournament"]["status"], "running");
    }
    for g in games {
        assert_eq!(
            g["game"]["tournament"],
            json!({"id": id, "name": "Winter cup"})
        );
        assert_eq!(g["game"]["first"], "south");
        assert_eq!(g["game"]["status"], "ongoing");
        assert_eq!(g["game"]["deadline"], "2026-12-04T12:00:00.000Z");
    }
    // Each pair once in each cycle, sides swapped in the second.
    let pairs = |cycle: u64| {
        let mut pairs: Vec<(String, String)> = games
            .iter()
            .filter(|g| g["cycle"] == cycle)
            .map(|g| {
                let p = &g["game"]["players"];
                (text(&p["south"]).to_owned(), text(&p["north"]).to_owned())
            })
            .collect();
        pairs.sort();
        pairs
    };
    let mut swapped: Vec<(String, String)> = pairs(2).into_iter().map(|(s, n)| (n, s)).collect();
    swapped.sort();
    assert_eq!(pairs(1).len(), 6);
    assert_eq!(pairs(1), swapped);
}

async fn a_tournament_with_fewer_than_two_players_is_canceled_at_its_start(app: TestApp) {
    let all = players(&app, &["ayse", "bora"]).await;
    let id = create(&app, &all[0], json!({})).await;
    join(&app, &id, &all[1]).await.expect(200);
    app.clock.advance(Duration::days(1));
    sweep(&app).await;
    let shown = show(&app, &id).await;
    assert_eq!(shown["tournament"]["status"], "canceled");
    assert_eq!(shown["games"], json!([]));
    let told = events(&app, "bora", EventKind::TournamentFinish).await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["tournament"]["status"], "canceled");
    join(&app, &id, &all[0])
        .await
        .expect_error(409, "tournament_started");
    app.post(
        &format!("/tournaments/{id}/withdraw"),
        Some(&all[1].token),
        json!({}),
    )
    .await
    .expect_error(409, "tournament_over");
}

async fn joining_is_refused_after_the_start_when_full_and_twice(app: TestApp) {
    let all = players(&app, &["ayse", "bora", "cem", "deniz"]).await;
    let id = create(&app, &all[0], json!({"max_players": 2})).await;
    join(&app, &id, &all[0]).await.expect(200);
    join(&app, &id, &all[0])
        .await
        .expect_error(409, "already_joined");
    join(&app, &id, &all[1]).await.expect(200);
    join(&app, &id, &all[2])
        .await
        .expect_error(409, "tournament_full");
    // Leaving before the start makes room.
    let left = app
        .post(
            &format!("/tournaments/{id}/withdraw"),
            Some(&all[1].token),
            json!({}),
        )
        .await
        .expect(200);
    assert_eq!(left["players"].as_array().map(Vec::len), Some(1));
    join(&app, &id, &all[2]).await.expect(200);
    app.post(
        &format!("/tournaments/{id}/withdraw"),
        Some(&all[3].token),
        json!({}),
    )
    .await
    .expect_error(409, "not_in_tournament");

    // Once the start time has come, joining is closed even before the sweeper runs.
    app.clock.advance(Duration::days(1));
    join(&app, &id, &all[3])
        .await
        .expect_error(409, "tournament_started");
    sweep(&app).await;
    join(&app, &id, &all[3])
        .await
        .expect_error(409, "tournament_started");
    let shown = show(&app, &id).await;
    assert_eq!(shown["tournament"]["status"], "running");
    assert_eq!(shown["games"].as_array().map(Vec::len), Some(1));
    app.post(
        "/tournaments/00000000-0000-0000-0000-000000000000/join",
        Some(&all[3].token),
        json!({}),
    )
    .await
    .expect_error(404, "not_found");
}

async fn a_withdrawal_scores_the_remaining_games_as_losses(app: TestApp) {
    let all = players(&app, &["ayse", "bora", "cem"]).await;
    let id = create(&app, &all[0], json!({})).await;
    for player in &all {
        join(&app, &id, player).await.expect(200);
    }
    app.clock.advance(Duration::days(1));
    sweep(&app).await;
    let games = show(&app, &id).await["games"]
        .as_array()
        .expect("games")
        .clone();
    assert_eq!(games.len(), 3);
    // Cem beats Ayse first; then Ayse withdraws: her game with Bora is lost.
    let between = |a: &str, b: &str| {
        games
            .iter()
            .map(|g| g["game"].clone())
            .find(|g| {
                let p = [text(&g["players"]["south"]), text(&g["players"]["north"])];
                p.contains(&a) && p.contains(&b)
            })
            .expect("their game")
    };
    resign(&app, &between("ayse", "cem"), &all[0]).await;
    let withdrawn = app
        .post(
            &format!("/tournaments/{id}/withdraw"),
            Some(&all[0].token),
            json!({}),
        )
        .await
        .expect(200);
    let entry = |name: &str| {
        withdrawn["players"]
            .as_array()
            .expect("players")
            .iter()
            .find(|p| p["username"] == name)
            .expect("the player")
            .clone()
    };
    assert!(entry("ayse")["withdrawn_at"].is_string());
    assert!(entry("bora")["withdrawn_at"].is_null());
    let lost = app.game(text(&between("ayse", "bora")["id"])).await;
    assert_eq!(lost["status"], "finished");
    assert_eq!(lost["result"]["ended_by"], "resign");
    let bora_side = if lost["players"]["south"] == "bora" {
        "south"
    } else {
        "north"
    };
    assert_eq!(lost["result"]["winner"], bora_side);
    // Her withdrawal changed nothing else: Bora and Cem still play.
    let left = app.game(text(&between("bora", "cem")["id"])).await;
    assert_eq!(left["status"], "ongoing");
    let standings = &withdrawn["standings"];
    assert_eq!(standings[2]["username"], "ayse");
    assert_eq!(standings[2]["points"], 0.0);
    assert_eq!(standings[2]["games"], 2);
    assert_eq!(standings[2]["withdrawn"], true);
    // Withdrawing again is harmless.
    app.post(
        &format!("/tournaments/{id}/withdraw"),
        Some(&all[0].token),
        json!({}),
    )
    .await
    .expect(200);
    // The last game ends: the tournament is over.
    resign(&app, &between("bora", "cem"), &all[1]).await;
    let finished = show(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished");
    assert_eq!(finished["standings"][0]["username"], "cem");
    assert_eq!(finished["standings"][0]["points"], 2.0);
}

async fn a_tournament_that_forbids_vacation_keeps_its_clocks_running(app: TestApp) {
    use reqwest::Method;
    let all = players(&app, &["ayse", "bora"]).await;
    let strict = create(&app, &all[0], json!({"vacation_allowed": false})).await;
    let relaxed = create(&app, &all[0], json!({"name": "Relaxed"})).await;
    for id in [&strict, &relaxed] {
        for player in &all {
            join(&app, id, player).await.expect(200);
        }
    }
    app.clock.advance(Duration::days(1));
    sweep(&app).await;
    let game_of = |shown: &Value| shown["games"][0]["game"].clone();
    let id = |g: &Value| text(&g["id"]).to_owned();
    // Three moves in both games: then the player to move has moved before, and loses
    // on time (rather than the game being aborted) when its clock runs out, by
    // 2026-12-04T12:00Z.
    let mut started = Vec::new();
    for shown in [show(&app, &strict).await, show(&app, &relaxed).await] {
        let mut game = app.game(&id(&game_of(&shown))).await;
        for _ in 0..3 {
            let side = text(&game["to_move"]).to_owned();
            let mover = all
                .iter()
                .find(|p| game["players"][side.as_str()] == p.username.as_str())
                .expect("the player to move");
            let pit = game["legal_moves"][0].as_u64().expect("a legal move");
            game = app.play(mover, &game, pit).await.expect(201);
        }
        started.push(game);
    }
    let (strict_game, relaxed_game) = (started[0].clone(), started[1].clone());
    assert_eq!(strict_game["deadline"], "2026-12-04T12:00:00.000Z");
    let late = text(&strict_game["to_move"]).to_owned();
    // The player to move in the strict game goes away.
    let away = all
        .iter()
        .find(|p| strict_game["players"][late.as_str()] == p.username.as_str())
        .expect("the player to move");
    app.call(Method::POST, "/me/vacation", Some(&away.token), None)
        .await
        .expect(200);
    assert_eq!(
        app.game(&id(&strict_game)).await["on_vacation"],
        json!({"south": false, "north": false})
    );
    let relaxed_side = if relaxed_game["players"]["south"] == away.username.as_str() {
        "south"
    } else {
        "north"
    };
    assert_eq!(
        app.game(&id(&relaxed_game)).await["on_vacation"][relaxed_side],
        true
    );
    assert_eq!(app.game(&id(&strict_game)).await["clock"], "running");
    assert_eq!(app.game(&id(&relaxed_game)).await["clock"], "stopped");
    // The opponent hears of the vacation in the game whose clock it stops only.
    let opponent = all
        .iter()
        .find(|p| p.username != away.username)
        .expect("the opponent");
    let account = app
        .service
        .account(&opponent.username)
        .await
        .expect("the account");
    let told: Vec<String> = app
        .service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == seedpost::domain::EventKind::VacationStart)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            text(&payload["game"]["id"]).to_owned()
        })
        .collect();
    assert_eq!(told, [id(&relaxed_game)]);
    // Past the deadline: the player to move loses the strict game on time; the other
    // game stands still.
    app.clock.advance(Duration::days(4));
    sweep(&app).await;
    let lost = app.game(&id(&strict_game)).await;
    assert_eq!(lost["status"], "finished");
    assert_eq!(lost["result"]["ended_by"], "timeout");
    assert_ne!(lost["result"]["winner"], late.as_str());
    assert_eq!(app.game(&id(&relaxed_game)).await["status"], "ongoing");
    assert_eq!(
        show(&app, &strict).await["tournament"]["status"],
        "finished"
    );
    // Back from vacation: only the relaxed game's deadline moves on.
    app.call(Method::DELETE, "/me/vacation", Some(&away.token), None)
        .await
        .expect(200);
    assert_eq!(
        app.game(&id(&relaxed_game)).await["deadline"],
        "2026-12-08T12:00:00.000Z"
    );
}

async fn bad_tournaments_are_refused_with_stable_codes(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let base = json!({"name": "Cup", "variant": "tihbat", "starts_at": START});
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    for (body, code) in [
        (with("name", json!("  ")), "invalid_name"),
        (with("name", json!("x".repeat(61))), "invalid_name"),
        (with("variant", json!("chess")), "invalid_variant"),
        (with("days_per_move", json!(4)), "invalid_days_per_move"),
        (with("max_players", json!(1)), "invalid_max_players"),
        (with("max_players", json!(33)), "invalid_max_players"),
        (with("starts_at", json!("soon")), "invalid_starts_at"),
        (
            with("starts_at", json!("2026-11-29T12:00:00Z")),
            "invalid_starts_at",
        ),
    ] {
        app.post("/tournaments", Some(&ayse.token), body)
            .await
            .expect_error(422, code);
    }
    app.post("/tournaments", None, base.clone())
        .await
        .expect_error(401, "unauthorized");
    app.get("/tournaments?status=later", None)
        .await
        .expect_error(400, "invalid_query");
    assert_eq!(app.get("/tournaments", None).await.expect(200), json!([]));
    app.get("/tournaments/not-an-id", None)
        .await
        .expect_error(404, "not_found");
    // A game of no tournament says so.
    let bora = app.sign_up("bora").await;
    let game = app.start_game(&ayse, &bora, "tihbat", "challenger").await;
    assert_eq!(game["tournament"], Value::Null);
}
