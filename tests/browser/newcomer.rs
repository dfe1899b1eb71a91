//! A newcomer's first minutes (issue 35), in Chromium at a phone's width (360 px) and
//! a desktop's (1280 px): from signing up to the first move against the computer in
//! as few taps as can be (counted), a challenge lighting the header live, and a
//! finished game's analysis that fits the screen, with points a finger can tap and
//! words large enough to read.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::harness::*;
use crate::support::server::{Backend, Server};

/// The screens: (width, height).
pub(crate) const SCREENS: [(u32, u32); 2] = [(360, 740), (1280, 900)];

/// A number a script returns.
async fn number(client: &Client, script: &str) -> f64 {
    client
        .execute(script, vec![])
        .await
        .expect("scripts run")
        .as_f64()
        .unwrap_or_else(|| panic!("a number from {script}"))
}

/// Starts a SQLite server with the house bots, and chromedriver; `None` when no
/// chromedriver is named.
pub(crate) async fn start() -> Option<(Server, Driver, tempfile::TempDir)> {
    let driver_path = driver_path()?;
    let server = Server::builder()
        .backend(Backend::Sqlite)
        .start()
        .await
        .expect("SQLite is always there");
    server.service.ensure_house_bots().await.expect("the bots");
    let driver = start_driver(&driver_path).await;
    let profiles = tempfile::tempdir().expect("a temporary directory");
    Some((server, driver, profiles))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_account_plays_its_first_move_against_the_computer_two_taps_after_signing_up() {
    let Some((server, driver, profiles)) = start().await else {
        return;
    };
    let base = server.base.clone();
    for (width, height) in SCREENS {
        let client = browser(&driver, &profiles.path().join(format!("w{width}"))).await;
        client
            .set_window_size(width, height)
            .await
            .expect("resizable");
        let name = format!("newcomer{width}");
        // Signing up: its form, sent (tap 0: the sign-up itself).
        sign_up(&client, &base, &name).await;
        let mut taps = 0;
        // The home page: "Play the computer" first, its button on the first screen.
        let home = client.current_url().await.expect("a URL").to_string();
        assert_eq!(home, format!("{base}/"), "signing up lands on home");
        let below = number(
            &client,
            "return document.querySelector('#play-computer button[type=submit]').getBoundingClientRect().bottom - window.innerHeight;",
        )
        .await;
        assert!(
            below <= 0.0,
            "at {width} px the button is {below} px below the first screen"
        );
        // Each level's words are shown whole: nothing cut by the form's width.
        let cut = number(
            &client,
            "return Array.from(document.querySelectorAll('#play-computer fieldset.levels label')).filter(l => l.scrollWidth > l.clientWidth + 1).length;",
        )
        .await;
        assert_eq!(cut, 0.0, "at {width} px a level's words are cut");
        assert_fits(&client, &format!("the home page at {width} px")).await;
        screenshot(
            &client,
            width,
            height,
            &format!("newcomer-home-{width}.png"),
        )
        .await;
        // Tap 1: the one button. It opens the game itself.
        click(&client, "#play-computer button[type=submit]").await;
        taps += 1;
        wait_for(&client, "#board").await;
        let game = client.current_url().await.expect("a URL").to_string();
        assert!(
            game.contains("/games/"),
            "the button opens the game: {game}"
        );
        // When the computer moves first, it answers at once (the server's loop; here,
        // one round run by the test) and the page follows without a reload.
        if client
            .find(Locator::Css("form.move button.pit:not([disabled])"))
            .await
            .is_err()
        {
            server.service.run_house_bots_once().await.expect("a round");
        }
        // Tap 2: a pit. The first move is played. (The board is replaced when the
        // computer's move arrives: a pit found just before is tried again.)
        let mut tries = 0;
        loop {
            let pit = wait_for(&client, "form.move button.pit:not([disabled])").await;
            match pit.click().await {
                Ok(_) => break,
                Err(e) if tries < 5 => {
                    tries += 1;
                    println!("the board changed under the tap ({e}); again");
                }
                Err(e) => panic!("tapping a pit: {e}"),
            }
        }
        taps += 1;
        let ply = client
            .execute(
                "return document.querySelector('#live').getAttribute('data-ply');",
                vec![],
            )
            .await
            .expect("scripts run");
        let id = game.rsplit('/').next().expect("an id").to_owned();
        let mut moved = false;
        for _ in 0..100 {
            let json: Value = reqwest::get(format!("{base}/api/v1/games/{id}"))
                .await
                .expect("the API answers")
                .json()
                .await
                .expect("JSON");
            let mine = json["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|m| json["players"][m["side"].as_str().unwrap_or("")] == name.as_str());
            if mine {
                moved = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(
            moved,
            "the newcomer's first move is played (ply shown {ply})"
        );
        assert_eq!(taps, 2, "two taps after signing up");
        println!("{width} px: {taps} taps from signing up to the first move");
        assert_fits(&client, &format!("the game at {width} px")).await;
        let _ = client.close().await;
    }
    drop(driver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_lights_the_header_count_and_the_title_live_on_a_phone_and_a_desktop() {
    let Some((server, driver, profiles)) = start().await else {
        return;
    };
    let base = server.base.clone();
    let ayse = api_account(&server, "ayse").await;
    for (width, height) in SCREENS {
        let name = format!("mehmet{width}");
        api_account(&server, &name).await;
        let client = browser(&driver, &profiles.path().join(format!("w{width}"))).await;
        client
            .set_window_size(width, height)
            .await
            .expect("resizable");
        log_in(&client, &base, &name).await;
        client
            .goto(&format!("{base}/standings"))
            .await
            .expect("a page");
        wait_for(&client, "#turns[hidden]").await;
        mark(&client).await;
        // The stream is open once the page has run its script; give it a moment.
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        api(
            &server,
            "POST",
            "/challenges",
            Some(&ayse),
            json!({"variant": "tihbat", "days_per_move": 3, "opponent": name}),
        )
        .await;
        wait_for(&client, "#turns:not([hidden])").await;
        assert!(marked(&client).await, "the count came without a reload");
        let count = client
            .find(Locator::Css("#turns"))
            .await
            .expect("the count");
        assert_eq!(count.text().await.expect("text"), "1");
        assert_eq!(
            count
                .attr("aria-label")
                .await
                .expect("an attribute")
                .as_deref(),
            Some("1 challenge waiting for your answer")
        );
        let title = client.title().await.expect("a title");
        assert!(title.starts_with("(1) "), "{title}");
        // The count is on the screen, not pushed off it.
        let right = number(
            &client,
            "return document.querySelector('#turns').getBoundingClientRect().right;",
        )
        .await;
        assert!(
            right <= f64::from(width),
            "at {width} px the count is off screen"
        );
        assert_fits(&client, &format!("the page at {width} px")).await;
        screenshot(
            &client,
            width,
            height,
            &format!("newcomer-count-{width}.png"),
        )
        .await;
        let _ = client.close().await;
    }
    drop(driver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_analysis_fits_the_screen_with_points_to_tap_and_words_to_read() {
    let Some((server, driver, profiles)) = start().await else {
        return;
    };
    let base = server.base.clone();
    let ayse = api_account(&server, "ayse").await;
    // A long name: the table's widest cell.
    let long = "konstantinos_papadop";
    let other = api_account(&server, long).await;
    let challenge = api(
        &server,
        "POST",
        "/challenges",
        Some(&ayse),
        json!({"variant": "mangala", "days_per_move": 3, "first": "challenger", "opponent": long}),
    )
    .await;
    let id = challenge["id"].as_str().expect("an id");
    let mut game = api(
        &server,
        "POST",
        &format!("/challenges/{id}/accept"),
        Some(&other),
        json!({}),
    )
    .await;
    let game_id = game["id"].as_str().expect("a game").to_owned();
    // Thirty plies, then Ayşe resigns: a game long enough to crowd a phone's graph.
    for _ in 0..30 {
        let Some(pit) = game["legal_moves"]
            .as_array()
            .and_then(|l| l.first())
            .cloned()
        else {
            break;
        };
        let token = if game["to_move"] == "south" {
            &ayse
        } else {
            &other
        };
        api(
            &server,
            "POST",
            &format!("/games/{game_id}/moves"),
            Some(token),
            json!({"ply": game["ply"], "pit": pit}),
        )
        .await;
        game = api(
            &server,
            "GET",
            &format!("/games/{game_id}"),
            None,
            json!({}),
        )
        .await;
    }
    if game["status"] == "ongoing" {
        api(
            &server,
            "POST",
            &format!("/games/{game_id}/resign"),
            Some(&ayse),
            json!({}),
        )
        .await;
    }
    let client = browser(&driver, &profiles.path().join("analysis")).await;
    log_in(&client, &base, "ayse").await;
    for lang in ["en", "ar"] {
        for (width, height) in SCREENS {
            client
                .set_window_size(width, height)
                .await
                .expect("resizable");
            client
                .goto(&format!("{base}/games/{game_id}?lang={lang}"))
                .await
                .expect("the game");
            wait_for(&client, "#analysis table tbody tr").await;
            wait_for(&client, "#value-graph svg").await;
            let what = format!("{lang} at {width} px");
            assert_fits(&client, &what).await;
            // No table wider than its box: every column shows.
            let hidden = number(
                &client,
                "const t = document.querySelector('#analysis table'); return t.scrollWidth - t.clientWidth;",
            )
            .await;
            assert!(hidden <= 1.0, "{what}: the table hides {hidden} px");
            // Each point is a target at least 24 px wide, not overlapping the next.
            let smallest = number(
                &client,
                "return Math.min(...Array.from(document.querySelectorAll('#value-graph circle.target')).map(c => c.getBoundingClientRect().width));",
            )
            .await;
            assert!(
                smallest >= 24.0,
                "{what}: a point's target is {smallest} px"
            );
            let closest = number(
                &client,
                "const xs = Array.from(document.querySelectorAll('#value-graph circle.target')).map(c => c.getBoundingClientRect().left); let m = 1e9; for (let i = 1; i < xs.length; i++) m = Math.min(m, xs[i] - xs[i - 1]); return m;",
            )
            .await;
            assert!(closest >= 24.0, "{what}: points {closest} px apart");
            // The words are at least 11 px, and none is cut by the screen's edge.
            let tiny = number(
                &client,
                "return Array.from(document.querySelectorAll('#value-graph .lead, #value-graph figcaption, #analysis td, #analysis th')).filter(e => parseFloat(getComputedStyle(e).fontSize) < 11).length;",
            )
            .await;
            assert_eq!(tiny, 0.0, "{what}: words under 11 px");
            let cut = number(
                &client,
                "return Array.from(document.querySelectorAll('#value-graph .lead')).filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; }).length;",
            )
            .await;
            assert_eq!(cut, 0.0, "{what}: a graph label is cut");
            screenshot(
                &client,
                width,
                height,
                &format!("newcomer-analysis-{lang}-{width}.png"),
            )
            .await;
        }
    }
    let _ = client.close().await;
    drop(driver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_notifications_page_is_short_on_a_phone_and_a_new_token_copies_with_one_tap() {
    let Some((server, driver, profiles)) = start().await else {
        return;
    };
    let base = server.base.clone();
    let client = browser(&driver, &profiles.path().join("settings")).await;
    client.set_window_size(360, 740).await.expect("resizable");
    sign_up(&client, &base, "ayse").await;

    // The notifications page: a section per channel, the reminder times folded.
    client
        .goto(&format!("{base}/settings/notifications"))
        .await
        .expect("the page");
    wait_for(&client, "form#notify-settings").await;
    assert_fits(&client, "the notifications page").await;
    let height = number(&client, "return document.documentElement.scrollHeight;").await;
    let parts = client
        .execute(
            "return Array.prototype.map.call(document.querySelectorAll('header.site, h1, main > p, section.channel, footer, form#notify-settings > p'), function (e) { return (e.id || e.tagName + '.' + e.className) + ' ' + Math.round(e.getBoundingClientRect().height); });",
            vec![],
        )
        .await
        .expect("scripts run");
    println!("{parts}");
    let unfolded = number(
        &client,
        "document.querySelectorAll('details').forEach(function (d) { d.open = true; });
         return document.documentElement.scrollHeight;",
    )
    .await;
    println!(
        "the notifications page at 360 px: {height} px tall ({unfolded} px with every reminder list unfolded)"
    );
    assert!(
        height < 1600.0,
        "the notifications page is {height} px tall at 360 px"
    );
    assert_eq!(
        number(
            &client,
            "return document.querySelectorAll('#channel-bot').length;"
        )
        .await,
        0.0
    );

    // A new token, then Copy: the whole token selected, and the page says what
    // happened (the clipboard may be refused to a headless browser: then it says to
    // copy it by hand).
    client
        .goto(&format!("{base}/settings/tokens"))
        .await
        .expect("the page");
    // A tap on a scope's words unticks its box.
    click(&client, "label.scope:has(input[name=scope-account]) .what").await;
    let ticked = client
        .execute(
            "return document.querySelector('input[name=scope-account]').checked;",
            vec![],
        )
        .await
        .expect("scripts run");
    assert_eq!(ticked, Value::Bool(false), "the label ticks its box");
    fill(
        &client,
        "form[action='/settings/tokens'] input[name=label]",
        "bot",
    )
    .await;
    click(
        &client,
        "form[action='/settings/tokens'] button[type=submit]",
    )
    .await;
    wait_for(&client, "button#copy-secret:not([hidden])").await;
    assert_fits(&client, "the tokens page with a new token").await;
    click(&client, "button#copy-secret").await;
    let mut said = String::new();
    for _ in 0..50 {
        said = client
            .find(Locator::Css("#copy-status"))
            .await
            .expect("the status")
            .text()
            .await
            .expect("text");
        if !said.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    println!("after Copy: {said:?}");
    assert!(
        said == "Copied." || said.starts_with("Could not copy"),
        "{said:?}"
    );
    let selection = client
        .execute(
            "var s = document.getElementById('new-secret');
             return [s.selectionStart, s.selectionEnd, s.value.length, document.activeElement === s];",
            vec![],
        )
        .await
        .expect("scripts run");
    assert_eq!(selection[0], json!(0), "{selection}");
    assert_eq!(
        selection[1], selection[2],
        "the whole token selected: {selection}"
    );
    assert_eq!(selection[3], json!(true), "{selection}");
    let _ = client.close().await;
}
