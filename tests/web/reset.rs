//! Forgotten passwords and address verification in the browser (issue 19): the
//! Reminders page says whether the address is verified and sends the link again; the
//! log-in page leads to the reset form; the mailed link's page sets the password,
//! which logs every browser out; a server without SMTP says whom to ask.

use reqwest::StatusCode;

use crate::helpers::{Browser, PASSWORD, Server};
use crate::on_both_backends;
use crate::support::smtp::{Mail, SmtpSink};

on_both_backends!(
    the_reminders_page_says_whether_the_address_is_verified_and_sends_the_link_again,
    a_forgotten_password_is_reset_from_the_log_in_page_through_the_mailed_link,
    without_smtp_the_reset_page_says_to_ask_the_operator,
);

/// Saves `email` on the Reminders page of `browser`; returns the page.
async fn save_address(browser: &Browser, email: &str) -> crate::helpers::Page {
    let reminders = browser.get("/settings/reminders").await;
    let saved = browser
        .submit(
            &reminders
                .form("form[action='/settings/reminders/digest']")
                .set("email", email)
                .without("enabled"),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    saved
}

async fn the_reminders_page_says_whether_the_address_is_verified_and_sends_the_link_again(
    (server, sink): (Server, SmtpSink),
) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let saved = save_address(&browser, "ayse@example.org").await;
    assert!(
        saved.text("#digest-saved").contains("ayse@example.org"),
        "the notice says where the link went: {}",
        saved.text("#digest-saved")
    );
    assert_eq!(saved.count("#address-unverified"), 1);
    let again = browser
        .submit(&saved.form("form[action='/settings/reminders/verification']"))
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    let links: Vec<Mail> = sink
        .all_mails()
        .into_iter()
        .filter(Mail::is_verification)
        .collect();
    assert_eq!(links.len(), 2, "one when saved, one when asked again");
    let token = links[1].token("/verify-address");
    let verified = browser.get(&format!("/verify-address?token={token}")).await;
    assert_eq!(verified.status, StatusCode::OK);
    assert!(
        verified.text("#verify-done").contains("ayse@example.org"),
        "{}",
        verified.body
    );
    let reminders = browser.get("/settings/reminders").await;
    assert_eq!(reminders.count("#address-verified"), 1);
    assert_eq!(
        reminders.count("form[action='/settings/reminders/verification']"),
        0,
        "nothing to send again"
    );
    // The first link was replaced by the second.
    let first = links[0].token("/verify-address");
    let refused = browser.get(&format!("/verify-address?token={first}")).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.count("#form-error"), 1);
    assert_eq!(refused.count(".form-alert"), 0, "said once");
}

async fn a_forgotten_password_is_reset_from_the_log_in_page_through_the_mailed_link(
    (server, sink): (Server, SmtpSink),
) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    save_address(&browser, "ayse@example.org").await;
    let token = sink.all_mails()[0].token("/verify-address");
    browser.get(&format!("/verify-address?token={token}")).await;

    // Another browser forgot the password.
    let other = Browser::new(&server);
    let login = other.get("/login").await;
    assert_eq!(login.attr("#forgot-password a", "href"), "/password-reset");
    let form = other.get("/password-reset").await;
    let sent = other
        .submit(
            &form
                .form("form[action='/password-reset']")
                .set("username_or_email", "ayse"),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert_eq!(sent.count("#reset-sent"), 1);
    let token = sink
        .wait_for("a reset link", Mail::is_reset)
        .await
        .token("/password-reset/confirm");
    let confirm = other
        .get(&format!("/password-reset/confirm?token={token}"))
        .await;
    assert_eq!(confirm.status, StatusCode::OK, "{}", confirm.body);
    let short = other
        .submit(
            &confirm
                .form("form[action='/password-reset/confirm']")
                .set("password", "short"),
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(short.count("#form-error"), 1);
    let done = other
        .submit(
            &short
                .form("form[action='/password-reset/confirm']")
                .set("password", "a brand new password"),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.count("#reset-done"), 1);

    // The first browser is logged out; the new password logs in, the old does not.
    assert_eq!(
        browser.get("/settings/reminders").await.status,
        StatusCode::UNAUTHORIZED,
        "the first browser is signed out"
    );
    let login = other.get("/login").await;
    let old = other
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", PASSWORD),
        )
        .await;
    assert_eq!(old.count("#form-error"), 1, "the old password is refused");
    let new = other
        .submit(
            &old.form("form[action='/login']")
                .set("username", "ayse")
                .set("password", "a brand new password"),
        )
        .await;
    assert_eq!(new.status, StatusCode::OK);
    assert_eq!(new.count("#form-error"), 0, "{}", new.body);

    // The link worked once.
    let used = other
        .get(&format!("/password-reset/confirm?token={token}"))
        .await;
    assert_eq!(used.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(used.count("form[action='/password-reset/confirm']"), 0);
    // Its message is printed once: no alert at the top linking to a form that is not
    // there.
    let message = used.text("#form-error");
    assert_eq!(
        used.body.matches(message.as_str()).count(),
        1,
        "{}",
        used.body
    );
    assert_eq!(used.count(".form-alert"), 0);
}

async fn without_smtp_the_reset_page_says_to_ask_the_operator(server: Server) {
    let browser = Browser::new(&server);
    let page = browser.get("/password-reset").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text("#reset-no-mail")
            .contains("seedpost admin reset-password")
    );
    assert_eq!(page.count("form[action='/password-reset']"), 0);
    let tr = browser
        .get_accepting("/password-reset", "tr")
        .await
        .text("#reset-no-mail");
    assert!(tr.contains("yönetici"), "in Turkish: {tr}");
}
