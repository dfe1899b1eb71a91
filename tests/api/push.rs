//! Web Push: devices subscribe with the browser's `PushSubscription` JSON; each move,
//! challenge and game end reaches them signed by the server's VAPID key and encrypted
//! for the device (checked and decrypted by the stand-in push service of
//! `support/push.rs`); failures are retried with back-off, and a device the push
//! service forgot is deleted.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};
use crate::support::push::{PushService, Received};

crate::on_both_backends!(
    a_device_gets_each_move_challenge_and_game_end_signed_and_encrypted_for_it,
    a_push_service_answering_429_or_5xx_is_retried_with_backoff_and_404_or_410_deletes_the_device,
    push_subscriptions_are_validated_listed_and_deleted_by_their_owner_only,
    a_device_is_told_in_the_language_its_player_chose,
);

const FIREFOX_ANDROID: &str =
    "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";

/// The stand-in push service, checking requests against the server's VAPID key.
async fn push_service(app: &TestApp) -> PushService {
    let key = app.get("/push/key", None).await.expect(200);
    let key = key["public_key"].as_str().expect("a key");
    assert_eq!(key.len(), 87, "base64url of a 65-byte point: {key}");
    PushService::start(key).await
}

/// Subscribes `device` for `player` as a browser on Android would.
async fn subscribe(app: &TestApp, player: &Player, device: Value) -> Value {
    let response = app
        .client
        .post(format!("{}/api/v1/me/push-subscriptions", app.base))
        .bearer_auth(&player.token)
        .header("user-agent", FIREFOX_ANDROID)
        .json(&device)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status().as_u16(), 201);
    response.json().await.expect("JSON")
}

async fn devices(app: &TestApp, player: &Player) -> Vec<Value> {
    app.get("/me/push-subscriptions", Some(&player.token))
        .await
        .expect(200)
        .as_array()
        .expect("a list")
        .clone()
}

/// The types of the notifications received, sorted: messages are sent side by side,
/// so they arrive in any order.
fn types(received: &[Received]) -> Vec<String> {
    let mut types: Vec<String> = received
        .iter()
        .map(|r| r.payload["type"].as_str().unwrap_or_default().to_owned())
        .collect();
    types.sort();
    types
}

fn of_type<'r>(received: &'r [Received], kind: &str) -> &'r Received {
    received
        .iter()
        .find(|r| r.payload["type"] == kind)
        .unwrap_or_else(|| panic!("a {kind} notification"))
}

async fn a_device_gets_each_move_challenge_and_game_end_signed_and_encrypted_for_it(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let push = push_service(&app).await;
    let phone = subscribe(&app, &ayse, push.device("phone")).await;
    assert_eq!(phone["label"], "Firefox on Android");
    assert!(phone["last_success_at"].is_null());

    // A challenge, the game's start, then the opponent's move: ayse's turn.
    let game = app.start_game(&mehmet, &ayse, "modiar", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    app.play(&mehmet, &game, 1).await.expect(201);
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!((round.attempted, round.delivered), (3, 3), "{round:?}");
    push.assert_all_valid();
    let got = push.received("phone");
    assert_eq!(types(&got), ["challenge", "game_start", "your_turn"]);
    let challenge = of_type(&got, "challenge");
    assert_eq!(challenge.payload["title"], "A challenge");
    assert_eq!(challenge.payload["body"], "mehmet challenges you to Modiar");
    let turn = of_type(&got, "your_turn");
    assert_eq!(turn.payload["url"], format!("/games/{id}"));
    assert_eq!(
        turn.payload["tag"],
        format!("game-{id}"),
        "one tag per game"
    );
    assert_eq!(turn.topic.as_deref(), Some(id.replace('-', "").as_str()));
    assert_eq!((turn.urgency.as_str(), turn.ttl), ("normal", 24 * 3600));

    // Nothing twice; mehmet (no device) and moves by ayse herself send nothing.
    let again = app.service.deliver_push().await.expect("a round");
    assert_eq!((again.queued, again.attempted), (0, 0));
    let game = app.game(id).await;
    let pit = game["legal_moves"][0].as_u64().expect("a legal move");
    app.play(&ayse, &game, pit).await.expect(201);
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!(round.attempted, 0, "{round:?}");

    app.resign(&mehmet, &app.game(id).await).await.expect(200);
    app.service.deliver_push().await.expect("a round");
    push.assert_all_valid();
    let got = push.received("phone");
    assert_eq!(got.len(), 4, "{:?}", types(&got));
    assert_eq!(of_type(&got, "game_finish").urgency, "low");

    let listed = devices(&app, &ayse).await;
    assert_eq!(listed.len(), 1);
    assert!(listed[0]["last_success_at"].is_string(), "{listed:?}");
}

async fn a_push_service_answering_429_or_5xx_is_retried_with_backoff_and_404_or_410_deletes_the_device(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let push = push_service(&app).await;
    subscribe(&app, &ayse, push.device("phone")).await;
    push.answer("phone", &[500, 429]);

    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "tihbat", "opponent": "ayse"}),
    )
    .await
    .expect(201);
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!((round.attempted, round.delivered), (1, 0));
    assert_eq!(push.requests("phone"), 1);
    // Not due again before its back-off (10 s).
    app.clock.advance(TimeDelta::seconds(9));
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!(round.attempted, 0);
    app.clock.advance(TimeDelta::seconds(1));
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!((round.attempted, round.delivered), (1, 0), "429");
    // Then a minute.
    app.clock.advance(TimeDelta::seconds(59));
    assert_eq!(
        app.service.deliver_push().await.expect("a round").attempted,
        0
    );
    app.clock.advance(TimeDelta::seconds(1));
    let round = app.service.deliver_push().await.expect("a round");
    assert_eq!((round.attempted, round.delivered), (1, 1));
    assert_eq!(push.requests("phone"), 3);
    assert_eq!(types(&push.received("phone")), ["challenge"]);

    // 410 Gone and 404: the push service forgot the device; its subscription goes.
    for (device, status) in [("laptop", 410), ("tablet", 404)] {
        subscribe(&app, &ayse, push.device(device)).await;
        push.answer(device, &[status]);
        app.post(
            "/challenges",
            Some(&mehmet.token),
            json!({"variant": "mangala", "opponent": "ayse"}),
        )
        .await
        .expect(201);
        let round = app.service.deliver_push().await.expect("a round");
        assert_eq!(round.gone, 1, "{status}: {round:?}");
        let listed = devices(&app, &ayse).await;
        assert!(
            listed
                .iter()
                .all(|d| !d["endpoint"].as_str().unwrap_or_default().ends_with(device)),
            "{status}: {listed:?}"
        );
    }
    assert_eq!(devices(&app, &ayse).await.len(), 1, "the phone stays");
    push.assert_all_valid();
}

async fn push_subscriptions_are_validated_listed_and_deleted_by_their_owner_only(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let push = push_service(&app).await;
    let phone = push.device("phone");

    for (bad, code) in [
        (
            json!({"endpoint": "ftp://push.example/x", "keys": phone["keys"]}),
            "invalid_endpoint",
        ),
        (
            json!({"endpoint": phone["endpoint"], "keys": {"p256dh": "AAAA", "auth": phone["keys"]["auth"]}}),
            "invalid_keys",
        ),
        (
            json!({"endpoint": phone["endpoint"], "keys": {"p256dh": phone["keys"]["p256dh"], "auth": "c2hvcnQ"}}),
            "invalid_keys",
        ),
        (json!({"endpoint": phone["endpoint"]}), "invalid_body"),
    ] {
        app.post("/me/push-subscriptions", Some(&ayse.token), bad.clone())
            .await
            .expect_error(422, code);
    }
    app.post("/me/push-subscriptions", None, phone.clone())
        .await
        .expect_error(401, "unauthorized");
    assert!(
        devices(&app, &ayse).await.is_empty(),
        "bad input changes nothing"
    );

    let created = subscribe(&app, &ayse, phone.clone()).await;
    let id = created["id"].as_str().expect("an id");
    // The same device again replaces it rather than adding a second.
    subscribe(&app, &ayse, phone.clone()).await;
    let listed = devices(&app, &ayse).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let id = listed[0]["id"].as_str().unwrap_or(id).to_owned();

    app.call(
        Method::DELETE,
        &format!("/me/push-subscriptions/{id}"),
        Some(&mehmet.token),
        None,
    )
    .await
    .expect_error(404, "not_found");
    assert_eq!(devices(&app, &ayse).await.len(), 1);
    app.call(
        Method::DELETE,
        &format!("/me/push-subscriptions/{id}"),
        Some(&ayse.token),
        None,
    )
    .await
    .expect(204);
    assert!(devices(&app, &ayse).await.is_empty());

    // Without --webhook-allow-private, loopback endpoints and http:// are refused.
    let strict = TestApp::start_with(
        TestApp::builder(if app.is_postgres() {
            crate::helpers::Backend::Postgres
        } else {
            crate::helpers::Backend::Sqlite
        })
        .private_webhooks(false),
    )
    .await
    .expect("a second server");
    let zeynep = strict.sign_up("zeynep").await;
    strict
        .post("/me/push-subscriptions", Some(&zeynep.token), phone.clone())
        .await
        .expect_error(422, "invalid_endpoint");
    let https = phone["endpoint"]
        .as_str()
        .expect("an endpoint")
        .replace("http://", "https://");
    strict
        .post(
            "/me/push-subscriptions",
            Some(&zeynep.token),
            json!({"endpoint": https, "keys": phone["keys"]}),
        )
        .await
        .expect_error(422, "private_url");
}

async fn a_device_is_told_in_the_language_its_player_chose(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let push = push_service(&app).await;
    subscribe(&app, &ayse, push.device("phone")).await;
    app.put("/me/language", Some(&ayse.token), json!({"language": "el"}))
        .await
        .expect(200);
    let game = app.start_game(&mehmet, &ayse, "tihbat", "challenger").await;
    app.play(&mehmet, &game, 1).await.expect(201);
    app.service.deliver_push().await.expect("a round");
    push.assert_all_valid();
    let got = push.received("phone");
    let challenge = of_type(&got, "challenge");
    assert_eq!(challenge.payload["title"], "Μια πρόκληση");
    assert_eq!(challenge.payload["body"], "mehmet σας προκαλεί σε Tihbat");
    let turn = of_type(&got, "your_turn");
    assert_eq!(turn.payload["title"], "Σειρά σας");
    assert_eq!(
        turn.payload["body"],
        "Tihbat: mehmet – ayse — είναι η σειρά σας"
    );
}
