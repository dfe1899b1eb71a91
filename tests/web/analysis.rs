//! The analysis board, `/analysis`: a GET form that shows what the position API
//! answers, without JavaScript; it and the analysis panel of a finished game speak the
//! visitor's language.

use reqwest::StatusCode;

use crate::helpers::{Browser, Form, Page, Server, ayse_v_mehmet, start_game};
use crate::on_both_backends;

on_both_backends!(
    the_analysis_board_values_a_position_set_up_in_its_form_as_the_api_does,
    a_pasted_position_is_analysed_and_a_bad_one_is_shown_with_its_reason,
    the_board_and_the_panel_of_a_finished_game_speak_the_visitors_language,
    analyse_this_position_opens_the_analysis_board_on_the_position_shown,
    the_board_takes_each_sides_store_and_values_an_oware_position_by_them,
    analyse_this_position_carries_the_stores_of_a_togyz_game,
    the_board_asks_for_tuzdyks_in_togyz_kumalak_and_in_no_other_game,
);

/// Sends a GET form as a browser would: its fields in the query string.
async fn get_form(browser: &Browser, form: &Form) -> Page {
    let query = serde_urlencoded_pairs(&form.fields);
    browser.get(&format!("{}?{query}", form.action)).await
}

fn serde_urlencoded_pairs(fields: &[(String, String)]) -> String {
    let mut url = reqwest::Url::parse("http://x/").expect("a url");
    url.query_pairs_mut().extend_pairs(fields);
    url.query().unwrap_or_default().to_owned()
}

async fn the_analysis_board_values_a_position_set_up_in_its_form_as_the_api_does(server: Server) {
    let ayse = Browser::new(&server);
    let board = ayse.get("/analysis").await;
    assert_eq!(board.status, StatusCode::OK);
    assert_eq!(board.count("section.analysis"), 0, "nothing asked yet");
    assert_eq!(board.count("script[src]:not([defer])"), 0);
    let form = board
        .form("form.analysis-form")
        .set("variant", "tihbat")
        .set("south", "0,3")
        .set("north", "2,1")
        .set("to_move", "north")
        .without("position");
    let page = get_form(&ayse, &form).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let api = ayse
        .api("/analysis?variant=tihbat&south=0,3&north=2,1&to_move=north")
        .await;
    let value = api["value"].as_i64().expect("a value");
    let shown = page.text("p.value strong").replace('\u{2212}', "-");
    assert_eq!(
        shown.trim_start_matches('+'),
        value.to_string(),
        "{}",
        page.body
    );
    assert!(page.text("p.value").contains("(exact)"), "{}", page.body);
    // Its own class: the game page's move list styles `.moves` as a row of plies.
    assert_eq!(
        page.count(".moves"),
        0,
        "the table is not styled as a move list"
    );
    let rows = page.all("table.pit-values tbody tr");
    let moves = api["moves"].as_array().expect("moves");
    assert_eq!(rows.len(), moves.len());
    assert_eq!(
        page.count("table.pit-values tr.best"),
        api["best"].as_array().map_or(0, Vec::len)
    );
    // The board: North's row from its right on top.
    let north: Vec<String> = page
        .all("table.rows tr:first-child td")
        .iter()
        .map(|td| td.text().collect())
        .collect();
    assert_eq!(north, ["1", "2"]);
    // The form keeps the position for the next change.
    assert_eq!(page.attr("input#south", "value"), "0,3");
    assert_eq!(
        page.attr("select#to_move option[selected]", "value"),
        "north"
    );
}

async fn a_pasted_position_is_analysed_and_a_bad_one_is_shown_with_its_reason(server: Server) {
    let ayse = Browser::new(&server);
    let page = ayse
        .get("/analysis?variant=mangala&position=0,0,0,0,0,1/1,1,0,0,0,0/south")
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.text("p.value strong"), "+3");
    assert!(page.text("p.value").contains("estimate"), "{}", page.body);
    assert_eq!(page.count("table.pit-values tbody tr"), 1);

    let bad = ayse
        .get("/analysis?variant=tihbat&south=7,7,7&north=7,7&to_move=south")
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.text("p.error").contains("2 pits"), "{}", bad.body);
    assert_eq!(bad.count("section.analysis"), 0);
    assert_eq!(
        bad.attr("input#south", "value"),
        "7,7,7",
        "the form keeps what was typed"
    );
}

/// Whoever is to move in `game` plays the first pit offered, `plies` times.
async fn play_some(players: [&Browser; 2], game: &str, plies: usize) {
    for _ in 0..plies {
        let mut moved = false;
        for player in players {
            let page = player.get(game).await;
            if page.count("form.move") > 0 {
                let pit = page.attr("form.move button.pit", "value");
                player.press(&page.form("form.move"), "pit", &pit).await;
                moved = true;
                break;
            }
        }
        assert!(moved, "someone is to move");
    }
}

async fn the_board_and_the_panel_of_a_finished_game_speak_the_visitors_language(server: Server) {
    let visitor = Browser::new(&server);
    // The board: its form, its result and a refused position.
    let board = visitor
        .get("/analysis?variant=tihbat&south=0,3&north=2,1&to_move=north&lang=tr")
        .await;
    assert_eq!(board.status, StatusCode::OK, "{}", board.body);
    assert_eq!(board.text("main h1"), "Analiz tahtası");
    assert_eq!(board.text("label[for='north']"), "Kuzey sırası");
    assert!(
        board.text("p.value").starts_with("Sıra Kuzey tarafında:"),
        "{}",
        board.text("p.value")
    );
    assert!(board.text("p.value").ends_with("(kesin)"));
    assert_eq!(board.text("table.pit-values th:first-child"), "Kuyu");
    let greek = visitor
        .get("/analysis?variant=mangala&position=0,0,0,0,0,1/1,1,0,0,0,0/south&lang=el")
        .await;
    assert!(
        greek
            .text("p.value")
            .contains("(εκτίμηση, βάθος αναζήτησης"),
        "{}",
        greek.text("p.value")
    );
    let bad = visitor
        .get("/analysis?variant=tihbat&south=7,7,7&north=7,7&to_move=south&lang=ar")
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Tihbat's rows have two pits: Arabic's dual.
    assert_eq!(
        bad.text("p.error"),
        "كل صف يضم حبات حفرتين، عددين مفصولين بفاصلة"
    );
    let catalan = visitor
        .get("/analysis?variant=tihbat&position=7,7/7,7&lang=ca")
        .await;
    assert!(
        catalan.text("p.error").starts_with("Una posició s'escriu"),
        "{}",
        catalan.body
    );

    // A finished game of four moves: the panel, its graph and its table.
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    play_some([&ayse, &mehmet], &game, 4).await;
    let resign = mehmet.get(&format!("{game}/resign")).await;
    mehmet.submit(&resign.form("form[action$='/resign']")).await;
    let json = ayse.api(&game).await;
    let plies = json["moves"].as_array().expect("moves").len();
    // The panel alone waits for the analysis; the page then shows it at once.
    let fragment = visitor.get(&format!("{game}/analysis?lang=ar")).await;
    assert_eq!(
        fragment.text("#analysis h2"),
        "التحليل",
        "{}",
        fragment.body
    );
    let page = visitor.get(&format!("{game}?lang=ar")).await;
    assert_eq!(
        page.count("#analysis table tbody tr"),
        plies,
        "{}",
        page.body
    );
    assert!(page.text("#analysis .hint").contains("كل القيم هنا دقيقة."));
    assert_eq!(
        page.text("#analysis thead th:first-child"),
        "النقلة",
        "{}",
        page.body
    );
    assert!(
        page.text("#value-graph-title")
            .starts_with("القيمة بعد كل نقلة"),
        "{}",
        page.text("#value-graph-title")
    );
    assert!(page.text("#value-graph figcaption").contains("ayse"));
    let labels: Vec<String> = page
        .all("#value-graph a > title")
        .iter()
        .map(|t| t.text().collect())
        .collect();
    assert_eq!(labels.len(), plies + 1);
    assert!(labels[0].starts_with("البداية: "), "{labels:?}");
    assert!(labels[1].starts_with("النقلة 1 لـ"), "{labels:?}");
    assert!(labels[1].contains("(الحفرة "), "{labels:?}");
    // The same in English, word for word as before.
    let english = visitor.get(&format!("{game}?lang=en")).await;
    assert_eq!(english.text("#analysis h2"), "Analysis");
    assert!(
        english
            .text("#value-graph-title")
            .starts_with("The value after each move: up when ayse is ahead"),
        "{}",
        english.text("#value-graph-title")
    );
    let first: String = english
        .all("#value-graph a > title")
        .get(1)
        .map(|t| t.text().collect())
        .unwrap_or_default();
    assert!(first.starts_with("Move 1 by ayse (pit "), "{first}");
}

async fn analyse_this_position_opens_the_analysis_board_on_the_position_shown(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "tihbat", "challenger").await;
    play_some([&ayse, &mehmet], &game, 2).await;
    let json = ayse.api(&game).await;
    // Stepped back to the position after the first move, and the live one: each
    // opens the board on its own position, whoever looks (a player or not).
    let stranger = Browser::new(&server);
    for (viewer, at) in [(&ayse, Some(1)), (&stranger, Some(0)), (&mehmet, None)] {
        let path = at.map_or_else(|| game.clone(), |ply| format!("{game}?ply={ply}"));
        let page = viewer.get(&path).await;
        let href = page.attr("#analyse-position", "href");
        let board = viewer.get(&href).await;
        assert_eq!(board.status, StatusCode::OK, "{href}: {}", board.body);
        // The position after `at` plies, replayed by the engine from the record.
        let mut replay =
            seedpost_rules::Game::new(seedpost_rules::Variant::Tihbat, seedpost_rules::Side::South);
        let moves = json["moves"].as_array().expect("moves");
        for m in moves.iter().take(at.unwrap_or(moves.len())) {
            let side: seedpost_rules::Side = m["side"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .expect("a side");
            let pit = m["pit"]
                .as_u64()
                .and_then(|p| u8::try_from(p).ok())
                .and_then(seedpost_rules::Pit::new)
                .expect("a pit");
            replay
                .push(seedpost_rules::Ply::Sow { side, pit })
                .expect("a legal move");
        }
        let row = |side: seedpost_rules::Side| {
            replay
                .position()
                .row(side)
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let row = |side: &str| row(side.parse().expect("a side"));
        assert_eq!(board.attr("input#south", "value"), row("south"), "{href}");
        assert_eq!(board.attr("input#north", "value"), row("north"), "{href}");
        assert_eq!(
            board.count("table.pit-values"),
            1,
            "analysed: {}",
            board.body
        );
    }
}

async fn the_board_takes_each_sides_store_and_values_an_oware_position_by_them(server: Server) {
    let ayse = Browser::new(&server);
    let board = ayse.get("/analysis").await;
    // South has captured 23 (§O8): S6 takes N1's 2 and wins at 25.
    let form = board
        .form("form.analysis-form")
        .set("variant", "oware")
        .set("south", "0,0,0,0,1,1")
        .set("north", "1,1,4,4,4,4")
        .set("to_move", "south")
        .set("south_store", "23")
        .set("north_store", "5")
        .without("position");
    let page = get_form(&ayse, &form).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let api = ayse
        .api("/analysis?variant=oware&south=0,0,0,0,1,1&north=1,1,4,4,4,4&to_move=south&south_store=23&north_store=5")
        .await;
    let shown = page.text("p.value strong").replace('\u{2212}', "-");
    assert_eq!(
        shown.trim_start_matches('+'),
        api["value"].as_i64().expect("a value").to_string(),
        "{}",
        page.body
    );
    // The form keeps the stores, and the JSON link carries them.
    assert_eq!(page.attr("input#south_store", "value"), "23");
    assert_eq!(page.attr("input#north_store", "value"), "5");
    let link = page.attr("section.analysis p.hint a", "href");
    assert!(link.contains("south_store=23&north_store=5"), "{link}");
    // The same rows without the stores: refused with the reason, nothing valued.
    let bare = get_form(
        &ayse,
        &form.clone().set("south_store", "").set("north_store", ""),
    )
    .await;
    assert_eq!(
        bare.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        bare.body
    );
    assert_eq!(bare.count("section.analysis"), 0);
    assert!(
        bare.text("p.error").contains("store"),
        "{}",
        bare.text("p.error")
    );
}

async fn analyse_this_position_carries_the_stores_of_a_togyz_game(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "togyz", "challenger").await;
    // The first mover plays its 9th house: 8 stones into the opponent's 1..8, the
    // 8th making 10, which it takes (§Z4).
    let mut moved = false;
    for player in [&ayse, &mehmet] {
        let page = player.get(&game).await;
        if page.count("form.move") > 0 {
            player.press(&page.form("form.move"), "pit", "9").await;
            moved = true;
            break;
        }
    }
    assert!(moved, "someone is to move");
    let json = ayse.api(&game).await;
    let (south, north) = (&json["store"]["south"], &json["store"]["north"]);
    assert_eq!(
        south.as_u64().unwrap_or(0) + north.as_u64().unwrap_or(0),
        10,
        "{json}"
    );
    let page = ayse.get(&game).await;
    let href = page.attr("#analyse-position", "href");
    assert!(
        href.contains(&format!("south_store={south}&north_store={north}")),
        "{href}"
    );
    let board = ayse.get(&href).await;
    assert_eq!(board.status, StatusCode::OK, "{href}: {}", board.body);
    assert_eq!(board.attr("input#south_store", "value"), south.to_string());
    assert_eq!(board.count("table.pit-values"), 1, "{}", board.body);
}

async fn the_board_asks_for_tuzdyks_in_togyz_kumalak_and_in_no_other_game(server: Server) {
    let ayse = Browser::new(&server);
    let tuzdyk_fields = |page: &Page| {
        page.form("form.analysis-form")
            .fields
            .iter()
            .filter(|(name, _)| name.ends_with("_tuzdyk"))
            .count()
    };
    // The board opens on Tihbat; no game but Togyz kumalak has tuzdyks (§Z5).
    for query in [
        "",
        "?variant=mangala",
        "?variant=modiar",
        "?variant=tihbat",
        "?variant=kalah",
        "?variant=oware",
    ] {
        let board = ayse.get(&format!("/analysis{query}")).await;
        assert_eq!(board.status, StatusCode::OK, "{query}: {}", board.body);
        assert_eq!(tuzdyk_fields(&board), 0, "{query}: {}", board.body);
        assert_eq!(board.count("label[for$=_tuzdyk]"), 0, "{query}");
    }
    // A refused position of another game shows none either.
    let bad = ayse
        .get("/analysis?variant=oware&south=1,1&north=1,1&to_move=south")
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(tuzdyk_fields(&bad), 0, "{}", bad.body);
    // Togyz kumalak's board asks for both, and its form, sent as it is, is valued
    // and keeps them.
    let togyz = ayse.get("/analysis?variant=togyz").await;
    assert_eq!(togyz.status, StatusCode::OK, "{}", togyz.body);
    assert_eq!(togyz.count("input#south_tuzdyk"), 1, "{}", togyz.body);
    assert_eq!(togyz.count("input#north_tuzdyk"), 1, "{}", togyz.body);
    let form = togyz.form("form.analysis-form").without("position");
    assert_eq!(tuzdyk_fields(&togyz), 2);
    let page = get_form(&ayse, &form).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.count("section.analysis"), 1, "{}", page.body);
    assert_eq!(tuzdyk_fields(&page), 2, "{}", page.body);
}
