//! Rated games, weekend pauses and vacations in the browser: the challenge form's
//! boxes, the game page, and the ratings with their deviations on the standings and
//! player pages.

use reqwest::StatusCode;
use seedpost::ratings::{Rating, rate_game};
use seedpost_rules::{BySide, Side};

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

on_both_backends!(
    a_rated_game_from_the_form_shows_its_terms_and_both_ratings_with_their_deviations
);

async fn a_rated_game_from_the_form_shows_its_terms_and_both_ratings_with_their_deviations(
    server: Server,
) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let home = ayse.get("/").await;
    for name in ["rated", "weekend_pause"] {
        let box_ = format!("form#new-challenge input[type=checkbox][name={name}]:not([checked])");
        assert_eq!(home.count(&box_), 1, "{name}");
    }
    let after = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "tihbat")
                .set("first", "challenger")
                .set("opponent", "mehmet")
                .set("rated", "true")
                .set("weekend_pause", "true"),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let theirs = mehmet.get("/").await;
    assert!(
        theirs
            .text(".challenge-to-me")
            .contains("rated, clocks paused at weekends"),
        "{}",
        theirs.body
    );
    let game = mehmet
        .submit(&theirs.form(".challenge-to-me form[action$='/accept']"))
        .await;
    let path = game.url.trim_start_matches(&mehmet.base).to_owned();
    let json = ayse.api(&path).await;
    assert_eq!(
        (&json["rated"], &json["weekend_pause"]),
        (&true.into(), &true.into())
    );

    let page = ayse.get(&path).await;
    assert!(
        page.text(".game-links")
            .contains("Rated · clocks paused at weekends (UTC)"),
        "{}",
        page.body
    );
    // In the page's language, on every game page.
    let turkish = ayse.get(&format!("{path}?lang=tr")).await;
    assert!(
        turkish
            .text(".game-links")
            .contains("Puanlı · saatler hafta sonları durur (UTC)"),
        "{}",
        turkish.text(".game-links")
    );
    assert_eq!(page.count("p.vacation"), 0);
    // Mehmet goes away: both see it on the game's page.
    let away = server.service.account("mehmet").await.expect("mehmet");
    server
        .service
        .start_vacation(&away)
        .await
        .expect("the vacation starts");
    let page = ayse.get(&path).await;
    assert!(
        page.text("p.vacation")
            .starts_with("Clock stopped: mehmet is on vacation"),
        "{}",
        page.body
    );
    assert_eq!(page.count("p.deadline"), 0, "no countdown: {}", page.body);
    let home = ayse.get("/").await;
    assert!(
        home.text("ul.games .status")
            .contains("to move, clock stopped: mehmet is on vacation"),
        "{}",
        home.body
    );
    server
        .service
        .end_vacation(&away)
        .await
        .expect("the vacation ends");

    // Ayse resigns at once.
    let confirm = ayse.get(&format!("{path}/resign")).await;
    let over = ayse.submit(&confirm.form("form[action$='/resign']")).await;
    assert_eq!(over.status, StatusCode::OK);

    let after = rate_game(
        BySide::new(Rating::INITIAL, Rating::INITIAL),
        Some(Side::North),
    );
    let shown = |r: Rating| format!("{:.0}? ± {:.0}", r.rating, r.deviation);
    // The game's page: each rating beside its player, and how the game moved them.
    let change = |before: Rating, after: Rating| {
        format!(
            "{:.0} → {:.0} ({:+.0})",
            before.rating,
            after.rating,
            after.rating.round() - before.rating.round()
        )
    };
    let page = ayse.get(&path).await;
    assert_eq!(
        page.text("#rating-change"),
        format!(
            "Ratings: ayse {} · mehmet {}",
            change(Rating::INITIAL, after.south),
            change(Rating::INITIAL, after.north)
        )
    );
    assert_eq!(
        page.text(".bottom-player .rating"),
        format!("{:.0}?", after.south.rating)
    );
    assert_eq!(
        page.text(".top-player .rating"),
        format!("{:.0}?", after.north.rating)
    );
    let standings = ayse.get("/standings?variant=tihbat").await;
    let rows: Vec<String> = standings
        .all("table.standings tbody tr")
        .iter()
        .map(|row| row.text().collect::<String>())
        .collect();
    assert_eq!(rows.len(), 2);
    assert!(
        rows[0].contains("mehmet") && rows[0].contains(&shown(after.north)),
        "{rows:?}"
    );
    assert!(
        rows[1].contains("ayse") && rows[1].contains(&shown(after.south)),
        "{rows:?}"
    );
    // The footnote's "±" is shown on every screen: the deviation is not one of the
    // parts a phone leaves out.
    assert!(standings.text(".hint").contains('±'));
    assert_eq!(standings.count("td.rating .deviation"), 2);
    assert_eq!(standings.count("td.rating .wide-only"), 0);
    // Points read left to right in every language: "0½" is not turned into "½0" by a
    // right-to-left page.
    let arabic = ayse.get("/standings?variant=tihbat&lang=ar").await;
    assert_eq!(arabic.count("td.points bdi[dir=ltr]"), 2, "{}", arabic.body);
    let player = ayse.get("/players/ayse").await;
    let record = player.text("table.record");
    assert!(record.contains(&shown(after.south)), "{record}");
}
