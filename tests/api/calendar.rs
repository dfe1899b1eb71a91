//! The calendar feed of move deadlines through the API: made, read back by a real
//! iCalendar parser, replaced (the old URL dies), stopped; no token needed, and no one
//! else's games in it.

use std::str::FromStr;

use chrono::{DateTime, Utc};
use icalendar::{CalendarDateTime, Component, DatePerhapsTime, Event};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    the_feed_lists_each_ongoing_game_at_its_deadline_and_follows_the_moves,
    a_new_url_kills_the_old_one_and_a_stopped_feed_is_not_found,
    a_game_of_one_day_per_move_says_a_day_not_1_days,
);

async fn a_game_of_one_day_per_move_says_a_day_not_1_days(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            serde_json::json!({"variant": "tihbat", "days_per_move": 1, "first": "challenger", "opponent": "mehmet"}),
        )
        .await
        .expect(201);
    let game = app
        .post(
            &format!("/challenges/{}/accept", id(&challenge)),
            Some(&mehmet.token),
            serde_json::json!({}),
        )
        .await
        .expect(201);
    let url = new_feed(&app, &ayse).await;
    let listed = events(&url).await;
    let description = event_of(&listed, &app.base, &id(&game))
        .get_description()
        .unwrap_or_default()
        .to_owned();
    assert!(description.contains("a day per move"), "{description}");
    assert!(!description.contains("1 days"), "{description}");
}

/// Makes a new feed URL for `player`.
async fn new_feed(app: &TestApp, player: &Player) -> String {
    let body = app
        .post("/me/calendar", Some(&player.token), serde_json::json!({}))
        .await
        .expect(201);
    body["url"].as_str().expect("a URL").to_owned()
}

/// GETs `url` with no credentials: its status, content type and text.
async fn fetch(url: &str) -> (u16, String, String) {
    let response = reqwest::get(url).await.expect("the server answers");
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    (status, kind, response.text().await.expect("a body"))
}

/// The feed's events, parsed back by the `icalendar` crate's parser.
async fn events(url: &str) -> Vec<Event> {
    let (status, kind, text) = fetch(url).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(kind, "text/calendar; charset=utf-8");
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n"), "{text}");
    let calendar = icalendar::Calendar::from_str(&text).expect("an iCalendar document");
    calendar.events().cloned().collect()
}

fn id(game: &Value) -> String {
    game["id"].as_str().expect("an id").to_owned()
}

fn deadline(game: &Value) -> DateTime<Utc> {
    game["deadline"]
        .as_str()
        .and_then(|d| d.parse().ok())
        .expect("a deadline")
}

/// The event of game `id`, which must be there once.
fn event_of<'a>(events: &'a [Event], base: &str, id: &str) -> &'a Event {
    let url = format!("{base}/games/{id}");
    let found: Vec<_> = events
        .iter()
        .filter(|e| e.get_url() == Some(url.as_str()))
        .collect();
    assert_eq!(found.len(), 1, "one event for game {id}");
    found[0]
}

fn starts_at(event: &Event) -> Option<DatePerhapsTime> {
    event.get_start()
}

fn at(t: DateTime<Utc>) -> Option<DatePerhapsTime> {
    Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t)))
}

/// The `TRIGGER`s of the event's alarms, each checked to show a text.
fn alarms(event: &Event) -> Vec<String> {
    event
        .components()
        .iter()
        .filter(|c| c.component_kind() == "VALARM")
        .map(|c| {
            assert_eq!(c.property_value("ACTION"), Some("DISPLAY"));
            assert!(
                c.property_value("DESCRIPTION")
                    .is_some_and(|d| !d.is_empty())
            );
            c.property_value("TRIGGER").unwrap_or("").to_owned()
        })
        .collect()
}

async fn the_feed_lists_each_ongoing_game_at_its_deadline_and_follows_the_moves(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let ceren = app.sign_up("ceren").await;
    let shown = app.get("/me/calendar", Some(&ayse.token)).await.expect(200);
    assert_eq!(shown["active"], false);

    // Ayse to move against Mehmet; Mehmet to move against Ayse; a game without her.
    let mine = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let theirs = app.start_game(&mehmet, &ayse, "tihbat", "challenger").await;
    let other = app
        .start_game(&mehmet, &ceren, "modiar", "challenger")
        .await;
    // A game that is over is not listed.
    let over = app.start_game(&ayse, &ceren, "tihbat", "challenger").await;
    app.post(
        &format!("/games/{}/abort", id(&over)),
        Some(&ayse.token),
        serde_json::json!({}),
    )
    .await
    .expect(200);

    // Made an hour later: the events are stamped with the server's clock.
    app.clock.advance(chrono::Duration::hours(1));
    let url = new_feed(&app, &ayse).await;
    let prefix = format!("{}/calendar/", app.base);
    assert!(url.starts_with(&prefix) && url.ends_with(".ics"), "{url}");
    let shown = app.get("/me/calendar", Some(&ayse.token)).await.expect(200);
    assert_eq!(shown["active"], true);
    assert_eq!(shown["created_at"], "2026-11-30T13:00:00.000Z");

    let listed = events(&url).await;
    assert_eq!(listed.len(), 2, "her two ongoing games: {listed:?}");
    let now = app.service.now();

    let move_event = event_of(&listed, &app.base, &id(&mine));
    assert_eq!(starts_at(move_event), at(deadline(&mine)));
    assert_eq!(
        move_event.get_summary(),
        Some("Your move: Mangala against mehmet")
    );
    assert_eq!(
        move_event.get_uid(),
        Some(format!("{}-0@seedpost", id(&mine)).as_str())
    );
    assert_eq!(move_event.get_timestamp(), Some(now));
    // The alarms ring at her calendar reminder times: by default 2 h and 24 h before.
    assert_eq!(
        alarms(move_event),
        [format!("-PT{}S", 2 * 3600), format!("-PT{}S", 24 * 3600)]
    );
    // Others when she chooses others (48 h fits a three-day move), none for none.
    let choose = async |reminders: Value| {
        let mut settings = app
            .get("/me/notifications", Some(&ayse.token))
            .await
            .expect(200);
        settings["calendar"]["reminders"] = reminders;
        app.put("/me/notifications", Some(&ayse.token), settings)
            .await
            .expect(200);
    };
    choose(serde_json::json!([15, 2880])).await;
    let listed = events(&url).await;
    assert_eq!(
        alarms(event_of(&listed, &app.base, &id(&mine))),
        [format!("-PT{}S", 15 * 60), format!("-PT{}S", 48 * 3600)]
    );
    choose(serde_json::json!([])).await;
    let listed = events(&url).await;
    assert!(alarms(event_of(&listed, &app.base, &id(&mine))).is_empty());

    let wait_event = event_of(&listed, &app.base, &id(&theirs));
    assert_eq!(starts_at(wait_event), at(deadline(&theirs)));
    assert_eq!(wait_event.get_summary(), Some("mehmet to move: Tihbat"));
    assert!(
        alarms(wait_event).is_empty(),
        "no alarm for the opponent's move"
    );
    assert_eq!(wait_event.property_value("TRANSP"), Some("TRANSPARENT"));

    // Mehmet's own feed has his three games; Ayse's never shows the one without her.
    let his = events(&new_feed(&app, &mehmet).await).await;
    assert_eq!(his.len(), 3);
    event_of(&his, &app.base, &id(&other));
    let other_url = format!("{}/games/{}", app.base, id(&other));
    assert!(
        events(&url)
            .await
            .iter()
            .all(|e| e.get_url() != Some(other_url.as_str())),
        "no one else's game in Ayse's feed"
    );

    // After her move the event is the next ply's, at the new deadline, Mehmet's turn.
    let pit = mine["legal_moves"][0].as_u64().expect("a legal move");
    let moved = app.play(&ayse, &mine, pit).await.expect(201);
    let listed = events(&url).await;
    let next = event_of(&listed, &app.base, &id(&mine));
    let ply = moved["ply"].as_u64().expect("a ply");
    assert_eq!(
        next.get_uid(),
        Some(format!("{}-{ply}@seedpost", id(&mine)).as_str())
    );
    assert_eq!(starts_at(next), at(deadline(&moved)));
    if moved["players"][moved["to_move"].as_str().expect("a side")] == "mehmet" {
        assert_eq!(next.get_summary(), Some("mehmet to move: Mangala"));
    }
}

async fn a_new_url_kills_the_old_one_and_a_stopped_feed_is_not_found(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    app.post("/me/calendar", None, serde_json::json!({}))
        .await
        .expect_error(401, "unauthorized");
    app.call(Method::DELETE, "/me/calendar", Some(&ayse.token), None)
        .await
        .expect_error(404, "not_found");

    let old = new_feed(&app, &ayse).await;
    assert_eq!(events(&old).await.len(), 0);
    let new = new_feed(&app, &ayse).await;
    assert_ne!(old, new);
    let (status, _, body) = fetch(&old).await;
    assert_eq!(status, 404, "the old URL is dead: {body}");
    let body: Value = serde_json::from_str(&body).expect("a JSON error");
    assert_eq!(body["error"], "not_found");
    assert_eq!(events(&new).await.len(), 0);

    for bad in ["nonsense.ics", "nonsense", ".ics"] {
        let (status, _, _) = fetch(&format!("{}/calendar/{bad}", app.base)).await;
        assert_eq!(status, 404, "{bad}");
    }

    let answer = app
        .call(Method::DELETE, "/me/calendar", Some(&ayse.token), None)
        .await;
    assert_eq!(answer.status.as_u16(), 204);
    assert_eq!(fetch(&new).await.0, 404, "a stopped feed is not found");
    let shown = app.get("/me/calendar", Some(&ayse.token)).await.expect(200);
    assert_eq!(shown["active"], false);
    assert_eq!(shown["created_at"], Value::Null);
}
