//! The game page's "Plan ahead" section (issue 36): while it is the opponent's turn,
//! a player writes conditional lines as the pits sown in turn ("3 5 1": their move,
//! your reply, their next...), each checked by the rules engine as the API checks
//! them (see [`super::conditional`]); the lines in force are listed with a delete
//! button each, and the plies the server played from them are named. Plain forms:
//! it works without JavaScript.
//!
//! With JavaScript (`static/plan.js`) the section also offers a board to play a line
//! out on: each tap fetches `GET /games/{id}/plan/board?line=…`, the position after
//! the line so far as the rules engine plays it, with the pits the side to move may
//! sow; the line is saved through the same form as a typed one.

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use seedpost_rules::{Pit, Side};
use serde::Deserialize;

use super::board::GameView;
use super::conditional::{Line, Plan};
use super::pieces::BoardView;
use super::service::LoadedGame;
use crate::domain::{GameId, GameStatus};
use crate::error::Error;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PageForm, PagePath, PageQuery, Visitor};
use crate::http::pages::view::render;
use crate::i18n::Tr;
use crate::store::Account;

/// The plan's forms.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/plan", post(add))
        .route("/games/{id}/plan/delete", post(delete))
        .route("/games/{id}/plan/board", get(board))
}

/// `templates/_plan.html`: a player's lines in a game, shown to that player alone.
#[derive(Debug, Clone)]
pub struct PlanPanel {
    /// The viewer's language.
    pub tr: Tr,
    /// The game's id.
    pub game_id: String,
    /// The viewer's form token.
    pub csrf: String,
    /// The game's ply, which the forms send back.
    pub ply: u32,
    /// Lines may be set now: the opponent is to move.
    pub open: bool,
    /// The lines in force, each as its pits separated by spaces.
    pub lines: Vec<String>,
    /// The plies played from the viewer's lines, as a list (`3, 7`), or empty.
    pub played: String,
    /// Why the line just sent was refused.
    pub error: Option<String>,
    /// The URL of the plan's board script.
    pub js: &'static str,
}

fn words(line: &Line) -> String {
    line.iter()
        .map(|p| p.number().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The plan panel of `loaded` for `account`, if it plays the game.
///
/// # Errors
/// Storage errors.
pub async fn panel(
    state: &AppState,
    tr: Tr,
    csrf: &str,
    loaded: &LoadedGame,
    account: &Account,
) -> Result<Option<PlanPanel>, Error> {
    let Some(side) = loaded.side_of(account.id) else {
        return Ok(None);
    };
    let state_now = &loaded.game().state;
    let open =
        state_now.status == GameStatus::Ongoing && state_now.to_move == Some(side.opposite());
    let plan: Plan = state.service.plan_of(loaded, account).await?;
    if !open && plan.played.is_empty() {
        return Ok(None);
    }
    Ok(Some(PlanPanel {
        tr,
        game_id: loaded.game().id.to_string(),
        csrf: csrf.to_owned(),
        ply: state_now.ply,
        open,
        lines: plan.lines.iter().map(words).collect(),
        played: plan
            .played
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        error: None,
        js: crate::http::pages::assets::plan_js_url(),
    }))
}

/// The line form: the pits of a new line, or the index of a line to delete.
#[derive(Debug, Deserialize)]
pub struct PlanForm {
    ply: i64,
    line: Option<String>,
    index: Option<usize>,
}

/// The refusal of a line in the viewer's words.
fn refusal(tr: &Tr, e: &Error) -> Option<String> {
    Some(match e {
        Error::IllegalLine { ply, .. } => tr.t1("plan-refused-illegal", "ply", *ply),
        Error::ConflictingLines { .. } => tr.t("plan-refused-conflicting"),
        Error::StalePly { .. } | Error::GameOver => tr.t("plan-refused-stale"),
        Error::Conflict { code, .. } if *code == "not_opponents_turn" => tr.t("plan-refused-stale"),
        Error::Unprocessable { code, .. } => match *code {
            "line_without_reply" => tr.t("plan-refused-no-reply"),
            "too_many_lines" | "line_too_long" => tr.t("plan-refused-too-many"),
            "invalid_line" => tr.t("plan-refused-not-pits"),
            _ => return None,
        },
        _ => return None,
    })
}

/// The pits of a line as typed: numbers separated by spaces or commas.
fn parse_line(text: &str) -> Result<Vec<i64>, Error> {
    let pits: Result<Vec<i64>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect();
    match pits {
        Ok(pits) if !pits.is_empty() => Ok(pits),
        _ => Err(Error::unprocessable(
            "invalid_line",
            "a line is pit numbers separated by spaces, such as 3 5 1",
        )),
    }
}

async fn change(
    state: &AppState,
    visitor: &Visitor,
    id: GameId,
    form: PlanForm,
    edit: impl FnOnce(&mut Vec<Vec<i64>>) -> Result<(), Error>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let plan = state.service.conditional(account, id).await?;
    let mut lines: Vec<Vec<i64>> = plan
        .lines
        .iter()
        .map(|l| l.iter().map(|p| i64::from(p.number())).collect())
        .collect();
    let done = match edit(&mut lines) {
        Ok(()) => {
            state
                .service
                .set_conditional(account, id, form.ply, &lines)
                .await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(_) => Ok(Redirect::to(&format!("/games/{id}#plan")).into_response()),
        Err(e) => match refusal(&visitor.tr(), &e) {
            Some(message) => {
                let status = e.status();
                let mut game: GameView = super::pages::view(state, visitor, id, None, None).await?;
                if let Some(plan) = game.plan.as_mut() {
                    plan.error = Some(message);
                }
                Ok((
                    status,
                    super::pages::game_page(state, visitor, id, game).await?,
                )
                    .into_response())
            }
            None => Err(e.into()),
        },
    }
}

/// `POST /games/{id}/plan`: adds a line to the player's lines in force.
pub async fn add(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<PlanForm>,
) -> Result<Response, PageError> {
    let text = form.line.clone().unwrap_or_default();
    change(&state, &visitor, id, form, |lines| {
        lines.push(parse_line(&text)?);
        Ok(())
    })
    .await
}

/// `POST /games/{id}/plan/delete`: deletes one line of the player's lines in force.
pub async fn delete(
    State(state): State<AppState>,
    PagePath(id): PagePath<GameId>,
    PageForm { visitor, form }: PageForm<PlanForm>,
) -> Result<Response, PageError> {
    let index = form.index;
    change(&state, &visitor, id, form, |lines| {
        if let Some(i) = index.filter(|&i| i < lines.len()) {
            lines.remove(i);
        }
        Ok(())
    })
    .await
}

/// The query of the plan's board: the line so far, as typed in the form.
#[derive(Debug, Deserialize)]
pub struct BoardQuery {
    line: Option<String>,
}

/// `templates/_plan_board.html`: the position after a line being played out, for
/// the viewer alone.
#[derive(Template)]
#[template(path = "_plan_board.html")]
struct PlanBoard {
    tr: Tr,
    /// The position after the line, the viewer's row at the bottom.
    board: BoardView,
    /// The line so far, its pits separated by spaces.
    line: String,
    /// `south` or `north`: who sows next; `None` once the game would be over.
    mover: Option<&'static str>,
    /// The viewer sows next.
    mine: bool,
    /// The pits the side to move may sow.
    legal: Vec<u8>,
    /// The line holds a ply of the viewer's: it may be saved.
    savable: bool,
}

/// `GET /games/{id}/plan/board?line=3 5`: the position after the line so far, for a
/// player of the game while the opponent is to move (the page's script asks for it).
///
/// # Errors
/// 401 without an account, 403 `not_a_player`, 409 `not_opponents_turn`, 422
/// `invalid_line` or `illegal_line` for a line the rules do not play.
pub async fn board(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<GameId>,
    PageQuery(query): PageQuery<BoardQuery>,
) -> Result<Html<String>, PageError> {
    let account = visitor.require()?;
    let loaded = state.service.game(id).await?;
    let me = loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
    let now = &loaded.game().state;
    if now.status != GameStatus::Ongoing || now.to_move != Some(me.opposite()) {
        return Err(Error::conflict(
            "not_opponents_turn",
            "lines are played out while your opponent is to move",
        )
        .into());
    }
    let raw = match query.line.as_deref().map(str::trim) {
        None | Some("") => Vec::new(),
        Some(text) => parse_line(text)?,
    };
    // The rules engine checks the line as the form will: a line of the opponent's
    // plies alone is not refused here, only when saved.
    let mut engine = loaded.engine.clone();
    let played = super::conditional::replay_line(&mut engine, 1, &raw)?;
    let savable = played.iter().any(|&(side, _)| side == me);
    let last = played.last().copied();
    let tr = visitor.tr();
    let position = engine.position();
    let mover = position.to_move();
    let players = &loaded.game().players;
    render(&PlanBoard {
        tr,
        board: BoardView::draw(tr, position, me, last, &[], |side| {
            players.get(side).username.to_string()
        }),
        line: raw
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        mover: mover.map(Side::as_str),
        mine: mover == Some(me),
        legal: if mover.is_some() {
            position.legal_moves().map(Pit::number).collect()
        } else {
            Vec::new()
        },
        savable,
    })
}
