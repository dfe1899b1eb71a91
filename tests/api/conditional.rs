//! Conditional moves (issue 36): lines set while the opponent is to move, played at
//! once when the opponent's move matches, pruned when it does not, and seen by their
//! owner alone.

use reqwest::Method;
use seedpost_rules::{Pit, Side, Variant};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_line_is_played_at_once_after_the_opponents_move_and_a_diverging_one_is_dropped,
    extra_turns_make_a_side_move_twice_within_a_line,
    bad_lines_are_refused_with_their_codes_and_change_nothing,
    no_other_account_learns_of_a_players_lines_or_of_the_moves_played_from_them,
    racing_a_normal_move_by_the_owner_and_lines_set_during_the_opponents_move_apply_exactly_once,
    a_line_set_on_one_instance_is_played_by_a_move_on_another,
    a_players_lines_against_a_house_bot_are_played_at_once_after_the_bots_move,
);

fn id(game: &Value) -> String {
    game["id"].as_str().expect("a game id").to_owned()
}

async fn put_lines(
    app: &TestApp,
    player: &Player,
    game: &Value,
    lines: Value,
) -> crate::helpers::Answer {
    app.put(
        &format!("/games/{}/conditional", id(game)),
        Some(&player.token),
        json!({"ply": game["ply"], "lines": lines}),
    )
    .await
}

async fn lines_of(app: &TestApp, player: &Player, game: &Value) -> Value {
    app.get(
        &format!("/games/{}/conditional", id(game)),
        Some(&player.token),
    )
    .await
    .expect(200)
}

/// The plies of `game` as (side, pit) from ply `from` (1-based) on.
fn plies_from(game: &Value, from: usize) -> Vec<(String, Option<u64>)> {
    game["moves"].as_array().expect("moves")[from - 1..]
        .iter()
        .map(|m| {
            (
                m["side"].as_str().expect("a side").to_owned(),
                m["pit"].as_u64(),
            )
        })
        .collect()
}

/// The replay of a Mangala `game` (its JSON) with South first.
fn engine_of(game: &Value) -> seedpost_rules::Game {
    let mut engine = seedpost_rules::Game::new(Variant::Mangala, Side::South);
    for m in game["moves"].as_array().expect("moves") {
        if let Some(pit) = m["pit"].as_u64() {
            let pit = Pit::new(u8::try_from(pit).expect("a pit")).expect("a pit");
            engine.play(pit).expect("the game replays");
        }
    }
    engine
}

/// The pits of the side to move in `game` that end its turn and not the game.
fn plains(game: &seedpost_rules::Game) -> Vec<u8> {
    let side = game.position().to_move();
    (1..=6)
        .filter(|&n| {
            let mut g = game.clone();
            let pit = Pit::new(n).expect("a pit");
            g.play(pit) == Ok(1) && g.position().to_move() != side && g.outcome().is_none()
        })
        .collect()
}

/// A line from `game`: at each step the `picks[i]`-th pit of [`plains`].
fn line(game: &seedpost_rules::Game, picks: &[usize]) -> Vec<u8> {
    let mut game = game.clone();
    let mut line = Vec::new();
    for &k in picks {
        let pit = plains(&game)[k];
        game.play(Pit::new(pit).expect("a pit")).expect("legal");
        line.push(pit);
    }
    line
}

/// A Mangala game of `ayse` (South, first) and `mehmet`, after ayse's first move.
async fn opened(app: &TestApp, ayse: &Player, mehmet: &Player) -> Value {
    let game = app.start_game(ayse, mehmet, "mangala", "challenger").await;
    let first = plains(&engine_of(&game))[0];
    app.play(ayse, &game, u64::from(first)).await.expect(201)
}

async fn a_line_is_played_at_once_after_the_opponents_move_and_a_diverging_one_is_dropped(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = opened(&app, &ayse, &mehmet).await;
    let e1 = engine_of(&game);
    let (short, long) = (line(&e1, &[0, 0]), line(&e1, &[1, 0, 0, 0]));
    let set = put_lines(&app, &ayse, &game, json!([short, long]))
        .await
        .expect(200);
    assert_eq!(set, json!({"ply": 1, "lines": [short, long], "played": []}));
    assert_eq!(lines_of(&app, &ayse, &game).await, set);
    // Mehmet plays the long line's first pit: ayse's reply follows in the same answer.
    let after = app
        .play(&mehmet, &game, u64::from(long[0]))
        .await
        .expect(201);
    assert_eq!(after["ply"], 3);
    assert_eq!(after["to_move"], "north");
    assert_eq!(
        plies_from(&after, 2),
        [
            ("north".to_owned(), Some(u64::from(long[0]))),
            ("south".to_owned(), Some(u64::from(long[1])))
        ]
    );
    assert_eq!(app.game(&id(&game)).await, after);
    assert_eq!(
        lines_of(&app, &ayse, &after).await,
        json!({"ply": 3, "lines": [&long[2..]], "played": [3]})
    );
    // Mehmet plays another pit: the line is gone, and it is ayse's turn.
    let other = *plains(&engine_of(&after))
        .iter()
        .find(|&&p| p != long[2])
        .expect("another move");
    let after = app
        .play(&mehmet, &after, u64::from(other))
        .await
        .expect(201);
    assert_eq!(after["ply"], 4);
    assert_eq!(after["to_move"], "south");
    assert_eq!(
        lines_of(&app, &ayse, &after).await,
        json!({"ply": 4, "lines": [], "played": [3]})
    );
    // She moves as usual; lines cleared with DELETE are gone.
    let next = plains(&engine_of(&after))[0];
    let after = app.play(&ayse, &after, u64::from(next)).await.expect(201);
    let again = line(&engine_of(&after), &[0, 0]);
    put_lines(&app, &ayse, &after, json!([again]))
        .await
        .expect(200);
    let cleared = app
        .call(
            Method::DELETE,
            &format!("/games/{}/conditional", id(&game)),
            Some(&ayse.token),
            None,
        )
        .await;
    assert_eq!(cleared.status.as_u16(), 204);
    let after = app
        .play(&mehmet, &after, u64::from(again[0]))
        .await
        .expect(201);
    assert_eq!(after["ply"], 6);
    assert_eq!(after["to_move"], "south");
    crate::games::assert_cache_is_replay(&after);
}

/// A pit of the side to move in `game` that gives it another turn, if any.
fn extra_turn(game: &seedpost_rules::Game) -> Option<u8> {
    let side = game.position().to_move()?;
    (1..=6).find(|&n| {
        let mut g = game.clone();
        let pit = Pit::new(n).expect("a pit");
        g.play(pit).is_ok() && g.position().to_move() == Some(side)
    })
}

/// A pit of the side to move in `game` that ends its turn.
fn plain(game: &seedpost_rules::Game) -> u8 {
    let side = game.position().to_move();
    (1..=6)
        .find(|&n| {
            let mut g = game.clone();
            let pit = Pit::new(n).expect("a pit");
            g.play(pit).is_ok() && g.position().to_move() != side && g.outcome().is_none()
        })
        .expect("a plain move")
}

async fn extra_turns_make_a_side_move_twice_within_a_line(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    // South (ayse) moves twice, then North (mehmet, the owner) twice.
    let mut engine = seedpost_rules::Game::new(Variant::Mangala, Side::South);
    let mut line = Vec::new();
    for _ in 0..2 {
        let again = extra_turn(&engine).expect("an extra turn");
        engine.play(Pit::new(again).expect("a pit")).expect("legal");
        line.push(again);
        let then = plain(&engine);
        engine.play(Pit::new(then).expect("a pit")).expect("legal");
        line.push(then);
    }
    assert_eq!(engine.ply(), 4, "no passes in this line");
    put_lines(&app, &mehmet, &game, json!([line]))
        .await
        .expect(200);
    // Ayse's extra turn: the line stands, from ply 1.
    let game = app.play(&ayse, &game, u64::from(line[0])).await.expect(201);
    assert_eq!(game["to_move"], "south");
    assert_eq!(
        lines_of(&app, &mehmet, &game).await,
        json!({"ply": 1, "lines": [&line[1..]], "played": []})
    );
    // Her second move: mehmet's two plies follow.
    let game = app.play(&ayse, &game, u64::from(line[1])).await.expect(201);
    assert_eq!(game["ply"], 4);
    assert_eq!(game["to_move"], "south");
    assert_eq!(
        plies_from(&game, 3),
        [
            ("north".to_owned(), Some(u64::from(line[2]))),
            ("north".to_owned(), Some(u64::from(line[3])))
        ]
    );
    assert_eq!(
        lines_of(&app, &mehmet, &game).await,
        json!({"ply": 4, "lines": [], "played": [3, 4]})
    );
    crate::games::assert_cache_is_replay(&game);
}

async fn bad_lines_are_refused_with_their_codes_and_change_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let game = opened(&app, &ayse, &mehmet).await;
    let e1 = engine_of(&game);
    let good = line(&e1, &[0, 0]);
    let rival = line(&e1, &[0, 1]);
    put_lines(&app, &ayse, &game, json!([good]))
        .await
        .expect(200);
    let path = format!("/games/{}/conditional", id(&game));
    // (player, ply, lines, status, code)
    let cases: Vec<(&Player, i64, Value, u16, &str)> = vec![
        (&ayse, 1, json!([[good[0], 0]]), 422, "illegal_line"),
        (&ayse, 1, json!([good, [good[0], 7]]), 422, "illegal_line"),
        (&ayse, 1, json!([good, rival]), 422, "conflicting_lines"),
        (&ayse, 1, json!([[good[0]]]), 422, "line_without_reply"),
        (&ayse, 1, json!([[]]), 422, "line_without_reply"),
        (&ayse, 0, json!([good]), 409, "stale_ply"),
        (&mehmet, 1, json!([good]), 409, "not_opponents_turn"),
        (&zeynep, 1, json!([good]), 403, "not_a_player"),
    ];
    for (player, ply, lines, status, code) in cases {
        let answer = app
            .put(
                &path,
                Some(&player.token),
                json!({"ply": ply, "lines": lines}),
            )
            .await;
        answer.expect_error(status, code);
    }
    let illegal = app
        .put(
            &path,
            Some(&ayse.token),
            json!({"ply": 1, "lines": [good, [good[0], 7]]}),
        )
        .await;
    assert_eq!(
        (
            &illegal.body["line"],
            &illegal.body["ply"],
            &illegal.body["reason"]
        ),
        (&json!(2), &json!(2), &json!("out_of_range"))
    );
    let conflicting = app
        .put(
            &path,
            Some(&ayse.token),
            json!({"ply": 1, "lines": [good, rival]}),
        )
        .await;
    assert_eq!(conflicting.body["lines"], json!([1, 2]));
    let too_many: Vec<Value> = (0..65).map(|_| json!(good)).collect();
    app.put(
        &path,
        Some(&ayse.token),
        json!({"ply": 1, "lines": too_many}),
    )
    .await
    .expect_error(422, "too_many_lines");
    app.put(&path, Some(&ayse.token), json!({"ply": 1, "lines": "2 3"}))
        .await
        .expect_error(422, "invalid_body");
    app.get(&path, Some(&zeynep.token))
        .await
        .expect_error(403, "not_a_player");
    app.get(&path, None).await.expect_error(401, "unauthorized");
    // Nothing changed: the first lines stand, and are played.
    assert_eq!(
        lines_of(&app, &ayse, &game).await,
        json!({"ply": 1, "lines": [good], "played": []})
    );
    let after = app
        .play(&mehmet, &game, u64::from(good[0]))
        .await
        .expect(201);
    assert_eq!(after["ply"], 3);
}

async fn no_other_account_learns_of_a_players_lines_or_of_the_moves_played_from_them(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let game = opened(&app, &ayse, &mehmet).await;
    let gid = id(&game);
    let e1 = engine_of(&game);
    let (first, second) = (line(&e1, &[0, 0]), line(&e1, &[1, 0]));
    let reads = [
        format!("/games/{gid}"),
        format!("/games/{gid}/record"),
        "/games?player=ayse".to_owned(),
        "/me/export".to_owned(),
        format!("/games/{gid}/conditional"),
    ];
    let read_all = |who: &'static str| {
        let (app, reads) = (&app, &reads);
        let token = match who {
            "mehmet" => Some(mehmet.token.clone()),
            "zeynep" => Some(zeynep.token.clone()),
            _ => None,
        };
        async move {
            let mut answers = Vec::new();
            for path in reads {
                let answer = app.get(path, token.as_deref()).await;
                answers.push((path.clone(), answer.status.as_u16(), answer.body));
            }
            answers
        }
    };
    let before = (
        read_all("mehmet").await,
        read_all("zeynep").await,
        read_all("anyone").await,
    );
    let events_before = events_of(&app, &mehmet).await;
    put_lines(&app, &ayse, &game, json!([first, second]))
        .await
        .expect(200);
    let after = (
        read_all("mehmet").await,
        read_all("zeynep").await,
        read_all("anyone").await,
    );
    assert_eq!(
        before, after,
        "setting lines shows nowhere but to their owner"
    );
    assert_eq!(events_of(&app, &mehmet).await, events_before);
    // Once played, the move is there for all, but not that it came from a line.
    let played = app
        .play(&mehmet, &game, u64::from(first[0]))
        .await
        .expect(201);
    let mine = lines_of(&app, &mehmet, &played).await;
    assert_eq!(mine, json!({"ply": 3, "lines": [], "played": []}));
    for (path, _, body) in read_all("mehmet")
        .await
        .into_iter()
        .chain(read_all("zeynep").await)
    {
        if path.starts_with("/games/") && path.ends_with(&gid) || path.starts_with("/games?") {
            let mut found = Vec::new();
            keys(&body, &mut found);
            for secret in ["lines", "played", "conditional", "plan_rev", "from_line"] {
                assert!(
                    !found.contains(&secret.to_owned()),
                    "{path} tells of lines: {body}"
                );
            }
        }
    }
    for event in events_of(&app, &mehmet).await {
        assert!(
            !event.contains("lines") && !event.contains("played"),
            "{event}"
        );
    }
    let export = app.get("/me/export", Some(&mehmet.token)).await.expect(200);
    assert_eq!(export["conditional"], json!([]));
    assert_eq!(
        lines_of(&app, &ayse, &played).await,
        json!({"ply": 3, "lines": [], "played": [3]})
    );
    // The owner's export holds the lines in force.
    let next = line(&engine_of(&played), &[0, 0]);
    put_lines(&app, &ayse, &played, json!([next]))
        .await
        .expect(200);
    let export = app.get("/me/export", Some(&ayse.token)).await.expect(200);
    assert_eq!(
        export["conditional"],
        json!([{"game": gid, "ply": 3, "lines": [next]}])
    );
}

/// The events stored for `player` (their kinds and payloads), read from the database.
async fn events_of(app: &TestApp, player: &Player) -> Vec<String> {
    let account = app
        .service
        .account(&player.username)
        .await
        .expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .map(|e| format!("{:?}", e))
        .collect()
}

async fn racing_a_normal_move_by_the_owner_and_lines_set_during_the_opponents_move_apply_exactly_once(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    for _ in 0..6 {
        let game = opened(&app, &ayse, &mehmet).await;
        let planned = line(&engine_of(&game), &[0, 0]);
        // Lines set while the opponent moves: either they stand before the move and
        // are played, or they come too late and are refused.
        let (set, moved) = tokio::join!(
            put_lines(&app, &ayse, &game, json!([planned])),
            app.play(&mehmet, &game, u64::from(planned[0]))
        );
        let after = moved.expect(201);
        let now = app.game(&id(&game)).await;
        match set.status.as_u16() {
            200 => {
                assert_eq!(now["ply"], 3, "lines set were played: {now}");
                assert_eq!(now["moves"][2]["pit"], planned[1]);
            }
            409 => {
                set.expect_error(409, "stale_ply");
                assert_eq!(now["ply"], 2, "lines refused were not played: {now}");
            }
            other => panic!("lines answered {other}: {}", set.body),
        }
        assert_eq!(after, now);
        // Bring the game to mehmet's turn.
        let now = if now["to_move"] == "south" {
            let pit = plains(&engine_of(&now))[0];
            app.play(&ayse, &now, u64::from(pit)).await.expect(201)
        } else {
            now
        };
        // The owner's own move, sent for the ply after the opponent's, races the
        // line's reply: one of the two is applied, never both.
        let planned = line(&engine_of(&now), &[0, 0]);
        put_lines(&app, &ayse, &now, json!([planned]))
            .await
            .expect(200);
        let mut raced = now.clone();
        let start = now["ply"].as_u64().expect("a ply");
        raced["ply"] = json!(start + 1);
        let own_pit = *plains(&crate::conditional::after(&engine_of(&now), planned[0]))
            .iter()
            .find(|&&p| p != planned[1])
            .unwrap_or(&planned[1]);
        let (moved, own) = tokio::join!(
            app.play(&mehmet, &now, u64::from(planned[0])),
            app.play(&ayse, &raced, u64::from(own_pit))
        );
        moved.expect(201);
        let end = app.game(&id(&game)).await;
        assert_eq!(end["ply"], start + 2, "{end}");
        assert_eq!(end["moves"][start as usize + 1]["pit"], planned[1]);
        if own_pit == planned[1] {
            assert!(matches!(own.status.as_u16(), 200 | 409), "{}", own.body);
        } else {
            assert_eq!(own.status.as_u16(), 409, "{}", own.body);
        }
    }
}

/// `game` after `pit`.
pub(crate) fn after(game: &seedpost_rules::Game, pit: u8) -> seedpost_rules::Game {
    let mut game = game.clone();
    game.play(Pit::new(pit).expect("a pit")).expect("legal");
    game
}

async fn a_line_set_on_one_instance_is_played_by_a_move_on_another(app: TestApp) {
    let other = TestApp::start_with(app.instance())
        .await
        .expect("a second instance");
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = opened(&app, &ayse, &mehmet).await;
    let planned = line(&engine_of(&game), &[0, 0, 0, 0]);
    // The other instance holds a copy of the game from before the lines.
    assert_eq!(other.game(&id(&game)).await, game);
    put_lines(&app, &ayse, &game, json!([planned]))
        .await
        .expect(200);
    let after = other
        .play(&mehmet, &game, u64::from(planned[0]))
        .await
        .expect(201);
    assert_eq!(after["ply"], 3);
    assert_eq!(after["moves"][2]["pit"], planned[1]);
    // And the other way round.
    assert_eq!(
        lines_of(&other, &ayse, &after).await,
        json!({"ply": 3, "lines": [&planned[2..]], "played": [3]})
    );
    let after = app
        .play(&mehmet, &after, u64::from(planned[2]))
        .await
        .expect(201);
    assert_eq!(after["ply"], 5);
    assert_eq!(after["moves"][4]["pit"], planned[3]);
    assert_eq!(other.game(&id(&game)).await, after);
}

/// Lines from `game`, North to move, covering every way North's turn may go, each
/// answered by South's first legal pit.
fn cover(game: &seedpost_rules::Game) -> Vec<Vec<u8>> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let legal: Vec<u8> = (1..=6)
        .filter(|&n| game.position().is_legal(Pit::new(n).expect("a pit")))
        .collect();
    if game.position().to_move() == Some(Side::South) {
        return legal.first().map(|&p| vec![vec![p]]).unwrap_or_default();
    }
    let mut lines = Vec::new();
    for p in legal {
        for tail in cover(&after(game, p)) {
            lines.push(std::iter::once(p).chain(tail).collect());
        }
    }
    lines
}

async fn a_players_lines_against_a_house_bot_are_played_at_once_after_the_bots_move(app: TestApp) {
    app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "mangala", "first": "challenger", "opponent": "house-random"}),
        )
        .await
        .expect(201);
    app.service.run_house_bots_once().await.expect("a round");
    let challenge = app
        .get(
            &format!("/challenges/{}", challenge["id"].as_str().expect("an id")),
            Some(&ayse.token),
        )
        .await
        .expect(200);
    let gid = challenge["game_id"].as_str().expect("a game").to_owned();
    let game = app.game(&gid).await;
    // Ayse (South) moves; then, while the bot is to move, she answers every move it
    // may make.
    let game = app
        .play(&ayse, &game, u64::from(plains(&engine_of(&game))[0]))
        .await
        .expect(201);
    let lines = cover(&engine_of(&game));
    assert!(!lines.is_empty() && lines.len() <= 64, "{lines:?}");
    put_lines(&app, &ayse, &game, json!(lines))
        .await
        .expect(200);
    let round = app.service.run_house_bots_once().await.expect("a round");
    assert!(round.moved >= 1, "the bot moves: {round:?}");
    let now = app.game(&gid).await;
    let mine = lines_of(&app, &ayse, &now).await;
    assert_eq!(
        mine["played"].as_array().map(Vec::len),
        Some(1),
        "{mine} {now}"
    );
    let played = mine["played"][0].as_u64().expect("a ply") as usize;
    assert_eq!(now["moves"][played - 1]["side"], "south", "{now}");
}

/// Every key of every object in `value`.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}
