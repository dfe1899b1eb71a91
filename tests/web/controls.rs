//! The account page: changing the password and logging out everywhere.

use reqwest::StatusCode;

use crate::helpers::{Browser, PASSWORD, Server};
use crate::on_both_backends;

/// Logs `browser` in as `username` with `password`; returns the page it lands on.
async fn log_in(browser: &Browser, username: &str, password: &str) -> crate::helpers::Page {
    let login = browser.get("/login").await;
    browser
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", username)
                .set("password", password),
        )
        .await
}

async fn changing_the_password_keeps_this_browser_and_signs_out_the_others(server: Server) {
    let here = Browser::new(&server);
    let home = here.sign_up("ayse").await;
    assert_eq!(
        home.count("header.site a[href='/settings/account']"),
        1,
        "the header links the account page"
    );
    let phone = Browser::new(&server);
    assert_eq!(
        log_in(&phone, "ayse", PASSWORD).await.status,
        StatusCode::OK
    );

    let page = here.get("/settings/account").await;
    assert_eq!(page.status, StatusCode::OK);
    // The helper sends every input; a browser leaves an unticked box out.
    let form = page
        .form("form[action='/settings/account/password']")
        .without("revoke_tokens");
    // A wrong current password changes nothing.
    let wrong = here
        .submit(
            &form
                .clone()
                .set("current", "not the password")
                .set("new", "a brand new password"),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.text("#form-error"), "The current password is wrong");
    assert_eq!(phone.get("/settings/account").await.status, StatusCode::OK);

    let done = here
        .submit(
            &form
                .set("current", PASSWORD)
                .set("new", "a brand new password"),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert!(
        done.text("#account-notice")
            .contains("Other sessions ended: 1"),
        "{}",
        done.text("#account-notice")
    );
    assert_eq!(
        here.get("/settings/account").await.status,
        StatusCode::OK,
        "this browser stays signed in"
    );
    assert_eq!(
        phone.get("/settings/account").await.status,
        StatusCode::UNAUTHORIZED,
        "the other browser is signed out"
    );
    assert_eq!(
        log_in(&phone, "ayse", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED,
        "the old password no longer signs in"
    );
    assert_eq!(
        log_in(&phone, "ayse", "a brand new password").await.status,
        StatusCode::OK
    );
}

async fn logging_out_everywhere_signs_out_every_browser(server: Server) {
    let here = Browser::new(&server);
    here.sign_up("ayse").await;
    let phone = Browser::new(&server);
    log_in(&phone, "ayse", PASSWORD).await;
    let other = Browser::new(&server);
    other.sign_up("bora").await;

    let page = here.get("/settings/account").await;
    let out = here
        .submit(&page.form("form[action='/settings/account/log-out-everywhere']"))
        .await;
    assert_eq!(out.status, StatusCode::OK);
    assert!(
        out.url.ends_with("/login"),
        "to the log-in page: {}",
        out.url
    );
    for browser in [&here, &phone] {
        assert_eq!(
            browser.get("/settings/account").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        other.get("/settings/account").await.status,
        StatusCode::OK,
        "another account stays signed in"
    );
    assert_eq!(log_in(&here, "ayse", PASSWORD).await.status, StatusCode::OK);
}

on_both_backends!(
    changing_the_password_keeps_this_browser_and_signs_out_the_others,
    logging_out_everywhere_signs_out_every_browser,
);
