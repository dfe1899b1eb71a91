//! The event streams against their description: every kind of event the server sends,
//! as NDJSON and as Server-Sent Events, snapshot lines included, fits the `Event`
//! schema of the served description, and the game stream's lines fit `GameJson`.

use std::collections::BTreeSet;

use chrono::Duration;
use reqwest::Method;
use seedpost::domain::EventKind;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    every_event_the_server_sends_fits_its_schema_in_the_description_in_both_content_types,
);

/// How long a line that must come may take.
const WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The two ways a stream is framed, by the media type asked for.
const MEDIA: [&str; 2] = ["application/x-ndjson", "text/event-stream"];

/// The objects of a stream, until `last` says it has had enough or the stream ends.
async fn objects(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    media: &str,
    last: impl Fn(&Value) -> bool,
) -> Vec<Value> {
    let mut request = app
        .client
        .get(format!("{}/api/v1{path}", app.base))
        .header("accept", media);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let mut response = request.send().await.expect("the stream opens");
    assert_eq!(response.status().as_u16(), 200, "{path}");
    let content_type = response.headers()["content-type"].to_str().expect("text");
    assert_eq!(
        content_type, media,
        "{path} answers in the media type asked"
    );
    let sse = media == "text/event-stream";
    let mut text = String::new();
    let mut found = Vec::new();
    loop {
        let separator = if sse { "\n\n" } else { "\n" };
        while let Some(end) = text.find(separator) {
            let frame: String = text.drain(..end + separator.len()).collect();
            let data = if sse {
                frame.lines().find_map(|l| l.strip_prefix("data: "))
            } else {
                Some(frame.trim()).filter(|l| !l.is_empty())
            };
            if let Some(data) = data {
                let object: Value = serde_json::from_str(data).expect("a JSON object");
                let done = last(&object);
                found.push(object);
                if done {
                    return found;
                }
            }
        }
        let chunk = tokio::time::timeout(WAIT, response.chunk())
            .await
            .expect("a line within 10 s")
            .expect("the stream reads");
        match chunk {
            Some(chunk) => text.push_str(&String::from_utf8_lossy(&chunk)),
            None => return found,
        }
    }
}

/// The errors of `value` against the schema `#/components/schemas/{name}` of `spec`.
fn misfits(spec: &Value, name: &str, value: &Value) -> Vec<String> {
    let document = json!({
        "$ref": format!("#/components/schemas/{name}"),
        "components": spec["components"],
    });
    let validator = jsonschema::validator_for(&document).expect("a valid schema");
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

async fn call(app: &TestApp, method: Method, path: &str, player: &Player, status: u16) -> Value {
    app.call(method, path, Some(&player.token), Some(json!({})))
        .await
        .expect(status)
}

fn id(value: &Value) -> String {
    value["id"].as_str().expect("an id").to_owned()
}

/// Makes every kind of event happen to Ayse and Mehmet: a declined and a canceled
/// challenge, an open one, a match of two games, a game moved in, a vacation, a
/// tournament, and a reminder. Returns a finished game's id.
async fn every_kind_of_event(app: &TestApp, ayse: &Player, mehmet: &Player) -> String {
    let tournament = app
        .post(
            "/tournaments",
            Some(&ayse.token),
            json!({"name": "Event cup", "variant": "tihbat", "days_per_move": 3,
                   "starts_at": "2026-12-01T12:00:00Z"}),
        )
        .await
        .expect(201);
    let tournament = format!("/tournaments/{}", id(&tournament));
    for player in [ayse, mehmet] {
        call(
            app,
            Method::POST,
            &format!("{tournament}/join"),
            player,
            200,
        )
        .await;
    }

    let offer = |games: u64| {
        json!({"variant": "mangala", "first": "challenger", "opponent": mehmet.username,
               "games": games})
    };
    let declined = id(&app
        .post("/challenges", Some(&ayse.token), offer(1))
        .await
        .expect(201));
    call(
        app,
        Method::POST,
        &format!("/challenges/{declined}/decline"),
        mehmet,
        200,
    )
    .await;
    let canceled = id(&app
        .post("/challenges", Some(&ayse.token), offer(1))
        .await
        .expect(201));
    app.call(
        Method::DELETE,
        &format!("/challenges/{canceled}"),
        Some(&ayse.token),
        None,
    )
    .await
    .expect(204);
    // Left open: a snapshot line of Ayse's stream.
    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "modiar", "opponent": ayse.username}),
    )
    .await
    .expect(201);

    let first = id(&app
        .post("/challenges", Some(&ayse.token), offer(2))
        .await
        .expect(201));
    let first = call(
        app,
        Method::POST,
        &format!("/challenges/{first}/accept"),
        mehmet,
        201,
    )
    .await;
    app.resign(mehmet, &first).await.expect(200);
    let the_match = app
        .get(
            &format!(
                "/matches/{}",
                first["match"]["id"].as_str().expect("a match")
            ),
            None,
        )
        .await
        .expect(200);
    let second = app
        .game(
            the_match["match_games"][1]["game_id"]
                .as_str()
                .expect("game 2"),
        )
        .await;
    app.resign(mehmet, &second).await.expect(200);

    // Mehmet is to move here until the end: a snapshot line of his stream.
    let game = app.start_game(ayse, mehmet, "tihbat", "challenger").await;
    let pit = game["legal_moves"][0].as_u64().expect("a pit");
    app.play(ayse, &game, pit).await.expect(201);
    app.post(
        &format!("/games/{}/chat", id(&game)),
        Some(&ayse.token),
        json!({"text": "good luck"}),
    )
    .await
    .expect(201);
    call(app, Method::POST, "/me/vacation", mehmet, 200).await;
    call(app, Method::DELETE, "/me/vacation", mehmet, 200).await;

    app.clock.advance(Duration::days(1));
    app.service.sweep_timeouts().await.expect("a sweep");
    let started = app.get(&tournament, None).await.expect(200);
    assert_eq!(started["tournament"]["status"], "running");
    app.resign(mehmet, &started["games"][0]["game"])
        .await
        .expect(200);

    // 80% of the three days Mehmet has for his move.
    app.clock.advance(Duration::hours(34));
    app.service.sweep_timeouts().await.expect("a sweep");
    id(&second)
}

async fn every_event_the_server_sends_fits_its_schema_in_the_description_in_both_content_types(
    app: TestApp,
) {
    let spec = app.get("/openapi.json", None).await.expect(200);
    let all: BTreeSet<&str> = EventKind::ALL.iter().map(|k| k.as_str()).collect();
    // Every kind is described, and each by one schema.
    let mapping = &spec["components"]["schemas"]["Event"]["discriminator"]["mapping"];
    let described: BTreeSet<&str> = mapping
        .as_object()
        .expect("Event maps each type to its schema")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(described, all);
    for (path, schema) in [
        ("/stream/events", "Event"),
        ("/games/{id}/stream", "GameJson"),
    ] {
        let content = &spec["paths"][path]["get"]["responses"]["200"]["content"];
        for media in MEDIA {
            assert_eq!(
                content[media]["schema"]["$ref"],
                format!("#/components/schemas/{schema}"),
                "{path} declares {media} with its objects' schema"
            );
        }
    }

    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let finished = every_kind_of_event(&app, &ayse, &mehmet).await;

    let mut seen = BTreeSet::new();
    let mut snapshots = BTreeSet::new();
    for player in [&ayse, &mehmet] {
        let account = app.service.account(&player.username).await.expect("one");
        let head = app
            .service
            .events_since(account.id, 0, 500)
            .await
            .expect("the events")
            .last()
            .expect("events")
            .seq;
        for media in MEDIA {
            let sent = objects(
                &app,
                "/stream/events?since=0",
                Some(&player.token),
                media,
                |o| o["seq"] == head,
            )
            .await;
            assert_eq!(sent.last().map(|o| &o["seq"]), Some(&json!(head)));
            for object in &sent {
                let wrong = misfits(&spec, "Event", object);
                assert!(
                    wrong.is_empty(),
                    "{media}: {object} does not fit Event: {wrong:?}"
                );
                let kind = object["type"].as_str().expect("a type").to_owned();
                if object["snapshot"] == true {
                    snapshots.insert(kind.clone());
                }
                seen.insert(kind);
            }
        }
    }
    assert_eq!(
        seen.iter().map(String::as_str).collect::<BTreeSet<_>>(),
        all
    );
    assert_eq!(
        snapshots,
        BTreeSet::from(["challenge".to_owned(), "your_turn".to_owned()])
    );

    for media in MEDIA {
        let games = objects(
            &app,
            &format!("/games/{finished}/stream"),
            None,
            media,
            |_| false,
        )
        .await;
        assert!(!games.is_empty(), "the game stream sends the game");
        for game in &games {
            let wrong = misfits(&spec, "GameJson", game);
            assert!(
                wrong.is_empty(),
                "{media}: {game} does not fit GameJson: {wrong:?}"
            );
        }
    }
}
