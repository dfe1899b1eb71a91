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
        home.count("header.site a[href='/settings']"),
        1,
        "the header links the settings page"
    );
    assert_eq!(
        here.get("/settings")
            .await
            .count("main a[href='/settings/account']"),
        1,
        "which links the account page"
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

async fn deleting_the_account_asks_for_the_password_and_offers_the_export_first(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let account = browser.get("/settings/account").await;
    assert_eq!(account.count("a[href='/settings/account/delete']"), 1);
    let confirm = browser.get("/settings/account/delete").await;
    assert_eq!(confirm.status, StatusCode::OK);
    let export_link = confirm.attr("a[href='/settings/account/export']", "href");
    let export = browser
        .client
        .get(format!("{}{export_link}", browser.base))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(export.status(), StatusCode::OK);
    assert!(
        export
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("attachment")),
        "a download"
    );
    let data: serde_json::Value = export.json().await.expect("JSON");
    assert_eq!(data["account"]["username"], "ayse");

    let form = confirm.form("form[action='/settings/account/delete']");
    let wrong = browser
        .submit(&form.clone().set("password", "not the password"))
        .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(wrong.text("#form-error"), "The current password is wrong");
    assert_eq!(
        browser.get("/settings/account").await.status,
        StatusCode::OK
    );

    let done = browser.submit(&form.set("password", PASSWORD)).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert!(done.text("#deleted-notice").contains("deleted-"));
    assert_eq!(done.count("a[href='/login']"), 1, "signed out");
    assert_eq!(
        browser.get("/settings/account").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        browser.get("/players/ayse").await.status,
        StatusCode::NOT_FOUND,
        "the name is gone"
    );
    assert_eq!(
        log_in(&browser, "ayse", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
}

on_both_backends!(
    changing_the_password_keeps_this_browser_and_signs_out_the_others,
    logging_out_everywhere_signs_out_every_browser,
    deleting_the_account_asks_for_the_password_and_offers_the_export_first,
);
