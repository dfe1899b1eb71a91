//! The notifications page (`/settings/notifications`): a section per channel (push,
//! e-mail, calendar; and for a bot account, its event stream), each saying what it
//! sends, its reminder times folded away in a `<details>`; the push section lists the
//! devices with push on (turn one off, send a test) and has the "Notify me on this
//! device" control (the one part that needs JavaScript: only the browser can
//! subscribe). And the offline page the service worker shows.

use std::str::FromStr;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::http::header::USER_AGENT;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::domain::PushSubscriptionId;
use crate::error::Error;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::{PageForm, Visitor};
use crate::http::pages::view::{Layout, render};
use crate::i18n::Tr;
use crate::notifications::entity::{Channel, NoticeKind, NotificationSettings, REMINDER_CHOICES};

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
    title: String,
    about: String,
    kinds: Vec<Choice>,
    reminders: Vec<Choice>,
    /// The kinds are folded away with the reminder times (e-mail: off unless chosen).
    fold_kinds: bool,
    /// What is chosen among what is folded away, in words (the fold's summary).
    chosen: String,
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

/// The id of the message naming `kind`.
fn kind_words(kind: NoticeKind) -> &'static str {
    match kind {
        NoticeKind::YourTurn => "notify-kind-your-turn",
        NoticeKind::Challenge => "notify-kind-challenge",
        NoticeKind::GameStart => "notify-kind-game-start",
        NoticeKind::GameFinish => "notify-kind-game-finish",
    }
}

fn minutes_words(tr: Tr, minutes: u32) -> String {
    match minutes {
        m if m % 60 == 0 => tr.t1("notify-hours-before", "hours", m / 60),
        m => tr.t1("notify-minutes-before", "minutes", m),
    }
}

fn channel_form(tr: Tr, settings: &NotificationSettings, channel: Channel) -> ChannelForm {
    let (title, about, has_kinds) = match channel {
        Channel::Push => ("notify-push-title", "notify-push-about", true),
        Channel::Email => ("notify-email-title", "notify-email-about", true),
        Channel::Calendar => ("notify-calendar-title", "notify-calendar-about", false),
        Channel::Bot => ("notify-bot-title", "notify-bot-about", false),
    };
    let mine = settings.channel(channel);
    let reminders: Vec<Choice> = REMINDER_CHOICES
        .iter()
        .rev()
        .map(|m| Choice {
            value: m.to_string(),
            words: minutes_words(tr, *m),
            checked: mine.reminders.contains(m),
        })
        .collect();
    let kinds: Vec<Choice> = if has_kinds {
        NoticeKind::ALL
            .iter()
            .map(|k| Choice {
                value: k.as_str().to_owned(),
                words: tr.t(kind_words(*k)),
                checked: mine.kinds.contains(k),
            })
            .collect()
    } else {
        Vec::new()
    };
    let fold_kinds = channel == Channel::Email;
    let chosen: Vec<&str> = kinds
        .iter()
        .filter(|_| fold_kinds)
        .chain(&reminders)
        .filter(|c| c.checked)
        .map(|c| c.words.as_str())
        .collect();
    ChannelForm {
        fold_kinds,
        chosen: if chosen.is_empty() {
            tr.t("notify-reminders-none")
        } else {
            chosen.join(", ")
        },
        name: channel.as_str(),
        title: tr.t(title),
        about: tr.t(about),
        kinds,
        reminders,
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
        layout: visitor.layout(&visitor.tr().t("notify-title")),
        devices,
        vapid_key: service.vapid_public_key().await?,
        // What a bot's event stream says is for bots only: a person's page leaves it out.
        channels: Channel::ALL
            .iter()
            .filter(|c| **c != Channel::Bot || account.bot)
            .map(|c| channel_form(visitor.tr(), &settings, *c))
            .collect(),
        mail_configured: service.digest(account).await?.mail_configured,
        notice: shown.notice,
        error: shown.error.as_ref().map(|e| refusal(visitor.tr(), e)),
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
        Ok(mut settings) => {
            // A person's page has no bot part: what it had stays as it was.
            if !account.bot {
                let kept = state.service.notification_settings(account).await?;
                *settings.channel_mut(Channel::Bot) = kept.channel(Channel::Bot).clone();
            }
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
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    let id = PushSubscriptionId::from_str(&id).map_err(|_| Error::NotFound("device"))?;
    state.service.unsubscribe_push(account, id).await?;
    Ok(Redirect::to("/settings/notifications"))
}

/// `POST /settings/notifications/test`: a test notification to every device.
pub async fn test(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let devices = state.service.test_push(account).await?;
    let notice = if devices == 0 {
        visitor.tr().t("notify-test-none")
    } else {
        visitor.tr().t1("notify-test-sent", "count", devices)
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
    let mut layout = Layout::bare("");
    layout.title = layout.tr.t("offline-tab");
    Ok(render(&OfflinePage { layout })?.into_response())
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
