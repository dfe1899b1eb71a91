//! The game page says and shows what each move did (issue 35), in Chromium at 360 and
//! 1280 px: the mover's sowing is animated and summed up, then the reply's; each is
//! said once in the aria-live region; the next game waiting is a link and the N key;
//! a move that would repeat a position is marked and its confirmation says so; and
//! from 1024 px the board and the moves stand side by side.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::harness::*;

/// Waits until the aria-live region says something containing `words`; returns it.
async fn said(client: &Client, words: &str) -> String {
    let mut last = String::new();
    for _ in 0..150 {
        last = js(
            client,
            "return document.getElementById('announce').textContent;",
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned();
        if last.contains(words) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the live region never said {words:?}; it says {last:?}");
}

/// Records on the page each time a hole is sown into (the `landing` class), with its
/// time, so that the animation can be seen and timed after the fact.
async fn watch_sowing(client: &Client) {
    js(
        client,
        "window.seedpostLandings = [];
         if (window.seedpostWatching) { return true; }
         window.seedpostWatching = true;
         new MutationObserver(function (changes) {
           changes.forEach(function (c) {
             if (c.target.classList && c.target.classList.contains('landing') && !/\\blanding\\b/.test(c.oldValue || '')) {
               window.seedpostLandings.push(performance.now());
             }
           });
         }).observe(document.body, { attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true });
         return true;",
    )
    .await;
}

/// How many holes were sown into since [`watch_sowing`], and over how many ms.
async fn sowing(client: &Client) -> (u64, f64) {
    let v = js(
        client,
        "var l = window.seedpostLandings || []; return [l.length, l.length ? l[l.length - 1] - l[0] : 0];",
    )
    .await;
    (v[0].as_u64().unwrap_or(0), v[1].as_f64().unwrap_or(0.0))
}

/// `[left, top, right, bottom]` of `css`.
async fn rect(client: &Client, css: &str) -> [f64; 4] {
    let v = js(
        client,
        &format!(
            "var r = document.querySelector({css:?}).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"
        ),
    )
    .await;
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    [n(0), n(1), n(2), n(3)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_move_then_its_reply_is_sown_summed_up_and_said_once_and_the_next_game_is_a_key_away()
{
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game = players.start_game("mangala").await;
    let other = players.start_game("modiar").await;

    // Ayşe on a phone, Mehmet on a desktop, both on the Mangala game.
    ayse.set_window_size(360, 740).await.expect("resizable");
    mehmet.set_window_size(1280, 800).await.expect("resizable");
    mehmet.goto(&game).await.expect("the game");
    ayse.goto(&game).await.expect("the game");
    wait_for(ayse, "form.move button.pit[value='1']").await;
    assert!(overflow(ayse).await <= 0, "no sideways scroll at 360 px");
    watch_sowing(ayse).await;
    mark(ayse).await;

    // S1: the page sows it pit by pit (the pit emptied, then S1-S4), then shows it.
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#live[data-ply='1'] #ply-summaries").await;
    assert!(marked(ayse).await, "no page load");
    let (holes, ms) = sowing(ayse).await;
    assert_eq!(holes, 5, "the pit taken from, then four holes sown");
    assert!(ms < 1200.0, "the sowing took {ms} ms");
    assert_eq!(text_of(ayse, "#ply-summaries li").await, "You: S1: 4 sown.");
    let words = said(ayse, "You: S1: 4 sown.").await;
    let status = text_of(ayse, "#status").await;
    assert_eq!(words, format!("You: S1: 4 sown. {status}"));
    assert_eq!(
        js(
            ayse,
            "return document.querySelectorAll('.pit.sown').length;"
        )
        .await,
        4
    );
    assert_eq!(text_of(ayse, "#next-game").await, "Next game (1 waiting)");
    assert!(overflow(ayse).await <= 0, "no sideways scroll at 360 px");

    // Mehmet sees it sown and said live, then replies N1.
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    said(mehmet, "ayse: S1: 4 sown.").await;
    watch_sowing(ayse).await;
    click(mehmet, "button.pit[value='1']").await;

    // Ayşe's page sows his reply, then shows her move and his; only his is said.
    wait_for(ayse, "#live[data-ply='2'] form.move").await;
    assert!(marked(ayse).await, "no page load");
    assert_eq!(sowing(ayse).await.0, 5, "his sowing too");
    let items = ayse
        .find_all(Locator::Css("#ply-summaries li"))
        .await
        .expect("summaries");
    let mut texts = Vec::new();
    for li in items {
        texts.push(li.text().await.expect("text"));
    }
    assert_eq!(texts, ["You: S1: 4 sown.", "mehmet: N1: 4 sown."]);
    let words = said(ayse, "mehmet: N1: 4 sown.").await;
    assert!(!words.contains("You: S1"), "said once: {words}");
    assert!(words.contains("Your turn."), "{words}");

    // On load, the last move is said too.
    mehmet.goto(&game).await.expect("the game again");
    said(mehmet, "You: N1: 4 sown.").await;

    // S6 captures; then N opens the Modiar game waiting.
    click(ayse, "button.pit[value='6']").await;
    wait_for(ayse, "#live[data-ply='3'] #next-game").await;
    said(
        ayse,
        "You: S6: 4 sown, 6 captured from N2, 1 into the store.",
    )
    .await;
    js(
        ayse,
        "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true })); return true;",
    )
    .await;
    wait_for(ayse, "#live[data-ply='0'] form.move").await;
    let url = ayse.current_url().await.expect("a URL").to_string();
    assert_eq!(url, other);
    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_would_repeat_a_position_is_marked_and_the_confirmation_says_so() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    players.ayse_confirms_moves().await;
    let game = players.start_game("tihbat").await;
    ayse.goto(&game).await.expect("the game");
    mehmet.goto(&game).await.expect("the game");
    // Pit 1 six times (§T6): the seventh would bring a position back.
    for ply in 0..6 {
        let player = if ply % 2 == 0 { ayse } else { mehmet };
        wait_for(
            player,
            &format!("#live[data-ply='{ply}'] form.move button.pit[value='1']"),
        )
        .await;
        assert_eq!(
            js(
                player,
                "return document.querySelectorAll('.pit.repeats').length;"
            )
            .await,
            0
        );
        click(player, "button.pit[value='1']").await;
        if ply % 2 == 0 {
            // The first tap selects; the second plays.
            wait_for(ayse, "#confirm-move:not([hidden])").await;
            assert_eq!(text_of(ayse, "#confirm-question").await, "Play pit 1?");
            click(ayse, "#confirm-play").await;
        }
    }
    for width in [360, 1280] {
        ayse.set_window_size(width, 800).await.expect("resizable");
        wait_for(ayse, "#live[data-ply='6'] button.pit.repeats[value='1']").await;
        assert_eq!(
            text_of(ayse, "#repeat-warning").await,
            "⟲ Careful: S1 would repeat a position, and that ends the game."
        );
        assert!(overflow(ayse).await <= 0, "{width} px");
    }
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#confirm-move:not([hidden])").await;
    assert_eq!(
        text_of(ayse, "#confirm-question").await,
        "Play pit 1? It repeats a position, which ends the game."
    );
    said(ayse, "It repeats a position").await;
    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_1024_px_the_board_and_the_moves_stand_side_by_side() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let ayse = &players.ayse;
    let game = players.start_game("mangala").await;
    ayse.goto(&game).await.expect("the game");
    click(ayse, "button.pit[value='3']").await;
    wait_for(ayse, "#live[data-ply='1'] #ply-summaries").await;

    ayse.set_window_size(1280, 800).await.expect("resizable");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let board = rect(ayse, "#board").await;
    let moves = rect(ayse, ".after-board").await;
    assert!(
        moves[0] >= board[2],
        "the moves at the board's right: {board:?} {moves:?}"
    );
    assert!(
        moves[1] < board[3],
        "beside it, not below: {board:?} {moves:?}"
    );
    assert!(overflow(ayse).await <= 0, "1280 px");
    let wide = screenshot(ayse, 1280, 800, "game-two-columns.png").await;

    ayse.set_window_size(360, 740).await.expect("resizable");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let board = rect(ayse, "#board").await;
    let moves = rect(ayse, ".after-board").await;
    assert!(
        moves[1] >= board[3],
        "one column on a phone: {board:?} {moves:?}"
    );
    assert!(overflow(ayse).await <= 0, "360 px");
    let narrow = screenshot(ayse, 360, 740, "game-one-column.png").await;
    println!("screenshots: {}, {}", wide.display(), narrow.display());
    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_animation_turned_off_a_move_is_shown_at_once_and_still_said() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, base) = (&players.ayse, &players.base);
    ayse.goto(&format!("{base}/settings/play"))
        .await
        .expect("settings");
    click(ayse, "input[name=still_moves]").await;
    click(ayse, "#play-settings button[type=submit]").await;
    wait_for(ayse, "#play-notice").await;
    let game = players.start_game("mangala").await;
    ayse.goto(&game).await.expect("the game");
    wait_for(ayse, "#live[data-still] form.move button.pit[value='1']").await;
    watch_sowing(ayse).await;
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#live[data-ply='1'] #ply-summaries").await;
    said(ayse, "You: S1: 4 sown.").await;
    assert_eq!(sowing(ayse).await.0, 0, "nothing sown pit by pit");
    players.close().await;
}

/// The relative luminance of a CSS `rgb(r, g, b)` colour (WCAG 2).
fn luminance(css: &str) -> f64 {
    let channels: Vec<f64> = css
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .take(3)
        .map(|c| c.trim().parse::<f64>().unwrap_or_else(|_| panic!("{css}")) / 255.0)
        .map(|c| {
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
        .collect();
    assert_eq!(channels.len(), 3, "{css}");
    0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
}

/// The WCAG contrast ratio of two CSS colours.
fn contrast(a: &str, b: &str) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pit_chosen_for_confirmation_looks_unlike_the_last_move() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    players.ayse_confirms_moves().await;
    let game = players.start_game("mangala").await;
    ayse.set_window_size(360, 740).await.expect("resizable");
    ayse.goto(&game).await.expect("the game");
    wait_for(ayse, "#live[data-ply='0'] button.pit[value='1']").await;
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#confirm-move:not([hidden])").await;
    click(ayse, "#confirm-play").await;
    // Played before Mehmet opens the game (else his page waits for it live).
    wait_for(ayse, "#live[data-ply='1']").await;
    mehmet.goto(&game).await.expect("the game");
    wait_for(mehmet, "#live[data-ply='1'] button.pit[value='1']").await;
    click(mehmet, "button.pit[value='1']").await;

    // Mehmet's N1 is the last move; Ayşe chooses S6 and is asked to confirm it.
    wait_for(ayse, "#live[data-ply='2'] button.pit[value='6']").await;
    click(ayse, "button.pit[value='6']").await;
    wait_for(ayse, "button.pit.selected[value='6']").await;
    // Let the hover and focus transitions, if any, settle.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let styles = js(
        ayse,
        "function look(css) {
           var pit = document.querySelector(css);
           var hole = getComputedStyle(pit.querySelector('.hole'));
           var box = getComputedStyle(pit);
           return { stroke: hole.stroke, dash: hole.strokeDasharray, width: parseFloat(hole.strokeWidth),
                    outline: box.outlineStyle, outlineColor: box.outlineColor, outlineWidth: parseFloat(box.outlineWidth) };
         }
         var probe = document.createElement('span');
         probe.style.color = 'var(--wood)';
         document.body.appendChild(probe);
         var wood = getComputedStyle(probe).color;
         probe.remove();
         return { selected: look('.pit.selected'), last: look('.pit.last'), wood: wood };",
    )
    .await;
    let (selected, last) = (&styles["selected"], &styles["last"]);
    let s = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_owned();
    let f = |v: &Value, k: &str| v[k].as_f64().unwrap_or_default();
    // Another colour, another style (dashed, not solid), a thicker ring, and an
    // outline round the pit that the last move has not.
    assert_ne!(s(selected, "stroke"), s(last, "stroke"), "{styles}");
    assert_eq!(s(last, "dash"), "none", "{styles}");
    assert_ne!(s(selected, "dash"), "none", "{styles}");
    assert!(f(selected, "width") > f(last, "width"), "{styles}");
    assert_eq!(s(selected, "outline"), "dashed", "{styles}");
    assert!(f(selected, "outlineWidth") >= 3.0, "{styles}");
    assert_eq!(s(last, "outline"), "none", "{styles}");
    // Enough contrast: the ring against the wood round it (3:1 for a UI part), and
    // apart from the last move's amber.
    let wood = s(&styles, "wood");
    let ring = s(selected, "stroke");
    let on_wood = contrast(&ring, &wood);
    let apart = contrast(&ring, &s(last, "stroke"));
    println!(
        "selected ring {ring} on wood {wood}: {on_wood:.2}:1; against the last move's {}: {apart:.2}:1",
        s(last, "stroke")
    );
    assert!(on_wood >= 3.0, "{on_wood:.2}:1 on the wood: {styles}");
    assert!(
        apart >= 1.3,
        "{apart:.2}:1 from the last move's ring: {styles}"
    );
    screenshot(ayse, 360, 740, "game-selected-and-last.png").await;
    players.close().await;
}
