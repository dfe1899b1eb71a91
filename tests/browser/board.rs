//! The game page with JavaScript: the arrow keys step through the moves without a page
//! load, keyboard focus stays on the board after a move, a move sent from a page that
//! missed the opponent's reply comes back with a plain notice, and the analysis
//! appears when the game ends, without a reload.

use fantoccini::{Client, Locator, key::Key};
use seedpost_rules::{Game, Pit, Side, Variant};

use crate::harness::*;

/// The stone counts drawn on the page, per side, pit 1 first.
async fn drawn(client: &Client) -> Vec<Vec<u8>> {
    let rows = client
        .execute(
            "return ['south', 'north'].map(side => Array.from(document.querySelectorAll('#live .pit[data-side=' + side + ']')).sort((a, b) => a.dataset.pit - b.dataset.pit).map(p => Number(p.dataset.count)));",
            vec![],
        )
        .await
        .expect("scripts run");
    serde_json::from_value(rows).expect("two rows of counts")
}

/// The rows of the position after `pits` are played from the start, South first.
fn replayed(pits: &[u8]) -> Vec<Vec<u8>> {
    let game = Game::from_pits(
        Variant::Mangala,
        Side::South,
        pits.iter().map(|&p| Pit::new(p).expect("a pit")),
    )
    .expect("legal moves");
    Side::ALL
        .into_iter()
        .map(|side| game.position().row(side).to_vec())
        .collect()
}

async fn text(client: &Client, css: &str) -> String {
    wait_for(client, css)
        .await
        .text()
        .await
        .unwrap_or_else(|e| panic!("the text of {css}: {e}"))
}

async fn focus_on_board(client: &Client) -> bool {
    client
        .execute(
            "return !!(document.activeElement && document.activeElement.closest('#board'));",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arrow_keys_step_through_the_game_and_focus_stays_on_the_board_after_a_move() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game_url = players.start_game("mangala").await;

    // Ayse plays S3 from the keyboard: focus stays on the board once the reply lands.
    ayse.goto(&game_url).await.expect("the game");
    mark(ayse).await;
    let pit = wait_for(ayse, "button.pit[value='3']").await;
    ayse.execute(
        "document.querySelector(\"button.pit[value='3']\").focus(); return true;",
        vec![],
    )
    .await
    .expect("scripts run");
    pit.send_keys(&char::from(Key::Enter).to_string())
        .await
        .expect("keys");
    wait_for(ayse, "#live[data-ply='1']").await;
    assert!(marked(ayse).await, "the move was sent without a page load");
    assert!(
        focus_on_board(ayse).await,
        "focus fell off the board after the move"
    );

    // Mehmet plays N2 (then it is Ayse's turn: two plies).
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    click(mehmet, "button.pit[value='2']").await;
    wait_for(ayse, "#live[data-ply='2'] form.move button.pit").await;
    assert!(
        focus_on_board(ayse).await,
        "focus stays on the board when the reply lands"
    );
    assert_eq!(drawn(ayse).await, replayed(&[3, 2]));

    // Left arrow: the position after move 1, without a page load, S3 highlighted.
    let body = ayse.find(Locator::Css("body")).await.expect("a body");
    body.send_keys(&char::from(Key::Left).to_string())
        .await
        .expect("keys");
    wait_for(ayse, "#live[data-step][data-shown-ply='1']").await;
    assert_eq!(drawn(ayse).await, replayed(&[3]));
    assert!(marked(ayse).await, "stepping loads no page");
    assert_eq!(text(ayse, ".moves li.shown").await, "S3");
    assert_eq!(
        ayse.find_all(Locator::Css("form.move"))
            .await
            .expect("a query")
            .len(),
        0
    );
    let url = ayse.current_url().await.expect("a URL").to_string();
    assert!(url.ends_with("?ply=1"), "{url}");
    body.send_keys(&char::from(Key::Left).to_string())
        .await
        .expect("keys");
    wait_for(ayse, "#live[data-step][data-shown-ply='0']").await;
    assert_eq!(drawn(ayse).await, replayed(&[]));
    // Right twice: back to the live position, where Ayse can move again.
    body.send_keys(&char::from(Key::Right).to_string())
        .await
        .expect("keys");
    wait_for(ayse, "#live[data-shown-ply='1']").await;
    body.send_keys(&char::from(Key::Right).to_string())
        .await
        .expect("keys");
    wait_for(
        ayse,
        "#live[data-shown-ply='2']:not([data-step]) form.move button.pit",
    )
    .await;
    assert_eq!(drawn(ayse).await, replayed(&[3, 2]));
    assert!(marked(ayse).await);

    // A page that missed the opponent's reply (its form still says ply 1) sends a move:
    // it shows the game again with a plain notice, at the game's own address.
    ayse.execute(
        "document.querySelector('form.move input[name=ply]').value = '1'; return true;",
        vec![],
    )
    .await
    .expect("scripts run");
    click(ayse, "button.pit[value='4']").await;
    let notice = text(ayse, "#notice").await;
    assert_eq!(
        notice,
        "Your opponent moved meanwhile; here is the new position."
    );
    let url = ayse.current_url().await.expect("a URL").to_string();
    assert!(
        url.ends_with(game_url.rsplit('/').next().unwrap_or_default()),
        "{url}"
    );
    assert_eq!(drawn(ayse).await, replayed(&[3, 2]), "nothing was played");

    players.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_appears_when_the_game_ends_without_a_reload() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game_url = players.start_game("tihbat").await;

    ayse.goto(&game_url).await.expect("the game");
    click(ayse, "button.pit[value='1']").await;
    wait_for(ayse, "#live[data-ply='1']").await;
    mark(ayse).await;
    assert!(
        ayse.find(Locator::Css("#analysis")).await.is_err(),
        "no analysis during play"
    );

    // Mehmet resigns; Ayse's page shows the result, then the analysis, unreloaded.
    mehmet
        .goto(&format!("{game_url}/resign"))
        .await
        .expect("the question");
    click(mehmet, "form[action$='/resign'] button[type=submit]").await;
    wait_for(ayse, "#result").await;
    wait_for(ayse, "#analysis table tbody tr").await;
    wait_for(ayse, "#value-graph svg").await;
    assert!(marked(ayse).await, "the analysis came without a reload");
    let who = text(ayse, "#analysis tbody tr .who").await;
    assert_eq!(who, "ayse", "rows name the player who moved");

    players.close().await;
}

/// How many plies the game at `url` has, as the API says.
async fn plies(client: &Client, url: &str) -> u64 {
    let id = url.rsplit('/').next().expect("an id");
    let script =
        format!("return fetch('/api/v1/games/{id}').then(r => r.json()).then(g => g.ply);");
    client
        .execute(&script, vec![])
        .await
        .ok()
        .and_then(|v| v.as_u64())
        .expect("the game's ply")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_move_confirmation_on_a_first_tap_selects_a_pit_and_a_second_tap_or_confirm_plays_it()
{
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    // Ayse turns move confirmation on in her play settings.
    ayse.goto(&format!("{}/settings/play", players.base))
        .await
        .expect("the settings");
    click(ayse, "#play-settings input[name=confirm_moves]").await;
    click(ayse, "#play-settings button[type=submit]").await;
    wait_for(ayse, "#play-notice").await;
    let game_url = players.start_game("mangala").await;

    ayse.goto(&game_url).await.expect("the game");
    mark(ayse).await;
    wait_for(ayse, "form.move[data-confirm]").await;
    // A first tap selects pit 3 and sends nothing.
    click(ayse, "button.pit[value='3']").await;
    wait_for(ayse, "button.pit.selected[value='3'][aria-pressed=true]").await;
    assert_eq!(text(ayse, "#confirm-question").await, "Play pit 3?");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(plies(ayse, &game_url).await, 0, "a first tap plays nothing");
    // Another pit takes the selection over.
    click(ayse, "button.pit[value='2']").await;
    wait_for(ayse, "button.pit.selected[value='2']").await;
    assert_eq!(
        ayse.find_all(Locator::Css("button.pit.selected"))
            .await
            .expect("a query")
            .len(),
        1
    );
    // A second tap on it plays it, without a page load.
    click(ayse, "button.pit[value='2']").await;
    wait_for(ayse, "#live[data-ply='1']").await;
    assert!(marked(ayse).await, "the move was sent without a page load");
    assert_eq!(drawn(ayse).await, replayed(&[2]));

    // Mehmet (confirmation off, the default) plays with one tap.
    wait_for(mehmet, "#live[data-ply='1'] form.move button.pit").await;
    assert!(
        mehmet
            .find(Locator::Css("form.move[data-confirm]"))
            .await
            .is_err()
    );
    click(mehmet, "button.pit[value='1']").await;
    wait_for(mehmet, "#live[data-ply='2']").await;

    // Ayse's next move: a tap, then Confirm.
    wait_for(ayse, "#live[data-ply='2'] form.move button.pit").await;
    click(ayse, "button.pit[value='5']").await;
    wait_for(ayse, "#confirm-move:not([hidden]) #confirm-play").await;
    click(ayse, "#confirm-play").await;
    wait_for(ayse, "#live[data-ply='3']").await;
    assert_eq!(drawn(ayse).await, replayed(&[2, 1, 5]));
    assert!(marked(ayse).await);

    players.close().await;
}
