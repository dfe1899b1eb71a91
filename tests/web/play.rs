//! Move confirmation without JavaScript: a per-account play setting, off by default;
//! when on, pressing a pit shows the game with that pit chosen and a Confirm button,
//! and only Confirm plays it.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server, ayse_v_mehmet};
use crate::on_both_backends;

on_both_backends!(
    with_move_confirmation_on_a_pressed_pit_is_played_only_once_confirmed,
    the_play_settings_refuse_a_bad_value_and_change_nothing,
);

async fn with_move_confirmation_on_a_pressed_pit_is_played_only_once_confirmed(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;

    // Off by default: one press plays.
    let page = ayse.get(&game).await;
    assert_eq!(
        page.count("form.move[data-confirm], form.move input[name=confirm]"),
        0
    );
    assert_eq!(page.text("#confirm-setting"), "Confirm each move: off");

    let settings = ayse.get("/settings/play").await;
    assert_eq!(settings.count("input[name=confirm_moves][checked]"), 0);
    let saved = ayse
        .submit(&settings.form("#play-settings").set("confirm_moves", "on"))
        .await;
    assert_eq!(saved.status, StatusCode::OK);
    assert_eq!(saved.text("#play-notice"), "Saved.");
    assert_eq!(saved.count("input[name=confirm_moves][checked]"), 1);

    // On: a press shows the pit chosen and plays nothing.
    let page = ayse.get(&game).await;
    assert_eq!(page.text("#confirm-setting"), "Confirm each move: on");
    assert_eq!(page.count("#confirm-move[hidden]"), 1);
    let asked = ayse.press(&page.form("form.move"), "pit", "3").await;
    assert_eq!(asked.status, StatusCode::OK, "{}", asked.body);
    assert_eq!(
        asked.count("button.pit.selected[value='3'][aria-pressed=true]"),
        1
    );
    assert_eq!(asked.count("#confirm-move[hidden]"), 0);
    assert_eq!(asked.text("#confirm-question"), "Play pit 3?");
    assert_eq!(ayse.api(&game).await["ply"], 0, "nothing is played yet");
    // Another press chooses another pit, still playing nothing.
    let other = ayse.press(&asked.form("form.move"), "pit", "2").await;
    assert_eq!(other.count("button.pit.selected[value='2']"), 1);
    assert_eq!(other.count("button.pit.selected"), 1);
    assert_eq!(ayse.api(&game).await["ply"], 0);
    // Confirm plays it, and the game is shown at its own address.
    let value = other.attr("#confirm-play", "value");
    assert_eq!(value, "2");
    let played = ayse.press(&other.form("form.move"), "play", &value).await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.body);
    assert!(played.url.ends_with(&game), "{}", played.url);
    let json = ayse.api(&game).await;
    assert_eq!(json["ply"], 1);
    assert_eq!(json["moves"][0]["pit"], 2, "{json}");

    // The opponent's setting is their own: off, one press plays.
    let theirs = mehmet.get(&game).await;
    assert_eq!(theirs.count("form.move[data-confirm]"), 0);
    mehmet.press(&theirs.form("form.move"), "pit", "1").await;
    assert_eq!(ayse.api(&game).await["ply"], 2);

    // A confirm step for a move of an older position plays nothing and says why.
    let page = ayse.get(&game).await;
    let stale = page.form("form.move").set("ply", "1");
    let answer = ayse.press(&stale, "pit", "1").await;
    assert!(answer.url.ends_with(&game), "{}", answer.url);
    assert_eq!(ayse.api(&game).await["ply"], 2);
}

async fn the_play_settings_refuse_a_bad_value_and_change_nothing(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let settings = ayse.get("/settings/play").await;
    let bad = ayse
        .submit(
            &settings
                .form("#play-settings")
                .set("confirm_moves", "maybe"),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let again = ayse.get("/settings/play").await;
    assert_eq!(again.count("input[name=confirm_moves][checked]"), 0);
    // Not a page for visitors.
    let visitor = Browser::new(&server).get("/settings/play").await;
    assert_eq!(visitor.status, StatusCode::UNAUTHORIZED);
}
