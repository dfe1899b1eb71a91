//! The analysis board, `/analysis`: a GET form that shows what the position API
//! answers, without JavaScript.

use reqwest::StatusCode;

use crate::helpers::{Browser, Form, Page, Server};
use crate::on_both_backends;

on_both_backends!(
    the_analysis_board_values_a_position_set_up_in_its_form_as_the_api_does,
    a_pasted_position_is_analysed_and_a_bad_one_is_shown_with_its_reason,
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
    let rows = page.all("table.moves tbody tr");
    let moves = api["moves"].as_array().expect("moves");
    assert_eq!(rows.len(), moves.len());
    assert_eq!(
        page.count("table.moves tr.best"),
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
    assert_eq!(page.count("table.moves tbody tr"), 1);

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
