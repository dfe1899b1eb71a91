//! The chat's pages: the game page's chat box (`templates/_chat.html`) and its live
//! stream, the forms that write and report a line, and the block buttons of a
//! player's page.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Redirect;
use axum::routing::post;
use serde::Deserialize;

use super::service::{ChatClosed, LineJson};
use crate::domain::{Account, GameId};
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{NoFields, PageForm, PagePath};
use crate::i18n::Tr;
use crate::service::Service;

/// The chat's page routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/chat", post(say))
        .route("/games/{id}/chat/{line}/report", post(report))
        .route("/players/{name}/block", post(block))
        .route("/players/{name}/unblock", post(unblock))
}

/// A line of the chat box.
#[derive(Debug, Clone)]
pub struct LineView {
    /// Its id.
    pub id: String,
    /// Who wrote it.
    pub username: String,
    /// What, as written (the template escapes it).
    pub text: String,
    /// When, in words.
    pub at: String,
    /// Whether the viewer wrote it (its own lines cannot be reported).
    pub mine: bool,
}

/// The chat box of the game page, for one of its players.
#[derive(Debug, Clone)]
pub struct ChatBox {
    /// The game's id.
    pub game_id: String,
    /// The forms' CSRF token.
    pub csrf: String,
    /// The lines, oldest first.
    pub lines: Vec<LineView>,
    /// Why the viewer cannot write now (a message), if it cannot.
    pub closed: Option<String>,
    /// The live chat's script.
    pub js: &'static str,
    /// The visitor's language.
    pub tr: Tr,
}

impl ChatBox {
    /// The chat box of game `id` for `account`; `None` to anyone who does not play
    /// it, and when the server turned the chat off.
    pub async fn of(
        service: &Service,
        account: Option<&Account>,
        id: GameId,
        csrf: &str,
        tr: Tr,
    ) -> Option<ChatBox> {
        let account = account?;
        if !service.chat_served() {
            return None;
        }
        let (lines, closed) = service.chat(account, id).await.ok()?;
        Some(ChatBox {
            game_id: id.to_string(),
            csrf: csrf.to_owned(),
            lines: lines
                .iter()
                .map(|l| LineView {
                    id: l.id.to_string(),
                    username: l.username.clone(),
                    text: l.text.clone(),
                    at: tr.when(l.at),
                    mine: l.account == account.id,
                })
                .collect(),
            closed: closed.map(|c| {
                tr.t(match c {
                    ChatClosed::Server => "chat-off-server",
                    ChatClosed::Mine => "chat-off-mine",
                    ChatClosed::Opponent => "chat-off-opponent",
                    ChatClosed::Blocked => "chat-blocked",
                })
            }),
            js: crate::http::pages::assets::chat_js_url(),
            tr,
        })
    }
}

/// The chat form.
#[derive(Debug, Deserialize)]
pub struct LineForm {
    #[serde(default)]
    text: String,
}

/// `POST /games/{id}/chat`: writes the line, then shows the game at its chat.
pub async fn say(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<LineForm>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    state.service.say(account, id, &form.text).await?;
    Ok(Redirect::to(&format!("/games/{id}#chat")))
}

/// `POST /games/{id}/chat/{line}/report`.
pub async fn report(
    State(state): State<AppState>,
    Path((game, line)): Path<(String, String)>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    let (game, line) = super::api::game_and_line(&game, &line)?;
    state.service.report_line(account, game, line).await?;
    Ok(Redirect::to(&format!("/games/{game}?reported#chat")))
}

/// `POST /players/{name}/block`.
pub async fn block(
    State(state): State<AppState>,
    PagePath(name): PagePath<String>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state.service.block(visitor.require()?, &name).await?;
    Ok(Redirect::to(&format!("/players/{name}")))
}

/// `POST /players/{name}/unblock`.
pub async fn unblock(
    State(state): State<AppState>,
    PagePath(name): PagePath<String>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state.service.unblock(visitor.require()?, &name).await?;
    Ok(Redirect::to(&format!("/players/{name}")))
}

/// The data of a `line` event of the visitor's own stream (`GET /live`), from a
/// `chat_line` event's payload: `{"game_id", "id", "username", "text", "at", "mine"}`
/// (the game page's script writes it as text, never as markup, in the chat of that
/// game). Lines come from the account's own events, which cross instances; the public
/// game stream never carries them.
pub(crate) fn line_data(payload: &str, me: &str, tr: Tr) -> Option<String> {
    #[derive(Deserialize)]
    struct Payload {
        game_id: String,
        line: Line,
    }
    #[derive(Deserialize)]
    struct Line {
        id: String,
        username: String,
        text: String,
        at: String,
    }
    let payload: Payload = serde_json::from_str(payload).ok()?;
    let at = chrono::DateTime::parse_from_rfc3339(&payload.line.at)
        .ok()
        .map_or_else(String::new, |t| tr.when(t.to_utc()));
    let json = LineJson {
        id: payload.line.id,
        username: payload.line.username,
        text: payload.line.text,
        at,
    };
    let mine = json.username == me;
    let mut value = serde_json::to_value(&json).ok()?;
    value["mine"] = serde_json::Value::Bool(mine);
    value["game_id"] = serde_json::Value::String(payload.game_id);
    Some(value.to_string())
}
