//! Forms carry a CSRF token; every response carries the security headers; pages stay
//! small.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server, ayse_v_mehmet, start_game};
use crate::on_both_backends;

async fn a_form_without_its_token_is_refused_and_changes_nothing(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let home = ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let form = home.form("form#new-challenge").set("opponent", "mehmet");
    for forged in [
        form.clone().without("csrf"),
        form.clone().set("csrf", "0".repeat(64).as_str()),
    ] {
        let refused = ayse.submit(&forged).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert!(
            refused.headers["content-type"]
                .to_str()
                .unwrap_or_default()
                .starts_with("text/html")
        );
        assert_eq!(refused.text("h1"), "403 — Forbidden");
        assert!(refused.text(".alert").contains("reload the page"));
    }
    assert_eq!(
        mehmet.get("/").await.count(".challenge-to-me"),
        0,
        "no challenge was made"
    );

    // Another visitor's token does not sign anyone up either.
    let stranger = Browser::new(&server);
    let page = stranger.get("/signup").await;
    let other = Browser::new(&server);
    other.get("/").await;
    let refused = other
        .submit(
            &page
                .form("form[action='/signup']")
                .set("username", "zeynep")
                .set("password", "long enough"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        stranger.get("/players/zeynep").await.status,
        StatusCode::NOT_FOUND
    );

    // A move without the token is refused too.
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let board = ayse.get(&game).await;
    let refused = ayse
        .submit(&board.form("form.move").without("csrf").set("pit", "1"))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(ayse.api(&game).await["ply"], 0);
}

async fn every_response_carries_the_security_headers(server: Server) {
    let browser = Browser::new(&server);
    browser.sign_up("ayse").await;
    for path in [
        "/",
        "/login",
        "/standings",
        "/rules/modiar",
        "/no-such-page",
        "/api/v1/variants",
        "/static/app.css",
    ] {
        let page = browser.get(path).await;
        let header = |name: &str| {
            page.headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_else(|| panic!("{path}: no {name}"))
                .to_owned()
        };
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("style-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
    }
    let missing = browser.get("/no-such-page").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.headers["content-type"]
            .to_str()
            .unwrap_or_default()
            .starts_with("text/html")
    );
    let api = browser.get("/api/v1/no-such-route").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert!(
        api.body.contains("\"not_found\""),
        "the API still answers JSON: {}",
        api.body
    );
    // No inline script or style anywhere: the policy would block them.
    let home = browser.get("/").await;
    assert_eq!(home.count("script:not([src])"), 0);
    assert_eq!(home.count("style"), 0);
    assert_eq!(home.count("[style]"), 0);
}

async fn the_session_cookie_is_http_only_and_lax(server: Server) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .cookie_store(true)
        .build()
        .expect("a client");
    let page = client
        .get(format!("{}/signup", server.base))
        .send()
        .await
        .expect("answers");
    let body = page.text().await.expect("a body");
    let html = scraper::Html::parse_document(&body);
    let csrf = html
        .select(&crate::helpers::sel(
            "form[action='/signup'] input[name=csrf]",
        ))
        .next()
        .and_then(|e| e.value().attr("value"))
        .expect("a token")
        .to_owned();
    let answer = client
        .post(format!("{}/signup", server.base))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "ayse"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("answers");
    assert_eq!(answer.status(), StatusCode::SEE_OTHER);
    let cookie = answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("seedpost_session="))
        .expect("a session cookie")
        .to_owned();
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    let secret = cookie
        .trim_start_matches("seedpost_session=")
        .split(';')
        .next()
        .unwrap_or_default();
    assert_eq!(secret.len(), 64, "256 random bits");
}

async fn no_page_weighs_more_than_100_kb_with_its_css_and_js(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    for _ in 0..6 {
        for player in [&ayse, &mehmet] {
            let page = player.get(&game).await;
            if let Some(pit) = page
                .all("form.move button.pit")
                .first()
                .and_then(|b| b.value().attr("value"))
            {
                player.press(&page.form("form.move"), "pit", pit).await;
            }
        }
    }
    let home = ayse.get("/").await;
    let css = ayse
        .get(&home.attr("link[rel=stylesheet]", "href"))
        .await
        .body
        .len();
    let js = ayse
        .get(&home.attr("script[src]", "href".replace("href", "src").as_str()))
        .await
        .body
        .len();
    let visitor = Browser::new(&server);
    let mut sizes = Vec::new();
    for (browser, path) in [
        (&ayse, "/".to_owned()),
        (&visitor, "/".to_owned()),
        (&ayse, game.clone()),
        (&visitor, game.clone()),
        (&ayse, "/standings".to_owned()),
        (&ayse, "/players/ayse".to_owned()),
        (&ayse, "/settings/tokens".to_owned()),
        (&ayse, "/settings/reminders".to_owned()),
        (&visitor, "/rules/mangala".to_owned()),
        (&visitor, "/rules/modiar".to_owned()),
        (&visitor, "/rules/tihbat".to_owned()),
        (&visitor, "/signup".to_owned()),
    ] {
        let page = browser.get(&path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let total = page.body.len() + css + js;
        sizes.push(format!(
            "{path}: {} + {css} + {js} = {total}",
            page.body.len()
        ));
        assert!(total <= 100 * 1024, "{path} weighs {total} bytes");
    }
    println!("page sizes (html + css + js):\n{}", sizes.join("\n"));
}

async fn forms_and_paths_with_control_characters_are_refused_and_change_nothing(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let list = ayse.get("/tournaments").await;
    let form = list
        .form("form#new-tournament")
        .set("variant", "tihbat")
        .set("starts_at", "2030-12-01T12:00")
        .set("max_players", "4");
    for name in ["Winter\0cup", "\u{202E}puc retniW", "Winter\u{1b}[31mcup"] {
        let refused = ayse.submit(&form.clone().set("name", name)).await;
        assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert!(
            refused.body.contains("control character"),
            "{}",
            refused.body
        );
    }
    assert_eq!(
        ayse.get("/tournaments")
            .await
            .count("a[href^='/tournaments/']"),
        0,
        "no tournament was made"
    );
    for path in ["/players/ay%00se", "/players/%E2%80%AEayse"] {
        assert_eq!(ayse.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

on_both_backends!(
    forms_and_paths_with_control_characters_are_refused_and_change_nothing,
    a_form_without_its_token_is_refused_and_changes_nothing,
    every_response_carries_the_security_headers,
    the_session_cookie_is_http_only_and_lax,
    no_page_weighs_more_than_100_kb_with_its_css_and_js,
    pages_css_js_and_json_come_compressed_when_asked_and_event_streams_never,
);

/// The bytes `path` sends when the client accepts `encoding` (nothing decoded), and
/// the `Content-Encoding` it answers with.
async fn sent(browser: &Browser, path: &str, encoding: &str) -> (usize, String) {
    let response = browser
        .client
        .get(format!("{}{path}", browser.base))
        .header(reqwest::header::ACCEPT_ENCODING, encoding)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let used = response
        .headers()
        .get(reqwest::header::CONTENT_ENCODING)
        .map(|v| v.to_str().unwrap_or_default().to_owned())
        .unwrap_or_default();
    let bytes = response.bytes().await.expect("a body");
    (bytes.len(), used)
}

async fn pages_css_js_and_json_come_compressed_when_asked_and_event_streams_never(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let home = ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let css = home.attr("link[rel=stylesheet]", "href");
    let js = home.attr("script[src]", "src");
    let mut weights = Vec::new();
    for path in [
        game.as_str(),
        "/",
        "/rules/mangala",
        &css,
        &js,
        "/api/v1/openapi.json",
    ] {
        let (plain, none) = sent(&ayse, path, "identity").await;
        assert_eq!(none, "", "{path}: nothing asked, nothing compressed");
        for encoding in ["gzip", "br"] {
            let (packed, used) = sent(&ayse, path, encoding).await;
            assert_eq!(used, encoding, "{path}");
            assert!(
                packed * 2 < plain,
                "{path}: {encoding} {packed} of {plain} bytes"
            );
            weights.push(format!("{path} {encoding}: {plain} -> {packed}"));
        }
    }
    eprintln!("{}", weights.join("\n"));

    // The live streams of pages and of the API answer uncompressed: each line must
    // reach the client as it is written.
    for path in [
        format!("{game}/live"),
        "/live".to_owned(),
        format!("/api/v1{game}/stream"),
    ] {
        let response = ayse
            .client
            .get(format!("{}{path}", ayse.base))
            .header(reqwest::header::ACCEPT_ENCODING, "gzip, br")
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response
                .headers()
                .get(reqwest::header::CONTENT_ENCODING)
                .is_none(),
            "{path}: {:?}",
            response.headers()
        );
    }
}
