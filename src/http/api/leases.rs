//! Runner leases (issue 37): one bot runner per account at a time. `seedpost-bot`
//! claims its account's lease at start and renews it as a heartbeat; a second copy is
//! refused with 409 `lease_held`, and waits or stops, instead of answering every turn
//! twice.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::json::ErrorJson;
use crate::error::Result;
use crate::http::extract::{ApiJson, Auth};
use crate::service::Service;
use crate::store::RunnerLease;

/// `PUT /me/runner-lease`: claims or renews the lease.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"holder": "bot-host:4242:5f0c", "seconds": 60}))]
pub struct LeaseRequest {
    /// The runner's own name, the same at every renewal (1 to 100 characters): a
    /// second runner names itself otherwise.
    pub holder: String,
    /// How long the lease stands unless renewed, 10 to 600 seconds (60 by default).
    #[serde(default = "default_seconds")]
    #[schema(minimum = 10, maximum = 600, default = 60)]
    pub seconds: u32,
}

fn default_seconds() -> u32 {
    60
}

/// `DELETE /me/runner-lease`: ends the holder's lease.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"holder": "bot-host:4242:5f0c"}))]
pub struct LeaseRelease {
    /// The holder whose lease ends (another holder's lease stays).
    pub holder: String,
}

/// An account's runner lease.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"holder": "bot-host:4242:5f0c", "expires_at": "2026-12-07T05:01:00.000Z"}))]
pub struct LeaseJson {
    /// Who holds it.
    pub holder: String,
    /// When it lapses unless renewed (RFC 3339).
    pub expires_at: String,
}

impl From<RunnerLease> for LeaseJson {
    fn from(lease: RunnerLease) -> LeaseJson {
        LeaseJson {
            holder: lease.holder,
            expires_at: super::json::time(lease.expires_at),
        }
    }
}

/// Claims the account's runner lease, or renews it (a heartbeat, before it lapses):
/// one runner per account at a time. While another holder's lease stands, the claim is
/// refused; a lease not renewed lapses after its `seconds`.
#[utoipa::path(
    put,
    path = "/me/runner-lease",
    operation_id = "claim_runner_lease",
    tag = "accounts",
    security(("bearer" = ["play"])),
    request_body = LeaseRequest,
    responses(
        (status = 200, description = "The lease, the holder's until `expires_at`", body = LeaseJson),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 409, description = "`lease_held`: another runner holds the lease (the message names it and when the lease lapses)", body = ErrorJson,
            example = json!({"error": "lease_held", "message": "another runner, `bot-host:4242:5f0c`, holds this account's lease until 2026-12-07T05:01:00Z: stop it, or wait for its lease to lapse"})),
        (status = 422, description = "`invalid_lease`: a holder of 0 or more than 100 characters or with a control character, or seconds outside 10 to 600; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_lease", "message": "seconds must be 10 to 600"})),
    ),
)]
pub(super) async fn claim(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(request): ApiJson<LeaseRequest>,
) -> Result<Json<LeaseJson>> {
    let lease = service
        .claim_runner_lease(&account, &request.holder, request.seconds)
        .await?;
    Ok(Json(LeaseJson::from(lease)))
}

/// Ends the holder's runner lease (a runner that stops), so that another may start at
/// once; a lease another holder holds stays.
#[utoipa::path(
    delete,
    path = "/me/runner-lease",
    operation_id = "release_runner_lease",
    tag = "accounts",
    security(("bearer" = ["play"])),
    request_body = LeaseRelease,
    responses(
        (status = 204, description = "The holder holds no lease of the account now"),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 422, description = "`invalid_lease`: a holder of 0 or more than 100 characters or with a control character; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_lease", "message": "holder must be 1 to 100 characters, none of them a control character"})),
    ),
)]
pub(super) async fn release(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(request): ApiJson<LeaseRelease>,
) -> Result<StatusCode> {
    service
        .release_runner_lease(&account, &request.holder)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
