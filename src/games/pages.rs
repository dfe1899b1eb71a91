//! The game page, its live fragment and stream, moves, resigning and aborting.

use std::convert::Infallible;
use std::time::Duration;

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::SET_COOKIE;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;

use super::board::{GameView, Rematch, step_to};
use crate::analysis::panel::AnalysisView;
use crate::domain::{GameId, GameStatus};
use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::ClientAddr;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{
    NoFields, PageForm, PagePath, PageQuery, Visitor, cookie, set_cookie,
};
use crate::http::pages::view::{Layout, render};
use crate::i18n::Tr;
use seedpost_rules::IllegalMove;

/// How often an open game page's stream marks it (well within the notifications'
/// `PRESENCE_TIMEOUT`, after which a page counts as closed for turn mails).
pub const PRESENCE_HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(30);

/// The game's pages: the board, its fragments and live stream, and the forms that
/// move, offer a rematch, resign and abort.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}", get(show))
        .route("/games/{id}/board", get(fragment))
        .route("/games/{id}/analysis", get(analysis))
        .route("/games/{id}/live", get(live))
        .route("/games/{id}/move", post(play))
        .route("/games/{id}/rematch", post(rematch))
        .route("/games/{id}/resign", get(confirm_resign).post(resign))
        .route("/games/{id}/abort", get(confirm_abort).post(abort))
}

/// How long one live stream lasts before the browser reconnects (so that a restart
/// never waits long on open streams).
const STREAM_LIFETIME: Duration = Duration::from_secs(300);

/// How often a live stream reads the game even without a notice of a change.
const RECHECK: Duration = Duration::from_secs(10);

/// How long the page of a finished game waits for its analysis before it says the
/// analysis is being prepared.
const ANALYSIS_WAIT: Duration = Duration::from_secs(1);

/// How long the analysis fragment waits for the analysis before it answers that it
/// is still being prepared (the page's script then asks again).
const ANALYSIS_FRAGMENT_WAIT: Duration = Duration::from_secs(10);

/// The analysis panel of a finished game (`templates/_analysis.html`).
struct AnalysisPanel {
    game_id: String,
    /// The visitor's language.
    tr: Tr,
    /// The analysis, once ready.
    analysis: Option<AnalysisView>,
    /// The analysis of this finished game is still being computed.
    pending: bool,
    /// The `?lang=` the page was opened with, kept on the graph's links.
    lang: crate::http::pages::lang::KeptLang,
}

impl AnalysisPanel {
    /// The panel of `game` with no analysis (yet): an ongoing game, a refused move.
    fn empty(game: &GameView, tr: Tr) -> AnalysisPanel {
        AnalysisPanel {
            game_id: game.id.clone(),
            tr,
            analysis: None,
            pending: false,
            lang: game.lang,
        }
    }
}

/// `templates/game.html`.
#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    layout: Layout,
    game: GameView,
    panel: AnalysisPanel,
    /// The player's own note box (`templates/_note.html`).
    note: Option<super::notes::NoteBox>,
    /// The players' chat (`templates/_chat.html`).
    chat: Option<crate::chat::pages::ChatBox>,
}

/// `templates/_analysis.html` alone: the panel, for live updates.
#[derive(Template)]
#[template(path = "_analysis.html")]
struct AnalysisFragment {
    panel: AnalysisPanel,
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
    /// The message ids of the question, what it means and the button.
    question: &'static str,
    explain: &'static str,
    action: &'static str,
    button: &'static str,
}

/// The cookie that carries a notice from a refused move to the game page it
/// redirects to (one word from [`notice_text`], read once).
const NOTICE_COOKIE: &str = "seedpost_notice";

/// The message id of a notice carried by [`NOTICE_COOKIE`].
fn notice_text(code: &str) -> Option<&'static str> {
    match code {
        "moved" => Some("game-notice-moved"),
        "elsewhere" => Some("game-notice-elsewhere"),
        "over" => Some("game-notice-over"),
        _ => None,
    }
}

/// Why a move was refused, in the language of `tr`.
fn move_refusal(tr: Tr, error: &Error) -> String {
    match error {
        Error::NotYourTurn => tr.t("game-refused-not-your-turn"),
        Error::IllegalMove(reason) => tr.t(match reason {
            IllegalMove::OutOfRange => "game-refused-out-of-range",
            IllegalMove::EmptyPit => "game-refused-empty-pit",
            IllegalMove::Singleton => "game-refused-singleton",
            IllegalMove::MustFeed => "game-refused-must-feed",
            IllegalMove::GrandSlam => "game-refused-grand-slam",
            IllegalMove::GameOver => "game-refused-game-over",
        }),
        other => crate::http::pages::error::capitalise(&other.to_string()),
    }
}

/// A redirect to `to` carrying the notice `code` (see [`notice_text`]).
fn noticed(state: &AppState, code: &str, to: &str) -> Response {
    let notice = set_cookie(NOTICE_COOKIE, code, Some(60), state.settings.secure_cookies);
    ([(SET_COOKIE, notice)], Redirect::to(to)).into_response()
}

pub(super) async fn view(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    error: Option<String>,
    ply: Option<&str>,
) -> Result<GameView, PageError> {
    let loaded = state.service.game(id).await?;
    let at = step_to(&loaded, ply)?;
    let mut game = GameView::new(
        visitor.tr(),
        &loaded,
        visitor.account.as_ref(),
        &visitor.csrf,
        state.service.now(),
        error,
        at,
    );
    game.set_ratings(&state.service.game_ratings(loaded.game()).await?);
    if let Some(account) = &visitor.account {
        let settings = state.service.play_settings(account).await?;
        game.confirm = game.board.playable && settings.confirm_moves;
        game.still = settings.still_moves;
        // The next game waiting for this player's move (lichess's flow), once they
        // are not to move here.
        if !game.board.playable && game.step.is_none() {
            // The most urgent two (one may be this game, if its opponent just moved)
            // and the count of them all, without reading every game waiting.
            let urgent = state
                .service
                .games(Some(account), Some(GameStatus::Ongoing), None, true, 2)
                .await?;
            let this_one = urgent.iter().any(|g| g.id == id);
            let count = state
                .service
                .turn_count(account)
                .await?
                .saturating_sub(usize::from(this_one));
            game.next_game = urgent
                .into_iter()
                .find(|g| g.id != id)
                .filter(|_| count > 0)
                .map(|first| (first.id.to_string(), count));
        }
        game.plan =
            super::plan::panel(state, visitor.tr(), &visitor.csrf, &loaded, account).await?;
    }
    if let Some(account) = &visitor.account
        && let Some(me) = loaded.side_of(account.id)
        && !game.ongoing
    {
        let you_first = loaded.game().first != me;
        game.rematch = Some(
            match state.service.rematch_of(account, loaded.game()).await? {
                None => Rematch::Offer { you_first },
                Some(c) if c.challenger.id == account.id => Rematch::Offered {
                    challenge: c.id.to_string(),
                },
                Some(c) => Rematch::Offers {
                    challenge: c.id.to_string(),
                    you_first: c.first == crate::domain::FirstChoice::Opponent,
                },
            },
        );
    }
    Ok(game)
}

/// The game page of `id` showing `game` (as [`view`] built it), with its analysis
/// panel, the player's note and the players' chat.
pub(super) async fn game_page(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    game: GameView,
) -> Result<Response, PageError> {
    let panel = panel(state, visitor.tr(), id, &game, ANALYSIS_WAIT).await;
    let note = super::notes::NoteBox::of(
        &state.service,
        visitor.account.as_ref(),
        id,
        &visitor.csrf,
        visitor.tr(),
    )
    .await;
    let chat = crate::chat::pages::ChatBox::of(
        &state.service,
        visitor.account.as_ref(),
        id,
        &visitor.csrf,
        visitor.tr(),
    )
    .await;
    Ok(render(&GamePage {
        layout: visitor.layout(&game.title),
        game,
        panel,
        note,
        chat,
    })?
    .into_response())
}

/// The query of a game page: `?ply=N` shows the position after ply N.
#[derive(Debug, Deserialize)]
pub struct GameQuery {
    ply: Option<String>,
}

/// `GET /games/{id}`: anyone may watch; `?ply=N` steps back to an earlier position.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
    PageQuery(query): PageQuery<GameQuery>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let mut game = view(&state, &visitor, id, None, query.ply.as_deref()).await?;
    let notice = cookie(&headers, NOTICE_COOKIE)
        .as_deref()
        .and_then(notice_text);
    game.notice = notice.map(|id| visitor.tr().t(id));
    let page = game_page(&state, &visitor, id, game).await?;
    Ok(if notice.is_some() {
        let gone = set_cookie(NOTICE_COOKIE, "", Some(0), state.settings.secure_cookies);
        ([(SET_COOKIE, gone)], page).into_response()
    } else {
        page.into_response()
    })
}

/// The analysis panel of `game`, waiting at most `wait` for the analysis. Only
/// finished games are analysed; a failure just leaves the panel out. One analysis
/// runs at a time: when others are queued, the panel says it is coming rather than
/// waiting for it.
async fn panel(
    state: &AppState,
    tr: Tr,
    id: GameId,
    game: &GameView,
    wait: Duration,
) -> AnalysisPanel {
    let mut panel = AnalysisPanel::empty(game, tr);
    if game.ongoing {
        return panel;
    }
    match state.service.analysis_within(id, wait).await {
        Ok(Some(analysis)) => {
            panel.analysis = Some(AnalysisView::new(&analysis, &game.names, game.near, tr))
        }
        Ok(None) => panel.pending = true,
        Err(Error::Conflict { .. }) => {}
        Err(e) => {
            tracing::warn!(error = %crate::error::Chain(&e), game = %id, "no analysis for the game page")
        }
    }
    panel
}

/// `GET /games/{id}/analysis`: the analysis panel alone, waiting a while for it: the
/// page's script puts it in place once the game is over, without a reload.
pub async fn analysis(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    let game = view(&state, &visitor, id, None, None).await?;
    let panel = panel(&state, visitor.tr(), id, &game, ANALYSIS_FRAGMENT_WAIT).await;
    render(&AnalysisFragment { panel })
}

/// `GET /games/{id}/board`: the changing part of the page, for live updates.
pub async fn fragment(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
) -> Result<Html<String>, PageError> {
    let game = view(&state, &visitor, id, None, None).await?;
    render(&LiveFragment { game })
}

/// `GET /games/{id}/live`: Server-Sent Events, one `changed` event (its data the new
/// ply) after each committed change of the game, made through any instance: the
/// game's stream (see [`crate::service::GameFeed`]), which ends after the game is
/// over. Opened by a signed-in player of the game, it marks that the player has the
/// game open (see [`crate::notifications::service::turnmail::Presence`]), which holds back their turn mails.
///
/// It takes a place among the client address's streams (the cap every long-lived
/// stream, page or API, counts in: [`crate::http::ratelimit::StreamSlots`]), given
/// back when the stream ends; past the cap, 429.
pub async fn live(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PagePath(id): PagePath<GameId>,
    visitor: Visitor,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, PageError> {
    let slot = state.settings.stream_slots.take(client)?;
    let mut feed = state.service.open_game_stream(id).await?;
    // The game as it is now, which the page shows already: not a change. Read before
    // answering, so that a change made once the stream is open is never taken for it.
    let now = feed.next().await?;
    // A player's open page holds back the mails of their turns in this game.
    let presence = match (&visitor.account, &now) {
        (Some(account), Some(loaded)) => {
            state.service.open_presence(account.id, loaded.game()).await
        }
        _ => None,
    };
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.reset();
    let mut heartbeat = tokio::time::interval(PRESENCE_HEARTBEAT);
    heartbeat.reset();
    let events = stream::unfold(
        (feed, recheck, heartbeat, presence, slot),
        |(mut feed, mut recheck, mut heartbeat, presence, slot)| async move {
            loop {
                tokio::select! {
                    next = feed.next() => match next {
                        Ok(Some(loaded)) => {
                            let ply = loaded.game().state.ply;
                            let event = Event::default().event("changed").data(ply.to_string());
                            return Some((Ok(event), (feed, recheck, heartbeat, presence, slot)));
                        }
                        Ok(None) => return None,
                        Err(e) => {
                            tracing::warn!(error = %crate::error::Chain(&e), "live stream failed");
                            return None;
                        }
                    },
                    // A safety net for notices lost between instances.
                    _ = recheck.tick() => feed.poke(),
                    _ = heartbeat.tick(), if presence.is_some() => {
                        if let Some(presence) = &presence {
                            presence.beat().await;
                        }
                    }
                }
            }
        },
    )
    .take_until(tokio::time::sleep(STREAM_LIFETIME));
    // A short keep-alive: a page left behind is only noticed gone when a write fails,
    // and until then its stream holds a place under the address's cap.
    Ok(
        Sse::new(events)
            .keep_alive(KeepAlive::new().interval(crate::http::pages::live::KEEP_ALIVE)),
    )
}

/// A move form: the pit, and the ply the player saw. A player who confirms each move
/// (play settings) sends `confirm=ask` with a pit pressed, and `play` once confirmed.
#[derive(Debug, Deserialize)]
pub struct MoveForm {
    ply: i64,
    pit: Option<i64>,
    play: Option<i64>,
    confirm: Option<String>,
}

/// `POST /games/{id}/move`: plays, then shows the game again. A move sent for an
/// older position (the opponent moved, or the game ended, meanwhile) goes back to the
/// game with a notice saying so; another refused move re-renders the page with the
/// reason. A move sent to an address with `?lang=` goes back to the game in that
/// language (the page's, not the account's: the page's script asks so).
pub async fn play(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<MoveForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    // A move sent to an address with `?lang=` comes back in that language: the page
    // middleware adds it to the redirect (`crate::http::pages::lang::scope`).
    let back = format!("/games/{id}");
    let (pit, ask) = match (form.play, form.pit) {
        (Some(pit), _) => (pit, false),
        (None, Some(pit)) => (pit, form.confirm.as_deref() == Some("ask")),
        (None, None) => {
            return Err(Error::bad_request("invalid_form", "the form names no pit to play").into());
        }
    };
    if ask {
        // The confirm step: the game again with the pit chosen, nothing played. A pit
        // that cannot be played now goes on to the move, which says why.
        let mut game = view(&state, &visitor, id, None, None).await?;
        if i64::from(game.ply) == form.ply && game.select(pit) {
            let page = render(&GamePage {
                layout: visitor.layout(&game.title),
                panel: AnalysisPanel::empty(&game, visitor.tr()),
                game,
                note: None,
                chat: None,
            })?;
            return Ok(page.into_response());
        }
    }
    match state.service.play_move(account, id, form.ply, pit).await {
        Ok(_) => Ok(Redirect::to(&back).into_response()),
        Err(Error::StalePly { current, seen }) if seen < i64::from(current) => {
            // Who moved since: the opponent, or this player in another window.
            let loaded = state.service.game(id).await?;
            let me = loaded.side_of(account.id);
            let theirs = usize::try_from(seen)
                .ok()
                .and_then(|i| loaded.engine.plies().get(i..))
                .is_some_and(|later| {
                    later
                        .iter()
                        .any(|p| Some(p.side()) != me && p.pit().is_some())
                });
            Ok(noticed(
                &state,
                if theirs { "moved" } else { "elsewhere" },
                &back,
            ))
        }
        Err(Error::GameOver) => Ok(noticed(&state, "over", &back)),
        Err(e @ (Error::IllegalMove(_) | Error::StalePly { .. } | Error::NotYourTurn)) => {
            let status = e.status();
            let game = view(
                &state,
                &visitor,
                id,
                Some(move_refusal(visitor.tr(), &e)),
                None,
            )
            .await?;
            let page = render(&GamePage {
                layout: visitor.layout(&game.title),
                panel: AnalysisPanel::empty(&game, visitor.tr()),
                game,
                note: None,
                chat: None,
            })?;
            Ok((status, page).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

async fn confirm(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    resign: bool,
) -> Result<Html<String>, PageError> {
    visitor.require()?;
    let game = view(state, visitor, id, None, None).await?;
    // Asked only where the answer could be yes: the refusal the form would meet.
    if !game.is_player {
        return Err(Error::NotAPlayer.into());
    }
    if !game.ongoing {
        return Err(Error::GameOver.into());
    }
    if !resign && !game.can_abort {
        return Err(Error::conflict(
            "too_late_to_abort",
            "both sides have moved: the game can no longer be aborted",
        )
        .into());
    }
    let page = if resign {
        ConfirmPage {
            layout: visitor.layout(&visitor.tr().t("confirm-resign-title")),
            game,
            question: "confirm-resign-question",
            explain: "confirm-resign-explain",
            action: "resign",
            button: "confirm-resign-button",
        }
    } else {
        ConfirmPage {
            layout: visitor.layout(&visitor.tr().t("confirm-abort-title")),
            game,
            question: "confirm-abort-question",
            explain: "confirm-abort-explain",
            action: "abort",
            button: "confirm-abort-button",
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

/// `POST /games/{id}/rematch`: offers the opponent the same game again, then shows
/// this game with the offer.
pub async fn rematch(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state.service.rematch(visitor.require()?, id).await?;
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
