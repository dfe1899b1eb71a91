//! The competition's pages: a player's page and the standings ([`players`]), a
//! match ([`matches`](mod@matches)), the tournaments ([`tournaments`]), the vacation settings
//! ([`vacation`]).

pub mod matches;
pub mod players;
pub mod tournaments;
pub mod vacation;

use axum::Router;
use axum::routing::{get, post};

use crate::http::AppState;

/// The competition's page routes, under the session and its form cookie.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/settings/vacation", get(vacation::show))
        .route("/settings/vacation/start", post(vacation::start))
        .route("/settings/vacation/end", post(vacation::end))
        .route("/matches/{id}", get(matches::show))
        .route("/players/{name}", get(players::show))
        .route("/players/{name}/games", get(players::finished))
        .route("/standings", get(players::standings))
        .route(
            "/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/tournaments/{id}", get(tournaments::show))
        .route("/tournaments/{id}/join", post(tournaments::join))
        .route(
            "/tournaments/{id}/withdraw",
            get(tournaments::confirm_withdraw).post(tournaments::withdraw),
        )
}
