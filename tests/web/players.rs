//! A player's page as others see it: whose move it is, in the viewer's words.

use crate::helpers::{Browser, Server, ayse_v_mehmet, start_game};
use crate::on_both_backends;

on_both_backends!(
    a_players_page_says_you_only_to_the_player_whose_move_it_is,
    a_result_reads_the_same_on_the_game_page_and_in_every_list,
    a_players_finished_games_are_listed_newest_first_by_game_and_result_a_page_at_a_time,
    the_standings_come_a_page_at_a_time_and_a_players_page_gives_their_place,
);

async fn a_players_page_says_you_only_to_the_player_whose_move_it_is(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    // Ayse moves first: it is her move.
    start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let stranger = Browser::new(&server);

    for (who, browser) in [
        ("a stranger", &stranger),
        ("zeynep", &zeynep),
        ("mehmet", &mehmet),
    ] {
        let page = browser.get("/players/ayse").await;
        let line = page.text("ul.games li");
        assert!(
            line.contains("ayse to move") && !line.contains("you"),
            "{who} reads: {line}"
        );
    }
    let own = ayse.get("/players/ayse").await.text("ul.games li");
    assert!(own.contains("you to move"), "ayse reads: {own}");
    // On his page Mehmet's game names both players, not "against ayse"... and on
    // hers, not "against mehmet" as if he played himself.
    let on_hers = mehmet.get("/players/ayse").await.text("ul.games li");
    assert!(
        !on_hers.contains("against") && on_hers.contains("ayse v mehmet"),
        "mehmet reads on ayse's page: {on_hers}"
    );
    let on_his = ayse.get("/players/mehmet").await.text("ul.games li");
    assert!(
        !on_his.contains("against") && on_his.contains("ayse v mehmet"),
        "ayse reads on mehmet's page: {on_his}"
    );
    // On her own page, her opponent.
    assert!(own.contains("against mehmet"), "ayse reads: {own}");
    // Her opponent's page says the same to each.
    let theirs = zeynep.get("/players/mehmet").await.text("ul.games li");
    assert!(theirs.contains("ayse to move"), "zeynep reads: {theirs}");
}

async fn a_result_reads_the_same_on_the_game_page_and_in_every_list(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    let page = ayse.get(&game).await;
    let pit = page.attr("form.move button.pit", "value");
    ayse.press(&page.form("form.move"), "pit", &pit).await;
    let confirm = mehmet.get(&format!("{game}/resign")).await;
    mehmet
        .submit(&confirm.form("form[action$='/resign']"))
        .await;

    let json = ayse.api(&game).await;
    let (hers, his) = if json["players"]["south"] == "ayse" {
        ("south", "north")
    } else {
        ("north", "south")
    };
    let stones = (
        &json["result"]["score"][hers],
        &json["result"]["score"][his],
    );
    // The winner first, then how, then the stones, the winner's first.
    let expected = format!(
        "ayse won by resignation, {} stones to {}.",
        stones.0, stones.1
    );
    let on_page = ayse.get(&game).await.text("#result");
    assert_eq!(on_page, expected);
    let stranger = Browser::new(&server);
    for (where_, browser, path) in [
        ("her page", &stranger, "/players/ayse"),
        ("his page", &mehmet, "/players/mehmet"),
        ("the welcome page", &stranger, "/"),
    ] {
        let list = browser.get(path).await;
        let line = list
            .all("ul.games li")
            .into_iter()
            .find(|li| li.inner_html().contains(game.as_str()))
            .unwrap_or_else(|| panic!("{where_} lists the game: {}", list.body));
        let status = line
            .select(&crate::helpers::sel(".status"))
            .next()
            .map(|s| s.text().collect::<String>())
            .unwrap_or_default();
        assert_eq!(status.trim(), expected, "{where_}");
        // No "ply" jargon; the time control is said.
        let text = line.text().collect::<String>();
        assert!(!text.contains("ply"), "{where_}: {text}");
        assert!(text.contains("3 days per move"), "{where_}: {text}");
    }
}

/// `who` resigns `game` through its confirmation page.
async fn resign(who: &Browser, game: &str) {
    let confirm = who.get(&format!("{game}/resign")).await;
    let over = who.submit(&confirm.form("form[action$='/resign']")).await;
    assert_eq!(over.status, reqwest::StatusCode::OK, "{}", over.body);
}

/// The game ids a finished games page lists, in order.
fn listed(page: &crate::helpers::Page) -> Vec<String> {
    page.all("ul.finished li .what > a")
        .iter()
        .filter_map(|a| a.value().attr("href"))
        .map(str::to_owned)
        .collect()
}

async fn a_players_finished_games_are_listed_newest_first_by_game_and_result_a_page_at_a_time(
    server: Server,
) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let minute = || chrono::Duration::minutes(1);

    // A Tihbat draw: both play pit 1 until the board of ply 3 comes back (RULES.md T7).
    let drawn = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
    for ply in 0..7 {
        let mover = if ply % 2 == 0 { &ayse } else { &mehmet };
        let page = mover.get(&drawn).await;
        mover.press(&page.form("form.move"), "pit", "1").await;
    }
    assert!(ayse.get(&drawn).await.text(".result").starts_with("Draw"));
    server.clock.advance(minute());
    let lost = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    resign(&ayse, &lost).await;
    server.clock.advance(minute());
    let won_modiar = start_game(&ayse, &mehmet, "mehmet", "modiar", "challenger").await;
    resign(&mehmet, &won_modiar).await;
    server.clock.advance(minute());
    let mut won = Vec::new();
    for _ in 0..20 {
        let game = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
        resign(&mehmet, &game).await;
        server.clock.advance(minute());
        won.push(game);
    }
    // Neither a game still played nor an aborted one is finished.
    let ongoing = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
    let aborted = start_game(&ayse, &mehmet, "mehmet", "modiar", "challenger").await;
    let confirm = ayse.get(&format!("{aborted}/abort")).await;
    ayse.submit(&confirm.form("form[action$='/abort']")).await;

    let player = Browser::new(&server).get("/players/ayse").await;
    assert_eq!(player.count("a[href='/players/ayse/games']"), 1);

    // Newest first, 20 to a page, and the rest on the next.
    let visitor = Browser::new(&server);
    let first = visitor.get("/players/ayse/games").await;
    assert_eq!(first.status, reqwest::StatusCode::OK);
    let mut newest: Vec<String> = won.iter().rev().cloned().collect();
    newest.extend([won_modiar.clone(), lost.clone(), drawn.clone()]);
    assert_eq!(listed(&first), newest[..20]);
    assert_eq!(first.count("a[rel=prev]"), 0);
    let older = first.attr("a[rel=next]", "href");
    let second = visitor.get(&older).await;
    assert_eq!(listed(&second), newest[20..]);
    assert_eq!(second.count("a[rel=next]"), 0);
    assert_eq!(
        second.attr("a[rel=prev]", "href"),
        "/players/ayse/games?page=1"
    );
    for not in [&ongoing, &aborted] {
        assert!(!first.body.contains(not.as_str()) && !second.body.contains(not.as_str()));
    }

    // By result, for the player whose list it is, and by game.
    let only = |page: crate::helpers::Page| {
        let lines = listed(&page);
        assert_eq!(lines.len(), 1, "{}", page.body);
        (lines[0].clone(), page.text("ul.finished li"))
    };
    let (game, line) = only(visitor.get("/players/ayse/games?result=drawn").await);
    assert_eq!(game, drawn);
    assert!(
        line.contains("Drawn 14\u{2013}14") && line.contains("Tihbat") && line.contains("mehmet"),
        "{line}"
    );
    let (game, line) = only(visitor.get("/players/ayse/games?result=lost").await);
    assert_eq!(game, lost);
    assert!(
        line.contains("Lost") && line.contains("Mangala") && line.contains("by resignation"),
        "{line}"
    );
    let (game, _) = only(
        visitor
            .get("/players/ayse/games?variant=modiar&result=won")
            .await,
    );
    assert_eq!(game, won_modiar);
    let (game, line) = only(visitor.get("/players/mehmet/games?variant=mangala").await);
    assert_eq!(game, lost);
    assert!(line.contains("Won") && line.contains("ayse"), "{line}");
    // The filter's form keeps what was chosen, and the pages keep the filter.
    let theirs = visitor.get("/players/mehmet/games?result=lost").await;
    assert_eq!(listed(&theirs).len(), 20);
    assert_eq!(theirs.attr("#result option[selected]", "value"), "lost");
    assert_eq!(
        theirs.attr("a[rel=next]", "href"),
        "/players/mehmet/games?page=2&result=lost"
    );
    let none = visitor
        .get("/players/ayse/games?variant=mangala&result=won")
        .await;
    assert_eq!(none.count("ul.finished li"), 0);
    assert!(none.text(".empty").contains("No finished games match"));

    for bad in ["?result=maybe", "?variant=chess", "?page=0", "?page=two"] {
        let page = visitor.get(&format!("/players/ayse/games{bad}")).await;
        assert_eq!(page.status, reqwest::StatusCode::BAD_REQUEST, "{bad}");
    }
    let nobody = visitor.get("/players/nobody/games").await;
    assert_eq!(nobody.status, reqwest::StatusCode::NOT_FOUND);
}

async fn the_standings_come_a_page_at_a_time_and_a_players_page_gives_their_place(server: Server) {
    let (ayse, _, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    resign(&ayse, &game).await;

    let visitor = Browser::new(&server);
    let first = visitor.get("/standings").await;
    assert_eq!(first.count("table.standings tbody tr"), 2);
    assert_eq!(first.count("nav.pager"), 0, "one page: no pager");
    // Past the last line: no lines, and the way back up.
    let second = visitor.get("/standings?variant=tihbat&page=2").await;
    assert_eq!(second.status, reqwest::StatusCode::OK);
    assert_eq!(second.count("table.standings tbody tr"), 0);
    assert_eq!(
        second.attr("nav.pager a[rel=prev]", "href"),
        "/standings?variant=tihbat&page=1"
    );
    assert_eq!(second.count("nav.pager a[rel=next]"), 0);
    for bad in ["0", "x", "-1"] {
        let refused = visitor.get(&format!("/standings?page={bad}")).await;
        assert_eq!(refused.status, reqwest::StatusCode::BAD_REQUEST, "{bad}");
    }
    // Mehmet is first of all and of Tihbat; ayse second; neither plays Mangala.
    let places = |page: &crate::helpers::Page| -> Vec<String> {
        page.all("table tbody tr")
            .iter()
            .map(|row| {
                row.text()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let mehmets = places(&visitor.get("/players/mehmet").await);
    let ayses = places(&visitor.get("/players/ayse").await);
    assert!(
        mehmets.iter().any(|r| r.starts_with("Tihbat 1 1 0 0 1 1")),
        "{mehmets:?}"
    );
    assert!(
        ayses.iter().any(|r| r.starts_with("Tihbat 1 0 0 1 0 2")),
        "{ayses:?}"
    );
}
