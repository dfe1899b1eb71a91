//! The game page's note box and chat, the player page's block button and games file,
//! and the play setting that turns the chat off (issue 36), without JavaScript.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server, ayse_v_mehmet, next_event, start_game};
use crate::on_both_backends;

on_both_backends!(
    each_player_keeps_a_note_and_the_two_chat_on_the_game_page_and_nobody_else_sees_either,
    a_player_blocks_another_from_its_page_and_a_player_can_turn_the_chat_off,
    a_pasted_record_is_stepped_through_with_the_analysis_at_every_position,
    a_pasted_record_s_repetitions_count_and_a_move_that_repeats_is_valued_as_the_end_it_is,
    a_chat_line_reaches_the_other_players_own_stream_as_a_line_event_of_its_game,
);

async fn each_player_keeps_a_note_and_the_two_chat_on_the_game_page_and_nobody_else_sees_either(
    server: Server,
) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;

    let page = ayse.get(&game).await;
    assert_eq!(page.count("#note-form textarea[name=text]"), 1);
    assert_eq!(page.count("#chat-form input[name=text]"), 1);
    assert_eq!(page.count("#chat-empty"), 1);
    let onlooker = zeynep.get(&game).await;
    assert_eq!(onlooker.status, StatusCode::OK);
    assert_eq!(onlooker.count("#note"), 0, "no note box for others");
    assert_eq!(onlooker.count("#chat"), 0, "no chat for others");

    // A note of two lines, as a textarea sends them.
    let saved = ayse
        .submit(
            &page
                .form("#note-form")
                .set("text", "Pit 6 early.\r\nWatch pit 2."),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(saved.text("#note-text"), "Pit 6 early.\nWatch pit 2.");
    assert_eq!(saved.count("#note-saved"), 1);
    assert_eq!(mehmet.get(&game).await.text("#note-text"), "");

    // A line as written, shown escaped to the other player.
    let written = "<script>alert(1)</script> & gg";
    let after = ayse
        .submit(&saved.form("#chat-form").set("text", written))
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let theirs = mehmet.get(&game).await;
    assert_eq!(theirs.text("#chat-lines .chat-line .text"), written);
    assert_eq!(theirs.text("#chat-lines .chat-line .who"), "ayse");
    assert!(!theirs.body.contains("<script>alert(1)"), "escaped");
    assert_eq!(theirs.count("#chat-empty"), 0);
    // Mehmet may report it; Ayse has no report button on her own line.
    assert_eq!(after.count("#chat-lines form[action$='/report']"), 0);
    let reported = mehmet
        .submit(&theirs.form("#chat-lines form[action$='/report']"))
        .await;
    assert_eq!(reported.status, StatusCode::OK, "{}", reported.body);
    let reports = server.service.chat_reports(10).await.expect("the reports");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].line.text, written);

    // A refused line says why, in words.
    let refused = mehmet
        .submit(&theirs.form("#chat-form").set("text", &"x".repeat(501)))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.body.contains("1 to 500 characters"),
        "{}",
        refused.body
    );
}

async fn a_player_blocks_another_from_its_page_and_a_player_can_turn_the_chat_off(server: Server) {
    let ayse = Browser::new(&server);
    let mallory = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mallory.sign_up("mallory").await;
    let game = start_game(&mallory, &ayse, "ayse", "mangala", "challenger").await;

    let page = ayse.get("/players/mallory").await;
    assert_eq!(
        page.attr("#games-file", "href"),
        "/api/v1/players/mallory/games.txt"
    );
    assert_eq!(
        ayse.get("/players/ayse").await.count("#block-form"),
        0,
        "not oneself"
    );
    let blocked = ayse.submit(&page.form("#block-form")).await;
    assert_eq!(blocked.status, StatusCode::OK, "{}", blocked.body);
    assert_eq!(blocked.count("#blocked-note"), 1);
    assert!(blocked.form("#block-form").action.ends_with("/unblock"));
    let theirs = mallory.get(&game).await;
    assert_eq!(theirs.count("#chat-form"), 0);
    assert_eq!(
        theirs.text("#chat-closed"),
        "You cannot chat with this player."
    );
    let unblocked = ayse.submit(&blocked.form("#block-form")).await;
    assert_eq!(unblocked.count("#blocked-note"), 0);
    assert_eq!(mallory.get(&game).await.count("#chat-form"), 1);

    // Chat off in the play settings: the opponent cannot write either.
    let settings = ayse.get("/settings/play").await;
    assert_eq!(
        settings.count("input[name=chat][checked]"),
        1,
        "on by default"
    );
    let saved = ayse
        .submit(&settings.form("#play-settings").without("chat"))
        .await;
    assert_eq!(saved.count("input[name=chat][checked]"), 0);
    assert_eq!(
        ayse.get(&game).await.text("#chat-closed"),
        "You turned the chat off in your play settings."
    );
    assert_eq!(
        mallory.get(&game).await.text("#chat-closed"),
        "Your opponent does not chat."
    );
}

async fn a_pasted_record_is_stepped_through_with_the_analysis_at_every_position(server: Server) {
    let browser = Browser::new(&server);
    let board = browser.get("/analysis").await;
    assert_eq!(board.attr("#record-board-link", "href"), "/analysis/record");
    let empty = browser.get("/analysis/record").await;
    assert_eq!(empty.status, StatusCode::OK);
    let record = "[Variant \"mangala\"]\n[First \"south\"]\n\nS1 N1 S2\n";
    let form = empty.form("#record-form").set("text", record);
    assert_eq!(form.action, "/analysis/record");
    let query = serde_urlencoded::to_string(&form.fields).expect("a query");
    let last = browser.get(&format!("/analysis/record?{query}")).await;
    assert_eq!(last.status, StatusCode::OK, "{}", last.body);
    assert_eq!(last.text("#record-at"), "Position after ply 3 of 3");
    assert_eq!(last.count("#record-value"), 1, "{}", last.body);
    assert_eq!(last.count(".record-plies li"), 3);
    assert_eq!(last.count("#record-next"), 0);
    let start = browser
        .get(&last.attr("#record-start", "href").replace("&amp;", "&"))
        .await;
    assert_eq!(start.text("#record-at"), "Position after ply 0 of 3");
    let next = browser.get(&start.attr("#record-next", "href")).await;
    assert_eq!(next.text("#record-at"), "Position after ply 1 of 3");
    assert!(next.count(".pit-values tbody tr") >= 1, "the moves' values");

    let bad = browser.get("/analysis/record?text=%5BVariant").await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        bad.text("#record-error")
            .starts_with("The record does not read")
    );
    let far = browser
        .get(&format!(
            "{}&ply=9",
            start
                .attr("#record-next", "href")
                .split("&ply")
                .next()
                .unwrap_or_default()
        ))
        .await;
    assert_eq!(far.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// The game page's chat follows the player's own stream (`/live`, one connection per
/// page: a browser holds only six to a server), never a stream of its own.
async fn a_chat_line_reaches_the_other_players_own_stream_as_a_line_event_of_its_game(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let mut stream = mehmet
        .client
        .get(format!("{}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);
    let page = ayse.get(&game).await;
    let written = "<b>iyi oyunlar</b>";
    let after = ayse
        .submit(&page.form("#chat-form").set("text", written))
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let data = next_event(&mut stream, "line").await;
    let id = game.trim_start_matches("/games/");
    assert_eq!(data["game_id"], id, "{data}");
    assert_eq!(data["text"], written, "{data}");
    assert_eq!(data["username"], "ayse", "{data}");
    assert_eq!(data["mine"], false, "{data}");
    // The chat's own stream is gone: the page's script listens to this one.
    let gone = mehmet.get(&format!("{game}/chat/live")).await;
    assert_ne!(gone.status, StatusCode::OK);
}

/// The moves the record board marks as repeating a position: `2 ⟲`.
fn marked_moves(page: &crate::helpers::Page) -> Vec<String> {
    page.all(".pit-values tbody tr.repeats td:first-child")
        .iter()
        .map(|td| td.text().collect::<String>().trim().to_owned())
        .collect()
}

/// The moves of `game` that repeat a position and end it, as the board marks them.
fn repeats_of(game: &seedpost_rules::Game) -> Vec<String> {
    game.position()
        .legal_moves()
        .filter(|&pit| game.repeats(pit))
        .map(|pit| format!("{} ⟲", pit.number()))
        .collect()
}

/// The record board at `ply` of `record`, once its analysis is there (the Modiar
/// table may still be building: the page says so until it is built).
async fn record_board_analysed(
    browser: &Browser,
    record: &str,
    ply: usize,
) -> crate::helpers::Page {
    let query = serde_urlencoded::to_string([("text", record), ("ply", &ply.to_string())])
        .expect("a query");
    // A guard against a hang, not a measure of speed.
    for _ in 0..600 {
        let page = browser.get(&format!("/analysis/record?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        if page.count("#record-value") == 1 {
            return page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    panic!("no analysis of {record} at ply {ply}");
}

async fn a_pasted_record_s_repetitions_count_and_a_move_that_repeats_is_valued_as_the_end_it_is(
    server: Server,
) {
    use seedpost_rules::{Game, Pit, Record, Side};
    let browser = Browser::new(&server);
    // RULES.md's examples: T7's Tihbat game comes back to the position after its
    // first ply with S1 at ply 7 (the second occurrence ends a Tihbat game, §T6);
    // D12's Modiar game comes back for the third time with S2 at ply 23 (§D12).
    let games = [
        ("tihbat", "S1 N1 S1 N1 S1 N1", 1),
        (
            "modiar",
            "S2 N2 S1 N3 S3 N1 S2 N2 S2 N2 S1 N3 S3 N1 S2 N2 S2 N2 S1 N3 S3 N1",
            2,
        ),
    ];
    for (variant, plies, repeating) in games {
        let record = format!("[Variant \"{variant}\"]\n[First \"south\"]\n\n{plies}\n");
        let parsed: Record = record.trim().parse().expect("a record");
        let at = Game::replay(parsed.variant, parsed.first, &parsed.plies).expect("it replays");
        let pit = Pit::new(repeating).expect("a pit");
        assert!(
            at.repeats(pit),
            "{variant}: the example repeats with pit {repeating}"
        );
        // What the move makes of the game for South, the side to move: the end by
        // repetition, its final score less the stores' difference now.
        let mut ended = at.clone();
        ended.play(pit).expect("a legal move");
        let score = ended.outcome().expect("the game is over").score;
        let stores = at.position().stores();
        let value = (i16::from(score.south) - i16::from(score.north))
            - (i16::from(stores.south) - i16::from(stores.north));
        let shown = match value {
            0 => "0".to_owned(),
            v if v > 0 => format!("+{v}"),
            v => format!("\u{2212}{}", v.unsigned_abs()),
        };
        assert_eq!(at.position().to_move(), Some(Side::South));

        let last = at.ply();
        let page = record_board_analysed(&browser, &record, last).await;
        let marked = marked_moves(&page);
        assert_eq!(marked, repeats_of(&at), "{variant}");
        assert_eq!(
            marked,
            [format!("{repeating} ⟲")],
            "{variant}: S{repeating} alone"
        );
        assert_eq!(
            page.text("#repeat-warning"),
            format!("⟲ Careful: S{repeating} would repeat a position, and that ends the game."),
            "{variant}"
        );
        assert_eq!(
            page.text(".pit-values tbody tr.repeats td:nth-child(2)"),
            shown,
            "{variant}: the repeating move is valued as the game's end"
        );
        // Two plies earlier, with South to move again, the board marks what the engine
        // says repeats there, which is not that pit: those positions came later.
        let earlier = Game::replay(parsed.variant, parsed.first, &parsed.plies[..last - 2])
            .expect("it replays");
        let before = record_board_analysed(&browser, &record, last - 2).await;
        let marked = marked_moves(&before);
        assert_eq!(marked, repeats_of(&earlier), "{variant}");
        assert!(!marked.contains(&format!("{repeating} ⟲")), "{variant}");
        assert_eq!(
            before.count("#repeat-warning"),
            usize::from(!marked.is_empty())
        );
    }
}
