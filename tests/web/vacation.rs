//! A vacation from the browser, without JavaScript: the settings page starts and ends
//! it and says what is left of the year's days; the opponent's game page says so.

use reqwest::StatusCode;

use crate::helpers::{Server, ayse_v_mehmet};
use crate::on_both_backends;

on_both_backends!(a_vacation_is_started_and_ended_from_its_settings_page);

async fn a_vacation_is_started_and_ended_from_its_settings_page(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "opponent").await;

    let page = mehmet.get("/settings/vacation").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text("#vacation-status"), "You are not on vacation.");
    assert_eq!(page.text("#vacation-left strong"), "20 days");
    // Found from the header: its settings page links here.
    assert_eq!(page.count("header.site a[href='/settings']"), 1);
    let settings = mehmet.get("/settings").await;
    assert_eq!(settings.count("main a[href='/settings/vacation']"), 1);

    let started = mehmet.submit(&page.form("form#start-vacation")).await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.body);
    assert!(
        started
            .text("#vacation-notice")
            .starts_with("Your vacation has started")
    );
    assert!(
        started
            .text("#vacation-status")
            .starts_with("You are on vacation since"),
        "{}",
        started.body
    );
    let json = ayse.api(&game).await;
    assert_eq!(json["clock"], "stopped", "{json}");
    let theirs = ayse.get(&game).await;
    assert!(
        theirs.text("p.vacation").contains("mehmet is on vacation"),
        "{}",
        theirs.body
    );
    // Starting again is refused with the reason, and changes nothing.
    let again = mehmet.submit(&page.form("form#start-vacation")).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(again.count("#vacation-error") == 1, "{}", again.body);

    // Three days later he is back: seventeen days are left.
    server.clock.advance(chrono::Duration::days(3));
    let away = mehmet.get("/settings/vacation").await;
    assert_eq!(away.text("#vacation-left strong"), "17 days");
    let ended = mehmet.submit(&away.form("form#end-vacation")).await;
    assert_eq!(ended.status, StatusCode::OK, "{}", ended.body);
    assert!(
        ended
            .text("#vacation-notice")
            .starts_with("Your vacation has ended")
    );
    assert_eq!(ended.text("#vacation-status"), "You are not on vacation.");
    assert_eq!(ended.count("form#start-vacation"), 1);
    assert_ne!(ayse.api(&game).await["clock"], "stopped");
}
