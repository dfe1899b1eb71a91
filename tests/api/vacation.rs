//! Vacations through the API: the clocks of all an account's games stand still while
//! it is away, the opponent sees it, and its allowance runs out.

use chrono::{DateTime, Duration, TimeZone, Utc};
use seedpost::domain::EventKind;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_vacation_stops_the_clocks_of_all_its_games_and_pushes_their_deadlines_when_it_ends,
    a_vacation_ends_by_itself_when_the_yearly_allowance_runs_out,
    a_stopped_clock_shows_as_stopped_everywhere_and_the_opponent_is_told,
    a_weekend_pause_game_gets_back_exactly_the_weekday_time_left_after_a_vacation_over_a_weekend,
    when_both_players_are_away_the_time_they_overlap_counts_once,
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

/// The kinds and game ids of `name`'s stored events of `kinds`.
async fn told(app: &TestApp, name: &str, kinds: &[EventKind]) -> Vec<(EventKind, String)> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| kinds.contains(&e.kind))
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            let id = payload["game"]["id"]
                .as_str()
                .expect("a game id")
                .to_owned();
            (e.kind, id)
        })
        .collect()
}

/// The ids of the games where `player` is to move, in the order listed.
async fn my_turn(app: &TestApp, player: &Player) -> Vec<String> {
    let list = app
        .get("/games?my_turn=true", Some(&player.token))
        .await
        .expect(200);
    list.as_array()
        .expect("a list")
        .iter()
        .map(|g| g["id"].as_str().expect("an id").to_owned())
        .collect()
}

/// The texts of the elements matching `selector` on the page at `path`.
async fn page_texts(app: &TestApp, path: &str, selector: &str) -> Vec<String> {
    let html = reqwest::get(format!("{}{path}", app.base))
        .await
        .expect("the server answers")
        .text()
        .await
        .expect("a page");
    let page = scraper::Html::parse_document(&html);
    let selector = scraper::Selector::parse(selector).expect("a selector");
    page.select(&selector)
        .map(|e| e.text().collect::<String>().trim().to_owned())
        .collect()
}

async fn a_stopped_clock_shows_as_stopped_everywhere_and_the_opponent_is_told(app: TestApp) {
    use reqwest::Method;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    // Ayse is to move in two games: against Mehmet, due first, and against Zeynep.
    let id = |g: &Value| g["id"].as_str().expect("an id").to_owned();
    let early = id(&app.start_game(&ayse, &mehmet, "tihbat", "challenger").await);
    app.clock.advance(Duration::hours(1));
    let late = id(&app.start_game(&ayse, &zeynep, "tihbat", "challenger").await);
    assert_eq!(app.game(&early).await["clock"], "running");
    assert_eq!(my_turn(&app, &ayse).await, [early.clone(), late.clone()]);
    let feed = app
        .post("/me/calendar", Some(&ayse.token), json!({}))
        .await
        .expect(201)["url"]
        .as_str()
        .expect("a URL")
        .to_owned();
    let calendar = || {
        let feed = feed.clone();
        async move {
            reqwest::get(feed)
                .await
                .expect("the server answers")
                .text()
                .await
                .expect("a feed")
        }
    };
    let listed = calendar().await;
    assert!(
        listed.contains(&early) && listed.contains(&late),
        "{listed}"
    );
    let page = format!("/games/{early}");
    assert_eq!(page_texts(&app, &page, "p.deadline").await.len(), 1);
    assert!(page_texts(&app, &page, "p.vacation").await.is_empty());

    // Mehmet goes away: that game's clock stops, the other's runs on.
    call(&app, Method::POST, &mehmet).await.expect(200);
    let stopped = app.game(&early).await;
    assert_eq!(stopped["clock"], "stopped");
    assert_eq!(
        stopped["on_vacation"],
        json!({"south": false, "north": true})
    );
    assert_eq!(app.game(&late).await["clock"], "running");
    // Ayse's games list the running clock first; the stopped one is not due.
    assert_eq!(my_turn(&app, &ayse).await, [late.clone(), early.clone()]);
    // The page says so instead of a countdown.
    assert!(page_texts(&app, &page, "p.deadline").await.is_empty());
    let notice = page_texts(&app, &page, "p.vacation").await;
    assert_eq!(notice.len(), 1);
    assert!(
        notice[0].starts_with("Clock stopped: mehmet is on vacation."),
        "{notice:?}"
    );
    // The calendar has no event at a deadline that will move.
    let listed = calendar().await;
    assert!(
        !listed.contains(&early) && listed.contains(&late),
        "{listed}"
    );
    // Ayse heard of it, in that game only; Zeynep and Mehmet did not.
    let kinds = [EventKind::VacationStart, EventKind::VacationEnd];
    assert_eq!(
        told(&app, "ayse", &kinds).await,
        [(EventKind::VacationStart, early.clone())]
    );
    assert!(told(&app, "zeynep", &kinds).await.is_empty());
    assert!(told(&app, "mehmet", &kinds).await.is_empty());

    // Back a day later: the clock runs again, and Ayse hears that too.
    app.clock.advance(Duration::days(1));
    call(&app, Method::DELETE, &mehmet).await.expect(200);
    let running = app.game(&early).await;
    assert_eq!(running["clock"], "running");
    assert_eq!(deadline(&running), deadline(&stopped) + Duration::days(1));
    assert_eq!(my_turn(&app, &ayse).await, [late.clone(), early.clone()]);
    assert!(calendar().await.contains(&early));
    assert_eq!(page_texts(&app, &page, "p.deadline").await.len(), 1);
    let heard = told(&app, "ayse", &kinds).await;
    assert_eq!(
        heard,
        [
            (EventKind::VacationStart, early.clone()),
            (EventKind::VacationEnd, early.clone())
        ]
    );
    assert!(told(&app, "zeynep", &kinds).await.is_empty());
    // Once over, a game has no clock.
    app.post(
        &format!("/games/{early}/resign"),
        Some(&ayse.token),
        json!({}),
    )
    .await
    .expect(200);
    assert_eq!(app.game(&early).await["clock"], Value::Null);
}

async fn a_weekend_pause_game_gets_back_exactly_the_weekday_time_left_after_a_vacation_over_a_weekend(
    app: TestApp,
) {
    use reqwest::Method;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Wednesday 2026-12-02 12:00 UTC: a three-day game with the weekend pause, Ayse
    // to move, due Monday 12:00 (two and a half weekdays, then half of Monday).
    let set = |day: u32, hour: u32| {
        let to = Utc
            .with_ymd_and_hms(2026, 12, day, hour, 0, 0)
            .single()
            .expect("a valid time");
        app.clock.advance(to - app.service.now());
    };
    set(2, 12);
    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "mangala", "days_per_move": 3, "first": "challenger",
                   "opponent": "mehmet", "weekend_pause": true}),
        )
        .await
        .expect(201);
    let challenge = challenge["id"].as_str().expect("an id");
    let game = app
        .post(
            &format!("/challenges/{challenge}/accept"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(201);
    assert_eq!(game["deadline"], "2026-12-07T12:00:00.000Z");
    // Thursday noon, two weekdays left, Ayse goes away until Monday 06:00.
    set(3, 12);
    call(&app, Method::POST, &ayse).await.expect(200);
    set(7, 6);
    call(&app, Method::DELETE, &ayse).await.expect(200);
    // The two weekdays run from Monday 06:00: due Wednesday 06:00 (pushing by the
    // plain time away, 3 days 18 hours, would have made it Friday 06:00).
    let id = game["id"].as_str().expect("an id");
    assert_eq!(app.game(id).await["deadline"], "2026-12-09T06:00:00.000Z");
    set(9, 6);
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    app.clock.advance(Duration::seconds(1));
    assert_eq!(
        app.service.sweep_timeouts().await.expect("a sweep").len(),
        1
    );
}

async fn when_both_players_are_away_the_time_they_overlap_counts_once(app: TestApp) {
    use reqwest::Method;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    let due = deadline(&game);
    // Ayse is away from day 1 to day 4, Mehmet from day 2 to day 6: the clock
    // stands still from day 1 to day 6.
    app.clock.advance(Duration::days(1));
    call(&app, Method::POST, &ayse).await.expect(200);
    app.clock.advance(Duration::days(1));
    call(&app, Method::POST, &mehmet).await.expect(200);
    app.clock.advance(Duration::days(2));
    call(&app, Method::DELETE, &ayse).await.expect(200);
    let half = app.game(id).await;
    assert_eq!(half["clock"], "stopped");
    assert_eq!(deadline(&half), due + Duration::days(1));
    app.clock.advance(Duration::days(2));
    call(&app, Method::DELETE, &mehmet).await.expect(200);
    let back = app.game(id).await;
    assert_eq!(back["clock"], "running");
    assert_eq!(deadline(&back), due + Duration::days(5));
    // Mehmet away within Ayse's time away adds nothing.
    call(&app, Method::POST, &ayse).await.expect(200);
    app.clock.advance(Duration::hours(1));
    call(&app, Method::POST, &mehmet).await.expect(200);
    app.clock.advance(Duration::hours(1));
    call(&app, Method::DELETE, &mehmet).await.expect(200);
    app.clock.advance(Duration::hours(1));
    call(&app, Method::DELETE, &ayse).await.expect(200);
    assert_eq!(
        deadline(&app.game(id).await),
        due + Duration::days(5) + Duration::hours(3)
    );
}
