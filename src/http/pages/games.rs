//! The game page, its live fragment and stream, moves, resigning and aborting.

use std::convert::Infallible;
use std::time::Duration;

use askama::Template;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Redirect, Response};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;

use super::board::GameView;
use super::error::PageError;
use super::session::{PageForm, PagePath, Visitor};
use super::view::{Layout, render};
use crate::domain::GameId;
use crate::error::Error;
use crate::http::AppState;

/// How long one live stream lasts before the browser reconnects (so that a restart
/// never waits long on open streams).
const STREAM_LIFETIME: Duration = Duration::from_secs(300);

/// How often a live stream reads the game even without a notice of a change.
const RECHECK: Duration = Duration::from_secs(10);

/// How long the page of a finished game waits for its analysis before it says the
/// analysis is being prepared.
const ANALYSIS_WAIT: Duration = Duration::from_secs(1);

/// `templates/game.html`.
#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    layout: Layout,
    game: GameView,
    /// The analysis panel, for a finished game.
    analysis: Option<std::sync::Arc<crate::analysis::AnalysisJson>>,
    /// The analysis of this finished game is still being computed.
    analysis_pending: bool,
}

/// `templates/_live.html`: the part of the game page that changes.
#[derive(Template)]
#[template(path = "_live.html")]
struct LiveFragment {
    game: GameView,
}

/// `templates/confirm.html`.
#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage {
    layout: Layout,
    game: GameView,
    question: &'static str,
    explain: &'static str,
    action: &'static str,
    button: &'static str,
}

async fn view(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    error: Option<String>,
) -> Result<GameView, PageError> {
    let loaded = state.service.game(id).await?;
    Ok(GameView::new(
        &loaded,
        visitor.account.as_ref(),
        &visitor.csrf,
        state.service.now(),
        error,
    ))
}

/// `GET /games/{id}`: anyone may watch.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    let game = view(&state, &visitor, id, None).await?;
    // Only finished games are analysed; a failure just leaves the panel out. One
    // analysis runs at a time: when others are queued, the page says it is coming
    // rather than waiting for it.
    let (analysis, analysis_pending) = if game.ongoing {
        (None, false)
    } else {
        match state.service.analysis_within(id, ANALYSIS_WAIT).await {
            Ok(Some(analysis)) => (Some(analysis), false),
            Ok(None) => (None, true),
            Err(Error::Conflict { .. }) => (None, false),
            Err(e) => {
                tracing::warn!(error = %e, game = %id, "no analysis for the game page");
                (None, false)
            }
        }
    };
    render(&GamePage {
        layout: visitor.layout(&game.title),
        game,
        analysis,
        analysis_pending,
    })
}

/// `GET /games/{id}/board`: the changing part of the page, for live updates.
pub async fn fragment(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    let game = view(&state, &visitor, id, None).await?;
    render(&LiveFragment { game })
}

/// `GET /games/{id}/live`: Server-Sent Events, one `changed` event (its data the new
/// ply) after each committed change of the game, made through any instance: the
/// game's stream (see [`crate::service::GameFeed`]), which ends after the game is
/// over.
pub async fn live(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, PageError> {
    let mut feed = state.service.open_game_stream(id).await?;
    // The game as it is now, which the page shows already: not a change. Read before
    // answering, so that a change made once the stream is open is never taken for it.
    feed.next().await?;
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.reset();
    let events = stream::unfold((feed, recheck), |(mut feed, mut recheck)| async move {
        loop {
            tokio::select! {
                next = feed.next() => match next {
                    Ok(Some(loaded)) => {
                        let ply = loaded.game().state.ply;
                        let event = Event::default().event("changed").data(ply.to_string());
                        return Some((Ok(event), (feed, recheck)));
                    }
                    Ok(None) => return None,
                    Err(e) => {
                        tracing::warn!(error = %e, "live stream failed");
                        return None;
                    }
                },
                // A safety net for notices lost between instances.
                _ = recheck.tick() => feed.poke(),
            }
        }
    })
    .take_until(tokio::time::sleep(STREAM_LIFETIME));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// A move form: the pit, and the ply the player saw.
#[derive(Debug, Deserialize)]
pub struct MoveForm {
    ply: i64,
    pit: i64,
}

/// `POST /games/{id}/move`: plays, then shows the game again; a refused move re-renders
/// the page with the reason.
pub async fn play(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<MoveForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    match state
        .service
        .play_move(account, id, form.ply, form.pit)
        .await
    {
        Ok(_) => Ok(Redirect::to(&format!("/games/{id}")).into_response()),
        Err(
            e @ (Error::IllegalMove(_)
            | Error::StalePly { .. }
            | Error::NotYourTurn
            | Error::GameOver),
        ) => {
            let status = e.status();
            let game = view(
                &state,
                &visitor,
                id,
                Some(super::error::capitalise(&e.to_string())),
            )
            .await?;
            let page = render(&GamePage {
                layout: visitor.layout(&game.title),
                game,
                analysis: None,
                analysis_pending: false,
            })?;
            Ok((status, page).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// A form with nothing but its token.
#[derive(Debug, Deserialize)]
pub struct NoFields {}

async fn confirm(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    resign: bool,
) -> Result<Html<String>, PageError> {
    visitor.require()?;
    let game = view(state, visitor, id, None).await?;
    let page = if resign {
        ConfirmPage {
            layout: visitor.layout("Resign?"),
            game,
            question: "Resign this game?",
            explain: "Your opponent wins, and the game ends now. This cannot be undone.",
            action: "resign",
            button: "Yes, resign",
        }
    } else {
        ConfirmPage {
            layout: visitor.layout("Abort?"),
            game,
            question: "Abort this game?",
            explain: "The game ends without a result and nobody scores. This cannot be undone.",
            action: "abort",
            button: "Yes, abort",
        }
    };
    render(&page)
}

/// `GET /games/{id}/resign`: asks first.
pub async fn confirm_resign(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    confirm(&state, &visitor, id, true).await
}

/// `GET /games/{id}/abort`: asks first.
pub async fn confirm_abort(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    confirm(&state, &visitor, id, false).await
}

/// `POST /games/{id}/resign`.
pub async fn resign(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state.service.resign(visitor.require()?, id).await?;
    Ok(Redirect::to(&format!("/games/{id}")))
}

/// `POST /games/{id}/abort`.
pub async fn abort(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state.service.abort(visitor.require()?, id).await?;
    Ok(Redirect::to(&format!("/games/{id}")))
}
