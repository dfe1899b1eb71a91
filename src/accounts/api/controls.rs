//! Account controls: changing the password, logging out everywhere, exporting and
//! deleting the account.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::json::{AccountJson, TokenJson};
use crate::accounts::service::controls::{AccountExport, PasswordChange};
use crate::challenges::json::ChallengeJson;
use crate::competition::json::{VacationJson, VariantRatingJson};
use crate::error::Result;
use crate::games::json::GameJson;
use crate::http::api::json::{ErrorJson, time};
use crate::http::api::webhooks::WebhookJson;
use crate::http::extract::{ApiJson, Auth, ClientAddr};
use crate::notifications::json::{DigestJson, NotificationSettingsJson, PushSubscriptionJson};
use crate::service::Service;

/// A password change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"current": "correct horse battery", "new": "staple battery horse correct", "revoke_tokens": false}))]
pub(super) struct PasswordBody {
    /// The password now.
    current: String,
    /// The new password: 8 to 1024 characters.
    new: String,
    /// Whether every API token of the account is revoked too, this one included
    /// (default false: tokens stay).
    #[serde(default)]
    revoke_tokens: bool,
}

/// What a change ended.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"sessions_ended": 2, "tokens_revoked": 0}))]
pub(super) struct EndedJson {
    /// Browser sessions ended.
    sessions_ended: u64,
    /// API tokens revoked.
    tokens_revoked: u64,
}

impl From<crate::accounts::entity::Ended> for EndedJson {
    fn from(ended: crate::accounts::entity::Ended) -> EndedJson {
        EndedJson {
            sessions_ended: ended.sessions,
            tokens_revoked: ended.tokens,
        }
    }
}

/// Changes the account's password. Every browser session of the account ends; API
/// tokens stay unless `revoke_tokens` is true, and then every one of them is revoked,
/// the one sending this too. The event streams opened by what ended close (on this
/// instance at once, on others within one keep-alive).
#[utoipa::path(
    post,
    path = "/me/password",
    operation_id = "change_password",
    tag = "accounts",
    security(("bearer" = ["account"])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Changed: what ended", body = EndedJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_password`: the new password has fewer than 8 or more than 1024 characters; `wrong_password`: the current password is wrong (counted as a failed log-in); `invalid_body`", body = ErrorJson,
            example = json!({"error": "wrong_password", "message": "the current password is wrong"})),
        (status = 429, response = crate::http::api::openapi::PasswordThrottled),
    ),
)]
pub(super) async fn change_password(
    State(service): State<Service>,
    Auth(account): Auth,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Json<EndedJson>> {
    let ended = service
        .change_password(
            &account,
            PasswordChange {
                current: &body.current,
                new: &body.new,
                keep_session: None,
                revoke_tokens: body.revoke_tokens,
                client,
            },
        )
        .await?;
    Ok(Json(EndedJson {
        sessions_ended: ended.sessions,
        tokens_revoked: ended.tokens,
    }))
}

/// Logs the account out everywhere: every browser session ends (API tokens stay;
/// revoke them with `DELETE /tokens/{id}`), and the event streams they opened close.
#[utoipa::path(
    delete,
    path = "/me/sessions",
    operation_id = "log_out_everywhere",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "Logged out: what ended", body = EndedJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn log_out_everywhere(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<EndedJson>> {
    let sessions = service.log_out_everywhere(&account).await?;
    Ok(Json(EndedJson {
        sessions_ended: sessions,
        tokens_revoked: 0,
    }))
}

/// Everything the server keeps of an account that its player may take away.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "exported_at": "2026-11-30T12:00:00.000Z",
    "account": {"username": "ayse", "bot": false, "created_at": "2026-11-30T12:00:00.000Z"},
    "tokens": [], "games": [], "challenges": [], "webhooks": [], "push_subscriptions": [],
    "notifications": {
        "push": {"kinds": ["your_turn"], "reminders": [1440]},
        "email": {"kinds": [], "reminders": []},
        "calendar": {"kinds": [], "reminders": []},
        "bot": {"kinds": [], "reminders": []}
    },
    "calendar_since": null,
    "digest": {"email": null, "enabled": false, "last_sent_on": null, "verified": false, "verified_at": null, "mail_configured": false, "hour": 7},
    "vacation": {"on_vacation": false, "started_at": null, "until": null, "days_per_year": 20, "days_left": 20.0},
    "ratings": [],
    "conditional": [],
    "notes": [],
    "blocks": [],
    "chat": []
}))]
pub struct AccountExportJson {
    /// When it was taken.
    exported_at: String,
    /// The account.
    account: AccountJson,
    /// Its API tokens (never their secrets).
    tokens: Vec<TokenJson>,
    /// Every game it played, with the moves, oldest first.
    games: Vec<GameJson>,
    /// Its open challenges and those naming it.
    challenges: Vec<ChallengeJson>,
    /// Its webhooks (never their secrets).
    webhooks: Vec<WebhookJson>,
    /// Its push devices.
    push_subscriptions: Vec<PushSubscriptionJson>,
    /// What it is told, and how.
    notifications: NotificationSettingsJson,
    /// Since when its calendar feed exists; null without one (the feed's secret URL
    /// is not shown again).
    calendar_since: Option<String>,
    /// Its daily digest settings.
    digest: DigestJson,
    /// Its vacation and allowance.
    vacation: VacationJson,
    /// Its ratings.
    ratings: Vec<VariantRatingJson>,
    /// Its conditional lines in force, game by game.
    conditional: Vec<AccountLinesJson>,
    /// Its own notes on games.
    notes: Vec<ExportedNoteJson>,
    /// The accounts it blocked.
    blocks: Vec<crate::chat::json::BlockedJson>,
    /// The chat of every game it played, oldest first.
    chat: Vec<ExportedLineJson>,
}

/// An account's conditional lines in one game, in its export.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct AccountLinesJson {
    /// The game.
    game: String,
    /// The game's ply the lines start from.
    ply: u32,
    /// The lines: the pits sown in turn from that ply.
    lines: Vec<Vec<u8>>,
}

/// A note of the account's, with its game.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ExportedNoteJson {
    /// The game.
    game_id: String,
    /// The note.
    #[serde(flatten)]
    note: crate::games::notes::NoteJson,
}

/// A chat line of one of the account's games, with its game.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ExportedLineJson {
    /// The game.
    game_id: String,
    /// The line.
    #[serde(flatten)]
    line: crate::chat::service::LineJson,
}

impl From<&AccountExport> for AccountExportJson {
    fn from(e: &AccountExport) -> AccountExportJson {
        AccountExportJson {
            exported_at: time(e.exported_at),
            account: AccountJson::from(&e.account),
            tokens: e.tokens.iter().map(TokenJson::from).collect(),
            games: e.games.iter().map(GameJson::full).collect(),
            challenges: e.challenges.iter().map(ChallengeJson::from).collect(),
            webhooks: e.webhooks.iter().map(WebhookJson::from).collect(),
            push_subscriptions: e
                .push_subscriptions
                .iter()
                .map(PushSubscriptionJson::from)
                .collect(),
            notifications: NotificationSettingsJson::from(&e.notifications),
            calendar_since: e.calendar_since.map(time),
            digest: DigestJson::from(&e.digest),
            vacation: VacationJson::from(&e.vacation),
            ratings: e.ratings.iter().map(VariantRatingJson::from).collect(),
            conditional: e
                .conditional
                .iter()
                .map(|l| AccountLinesJson {
                    game: l.game.to_string(),
                    ply: l.ply,
                    lines: l
                        .lines
                        .iter()
                        .map(|line| line.iter().map(|p| p.number()).collect())
                        .collect(),
                })
                .collect(),
            notes: e
                .notes
                .iter()
                .map(|n| ExportedNoteJson {
                    game_id: n.game.to_string(),
                    note: crate::games::notes::NoteJson {
                        text: n.text.clone(),
                        updated_at: Some(time(n.updated_at)),
                    },
                })
                .collect(),
            blocks: e
                .blocks
                .iter()
                .map(crate::chat::json::BlockedJson::from)
                .collect(),
            chat: e
                .chat
                .iter()
                .map(|l| ExportedLineJson {
                    game_id: l.game.to_string(),
                    line: crate::chat::service::LineJson::from(l),
                })
                .collect(),
        }
    }
}

/// Exports the account's data as one JSON document: take it before deleting the
/// account.
#[utoipa::path(
    get,
    path = "/me/export",
    operation_id = "export_account",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The account's data", body = AccountExportJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn export(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<AccountExportJson>> {
    let export = service.export_account(&account).await?;
    Ok(Json(AccountExportJson::from(&export)))
}

/// The password that confirms a deletion.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"password": "correct horse battery"}))]
pub(super) struct DeleteBody {
    /// The account's password.
    password: String,
}

/// Deletes the account, for good: its sessions and tokens end (this one too), its
/// open challenges are canceled or declined, its ongoing games aborted (before both
/// sides have moved) or resigned; then everything of it goes, but its finished games
/// stay, under a placeholder name (`deleted-` and 8 hex digits), so that the results
/// and ratings of its opponents stay true. Its name is free again at once. Export the
/// data first with `GET /me/export`.
#[utoipa::path(
    delete,
    path = "/me",
    operation_id = "delete_account",
    tag = "accounts",
    security(("bearer" = ["account"])),
    request_body = DeleteBody,
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`wrong_password`: the password is wrong (counted as a failed log-in); `invalid_body`", body = ErrorJson,
            example = json!({"error": "wrong_password", "message": "the current password is wrong"})),
        (status = 429, response = crate::http::api::openapi::PasswordThrottled),
    ),
)]
pub(super) async fn delete(
    State(service): State<Service>,
    Auth(account): Auth,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<DeleteBody>,
) -> Result<StatusCode> {
    service
        .delete_account(&account, &body.password, client)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
