//! The settings page (`/settings`): one place, linked from the header, that leads to
//! each of a player's settings pages with a line on what it holds. On a phone the
//! header then holds one link where it held six.

use askama::Template;
use axum::response::{IntoResponse, Response};

use crate::http::pages::error::PageError;
use crate::http::pages::session::Visitor;
use crate::http::pages::view::{Layout, render};

/// One settings page: where it is, its title and what it holds (translated).
struct Entry {
    href: &'static str,
    title: String,
    about: String,
}

/// `templates/settings.html`.
#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    layout: Layout,
    entries: Vec<Entry>,
}

/// The settings pages, in the order a player looks for them: their address, the
/// message of their title and of their line here.
const PAGES: [(&str, &str, &str); 6] = [
    (
        "/settings/notifications",
        "notify-title",
        "settings-notifications-about",
    ),
    (
        "/settings/reminders",
        "reminders-title",
        "settings-reminders-about",
    ),
    ("/settings/play", "play-title", "settings-play-about"),
    (
        "/settings/vacation",
        "vacation-title",
        "settings-vacation-about",
    ),
    (
        "/settings/account",
        "account-title",
        "settings-account-about",
    ),
    ("/settings/tokens", "tokens-title", "settings-tokens-about"),
];

/// `GET /settings`: for a player who is logged in.
pub async fn show(visitor: Visitor) -> Result<Response, PageError> {
    visitor.require()?;
    let tr = visitor.tr();
    let page = SettingsPage {
        layout: visitor.layout(&tr.t("settings-title")),
        entries: PAGES
            .iter()
            .map(|&(href, title, about)| Entry {
                href,
                title: tr.t(title),
                about: tr.t(about),
            })
            .collect(),
    };
    Ok(render(&page)?.into_response())
}
