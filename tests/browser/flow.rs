//! Two players play a game in two browser sessions and see each other's moves live.

use fantoccini::Locator;

use serde_json::json;

use crate::harness::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_in_chromium_and_see_each_others_moves_live() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);

    // Ayse challenges Mehmet to Mangala, moving first; he accepts and lands on it.
    let game_url = players.start_game("mangala").await;
    mark(mehmet).await;

    // Ayse plays S3 by clicking the pit.
    ayse.goto(&game_url).await.expect("the game");
    play_live(ayse, 3, 1).await;

    // Mehmet's page shows it without reloading, and offers him his pits.
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    assert!(marked(mehmet).await, "Mehmet's page was not reloaded");
    let status = mehmet
        .find(Locator::Css("#status"))
        .await
        .expect("a status")
        .text()
        .await
        .expect("text");
    assert_eq!(status, "Your turn.");

    // Mehmet plays N2; Ayse sees it appear without reloading.
    click(mehmet, "button.pit[value='2']").await;
    wait_for(ayse, "#live[data-ply='2']").await;
    assert!(marked(ayse).await, "Ayse's page was not reloaded");
    let last = ayse
        .find(Locator::Css(".moves li.last"))
        .await
        .expect("moves")
        .text()
        .await
        .expect("text");
    assert!(last.ends_with("N2"), "{last}");
    wait_for(ayse, "form.move button.pit").await;

    let desktop = screenshot(ayse, 1280, 800, "game-desktop.png").await;
    let phone = screenshot(ayse, 360, 740, "game-phone.png").await;
    let watcher = screenshot(mehmet, 1280, 800, "game-north-desktop.png").await;
    // Nothing may overflow sideways on a phone.
    let overflow = ayse
        .execute(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_i64())
        .unwrap_or(0);
    if overflow > 0 {
        let wide = ayse
            .execute(
                "return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '.' + e.className.baseVal !== undefined ? e.tagName : e.tagName + '.' + e.className).slice(0, 10).join(' ') + ' / ' + window.innerWidth;",
                vec![],
            )
            .await
            .unwrap_or_default();
        panic!("the page is {overflow} px too wide at 360 px: {wide}");
    }
    println!(
        "screenshots: {}, {}, {}",
        desktop.display(),
        phone.display(),
        watcher.display()
    );

    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_home_page_and_the_header_count_follow_challenges_and_moves_live() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet, base) = (&players.ayse, &players.mehmet, &players.base);

    // Mehmet waits on his home page; Ayşe's challenge appears there without a reload.
    mehmet.goto(&format!("{base}/")).await.expect("home");
    wait_for(mehmet, "#turns[hidden]").await;
    mark(mehmet).await;
    ayse.goto(&format!("{base}/")).await.expect("home");
    click(
        ayse,
        "#new-challenge select[name=variant] option[value=tihbat]",
    )
    .await;
    click(
        ayse,
        "#new-challenge select[name=first] option[value=challenger]",
    )
    .await;
    fill(ayse, "#new-challenge input[name=opponent]", "mehmet").await;
    click(ayse, "form#new-challenge button[type=submit]").await;
    wait_for(ayse, ".challenge-mine").await;
    wait_for(mehmet, ".challenge-to-me").await;
    assert!(marked(mehmet).await, "the challenge came without a reload");

    // He accepts; it is Ayşe's move. He goes home and waits again.
    click(mehmet, ".challenge-to-me form[action$='/accept'] button").await;
    wait_for(mehmet, "#live[data-ply='0']").await;
    let game_url = mehmet.current_url().await.expect("a URL").to_string();
    mehmet.goto(&format!("{base}/")).await.expect("home");
    wait_for(mehmet, "#turns[hidden]").await;
    mark(mehmet).await;

    // Ayşe moves: his header counts one game for him, the tab title says so, and the
    // game moves into his "Your turn" list, all without a reload.
    ayse.goto(&game_url).await.expect("the game");
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#live[data-ply='1']").await;
    wait_for(mehmet, "#turns:not([hidden])").await;
    assert_eq!(text_of(mehmet, "#turns").await, "1");
    let label = mehmet
        .find(Locator::Css("#turns"))
        .await
        .expect("the count")
        .attr("aria-label")
        .await
        .expect("an attribute");
    assert_eq!(label.as_deref(), Some("1 game waiting for your move"));
    let title = mehmet.title().await.expect("a title");
    assert!(title.starts_with("(1) "), "{title}");
    wait_for(
        mehmet,
        "#home-live section[aria-labelledby='turn-h'] a[href^='/games/']",
    )
    .await;
    assert!(marked(mehmet).await, "Mehmet's page was not reloaded");

    // Every page opens the stream: opening many pages quickly, one after another,
    // must not run into the per-address connection cap.
    for _ in 0..90 {
        mehmet
            .goto(&format!("{base}/standings"))
            .await
            .expect("the page opens");
    }
    assert_eq!(text_of(mehmet, "h1").await, "Standings: all games");

    players.close().await;
}

/// Issue 21: Chromium's own installability check (`Page.getInstallabilityErrors`)
/// finds nothing wrong: before, the Content-Security-Policy kept the manifest from
/// being read ("no-manifest").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chromium_finds_the_site_installable_as_an_app() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let ayse = &players.ayse;
    ayse.goto(&format!("{}/", players.base))
        .await
        .expect("home");
    wait_for(ayse, "link[rel=manifest]").await;
    // The browser's own check: the manifest, its icons and the page (the service
    // worker registers itself once the page has loaded).
    let mut errors = serde_json::Value::Null;
    for _ in 0..30 {
        let answer = ayse
            .issue_cmd(Cdp::new("Page.getInstallabilityErrors", json!({})))
            .await
            .expect("chromedriver runs DevTools commands");
        errors = answer["installabilityErrors"].clone();
        if errors.as_array().is_some_and(Vec::is_empty) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    assert_eq!(errors, serde_json::json!([]), "installability errors");
    let manifest = ayse
        .issue_cmd(Cdp::new("Page.getAppManifest", json!({})))
        .await
        .expect("the manifest");
    assert_eq!(manifest["errors"], serde_json::json!([]), "{manifest}");
    players.close().await;
}
