//! Sign-up, log-in, log-out and the API tokens page.

use askama::Template;
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::accounts::service::account::{NewAccountRequest, parse_scopes};
use crate::domain::{Scope, TokenId};
use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::ClientAddr;
use crate::http::pages::error::PageError;
use crate::http::pages::lang::back_to;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::{
    PageForm, PagePath, PageQuery, Visitor, clear_session_cookie, session_cookie,
};
use crate::http::pages::view::{Layout, next_query, render};
use crate::store::Account;

/// The sign-up and log-in pages: one form, two pages (`templates/account_form.html`).
#[derive(Template)]
#[template(path = "account_form.html")]
struct AccountForm {
    layout: Layout,
    sign_up: bool,
    username: String,
    error: Option<String>,
    /// Where the form leads once signed in (a path of this site), or empty for home.
    next: String,
    /// The other form's address, keeping `next`.
    other: String,
}

/// The forms' query: where a page that asked for log-in wants the player back.
#[derive(Debug, Deserialize)]
pub struct FormQuery {
    #[serde(default)]
    next: String,
}

/// What both forms send.
#[derive(Debug, Deserialize)]
pub struct Credentials {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    next: String,
}

/// `next` as a path of this site, or empty for home (another site's address, or
/// none, leads home).
fn local_next(next: &str) -> String {
    match back_to(next) {
        home if home == "/" => String::new(),
        path => path,
    }
}

fn form_page(
    visitor: &Visitor,
    sign_up: bool,
    username: String,
    next: &str,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    let next = local_next(next);
    let other_path = if sign_up { "/login" } else { "/signup" };
    let other = format!("{other_path}{}", next_query(&next));
    let page = AccountForm {
        layout: visitor.layout(&visitor.tr().t(if sign_up {
            "auth-sign-up"
        } else {
            "auth-log-in"
        })),
        sign_up,
        username,
        error: error.map(|e| refusal(visitor.tr(), e)),
        next,
        other,
    };
    let status = error.map_or(axum::http::StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// `GET /signup?next=`.
pub async fn sign_up_form(
    visitor: Visitor,
    PageQuery(query): PageQuery<FormQuery>,
) -> Result<Response, PageError> {
    form_page(&visitor, true, String::new(), &query.next, None)
}

/// `GET /login?next=`.
pub async fn log_in_form(
    visitor: Visitor,
    PageQuery(query): PageQuery<FormQuery>,
) -> Result<Response, PageError> {
    form_page(&visitor, false, String::new(), &query.next, None)
}

/// Starts a session for `account` (ending the visitor's old one) and goes to `next`
/// (a path of this site; home otherwise).
async fn signed_in(
    state: &AppState,
    visitor: &Visitor,
    account: &Account,
    next: &str,
) -> Result<Response, PageError> {
    if let Some(old) = &visitor.session {
        state.service.end_session(old).await?;
    }
    let session = state.service.start_session(account).await?;
    let mut response = Redirect::to(&back_to(next)).into_response();
    response.headers_mut().append(
        SET_COOKIE,
        session_cookie(&session.secret, state.settings.secure_cookies),
    );
    Ok(response)
}

/// `POST /signup`: a new account (without an API token: the tokens page makes one),
/// signed in; a refused one re-renders the form with
/// the reason and the name typed.
pub async fn sign_up(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<Credentials>,
) -> Result<Response, PageError> {
    let request = NewAccountRequest {
        username: form.username.clone(),
        password: form.password,
        bot: false,
        client,
    };
    match state.service.sign_up_in_browser(request).await {
        Ok(account) => signed_in(&state, &visitor, &account, &form.next).await,
        Err(e @ (Error::Unprocessable { .. } | Error::UsernameTaken)) => {
            form_page(&visitor, true, form.username, &form.next, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /login`: a new session; wrong credentials re-render the form.
pub async fn log_in(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<Credentials>,
) -> Result<Response, PageError> {
    match state
        .service
        .log_in(form.username.trim(), &form.password, client)
        .await
    {
        Ok(account) => signed_in(&state, &visitor, &account, &form.next).await,
        Err(e @ (Error::BadCredentials | Error::AccountClosed | Error::RateLimited { .. })) => {
            form_page(&visitor, false, form.username, &form.next, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /logout`: ends the session.
pub async fn log_out(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Response, PageError> {
    if let Some(secret) = &visitor.session {
        state.service.end_session(secret).await?;
    }
    let mut response = Redirect::to("/").into_response();
    response.headers_mut().append(
        SET_COOKIE,
        clear_session_cookie(state.settings.secure_cookies),
    );
    Ok(response)
}

/// A token as listed.
#[derive(Debug, Clone)]
pub struct TokenLine {
    id: String,
    label: String,
    /// Its scopes' names, or `None` for every scope.
    scopes: Option<Vec<&'static str>>,
    created: String,
    last_used: String,
}

/// `templates/tokens.html`.
#[derive(Template)]
#[template(path = "tokens.html")]
struct TokensPage {
    layout: Layout,
    tokens: Vec<TokenLine>,
    created: Option<(String, String)>,
    label: String,
    /// The new-token form's scope boxes.
    scopes: Vec<ScopeBox>,
    error: Option<String>,
}

/// One scope's box in the new-token form.
struct ScopeBox {
    /// Its name, the API's: `read`.
    name: &'static str,
    /// What a token with it may do, in the visitor's language.
    what: String,
    /// Ticked.
    ticked: bool,
}

/// What a token with `scope` may do, in the language of `tr`.
fn scope_allows(tr: crate::i18n::Tr, scope: Scope) -> String {
    tr.t(match scope {
        Scope::Read => "tokens-scope-read",
        Scope::Play => "tokens-scope-play",
        Scope::Challenge => "tokens-scope-challenge",
        Scope::Webhooks => "tokens-scope-webhooks",
        Scope::Account => "tokens-scope-account",
    })
}

/// What the new-token form shows: its label and ticked scopes (every scope at first).
struct TokenDraft {
    label: String,
    ticked: Vec<&'static str>,
}

async fn tokens_page(
    state: &AppState,
    visitor: &Visitor,
    created: Option<(String, String)>,
    draft: TokenDraft,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let tr = visitor.tr();
    let tokens = state
        .service
        .tokens(account)
        .await?
        .into_iter()
        .map(|t| TokenLine {
            id: t.id.to_string(),
            label: t.label,
            scopes: (!t.scopes.is_all()).then(|| t.scopes.iter().map(Scope::as_str).collect()),
            created: tr.when(t.created_at),
            last_used: t
                .last_used_at
                .map_or_else(|| tr.t("tokens-never"), |t| tr.when(t)),
        })
        .collect();
    let page = TokensPage {
        layout: visitor.layout(&tr.t("tokens-title")),
        tokens,
        created,
        label: draft.label,
        scopes: Scope::ALL
            .into_iter()
            .map(|s| ScopeBox {
                name: s.as_str(),
                what: scope_allows(tr, s),
                ticked: draft.ticked.contains(&s.as_str()),
            })
            .collect(),
        error: error.map(|e| refusal(visitor.tr(), e)),
    };
    let status = error.map_or(axum::http::StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// `GET /settings/tokens`.
pub async fn tokens(
    State(state): State<AppState>,
    visitor: Visitor,
) -> Result<Response, PageError> {
    tokens_page(&state, &visitor, None, TokenDraft::blank(), None).await
}

impl TokenDraft {
    fn blank() -> TokenDraft {
        TokenDraft {
            label: String::new(),
            ticked: Scope::ALL.map(Scope::as_str).to_vec(),
        }
    }
}

/// The new-token form: a label and a box per scope (`scope-read` and so on).
#[derive(Debug, Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    label: String,
    #[serde(default, rename = "scope-read")]
    read: Option<String>,
    #[serde(default, rename = "scope-play")]
    play: Option<String>,
    #[serde(default, rename = "scope-challenge")]
    challenge: Option<String>,
    #[serde(default, rename = "scope-webhooks")]
    webhooks: Option<String>,
    #[serde(default, rename = "scope-account")]
    account: Option<String>,
}

impl TokenForm {
    /// The names of the ticked scopes.
    fn ticked(&self) -> Vec<&'static str> {
        [
            (Scope::Read, &self.read),
            (Scope::Play, &self.play),
            (Scope::Challenge, &self.challenge),
            (Scope::Webhooks, &self.webhooks),
            (Scope::Account, &self.account),
        ]
        .into_iter()
        .filter(|(_, ticked)| ticked.is_some())
        .map(|(scope, _)| scope.as_str())
        .collect()
    }
}

/// `POST /settings/tokens`: shows the new secret, once.
pub async fn create_token(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<TokenForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let ticked = form.ticked();
    let created = match parse_scopes(Some(ticked.iter().copied())) {
        Ok(scopes) => {
            state
                .service
                .create_token(account, &form.label, scopes)
                .await
        }
        Err(e) => Err(e),
    };
    match created {
        Ok((token, secret)) => {
            tokens_page(
                &state,
                &visitor,
                Some((token.label, secret)),
                TokenDraft::blank(),
                None,
            )
            .await
        }
        Err(e @ Error::Unprocessable { .. }) => {
            let draft = TokenDraft {
                label: form.label,
                ticked,
            };
            tokens_page(&state, &visitor, None, draft, Some(&e)).await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /settings/tokens/{id}/revoke`.
pub async fn revoke_token(
    State(state): State<AppState>,
    PagePath(id): PagePath<TokenId>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Redirect, PageError> {
    state.service.revoke_token(visitor.require()?, id).await?;
    Ok(Redirect::to("/settings/tokens"))
}
