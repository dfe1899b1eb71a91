//! The notifications page without JavaScript (what each channel sends, reminder times,
//! the device list and the test button), and what makes the site an installable app:
//! the manifest with its icons, the service worker and the offline page.

use reqwest::StatusCode;

use crate::helpers::{Browser, Form, Server, api_with};
use crate::on_both_backends;

/// The settings form with exactly `ticked` boxes (a browser sends only those).
fn settings_form(page: &crate::helpers::Page, ticked: &[(&str, &str)]) -> Form {
    let form = page.form("form[action='/settings/notifications']");
    let csrf = form
        .fields
        .iter()
        .find(|(name, _)| name == "csrf")
        .map(|(_, v)| v.clone())
        .expect("a csrf field");
    let mut fields = vec![("csrf".to_owned(), csrf)];
    fields.extend(
        ticked
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned())),
    );
    Form {
        action: form.action,
        fields,
    }
}

fn ticked(page: &crate::helpers::Page, name: &str, value: &str) -> bool {
    page.count(&format!("input[name='{name}'][value='{value}'][checked]")) == 1
}

async fn the_notifications_page_saves_what_each_channel_sends_without_javascript(server: Server) {
    let browser = Browser::new(&server);
    assert_eq!(
        browser.get("/settings/notifications").await.status,
        StatusCode::UNAUTHORIZED
    );
    browser.sign_up("ayse").await;
    let page = browser.get("/settings/notifications").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // The defaults: push for everything, reminders 24 h and 2 h before; no e-mail.
    for kind in ["your_turn", "challenge", "game_start", "game_finish"] {
        assert!(ticked(&page, "push", kind), "{kind}");
        assert!(!ticked(&page, "email", kind), "{kind}");
    }
    assert!(ticked(&page, "push_reminders", "1440") && ticked(&page, "push_reminders", "120"));
    assert!(!ticked(&page, "push_reminders", "60"));
    // The device control needs JavaScript: hidden until the script shows it.
    assert_eq!(page.count("button#push-device[hidden]"), 1);
    assert_eq!(page.attr("button#push-device", "data-key").len(), 87);
    assert_eq!(
        page.text(".devices-empty"),
        "Push is not on for any device."
    );

    let saved = browser
        .submit(&settings_form(
            &page,
            &[
                ("push", "your_turn"),
                ("push_reminders", "480"),
                ("push_reminders", "60"),
                ("email", "your_turn"),
            ],
        ))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert!(saved.url.ends_with("/settings/notifications"));
    assert!(ticked(&saved, "push", "your_turn") && !ticked(&saved, "push", "challenge"));
    assert!(ticked(&saved, "push_reminders", "480") && ticked(&saved, "push_reminders", "60"));
    assert!(!ticked(&saved, "push_reminders", "1440"));
    assert!(ticked(&saved, "email", "your_turn"));
    assert_eq!(saved.count("#channel-calendar input[checked]"), 0);

    // A time not offered is refused, with the reason, and changes nothing.
    let refused = browser
        .submit(&settings_form(&saved, &[("push_reminders", "7")]))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!refused.text("p.alert").is_empty());
    let again = browser.get("/settings/notifications").await;
    assert!(ticked(&again, "push_reminders", "480"));

    // The test button works without a device too, and says so.
    let tested = browser
        .submit(&again.form("form[action='/settings/notifications/test']"))
        .await;
    assert_eq!(tested.status, StatusCode::OK);
    assert!(tested.text("p.notice[role='status']").contains("no device"));
}

/// A PNG's width and height (from its IHDR chunk).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

async fn the_app_is_installable_with_a_manifest_icons_a_service_worker_and_an_offline_page(
    server: Server,
) {
    let browser = Browser::new(&server);
    let home = browser.get("/").await;
    assert_eq!(
        home.attr("link[rel='manifest']", "href"),
        "/manifest.webmanifest"
    );
    assert_eq!(home.attr("meta[name='theme-color']", "content"), "#8a5a2b");

    let get = |path: &str| browser.client.get(format!("{}{path}", server.base)).send();
    let manifest = get("/manifest.webmanifest").await.expect("an answer");
    assert_eq!(
        manifest.headers()["content-type"],
        "application/manifest+json"
    );
    let manifest: serde_json::Value = manifest.json().await.expect("JSON");
    assert_eq!(manifest["display"], "standalone");
    assert!(
        manifest["start_url"]
            .as_str()
            .is_some_and(|u| u.starts_with('/'))
    );
    let icons = manifest["icons"].as_array().expect("icons");
    for wanted in [192, 512] {
        let icon = icons
            .iter()
            .find(|i| i["sizes"] == format!("{wanted}x{wanted}") && i["purpose"] == "maskable")
            .unwrap_or_else(|| panic!("a maskable {wanted} px icon"));
        let png = get(icon["src"].as_str().expect("a src"))
            .await
            .expect("an answer");
        assert_eq!(png.headers()["content-type"], "image/png");
        let bytes = png.bytes().await.expect("bytes");
        assert_eq!(png_size(&bytes), (wanted, wanted));
    }

    let worker = get("/sw.js").await.expect("an answer");
    assert_eq!(worker.status(), StatusCode::OK);
    assert_eq!(worker.headers()["cache-control"], "no-cache");
    let worker = worker.text().await.expect("text");
    for listener in ["'push'", "'notificationclick'", "'fetch'"] {
        assert!(worker.contains(listener), "{listener}");
    }
    let offline = browser.get("/offline").await;
    assert_eq!(offline.status, StatusCode::OK);
    assert_eq!(offline.text("h1"), "You are offline");
}

on_both_backends!(
    the_notifications_page_saves_what_each_channel_sends_without_javascript,
    the_notifications_page_has_a_section_per_channel_and_the_bot_part_only_for_bots,
    the_app_is_installable_with_a_manifest_icons_a_service_worker_and_an_offline_page,
);

/// The headings of the notifications page's channel sections.
fn sections(page: &crate::helpers::Page) -> Vec<String> {
    page.all("form#notify-settings section.channel > h2")
        .iter()
        .map(|h| h.text().collect::<String>())
        .collect()
}

async fn the_notifications_page_has_a_section_per_channel_and_the_bot_part_only_for_bots(
    server: Server,
) {
    let person = Browser::new(&server);
    person.sign_up("ayse").await;
    let page = person.get("/settings/notifications").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // A person's page: push (with the devices in it), e-mail, calendar; no bot part.
    assert_eq!(
        sections(&page),
        ["Push notifications", "E-mail", "Calendar alarms"]
    );
    assert_eq!(page.count("#channel-bot"), 0);
    assert_eq!(page.count("input[name^=bot]"), 0);
    assert!(!page.body.contains("time_running_out"), "no bot jargon");
    assert_eq!(page.count("#channel-push button#push-device"), 1);
    assert_eq!(page.count("#channel-push .devices-empty"), 1);
    // The test button sends its own form (named with form=), not the settings.
    assert_eq!(
        page.attr("#channel-push button[form=push-test]", "type"),
        "submit"
    );
    assert_eq!(
        page.attr("form#push-test", "action"),
        "/settings/notifications/test"
    );
    // Each channel's reminder times are folded away, their choice said on the fold.
    assert_eq!(page.count("section.channel details.reminders"), 3);
    assert_eq!(page.count("section.channel details.reminders[open]"), 0);
    assert_eq!(
        page.text("#channel-push details.reminders summary .chosen"),
        "24 h before, 2 h before"
    );
    assert_eq!(
        page.text("#channel-email details.reminders summary .chosen"),
        "none"
    );

    // Saving keeps what the bot part had, though the page has none, and a bot field
    // sent anyway changes nothing. (Set through the API first: the bot part is off by
    // default.)
    let secret = person
        .make_token("reader")
        .await
        .attr("#new-secret", "value");
    let mut settings = api_with(&server, &secret, "/me/notifications").await;
    settings["bot"]["reminders"] = serde_json::json!([240]);
    let put = reqwest::Client::new()
        .put(format!("{}/api/v1/me/notifications", server.base))
        .bearer_auth(&secret)
        .json(&settings)
        .send()
        .await
        .expect("answers");
    assert_eq!(put.status(), StatusCode::OK);
    let page = person.get("/settings/notifications").await;
    let saved = person
        .submit(&settings_form(
            &page,
            &[("push", "your_turn"), ("bot_reminders", "60")],
        ))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert!(ticked(&saved, "push", "your_turn") && !ticked(&saved, "push", "challenge"));
    let settings = api_with(&server, &secret, "/me/notifications").await;
    assert_eq!(
        settings["bot"]["reminders"],
        serde_json::json!([240]),
        "{settings}"
    );
    assert_eq!(
        settings["push"]["kinds"],
        serde_json::json!(["your_turn"]),
        "{settings}"
    );

    // A bot's page has the bot part, and saves it.
    let made: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/api/v1/accounts", server.base))
        .json(&serde_json::json!({"username": "robo", "password": crate::helpers::PASSWORD, "bot": true}))
        .send()
        .await
        .expect("answers")
        .json()
        .await
        .expect("JSON");
    assert_eq!(made["bot"], true, "{made}");
    let bot = Browser::new(&server);
    let login = bot.get("/login").await;
    let home = bot
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", "robo")
                .set("password", crate::helpers::PASSWORD),
        )
        .await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.body);
    let page = bot.get("/settings/notifications").await;
    assert_eq!(
        sections(&page),
        ["Push notifications", "E-mail", "Calendar alarms", "Bots"]
    );
    assert_eq!(page.count("#channel-bot details.reminders"), 1);
    let saved = bot
        .submit(&settings_form(&page, &[("bot_reminders", "240")]))
        .await;
    assert!(ticked(&saved, "bot_reminders", "240"), "{}", saved.body);
    assert!(!ticked(&saved, "bot_reminders", "1440"));
}
