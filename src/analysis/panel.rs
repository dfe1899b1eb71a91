//! The analysis panel of a finished game and its value graph: every value from one
//! point of view for the whole game (the viewer's side when they played it, South's
//! otherwise), said once in the legend; each row a link to the position after its
//! ply; the graph drawn on the server as SVG (no JavaScript needed), at one pixel a
//! unit, with a point every [`STEP`] pixels at least so that each is a target a
//! finger can tap (it scrolls inside its own box when longer than the screen). Its
//! words are the visitor's (`locales/*/analysis.ftl`).

use seedpost_rules::{BySide, Side};

use super::json::{AnalysisJson, PlyAnalysisJson, ValueKind};
use crate::i18n::{IntoArg, Tr};

/// One row of the panel.
#[derive(Debug, Clone)]
pub struct AnalysisRow {
    /// The ply, from 1: the row links to the position after it.
    pub ply: u32,
    /// Who played it.
    pub who: String,
    /// `south` or `north`.
    pub side: &'static str,
    /// `3`, or `pass` in the visitor's language.
    pub pit: String,
    /// The value after it, from the panel's point of view: `+2`, `≈+2` for an
    /// estimate.
    pub after: String,
    /// `exact` or `search`.
    pub kind: &'static str,
    /// The best moves, `1, 4`.
    pub best: String,
    /// The value lost by a mistake.
    pub mistake: Option<i16>,
}

/// A point of the value graph: the position after a ply.
#[derive(Debug, Clone)]
pub struct GraphPoint {
    /// The ply (0: the start).
    pub ply: u32,
    /// x in the graph's units.
    pub x: i32,
    /// y in the graph's units.
    pub y: i32,
    /// A mistake by `side` lost this much.
    pub mistake: Option<i16>,
    /// The mover's side (`south`/`north`), empty at the start.
    pub side: &'static str,
    /// What the point says when pointed at or read out, in the visitor's language.
    pub label: String,
}

/// The value graph: the value after each ply, up when the player of the panel's
/// point of view is ahead.
#[derive(Debug, Clone)]
pub struct ValueGraph {
    /// The graph's width in its units.
    pub width: i32,
    /// Its height.
    pub height: i32,
    /// The y of 0.
    pub zero: i32,
    /// The largest value drawn (above and below 0).
    pub scale: i16,
    /// The polyline's points, `x,y x,y …`.
    pub line: String,
    /// Every point, marked when a mistake led to it.
    pub points: Vec<GraphPoint>,
    /// The player whose lead is up (the point of view).
    pub up: String,
    /// The player whose lead is down.
    pub down: String,
    /// The number of mistakes of `up`, then of `down`.
    pub mistakes: (usize, usize),
    /// The radius of a point's target (half of [`STEP`]).
    pub target: i32,
}

/// The analysis as the page shows it.
#[derive(Debug, Clone)]
pub struct AnalysisView {
    /// Every value is exact (no estimate anywhere).
    pub exact: bool,
    /// The player whose point of view the values take.
    pub pov: String,
    /// The rows, in order.
    pub rows: Vec<AnalysisRow>,
    /// The graph, when there is a ply to draw.
    pub graph: Option<ValueGraph>,
}

/// The graph's least width, in pixels.
const WIDTH: i32 = 600;
/// Its height.
const HEIGHT: i32 = 180;
/// Room around the points.
const MARGIN: i32 = 14;
/// The least distance between two points, in pixels: each point's target is a circle
/// this wide (24 px, the least a finger can tap).
pub const STEP: i32 = 24;

/// A value as shown: `+2`, `−3`, `0`, with `≈` for an estimate.
fn shown(value: i16, kind: ValueKind) -> String {
    let sign = match value {
        v if v > 0 => "+",
        v if v < 0 => "−",
        _ => "",
    };
    let about = if kind == ValueKind::Search { "≈" } else { "" };
    format!("{about}{sign}{}", value.unsigned_abs())
}

/// `value` (for `side`) as `pov`'s.
fn for_side(pov: Side, side: Side, value: i16) -> i16 {
    if side == pov { value } else { -value }
}

impl AnalysisView {
    /// The panel of `analysis` for a game whose players are `names`, every value from
    /// `pov`'s point of view, in the language of `tr`.
    #[must_use]
    pub fn new(analysis: &AnalysisJson, names: &BySide<String>, pov: Side, tr: Tr) -> AnalysisView {
        let rows = analysis
            .plies
            .iter()
            .map(|p| AnalysisRow {
                ply: p.ply,
                who: names.get(p.side).clone(),
                side: p.side.as_str(),
                pit: p
                    .pit
                    .map_or_else(|| tr.t("analysis-pass"), |pit| pit.to_string()),
                after: shown(for_side(pov, p.side, p.after.value), p.after.kind),
                kind: p.after.kind.as_str(),
                best: p
                    .best
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                mistake: p.mistake.then_some(p.drop),
            })
            .collect();
        AnalysisView {
            exact: analysis
                .plies
                .iter()
                .all(|p| p.before.kind == ValueKind::Exact && p.after.kind == ValueKind::Exact),
            rows,
            pov: names.get(pov).clone(),
            graph: graph(&analysis.plies, names, pov, tr),
        }
    }
}

/// The value graph of `plies`, `pov`'s lead up.
fn graph(
    plies: &[PlyAnalysisJson],
    names: &BySide<String>,
    pov: Side,
    tr: Tr,
) -> Option<ValueGraph> {
    let first = plies.first()?;
    let other = pov.opposite();
    // The start's value, then the value after each ply, all for `pov`.
    let values: Vec<i16> = std::iter::once(for_side(pov, first.side, first.before.value))
        .chain(plies.iter().map(|p| for_side(pov, p.side, p.after.value)))
        .collect();
    let most = values.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
    // At least ±4, rounded up to an even number: small leads stay small.
    let scale = i16::try_from(most.max(4).div_ceil(2) * 2).unwrap_or(i16::MAX);
    let zero = HEIGHT / 2;
    let steps = i32::try_from(plies.len()).unwrap_or(i32::MAX).max(1);
    // A long game makes a wide graph rather than points too close to tap.
    let width = WIDTH.max(steps.saturating_mul(STEP).saturating_add(2 * MARGIN));
    let x_of = |i: usize| MARGIN + i32::try_from(i).unwrap_or(0) * (width - 2 * MARGIN) / steps;
    let y_of = |v: i16| zero - i32::from(v) * (zero - MARGIN) / i32::from(scale);
    let points: Vec<GraphPoint> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let ply = plies.get(i.wrapping_sub(1)).filter(|_| i > 0);
            let lead = match v {
                v if v > 0 => tr.t2("analysis-lead", "name", names.get(pov), "stones", v),
                v if v < 0 => tr.t2("analysis-lead", "name", names.get(other), "stones", -v),
                _ => tr.t("analysis-even"),
            };
            let label = match ply {
                None => tr.t1("analysis-point-start", "lead", lead),
                Some(p) => {
                    let pit = p.pit.map_or_else(
                        || tr.t("analysis-pass"),
                        |pit| tr.t1("analysis-point-pit", "pit", pit),
                    );
                    let args = [
                        ("ply", p.ply.into_arg()),
                        ("name", names.get(p.side).into_arg()),
                        ("pit", pit.into_arg()),
                        ("lead", lead.into_arg()),
                    ];
                    if p.mistake {
                        let lost = [("lost", p.drop.into_arg())];
                        tr.args("analysis-point-mistake", args.into_iter().chain(lost))
                    } else {
                        tr.args("analysis-point-move", args)
                    }
                }
            };
            GraphPoint {
                ply: u32::try_from(i).unwrap_or(u32::MAX),
                x: x_of(i),
                y: y_of(v),
                mistake: ply.filter(|p| p.mistake).map(|p| p.drop),
                side: ply.map_or("", |p| p.side.as_str()),
                label,
            }
        })
        .collect();
    let line = points
        .iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ");
    let count = |side: Side| plies.iter().filter(|p| p.mistake && p.side == side).count();
    Some(ValueGraph {
        width,
        height: HEIGHT,
        zero,
        scale,
        line,
        points,
        up: names.get(pov).clone(),
        down: names.get(other).clone(),
        mistakes: (count(pov), count(other)),
        target: STEP / 2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_with_a_real_minus_and_a_mark_for_estimates() {
        assert_eq!(shown(2, ValueKind::Exact), "+2");
        assert_eq!(shown(-3, ValueKind::Exact), "−3");
        assert_eq!(shown(0, ValueKind::Search), "≈0");
        assert_eq!(shown(-1, ValueKind::Search), "≈−1");
    }
}
