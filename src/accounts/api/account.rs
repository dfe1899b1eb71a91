//! Accounts and tokens.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::json::{AccountJson, NewTokenJson, SignedUpJson, TokenJson, scope_names};
use crate::accounts::service::account::{NewAccountRequest, parse_scopes};
use crate::domain::{Lang, TokenId};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth, ClientAddr, PathId};
use crate::service::Service;
use crate::wire::ScopeName;

/// Its routes of the API read after the mailed links' (the order of the API's
/// description): the account's language.
pub fn language_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(language, set_language))
}

/// A sign-up.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"username": "ayse", "password": "correct horse battery", "bot": true}))]
pub(super) struct SignUpBody {
    /// 3 to 20 ASCII letters, digits, `_` or `-`; unique ignoring case.
    username: String,
    /// 8 to 1024 characters.
    password: String,
    /// Whether a program will play (default false).
    #[serde(default)]
    bot: bool,
}

/// Signs up: a new account and its first API token.
#[utoipa::path(
    post,
    path = "/accounts",
    operation_id = "sign_up",
    tag = "accounts",
    request_body = SignUpBody,
    responses(
        (status = 201, description = "The account and its first token (shown once)", body = SignedUpJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 409, description = "`username_taken`: the name is taken (ignoring case)", body = ErrorJson,
            example = json!({"error": "username_taken", "message": "that user name is taken"})),
        (status = 422, description = "`invalid_username`, `invalid_password`, `invalid_body`: a bad name, password or field", body = ErrorJson,
            example = json!({"error": "invalid_password", "message": "a password has at least 8 and at most 1024 characters"})),
        (status = 429, description = "`rate_limited`: 10 sign-ups from this address in the last hour (`--max-sign-ups-per-address`); wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 2400 s", "retry_after": 2400})),
    ),
)]
pub(super) async fn sign_up(
    State(service): State<Service>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<SignUpBody>,
) -> Result<(StatusCode, Json<SignedUpJson>)> {
    let signed_up = service
        .sign_up(NewAccountRequest {
            username: body.username,
            password: body.password,
            bot: body.bot,
            client,
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(SignedUpJson {
            username: signed_up.account.username.as_str().to_owned(),
            bot: signed_up.account.bot,
            token: signed_up.token,
        }),
    ))
}

/// A new token, asked for with the account's password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"username": "ayse", "password": "correct horse battery", "label": "my bot", "scopes": ["read", "play", "challenge"]}))]
pub(super) struct NewTokenBody {
    /// The account's name.
    username: String,
    /// The account's password.
    password: String,
    /// A label to tell tokens apart: 1 to 100 characters.
    label: String,
    /// What the token may be used for, at least one; every scope when left out. Each
    /// route that takes a token names the scope it needs.
    #[serde(default)]
    #[schema(value_type = Option<Vec<ScopeName>>)]
    scopes: Option<Vec<String>>,
}

/// Makes a new API token.
#[utoipa::path(
    post,
    path = "/tokens",
    operation_id = "create_token",
    tag = "accounts",
    request_body = NewTokenBody,
    responses(
        (status = 201, description = "The token and its secret (shown once)", body = NewTokenJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, description = "`bad_credentials`: wrong name or password", body = ErrorJson,
            example = json!({"error": "bad_credentials", "message": "wrong user name or password"})),
        (status = 403, description = "`account_closed`: the right password of an account the operator closed", body = ErrorJson,
            example = json!({"error": "account_closed", "message": "this account is closed: ask the server's operator"})),
        (status = 422, description = "`invalid_label`, `invalid_scopes` (an unknown scope, or none), `too_many_tokens` (the account holds 20 tokens: revoke one first), `invalid_body`: a bad label or field", body = ErrorJson,
            example = json!({"error": "invalid_label", "message": "a token label has 1 to 100 characters and no control characters"})),
        (status = 429, description = "`rate_limited`: too many failed log-ins for this account or address; wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 840 s", "retry_after": 840})),
    ),
)]
pub(super) async fn create_token(
    State(service): State<Service>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<NewTokenBody>,
) -> Result<(StatusCode, Json<NewTokenJson>)> {
    let scopes = parse_scopes(body.scopes.as_ref().map(|s| s.iter().map(String::as_str)))?;
    let account = service
        .log_in(&body.username, &body.password, client)
        .await?;
    let (token, secret) = service.create_token(&account, &body.label, scopes).await?;
    Ok((
        StatusCode::CREATED,
        Json(NewTokenJson {
            id: token.id.to_string(),
            token: secret,
            label: token.label,
            scopes: scope_names(token.scopes),
        }),
    ))
}

/// The account's tokens, without secrets.
#[utoipa::path(
    get,
    path = "/tokens",
    operation_id = "list_tokens",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The tokens", body = Vec<TokenJson>),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn tokens(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<TokenJson>>> {
    let tokens = service.tokens(&account).await?;
    Ok(Json(tokens.iter().map(TokenJson::from).collect()))
}

/// Revokes one of the account's tokens.
#[utoipa::path(
    delete,
    path = "/tokens/{id}",
    operation_id = "revoke_token",
    tag = "accounts",
    security(("bearer" = ["account"])),
    params(("id" = String, Path, description = "The token's id")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn revoke_token(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<TokenId>,
) -> Result<StatusCode> {
    service.revoke_token(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The token's account.
#[utoipa::path(
    get,
    path = "/me",
    operation_id = "me",
    tag = "accounts",
    security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The account", body = AccountJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn me(Auth(account): Auth) -> Json<AccountJson> {
    Json(AccountJson::from(&account))
}

/// `GET` and `PUT /me/language`: the account's language.
#[derive(Debug, serde::Serialize, ToSchema)]
#[schema(example = json!({"language": "tr", "available": ["en", "tr", "ar", "el", "ca"]}))]
pub struct LanguageJson {
    /// The primary tag of the language the site, its e-mails and notifications speak
    /// to the account in; null when none was chosen (pages then follow the browser,
    /// and mail and notifications are in English).
    pub language: Option<String>,
    /// The tags seedpost speaks.
    pub available: Vec<&'static str>,
}

impl LanguageJson {
    fn new(language: Option<Lang>) -> LanguageJson {
        LanguageJson {
            language: language.map(|l| l.tag().to_owned()),
            available: Lang::ALL.iter().map(|l| l.tag()).collect(),
        }
    }
}

/// `PUT /me/language`'s body.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"language": "tr"}))]
pub struct LanguageRequest {
    /// A primary tag seedpost speaks (`en`, `tr`, `ar`, `el`, `ca`), or null to choose
    /// none.
    pub language: Option<String>,
}

/// The account's language: the one its pages, e-mails and push notifications use.
#[utoipa::path(
    get,
    path = "/me/language",
    operation_id = "language",
    tag = "accounts",
    security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The language", body = LanguageJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn language(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<LanguageJson>> {
    Ok(Json(LanguageJson::new(service.language(&account).await?)))
}

/// Sets the account's language (the same setting as the pages' language menu).
#[utoipa::path(
    put,
    path = "/me/language",
    operation_id = "set_language",
    tag = "accounts",
    security(("bearer" = ["account"])),
    request_body = LanguageRequest,
    responses(
        (status = 200, description = "The language", body = LanguageJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_language`: not a tag seedpost speaks; `invalid_body`: a body without `language`", body = ErrorJson,
            example = json!({"error": "invalid_language", "message": "unknown language \"fr\": expected one of en, tr, ar, el, ca"})),
    ),
)]
pub(super) async fn set_language(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(request): ApiJson<LanguageRequest>,
) -> Result<Json<LanguageJson>> {
    let language = request
        .language
        .map(|tag| {
            tag.parse::<Lang>()
                .map_err(|e| Error::unprocessable("invalid_language", e.to_string()))
        })
        .transpose()?;
    service.set_language(&account, language).await?;
    Ok(Json(LanguageJson::new(language)))
}
