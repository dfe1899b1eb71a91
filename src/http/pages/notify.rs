//! The notifications page (`/settings/notifications`): the devices with push on (turn
//! one off, send a test), the "Notify me on this device" control (the one part that
//! needs JavaScript: only the browser can subscribe), and what each channel sends;
//! and the offline page the service worker shows.

use std::str::FromStr;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::http::header::USER_AGENT;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::error::{PageError, capitalise};
use super::session::{PageForm, Visitor};
use super::view::{Layout, render};
use crate::domain::PushSubscriptionId;
use crate::domain::notify::{Channel, NoticeKind, NotificationSettings, REMINDER_CHOICES};
use crate::error::Error;
use crate::http::AppState;

/// A device as the page lists it.
struct DeviceLine {
    id: String,
    label: String,
    since: String,
    last_success: Option<String>,
}

/// One choice on the settings form: a checkbox.
struct Choice {
    value: String,
    words: String,
    checked: bool,
}

/// One channel's part of the settings form.
struct ChannelForm {
    /// The field names: `<name>` for kinds, `<name>_reminders` for times.
    name: &'static str,
    title: &'static str,
    about: &'static str,
    kinds: Vec<Choice>,
    reminders: Vec<Choice>,
}

/// `templates/notifications.html`.
#[derive(Template)]
#[template(path = "notifications.html")]
struct NotificationsPage {
    layout: Layout,
    devices: Vec<DeviceLine>,
    /// The server's VAPID public key, for the device control.
    vapid_key: String,
    channels: Vec<ChannelForm>,
    mail_configured: bool,
    /// What the last action did or why it was refused.
    notice: Option<String>,
    error: Option<String>,
}

/// `templates/offline.html`.
#[derive(Template)]
#[template(path = "offline.html")]
struct OfflinePage {
    layout: Layout,
}

fn kind_words(kind: NoticeKind) -> &'static str {
    match kind {
        NoticeKind::YourTurn => "Your turn (the opponent moved)",
        NoticeKind::Challenge => "A challenge to you",
        NoticeKind::GameStart => "A game started (tournaments and matches too)",
        NoticeKind::GameFinish => "A game ended",
    }
}

fn minutes_words(minutes: u32) -> String {
    match minutes {
        m if m % 60 == 0 => format!("{} h before", m / 60),
        m => format!("{m} min before"),
    }
}

fn channel_form(settings: &NotificationSettings, channel: Channel) -> ChannelForm {
    let (title, about, has_kinds) = match channel {
        Channel::Push => ("Push notifications", "To the devices above.", true),
        Channel::Email => (
            "E-mail",
            "To the address of your daily e-mail (on the Reminders page): at most one mail per game and move, never while you have the game open.",
            true,
        ),
        Channel::Calendar => (
            "Calendar alarms",
            "In your calendar feed (on the Reminders page).",
            false,
        ),
        Channel::Bot => (
            "Bots",
            "The time_running_out event of your event stream, besides the one at 80% of the time.",
            false,
        ),
    };
    let mine = settings.channel(channel);
    ChannelForm {
        name: channel.as_str(),
        title,
        about,
        kinds: if has_kinds {
            NoticeKind::ALL
                .iter()
                .map(|k| Choice {
                    value: k.as_str().to_owned(),
                    words: kind_words(*k).to_owned(),
                    checked: mine.kinds.contains(k),
                })
                .collect()
        } else {
            Vec::new()
        },
        reminders: REMINDER_CHOICES
            .iter()
            .rev()
            .map(|m| Choice {
                value: m.to_string(),
                words: minutes_words(*m),
                checked: mine.reminders.contains(m),
            })
            .collect(),
    }
}

#[derive(Default)]
struct Shown {
    notice: Option<String>,
    error: Option<Error>,
}

async fn page(state: &AppState, visitor: &Visitor, shown: Shown) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let service = &state.service;
    let settings = service.notification_settings(account).await?;
    let devices = service
        .push_subscriptions(account)
        .await?
        .into_iter()
        .map(|s| DeviceLine {
            id: s.id.to_string(),
            label: s.label,
            since: visitor.tr().when(s.created_at),
            last_success: s.last_success_at.map(|t| visitor.tr().when(t)),
        })
        .collect();
    let page = NotificationsPage {
        layout: visitor.layout("Notifications"),
        devices,
        vapid_key: service.vapid_public_key().await?,
        channels: Channel::ALL
            .iter()
            .map(|c| channel_form(&settings, *c))
            .collect(),
        mail_configured: service.digest(account).await?.mail_configured,
        notice: shown.notice,
        error: shown.error.as_ref().map(|e| capitalise(&e.to_string())),
    };
    let status = shown
        .error
        .as_ref()
        .map_or(axum::http::StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// `GET /settings/notifications`.
pub async fn show(State(state): State<AppState>, visitor: Visitor) -> Result<Response, PageError> {
    page(&state, &visitor, Shown::default()).await
}

/// The settings form's fields as sent: `push=your_turn`, `push_reminders=120`, ...
fn parse_settings(fields: &[(String, String)]) -> Result<NotificationSettings, Error> {
    let bad = |field: &str| {
        Error::unprocessable(
            "invalid_settings",
            format!("the form has a field it should not: {field}"),
        )
    };
    let mut settings = NotificationSettings::default();
    for channel in Channel::ALL {
        let mine = settings.channel_mut(channel);
        mine.kinds.clear();
        mine.reminders.clear();
    }
    for (name, value) in fields {
        if name == "csrf" {
            continue;
        }
        if let Some(channel) = name.strip_suffix("_reminders") {
            let channel = Channel::from_str(channel).map_err(|_| bad(name))?;
            let minutes = value.parse().map_err(|_| bad(name))?;
            settings.channel_mut(channel).reminders.insert(minutes);
        } else {
            let channel = Channel::from_str(name).map_err(|_| bad(name))?;
            let kind = NoticeKind::from_str(value).map_err(|_| bad(name))?;
            settings.channel_mut(channel).kinds.insert(kind);
        }
    }
    Ok(settings)
}

/// `POST /settings/notifications`: saves what each channel sends.
pub async fn save(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<Vec<(String, String)>>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let saved = match parse_settings(&form) {
        Ok(settings) => {
            state
                .service
                .set_notification_settings(account, settings)
                .await
        }
        Err(e) => Err(e),
    };
    match saved {
        Ok(_) => Ok(Redirect::to("/settings/notifications").into_response()),
        Err(e @ Error::Unprocessable { .. }) => {
            let shown = Shown {
                error: Some(e),
                ..Shown::default()
            };
            page(&state, &visitor, shown).await
        }
        Err(e) => Err(e.into()),
    }
}

/// The device form the page's script sends: the browser's `PushSubscription` JSON.
#[derive(Debug, Deserialize)]
pub struct DeviceForm {
    subscription: String,
}

/// The subscription JSON's parts.
#[derive(Debug, Deserialize)]
struct SubscriptionJson {
    endpoint: String,
    keys: KeysJson,
}

#[derive(Debug, Deserialize)]
struct KeysJson {
    p256dh: String,
    auth: String,
}

/// `POST /settings/notifications/devices`: push on for the device the script
/// subscribed.
pub async fn add_device(
    State(state): State<AppState>,
    headers: HeaderMap,
    PageForm { visitor, form }: PageForm<DeviceForm>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    let subscription: SubscriptionJson = serde_json::from_str(&form.subscription)
        .map_err(|e| Error::unprocessable("invalid_body", format!("the subscription: {e}")))?;
    let user_agent = headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    state
        .service
        .subscribe_push(
            account,
            &subscription.endpoint,
            &subscription.keys.p256dh,
            &subscription.keys.auth,
            user_agent,
        )
        .await?;
    Ok(Redirect::to("/settings/notifications"))
}

/// `POST /settings/notifications/devices/{id}/delete`: push off for a device.
pub async fn delete_device(
    State(state): State<AppState>,
    Path(id): Path<String>,
    PageForm { visitor, .. }: PageForm<super::games::NoFields>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    let id = PushSubscriptionId::from_str(&id).map_err(|_| Error::NotFound("device"))?;
    state.service.unsubscribe_push(account, id).await?;
    Ok(Redirect::to("/settings/notifications"))
}

/// `POST /settings/notifications/test`: a test notification to every device.
pub async fn test(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<super::games::NoFields>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let devices = state.service.test_push(account).await?;
    let notice = if devices == 0 {
        "You have no device with push on: turn it on on a device first.".to_owned()
    } else {
        format!(
            "A test notification is on its way to {devices} device{}.",
            if devices == 1 { "" } else { "s" }
        )
    };
    page(
        &state,
        &visitor,
        Shown {
            notice: Some(notice),
            ..Shown::default()
        },
    )
    .await
}

/// `GET /offline`: what the service worker shows when a page cannot be loaded.
pub async fn offline() -> Result<Response, PageError> {
    Ok(render(&OfflinePage {
        layout: Layout::bare("Offline"),
    })?
    .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(fields: &[(&str, &str)]) -> Vec<(String, String)> {
        fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn the_form_gives_each_channel_its_ticked_kinds_and_times() {
        let settings = parse_settings(&pairs(&[
            ("csrf", "x"),
            ("push", "your_turn"),
            ("push_reminders", "60"),
            ("email", "your_turn"),
            ("bot_reminders", "240"),
        ]))
        .expect("valid");
        assert!(settings.sends(Channel::Push, NoticeKind::YourTurn));
        assert!(!settings.sends(Channel::Push, NoticeKind::Challenge));
        assert!(settings.sends(Channel::Email, NoticeKind::YourTurn));
        assert_eq!(
            settings.push.reminders.iter().copied().collect::<Vec<_>>(),
            [60]
        );
        assert!(settings.calendar.reminders.is_empty());
        assert_eq!(
            settings.bot.reminders.iter().copied().collect::<Vec<_>>(),
            [240]
        );
    }

    #[test]
    fn unknown_fields_and_values_are_refused() {
        for (k, v) in [
            ("fax", "your_turn"),
            ("push", "everything"),
            ("push_reminders", "soon"),
        ] {
            assert!(parse_settings(&pairs(&[(k, v)])).is_err(), "{k}={v}");
        }
    }
}
