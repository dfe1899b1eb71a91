//! The tournament pages: the list with a form to create one, and a tournament with
//! its crosstable, standings and games, and forms to join or withdraw.

use askama::Template;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::competition::entity::Tournament;
use crate::competition::service::tournaments::{TournamentRequest, TournamentView};
use crate::competition::tournament::{TournamentStatus, points_text};
use crate::domain::{DaysPerMove, TournamentId};
use crate::error::Error;
use crate::games::view::GameLine;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PageForm, PagePath, Visitor};
use crate::http::pages::view::{
    Layout, VariantChoice, form_number, render, render_form, variant_choices,
};
use crate::http::pages::zone::{Zone, ZoneChoice};
use crate::i18n::{IntoArg, Tr};
use fluent_bundle::FluentValue;

/// A tournament in the list.
#[derive(Debug, Clone)]
pub struct TournamentLine {
    id: String,
    name: String,
    /// What it is and where it stands: `Mangala, single round robin, 3 days a move,
    /// rated; 2 of 8 players; starts …; open: players may join`, around its start.
    summary: Starts,
}

/// A sentence with a tournament's start in it, split around the start so that the
/// page shows it in a `<time>`: in UTC, saying so, and with JavaScript in the
/// reader's own time zone.
#[derive(Debug, Clone)]
pub struct Starts {
    /// The words before the start.
    before: String,
    /// The start, RFC 3339 (the `<time>`'s `datetime`).
    at: String,
    /// The start in words, in UTC: `3 December 2026, 18:20 UTC`.
    text: String,
    /// The words after it.
    after: String,
}

impl Starts {
    /// The message `id` of `tr` with `args`, the start `at` as its `$starts`.
    fn new<'a>(
        tr: Tr,
        id: &str,
        args: impl IntoIterator<Item = (&'a str, FluentValue<'static>)>,
        at: chrono::DateTime<chrono::Utc>,
    ) -> Starts {
        // A mark no message has, where the start goes.
        const MARK: &str = "\u{E000}";
        let sentence = tr.args(
            id,
            args.into_iter()
                .chain([("starts", MARK.into_arg())])
                .collect::<Vec<_>>(),
        );
        let (before, after) = sentence.split_once(MARK).unwrap_or((sentence.as_str(), ""));
        Starts {
            before: before.to_owned(),
            at: crate::wire::time(at),
            text: tr.when(at),
            after: after.to_owned(),
        }
    }
}

/// How a tournament's settings read: `double round robin, 3 days a move, rated,
/// vacation does not stop the clocks`.
fn format(tr: Tr, t: &Tournament) -> String {
    let mut words = vec![
        tr.t(if t.double {
            "tournament-format-double"
        } else {
            "tournament-format-single"
        }),
        tr.t1("tournament-format-days", "days", t.days_per_move.days()),
        tr.t(if t.rated {
            "tournament-format-rated"
        } else {
            "tournament-format-casual"
        }),
    ];
    if !t.vacation_allowed {
        words.push(tr.t("tournament-format-no-vacation"));
    }
    words.join(&tr.t("tournament-format-separator"))
}

fn status_words(tr: Tr, status: TournamentStatus) -> String {
    tr.t(match status {
        TournamentStatus::Open => "tournament-status-open",
        TournamentStatus::Running => "tournament-status-running",
        TournamentStatus::Finished => "tournament-status-finished",
        TournamentStatus::Canceled => "tournament-status-canceled",
    })
}

impl TournamentLine {
    fn new(t: &Tournament, tr: Tr) -> TournamentLine {
        TournamentLine {
            id: t.id.to_string(),
            name: t.name.clone(),
            summary: Starts::new(
                tr,
                "tournaments-line",
                [
                    ("variant", t.variant.title().into_arg()),
                    ("format", format(tr, t).into_arg()),
                    ("players", t.players.into_arg()),
                    ("max", t.max_players.into_arg()),
                    ("status", status_words(tr, t.status).into_arg()),
                ],
                t.starts_at,
            ),
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
    /// The start as a browser's date-and-time field sends it, in `zone`.
    #[serde(default)]
    starts_at: String,
    /// The zone `starts_at` is read in: an offset from UTC (`+03:00`; UTC when
    /// empty), chosen by the player or, with JavaScript, by the browser.
    #[serde(default)]
    zone: String,
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
    /// For the heading's id: `Open`, `Running`, `Past`.
    key: &'static str,
    heading: String,
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
    zones: Vec<ZoneChoice>,
    form: TournamentForm,
    error: Option<String>,
}

async fn list_page(
    state: &AppState,
    visitor: &Visitor,
    form: TournamentForm,
    error: Option<String>,
) -> Result<Response, PageError> {
    let tr = visitor.tr();
    let all = state.service.tournaments(None, 200, 0).await?;
    let lines = |keep: &dyn Fn(TournamentStatus) -> bool| {
        all.iter()
            .filter(|t| keep(t.status))
            .map(|t| TournamentLine::new(t, tr))
            .collect::<Vec<_>>()
    };
    let chosen_days = if form.days_per_move.is_empty() {
        "3".to_owned()
    } else {
        form.days_per_move.clone()
    };
    let page = ListPage {
        layout: visitor
            .layout(&tr.t("tournaments-title"))
            .alerting(error.as_ref(), "tournament-error"),
        sections: vec![
            Section {
                key: "Open",
                heading: tr.t("tournaments-open"),
                lines: lines(&|s| s == TournamentStatus::Open),
            },
            Section {
                key: "Running",
                heading: tr.t("tournaments-running"),
                lines: lines(&|s| s == TournamentStatus::Running),
            },
            Section {
                key: "Past",
                heading: tr.t("tournaments-past"),
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
                label: tr.t1("time-days", "count", d.days()),
                selected: d.days().to_string() == chosen_days,
            })
            .collect(),
        zones: crate::http::pages::zone::choices(&form.zone),
        form,
        error,
    };
    render_form(&page, page.error.is_some())
}

/// `GET /tournaments`.
pub async fn list(State(state): State<AppState>, visitor: Visitor) -> Result<Response, PageError> {
    list_page(&state, &visitor, TournamentForm::default(), None).await
}

/// `POST /tournaments`: a new tournament, its start read in the zone the form names;
/// a refused one (`invalid_time_zone`, or the service's refusals: a start that is no
/// time or is past is `invalid_starts_at`) re-renders the form with the reason.
pub async fn create(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<TournamentForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let starts_at = match Zone::parse(&form.zone) {
        // A time that is none stays as typed: the service says why it is refused.
        Ok(zone) => zone
            .read(&form.starts_at)
            .map_or_else(|| form.starts_at.clone(), crate::wire::time),
        Err(e) => {
            let message = crate::http::pages::refusal::refusal(visitor.tr(), &e);
            return list_page(&state, &visitor, form, Some(message)).await;
        }
    };
    let request = TournamentRequest {
        name: form.name.clone(),
        variant: form.variant.clone(),
        days_per_move: form_number(&form.days_per_move),
        double: form.double == "true",
        rated: form.rated == "true",
        vacation_allowed: form.no_vacation != "true",
        max_players: form_number(&form.max_players),
        starts_at,
    };
    match state.service.create_tournament(account, request).await {
        Ok(t) => Ok(Redirect::to(&format!("/tournaments/{}", t.id)).into_response()),
        Err(e @ Error::Unprocessable { .. }) => {
            let message = crate::http::pages::refusal::refusal(visitor.tr(), &e);
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
    starts: Starts,
    status: String,
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
        format: format(visitor.tr(), t),
        starts: Starts::new(visitor.tr(), "tournament-starts", [], t.starts_at),
        status: status_words(visitor.tr(), t.status),
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
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
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
                && crate::games::service::side_of(&g.game, account.id).is_some()
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
        layout: visitor.layout(&visitor.tr().t("withdraw-title")),
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
