//! The reminders page without JavaScript: making, replacing and stopping the calendar
//! feed's URL, and the daily e-mail's address and switch.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

async fn the_calendar_url_is_shown_once_replaced_and_stopped_from_the_page(server: Server) {
    let browser = Browser::new(&server);
    let signed_out = browser.get("/settings/reminders").await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/reminders").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.text(".calendar-status"), "You have no feed.");
    assert_eq!(page.count("#calendar-url"), 0);
    // A forged form (no token) makes nothing.
    let forged = browser
        .submit(
            &page
                .form("form[action='/settings/reminders/calendar']")
                .without("csrf"),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert_eq!(
        browser
            .get("/settings/reminders")
            .await
            .text(".calendar-status"),
        "You have no feed."
    );

    let made = browser
        .submit(&page.form("form[action='/settings/reminders/calendar']"))
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let url = made.text("#calendar-url");
    assert!(
        url.starts_with(&format!("{}/calendar/", server.base)) && url.ends_with(".ics"),
        "{url}"
    );
    let feed = reqwest::get(&url).await.expect("the server answers");
    assert_eq!(feed.status(), StatusCode::OK);
    assert!(
        feed.text()
            .await
            .expect("a feed")
            .starts_with("BEGIN:VCALENDAR")
    );
    // Shown once: the page does not show it again.
    let again = browser.get("/settings/reminders").await;
    assert_eq!(again.count("#calendar-url"), 0);
    assert!(
        again
            .text(".calendar-status")
            .starts_with("Your feed works")
    );

    let renewed = browser
        .submit(&again.form("form[action='/settings/reminders/calendar']"))
        .await;
    let new_url = renewed.text("#calendar-url");
    assert_ne!(new_url, url);
    assert_eq!(
        reqwest::get(&url).await.expect("an answer").status(),
        StatusCode::NOT_FOUND
    );

    let stopped = browser
        .submit(&renewed.form("form[action='/settings/reminders/calendar/revoke']"))
        .await;
    assert_eq!(stopped.status, StatusCode::OK);
    assert_eq!(stopped.text(".calendar-status"), "You have no feed.");
    assert_eq!(
        reqwest::get(&new_url).await.expect("an answer").status(),
        StatusCode::NOT_FOUND
    );
}

async fn the_digest_form_keeps_a_good_address_and_refuses_a_bad_one(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/reminders").await;
    assert!(
        page.body.contains("This server sends no mail"),
        "the test server has no SMTP"
    );
    let form = page.form("form[action='/settings/reminders/digest']");

    let refused = browser
        .submit(&form.clone().set("email", "not an address"))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .text("#digest-error")
            .contains("not an e-mail address")
    );
    // On a phone the form is screens below: the reason comes first, linking to it.
    assert_eq!(
        refused.attr("main > p.form-alert:first-child a", "href"),
        "#digest-error"
    );
    assert_eq!(refused.count("[role=alert]"), 1, "announced once");

    assert_eq!(
        refused.attr("input[name='email']", "value"),
        "not an address",
        "what was typed is kept"
    );

    let saved = browser
        .submit(&form.clone().set("email", "ayse@example.org"))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    // Saved, the browser is sent on to the page's own address: a reload does not
    // send the form again.
    assert_eq!(
        saved.url,
        format!("{}/settings/reminders?saved=1", browser.base)
    );
    assert_eq!(
        saved.text("#digest-saved"),
        "Saved: the daily e-mail goes to ayse@example.org."
    );
    assert_eq!(
        saved.attr("input[name='email']", "value"),
        "ayse@example.org"
    );
    assert_eq!(saved.count("input[name='enabled'][checked]"), 1);

    // An unticked box is not sent: the digest goes off, the address stays.
    let off = browser
        .submit(
            &saved
                .form("form[action='/settings/reminders/digest']")
                .without("enabled"),
        )
        .await;
    assert_eq!(off.status, StatusCode::OK);
    assert_eq!(
        off.text("#digest-saved"),
        "Saved: no daily e-mail will be sent."
    );
    assert_eq!(off.count("input[name='enabled'][checked]"), 0);
    assert_eq!(off.attr("input[name='email']", "value"), "ayse@example.org");
}

on_both_backends!(
    the_calendar_url_is_shown_once_replaced_and_stopped_from_the_page,
    the_digest_form_keeps_a_good_address_and_refuses_a_bad_one,
);
