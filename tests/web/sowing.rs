//! What each move did, without JavaScript (issue 35): the page after a move sums up
//! the viewer's move and then the reply and marks the pits they changed; the next
//! game waiting; a move that would end the game by repetition; the animation setting.

use reqwest::StatusCode;

use crate::helpers::{Browser, Page, Server, ayse_v_mehmet, start_game};
use crate::on_both_backends;

on_both_backends!(
    the_page_after_a_move_says_what_it_and_the_reply_did_and_marks_the_pits,
    after_a_move_a_link_leads_to_the_next_game_waiting,
    a_move_that_would_repeat_a_position_is_marked_and_its_confirmation_says_so,
    the_sowing_animation_can_be_turned_off_in_the_play_settings,
    the_pages_write_moves_with_the_letters_of_their_language_and_the_record_keeps_s_and_n,
);

fn summaries(page: &Page) -> Vec<String> {
    page.all("#ply-summaries li")
        .iter()
        .map(|li| li.text().collect::<String>().trim().to_owned())
        .collect()
}

fn marked(page: &Page, class: &str) -> Vec<String> {
    page.all(&format!(".pit.{class}"))
        .iter()
        .map(|p| {
            let side = p.value().attr("data-side").unwrap_or_default();
            let pit = p.value().attr("data-pit").unwrap_or_default();
            format!("{}{pit}", if side == "south" { "S" } else { "N" })
        })
        .collect()
}

async fn the_page_after_a_move_says_what_it_and_the_reply_did_and_marks_the_pits(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    assert!(summaries(&ayse.get(&game).await).is_empty(), "no move yet");

    // Ayse sows S1: the stone back into it, then S2, S3, S4 (§M3).
    let page = ayse.get(&game).await;
    let after = ayse.press(&page.form("form.move"), "pit", "1").await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(summaries(&after), ["You: S1: 4 sown."]);
    assert_eq!(marked(&after, "sown"), ["S1", "S2", "S3", "S4"]);
    assert_eq!(
        after.attr("#ply-summaries li", "data-path"),
        "south-1 south-2 south-3 south-4"
    );

    // Mehmet sees Ayse's move, and replies N1; Ayse's page shows her move, then his.
    let theirs = mehmet.get(&game).await;
    assert_eq!(summaries(&theirs), ["ayse: S1: 4 sown."]);
    mehmet.press(&theirs.form("form.move"), "pit", "1").await;
    let page = ayse.get(&game).await;
    assert_eq!(
        summaries(&page),
        ["You: S1: 4 sown.", "mehmet: N1: 4 sown."]
    );
    assert_eq!(
        marked(&page, "sown"),
        ["N4", "N3", "N2", "N1"],
        "the reply's pits"
    );

    // S6: back into S6, the store, N1, N2, which makes 6: captured (§M7).
    let after = ayse.press(&page.form("form.move"), "pit", "6").await;
    assert_eq!(
        summaries(&after),
        ["You: S6: 4 sown, 6 captured from N2, 1 into the store."]
    );
    assert_eq!(marked(&after, "captured"), ["N2"]);
    assert_eq!(
        after.attr("#ply-summaries li", "data-captures"),
        "north-2:6:south"
    );
    // Each summary leads to the position after it.
    assert!(
        after
            .attr("#ply-summaries li a", "href")
            .ends_with("?ply=3")
    );
    // A watcher reads the latest move.
    let watcher = Browser::new(&server).get(&game).await;
    assert_eq!(
        summaries(&watcher),
        ["ayse: S6: 4 sown, 6 captured from N2, 1 into the store."]
    );
    // In another language.
    let greek = Browser::new(&server).get(&format!("{game}?lang=el")).await;
    assert_eq!(
        summaries(&greek),
        ["ayse: Ν6: σπάρθηκαν 4, πιάστηκαν 6 από Β2, 1 στην αποθήκη."]
    );
}

async fn after_a_move_a_link_leads_to_the_next_game_waiting(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let first = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let second = start_game(&ayse, &mehmet, "mehmet", "modiar", "challenger").await;

    // Her turn here: no link yet.
    let page = ayse.get(&first).await;
    assert_eq!(page.count("#next-game"), 0);
    let after = ayse.press(&page.form("form.move"), "pit", "3").await;
    assert_eq!(after.text("#next-game"), "Next game (1 waiting)");
    assert_eq!(after.attr("#next-game", "href"), second);
    assert_eq!(after.attr("#next-game", "aria-keyshortcuts"), "n");

    // The last game waiting played, none is left.
    let page = ayse.get(&second).await;
    let after = ayse.press(&page.form("form.move"), "pit", "1").await;
    assert_eq!(after.count("#next-game"), 0, "{}", after.body);
    // Mehmet has both to answer.
    let his = mehmet.get(&first).await;
    assert_eq!(his.count("#next-game"), 0, "his turn here");
    let after = mehmet.press(&his.form("form.move"), "pit", "1").await;
    assert_eq!(after.attr("#next-game", "href"), second);
}

async fn a_move_that_would_repeat_a_position_is_marked_and_its_confirmation_says_so(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    // Pit 1, six times, both sides: the seventh brings a position back (§T6).
    for ply in 0..6 {
        let player = if ply % 2 == 0 { &ayse } else { &mehmet };
        let page = player.get(&game).await;
        assert_eq!(page.count(".pit.repeats"), 0, "ply {ply}");
        assert_eq!(page.count("#repeat-warning"), 0, "ply {ply}");
        player.press(&page.form("form.move"), "pit", "1").await;
    }
    let page = ayse.get(&game).await;
    assert_eq!(
        page.count("button.pit.repeats[value='1']"),
        1,
        "{}",
        page.body
    );
    assert_eq!(page.count("button.pit.repeats"), 1);
    assert_eq!(
        page.text("#repeat-warning"),
        "⟲ Careful: S1 would repeat a position, and that ends the game."
    );
    assert!(
        page.attr("button.pit.repeats", "aria-label")
            .contains("repeats a position")
    );

    // With move confirmation on, the question says so.
    let settings = ayse.get("/settings/play").await;
    ayse.submit(&settings.form("#play-settings").set("confirm_moves", "on"))
        .await;
    let page = ayse.get(&game).await;
    let asked = ayse.press(&page.form("form.move"), "pit", "1").await;
    assert_eq!(
        asked.text("#confirm-question"),
        "Play pit 1? It repeats a position, which ends the game."
    );
    let other = ayse.press(&asked.form("form.move"), "pit", "2").await;
    assert_eq!(other.text("#confirm-question"), "Play pit 2?");
}

async fn the_sowing_animation_can_be_turned_off_in_the_play_settings(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    assert_eq!(
        ayse.get(&game).await.count("#live[data-still]"),
        0,
        "on by default"
    );
    let settings = ayse.get("/settings/play").await;
    assert_eq!(settings.count("input[name=still_moves][checked]"), 0);
    let saved = ayse
        .submit(&settings.form("#play-settings").set("still_moves", "on"))
        .await;
    assert_eq!(saved.count("input[name=still_moves][checked]"), 1);
    assert_eq!(ayse.get(&game).await.count("#live[data-still]"), 1);
    assert_eq!(mehmet.get(&game).await.count("#live[data-still]"), 0);
    let bad = ayse
        .submit(&saved.form("#play-settings").set("still_moves", "sometimes"))
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let again = ayse.get("/settings/play").await;
    assert_eq!(
        again.count("input[name=still_moves][checked]"),
        1,
        "unchanged"
    );
}

async fn the_pages_write_moves_with_the_letters_of_their_language_and_the_record_keeps_s_and_n(
    server: Server,
) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let page = ayse.get(&game).await;
    ayse.press(&page.form("form.move"), "pit", "1").await;
    let theirs = mehmet.get(&game).await;
    mehmet.press(&theirs.form("form.move"), "pit", "1").await;
    let page = ayse.get(&game).await;
    // S6 captures from N2 (as above): every place a page writes a move.
    ayse.press(&page.form("form.move"), "pit", "6").await;

    let moves = |page: &Page| -> Vec<String> {
        page.all("ol.moves li a")
            .iter()
            .map(|a| a.text().collect::<String>())
            .collect()
    };
    // Greek: South is Νότος (Ν), North Βορράς (Β); a Latin N would read as South.
    let greek = mehmet.get(&format!("{game}?lang=el")).await;
    assert_eq!(moves(&greek), ["Ν1", "Β1", "Ν6"]);
    assert_eq!(
        summaries(&greek),
        [
            "Εσείς: Β1: σπάρθηκαν 4.",
            "ayse: Ν6: σπάρθηκαν 4, πιάστηκαν 6 από Β2, 1 στην αποθήκη."
        ]
    );
    assert!(
        greek.text("#board caption").ends_with("Ν6"),
        "{}",
        greek.text("#board caption")
    );
    let stepped = mehmet.get(&format!("{game}?ply=2&lang=el")).await;
    assert!(
        stepped.text(".step-where").contains("(Β1)"),
        "{}",
        stepped.text(".step-where")
    );
    // Turkish: Güney (G), Kuzey (K).
    let turkish = mehmet.get(&format!("{game}?lang=tr")).await;
    assert_eq!(moves(&turkish), ["G1", "K1", "G6"]);
    let said = summaries(&turkish);
    assert!(
        said[0].contains("K1") && said[1].contains("G6") && said[1].contains("K2"),
        "{said:?}"
    );
    // Arabic: جنوب (ج), شمال (ش).
    let arabic = mehmet.get(&format!("{game}?lang=ar")).await;
    assert_eq!(moves(&arabic), ["ج1", "ش1", "ج6"]);
    // English and Catalan keep S and N.
    assert_eq!(
        moves(&mehmet.get(&format!("{game}?lang=ca")).await),
        ["S1", "N1", "S6"]
    );
    assert_eq!(moves(&mehmet.get(&game).await), ["S1", "N1", "S6"]);
    // The analysis board's rows are headed with the same letters.
    let href = greek.attr("#analyse-position", "href");
    let board = mehmet.get(&format!("{href}&lang=el")).await;
    let heads: Vec<String> = board
        .all("th[scope=row]")
        .iter()
        .map(|th| th.text().collect::<String>())
        .collect();
    assert!(
        heads.starts_with(&["Β".to_owned(), "Ν".to_owned()]),
        "{heads:?}"
    );

    // The text record stays language-neutral, whatever the reader's language.
    let id = game.trim_start_matches("/games/");
    let record = mehmet
        .client
        .get(format!("{}/api/v1/games/{id}/record?lang=el", server.base))
        .header(reqwest::header::ACCEPT_LANGUAGE, "el")
        .send()
        .await
        .expect("the record")
        .text()
        .await
        .expect("its text");
    for neutral in ["S1", "N1", "S6"] {
        assert!(record.contains(neutral), "{neutral}: {record}");
    }
    assert!(!record.contains('Ν') && !record.contains('Β'), "{record}");
}
