//! The settings page: the header's one way to every settings page.

use reqwest::StatusCode;

use crate::helpers::{Browser, Server};
use crate::on_both_backends;

/// The settings pages a player can reach, and the heading each one shows.
const PAGES: [(&str, &str); 6] = [
    ("/settings/notifications", "Notifications"),
    ("/settings/reminders", "Reminders"),
    ("/settings/play", "Play settings"),
    ("/settings/vacation", "Vacation"),
    ("/settings/account", "Your account"),
    ("/settings/tokens", "API tokens"),
];

async fn the_header_leads_to_one_settings_page_that_leads_to_every_settings_page(server: Server) {
    let browser = Browser::new(&server);
    let signed_out = browser.get("/settings").await;
    assert_eq!(signed_out.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        signed_out.count("header a[href='/settings']"),
        0,
        "a visitor is offered log-in and sign-up, not settings"
    );

    let home = browser.sign_up("ayse").await;
    // One link in the header where there were one per settings page.
    assert_eq!(home.attr("header #nav-settings", "href"), "/settings");
    assert_eq!(home.text("header #nav-settings"), "Settings");
    for (path, _) in PAGES {
        assert_eq!(
            home.count(&format!("header a[href='{path}']")),
            0,
            "{path} is on the settings page, not in the header"
        );
    }

    let settings = browser.get("/settings").await;
    assert_eq!(settings.status, StatusCode::OK, "{}", settings.body);
    assert_eq!(settings.text("main h1"), "Settings");
    let listed: Vec<String> = settings
        .all("#settings li a")
        .iter()
        .map(|a| a.value().attr("href").unwrap_or_default().to_owned())
        .collect();
    assert_eq!(listed, PAGES.map(|(path, _)| path.to_owned()));
    // Each entry says what its page holds, and leads to it.
    assert_eq!(settings.count("#settings li .hint"), PAGES.len());
    for (path, heading) in PAGES {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(page.text("main h1"), heading, "{path}");
        assert_eq!(
            settings.text(&format!("#settings a[href='{path}']")),
            heading,
            "the entry is named as its page"
        );
    }

    // In Turkish.
    let turkish = browser.get("/settings?lang=tr").await;
    assert_eq!(turkish.text("main h1"), "Ayarlar");
    assert_eq!(turkish.text("header #nav-settings"), "Ayarlar");
}

on_both_backends!(the_header_leads_to_one_settings_page_that_leads_to_every_settings_page);
