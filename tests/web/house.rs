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
    assert!(home.count("form#play-computer input[type=radio][name='opponent']") >= 4);
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
    assert_eq!(end.count("#analysis td.value .exact"), plies);
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
            .select(&crate::helpers::sel("td .who"))
            .next()
            .map(|td| td.text().collect::<String>())
            .unwrap_or_default();
        let side = json["moves"][i]["side"].as_str().expect("a side");
        let name = json["players"][side].as_str().expect("a name");
        assert_eq!(who, name, "row {}", i + 1);
    }
    // Every value is Ayşe's, who played the game, as the legend says once: the API's
    // value for the mover, turned round when the bot moved.
    assert!(
        end.text("#analysis .hint")
            .starts_with("Every value is ayse's"),
        "{}",
        end.text("#analysis .hint")
    );
    let api = ayse.api(&format!("{path}/analysis")).await;
    let ayse_side = if json["players"]["south"] == "ayse" {
        "south"
    } else {
        "north"
    };
    for (i, row) in end.all("#analysis tbody tr").iter().enumerate() {
        let ply = &api["plies"][i];
        let value = ply["after"]["value"].as_i64().expect("a value");
        let mine = if ply["side"] == ayse_side {
            value
        } else {
            -value
        };
        let shown = match mine {
            0 => "0".to_owned(),
            v if v > 0 => format!("+{v}"),
            v => format!("−{}", -v),
        };
        let cell = row
            .select(&crate::helpers::sel("td.value"))
            .next()
            .map(|td| td.text().collect::<String>())
            .unwrap_or_default();
        assert_eq!(cell.trim(), shown, "row {}", i + 1);
    }
    // The value graph: a point for the start and after each move, each a link, the
    // mistakes marked as in the table; up is Ayşe ahead. Each point has a target 24
    // pixels wide, and points are at least that far apart.
    assert!(end.text("#value-graph .lead.up").contains("ayse ahead"));
    let targets = end.all("#value-graph circle.target");
    assert_eq!(targets.len(), plies + 1);
    let xs: Vec<i64> = targets
        .iter()
        .map(|c| {
            c.value()
                .attr("cx")
                .and_then(|x| x.parse().ok())
                .expect("cx")
        })
        .collect();
    assert!(xs.windows(2).all(|w| w[1] - w[0] >= 24), "{xs:?}");
    assert!(targets.iter().all(|c| c.value().attr("r") == Some("12")));
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

async fn a_new_player_finds_play_the_computer_first_and_its_one_button_opens_the_game(
    server: Server,
) {
    server.service.ensure_house_bots().await.expect("the bots");
    let ayse = Browser::new(&server);
    // Signing up lands on the home page, where playing the computer comes first:
    // before the lists of games and the challenge form.
    let home = ayse.sign_up("ayse").await;
    let at = |id: &str| {
        home.body
            .find(&format!("id=\"{id}\""))
            .unwrap_or_else(|| panic!("no #{id}"))
    };
    assert!(at("play-computer") < at("turn-h"), "{}", home.body);
    assert!(at("play-computer") < at("new-challenge"));
    // Each level says what it is, the perfect one in every game.
    let levels = home.text("form#play-computer fieldset.levels");
    assert!(levels.contains("Random"), "{levels}");
    assert!(
        levels.contains("Perfect play in Tihbat and Modiar")
            && levels.contains("a deep search in the other games"),
        "{levels}"
    );
    assert_eq!(
        home.count("form#play-computer input[name='opponent'][checked]"),
        1,
        "a level is chosen already"
    );
    assert_eq!(home.count("form#play-computer button"), 1, "one button");
    // The one button, the form as it comes: the game itself.
    let game = ayse.submit(&home.form("form#play-computer")).await;
    assert_eq!(game.status, StatusCode::OK, "{}", game.body);
    assert!(
        game.url.starts_with(&format!("{}/games/", ayse.base)),
        "{}",
        game.url
    );
    assert_eq!(game.count("#board"), 1, "{}", game.body);
    // With a game under way, the home page leads with the games; the computer comes
    // after the challenge form.
    let home = ayse.get("/").await;
    let form = home
        .body
        .find("id=\"play-computer\"")
        .expect("still offered");
    let challenge = home.body.find("id=\"new-challenge\"").expect("a form");
    assert!(challenge < form);
    // In Greek the levels say the same in Greek.
    let greek = ayse.get("/?lang=el").await;
    assert!(
        greek
            .text("form#play-computer fieldset.levels")
            .contains("βαθιά αναζήτηση στα άλλα παιχνίδια")
    );
}

on_both_backends!(
    a_new_player_finds_play_the_computer_first_and_its_one_button_opens_the_game,
    playing_the_computer_from_the_home_page_starts_a_game_whose_analysis_shows_once_it_ends,
);
