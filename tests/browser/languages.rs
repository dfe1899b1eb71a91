//! Arabic (issue 22) in Chromium at a phone's width: the pages read right to left yet
//! never scroll sideways, and the board does not mirror: pit 1 and pit 6 of each row
//! stand where they stand on the English page.

use fantoccini::Client;

use crate::harness::*;

/// The page's direction, how far it is wider than the window, and the place of pits
/// 1 and 6 of each row from the board's left edge (South 1, South 6, North 1, North 6).
async fn measure(client: &Client) -> (String, f64, Vec<f64>) {
    let value = client
        .execute(
            "const board = document.querySelector('#board').getBoundingClientRect();
             const x = (side, pit) => document.querySelector('#live .pit[data-side=' + side + '][data-pit=\"' + pit + '\"]').getBoundingClientRect().left - board.left;
             return [document.documentElement.dir,
                     document.documentElement.scrollWidth - window.innerWidth,
                     [x('south', 1), x('south', 6), x('north', 1), x('north', 6)]];",
            vec![],
        )
        .await
        .expect("scripts run");
    serde_json::from_value(value).expect("a direction, an overflow and four places")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arabic_pages_fit_a_phone_and_the_board_keeps_its_pit_order() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let ayse = &players.ayse;
    let game_url = players.start_game("mangala").await;
    ayse.set_window_size(360, 740).await.expect("resizable");

    ayse.goto(&format!("{game_url}?lang=en"))
        .await
        .expect("the game");
    wait_for(ayse, "#board").await;
    let (dir, _, english) = measure(ayse).await;
    assert_eq!(dir, "ltr");
    // From her side, South's pit 1 is on her left and North's on the far right.
    assert!(
        english[0] < english[1] && english[2] > english[3],
        "{english:?}"
    );

    ayse.goto(&format!("{game_url}?lang=ar"))
        .await
        .expect("the game");
    wait_for(ayse, "#board").await;
    let (dir, overflow, arabic) = measure(ayse).await;
    assert_eq!(dir, "rtl");
    assert!(
        overflow <= 0.0,
        "the Arabic game page scrolls sideways by {overflow}px"
    );
    for (a, e) in arabic.iter().zip(&english) {
        assert!(
            (a - e).abs() < 1.0,
            "pits moved: Arabic {arabic:?}, English {english:?}"
        );
    }
    screenshot(ayse, 360, 740, "game-ar-360.png").await;

    for path in [
        "/",
        "/standings",
        "/tournaments",
        "/rules/mangala",
        "/analysis",
    ] {
        ayse.goto(&format!("{}{path}?lang=ar", players.base))
            .await
            .expect("the page");
        wait_for(ayse, "html[dir=rtl] footer").await;
        let overflow: f64 = serde_json::from_value(
            ayse.execute(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                vec![],
            )
            .await
            .expect("scripts run"),
        )
        .expect("a number");
        assert!(
            overflow <= 0.0,
            "{path} in Arabic scrolls sideways by {overflow}px"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_opened_with_lang_keeps_its_language_through_live_updates() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game_url = players.start_game("mangala").await;
    // Mehmet's account speaks Turkish (the footer's menu sets it), but he opens the
    // game in English.
    click(mehmet, "#languages button[value=tr]").await;
    wait_for(mehmet, "html[lang=tr]").await;
    mehmet
        .goto(&format!("{game_url}?lang=en"))
        .await
        .expect("the game");
    wait_for(mehmet, "html[lang=en] #live[data-ply='0']").await;
    mark(mehmet).await;

    // Ayşe moves; his page takes it live, and what it puts in place is English.
    ayse.goto(&game_url).await.expect("the game");
    click(ayse, "form.move button.pit[value='1']").await;
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    assert!(marked(mehmet).await, "live, without a page load");
    assert_eq!(text_of(mehmet, "#status").await, "Your turn.");
    assert_eq!(
        text_of(mehmet, "#ply-summaries li").await,
        "ayse: S1: 4 sown."
    );
    assert_eq!(text_of(mehmet, "ol.moves li").await, "S1");
    // The header's count, told by his own stream, speaks English too.
    wait_for(mehmet, "#turns:not([hidden])").await;
    let label = mehmet
        .find(fantoccini::Locator::Css("#turns"))
        .await
        .expect("the count")
        .attr("aria-label")
        .await
        .expect("an attribute")
        .unwrap_or_default();
    assert_eq!(label, "1 game waiting for your move");

    // His own move, sent without a page load, comes back in English as well.
    play_live(mehmet, 1, 2).await;
    assert!(
        text_of(mehmet, "#status").await.starts_with("ayse"),
        "{}",
        text_of(mehmet, "#status").await
    );
    assert_eq!(
        text_of(mehmet, "#ply-summaries li:last-child").await,
        "You: N1: 4 sown."
    );
    // Without ?lang= the page is his account's Turkish.
    mehmet.goto(&game_url).await.expect("the game");
    wait_for(mehmet, "html[lang=tr] #live").await;
    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_through_a_game_keeps_the_lang_its_address_was_opened_with_and_adds_none() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game_url = players.start_game("mangala").await;
    ayse.set_window_size(360, 740).await.expect("resizable");
    ayse.goto(&format!("{game_url}?lang=tr"))
        .await
        .expect("the game");
    wait_for(
        ayse,
        "html[lang=tr] #live[data-ply='0'] form.move button.pit",
    )
    .await;
    play_live(ayse, 3, 1).await;
    // Mehmet's reply arrives live (fetched in the page's language).
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    click(mehmet, "button.pit[value='2']").await;
    wait_for(ayse, "#live[data-ply='2'] form.move button.pit").await;
    // The address the script put in the bar, once it has (it replaces it after the
    // position is in place).
    let address = |expected: String| async move {
        let mut url = String::new();
        for _ in 0..50 {
            url = ayse.current_url().await.expect("a URL").to_string();
            if url == expected {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(url, expected);
    };

    // A move of the list, back a move, then back to the game: no page load, and the
    // address keeps ?lang=tr all the way.
    click(ayse, "#live .moves li:first-child a").await;
    wait_for(ayse, "#live[data-step][data-shown-ply='1']").await;
    address(format!("{game_url}?ply=1&lang=tr")).await;
    click(ayse, "#live a[rel=prev]").await;
    wait_for(ayse, "#live[data-step][data-shown-ply='0']").await;
    address(format!("{game_url}?ply=0&lang=tr")).await;
    click(ayse, "#back-to-live").await;
    wait_for(ayse, "#live[data-shown-ply='2']:not([data-step])").await;
    address(format!("{game_url}?lang=tr")).await;
    assert!(marked(ayse).await, "stepping loads no page");
    wait_for(ayse, "html[lang=tr]").await;
    assert_fits(ayse, "the game at 360 px").await;

    // Opened without one, the address gets none, though the live update was fetched
    // in the page's language.
    mehmet.goto(&game_url).await.expect("the game");
    wait_for(mehmet, "#live[data-ply='2']").await;
    play_live(ayse, 4, 3).await;
    wait_for(mehmet, "#live[data-ply='3'] form.move button.pit").await;
    mark(mehmet).await;
    click(mehmet, "#live a[rel=prev]").await;
    wait_for(mehmet, "#live[data-step][data-shown-ply='2']").await;
    let url = mehmet.current_url().await.expect("a URL").to_string();
    assert_eq!(url, format!("{game_url}?ply=2"));
    assert!(marked(mehmet).await, "stepping loads no page");
    players.close().await;
}
