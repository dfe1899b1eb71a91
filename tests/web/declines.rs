//! Declining a challenge with a reason from the home page, and the challenger told why
//! on theirs.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

on_both_backends!(a_challenge_declined_with_a_reason_shows_it_in_words_to_the_challenger,);

async fn a_challenge_declined_with_a_reason_shows_it_in_words_to_the_challenger(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let mehmet = Browser::new(&server);
    mehmet.sign_up("mehmet").await;
    let home = ayse.get("/").await;
    let after = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "modiar")
                .set("opponent", "mehmet"),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(after.count(".challenge-declined"), 0);

    let theirs = mehmet.get("/").await;
    let reasons: Vec<String> = theirs
        .all(".challenge-to-me select[name=reason] option")
        .iter()
        .filter_map(|o| o.value().attr("value").map(str::to_owned))
        .collect();
    assert!(
        reasons.len() > 2 && reasons[0] == "generic" && reasons.contains(&"variant".to_owned()),
        "{reasons:?}"
    );
    let declined = mehmet
        .submit(
            &theirs
                .form(".challenge-to-me form[action$='/decline']")
                .set("reason", "variant"),
        )
        .await;
    assert_eq!(declined.status, StatusCode::OK, "{}", declined.body);
    assert_eq!(declined.count(".challenge-to-me"), 0, "it is closed");

    let told = ayse.get("/").await;
    assert_eq!(told.count(".challenge-mine"), 0);
    let line = told.text(".challenge-declined");
    assert!(
        line.contains("mehmet") && line.contains("Modiar") && line.contains("not this game"),
        "{line}"
    );
    assert_eq!(told.count(".challenge-declined[data-reason=variant]"), 1);

    // A reason that is not one is refused, and the challenge stays open.
    let home = ayse.get("/").await;
    ayse.submit(
        &home
            .form("form#new-challenge")
            .set("variant", "tihbat")
            .set("opponent", "mehmet"),
    )
    .await;
    let theirs = mehmet.get("/").await;
    let refused = mehmet
        .submit(
            &theirs
                .form(".challenge-to-me form[action$='/decline']")
                .set("reason", "rude"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(mehmet.get("/").await.count(".challenge-to-me"), 1);
}
