//! Challenges and games in the browser without JavaScript.

use reqwest::StatusCode;
use seedpost_rules::IllegalMove;

use crate::helpers::{Browser, Page, Server, ayse_v_mehmet, start_game};
use crate::on_both_backends;

/// The counts drawn on the page, per side (`south`/`north`) and pit number.
fn drawn(page: &Page, side: &str) -> Vec<u64> {
    let mut pits: Vec<(u64, u64)> = page
        .all(&format!(".pit[data-side='{side}']"))
        .iter()
        .map(|e| {
            let v = e.value();
            let n = |a: &str| v.attr(a).and_then(|x| x.parse().ok()).expect("a number");
            (n("data-pit"), n("data-count"))
        })
        .collect();
    pits.sort_unstable();
    pits.into_iter().map(|(_, c)| c).collect()
}

fn json_row(game: &serde_json::Value, side: &str) -> Vec<u64> {
    game["board"][side]
        .as_array()
        .expect("a row")
        .iter()
        .map(|v| v.as_u64().expect("a count"))
        .collect()
}

/// The legal pits offered as buttons.
fn offered(page: &Page) -> Vec<String> {
    page.all("form.move button.pit")
        .iter()
        .map(|b| b.value().attr("value").unwrap_or_default().to_owned())
        .collect()
}

async fn a_game_is_played_from_sign_up_to_its_end_without_javascript(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;

    let mut plies = 0;
    loop {
        let (a, m) = (ayse.get(&game).await, mehmet.get(&game).await);
        if a.count("#result") > 0 {
            assert_eq!(a.count("button.pit") + m.count("button.pit"), 0);
            break;
        }
        let (mover, page) = if a.count("form.move") > 0 {
            (&ayse, a)
        } else {
            (&mehmet, m)
        };
        assert_eq!(page.text("#status"), "Your turn.");
        let pits = offered(&page);
        assert!(!pits.is_empty(), "a side to move has a move: {}", page.body);
        let after = mover.press(&page.form("form.move"), "pit", &pits[0]).await;
        assert_eq!(after.status, StatusCode::OK, "{}", after.body);
        plies += 1;
        if plies == 60 {
            // Long enough: finish by resigning, through its confirmation step.
            let confirm = mover.get(&format!("{game}/resign")).await;
            assert_eq!(confirm.text("h1"), "Resign this game?");
            let over = mover.submit(&confirm.form("form[action$='/resign']")).await;
            assert_eq!(over.status, StatusCode::OK);
        }
    }
    let end = ayse.get(&game).await;
    assert_eq!(end.text("#status"), "Game over.");
    let result = end.text("#result");
    assert!(
        result.contains("won") || result.contains("Draw"),
        "{result}"
    );
    assert!(end.count(".moves li") >= 2);
    let json = ayse.api(&game).await;
    assert_eq!(json["status"], "finished");
    // The standings and the player pages count it.
    let standings = ayse.get("/standings?variant=tihbat").await;
    assert_eq!(standings.count("table.standings tbody tr"), 2);
    let player = ayse.get("/players/mehmet").await;
    assert_eq!(player.text("h1"), "mehmet");
    assert!(player.count("ul.games li") >= 1);
}

async fn the_board_shows_the_pits_of_the_game_json(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    for pit in ["3", "6"] {
        let page = ayse.get(&game).await;
        if page.count("form.move") == 0 {
            break;
        }
        ayse.press(&page.form("form.move"), "pit", pit).await;
    }
    let page = mehmet.get(&game).await;
    let json = mehmet.api(&game).await;
    for side in ["south", "north"] {
        assert_eq!(drawn(&page, side), json_row(&json, side), "{side}");
    }
    // Each pit draws as many stones as it counts.
    for pit in page.all(".pit") {
        let count: usize = pit
            .value()
            .attr("data-count")
            .and_then(|c| c.parse().ok())
            .expect("a count");
        let stones = pit.select(&crate::helpers::sel("circle.stone")).count();
        assert_eq!(stones, count);
    }
    // Mehmet (North) sees his own row at the bottom, numbered from his left.
    let bottom: Vec<String> = page
        .all(".pit.bottom")
        .iter()
        .map(|e| {
            format!(
                "{}{}",
                e.value().attr("data-side").unwrap_or(""),
                e.value().attr("data-pit").unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        bottom,
        ["north1", "north2", "north3", "north4", "north5", "north6"]
    );
    let top: Vec<&str> = page
        .all(".pit.top")
        .iter()
        .filter_map(|e| e.value().attr("data-pit"))
        .collect();
    assert_eq!(top, ["6", "5", "4", "3", "2", "1"]);
    assert_eq!(
        page.text(".bottom-store .count"),
        json["store"]["north"].to_string()
    );
    // The last move is marked.
    assert_eq!(page.count(".pit.last"), 1);
    // A spectator sees South at the bottom.
    let spectator = Browser::new(&server).get(&game).await;
    assert_eq!(spectator.attr(".pit.bottom", "data-side"), "south");
    let last = json["moves"]
        .as_array()
        .and_then(|m| m.last())
        .expect("moves");
    let notation = format!(
        "{}{}",
        if last["side"] == "south" { "S" } else { "N" },
        last["pit"]
            .as_u64()
            .map_or("-".to_owned(), |p| p.to_string())
    );
    assert_eq!(spectator.text(".moves li.last"), notation);
}

async fn only_the_player_to_move_is_offered_the_legal_pits(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;

    let mover = ayse.get(&game).await;
    assert_eq!(offered(&mover), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(
        mover.attr("button.pit[value='3']", "aria-label"),
        "Play pit 3, 4 stones"
    );
    assert_eq!(mover.attr("form.move input[name=ply]", "value"), "0");

    for (who, page) in [
        ("the opponent", mehmet.get(&game).await),
        ("another player", zeynep.get(&game).await),
        ("a visitor", Browser::new(&server).get(&game).await),
    ] {
        assert_eq!(page.status, StatusCode::OK, "{who}");
        assert_eq!(page.count("button.pit"), 0, "{who} sees no move buttons");
        assert_eq!(page.count("form.move"), 0, "{who}");
        assert_eq!(page.count(".pit"), 12, "{who} sees the board");
    }
    assert_eq!(
        mehmet.get(&game).await.text("#status"),
        "ayse (South) to move."
    );

    // The opponent's forged post is refused and changes nothing.
    let forged = mover.form("form.move");
    let theirs = mehmet.get(&game).await;
    let mut as_mehmet = forged.clone().set("pit", "1");
    as_mehmet = as_mehmet.set(
        "csrf",
        &theirs.attr("form[action='/logout'] input[name=csrf]", "value"),
    );
    let refused = mehmet.submit(&as_mehmet).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.text("#move-error"), "It is not your turn");
    assert_eq!(mehmet.api(&game).await["ply"], 0);
}

async fn a_forged_illegal_move_shows_the_engines_reason(server: Server) {
    let (ayse, _, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let page = ayse.get(&game).await;
    let refused = ayse.press(&page.form("form.move"), "pit", "7").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let reason = refused.text("#move-error");
    assert!(
        reason.contains(&IllegalMove::OutOfRange.to_string()),
        "{reason}"
    );
    assert_eq!(offered(&refused).len(), 6, "the board is offered again");
    assert_eq!(ayse.api(&game).await["ply"], 0);
}

async fn resigning_and_aborting_ask_first(server: Server) {
    let (_, mehmet, game) = ayse_v_mehmet(&server, "modiar", "opponent").await;
    let page = mehmet.get(&game).await;
    assert_eq!(
        page.attr("a[href$='/abort']", "href"),
        format!("{game}/abort")
    );
    let confirm = mehmet.get(&format!("{game}/abort")).await;
    assert_eq!(confirm.text("h1"), "Abort this game?");
    assert_eq!(
        mehmet.api(&game).await["status"],
        "ongoing",
        "asking changes nothing"
    );
    let aborted = mehmet.submit(&confirm.form("form[action$='/abort']")).await;
    assert_eq!(aborted.status, StatusCode::OK);
    assert_eq!(aborted.text("#result"), "Aborted: no points.");
    assert_eq!(mehmet.api(&game).await["status"], "aborted");
}

async fn a_challenge_form_error_keeps_the_choices(server: Server) {
    let ayse = Browser::new(&server);
    let home = ayse.sign_up("ayse").await;
    let page = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "modiar")
                .set("days_per_move", "7")
                .set("opponent", "nobody"),
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text("#challenge-error").contains("nobody"));
    // On a phone the form is screens below: the reason comes first, linking to it.
    assert_eq!(
        page.attr("main > p.form-alert:first-child a", "href"),
        "#challenge-error"
    );
    assert_eq!(page.count("[role=alert]"), 1, "announced once");

    assert_eq!(
        page.attr("select[name=variant] option[selected]", "value"),
        "modiar"
    );
    assert_eq!(
        page.attr("select[name=days_per_move] option[selected]", "value"),
        "7"
    );
    assert_eq!(
        page.attr("#new-challenge input[name=opponent]", "value"),
        "nobody"
    );
}

async fn the_live_stream_announces_each_move(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let mut stream = reqwest::Client::new()
        .get(format!("{}{game}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);
    assert_eq!(
        stream.headers()["content-type"]
            .to_str()
            .unwrap_or_default(),
        "text/event-stream"
    );
    let page = ayse.get(&game).await;
    ayse.press(&page.form("form.move"), "pit", "1").await;
    let mut received = String::new();
    while !received.contains("\n\n") {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), stream.chunk())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("a chunk");
        received.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(received.contains("event: changed"), "{received}");
    let ply = ayse.api(&game).await["ply"].to_string();
    assert!(received.contains(&format!("data: {ply}")), "{received}");
    // The fragment the page fetches then holds the new board.
    let fragment = mehmet.get(&format!("{game}/board")).await;
    assert_eq!(fragment.attr("#live", "data-ply"), ply);
}

on_both_backends!(
    aborting_is_not_asked_by_its_address_once_both_sides_moved_and_the_refusal_is_translated,
    a_game_is_played_from_sign_up_to_its_end_without_javascript,
    the_board_shows_the_pits_of_the_game_json,
    only_the_player_to_move_is_offered_the_legal_pits,
    a_forged_illegal_move_shows_the_engines_reason,
    resigning_and_aborting_ask_first,
    a_challenge_form_error_keeps_the_choices,
    the_live_stream_announces_each_move,
    the_game_page_says_when_time_is_running_out,
    each_move_links_to_the_position_after_it_which_is_the_replay_of_the_moves_before,
    a_move_sent_for_an_old_position_returns_to_the_game_saying_the_opponent_moved,
    a_mangala_sowing_that_ends_in_the_store_says_to_move_again,
    a_rematch_offers_the_same_game_to_the_opponent_who_now_moves_first,
    a_rematch_says_it_is_one_in_both_players_challenge_lists_and_its_json_names_the_game,
);

async fn the_game_page_says_when_time_is_running_out(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    // Three days a move (the form's default): running out in the last 14.4 hours.
    let game = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
    let deadline = ayse.get(&game).await.text(".deadline");
    assert!(!deadline.contains("running out"), "{deadline}");
    server.clock.advance(chrono::TimeDelta::hours(58));
    let deadline = ayse.get(&game).await.text(".deadline");
    assert!(deadline.contains("time is running out"), "{deadline}");
}

/// The plies of the game JSON, as the engine takes them.
fn json_plies(game: &serde_json::Value) -> Vec<seedpost_rules::Ply> {
    game["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let side: seedpost_rules::Side = m["side"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .expect("a side");
            match m["pit"]
                .as_u64()
                .and_then(|p| u8::try_from(p).ok())
                .and_then(seedpost_rules::Pit::new)
            {
                Some(pit) => seedpost_rules::Ply::Sow { side, pit },
                None => seedpost_rules::Ply::Pass { side },
            }
        })
        .collect()
}

/// Both players play the first pit each is offered, `plies` times.
async fn play_some(players: [&Browser; 2], game: &str, plies: usize) {
    for _ in 0..plies {
        let mut moved = false;
        for player in players {
            let page = player.get(game).await;
            if page.count("form.move") > 0 {
                let pits = offered(&page);
                player.press(&page.form("form.move"), "pit", &pits[0]).await;
                moved = true;
                break;
            }
        }
        assert!(moved, "someone is to move");
    }
}

async fn each_move_links_to_the_position_after_it_which_is_the_replay_of_the_moves_before(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    play_some([&ayse, &mehmet], &game, 7).await;
    let json = ayse.api(&game).await;
    let plies = json_plies(&json);
    let total = plies.len();
    assert!(total >= 7);

    let live = ayse.get(&game).await;
    let links: Vec<String> = live
        .all(".moves li a")
        .iter()
        .map(|a| a.value().attr("href").unwrap_or_default().to_owned())
        .collect();
    let expected: Vec<String> = (1..=total).map(|n| format!("{game}?ply={n}")).collect();
    assert_eq!(links, expected);
    assert_eq!(
        live.count("#step"),
        0,
        "the live position is not a step back"
    );
    assert_eq!(
        live.attr("a[rel=prev]", "href"),
        format!("{game}?ply={}", total - 1)
    );

    let first = plies[0].side();
    for n in 0..=total {
        // The mover too sees the earlier position, and no move is offered on it.
        let page = ayse.get(&format!("{game}?ply={n}")).await;
        assert_eq!(page.status, StatusCode::OK, "ply {n}");
        let replay =
            seedpost_rules::Game::replay(seedpost_rules::Variant::Mangala, first, &plies[..n])
                .expect("the moves replay");
        let position = replay.position();
        for side in seedpost_rules::Side::ALL {
            let drawn_row = drawn(&page, side.as_str());
            let replayed_row: Vec<u64> = position.row(side).iter().map(|&c| u64::from(c)).collect();
            assert_eq!(drawn_row, replayed_row, "ply {n}, {side:?}");
            assert_eq!(
                page.text(&format!(".store.{} .count", side.as_str())),
                position.stores().get(side).to_string(),
                "ply {n}, {side:?}'s store"
            );
        }
        // The move that led there is highlighted, on the board and in the list.
        let last_sown = plies[..n]
            .iter()
            .rev()
            .find_map(|p| p.pit().map(|pit| (p.side(), pit)));
        match last_sown {
            Some((side, pit)) => {
                assert_eq!(page.count(".pit.last"), 1, "ply {n}");
                assert_eq!(page.attr(".pit.last", "data-side"), side.as_str());
                assert_eq!(page.attr(".pit.last", "data-pit"), pit.number().to_string());
            }
            None => assert_eq!(page.count(".pit.last"), 0, "ply {n}"),
        }
        if n == 0 {
            assert_eq!(page.count(".moves li.shown"), 0);
        } else {
            assert_eq!(
                page.text(".moves li.shown"),
                plies[n - 1].to_string(),
                "ply {n}"
            );
            assert_eq!(
                page.attr(".moves li.shown a", "aria-current"),
                "step",
                "ply {n}"
            );
        }
        if n < total {
            assert_eq!(
                page.count("form.move"),
                0,
                "ply {n}: no move on an old position"
            );
            assert_eq!(page.attr("#back-to-live", "href"), game, "ply {n}");
            assert!(
                page.text("#step").contains(&format!("move {n} of {total}")),
                "ply {n}"
            );
            let next = if n + 1 == total {
                game.clone()
            } else {
                format!("{game}?ply={}", n + 1)
            };
            assert_eq!(page.attr("a[rel=next]", "href"), next, "ply {n}");
        } else {
            assert_eq!(page.count("#step"), 0, "ply {total} is the live position");
        }
    }

    // Asking for a move the game does not have is a clear error and changes nothing.
    for bad in ["abc", "-1", "1.5", &(total + 1).to_string()] {
        let page = ayse.get(&format!("{game}?ply={bad}")).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "?ply={bad}");
        let message = page.text("p.alert");
        assert!(
            message.contains(&format!("from 0 (the start) to {total}")),
            "?ply={bad}: {message}"
        );
    }
    assert_eq!(ayse.api(&game).await["ply"], json["ply"]);
}

async fn a_move_sent_for_an_old_position_returns_to_the_game_saying_the_opponent_moved(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "modiar", "challenger").await;
    let first = ayse.get(&game).await;
    let old_form = first.form("form.move");
    ayse.press(&old_form, "pit", "1").await;
    play_some([&mehmet, &mehmet], &game, 1).await;
    let before = ayse.api(&game).await;

    // Ayse's other tab still shows the start and sends a move from it.
    let stale = ayse.press(&old_form, "pit", "2").await;
    assert_eq!(stale.status, StatusCode::OK, "{}", stale.body);
    assert_eq!(
        stale.url,
        format!("{}{game}", ayse.base),
        "back on the game's own address"
    );
    assert_eq!(
        stale.text("#notice"),
        "Your opponent moved meanwhile; here is the new position."
    );
    assert_eq!(stale.count("#move-error"), 0);
    assert!(
        !stale.text("#live").contains("ply"),
        "no jargon: {}",
        stale.text("#live")
    );
    assert_eq!(stale.attr("#live", "data-ply"), before["ply"].to_string());
    assert_eq!(
        ayse.api(&game).await,
        before,
        "the stale move changed nothing"
    );
    // The notice is said once.
    assert_eq!(ayse.get(&game).await.count("#notice"), 0);

    // A move sent after the game ended says so, the same way.
    let open = ayse.get(&game).await;
    let resign = mehmet.get(&format!("{game}/resign")).await;
    mehmet.submit(&resign.form("form[action$='/resign']")).await;
    let late = ayse
        .press(&open.form("form.move"), "pit", &offered(&open)[0])
        .await;
    assert_eq!(late.status, StatusCode::OK);
    assert_eq!(late.url, format!("{}{game}", ayse.base));
    assert_eq!(
        late.text("#notice"),
        "The game ended meanwhile; here is how it stands."
    );
    assert_eq!(late.count("#result"), 1);
}

async fn a_mangala_sowing_that_ends_in_the_store_says_to_move_again(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let start = ayse.get(&game).await;
    assert_eq!(start.count("#extra-move"), 0);
    // Pit 4's four stones: the first back into pit 4, then 5, 6 and the store.
    let again = ayse.press(&start.form("form.move"), "pit", "4").await;
    assert_eq!(
        ayse.api(&game).await["to_move"],
        "south",
        "the rules give another move"
    );
    assert_eq!(again.text("#status"), "Your turn.");
    assert_eq!(
        again.text("#extra-move"),
        "Your last stone landed in your store: move again."
    );
    assert_eq!(
        mehmet.get(&game).await.text("#extra-move"),
        "ayse's last stone landed in their store: ayse moves again."
    );
    // Pit 1's four stones end in pit 4: Mehmet's turn, nothing to explain.
    let after = ayse.press(&again.form("form.move"), "pit", "1").await;
    assert_eq!(ayse.api(&game).await["to_move"], "north");
    assert_eq!(after.count("#extra-move"), 0);
}

async fn a_rematch_offers_the_same_game_to_the_opponent_who_now_moves_first(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "modiar", "challenger").await;
    let old = ayse.api(&game).await;
    assert_eq!(old["first"], "south", "ayse (South) moves first");
    let playing = ayse.get(&game).await;
    assert_eq!(
        playing.count("#rematch"),
        0,
        "no rematch while the game goes on"
    );
    // Not before the end, even forged.
    let early = ayse
        .submit(&crate::helpers::Form {
            action: format!("{game}/rematch"),
            fields: vec![(
                "csrf".to_owned(),
                playing.attr("form[action='/logout'] input[name=csrf]", "value"),
            )],
        })
        .await;
    assert_eq!(early.status, StatusCode::CONFLICT);

    let resign = mehmet.get(&format!("{game}/resign")).await;
    mehmet.submit(&resign.form("form[action$='/resign']")).await;
    let over = ayse.get(&game).await;
    assert!(
        over.text("#rematch").contains("mehmet moving first"),
        "{}",
        over.text("#rematch")
    );
    assert_eq!(zeynep.get(&game).await.count("#rematch"), 0, "only players");
    let offered = ayse.submit(&over.form("form[action$='/rematch']")).await;
    assert_eq!(offered.status, StatusCode::OK);
    assert!(
        offered
            .text("#rematch")
            .contains("You offered mehmet a rematch")
    );
    // Offering twice makes one challenge.
    let again = ayse
        .submit(&crate::helpers::Form {
            action: format!("{game}/rematch"),
            fields: vec![(
                "csrf".to_owned(),
                offered.attr("form[action='/logout'] input[name=csrf]", "value"),
            )],
        })
        .await;
    assert_eq!(again.status, StatusCode::OK);

    // Mehmet sees it in his list and on the game page.
    let home = mehmet.get("/").await;
    assert_eq!(home.count(".challenge-to-me"), 1, "{}", home.body);
    let theirs = mehmet.get(&game).await;
    assert!(
        theirs
            .text("#rematch")
            .contains("ayse offers a rematch, you moving first"),
        "{}",
        theirs.text("#rematch")
    );
    let started = mehmet
        .submit(&theirs.form("#rematch form[action$='/accept']"))
        .await;
    assert_eq!(started.status, StatusCode::OK);
    let path = started.url.trim_start_matches(&mehmet.base).to_owned();
    assert!(path.starts_with("/games/") && path != game, "{path}");
    let new = mehmet.api(&path).await;
    assert_eq!(new["variant"], "modiar");
    assert_eq!(new["days_per_move"], old["days_per_move"]);
    assert_eq!(new["rated"], old["rated"]);
    assert_eq!(new["players"]["south"], "ayse");
    assert_eq!(
        new["first"], "north",
        "mehmet, second before, moves first now"
    );
    assert_eq!(started.text("#status"), "Your turn.");
}

async fn a_rematch_says_it_is_one_in_both_players_challenge_lists_and_its_json_names_the_game(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "modiar", "challenger").await;
    let resign = mehmet.get(&format!("{game}/resign")).await;
    mehmet.submit(&resign.form("form[action$='/resign']")).await;
    let over = ayse.get(&game).await;
    let offered = ayse.submit(&over.form("form[action$='/rematch']")).await;
    assert_eq!(offered.status, StatusCode::OK);
    // A plain challenge between the same two, on other terms, is no rematch.
    let account = server.service.account("ayse").await.expect("ayse");
    server
        .service
        .create_challenge(
            &account,
            seedpost::challenges::service::ChallengeRequest {
                variant: "tihbat".to_owned(),
                days_per_move: None,
                first: None,
                opponent: Some("mehmet".to_owned()),
                rated: false,
                weekend_pause: false,
                games: None,
                schedule: None,
                stop_when_decided: None,
            },
        )
        .await
        .expect("a plain challenge");

    let theirs = mehmet.get("/").await;
    assert_eq!(theirs.count(".challenge-to-me"), 2, "{}", theirs.body);
    assert_eq!(
        theirs.count(".challenge-to-me .rematch"),
        1,
        "{}",
        theirs.body
    );
    assert_eq!(theirs.text(".challenge-to-me .rematch"), "Rematch");
    let mine = ayse.get("/").await;
    assert_eq!(mine.count(".challenge-mine"), 2, "{}", mine.body);
    assert_eq!(mine.count(".challenge-mine .rematch"), 1, "{}", mine.body);
    assert_eq!(mine.text(".challenge-mine .rematch"), "Rematch");

    let id = game.trim_start_matches("/games/").to_owned();
    let open = server
        .service
        .open_challenges(&account, seedpost::store::Page::first(10))
        .await
        .expect("the challenges");
    let marks: Vec<(String, Option<String>)> = open
        .iter()
        .map(seedpost::challenges::json::ChallengeJson::from)
        .map(|c| (c.variant.as_str().to_owned(), c.rematch_of))
        .collect();
    assert_eq!(marks.len(), 2, "{marks:?}");
    assert!(
        marks.contains(&("modiar".to_owned(), Some(id))),
        "{marks:?}"
    );
    assert!(marks.contains(&("tihbat".to_owned(), None)), "{marks:?}");
}

async fn aborting_is_not_asked_by_its_address_once_both_sides_moved_and_the_refusal_is_translated(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    play_some([&ayse, &mehmet], &game, 1).await;
    // One side moved: still asked.
    assert_eq!(
        mehmet.get(&format!("{game}/abort")).await.status,
        StatusCode::OK
    );
    play_some([&ayse, &mehmet], &game, 1).await;
    // Both moved: the page no longer asks a question whose answer is no.
    let page = mehmet.get(&format!("{game}/abort")).await;
    assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.body);
    assert_eq!(page.count("form[action$='/abort']"), 0);
    assert_eq!(
        page.text("main .alert"),
        "Both sides have moved: the game can no longer be aborted. Resigning is still possible."
    );
    // The error page knows who is signed in: their name, no "Log in · Sign up".
    assert_eq!(
        page.count("header.site a[href='/players/mehmet']"),
        1,
        "{}",
        page.body
    );
    assert_eq!(page.count("header.site a[href^='/login']"), 0);
    // In Turkish, in Turkish words; a refusal without words of its own says its
    // code in the page's language, not the API's English sentence.
    let turkish = mehmet.get(&format!("{game}/abort?lang=tr")).await;
    assert_eq!(
        turkish.text("main .alert"),
        "İki taraf da hamle yaptı: oyun artık iptal edilemez. Hâlâ terk edebilirsin."
    );
    let stranger = Browser::new(&server);
    stranger.sign_up("ceren").await;
    let greek = stranger.get(&format!("{game}/abort?lang=el")).await;
    assert_eq!(greek.status, StatusCode::FORBIDDEN);
    assert_eq!(greek.count("header.site a[href='/players/ceren']"), 1);
    assert!(
        !greek.text("main .alert").is_ascii(),
        "{}",
        greek.text("main .alert")
    );
    // Nor is it done by sending the form.
    assert_eq!(mehmet.api(&game).await["status"], "ongoing");
}
