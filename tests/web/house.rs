//! Playing the computer from the home page, and the analysis panel of a finished game.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

async fn playing_the_computer_from_the_home_page_starts_a_game_whose_analysis_shows_once_it_ends(
    server: Server,
) {
    server.service.ensure_house_bots().await.expect("the bots");
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let home = ayse.get("/").await;
    assert!(home.count("form#play-computer select[name='opponent'] option") >= 4);
    let after = ayse
        .submit(
            &home
                .form("form#play-computer")
                .set("variant", "tihbat")
                .set("opponent", "house-random"),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    // The bot accepted at once: the form lands on the new game, and no challenge is
    // left pending.
    let games = ayse.api("/games?player=ayse").await;
    let id = games[0]["id"].as_str().expect("a game").to_owned();
    let path = format!("/games/{id}");
    assert_eq!(after.url, format!("{}{path}", ayse.base), "{}", after.body);
    assert_eq!(after.count("#live"), 1, "{}", after.body);
    let round = server.service.run_house_bots_once().await.expect("a round");
    assert_eq!(round.accepted, 0, "nothing was left to accept");
    assert_eq!(ayse.get("/").await.count(".challenge-mine"), 0);
    let mut turns = 0;
    loop {
        let page = ayse.get(&path).await;
        if page.count("#result") > 0 {
            break;
        }
        assert_eq!(page.count("#analysis"), 0, "no analysis during play");
        if page.count("form.move") > 0 {
            let pit = page.attr("form.move button.pit", "value");
            ayse.press(&page.form("form.move"), "pit", &pit).await;
        } else {
            server.service.run_house_bots_once().await.expect("a round");
        }
        turns += 1;
        assert!(turns < 500, "the game ends");
    }
    let end = ayse.get(&path).await;
    let json = ayse.api(&path).await;
    let plies = json["moves"].as_array().expect("moves").len();
    assert_eq!(end.count("#analysis table tbody tr"), plies);
    assert!(
        end.count("#analysis td.value.exact") >= 1,
        "the start is exact"
    );
}

on_both_backends!(
    playing_the_computer_from_the_home_page_starts_a_game_whose_analysis_shows_once_it_ends,
);
