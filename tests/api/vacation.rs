//! Vacations through the API: the clocks of all an account's games stand still while
//! it is away, the opponent sees it, and its allowance runs out.

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_vacation_stops_the_clocks_of_all_its_games_and_pushes_their_deadlines_when_it_ends,
    a_vacation_ends_by_itself_when_the_yearly_allowance_runs_out,
);

async fn call(app: &TestApp, method: reqwest::Method, player: &Player) -> crate::helpers::Answer {
    app.call(method, "/me/vacation", Some(&player.token), None)
        .await
}

fn deadline(game: &Value) -> DateTime<Utc> {
    game["deadline"]
        .as_str()
        .and_then(|d| d.parse().ok())
        .expect("a deadline")
}

async fn a_vacation_stops_the_clocks_of_all_its_games_and_pushes_their_deadlines_when_it_ends(
    app: TestApp,
) {
    use reqwest::Method;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let shown = call(&app, Method::GET, &mehmet).await.expect(200);
    assert_eq!(
        shown,
        json!({"on_vacation": false, "started_at": null, "until": null, "days_per_year": 20, "days_left": 20.0})
    );

    // Two games: Mehmet to move in one, Ayse in the other.
    let waiting = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let pit = |g: &Value| g["legal_moves"][0].as_u64().expect("a legal move");
    let waiting = app.play(&ayse, &waiting, pit(&waiting)).await.expect(201);
    let moving = app.start_game(&ayse, &mehmet, "tihbat", "opponent").await;
    let moving = app.play(&mehmet, &moving, pit(&moving)).await.expect(201);
    let before = (deadline(&waiting), deadline(&moving));

    // A day later Mehmet goes away.
    app.clock.advance(Duration::days(1));
    let away = call(&app, Method::POST, &mehmet).await.expect(200);
    assert_eq!(away["on_vacation"], true);
    assert_eq!(away["until"], "2026-12-21T12:00:00.000Z");
    call(&app, Method::POST, &mehmet)
        .await
        .expect_error(409, "on_vacation");
    let id = |g: &Value| g["id"].as_str().expect("an id").to_owned();
    let seen = app.game(&id(&waiting)).await;
    assert_eq!(seen["on_vacation"], json!({"south": false, "north": true}));

    // Five days on, both deadlines have passed, yet nothing ends.
    app.clock.advance(Duration::days(5));
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    assert_eq!(app.game(&id(&waiting)).await["status"], "ongoing");
    assert_eq!(app.game(&id(&moving)).await["status"], "ongoing");

    // Back: each deadline moves on by the five days its clock stood still.
    let back = call(&app, Method::DELETE, &mehmet).await.expect(200);
    assert_eq!(back["on_vacation"], false);
    assert_eq!(back["days_left"], 15.0);
    call(&app, Method::DELETE, &mehmet)
        .await
        .expect_error(409, "not_on_vacation");
    let waiting = app.game(&id(&waiting)).await;
    let moving = app.game(&id(&moving)).await;
    assert_eq!(
        waiting["on_vacation"],
        json!({"south": false, "north": false})
    );
    assert_eq!(deadline(&waiting), before.0 + Duration::days(5));
    assert_eq!(deadline(&moving), before.1 + Duration::days(5));

    // Then the clocks run again, to the new deadlines.
    app.clock.advance(Duration::days(2));
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    app.clock.advance(Duration::seconds(1));
    let ended = app.service.sweep_timeouts().await.expect("a sweep");
    assert_eq!(ended.len(), 2);
}

async fn a_vacation_ends_by_itself_when_the_yearly_allowance_runs_out(app: TestApp) {
    use reqwest::Method;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let pushed_by = Duration::days(20);
    let expected = deadline(&game) + pushed_by;

    call(&app, Method::POST, &ayse).await.expect(200);
    app.clock.advance(Duration::days(21));
    // The sweep ends the vacation at its allowance first, then finds nothing overdue.
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    let shown = call(&app, Method::GET, &ayse).await.expect(200);
    assert_eq!(shown["on_vacation"], false);
    assert_eq!(shown["days_left"], 0.0);
    let id = game["id"].as_str().expect("an id");
    assert_eq!(deadline(&app.game(id).await), expected);
    call(&app, Method::POST, &ayse)
        .await
        .expect_error(409, "no_vacation_left");
    // Mehmet still has his.
    call(&app, Method::POST, &mehmet).await.expect(200);
}
