//! Challenge filters (issue 23): a bot says which challenges it takes; one naming it
//! that asks for anything else is declined as it is made, with the matching reason,
//! and the bot never hears of it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_challenge_the_filters_refuse_is_declined_at_once_with_the_matching_reason,
    filters_that_refuse_everything_or_name_unknown_things_are_refused_and_change_nothing,
);

async fn bot(app: &TestApp, username: &str) -> Player {
    let body = app
        .post(
            "/accounts",
            None,
            json!({"username": username, "password": "correct horse battery", "bot": true}),
        )
        .await
        .expect(201);
    Player {
        username: username.to_owned(),
        token: body["token"].as_str().expect("a token").to_owned(),
    }
}

async fn challenge(app: &TestApp, from: &Player, to: &str, variant: &str, days: u8) -> Value {
    app.post(
        "/challenges",
        Some(&from.token),
        json!({"variant": variant, "days_per_move": days, "opponent": to, "rated": true}),
    )
    .await
    .expect(201)
}

async fn a_challenge_the_filters_refuse_is_declined_at_once_with_the_matching_reason(app: TestApp) {
    let sower = bot(&app, "sower-bot").await;
    let other = bot(&app, "other-bot").await;
    let ayse = app.sign_up("ayse").await;
    let every = app
        .get("/me/challenge-filters", Some(&sower.token))
        .await
        .expect(200);
    assert_eq!(every["active"], false);
    assert_eq!(
        every["variants"],
        json!(["mangala", "modiar", "tihbat", "kalah", "oware", "togyz"])
    );
    let set = app
        .put(
            "/me/challenge-filters",
            Some(&sower.token),
            json!({"variants": ["tihbat"], "max_days_per_move": 7, "from_humans": false}),
        )
        .await
        .expect(200);
    assert_eq!(
        set,
        json!({"active": true, "variants": ["tihbat"], "min_days_per_move": 1,
               "max_days_per_move": 7, "rated": true, "casual": true,
               "from_bots": true, "from_humans": false})
    );

    for (from, variant, days, reason) in [
        (&ayse, "tihbat", 3, "only_bots"),
        (&other, "mangala", 3, "variant"),
        (&other, "tihbat", 14, "time_control"),
    ] {
        let refused = challenge(&app, from, "sower-bot", variant, days).await;
        assert_eq!(refused["status"], "declined", "{refused}");
        assert_eq!(refused["decline_reason"], reason, "{refused}");
    }
    let taken = challenge(&app, &other, "sower-bot", "tihbat", 3).await;
    assert_eq!(taken["status"], "open", "{taken}");
    // The bot hears only of the challenge it takes; the challengers of the others
    // hear why.
    let offered = app.get("/challenges", Some(&sower.token)).await.expect(200);
    let ids: Vec<&Value> = offered
        .as_array()
        .or_else(|| offered["challenges"].as_array())
        .expect("a list")
        .iter()
        .map(|c| &c["id"])
        .collect();
    assert_eq!(ids, [&taken["id"]], "{offered}");

    // Without filters every challenge is taken again.
    let cleared = app
        .call(
            Method::DELETE,
            "/me/challenge-filters",
            Some(&sower.token),
            None,
        )
        .await;
    assert_eq!(cleared.status.as_u16(), 204);
    let again = app
        .get("/me/challenge-filters", Some(&sower.token))
        .await
        .expect(200);
    assert_eq!(again["active"], false);
    let open = challenge(&app, &ayse, "sower-bot", "mangala", 14).await;
    assert_eq!(open["status"], "open", "{open}");
}

async fn filters_that_refuse_everything_or_name_unknown_things_are_refused_and_change_nothing(
    app: TestApp,
) {
    let sower = bot(&app, "sower-bot").await;
    app.put(
        "/me/challenge-filters",
        Some(&sower.token),
        json!({"variants": ["modiar"]}),
    )
    .await
    .expect(200);
    for (body, code) in [
        (
            json!({"min_days_per_move": 7, "max_days_per_move": 3}),
            "invalid_filters",
        ),
        (json!({"variants": []}), "invalid_filters"),
        (json!({"rated": false, "casual": false}), "invalid_filters"),
        (
            json!({"from_bots": false, "from_humans": false}),
            "invalid_filters",
        ),
        (json!({"variants": ["chess"]}), "invalid_variant"),
        (json!({"min_days_per_move": 4}), "invalid_days_per_move"),
        (json!({"colour": "red"}), "invalid_body"),
        (json!({"rated": "yes"}), "invalid_body"),
    ] {
        app.put("/me/challenge-filters", Some(&sower.token), body)
            .await
            .expect_error(422, code);
    }
    let kept = app
        .get("/me/challenge-filters", Some(&sower.token))
        .await
        .expect(200);
    assert_eq!(kept["variants"], json!(["modiar"]), "nothing changed");
    app.put("/me/challenge-filters", None, json!({}))
        .await
        .expect_error(401, "unauthorized");
}
