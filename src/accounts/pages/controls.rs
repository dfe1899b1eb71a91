//! The account page (`/settings/account`): change the password, log out everywhere,
//! export the account's data, delete the account.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CONTENT_DISPOSITION, SET_COOKIE};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::accounts::api::controls::AccountExportJson;
use crate::accounts::service::controls::PasswordChange;
use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::ClientAddr;
use crate::http::pages::error::PageError;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::{PageForm, Visitor, clear_session_cookie};
use crate::http::pages::view::{Layout, render};

/// `templates/account.html`.
#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    layout: Layout,
    /// What the last change did.
    notice: Option<String>,
    /// Why the last change was refused.
    error: Option<String>,
}

fn account_page(
    visitor: &Visitor,
    notice: Option<String>,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    visitor.require()?;
    let page = AccountPage {
        layout: visitor.layout(&visitor.tr().t("account-title")),
        notice,
        error: error.map(|e| refusal(visitor.tr(), e)),
    };
    let status = error.map_or(StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// `GET /settings/account`.
pub async fn show(visitor: Visitor) -> Result<Response, PageError> {
    account_page(&visitor, None, None)
}

/// The password form.
#[derive(Debug, Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    current: String,
    #[serde(default)]
    new: String,
    /// A checkbox: present when ticked.
    #[serde(default)]
    revoke_tokens: Option<String>,
}

/// `POST /settings/account/password`: this browser stays signed in, every other
/// session ends; a refused change re-renders the page with the reason.
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<PasswordForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let change = PasswordChange {
        current: &form.current,
        new: &form.new,
        keep_session: visitor.session.as_deref(),
        revoke_tokens: form.revoke_tokens.is_some(),
        client,
    };
    match state.service.change_password(account, change).await {
        Ok(ended) => {
            let tr = visitor.tr();
            let mut notice = tr.t1("account-password-changed", "sessions", ended.sessions);
            if form.revoke_tokens.is_some() {
                notice.push(' ');
                notice.push_str(&tr.t1("account-tokens-revoked", "count", ended.tokens));
            }
            account_page(&visitor, Some(notice), None)
        }
        Err(e @ (Error::Unprocessable { .. } | Error::RateLimited { .. })) => {
            account_page(&visitor, None, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /settings/account/log-out-everywhere`: every session of the account ends,
/// this one too; to the log-in page.
pub async fn log_out_everywhere(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Response, PageError> {
    state.service.log_out_everywhere(visitor.require()?).await?;
    let mut response = Redirect::to("/login").into_response();
    response.headers_mut().append(
        SET_COOKIE,
        clear_session_cookie(state.settings.secure_cookies),
    );
    Ok(response)
}

/// `templates/delete_account.html`: the confirmation, and the page after it.
#[derive(Template)]
#[template(path = "delete_account.html")]
struct DeletePage {
    layout: Layout,
    /// Why the deletion was refused.
    error: Option<String>,
    /// The name the deleted account's games bear now, once deleted.
    deleted: Option<String>,
}

/// `GET /settings/account/delete`: asks for the password.
pub async fn confirm_delete(visitor: Visitor) -> Result<Response, PageError> {
    visitor.require()?;
    let page = DeletePage {
        layout: visitor.layout(&visitor.tr().t("delete-title")),
        error: None,
        deleted: None,
    };
    Ok(render(&page)?.into_response())
}

/// The deletion form.
#[derive(Debug, Deserialize)]
pub struct DeleteForm {
    #[serde(default)]
    password: String,
}

/// `POST /settings/account/delete`: deletes the account and signs out; a wrong
/// password re-renders the confirmation with the reason.
pub async fn delete(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<DeleteForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    match state
        .service
        .delete_account(account, &form.password, client)
        .await
    {
        Ok(placeholder) => {
            let page = DeletePage {
                layout: Layout::new(&visitor.tr().t("delete-done-h"), None, ""),
                error: None,
                deleted: Some(placeholder.to_string()),
            };
            let mut response = render(&page)?.into_response();
            response.headers_mut().append(
                SET_COOKIE,
                clear_session_cookie(state.settings.secure_cookies),
            );
            Ok(response)
        }
        Err(e @ (Error::Unprocessable { .. } | Error::RateLimited { .. })) => {
            let page = DeletePage {
                layout: visitor.layout(&visitor.tr().t("delete-title")),
                error: Some(refusal(visitor.tr(), &e)),
                deleted: None,
            };
            Ok((e.status(), render(&page)?).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// `GET /settings/account/export`: the account's data as a JSON file, as
/// `GET /api/v1/me/export` gives it.
pub async fn export(
    State(state): State<AppState>,
    visitor: Visitor,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let export = state.service.export_account(account).await?;
    let json = AccountExportJson::from(&export);
    let disposition = format!(
        "attachment; filename=\"seedpost-{}.json\"",
        account.username
    );
    Ok(([(CONTENT_DISPOSITION, disposition)], axum::Json(json)).into_response())
}
