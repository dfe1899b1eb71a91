//! A player's page as others see it: whose move it is, in the viewer's words.

use crate::helpers::{Browser, Server, start_game};
use crate::on_both_backends;

on_both_backends!(
    a_players_page_says_you_only_to_the_player_whose_move_it_is,
    a_result_reads_the_same_on_the_game_page_and_in_every_list,
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
    // Her opponent's page says the same to each.
    let theirs = zeynep.get("/players/mehmet").await.text("ul.games li");
    assert!(theirs.contains("ayse to move"), "zeynep reads: {theirs}");
}

async fn a_result_reads_the_same_on_the_game_page_and_in_every_list(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
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
