//! Tournaments in the browser, without JavaScript: the list's form creates one, the
//! tournament page's forms join and withdraw, and the crosstable shows the standing.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

on_both_backends!(
    a_tournament_is_created_joined_and_decided_through_its_pages,
    a_tournament_start_is_read_in_the_zone_the_form_names_and_bad_times_change_nothing,
);

async fn a_tournament_is_created_joined_and_decided_through_its_pages(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;

    let list = ayse.get("/tournaments").await;
    assert_eq!(list.status, StatusCode::OK);
    let form = list
        .form("form#new-tournament")
        .set("variant", "tihbat")
        .set("starts_at", "2026-12-01T12:00")
        .set("max_players", "4")
        .without("rated")
        .without("no_vacation");
    // A refused form comes back with the reason and what was typed.
    let refused = ayse.submit(&form.clone().set("name", " ")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.text("#tournament-error").contains("name"),
        "{}",
        refused.body
    );
    // On a phone the form is screens below: the reason comes first, linking to it.
    assert_eq!(
        refused.attr("main > p.form-alert:first-child a", "href"),
        "#tournament-error"
    );
    assert_eq!(refused.count("[role=alert]"), 1, "announced once");

    let page = ayse.submit(&form.set("name", "Winter cup")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.text("h1"), "Winter cup");
    assert!(
        page.text("main").contains("double round robin"),
        "{}",
        page.body
    );
    let path = page.url.trim_start_matches(&ayse.base).to_owned();

    // Both join through the page's form; Ayse's page then offers to leave.
    let joined = ayse.submit(&page.form("form#join")).await;
    assert_eq!(joined.count("form#join"), 0);
    assert_eq!(joined.count("form#leave"), 1);
    let theirs = mehmet.get(&path).await;
    let theirs = mehmet.submit(&theirs.form("form#join")).await;
    assert_eq!(theirs.text("#players-h"), "Players (2 of 4)");
    assert!(
        mehmet
            .get("/tournaments")
            .await
            .text(".tournaments")
            .contains("Winter cup"),
    );

    // The start: two games, a crosstable of two rows.
    server.clock.advance(chrono::Duration::days(1));
    server.service.sweep_timeouts().await.expect("a sweep");
    let running = mehmet.get(&path).await;
    assert_eq!(running.count(".games li"), 2, "{}", running.body);
    assert_eq!(running.count(".crosstable tbody tr"), 2);
    assert_eq!(running.count("form#join"), 0);
    // Each game's page links back to the tournament.
    let game = running.attr(".games li a", "href");
    let game = mehmet.get(&game).await;
    assert_eq!(game.attr(".game-links a.tournament", "href"), path);
    assert_eq!(game.text(".game-links a.tournament"), "Winter cup");

    // Withdrawing asks first, saying how many games will be resigned; a withdrawal
    // not confirmed (the old one-click form) changes nothing.
    assert_eq!(
        running.count("form#withdraw"),
        0,
        "withdrawing takes one click"
    );
    let confirm = mehmet.get(&running.attr("a#withdraw", "href")).await;
    assert_eq!(confirm.status, StatusCode::OK, "{}", confirm.body);
    assert_eq!(confirm.text("h1"), "Withdraw from Winter cup?");
    assert!(
        confirm
            .text("#withdraw-games")
            .starts_with("Your 2 games still going on will be resigned"),
        "{}",
        confirm.body
    );
    let unconfirmed = confirm.form("form#confirm-withdraw").without("confirm");
    let asked = mehmet.submit(&unconfirmed).await;
    assert_eq!(asked.text("h1"), "Withdraw from Winter cup?");
    let still = mehmet.get(&path).await;
    assert_eq!(still.text("#table-h"), "Crosstable");
    assert_eq!(still.count("a#withdraw"), 1);
    for game in still.all(".games li a[href^='/games/']") {
        let json = mehmet
            .api(game.value().attr("href").unwrap_or_default())
            .await;
        assert_eq!(
            json["status"], "ongoing",
            "an unconfirmed withdrawal resigned"
        );
    }

    // Mehmet confirms: his two games are lost, and the tournament is over.
    let after = mehmet.submit(&confirm.form("form#confirm-withdraw")).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(after.text("#table-h"), "Final standing");
    let rows: Vec<String> = after
        .all(".crosstable tbody tr")
        .iter()
        .map(|r| r.text().collect::<Vec<_>>().join("|"))
        .collect();
    assert!(rows[0].starts_with("1|ayse|×|1 1|2|"), "{rows:?}");
    assert!(
        rows[1].starts_with("2|mehmet| |(withdrew)|0 0|×|0|"),
        "{rows:?}"
    );
    assert_eq!(after.count("a#withdraw"), 0);
}

/// How many tournaments the API lists.
async fn tournaments(browser: &Browser) -> usize {
    browser
        .api("/tournaments")
        .await
        .as_array()
        .map_or_else(|| panic!("a list of tournaments"), Vec::len)
}

async fn a_tournament_start_is_read_in_the_zone_the_form_names_and_bad_times_change_nothing(
    server: Server,
) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let list = ayse.get("/tournaments").await;
    // The form says which zone it reads the start in: UTC until the player chooses.
    assert_eq!(list.attr("select#zone option[selected]", "value"), "+00:00");
    assert_eq!(list.text("select#zone option[selected]"), "UTC+00:00");
    assert!(
        list.text("label#zone-choice").starts_with("Time zone"),
        "{}",
        list.body
    );
    assert!(list.count("select#zone option[value='+05:45']") == 1);
    let form = list
        .form("form#new-tournament")
        .set("name", "Evening cup")
        .set("starts_at", "2026-12-05T15:00");

    // Bad input is refused with the reason, and nothing is made: a zone not offered,
    // a time that is none, a time past (the clock stands at 30 November 12:00 UTC:
    // 14:30 at UTC+03:00 is 11:30 UTC).
    for (zone, starts, reason) in [
        (
            "Mars/Olympus",
            "2026-12-05T15:00",
            "The time zone is not one of those offered",
        ),
        (
            "+03:00",
            "tomorrow at noon",
            "The start is a date and time in the future",
        ),
        (
            "+03:00",
            "2026-11-30T14:30",
            "The start is a date and time in the future",
        ),
    ] {
        let refused = ayse
            .submit(&form.clone().set("zone", zone).set("starts_at", starts))
            .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{zone} {starts}"
        );
        assert_eq!(refused.text("#tournament-error"), reason);
        // What was typed stays, the zone included where it is one offered.
        assert_eq!(refused.attr("input[name=starts_at]", "value"), starts);
        assert_eq!(refused.attr("input[name=name]", "value"), "Evening cup");
        let kept = if zone == "+03:00" { zone } else { "+00:00" };
        assert_eq!(refused.attr("select#zone option[selected]", "value"), kept);
        assert_eq!(tournaments(&ayse).await, 0, "{zone} {starts}");
    }

    // 15:00 at UTC+03:00 is 12:00 UTC: the tournament page says so, in a <time> the
    // script shows in the reader's own zone.
    let page = ayse.submit(&form.clone().set("zone", "+03:00")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.text("h1"), "Evening cup");
    assert_eq!(
        page.attr("main time.local", "datetime"),
        "2026-12-05T12:00:00.000Z"
    );
    assert_eq!(page.text("main time.local"), "5 December 2026, 12:00 UTC");
    let listed = ayse.api("/tournaments").await;
    assert_eq!(listed[0]["starts_at"], "2026-12-05T12:00:00.000Z");
    // The list shows it the same way.
    let list = ayse.get("/tournaments").await;
    assert_eq!(
        list.attr(".tournaments time.local", "datetime"),
        "2026-12-05T12:00:00.000Z"
    );
    assert!(
        list.text(".tournaments li")
            .contains("starts 5 December 2026, 12:00 UTC;"),
        "{}",
        list.body
    );

    // West of UTC: 12:30 at UTC−02:00 is 14:30 UTC.
    let west = ayse
        .submit(
            &form
                .clone()
                .set("name", "Afternoon cup")
                .set("zone", "-02:00")
                .set("starts_at", "2026-11-30T12:30"),
        )
        .await;
    assert_eq!(west.status, StatusCode::OK, "{}", west.body);
    assert_eq!(
        west.attr("main time.local", "datetime"),
        "2026-11-30T14:30:00.000Z"
    );

    // Every language says which zone the form reads.
    for (lang, words) in [
        ("tr", "Saat dilimi"),
        ("ar", "المنطقة الزمنية"),
        ("el", "Ζώνη ώρας"),
        ("ca", "Zona horària"),
    ] {
        let page = ayse.get(&format!("/tournaments?lang={lang}")).await;
        assert!(page.text("label#zone-choice").starts_with(words), "{lang}");
        // With JavaScript, the line naming the browser's zone (filled in by it).
        assert!(
            page.attr("#browser-zone", "data-text").contains("{zone}"),
            "{lang}"
        );
    }
}
