//! What tells players it is their move on every page: the count in the header and the
//! tab title, the account's live stream, a house bot thinking, deadlines as times.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server, ayse_v_mehmet, next_event, start_game};
use crate::on_both_backends;

async fn the_title_and_the_header_count_the_games_waiting_for_the_viewer(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let first = start_game(&ayse, &mehmet, "mehmet", "tihbat", "challenger").await;
    start_game(&ayse, &mehmet, "mehmet", "modiar", "challenger").await;

    for page in ["/", "/standings", first.as_str()] {
        let seen = ayse.get(page).await;
        assert!(
            seen.text("title").starts_with("(2) "),
            "{page}: {}",
            seen.text("title")
        );
        assert_eq!(seen.text("#turns"), "2", "{page}");
        assert_eq!(seen.count("#turns[hidden]"), 0, "{page}");
        let theirs = mehmet.get(page).await;
        assert!(
            !theirs.text("title").starts_with('('),
            "{page}: {}",
            theirs.text("title")
        );
        assert_eq!(theirs.count("#turns[hidden]"), 1, "{page}");
    }
    let stranger = Browser::new(&server).get("/standings").await;
    assert_eq!(stranger.count("#turns"), 0);

    let page = ayse.get(&first).await;
    ayse.press(&page.form("form.move"), "pit", "1").await;
    assert!(ayse.get("/").await.text("title").starts_with("(1) "));
    assert!(mehmet.get("/").await.text("title").starts_with("(1) "));
}

async fn the_account_stream_sends_the_new_count_when_the_opponent_moves(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    let signed_out = reqwest::Client::new()
        .get(format!("{}/live", server.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);

    let mut stream = mehmet
        .client
        .get(format!("{}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);
    let page = ayse.get(&game).await;
    ayse.press(&page.form("form.move"), "pit", "1").await;
    let data = next_event(&mut stream, "changed").await;
    assert_eq!(data["turns"], 1, "{data}");
    assert_eq!(data["label"], "1 game waiting for your move", "{data}");
}

async fn a_challenge_waiting_for_the_viewers_answer_is_counted_in_the_header_and_title_and_sent_live(
    server: Server,
) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let mut stream = mehmet
        .client
        .get(format!("{}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    let home = ayse.get("/").await;
    ayse.submit(
        &home
            .form("form#new-challenge")
            .set("variant", "tihbat")
            .set("opponent", "mehmet"),
    )
    .await;
    // The stream counts it at once: no game is his move, one challenge waits.
    let data = next_event(&mut stream, "changed").await;
    assert_eq!(data["turns"], 0, "{data}");
    assert_eq!(data["challenges"], 1, "{data}");
    assert_eq!(data["waiting"], 1, "{data}");
    assert_eq!(
        data["label"], "1 challenge waiting for your answer",
        "{data}"
    );
    // Every page's header and title count it for him, not for her.
    for page in ["/", "/standings"] {
        let seen = mehmet.get(page).await;
        assert!(
            seen.text("title").starts_with("(1) "),
            "{page}: {}",
            seen.text("title")
        );
        assert_eq!(seen.text("#turns"), "1", "{page}");
        assert_eq!(
            seen.attr("#turns", "aria-label"),
            "1 challenge waiting for your answer"
        );
        let hers = ayse.get(page).await;
        assert_eq!(hers.count("#turns[hidden]"), 1, "{page}");
    }
    // In his language, in words of its own.
    let greek = mehmet.get("/standings?lang=el").await;
    assert_eq!(
        greek.attr("#turns", "aria-label"),
        "1 πρόκληση περιμένει την απάντησή σας"
    );
    // A game where it is his move as well: both counted, both said.
    let game = start_game(&ayse, &mehmet, "mehmet", "modiar", "opponent").await;
    let seen = mehmet.get(&game).await;
    assert_eq!(seen.text("#turns"), "2");
    assert_eq!(
        seen.attr("#turns", "aria-label"),
        "1 game waiting for your move, 1 challenge waiting for your answer"
    );
    // Answered, it is no longer counted.
    let home = mehmet.get("/").await;
    mehmet
        .submit(&home.form(".challenge-to-me form[action$='/decline']"))
        .await;
    let seen = mehmet.get("/").await;
    assert_eq!(seen.text("#turns"), "1");
    assert_eq!(
        seen.attr("#turns", "aria-label"),
        "1 game waiting for your move"
    );
}

async fn a_house_bot_to_move_is_shown_thinking_and_deadlines_are_machine_readable_times(
    server: Server,
) {
    server.service.ensure_house_bots().await.expect("the bots");
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let home = ayse.get("/").await;
    ayse.submit(
        &home
            .form("form#play-computer")
            .set("variant", "tihbat")
            .set("opponent", "house-random"),
    )
    .await;
    server.service.run_house_bots_once().await.expect("a round");
    let games = ayse.api("/games?player=ayse").await;
    let path = format!("/games/{}", games[0]["id"].as_str().expect("a game"));
    let mut page = ayse.get(&path).await;
    if page.count("form.move") == 0 {
        assert_eq!(page.text("#thinking"), "house-random is thinking…");
        server.service.run_house_bots_once().await.expect("a round");
        page = ayse.get(&path).await;
    }
    assert_eq!(page.count("#thinking"), 0, "nobody thinks on Ayse's turn");
    let deadline = page.attr(".deadline time.local", "datetime");
    assert!(
        chrono::DateTime::parse_from_rfc3339(&deadline).is_ok(),
        "{deadline}"
    );
    assert!(page.text(".deadline time.local").ends_with("UTC"));
    let after = ayse
        .press(
            &page.form("form.move"),
            "pit",
            &page.attr("form.move button.pit", "value"),
        )
        .await;
    assert_eq!(after.text("#thinking"), "house-random is thinking…");
    server.service.run_house_bots_once().await.expect("a round");
    assert_eq!(ayse.get(&path).await.count("#thinking"), 0);
}

on_both_backends!(
    the_title_and_the_header_count_the_games_waiting_for_the_viewer,
    the_account_stream_sends_the_new_count_when_the_opponent_moves,
    a_challenge_waiting_for_the_viewers_answer_is_counted_in_the_header_and_title_and_sent_live,
    a_house_bot_to_move_is_shown_thinking_and_deadlines_are_machine_readable_times,
);
