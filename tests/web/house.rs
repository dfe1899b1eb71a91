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
    // Tihbat is solved: every value is exact, and the panel says so.
    assert_eq!(end.count("#analysis td.value .exact"), 2 * plies);
    assert!(!end.text("#analysis").contains('≈'));
    assert!(
        end.text("#analysis .hint")
            .contains("Every value here is exact")
    );
    // Each row names the player who moved and links to the position after the move.
    for (i, row) in end.all("#analysis tbody tr").iter().enumerate() {
        let link = row
            .select(&crate::helpers::sel("td a"))
            .next()
            .and_then(|a| a.value().attr("href"))
            .expect("a link");
        assert_eq!(link, format!("{path}?ply={}", i + 1));
        let who = row
            .select(&crate::helpers::sel("td.who"))
            .next()
            .map(|td| td.text().collect::<String>())
            .unwrap_or_default();
        let side = json["moves"][i]["side"].as_str().expect("a side");
        let name = json["players"][side].as_str().expect("a name");
        assert_eq!(who, name, "row {}", i + 1);
    }
    // The value graph: a point for the start and after each move, each a link, the
    // mistakes marked as in the table.
    assert_eq!(end.count("#value-graph svg circle.point"), plies + 1);
    assert_eq!(end.count("#value-graph svg a"), plies + 1);
    assert_eq!(
        end.count("#value-graph circle.mistake"),
        end.count("#analysis tbody tr.mistake")
    );
    assert!(end.text("#value-graph figcaption").contains("ayse"));
    // The panel alone, which the page's script fetches when the game ends.
    let fragment = ayse.get(&format!("{path}/analysis")).await;
    assert_eq!(fragment.count("#analysis table tbody tr"), plies);
}

on_both_backends!(
    playing_the_computer_from_the_home_page_starts_a_game_whose_analysis_shows_once_it_ends,
);
