//! The accounts' JSON shapes, with their OpenAPI schemas: the account, its tokens,
//! a sign-up's answer (were in the API's `json` module).

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::{Account, Scope, Scopes, Token};
use crate::http::api::json::time;
use crate::wire::ScopeName;

/// `GET /me`, and the account in a sign-up answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "bot": true, "created_at": "2026-11-30T12:00:00.000Z"}))]
pub struct AccountJson {
    /// The name.
    pub username: String,
    /// Whether a program plays.
    pub bot: bool,
    /// When it was made.
    pub created_at: String,
}

impl From<&Account> for AccountJson {
    fn from(a: &Account) -> Self {
        AccountJson {
            username: a.username.to_string(),
            bot: a.bot,
            created_at: time(a.created_at),
        }
    }
}

/// A token as listed (no secret).
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "5f0c8a56-3f4e-4c1b-9a57-0e8f5d2c6b11", "label": "my bot", "scopes": ["read", "play", "challenge"], "created_at": "2026-11-30T12:00:00.000Z", "last_used_at": null}))]
pub struct TokenJson {
    /// Its id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// What it may be used for (a token made before scopes existed has them all).
    #[schema(value_type = Vec<ScopeName>)]
    pub scopes: Vec<&'static str>,
    /// When it was made.
    pub created_at: String,
    /// When it was last used.
    pub last_used_at: Option<String>,
}

impl From<&Token> for TokenJson {
    fn from(t: &Token) -> Self {
        TokenJson {
            id: t.id.to_string(),
            label: t.label.clone(),
            scopes: scope_names(t.scopes),
            created_at: time(t.created_at),
            last_used_at: t.last_used_at.map(time),
        }
    }
}

/// `POST /accounts` → 201: the account and its first API token, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "bot": true, "token": "sp_3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f"}))]
pub struct SignedUpJson {
    /// The name.
    pub username: String,
    /// Whether a program plays.
    pub bot: bool,
    /// The secret of the first API token: send it as `Authorization: Bearer <token>`.
    pub token: String,
}

/// `POST /tokens` → 201: a new token and its secret, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "5f0c8a56-3f4e-4c1b-9a57-0e8f5d2c6b11", "token": "sp_3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f", "label": "my bot", "scopes": ["read", "play", "challenge"]}))]
pub struct NewTokenJson {
    /// Its id.
    pub id: String,
    /// The secret, shown once.
    pub token: String,
    /// Its label.
    pub label: String,
    /// What it may be used for.
    #[schema(value_type = Vec<ScopeName>)]
    pub scopes: Vec<&'static str>,
}

/// The names of `scopes`, in their listed order.
#[must_use]
pub fn scope_names(scopes: Scopes) -> Vec<&'static str> {
    scopes.iter().map(Scope::as_str).collect()
}
