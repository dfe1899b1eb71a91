//! Address verification and password reset by e-mail (issue 19), through the API, the
//! mailed links' pages and a local SMTP sink: a verification link verifies its address
//! once, a changed address is unverified, reset links go only to verified addresses
//! and work once until they expire, the answer never tells whether an account exists,
//! and a server without SMTP says to ask the operator.

use chrono::Duration;
use reqwest::{Method, StatusCode};
use seedpost::accounts::store::MailLinkStore;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};
use crate::support::smtp::{Mail, SmtpSink};

crate::on_both_backends!(
    a_verification_link_marks_the_address_verified_and_works_once,
    a_changed_address_is_unverified_and_only_its_own_link_verifies_it,
    a_reset_link_goes_only_to_a_verified_address,
    the_answer_to_a_reset_request_does_not_tell_whether_the_account_exists,
    a_reset_link_sets_the_password_ends_every_session_and_works_once,
    a_reset_link_expires_after_an_hour,
    without_smtp_a_reset_is_refused_with_mail_not_configured,
    reset_requests_from_one_address_are_throttled,
    a_new_password_a_reset_or_a_new_address_ends_every_pending_link_of_the_account,
);

const NEW_PASSWORD: &str = "staple battery horse correct";

/// Sets `player`'s digest address; returns the settings.
async fn set_address(app: &TestApp, player: &Player, email: &str) -> Value {
    app.put(
        "/me/digest",
        Some(&player.token),
        json!({"email": email, "enabled": false}),
    )
    .await
    .expect(200)
}

/// The verification mails to `email`, oldest first.
fn verifications(sink: &SmtpSink, email: &str) -> Vec<Mail> {
    sink.all_mails()
        .into_iter()
        .filter(|m| m.is_verification() && m.to == [email])
        .collect()
}

/// Opens a page of the server (a mailed link); returns its status and HTML.
async fn page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app
        .client
        .get(format!("{}{path}", app.base))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    (status, response.text().await.expect("a page"))
}

/// Signs `name` up with the address `<name>@example.org`, verified.
async fn verified(app: &TestApp, sink: &SmtpSink, name: &str) -> Player {
    let player = app.sign_up(name).await;
    let email = format!("{name}@example.org");
    set_address(app, &player, &email).await;
    let token = verifications(sink, &email)[0].token("/verify-address");
    let (status, html) = page(app, &format!("/verify-address?token={token}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    player
}

/// Asks for a reset of `who`; returns the answer's status and body.
async fn ask_reset(app: &TestApp, who: &str) -> (u16, Value) {
    let answer = app
        .post("/password-reset", None, json!({"username_or_email": who}))
        .await;
    (answer.status.as_u16(), answer.body)
}

async fn a_verification_link_marks_the_address_verified_and_works_once(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let settings = set_address(&app, &ayse, "ayse@example.org").await;
    assert_eq!(settings["verified"], false);
    assert_eq!(settings["verified_at"], Value::Null);
    let mails = verifications(&sink, "ayse@example.org");
    assert_eq!(mails.len(), 1, "one verification mail");
    assert!(sink.mails().is_empty(), "no other mail");
    let token = mails[0].token("/verify-address");
    assert_eq!(token.len(), 64, "a 256-bit secret");

    let (status, html) = page(&app, &format!("/verify-address?token={token}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("id=\"verify-done\""), "{html}");
    let settings = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(settings["verified"], true);
    assert!(settings["verified_at"].is_string());

    // Once only.
    let (status, html) = page(&app, &format!("/verify-address?token={token}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"form-error\""), "{html}");
    let (status, _) = page(&app, &format!("/verify-address?token={}", "0".repeat(64))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "an unknown link");

    // A verified address gets no new link.
    app.call(
        Method::POST,
        "/me/digest/verification",
        Some(&ayse.token),
        None,
    )
    .await
    .expect_error(409, "already_verified");
}

async fn a_changed_address_is_unverified_and_only_its_own_link_verifies_it(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = verified(&app, &sink, "ayse").await;
    // The same address again (the switch turned on): still verified, no new mail.
    let same = app
        .put(
            "/me/digest",
            Some(&ayse.token),
            json!({"email": "ayse@example.org", "enabled": true}),
        )
        .await
        .expect(200);
    assert_eq!(same["verified"], true);
    assert_eq!(verifications(&sink, "ayse@example.org").len(), 1);

    // Another address: unverified, and a link goes to it.
    let changed = set_address(&app, &ayse, "ayse@example.net").await;
    assert_eq!(changed["verified"], false);
    assert_eq!(changed["verified_at"], Value::Null);
    let first = verifications(&sink, "ayse@example.net")[0].token("/verify-address");

    // Asked again: a new link, which replaces the first.
    let again = app
        .call(
            Method::POST,
            "/me/digest/verification",
            Some(&ayse.token),
            None,
        )
        .await
        .expect(200);
    assert_eq!(again["verified"], false);
    let mails = verifications(&sink, "ayse@example.net");
    assert_eq!(mails.len(), 2);
    let second = mails[1].token("/verify-address");
    let (status, _) = page(&app, &format!("/verify-address?token={first}")).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the replaced link"
    );
    let (status, _) = page(&app, &format!("/verify-address?token={second}")).await;
    assert_eq!(status, StatusCode::OK);
    let settings = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(settings["verified"], true);

    // A link for an address the account has left verifies nothing.
    set_address(&app, &ayse, "ayse@example.com").await;
    let stale = verifications(&sink, "ayse@example.com")[0].token("/verify-address");
    set_address(&app, &ayse, "ayse@example.org").await;
    let (status, html) = page(&app, &format!("/verify-address?token={stale}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{html}");
    let settings = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(settings["verified"], false);
}

async fn a_reset_link_goes_only_to_a_verified_address((app, sink): (TestApp, SmtpSink)) {
    verified(&app, &sink, "ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    set_address(&app, &mehmet, "mehmet@example.org").await;

    assert_eq!(ask_reset(&app, "mehmet").await.0, 202);
    assert_eq!(ask_reset(&app, "mehmet@example.org").await.0, 202);
    assert_eq!(ask_reset(&app, "ayse").await.0, 202);
    let mail = sink
        .wait_for("to ayse", |m| m.is_reset() && m.to == ["ayse@example.org"])
        .await;
    assert!(mail.text().contains("/password-reset/confirm?token="));
    // By the address too, ignoring case.
    assert_eq!(ask_reset(&app, "AYSE@Example.org").await.0, 202);
    sink.wait_for("to ayse, twice", |_| {
        sink.all_mails()
            .iter()
            .filter(|m| m.is_reset() && m.to == ["ayse@example.org"])
            .count()
            == 2
    })
    .await;
    assert!(
        sink.all_mails()
            .iter()
            .filter(|m| m.is_reset())
            .all(|m| m.to == ["ayse@example.org"]),
        "no reset mail to an unverified address"
    );
}

async fn the_answer_to_a_reset_request_does_not_tell_whether_the_account_exists(
    (app, sink): (TestApp, SmtpSink),
) {
    verified(&app, &sink, "ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    set_address(&app, &mehmet, "mehmet@example.org").await;
    let known = ask_reset(&app, "ayse").await;
    assert_eq!(known.0, 202);
    for other in ["nobody", "mehmet", "nobody@example.org", "ayse@example.org"] {
        assert_eq!(ask_reset(&app, other).await, known, "{other}");
    }
    // And the page's answer neither.
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("a client");
    let form = |who: &'static str| {
        let browser = browser.clone();
        let base = app.base.clone();
        async move {
            let form_page = browser
                .get(format!("{base}/password-reset"))
                .send()
                .await
                .expect("the form");
            let html = form_page.text().await.expect("a page");
            let csrf = html
                .split("name=\"csrf\" value=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("a csrf field")
                .to_owned();
            let answer = browser
                .post(format!("{base}/password-reset"))
                .form(&[("csrf", csrf.as_str()), ("username_or_email", who)])
                .send()
                .await
                .expect("the server answers");
            let status = answer.status();
            let html = answer.text().await.expect("a page");
            let notice = html
                .split("id=\"reset-sent\">")
                .nth(1)
                .and_then(|rest| rest.split('<').next())
                .map(str::to_owned);
            (status, notice)
        }
    };
    let known = form("ayse").await;
    assert_eq!(known.0, StatusCode::OK);
    assert!(known.1.is_some(), "the page says a link may be on its way");
    assert_eq!(form("nobody").await, known);
}

async fn a_reset_link_sets_the_password_ends_every_session_and_works_once(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = verified(&app, &sink, "ayse").await;
    let account = app.service.account("ayse").await.expect("ayse");
    let one = app
        .service
        .start_session(&account)
        .await
        .expect("a session");
    let two = app
        .service
        .start_session(&account)
        .await
        .expect("a session");
    ask_reset(&app, "ayse").await;
    let token = sink
        .wait_for("to ayse", Mail::is_reset)
        .await
        .token("/password-reset/confirm");

    // The link's page offers the form.
    let (status, html) = page(&app, &format!("/password-reset/confirm?token={token}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("name=\"password\""), "{html}");

    // A password the rules refuse leaves the link working.
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": token, "password": "short"}),
    )
    .await
    .expect_error(422, "invalid_password");
    let ended = app
        .post(
            "/password-reset/confirm",
            None,
            json!({"token": token, "password": NEW_PASSWORD}),
        )
        .await
        .expect(200);
    assert_eq!(
        ended,
        json!({"sessions_ended": 2, "tokens_revoked": 0}),
        "both sessions ended"
    );
    for session in [&one.secret, &two.secret] {
        assert!(
            app.service
                .session(session)
                .await
                .expect("a lookup")
                .is_none(),
            "a session ended"
        );
    }
    assert!(app.service.log_in("ayse", NEW_PASSWORD, None).await.is_ok());
    assert!(
        app.service
            .log_in("ayse", "correct horse battery", None)
            .await
            .is_err(),
        "the old password no longer works"
    );
    app.get("/me", Some(&ayse.token)).await.expect(200);

    // Once only.
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": token, "password": "another password here"}),
    )
    .await
    .expect_error(422, "link_used");
    let (status, html) = page(&app, &format!("/password-reset/confirm?token={token}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        !html.contains("name=\"password\""),
        "no form for a used link"
    );
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": "f".repeat(64), "password": NEW_PASSWORD}),
    )
    .await
    .expect_error(422, "link_unknown");
}

async fn a_reset_link_expires_after_an_hour((app, sink): (TestApp, SmtpSink)) {
    verified(&app, &sink, "ayse").await;
    ask_reset(&app, "ayse").await;
    let token = sink
        .wait_for("to ayse", Mail::is_reset)
        .await
        .token("/password-reset/confirm");
    app.clock.advance(Duration::minutes(61));
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": token, "password": NEW_PASSWORD}),
    )
    .await
    .expect_error(422, "link_expired");
    let (status, _) = page(&app, &format!("/password-reset/confirm?token={token}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        app.service
            .log_in("ayse", "correct horse battery", None)
            .await
            .is_ok(),
        "the password stays"
    );
}

async fn without_smtp_a_reset_is_refused_with_mail_not_configured(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let settings = set_address(&app, &ayse, "ayse@example.org").await;
    assert_eq!(settings["verified"], false);
    app.post(
        "/password-reset",
        None,
        json!({"username_or_email": "ayse"}),
    )
    .await
    .expect_error(409, "mail_not_configured");
    app.call(
        Method::POST,
        "/me/digest/verification",
        Some(&ayse.token),
        None,
    )
    .await
    .expect_error(409, "mail_not_configured");
    let (status, html) = page(&app, "/password-reset").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("id=\"reset-no-mail\""), "{html}");
    assert!(html.contains("seedpost admin reset-password"), "{html}");
}

async fn reset_requests_from_one_address_are_throttled((app, _sink): (TestApp, SmtpSink)) {
    app.post("/password-reset", None, json!({"username_or_email": " "}))
        .await
        .expect_error(422, "invalid_identifier");
    for _ in 0..10 {
        assert_eq!(ask_reset(&app, "nobody").await.0, 202);
    }
    let refused = app
        .post(
            "/password-reset",
            None,
            json!({"username_or_email": "ayse"}),
        )
        .await;
    refused.expect_error(429, "rate_limited");
    app.clock.advance(Duration::minutes(61));
    assert_eq!(ask_reset(&app, "nobody").await.0, 202, "an hour later");
}

/// Asks for a reset of `name` an hour after the last (three reset mails an hour go
/// to an account) and returns the new link's secret.
async fn reset_link(app: &TestApp, sink: &SmtpSink, name: &str) -> String {
    app.clock.advance(Duration::minutes(61));
    let before = sink.all_mails().iter().filter(|m| m.is_reset()).count();
    ask_reset(app, name).await;
    for _ in 0..400 {
        let resets: Vec<Mail> = sink
            .all_mails()
            .into_iter()
            .filter(Mail::is_reset)
            .collect();
        if resets.len() > before {
            return resets[resets.len() - 1].token("/password-reset/confirm");
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("no reset mail for {name}");
}

/// The hash a link's secret is stored under.
fn sha256_hex(secret: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Panics unless the reset link `token` is ended: refused as unknown.
async fn assert_ended(app: &TestApp, token: &str) {
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": token, "password": "a password nobody set"}),
    )
    .await
    .expect_error(422, "link_unknown");
}

/// A new API token of `name`, signed in with `password`.
async fn token_of(app: &TestApp, name: &str, password: &str) -> Player {
    let body = app
        .post(
            "/tokens",
            None,
            json!({"username": name, "password": password, "label": "again"}),
        )
        .await
        .expect(201);
    Player {
        username: name.to_owned(),
        token: body["token"].as_str().expect("a token").to_owned(),
    }
}

async fn a_new_password_a_reset_or_a_new_address_ends_every_pending_link_of_the_account(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = verified(&app, &sink, "ayse").await;

    // A password change, even one that revokes every token, ends a pending reset link.
    let pending = reset_link(&app, &sink, "ayse").await;
    app.post(
        "/me/password",
        Some(&ayse.token),
        json!({"current": "correct horse battery", "new": NEW_PASSWORD, "revoke_tokens": true}),
    )
    .await
    .expect(200);
    assert_ended(&app, &pending).await;
    let ayse = token_of(&app, "ayse", NEW_PASSWORD).await;

    // So does the operator's reset.
    let pending = reset_link(&app, &sink, "ayse").await;
    app.service
        .reset_password("ayse", "correct horse battery")
        .await
        .expect("the operator resets");
    assert_ended(&app, &pending).await;

    // A new address ends a reset link mailed to the old one; the same address again
    // does not.
    let pending = reset_link(&app, &sink, "ayse").await;
    set_address(&app, &ayse, "ayse@example.org").await;
    let (status, _) = page(&app, &format!("/password-reset/confirm?token={pending}")).await;
    assert_eq!(status, StatusCode::OK, "the same address keeps the link");
    set_address(&app, &ayse, "ayse@example.net").await;
    assert_ended(&app, &pending).await;
    // ... and a verification link mailed to an address left before it was used.
    let stale = verifications(&sink, "ayse@example.net")[0].token("/verify-address");
    set_address(&app, &ayse, "ayse@example.com").await;
    let (status, _) = page(&app, &format!("/verify-address?token={stale}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // A reset by link ends every other pending link of the account: here one made
    // beside it in the store (the pages never leave both pending at once).
    let fresh = verifications(&sink, "ayse@example.com")[0].token("/verify-address");
    let (status, _) = page(&app, &format!("/verify-address?token={fresh}")).await;
    assert_eq!(status, StatusCode::OK);
    let reset = reset_link(&app, &sink, "ayse").await;
    let account = app.service.account("ayse").await.expect("ayse");
    let beside = "ab".repeat(32);
    let now = app.service.now();
    app.service
        .store()
        .create_mail_link(&seedpost::accounts::entity::MailLink {
            hash: sha256_hex(&beside),
            kind: seedpost::accounts::entity::LinkKind::VerifyAddress,
            account: account.id,
            email: "ayse@example.com".to_owned(),
            created_at: now,
            expires_at: now + Duration::hours(1),
            used_at: None,
        })
        .await
        .expect("a link is stored");
    app.post(
        "/password-reset/confirm",
        None,
        json!({"token": reset, "password": NEW_PASSWORD}),
    )
    .await
    .expect(200);
    let (status, _) = page(&app, &format!("/verify-address?token={beside}")).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the link beside it ended"
    );
    let left = app
        .service
        .store()
        .mail_link(
            seedpost::accounts::entity::LinkKind::VerifyAddress,
            &sha256_hex(&beside),
        )
        .await;
    assert!(
        matches!(left, Err(seedpost::store::StoreError::NotFound)),
        "{left:?}"
    );
}
