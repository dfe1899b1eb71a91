//! Signing up, logging in and out, and the API tokens page.

use reqwest::StatusCode;

use crate::helpers::{Browser, PASSWORD, Server, api_with};
use crate::on_both_backends;

async fn signing_up_signs_in_and_shows_your_games(server: Server) {
    let browser = Browser::new(&server);
    let home = browser.sign_up("ayse").await;
    assert_eq!(home.text("h1"), "Your games");
    assert_eq!(home.text("header.site a[href='/players/ayse']"), "ayse");
    let cookies = home.headers.get_all("set-cookie");
    assert_eq!(
        cookies.iter().count(),
        0,
        "the cookies were set before the redirect"
    );
}

async fn a_refused_sign_up_keeps_the_name_but_not_the_password(server: Server) {
    let first = Browser::new(&server);
    first.sign_up("ayse").await;
    let browser = Browser::new(&server);
    let page = browser.get("/signup").await;
    let again = browser
        .submit(
            &page
                .form("form[action='/signup']")
                .set("username", "AYSE")
                .set("password", PASSWORD),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.text("#form-error"), "That user name is taken");
    assert_eq!(again.attr("input[name=username]", "value"), "AYSE");
    assert!(
        again.all("input[name=password]")[0]
            .value()
            .attr("value")
            .is_none()
    );

    let short = browser
        .submit(
            &page
                .form("form[action='/signup']")
                .set("username", "mehmet")
                .set("password", "short"),
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(short.text("#form-error").contains("at least 8"));
    assert_eq!(short.attr("input[name=username]", "value"), "mehmet");
}

async fn logging_in_starts_a_new_session_and_logging_out_ends_it(server: Server) {
    let browser = Browser::new(&server);
    let home = browser.sign_up("ayse").await;
    let logout = home.form("form[action='/logout']");
    let out = browser.submit(&logout).await;
    assert_eq!(out.status, StatusCode::OK);
    assert!(
        out.count("a[href='/login']") > 0,
        "signed out: {}",
        out.body
    );
    // The old session's form no longer works: it is gone.
    let tokens = browser.get("/settings/tokens").await;
    assert_eq!(tokens.status, StatusCode::UNAUTHORIZED);

    let login = browser.get("/login").await;
    let wrong = browser
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", "not the password"),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.text("#form-error"), "Wrong user name or password");
    assert_eq!(wrong.attr("input[name=username]", "value"), "ayse");

    let home = browser
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", PASSWORD),
        )
        .await;
    assert_eq!(home.status, StatusCode::OK);
    assert_eq!(home.text("h1"), "Your games");
}

async fn a_token_label_with_markup_is_shown_as_text(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let label = r#"<script>alert("x")</script><b>bold</b> & 'co'"#;
    let created = browser.make_token(label).await;
    assert_eq!(created.text(".new-label"), label);
    assert!(created.attr("#new-secret", "value").starts_with("sp_"));
    let labels: Vec<String> = created
        .all("td.label")
        .iter()
        .map(|e| e.text().collect())
        .collect();
    assert!(labels.contains(&label.to_owned()), "{labels:?}");
    assert!(
        !created.body.contains("<script>alert"),
        "the label is escaped"
    );
    assert!(!created.body.contains("<b>bold"), "the label is escaped");
    assert_eq!(
        created.count("script:not([src])"),
        0,
        "only the page's own scripts, none inline"
    );

    // Revoking removes it; the secret is never shown again.
    let revoke = created.form("form[action$='/revoke']");
    let after = browser.submit(&revoke).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.count("#new-secret"), 0);
    assert_eq!(after.count("td.label"), labels.len() - 1);
}

async fn the_log_in_form_refuses_after_five_failures_and_says_when_to_retry(server: Server) {
    Browser::new(&server).sign_up("ayse").await;
    let browser = Browser::new(&server);
    let login = browser.get("/login").await;
    let form = login.form("form[action='/login']").set("username", "ayse");
    for _ in 0..5 {
        let wrong = browser
            .submit(&form.clone().set("password", "not the password"))
            .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    }
    let refused = browser
        .submit(&form.clone().set("password", PASSWORD))
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        refused.text("#form-error").contains("retry in"),
        "{}",
        refused.text("#form-error")
    );
    assert_eq!(refused.attr("input[name=username]", "value"), "ayse");

    server.clock.advance(chrono::TimeDelta::minutes(15));
    let home = browser.submit(&form.set("password", PASSWORD)).await;
    assert_eq!(home.status, StatusCode::OK);
    assert_eq!(home.text("h1"), "Your games");
}

on_both_backends!(
    signing_up_signs_in_and_shows_your_games,
    each_scope_box_sits_in_its_label_with_what_it_allows_and_a_new_token_can_be_copied,
    the_log_in_form_refuses_after_five_failures_and_says_when_to_retry,
    a_refused_sign_up_keeps_the_name_but_not_the_password,
    logging_in_starts_a_new_session_and_logging_out_ends_it,
    a_token_label_with_markup_is_shown_as_text,
    a_token_made_on_the_page_has_the_scopes_ticked_and_lists_them,
    signing_up_in_the_browser_lists_no_token_the_player_never_saw,
    logging_in_from_a_page_that_asked_for_it_goes_back_to_that_page,
    signing_up_from_a_page_that_asked_for_it_goes_back_to_that_page,
    a_next_address_of_another_site_is_ignored_and_leads_home,
);

async fn signing_up_in_the_browser_lists_no_token_the_player_never_saw(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/tokens").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.count("table.tokens tbody tr"), 0, "{}", page.body);
    // An API sign-up still answers with its first token, which works.
    let answer: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/api/v1/accounts", server.base))
        .json(&serde_json::json!({"username": "mehmet", "password": PASSWORD}))
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    let token = answer["token"].as_str().expect("a first token");
    let me = reqwest::Client::new()
        .get(format!("{}/api/v1/me", server.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("answers");
    assert_eq!(me.status(), StatusCode::OK);
}

async fn logging_in_from_a_page_that_asked_for_it_goes_back_to_that_page(server: Server) {
    Browser::new(&server).sign_up("ayse").await;
    let browser = Browser::new(&server);
    let asked = browser.get("/settings/reminders").await;
    assert_eq!(asked.status, StatusCode::UNAUTHORIZED);
    let link = "/login?next=%2Fsettings%2Freminders";
    assert_eq!(asked.attr("main a.button", "href"), link);
    assert_eq!(
        asked.attr("header.site a[href^='/login']", "href"),
        link,
        "the header's link comes back too"
    );
    let form = browser.get(link).await;
    assert_eq!(
        form.attr("form[action='/login'] input[name=next]", "value"),
        "/settings/reminders"
    );
    assert_eq!(
        form.attr("#other-form a", "href"),
        "/signup?next=%2Fsettings%2Freminders"
    );
    let wrong = browser
        .submit(
            &form
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", "not the password"),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        wrong.attr("input[name=next]", "value"),
        "/settings/reminders",
        "a wrong password keeps where to go"
    );
    let back = browser
        .submit(
            &wrong
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", PASSWORD),
        )
        .await;
    assert_eq!(back.status, StatusCode::OK);
    assert!(back.url.ends_with("/settings/reminders"), "{}", back.url);
    assert_eq!(back.text("h1"), "Reminders");
}

async fn signing_up_from_a_page_that_asked_for_it_goes_back_to_that_page(server: Server) {
    let browser = Browser::new(&server);
    let asked = browser.get("/settings/vacation").await;
    assert_eq!(asked.status, StatusCode::UNAUTHORIZED);
    let link = asked.attr("main a[href^='/signup']", "href");
    assert_eq!(link, "/signup?next=%2Fsettings%2Fvacation");
    let form = browser.get(&link).await;
    let back = browser
        .submit(
            &form
                .form("form[action='/signup']")
                .set("username", "ayse")
                .set("password", PASSWORD),
        )
        .await;
    assert_eq!(back.status, StatusCode::OK, "{}", back.body);
    assert!(back.url.ends_with("/settings/vacation"), "{}", back.url);
}

async fn a_next_address_of_another_site_is_ignored_and_leads_home(server: Server) {
    Browser::new(&server).sign_up("ayse").await;
    let browser = Browser::new(&server);
    for next in [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
    ] {
        let query = serde_urlencoded::to_string([("next", next)]).expect("a query");
        let form = browser.get(&format!("/login?{query}")).await;
        assert_eq!(form.status, StatusCode::OK);
        assert_eq!(form.count("input[name=next]"), 0, "{next}");
        let home = browser
            .submit(
                &form
                    .form("form[action='/login']")
                    .set("username", "ayse")
                    .set("password", PASSWORD)
                    .set("next", next),
            )
            .await;
        assert_eq!(home.status, StatusCode::OK);
        assert_eq!(home.url, format!("{}/", server.base), "{next}");
        let out = home.form("form[action='/logout']");
        browser.submit(&out).await;
    }
    let bad = browser.get("/login?next=%2Fa&next=%2Fb").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

async fn a_token_made_on_the_page_has_the_scopes_ticked_and_lists_them(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/tokens").await;
    let boxes = "form[action='/settings/tokens'] input[type=checkbox]";
    assert_eq!(page.count(boxes), 5, "a box per scope");
    assert_eq!(
        page.count(&format!("{boxes}[checked]")),
        5,
        "all ticked at first"
    );
    let form = page
        .form("form[action='/settings/tokens']")
        .set("label", "player")
        .without("scope-webhooks")
        .without("scope-account");
    let created = browser.submit(&form).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let secret = created.attr("#new-secret", "value");
    let rows = created.all("table.tokens tbody tr");
    let row = rows
        .iter()
        .find(|r| r.text().any(|t| t == "player"))
        .expect("the new token is listed");
    let scopes: Vec<String> = row
        .select(&scraper::Selector::parse("td.scopes code").expect("a selector"))
        .map(|c| c.text().collect())
        .collect();
    assert_eq!(scopes, ["read", "play", "challenge"]);
    // The token does what its scopes allow, and no more.
    let api = |path: &str| {
        reqwest::Client::new()
            .get(format!("{}/api/v1{path}", server.base))
            .bearer_auth(&secret)
            .send()
    };
    assert_eq!(api("/me").await.expect("answers").status(), StatusCode::OK);
    assert_eq!(
        api("/webhooks").await.expect("answers").status(),
        StatusCode::FORBIDDEN
    );

    // No box ticked: refused with its message, nothing made, the boxes left unticked.
    let mut none = page
        .form("form[action='/settings/tokens']")
        .set("label", "nothing");
    for scope in ["read", "play", "challenge", "webhooks", "account"] {
        none = none.without(&format!("scope-{scope}"));
    }
    let refused = browser.submit(&none).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.text("[role=alert]").contains("scope"),
        "{}",
        refused.body
    );
    assert_eq!(refused.count(&format!("{boxes}[checked]")), 0);
    assert_eq!(
        refused.count("td.label"),
        1,
        "only the token the player made"
    );
}

async fn each_scope_box_sits_in_its_label_with_what_it_allows_and_a_new_token_can_be_copied(
    server: Server,
) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/tokens").await;
    // Each box inside its own label (a tap on the words ticks it), with its scope's
    // name and a line saying what it allows.
    let labels = page.all("fieldset.scopes label.check");
    assert_eq!(labels.len(), 5, "{}", page.body);
    let mut seen = Vec::new();
    for label in &labels {
        let boxes: Vec<_> = label
            .select(&crate::helpers::sel("input[type=checkbox]"))
            .collect();
        assert_eq!(boxes.len(), 1, "one box per label");
        let name = label
            .select(&crate::helpers::sel("code"))
            .next()
            .map(|c| c.text().collect::<String>())
            .expect("the scope's name");
        assert_eq!(
            boxes[0].value().attr("name"),
            Some(format!("scope-{name}").as_str())
        );
        let what: String = label
            .select(&crate::helpers::sel(".what"))
            .next()
            .map(|w| w.text().collect())
            .expect("what it allows");
        assert!(what.len() > 20, "{name}: {what}");
        seen.push((name, what));
    }
    assert_eq!(
        seen.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["read", "play", "challenge", "webhooks", "account"]
    );
    assert_eq!(seen[1].1, "Move, resign and abort in your games.");
    // The lines differ from each other, and from language to language.
    let distinct: std::collections::BTreeSet<_> = seen.iter().map(|(_, w)| w).collect();
    assert_eq!(distinct.len(), 5);
    for lang in ["tr", "el", "ar", "ca"] {
        let other = browser.get(&format!("/settings/tokens?lang={lang}")).await;
        let lines: Vec<String> = other
            .all("fieldset.scopes label.check .what")
            .iter()
            .map(|w| w.text().collect())
            .collect();
        assert_eq!(lines.len(), 5, "{lang}");
        for ((_, english), line) in seen.iter().zip(&lines) {
            assert_ne!(english, line, "{lang} translates it");
        }
        assert!(!other.text("fieldset.scopes .hint").is_empty(), "{lang}");
    }

    // A new token: in a read-only box, selected whole with one tap, labelled; the Copy
    // button waits for the script (hidden without it).
    let created = browser.make_token("bot").await;
    let secret = created.attr("input#new-secret[readonly]", "value");
    assert!(secret.starts_with("sp_"), "{secret}");
    assert_eq!(created.attr("label[for=new-secret]", "for"), "new-secret");
    assert_eq!(created.text("label[for=new-secret]"), "Your new token");
    assert_eq!(created.count("button#copy-secret[type=button][hidden]"), 1);
    assert_eq!(created.text("button#copy-secret"), "Copy");
    assert_eq!(created.attr("button#copy-secret", "data-copied"), "Copied.");
    assert_eq!(created.count("#copy-status[role=status]"), 1);
    // It works: the secret shown is the token.
    assert_eq!(api_with(&server, &secret, "/me").await["username"], "ayse");
}
