//! Game notes (issue 36): each of a game's two players keeps a note on it for
//! itself, which nobody else ever reads. Its SQL ([`NoteStore`]), its use cases
//! ([`Service::note`], [`Service::set_note`]), its JSON and API handlers, and the
//! form of the game page's note box (`templates/_note.html`).

use async_trait::async_trait;
use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::response::Redirect;
use axum::routing::post;
use chrono::{DateTime, SubsecRound, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::GameStore;
use crate::domain::{Account, AccountId, GameId, check_lines};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PageForm, PagePath};
use crate::i18n::Tr;
use crate::service::Service;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// The most characters a note holds.
pub const NOTE_MAX_CHARS: usize = 4000;

/// A player's note on a game: empty, with no time, until it writes one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Note {
    /// The note as written (line breaks as `\n`).
    pub text: String,
    /// When it was last saved.
    pub updated_at: Option<DateTime<Utc>>,
}

/// A stored note of one account on one game (for the export).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredNote {
    /// The game.
    pub game: GameId,
    /// Whose note it is.
    pub account: AccountId,
    /// The note.
    pub text: String,
    /// When it was last saved.
    pub updated_at: DateTime<Utc>,
}

/// The notes' storage. Served by every [`Store`].
#[async_trait]
pub trait NoteStore {
    /// `account`'s note on `game`, if it wrote one.
    async fn note(&self, game: GameId, account: AccountId) -> Result<Option<Note>, StoreError>;

    /// Saves `account`'s note on `game` (an empty text removes it).
    async fn set_note(
        &self,
        game: GameId,
        account: AccountId,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Every note of `account`, by game.
    async fn notes_of(&self, account: AccountId) -> Result<Vec<StoredNote>, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> NoteStore for S {
    async fn note(&self, game: GameId, account: AccountId) -> Result<Option<Note>, StoreError> {
        on_backend!(self.sql(), s => note(s, game, account).await)
    }

    async fn set_note(
        &self,
        game: GameId,
        account: AccountId,
        text: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => set_note(s, game, account, text.to_owned(), at).await)
    }

    async fn notes_of(&self, account: AccountId) -> Result<Vec<StoredNote>, StoreError> {
        on_backend!(self.sql(), s => notes_of(s, account).await)
    }
}

async fn note<B: crate::store::dialect::Backend>(
    store: &SqlStore<B>,
    game: GameId,
    account: AccountId,
) -> Result<Option<Note>, StoreError> {
    let row: Option<(String, DateTime<Utc>)> =
        sql("SELECT text, updated_at FROM game_notes WHERE game_id = $1 AND account_id = $2")
            .bind(game.0)
            .bind(account.0)
            .optional(&mut store.conn().await?)
            .await?;
    Ok(row.map(|(text, updated_at)| Note {
        text,
        updated_at: Some(updated_at),
    }))
}

async fn set_note<B: crate::store::dialect::Backend>(
    store: &SqlStore<B>,
    game: GameId,
    account: AccountId,
    text: String,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                if text.is_empty() {
                    sql("DELETE FROM game_notes WHERE game_id = $1 AND account_id = $2")
                        .bind(game.0)
                        .bind(account.0)
                        .execute(conn)
                        .await
                } else {
                    sql(
                        "INSERT INTO game_notes (game_id, account_id, text, updated_at) \
                         VALUES ($1, $2, $3, $4) \
                         ON CONFLICT (game_id, account_id) DO UPDATE \
                         SET text = excluded.text, updated_at = excluded.updated_at",
                    )
                    .bind(game.0)
                    .bind(account.0)
                    .bind(text)
                    .bind(at.trunc_subsecs(6))
                    .execute(conn)
                    .await
                }
            })
        })
        .await
        .map(drop)
}

async fn notes_of<B: crate::store::dialect::Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<StoredNote>, StoreError> {
    let rows: Vec<(uuid::Uuid, String, DateTime<Utc>)> = sql(
        "SELECT game_id, text, updated_at FROM game_notes WHERE account_id = $1 \
         ORDER BY updated_at, game_id",
    )
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(game, text, updated_at)| StoredNote {
            game: GameId(game),
            account,
            text,
            updated_at,
        })
        .collect())
}

/// A note's text as it is kept: line breaks as `\n`.
///
/// # Errors
/// `invalid_text` (422) for a control character other than a line break or tab, or
/// a bidirectional override; `note_too_long` (422) past [`NOTE_MAX_CHARS`].
pub fn parse_note(text: &str) -> Result<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    check_lines(&text).map_err(|_| Error::refused_text("text"))?;
    if text.chars().count() > NOTE_MAX_CHARS {
        return Err(Error::unprocessable(
            "note_too_long",
            format!("a note holds at most {NOTE_MAX_CHARS} characters"),
        ));
    }
    Ok(text)
}

impl Service {
    /// Checks that `account` plays game `id`: to anyone else the game's notes (and
    /// chat) are not there.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game or one `account` does not play.
    pub async fn require_player(&self, account: &Account, id: GameId) -> Result<()> {
        let game = match self.store.game_state(id).await {
            Err(StoreError::NotFound) => return Err(Error::NotFound("game")),
            other => other?,
        };
        if game.players.south.id == account.id || game.players.north.id == account.id {
            Ok(())
        } else {
            Err(Error::NotFound("game"))
        }
    }

    /// `account`'s note on game `id` (empty until it writes one).
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game or one `account` does not play.
    pub async fn note(&self, account: &Account, id: GameId) -> Result<Note> {
        self.require_player(account, id).await?;
        Ok(self.store.note(id, account.id).await?.unwrap_or_default())
    }

    /// Saves `account`'s note on game `id` (an empty text clears it); returns it as
    /// kept.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game or one `account` does not play;
    /// `invalid_text`, `note_too_long` (422), see [`parse_note`].
    pub async fn set_note(&self, account: &Account, id: GameId, text: &str) -> Result<Note> {
        let text = parse_note(text)?;
        self.require_player(account, id).await?;
        let at = self.now().trunc_subsecs(6);
        self.store.set_note(id, account.id, &text, at).await?;
        Ok(Note {
            updated_at: (!text.is_empty()).then_some(at),
            text,
        })
    }

    /// Every note of `account` (for its export).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn notes_of(&self, account: &Account) -> Result<Vec<StoredNote>> {
        Ok(self.store.notes_of(account.id).await?)
    }
}

/// A note, as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"text": "Keep pit 6 full for the endgame.", "updated_at": "2026-11-30T12:00:00.000Z"}))]
pub struct NoteJson {
    /// The note (empty until written).
    pub text: String,
    /// When it was last saved (`null` until written).
    pub updated_at: Option<String>,
}

impl From<&Note> for NoteJson {
    fn from(note: &Note) -> NoteJson {
        NoteJson {
            text: note.text.clone(),
            updated_at: note.updated_at.map(crate::wire::time),
        }
    }
}

/// A note to save.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"text": "Keep pit 6 full for the endgame."}))]
pub struct NoteBody {
    /// The note: up to 4,000 characters, line breaks allowed; empty clears it.
    text: String,
}

/// The API routes of notes.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, save))
}

/// The account's own note on a game it plays: nobody else ever reads it.
#[utoipa::path(
    get,
    path = "/games/{id}/note",
    operation_id = "game_note",
    tag = "games",
    security(("bearer" = ["read"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The note", body = NoteJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotYourGame),
    ),
)]
pub async fn show(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
) -> Result<Json<NoteJson>> {
    Ok(Json(NoteJson::from(&service.note(&account, id).await?)))
}

/// Saves the account's own note on a game it plays (an empty text clears it).
#[utoipa::path(
    put,
    path = "/games/{id}/note",
    operation_id = "set_game_note",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    request_body = NoteBody,
    responses(
        (status = 200, description = "The note as kept", body = NoteJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotYourGame),
        (status = 422, description = "`note_too_long`: more than 4,000 characters; `invalid_text`: a control character or bidirectional override; `invalid_body`", body = ErrorJson,
            example = json!({"error": "note_too_long", "message": "a note holds at most 4000 characters"})),
    ),
)]
pub async fn save(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
    ApiJson(body): ApiJson<NoteBody>,
) -> Result<Json<NoteJson>> {
    Ok(Json(NoteJson::from(
        &service.set_note(&account, id, &body.text).await?,
    )))
}

/// The page routes of notes: the note box's form.
pub fn page_routes() -> Router<AppState> {
    Router::new().route("/games/{id}/note", post(save_form))
}

/// The note box's form.
#[derive(Debug, Deserialize)]
pub struct NoteForm {
    #[serde(default)]
    text: String,
}

/// `POST /games/{id}/note`: saves, then shows the game again at its note box.
pub async fn save_form(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<NoteForm>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    state.service.set_note(account, id, &form.text).await?;
    Ok(Redirect::to(&format!("/games/{id}?note=saved#note")))
}

/// The note box of the game page (`templates/_note.html`), for a player.
#[derive(Debug, Clone)]
pub struct NoteBox {
    /// The game's id.
    pub game_id: String,
    /// The form's CSRF token.
    pub csrf: String,
    /// The note.
    pub text: String,
    /// When it was saved, in words, if ever.
    pub saved: Option<String>,
    /// The visitor's language.
    pub tr: Tr,
}

impl NoteBox {
    /// The note box of `account` on game `id`; `None` to anyone who does not play it.
    pub async fn of(
        service: &Service,
        account: Option<&Account>,
        id: GameId,
        csrf: &str,
        tr: Tr,
    ) -> Option<NoteBox> {
        let note = service.note(account?, id).await.ok()?;
        Some(NoteBox {
            game_id: id.to_string(),
            csrf: csrf.to_owned(),
            text: note.text,
            saved: note
                .updated_at
                .map(|at| tr.t1("note-saved-at", "at", tr.when(at))),
            tr,
        })
    }
}
