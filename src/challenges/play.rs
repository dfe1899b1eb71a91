//! The play settings page (`/settings/play`): how the account likes to play. For now
//! whether moves are confirmed before they are sent, whether the board shows them
//! without the sowing animation (both off by default), and whether the account chats
//! with its opponents (on by default).

use askama::Template;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::error::Error;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PageForm, Visitor};
use crate::http::pages::view::{Layout, render};
use crate::store::PlaySettings;

/// `templates/play_settings.html`.
#[derive(Template)]
#[template(path = "play_settings.html")]
struct PlaySettingsPage {
    layout: Layout,
    confirm_moves: bool,
    still_moves: bool,
    /// The account chats in its games.
    chat: bool,
    /// The server lets players chat.
    chat_served: bool,
    /// What the form did.
    notice: Option<String>,
}

/// `GET /settings/play`; `?saved` after the form says so.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    RawQuery(query): RawQuery,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let settings = state.service.play_settings(account).await?;
    let page = PlaySettingsPage {
        layout: visitor.layout(&visitor.tr().t("play-title")),
        confirm_moves: settings.confirm_moves,
        still_moves: settings.still_moves,
        chat: settings.chat,
        chat_served: state.service.chat_served(),
        notice: (query.as_deref() == Some("saved")).then(|| visitor.tr().t("play-saved")),
    };
    Ok(render(&page)?.into_response())
}

/// The form: a ticked box sends `confirm_moves=on` (`still_moves=on`, `chat=on`), an
/// unticked one nothing.
#[derive(Debug, Deserialize)]
pub struct PlayForm {
    confirm_moves: Option<String>,
    still_moves: Option<String>,
    chat: Option<String>,
}

/// A ticked box (`on`) or an unticked one (absent).
///
/// # Errors
/// `invalid_settings` (422) for any other value.
fn ticked(name: &str, value: Option<&str>) -> Result<bool, Error> {
    match value {
        None => Ok(false),
        Some("on") => Ok(true),
        Some(other) => Err(Error::unprocessable(
            "invalid_settings",
            format!("{name} is on or absent, not {other:?}"),
        )),
    }
}

/// `POST /settings/play`: saves, then shows the page again saying so.
pub async fn save(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<PlayForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let confirm_moves = ticked("confirm_moves", form.confirm_moves.as_deref())?;
    let still_moves = ticked("still_moves", form.still_moves.as_deref())?;
    let chat = ticked("chat", form.chat.as_deref())?;
    state
        .service
        .set_play_settings(
            account,
            PlaySettings {
                confirm_moves,
                still_moves,
                chat,
            },
        )
        .await?;
    Ok(Redirect::to("/settings/play?saved").into_response())
}
