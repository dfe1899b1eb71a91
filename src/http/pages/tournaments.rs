//! The tournament pages: the list with a form to create one, and a tournament with
//! its crosstable, standings and games, and forms to join or withdraw.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use super::error::PageError;
use super::session::{PageForm, PagePath, Visitor};
use super::view::{GameLine, Layout, VariantChoice, render, variant_choices};
use crate::domain::{DaysPerMove, TournamentId};
use crate::error::Error;
use crate::http::AppState;
use crate::i18n::Tr;
use crate::service::{TournamentRequest, TournamentView};
use crate::store::tournaments::Tournament;
use crate::tournament::{TournamentStatus, points_text};

/// A tournament in the list.
#[derive(Debug, Clone)]
pub struct TournamentLine {
    id: String,
    name: String,
    variant: &'static str,
    format: String,
    players: String,
    starts: String,
    status: &'static str,
}

/// How a tournament's settings read: `double round robin, 3 days a move, rated, no
/// vacation`.
fn format(t: &Tournament) -> String {
    let mut words = vec![
        if t.double {
            "double round robin".to_owned()
        } else {
            "single round robin".to_owned()
        },
        format!(
            "{} day{} a move",
            t.days_per_move.days(),
            if t.days_per_move.days() == 1 { "" } else { "s" }
        ),
    ];
    words.push(if t.rated { "rated" } else { "casual" }.to_owned());
    if !t.vacation_allowed {
        words.push("vacation does not stop the clocks".to_owned());
    }
    words.join(", ")
}

fn status_words(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Open => "open: players may join",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
        TournamentStatus::Canceled => "canceled: too few players",
    }
}

impl TournamentLine {
    fn new(t: &Tournament, tr: Tr) -> TournamentLine {
        TournamentLine {
            id: t.id.to_string(),
            name: t.name.clone(),
            variant: t.variant.title(),
            format: format(t),
            players: format!("{} of {}", t.players, t.max_players),
            starts: tr.when(t.starts_at),
            status: status_words(t.status),
        }
    }
}

/// A days-per-move `<option>`.
#[derive(Debug, Clone)]
pub struct DaysChoice {
    value: u8,
    label: String,
    selected: bool,
}

/// The new-tournament form as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TournamentForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    variant: String,
    #[serde(default)]
    days_per_move: String,
    #[serde(default)]
    max_players: String,
    #[serde(default)]
    starts_at: String,
    /// `true` when ticked (absent otherwise).
    #[serde(default)]
    double: String,
    #[serde(default)]
    rated: String,
    /// `true` when "no vacation" is ticked.
    #[serde(default)]
    no_vacation: String,
}

/// A part of the list: open, running or past tournaments.
#[derive(Debug, Clone)]
pub struct Section {
    heading: &'static str,
    lines: Vec<TournamentLine>,
}

/// `templates/tournaments.html`.
#[derive(Template)]
#[template(path = "tournaments.html")]
struct ListPage {
    layout: Layout,
    sections: Vec<Section>,
    signed_in: bool,
    variants: Vec<VariantChoice>,
    days: Vec<DaysChoice>,
    form: TournamentForm,
    error: Option<String>,
}

async fn list_page(
    state: &AppState,
    visitor: &Visitor,
    form: TournamentForm,
    error: Option<String>,
) -> Result<Response, PageError> {
    let all = state.service.tournaments(None).await?;
    let lines = |keep: &dyn Fn(TournamentStatus) -> bool| {
        all.iter()
            .filter(|t| keep(t.status))
            .map(|t| TournamentLine::new(t, visitor.tr()))
            .collect::<Vec<_>>()
    };
    let chosen_days = if form.days_per_move.is_empty() {
        "3".to_owned()
    } else {
        form.days_per_move.clone()
    };
    let page = ListPage {
        layout: visitor.layout("Tournaments"),
        sections: vec![
            Section {
                heading: "Open",
                lines: lines(&|s| s == TournamentStatus::Open),
            },
            Section {
                heading: "Running",
                lines: lines(&|s| s == TournamentStatus::Running),
            },
            Section {
                heading: "Past",
                lines: lines(&|s| {
                    matches!(s, TournamentStatus::Finished | TournamentStatus::Canceled)
                }),
            },
        ],
        signed_in: visitor.account.is_some(),
        variants: variant_choices(if form.variant.is_empty() {
            "mangala"
        } else {
            &form.variant
        }),
        days: DaysPerMove::all()
            .map(|d| DaysChoice {
                value: d.days(),
                label: match d.days() {
                    1 => "1 day".to_owned(),
                    n => format!("{n} days"),
                },
                selected: d.days().to_string() == chosen_days,
            })
            .collect(),
        form,
        error,
    };
    let status = if page.error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    Ok((status, render(&page)?).into_response())
}

/// `GET /tournaments`.
pub async fn list(State(state): State<AppState>, visitor: Visitor) -> Result<Response, PageError> {
    list_page(&state, &visitor, TournamentForm::default(), None).await
}

/// `POST /tournaments`: a new tournament; a refused one re-renders the form with the
/// reason.
pub async fn create(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<TournamentForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let number = |text: &str| match text.trim() {
        "" => None,
        text => Some(text.parse().unwrap_or(0)),
    };
    let request = TournamentRequest {
        name: form.name.clone(),
        variant: form.variant.clone(),
        days_per_move: number(&form.days_per_move),
        double: form.double == "true",
        rated: form.rated == "true",
        vacation_allowed: form.no_vacation != "true",
        max_players: number(&form.max_players),
        starts_at: form.starts_at.clone(),
    };
    match state.service.create_tournament(account, request).await {
        Ok(t) => Ok(Redirect::to(&format!("/tournaments/{}", t.id)).into_response()),
        Err(e @ Error::Unprocessable { .. }) => {
            let message = super::error::capitalise(&e.to_string());
            list_page(&state, &visitor, form, Some(message)).await
        }
        Err(e) => Err(e.into()),
    }
}

/// A row of the crosstable as shown.
#[derive(Debug, Clone)]
pub struct CrossLine {
    rank: u32,
    username: String,
    /// Per opponent in standing order: the points of each game (`1 ½`), `×` on the
    /// diagonal.
    cells: Vec<String>,
    points: String,
    sb: String,
    withdrawn: bool,
}

/// `templates/tournament.html`.
#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    layout: Layout,
    id: String,
    name: String,
    creator: String,
    variant: &'static str,
    format: String,
    starts: String,
    status: &'static str,
    finished: bool,
    players: Vec<String>,
    max_players: u32,
    table: Vec<CrossLine>,
    games: Vec<GameLine>,
    can_join: bool,
    can_leave: bool,
    can_withdraw: bool,
}

/// The crosstable of `view` as shown.
fn cross_lines(view: &TournamentView) -> Vec<CrossLine> {
    view.table
        .iter()
        .map(|row| CrossLine {
            rank: row.rank,
            username: row.name.clone(),
            cells: view
                .table
                .iter()
                .zip(&row.cells)
                .map(|(other, cell)| {
                    if other.account == row.account {
                        "×".to_owned()
                    } else {
                        cell.iter()
                            .map(|h| points_text(*h))
                            .collect::<Vec<_>>()
                            .join(" ")
                    }
                })
                .collect(),
            points: points_text(row.half_points),
            sb: format!("{:.2}", f64::from(row.sb_quarters) / 4.0),
            withdrawn: view.withdrew(row.account),
        })
        .collect()
}

/// `GET /tournaments/{id}`.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<TournamentId>,
) -> Result<Response, PageError> {
    let view = state.service.tournament(id).await?;
    let now = state.service.now();
    let t = &view.tournament;
    let viewer = visitor.account.as_ref();
    let playing = viewer.is_some_and(|a| view.has(a.id));
    let open = t.status == TournamentStatus::Open && t.starts_at > now;
    let page = TournamentPage {
        layout: visitor.layout(&t.name),
        id: t.id.to_string(),
        name: t.name.clone(),
        creator: t.creator.username.to_string(),
        variant: t.variant.title(),
        format: format(t),
        starts: visitor.tr().when(t.starts_at),
        status: status_words(t.status),
        finished: t.status == TournamentStatus::Finished,
        players: view
            .entrants
            .iter()
            .map(|e| e.player.username.to_string())
            .collect(),
        max_players: t.max_players,
        table: cross_lines(&view),
        games: view
            .games
            .iter()
            .map(|g| GameLine::new(visitor.tr(), &g.game, viewer, now))
            .collect(),
        can_join: viewer.is_some() && !playing && open,
        can_leave: playing && t.status == TournamentStatus::Open,
        can_withdraw: playing
            && t.status == TournamentStatus::Running
            && viewer.is_some_and(|a| !view.withdrew(a.id)),
    };
    Ok(render(&page)?.into_response())
}

/// `POST /tournaments/{id}/join`.
pub async fn join(
    State(state): State<AppState>,
    PagePath(id): PagePath<TournamentId>,
    PageForm { visitor, .. }: PageForm<super::games::NoFields>,
) -> Result<Redirect, PageError> {
    state
        .service
        .join_tournament(visitor.require()?, id)
        .await?;
    Ok(Redirect::to(&format!("/tournaments/{id}")))
}

/// `templates/withdraw.html`: asks before a withdrawal resigns the player's games.
#[derive(Template)]
#[template(path = "withdraw.html")]
struct WithdrawPage {
    layout: Layout,
    id: String,
    name: String,
    /// How many of the player's games are still going on, and would be resigned.
    resigned: usize,
}

/// The player's games in `view` still going on: those a withdrawal resigns.
fn games_going_on(view: &TournamentView, account: &crate::store::Account) -> usize {
    view.games
        .iter()
        .filter(|g| {
            g.game.state.status == crate::domain::GameStatus::Ongoing
                && crate::service::side_of(&g.game, account.id).is_some()
        })
        .count()
}

/// `GET /tournaments/{id}/withdraw`: asks first, saying how many games will be
/// resigned.
pub async fn confirm_withdraw(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<TournamentId>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let view = state.service.tournament(id).await?;
    if view.tournament.status != TournamentStatus::Running || !view.has(account.id) {
        // Nothing to confirm: back to the tournament, which says why.
        return Ok(Redirect::to(&format!("/tournaments/{id}")).into_response());
    }
    let page = WithdrawPage {
        layout: visitor.layout("Withdraw?"),
        id: id.to_string(),
        name: view.tournament.name.clone(),
        resigned: games_going_on(&view, account),
    };
    Ok(render(&page)?.into_response())
}

/// The withdrawal form: `confirm=yes` from the confirmation page.
#[derive(Debug, Deserialize)]
pub struct WithdrawForm {
    #[serde(default)]
    confirm: String,
}

/// `POST /tournaments/{id}/withdraw`: leaves before the start; after it, withdraws
/// (the remaining games are resigned) only when confirmed, and otherwise shows the
/// confirmation page, changing nothing.
pub async fn withdraw(
    State(state): State<AppState>,
    PagePath(id): PagePath<TournamentId>,
    PageForm { visitor, form }: PageForm<WithdrawForm>,
) -> Result<Redirect, PageError> {
    let account = visitor.require()?;
    if form.confirm != "yes" {
        let view = state.service.tournament(id).await?;
        if view.tournament.status == TournamentStatus::Running {
            return Ok(Redirect::to(&format!("/tournaments/{id}/withdraw")));
        }
    }
    state.service.withdraw_from_tournament(account, id).await?;
    Ok(Redirect::to(&format!("/tournaments/{id}")))
}
