//! A player's page and the standings.

use askama::Template;
use axum::extract::State;
use axum::response::Html;
use seedpost_rules::Variant;
use serde::Deserialize;

use crate::domain::{Ending, PlayerResult};
use crate::error::Error;
use crate::games::service::side_of;
use crate::games::view::{GameLine, ending_words};
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PagePath, PageQuery, Visitor};
use crate::http::pages::view::{Layout, VariantChoice, render, variant_choices};
use crate::i18n::Tr;
use crate::store::{Account, Game, Standing};

/// A standings line as shown.
#[derive(Debug, Clone)]
pub struct StandingLine {
    rank: usize,
    username: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: String,
    /// The Glicko-2 rating, `?` after a provisional one; "—" when unrated.
    rating: String,
    /// Its deviation, `± 187`, or nothing when unrated (shown on every screen: the
    /// footnote explains it).
    deviation: String,
}

fn half_points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}½", halves / 2)
    }
}

/// A rating as shown: `1587`, and `?` after a provisional one (RD above 110).
fn rating(r: &crate::ratings::Rating) -> String {
    format!(
        "{:.0}{}",
        r.rating,
        if r.is_provisional() { "?" } else { "" },
    )
}

impl StandingLine {
    fn new(rank: usize, s: &Standing) -> StandingLine {
        StandingLine {
            rank,
            username: s.username.to_string(),
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            points: half_points(s.half_points),
            rating: s.rating.as_ref().map_or_else(|| "—".to_owned(), rating),
            deviation: s
                .rating
                .as_ref()
                .map(|r| format!("± {:.0}", r.deviation))
                .unwrap_or_default(),
        }
    }
}

/// A player's record in one variant (or all).
#[derive(Debug, Clone)]
pub struct RecordLine {
    variant: String,
    line: Option<StandingLine>,
}

/// `templates/player.html`.
#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    layout: Layout,
    username: String,
    bot: bool,
    joined: String,
    /// Whether the account was closed by the operator or deleted by its player.
    closed: Option<Closed>,
    records: Vec<RecordLine>,
    games: Vec<GameLine>,
    /// The player's matches, newest first.
    matches: Vec<super::matches::MatchLine>,
    /// For a signed-in visitor on another player's page: whether the visitor
    /// blocked this player (the block button's state).
    blocked: Option<bool>,
}

/// How a closed account is closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Closed {
    /// By the operator.
    Closed,
    /// By its player, for good.
    Deleted,
}

/// `GET /players/{name}`.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(name): PagePath<String>,
) -> Result<Html<String>, PageError> {
    let account = state.service.account(&name).await?;
    let account_state = state.service.account_state(&account).await?;
    let closed = if account_state.deleted_at.is_some() {
        Some(Closed::Deleted)
    } else {
        account_state.closed_at.map(|_| Closed::Closed)
    };
    let mut records = Vec::new();
    for variant in Variant::OFFERED.into_iter().map(Some).chain([None]) {
        let line = state
            .service
            .standing_of(variant, &account)
            .await?
            .map(|(place, s)| StandingLine::new(place as usize, &s));
        records.push(RecordLine {
            variant: variant.map_or_else(
                || visitor.tr().t("player-all-games"),
                |v| v.title().to_owned(),
            ),
            line,
        });
    }
    let now = state.service.now();
    let games = state
        .service
        .games(
            visitor.account.as_ref(),
            None,
            Some(account.username.as_str()),
            false,
            20,
        )
        .await?;
    let refs = state.service.match_refs(&games).await?;
    // "You" is the viewer, never the player whose page it is. On another player's
    // page a line names both players: "against <that player>" read there as if the
    // page's player played themself.
    let own = visitor.account.as_ref().is_some_and(|a| a.id == account.id);
    let mut games = GameLine::all(visitor.tr(), &games, &refs, visitor.account.as_ref(), now);
    if !own {
        for line in &mut games {
            line.opponent.clear();
        }
    }
    let blocked = match &visitor.account {
        Some(me) if me.id != account.id => Some(state.service.blocked_by(me, account.id).await?),
        _ => None,
    };
    render(&PlayerPage {
        blocked,
        layout: visitor.layout(account.username.as_str()),
        username: account.username.to_string(),
        bot: account.bot,
        joined: visitor.tr().when(account.created_at),
        closed,
        records,
        games,
        matches: state
            .service
            .player_matches(account.username.as_str())
            .await?
            .iter()
            .map(|m| super::matches::MatchLine::new(visitor.tr(), m))
            .collect(),
    })
}

/// The standings' query: `?variant=mangala`, or none for all games, and `&page=2`
/// (pages count from 1).
#[derive(Debug, Deserialize)]
pub struct StandingsQuery {
    variant: Option<String>,
    page: Option<String>,
}

/// Standings lines to a page.
const STANDINGS_PER_PAGE: u32 = 100;

/// A page number as asked (`?page=`): 1 when absent or empty.
///
/// # Errors
/// `invalid_query` (400) for anything but a number from 1 to 100,000.
fn parse_page(page: Option<&str>) -> Result<u32, Error> {
    match page.map(str::trim).filter(|p| !p.is_empty()) {
        None => Ok(1),
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=100_000).contains(&n))
            .ok_or_else(|| {
                Error::bad_request(
                    "invalid_query",
                    format!("a page is a number from 1, not {p:?}"),
                )
            }),
    }
}

/// `templates/standings.html`.
#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    layout: Layout,
    heading: String,
    variants: Vec<VariantChoice>,
    all: bool,
    lines: Vec<StandingLine>,
    page: u32,
    /// The previous page (higher places), if any.
    higher: Option<String>,
    /// The next page (lower places), if any.
    lower: Option<String>,
}

/// `GET /standings?variant=`.
pub async fn standings(
    State(state): State<AppState>,
    visitor: Visitor,
    PageQuery(query): PageQuery<StandingsQuery>,
) -> Result<Html<String>, PageError> {
    let variant = match query.variant.as_deref() {
        None | Some("" | "all") => None,
        Some(name) => Some(Variant::parse_offered(name).map_err(|_| Error::NotFound("variant"))?),
    };
    let page = parse_page(query.page.as_deref())?;
    let offset = (page - 1) * STANDINGS_PER_PAGE;
    // One line more than a page says whether another follows.
    let mut lines: Vec<StandingLine> = state
        .service
        .standings(variant, STANDINGS_PER_PAGE + 1, offset)
        .await?
        .iter()
        .enumerate()
        .map(|(i, s)| StandingLine::new(offset as usize + i + 1, s))
        .collect();
    let more = lines.len() > STANDINGS_PER_PAGE as usize;
    lines.truncate(STANDINGS_PER_PAGE as usize);
    let link = |to: u32| match variant {
        Some(v) => format!("/standings?variant={}&page={to}", v.as_str()),
        None => format!("/standings?page={to}"),
    };
    let tr = visitor.tr();
    let heading = tr.t1(
        "standings-heading",
        "variant",
        variant.map_or_else(|| tr.t("standings-all-games"), |v| v.title().to_owned()),
    );
    render(&StandingsPage {
        layout: visitor.layout(&heading),
        heading,
        variants: variant_choices(variant.map_or("", Variant::as_str)),
        all: variant.is_none(),
        lines,
        page,
        higher: (page > 1).then(|| link(page - 1)),
        lower: more.then(|| link(page + 1)),
    })
}

/// Finished games to a page.
const FINISHED_PER_PAGE: u32 = 20;

/// The finished games' query: `?variant=mangala&result=won&page=2`, each optional
/// (empty or `all` for no filter; pages count from 1).
#[derive(Debug, Deserialize)]
pub struct FinishedQuery {
    variant: Option<String>,
    result: Option<String>,
    page: Option<String>,
}

/// A result offered by the filter.
#[derive(Debug, Clone)]
pub struct ResultChoice {
    /// `won`…, or empty for any.
    value: &'static str,
    /// `Won`… (translated)
    label: String,
    selected: bool,
}

/// A finished game as the player whose list it is sees it.
#[derive(Debug, Clone)]
pub struct FinishedLine {
    id: String,
    variant: &'static str,
    opponent: String,
    /// `won`, `drawn` or `lost`: the player's result.
    result: &'static str,
    /// `Won`, `Drawn`, `Lost` (translated).
    result_word: String,
    /// The player's stones first: `30–18`.
    score: String,
    /// `by resignation`, `on time`, `the position repeated`…
    how: String,
    /// When it ended: RFC 3339 and as shown.
    at: String,
    at_text: String,
}

impl FinishedLine {
    fn new(tr: Tr, game: &Game, player: &Account) -> Option<FinishedLine> {
        let side = side_of(game, player.id)?;
        let result = game.state.result?;
        let (word, value) = match result.winner {
            Some(w) if w == side => ("finished-won", PlayerResult::Won),
            Some(_) => ("finished-lost", PlayerResult::Lost),
            None => ("finished-drawn", PlayerResult::Drawn),
        };
        let ended = game.state.updated_at;
        Some(FinishedLine {
            id: game.id.to_string(),
            variant: game.variant.title(),
            opponent: game.players.get(side.opposite()).username.to_string(),
            result: value.as_str(),
            result_word: tr.t(word),
            score: format!(
                "{}\u{2013}{}",
                result.score.get(side),
                result.score.get(side.opposite())
            ),
            how: match result.ending {
                Ending::Resign => tr.t("finished-by-resignation"),
                Ending::Timeout => tr.t("finished-on-time"),
                how => ending_words(tr, how),
            },
            at: ended.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            at_text: tr.when(ended),
        })
    }
}

/// `templates/finished.html`.
#[derive(Template)]
#[template(path = "finished.html")]
struct FinishedPage {
    layout: Layout,
    username: String,
    variants: Vec<VariantChoice>,
    results: Vec<ResultChoice>,
    lines: Vec<FinishedLine>,
    /// Whether a filter is on (the empty list says so).
    filtered: bool,
    /// The page shown, from 1.
    page: u32,
    /// The links to the newer and the older page, when there is one.
    newer: Option<String>,
    older: Option<String>,
}

/// `GET /players/{name}/games`: the player's finished games, newest first, by
/// variant and result, a page at a time.
pub async fn finished(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(name): PagePath<String>,
    PageQuery(query): PageQuery<FinishedQuery>,
) -> Result<Html<String>, PageError> {
    let chosen = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "all")
            .map(str::to_owned)
    };
    let variant = match chosen(&query.variant) {
        None => None,
        Some(v) => Some(Variant::parse_offered(&v).map_err(|_| {
            Error::bad_request("invalid_query", format!("no game is called {v:?}"))
        })?),
    };
    let result = match chosen(&query.result) {
        None => None,
        Some(r) => Some(r.parse::<PlayerResult>().map_err(|_| {
            Error::bad_request(
                "invalid_query",
                format!("a result is won, drawn or lost, not {r:?}"),
            )
        })?),
    };
    let page = parse_page(query.page.as_deref())?;
    let (account, games, more) = state
        .service
        .finished_games(&name, variant, result, page - 1, FINISHED_PER_PAGE)
        .await?;
    let username = account.username.to_string();
    let link = |to: u32| {
        let mut href = format!("/players/{username}/games?page={to}");
        if let Some(v) = variant {
            href.push_str("&variant=");
            href.push_str(v.as_str());
        }
        if let Some(r) = result {
            href.push_str("&result=");
            href.push_str(r.as_str());
        }
        href
    };
    let tr = visitor.tr();
    let results = [("", "finished-any-result", None)]
        .into_iter()
        .chain(PlayerResult::ALL.into_iter().map(|r| {
            let label = match r {
                PlayerResult::Won => "finished-won",
                PlayerResult::Drawn => "finished-drawn",
                PlayerResult::Lost => "finished-lost",
            };
            (r.as_str(), label, Some(r))
        }))
        .map(|(value, label, r)| ResultChoice {
            value,
            label: tr.t(label),
            selected: r == result,
        })
        .collect();
    render(&FinishedPage {
        layout: visitor.layout(&tr.t1("finished-title", "name", username.as_str())),
        variants: variant_choices(variant.map_or("", Variant::as_str)),
        results,
        lines: games
            .iter()
            .filter_map(|g| FinishedLine::new(tr, g, &account))
            .collect(),
        filtered: variant.is_some() || result.is_some(),
        page,
        newer: (page > 1).then(|| link(page - 1)),
        older: more.then(|| link(page + 1)),
        username,
    })
}
