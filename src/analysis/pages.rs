//! The analysis' pages: the analysis board (`/analysis`), where a visitor sets up or
//! pastes a position and sees what `GET /api/v1/analysis` answers, as a plain GET form
//! (no JavaScript needed), in the visitor's language (`locales/*/analysis.ftl`), a
//! refused position included; with the feature's page routes (and the board of a
//! pasted record, [`super::record`]).

use std::fmt::Write as _;

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use seedpost_rules::{Position, Side, Variant};
use serde::Deserialize;

use super::json::{Certainty, PositionAnalysisJson};
use super::position::{MAX_SEEN, PositionQuery, PositionText, parse_notation};
use crate::error::Error;
use crate::http::AppState;
use crate::http::pages::error::{PageError, capitalise};
use crate::http::pages::session::{PageQuery, Visitor};
use crate::http::pages::view::{Layout, VariantChoice, render, variant_choices};
use crate::i18n::Tr;

/// The analysis' pages: the analysis board and the board of a pasted record.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/analysis", get(show))
        .route("/analysis/record", get(super::record::show))
}

/// The board's query: the API's parameters, or `position` pasted as `south/north/side`
/// (which wins), all optional.
#[derive(Debug, Default, Deserialize)]
pub struct BoardQuery {
    variant: Option<String>,
    south: Option<String>,
    north: Option<String>,
    to_move: Option<String>,
    seen: Option<String>,
    position: Option<String>,
    south_store: Option<String>,
    north_store: Option<String>,
    south_tuzdyk: Option<String>,
    north_tuzdyk: Option<String>,
}

/// A form field's text, `None` when left empty.
fn given(field: Option<&String>) -> Option<&str> {
    field.map(|f| f.trim()).filter(|f| !f.is_empty())
}

/// One row of the moves' table, on the analysis board and the record's board.
pub(super) struct MoveLine {
    pub(super) pit: u8,
    pub(super) value: String,
    pub(super) best: bool,
    /// Playing it repeats a position and so ends the game (§D12, §T6, §O9, §Z9); the
    /// record's board knows, the analysis board has no game behind it.
    pub(super) repeats: bool,
}

/// The rows of the moves' table of `found`, each marked by `repeats`.
pub(super) fn move_lines(
    found: &PositionAnalysisJson,
    repeats: impl Fn(u8) -> bool,
) -> Vec<MoveLine> {
    found
        .moves
        .iter()
        .map(|m| MoveLine {
            pit: m.pit,
            value: signed(m.value),
            best: m.best,
            repeats: repeats(m.pit),
        })
        .collect()
}

/// Who is to move in `found`, in words.
pub(super) fn to_move_words(tr: Tr, found: &PositionAnalysisJson) -> String {
    tr.t(match found.to_move {
        Side::South => "analysis-south",
        Side::North => "analysis-north",
    })
}

/// The position drawn as two rows, North's from its right as it faces South.
struct Drawn {
    north: Vec<u8>,
    south: Vec<u8>,
}

/// `templates/analysis.html`.
#[derive(Template)]
#[template(path = "analysis.html")]
struct AnalysisPage {
    layout: Layout,
    variants: Vec<VariantChoice>,
    south: String,
    north: String,
    north_to_move: bool,
    seen: String,
    south_store: String,
    north_store: String,
    /// The game chosen has tuzdyks (Togyz kumalak, §Z5): the form asks for them. No
    /// other game's board has the fields.
    tuzdyk: bool,
    south_tuzdyk: String,
    north_tuzdyk: String,
    error: Option<String>,
    drawn: Option<Drawn>,
    /// The side to move, in the visitor's language.
    to_move: String,
    value: String,
    exact: bool,
    depth: Option<u8>,
    pass: bool,
    moves: Vec<MoveLine>,
    api: String,
}

/// A value as the pages show it: `+2`, `0`, `−2` (a minus sign, not a hyphen).
pub(super) fn signed(v: i16) -> String {
    match v {
        0 => "0".to_owned(),
        v if v > 0 => format!("+{v}"),
        v => format!("\u{2212}{}", v.unsigned_abs()),
    }
}

fn row_text(pos: &Position, side: Side) -> String {
    pos.row(side)
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// `GET /analysis`.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PageQuery(query): PageQuery<BoardQuery>,
) -> Result<Response, PageError> {
    let variant_name = query
        .variant
        .clone()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| Variant::Tihbat.as_str().to_owned());
    let pasted = query
        .position
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let asked = pasted.is_some() || query.south.is_some() || query.north.is_some();
    let tr = visitor.tr();
    let layout = visitor.layout(&tr.t("analysis-title"));
    let mut page = AnalysisPage::form(layout, &query, &variant_name);
    if !asked {
        return Ok(render(&page)?.into_response());
    }
    let parsed = asked_position(&query, &variant_name, pasted, &page.south, &page.north);
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            page.error = Some(reason(tr, &e, &variant_name));
            let status = e.status();
            return Ok((status, render(&page)?).into_response());
        }
    };
    let found = match state.service.analyse_position(parsed.clone()).await {
        Ok(found) => found,
        Err(
            e @ Error::TableBuilding {
                variant,
                retry_after,
            },
        ) => {
            page.error = Some(tr.t1("analysis-error-building", "game", variant.title()));
            let retry = retry_after.to_string();
            return Ok((
                e.status(),
                [(axum::http::header::RETRY_AFTER, retry)],
                render(&page)?,
            )
                .into_response());
        }
        Err(e) => return Err(e.into()),
    };
    fill(&mut page, tr, &parsed.position, &found);
    Ok((StatusCode::OK, render(&page)?).into_response())
}

impl AnalysisPage {
    /// The board's form as `query` filled it in, for the game `variant_name` (its
    /// start where no rows were given), nothing analysed yet.
    fn form(layout: Layout, query: &BoardQuery, variant_name: &str) -> AnalysisPage {
        let chosen = Variant::parse_offered(variant_name).ok();
        let start = chosen.map(|v| Position::start(v, Side::South));
        AnalysisPage {
            layout,
            variants: variant_choices(variant_name),
            south: query
                .south
                .clone()
                .or_else(|| start.map(|p| row_text(&p, Side::South)))
                .unwrap_or_default(),
            north: query
                .north
                .clone()
                .or_else(|| start.map(|p| row_text(&p, Side::North)))
                .unwrap_or_default(),
            north_to_move: query.to_move.as_deref() == Some("north"),
            seen: query.seen.clone().unwrap_or_default(),
            south_store: query.south_store.clone().unwrap_or_default(),
            north_store: query.north_store.clone().unwrap_or_default(),
            tuzdyk: chosen == Some(Variant::Togyz),
            south_tuzdyk: query.south_tuzdyk.clone().unwrap_or_default(),
            north_tuzdyk: query.north_tuzdyk.clone().unwrap_or_default(),
            error: None,
            drawn: None,
            to_move: String::new(),
            value: String::new(),
            exact: false,
            depth: None,
            pass: false,
            moves: Vec::new(),
            api: String::new(),
        }
    }
}

/// The position the board's `query` asks for, in the game `variant_name`: the one
/// `pasted` (`south/north/side`) if any, else the form's rows, `south` and `north`.
///
/// # Errors
/// As [`PositionQuery::parse`], and `invalid_variant` for a position pasted for a
/// game not offered.
fn asked_position(
    query: &BoardQuery,
    variant_name: &str,
    pasted: Option<&str>,
    south: &str,
    north: &str,
) -> Result<PositionQuery, Error> {
    let fields = PositionText {
        variant: variant_name,
        south,
        north,
        to_move: query.to_move.as_deref().unwrap_or("south"),
        south_store: given(query.south_store.as_ref()),
        north_store: given(query.north_store.as_ref()),
        south_tuzdyk: given(query.south_tuzdyk.as_ref()),
        north_tuzdyk: given(query.north_tuzdyk.as_ref()),
        seen: query.seen.as_deref(),
    };
    match pasted {
        Some(text) => Variant::parse_offered(variant_name)
            .map_err(|e| Error::unprocessable("invalid_variant", format!("variant: {e}")))
            .and_then(|v| parse_notation(v, text))
            .and_then(|p| {
                let side = p.to_move().map_or("south", Side::as_str);
                PositionQuery::parse(&PositionText {
                    south: &row_text(&p, Side::South),
                    north: &row_text(&p, Side::North),
                    to_move: side,
                    ..fields
                })
            }),
        None => PositionQuery::parse(&fields),
    }
}

/// Why the position of the query was refused, in the language of `tr`, by the error's
/// code (see [`PositionQuery::parse`]); `variant` is the game asked for.
fn reason(tr: Tr, error: &Error, variant: &str) -> String {
    let variant = Variant::parse_offered(variant.trim()).ok();
    match (error.code(), variant) {
        ("invalid_variant", _) => tr.t("analysis-error-variant"),
        ("invalid_position", _) => tr.t("analysis-error-position"),
        ("invalid_row", Some(v)) => tr.t1("analysis-error-row", "pits", v.pits_per_row()),
        ("invalid_side", _) => tr.t("analysis-error-side"),
        ("invalid_stones", Some(v)) => tr.t2(
            "analysis-error-stones",
            "game",
            v.title(),
            "total",
            v.total_stones(),
        ),
        ("no_moves", _) => tr.t("analysis-error-no-moves"),
        ("invalid_stores", Some(v)) => tr.t1("analysis-error-stores", "game", v.title()),
        ("invalid_tuzdyk", _) => tr.t("analysis-error-tuzdyk"),
        ("invalid_seen", _) => tr.t1("analysis-error-seen", "max", MAX_SEEN),
        _ => capitalise(&error.to_string()),
    }
}

/// Puts `found` on the page.
fn fill(page: &mut AnalysisPage, tr: Tr, pos: &Position, found: &PositionAnalysisJson) {
    page.south = row_text(pos, Side::South);
    page.north = row_text(pos, Side::North);
    page.north_to_move = found.to_move == Side::North;
    page.south_store = found.south_store.to_string();
    page.north_store = found.north_store.to_string();
    let tuzdyk = |pit: Option<u8>| pit.map(|p| p.to_string()).unwrap_or_default();
    page.south_tuzdyk = tuzdyk(found.south_tuzdyk);
    page.north_tuzdyk = tuzdyk(found.north_tuzdyk);
    page.drawn = Some(Drawn {
        north: pos.row(Side::North).iter().rev().copied().collect(),
        south: pos.row(Side::South).to_vec(),
    });
    page.to_move = to_move_words(tr, found);
    page.value = signed(found.value);
    page.exact = found.kind == Certainty::Exact;
    page.depth = found.depth;
    page.pass = found.pass;
    page.moves = move_lines(found, |_| false);
    let mut api = format!(
        "/api/v1/analysis?variant={}&south={}&north={}&to_move={}&south_store={}&north_store={}",
        found.variant, page.south, page.north, found.to_move, found.south_store, found.north_store
    );
    for (name, pit) in [
        ("south_tuzdyk", found.south_tuzdyk),
        ("north_tuzdyk", found.north_tuzdyk),
    ] {
        if let Some(pit) = pit {
            let _ = write!(api, "&{name}={pit}");
        }
    }
    if !page.seen.trim().is_empty() {
        api.push_str("&seen=");
        api.push_str(&urlencode(page.seen.trim()));
    }
    page.api = api;
}

/// Percent-encodes what a query value cannot hold as it is.
fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b',' | b'/' | b'-' | b'_' | b'.') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}
