//! Matches in the browser: the challenge form's match options, the match page with
//! its games and score, and each game's page linking to its match.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

on_both_backends!(a_match_from_the_form_has_a_page_with_its_games_and_score);

async fn a_match_from_the_form_has_a_page_with_its_games_and_score(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let home = ayse.get("/").await;
    assert_eq!(
        home.attr(
            "form#new-challenge select[name=games] option[selected]",
            "value"
        ),
        "1",
        "one game unless asked"
    );
    assert_eq!(
        home.count("form#new-challenge input[type=checkbox][name=stop_when_decided][checked]"),
        1
    );
    // A refused number of games keeps the form with the reason.
    let refused = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "mangala")
                .set("opponent", "mehmet")
                .set("games", "12"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.text("#challenge-error").contains("1 to 9 games"),
        "{}",
        refused.body
    );
    let after = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "mangala")
                .set("first", "challenger")
                .set("opponent", "mehmet")
                .without("rated")
                .without("weekend_pause")
                .set("games", "5")
                .set("schedule", "sequential"),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let theirs = mehmet.get("/").await;
    assert!(
        theirs
            .text(".challenge-to-me")
            .contains("a match of 5 games one after another, ending once decided"),
        "{}",
        theirs.body
    );
    let game = mehmet
        .submit(&theirs.form(".challenge-to-me form[action$='/accept']"))
        .await;
    let game_path = game.url.trim_start_matches(&mehmet.base).to_owned();
    assert_eq!(game.text("#match-link"), "Game 1 of 5 of the match");
    let match_path = game.attr("#match-link", "href");
    assert!(match_path.starts_with("/matches/"), "{match_path}");

    // Mehmet resigns game 1: the match page shows it won by Ayse, and game 2.
    let account = server.service.account("mehmet").await.expect("mehmet");
    let id = game_path
        .trim_start_matches("/games/")
        .parse()
        .expect("a game id");
    server
        .service
        .resign(&account, id)
        .await
        .expect("mehmet resigns");
    let page = ayse.get(&match_path).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text("#match-score"), "ayse 1 – 0 mehmet");
    assert_eq!(page.text("#match-standing"), "Under way");
    assert_eq!(page.count("table.match-games tbody tr"), 2);
    let first_row = page.text("table.match-games tbody tr:first-child");
    assert!(first_row.contains("Won by ayse"), "{first_row}");
    let second = page.attr("table.match-games tbody tr:nth-child(2) a", "href");
    let game2 = ayse.get(&second).await;
    assert_eq!(game2.text("#match-link"), "Game 2 of 5 of the match");
    assert!(
        page.text("table.match-games tbody tr:nth-child(2)")
            .contains("mehmet"),
        "mehmet moves first in game 2: {}",
        page.body
    );
    // The players' pages list the match.
    let player = ayse.get("/players/mehmet").await;
    assert_eq!(
        player.text("ul.matches li"),
        "Mangala, 5 games: ayse 1 – 0 mehmet, under way"
    );
    assert_eq!(player.attr("ul.matches li a", "href"), match_path);
    // Spectators see it too; an unknown match is a 404 page.
    let stranger = Browser::new(&server);
    assert_eq!(stranger.get(&match_path).await.status, StatusCode::OK);
    assert_eq!(
        stranger
            .get(&format!("/matches/{}", seedpost::domain::MatchId::new()))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}
