//! The account's vacation.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::competition::json::VacationJson;
use crate::error::Result;
use crate::http::AppState;
use crate::http::extract::Auth;
use crate::service::Service;

/// The API routes of the vacation (mounted by `http`).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, start, end))
}

/// The account's vacation, if it is on one, and what is left of its allowance.
#[utoipa::path(
    get,
    path = "/me/vacation",
    operation_id = "vacation",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The vacation", body = VacationJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<VacationJson>> {
    let status = service.vacation(&account).await?;
    Ok(Json(VacationJson::from(&status)))
}

/// Starts a vacation: the clocks of all the account's games stop until it ends it, or
/// until its allowance for the year runs out.
#[utoipa::path(
    post,
    path = "/me/vacation",
    operation_id = "start_vacation",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "On vacation", body = VacationJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 409, description = "`on_vacation`: already on vacation; `no_vacation_left`: none left this year", body = crate::http::api::json::ErrorJson,
            example = json!({"error": "no_vacation_left", "message": "this year's 20 days of vacation are used up"})),
    ),
)]
pub(super) async fn start(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<VacationJson>> {
    let status = service.start_vacation(&account).await?;
    Ok(Json(VacationJson::from(&status)))
}

/// Ends the vacation: each game's deadline moves on by the time its clock stood still.
#[utoipa::path(
    delete,
    path = "/me/vacation",
    operation_id = "end_vacation",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "Back from vacation", body = VacationJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 409, description = "`not_on_vacation`", body = crate::http::api::json::ErrorJson,
            example = json!({"error": "not_on_vacation", "message": "you are not on vacation"})),
    ),
)]
pub(super) async fn end(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<VacationJson>> {
    let status = service.end_vacation(&account).await?;
    Ok(Json(VacationJson::from(&status)))
}
