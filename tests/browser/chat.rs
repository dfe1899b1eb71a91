//! Live chat on the game page (issue 36): two players on the same game, each in a
//! browser of their own; a line sent by one shows up in the other's chat without a
//! reload (it rides their own account stream, `/live`, as a `line` event).

use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::harness::*;

/// The texts of the chat's lines on the page of `client`, oldest first.
async fn lines(client: &Client) -> Vec<String> {
    let mut texts = Vec::new();
    for li in client
        .find_all(Locator::Css("#chat-lines li .text"))
        .await
        .expect("the chat's lines")
    {
        texts.push(li.text().await.expect("text"));
    }
    texts
}

/// Waits until the chat of `client` holds `want`, failing with what it holds.
async fn shows(client: &Client, want: &[&str]) {
    let mut seen = Vec::new();
    for _ in 0..300 {
        seen = lines(client).await;
        if seen == want {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the chat shows {seen:?}, not {want:?}");
}

async fn say(client: &Client, text: &str) {
    fill(client, "#chat-text", text).await;
    click(client, "#chat-form button[type=submit]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_line_sent_by_one_player_shows_up_in_the_others_page_without_a_reload() {
    let Some(players) = TwoPlayers::start().await else {
        return;
    };
    let (ayse, mehmet) = (&players.ayse, &players.mehmet);
    let game = players.start_game("tihbat").await;
    ayse.set_window_size(360, 740).await.expect("resizable");
    mehmet.set_window_size(1280, 800).await.expect("resizable");
    ayse.goto(&game).await.expect("the game");
    mehmet.goto(&game).await.expect("the game");
    wait_for(ayse, "#chat-form").await;
    wait_for(mehmet, "#chat-form").await;
    assert!(lines(mehmet).await.is_empty(), "no line yet");
    mark(ayse).await;
    mark(mehmet).await;
    // The stream is open once the page has run its script; give it a moment.
    tokio::time::sleep(Duration::from_millis(500)).await;

    say(ayse, "İyi oyunlar <b>!</b>").await;
    shows(mehmet, &["İyi oyunlar <b>!</b>"]).await;
    shows(ayse, &["İyi oyunlar <b>!</b>"]).await;
    say(mehmet, "Sana da").await;
    shows(ayse, &["İyi oyunlar <b>!</b>", "Sana da"]).await;
    shows(mehmet, &["İyi oyunlar <b>!</b>", "Sana da"]).await;

    assert!(marked(ayse).await, "Ayşe's page was not reloaded");
    assert!(marked(mehmet).await, "Mehmet's page was not reloaded");
    // The other's line carries a report button; one's own does not.
    let reports = mehmet
        .find_all(Locator::Css("#chat-lines li form[action$='/report']"))
        .await
        .expect("the report forms");
    assert_eq!(
        reports.len(),
        1,
        "only Ayşe's line may be reported by Mehmet"
    );
    players.close().await;
}
