//! Challenges and games in the browser without JavaScript.

use reqwest::StatusCode;
use seedpost_rules::IllegalMove;

use crate::helpers::{Browser, Page, Server, start_game};
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
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;

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
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
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
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
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
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "modiar", "opponent").await;
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
    assert_eq!(
        page.attr("select[name=variant] option[selected]", "value"),
        "modiar"
    );
    assert_eq!(
        page.attr("select[name=days_per_move] option[selected]", "value"),
        "7"
    );
    assert_eq!(page.attr("input[name=opponent]", "value"), "nobody");
}

async fn the_live_stream_announces_each_move(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
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
    a_game_is_played_from_sign_up_to_its_end_without_javascript,
    the_board_shows_the_pits_of_the_game_json,
    only_the_player_to_move_is_offered_the_legal_pits,
    a_forged_illegal_move_shows_the_engines_reason,
    resigning_and_aborting_ask_first,
    a_challenge_form_error_keeps_the_choices,
    the_live_stream_announces_each_move,
    the_game_page_says_when_time_is_running_out,
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
