//! Challenges: create, list, accept, decline, cancel.

use reqwest::Method;
use serde_json::json;

use crate::helpers::TestApp;

crate::on_both_backends!(
    a_challenge_is_accepted_into_a_game_with_the_challenger_as_south,
    open_challenges_can_be_taken_by_anyone_but_their_creator,
    declining_and_canceling_close_a_challenge_for_good,
    bad_challenges_are_refused_with_their_codes,
    a_random_first_mover_is_drawn_and_stored,
    a_decline_keeps_its_reason_and_tells_the_challenger_in_the_challenge_and_its_event,
);

/// The first line of `player`'s event stream (from the start) of type `kind`.
async fn first_event(app: &TestApp, token: &str, kind: &str) -> serde_json::Value {
    let mut response = app
        .client
        .get(format!("{}/api/v1/stream/events?since=0", app.base))
        .bearer_auth(token)
        .header("accept", "application/x-ndjson")
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(response.status().as_u16(), 200);
    let mut text = String::new();
    loop {
        while let Some(end) = text.find('\n') {
            let line: String = text.drain(..=end).collect();
            let value: serde_json::Value = serde_json::from_str(line.trim()).expect("JSON");
            if value["type"] == kind {
                return value;
            }
        }
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), response.chunk())
            .await
            .expect("a line within 10 s")
            .expect("the stream reads")
            .expect("the stream goes on");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn a_decline_keeps_its_reason_and_tells_the_challenger_in_the_challenge_and_its_event(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let challenge = || async {
        let c = app
            .post(
                "/challenges",
                Some(&ayse.token),
                json!({"variant": "modiar", "days_per_move": 1, "opponent": "mehmet"}),
            )
            .await
            .expect(201);
        assert_eq!(c["decline_reason"], serde_json::Value::Null, "{c}");
        c["id"].as_str().expect("an id").to_owned()
    };
    let fast = challenge().await;
    // An unknown reason is refused and changes nothing.
    app.post(
        &format!("/challenges/{fast}/decline"),
        Some(&mehmet.token),
        json!({"reason": "rude"}),
    )
    .await
    .expect_error(422, "invalid_decline_reason");
    let still = app
        .get(&format!("/challenges/{fast}"), Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(still["status"], "open");

    let declined = app
        .post(
            &format!("/challenges/{fast}/decline"),
            Some(&mehmet.token),
            json!({"reason": "too_fast"}),
        )
        .await
        .expect(200);
    assert_eq!(
        (&declined["status"], &declined["decline_reason"]),
        (&json!("declined"), &json!("too_fast"))
    );
    let seen = app
        .get(&format!("/challenges/{fast}"), Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(seen["decline_reason"], "too_fast");
    let event = first_event(&app, &ayse.token, "challenge_declined").await;
    assert_eq!(event["challenge"]["id"], json!(fast));
    assert_eq!(event["challenge"]["decline_reason"], "too_fast");

    // No body at all: a generic decline.
    let plain = challenge().await;
    let answer = app
        .client
        .post(format!("{}/api/v1/challenges/{plain}/decline", app.base))
        .bearer_auth(&mehmet.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(answer.status().as_u16(), 200);
    let body: serde_json::Value = answer.json().await.expect("JSON");
    assert_eq!(body["decline_reason"], "generic");
}

async fn a_challenge_is_accepted_into_a_game_with_the_challenger_as_south(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "modiar", "days_per_move": 5, "first": "opponent", "opponent": "mehmet"}),
        )
        .await
        .expect(201);
    assert_eq!(challenge["status"], "open");
    let id = challenge["id"].as_str().expect("an id");
    let listed = app
        .get("/challenges", Some(&mehmet.token))
        .await
        .expect(200);
    assert!(
        listed
            .as_array()
            .expect("a list")
            .iter()
            .any(|c| c["id"] == id)
    );
    let game = app
        .post(
            &format!("/challenges/{id}/accept"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(201);
    assert_eq!(game["players"], json!({"south": "ayse", "north": "mehmet"}));
    assert_eq!(
        (game["first"].as_str(), game["to_move"].as_str()),
        (Some("north"), Some("north"))
    );
    assert_eq!(game["ply"], 0);
    assert_eq!(game["days_per_move"], 5);
    assert_eq!(
        game["board"],
        json!({"south": [7, 7, 7], "north": [7, 7, 7]})
    );
    assert_eq!(game["legal_moves"], json!([1, 2, 3]));
    assert_eq!(game["deadline"], "2026-12-05T12:00:00.000Z");
    let shown = app
        .get(&format!("/challenges/{id}"), Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(
        (shown["status"].as_str(), shown["game_id"].as_str()),
        (Some("accepted"), game["id"].as_str())
    );
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&mehmet.token),
        json!({}),
    )
    .await
    .expect_error(409, "challenge_closed");
}

async fn open_challenges_can_be_taken_by_anyone_but_their_creator(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "tihbat"}),
        )
        .await
        .expect(201);
    assert_eq!(challenge["opponent"], serde_json::Value::Null);
    assert_eq!(
        (
            challenge["days_per_move"].as_u64(),
            challenge["first"].as_str()
        ),
        (Some(3), Some("random"))
    );
    let id = challenge["id"].as_str().expect("an id");
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&ayse.token),
        json!({}),
    )
    .await
    .expect_error(422, "own_challenge");
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&mehmet.token),
        json!({}),
    )
    .await
    .expect(201);
}

async fn declining_and_canceling_close_a_challenge_for_good(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let make = || async {
        let c = app
            .post(
                "/challenges",
                Some(&ayse.token),
                json!({"variant": "mangala", "opponent": "mehmet"}),
            )
            .await
            .expect(201);
        c["id"].as_str().expect("an id").to_owned()
    };
    let first = make().await;
    app.post(
        &format!("/challenges/{first}/accept"),
        Some(&zeynep.token),
        json!({}),
    )
    .await
    .expect_error(403, "forbidden");
    app.post(
        &format!("/challenges/{first}/decline"),
        Some(&zeynep.token),
        json!({}),
    )
    .await
    .expect_error(403, "forbidden");
    let declined = app
        .post(
            &format!("/challenges/{first}/decline"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(200);
    assert_eq!(declined["status"], "declined");
    app.post(
        &format!("/challenges/{first}/accept"),
        Some(&mehmet.token),
        json!({}),
    )
    .await
    .expect_error(409, "challenge_closed");

    let second = make().await;
    app.call(
        Method::DELETE,
        &format!("/challenges/{second}"),
        Some(&mehmet.token),
        None,
    )
    .await
    .expect_error(403, "forbidden");
    let canceled = app
        .call(
            Method::DELETE,
            &format!("/challenges/{second}"),
            Some(&ayse.token),
            None,
        )
        .await;
    assert_eq!(canceled.status.as_u16(), 204);
    let shown = app
        .get(&format!("/challenges/{second}"), Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(shown["status"], "canceled");
    let open = app
        .get("/challenges", Some(&mehmet.token))
        .await
        .expect(200);
    assert_eq!(open, json!([]));
}

async fn bad_challenges_are_refused_with_their_codes(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    for (body, status, code) in [
        (json!({"variant": "chess"}), 422, "invalid_variant"),
        (
            json!({"variant": "mangala", "days_per_move": 4}),
            422,
            "invalid_days_per_move",
        ),
        (
            json!({"variant": "mangala", "days_per_move": -1}),
            422,
            "invalid_days_per_move",
        ),
        (
            json!({"variant": "mangala", "first": "me"}),
            422,
            "invalid_first",
        ),
        (
            json!({"variant": "mangala", "opponent": "ayse"}),
            422,
            "self_challenge",
        ),
        (
            json!({"variant": "mangala", "opponent": "nobody"}),
            404,
            "not_found",
        ),
        (json!({"variant": 3}), 422, "invalid_body"),
        (json!({}), 422, "invalid_body"),
    ] {
        app.post("/challenges", Some(&ayse.token), body)
            .await
            .expect_error(status, code);
    }
    app.post("/challenges", None, json!({"variant": "mangala"}))
        .await
        .expect_error(401, "unauthorized");
    app.get("/challenges/not-a-uuid", Some(&ayse.token))
        .await
        .expect_error(404, "not_found");
    app.get(
        &format!("/challenges/{}", uuid::Uuid::new_v4()),
        Some(&ayse.token),
    )
    .await
    .expect_error(404, "not_found");
    assert_eq!(
        app.get("/challenges", Some(&ayse.token)).await.expect(200),
        json!([])
    );
}

async fn a_random_first_mover_is_drawn_and_stored(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..24 {
        let game = app.start_game(&ayse, &mehmet, "tihbat", "random").await;
        let first = game["first"].as_str().expect("a first mover").to_owned();
        assert_eq!(game["to_move"].as_str(), Some(first.as_str()));
        let again = app.game(game["id"].as_str().expect("an id")).await;
        assert_eq!(
            again["first"].as_str(),
            Some(first.as_str()),
            "the draw is stored"
        );
        seen.insert(first);
    }
    assert_eq!(
        seen.len(),
        2,
        "24 draws give both sides (fails with probability 2^-23)"
    );
}
