//! Challenge filters (issue 23): the challenges an account takes. A challenge naming
//! the account that its filters refuse is declined as it is made, with the matching
//! reason (`not_bots`, `only_bots`, `variant`, `too_fast`, `time_control`, `casual`,
//! `rated`), which the challenger reads in its `challenge_declined` event.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use seedpost_rules::Variant;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::{ChallengeFilters, DaysPerMove};
use crate::error::{Error, Result};
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth};
use crate::service::Service;

/// `GET` and `PUT /me/challenge-filters`: the challenges the account takes.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"active": true, "variants": ["modiar", "tihbat"], "min_days_per_move": 1, "max_days_per_move": 7, "rated": true, "casual": true, "from_bots": true, "from_humans": false}))]
pub struct ChallengeFiltersJson {
    /// Whether the account has filters; without, every challenge is taken (and the
    /// fields below say so).
    pub active: bool,
    /// The variants taken.
    pub variants: Vec<&'static str>,
    /// The fewest days per move taken.
    pub min_days_per_move: u8,
    /// The most days per move taken.
    pub max_days_per_move: u8,
    /// Whether rated challenges are taken.
    pub rated: bool,
    /// Whether casual challenges are taken.
    pub casual: bool,
    /// Whether challenges from bots are taken.
    pub from_bots: bool,
    /// Whether challenges from people are taken.
    pub from_humans: bool,
}

impl ChallengeFiltersJson {
    fn new(filters: Option<&ChallengeFilters>) -> ChallengeFiltersJson {
        let every = ChallengeFilters::default();
        let shown = filters.unwrap_or(&every);
        let (min, max) = shown.days();
        let (rated, casual) = shown.terms();
        let (from_bots, from_humans) = shown.from();
        ChallengeFiltersJson {
            active: filters.is_some(),
            variants: shown.variants().iter().map(|v| v.as_str()).collect(),
            min_days_per_move: min.days(),
            max_days_per_move: max.days(),
            rated,
            casual,
            from_bots,
            from_humans,
        }
    }
}

/// `PUT /me/challenge-filters`'s body: what is left out takes everything.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variants": ["modiar", "tihbat"], "max_days_per_move": 7, "from_humans": false}))]
pub struct ChallengeFiltersRequest {
    /// The variants taken (`mangala`, `modiar`, `tihbat`, `kalah`, `oware`, `togyz`); all when left out.
    #[serde(default)]
    variants: Option<Vec<String>>,
    /// The fewest days per move taken (1, 2, 3, 5, 7, 10 or 14); 1 when left out.
    #[serde(default)]
    min_days_per_move: Option<i64>,
    /// The most days per move taken; 14 when left out.
    #[serde(default)]
    max_days_per_move: Option<i64>,
    /// Whether rated challenges are taken (default true).
    #[serde(default)]
    rated: Option<bool>,
    /// Whether casual challenges are taken (default true).
    #[serde(default)]
    casual: Option<bool>,
    /// Whether challenges from bots are taken (default true).
    #[serde(default)]
    from_bots: Option<bool>,
    /// Whether challenges from people are taken (default true).
    #[serde(default)]
    from_humans: Option<bool>,
}

impl ChallengeFiltersRequest {
    /// The filters asked for.
    fn parse(self) -> Result<ChallengeFilters> {
        let every = ChallengeFilters::default();
        let variants = match self.variants {
            None => every.variants().to_vec(),
            Some(names) => names
                .iter()
                .map(|n| {
                    Variant::parse_offered(n).map_err(|e| {
                        Error::unprocessable("invalid_variant", format!("variants: {e}"))
                    })
                })
                .collect::<Result<Vec<_>>>()?,
        };
        let days = |given: Option<i64>, default: DaysPerMove| match given {
            None => Ok(default),
            Some(d) => DaysPerMove::new(d)
                .map_err(|e| Error::unprocessable("invalid_days_per_move", e.to_string())),
        };
        let (min, max) = every.days();
        ChallengeFilters::new(
            &variants,
            (
                days(self.min_days_per_move, min)?,
                days(self.max_days_per_move, max)?,
            ),
            (self.rated.unwrap_or(true), self.casual.unwrap_or(true)),
            (
                self.from_bots.unwrap_or(true),
                self.from_humans.unwrap_or(true),
            ),
        )
        .map_err(|e| Error::unprocessable("invalid_filters", e.to_string()))
    }
}

/// The challenges the account takes.
#[utoipa::path(
    get,
    path = "/me/challenge-filters",
    operation_id = "challenge_filters",
    tag = "challenges",
    security(("bearer" = ["read"])),
    responses(
        (status = 200, description = "The filters", body = ChallengeFiltersJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<ChallengeFiltersJson>> {
    let filters = service.challenge_filters(&account).await?;
    Ok(Json(ChallengeFiltersJson::new(filters.as_ref())))
}

/// Sets the challenges the account takes: a challenge naming it that asks for
/// anything else is declined as it is made, with the matching reason (who asks first,
/// then the variant, the days per move and rated or casual). Open challenges stay.
#[utoipa::path(
    put,
    path = "/me/challenge-filters",
    operation_id = "set_challenge_filters",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    request_body = ChallengeFiltersRequest,
    responses(
        (status = 200, description = "The filters", body = ChallengeFiltersJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_filters`: filters that refuse every challenge; `invalid_variant`, `invalid_days_per_move`; `invalid_body`: an unknown field or a wrong type", body = ErrorJson,
            example = json!({"error": "invalid_filters", "message": "min_days_per_move is above max_days_per_move"})),
    ),
)]
pub(super) async fn set(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(request): ApiJson<ChallengeFiltersRequest>,
) -> Result<Json<ChallengeFiltersJson>> {
    let filters = request.parse()?;
    service
        .set_challenge_filters(&account, Some(&filters))
        .await?;
    Ok(Json(ChallengeFiltersJson::new(Some(&filters))))
}

/// Removes the account's filters: every challenge is taken again.
#[utoipa::path(
    delete,
    path = "/me/challenge-filters",
    operation_id = "clear_challenge_filters",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    responses(
        (status = 204, description = "Every challenge is taken"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn clear(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<StatusCode> {
    service.set_challenge_filters(&account, None).await?;
    Ok(StatusCode::NO_CONTENT)
}
