//! The board's pieces as drawn: its pits and stores with their stones, the rows of its
//! text alternative, and the whole board as one viewer sees it ([`BoardView`]), for the
//! game page ([`super::board::GameView`]), the plans' board and the rules' diagrams.

use seedpost_rules::{Effect, Hole, Pit, Position, Side};

use super::view::side_title;
use crate::i18n::Tr;

/// One stone drawn in a pit or store (SVG user units).
#[derive(Debug, Clone, Copy)]
pub struct Stone {
    /// Centre x.
    pub x: i32,
    /// Centre y.
    pub y: i32,
    /// Radius.
    pub r: i32,
    /// Colour class 0..3.
    pub tone: u8,
}

/// The golden angle: stones laid on a sunflower spiral pack evenly at any count.
const GOLDEN: f64 = 2.399_963_229_728_653;

/// `n` stones inside a circle of `radius` round (`cx`, `cy`), squeezed by `stretch`
/// vertically (stores are tall); tones vary with `seed`.
fn lay_stones(n: u8, cx: f64, cy: f64, radius: f64, stretch: f64, seed: u32) -> Vec<Stone> {
    if n == 0 {
        return Vec::new();
    }
    let count = f64::from(n);
    let spacing = radius / count.sqrt();
    let r = (spacing * 0.85).clamp(8.0, 24.0);
    let reach = (radius - r).max(0.0);
    (0..n)
        .map(|i| {
            let fi = f64::from(i);
            let d = if n == 1 {
                0.0
            } else {
                reach * ((fi + 0.5) / count).sqrt()
            };
            let a = fi * GOLDEN;
            #[allow(clippy::cast_possible_truncation)]
            Stone {
                x: (cx + d * a.cos()).round() as i32,
                y: (cy + d * a.sin() * stretch).round() as i32,
                r: r.round() as i32,
                tone: u8::try_from((u32::from(i) * 7 + seed * 3) % 4).unwrap_or(0),
            }
        })
        .collect()
}

/// One pit as drawn.
#[derive(Debug, Clone)]
pub struct PitView {
    /// `south` or `north`.
    pub side: &'static str,
    /// Its number from its owner's left.
    pub number: u8,
    /// Stones in it.
    pub count: u8,
    /// The stones drawn.
    pub stones: Vec<Stone>,
    /// The pit the last move was played from.
    pub last: bool,
    /// Offered as a move to the viewer.
    pub playable: bool,
    /// Chosen, waiting for the move to be confirmed.
    pub selected: bool,
    /// Sown into by the last move summarised (see
    /// [`GameView::summaries`](super::board::GameView::summaries)).
    pub sown: bool,
    /// Emptied by a capture of the last move summarised.
    pub captured: bool,
    /// Offered, and playing it would repeat a position and so end the game (§D12,
    /// §T6).
    pub repeats: bool,
    /// A Togyz kumalak tuzdyk: the side whose store takes the stones sown into it
    /// (§Z5), `south` or `north`.
    pub tuzdyk: Option<&'static str>,
    /// Its text alternative.
    pub label: String,
}

/// A store (Mangala) or the captures (Modiar, Tihbat) as drawn.
#[derive(Debug, Clone)]
pub struct StoreView {
    /// `south` or `north`.
    pub side: &'static str,
    /// Stones in it.
    pub count: u8,
    /// The stones drawn.
    pub stones: Vec<Stone>,
    /// Its text alternative.
    pub label: String,
}

/// One row of the text alternative.
#[derive(Debug, Clone)]
pub struct RowText {
    /// `South (ayse)`.
    pub who: String,
    /// Pits 1..n.
    pub pits: Vec<u8>,
    /// The store or captures.
    pub store: u8,
}

/// The board as one viewer sees it: their own row at the bottom.
#[derive(Debug, Clone)]
pub struct BoardView {
    /// `mangala`…
    pub variant: &'static str,
    /// Pits in a row.
    pub pits: usize,
    /// The far row, left to right on screen (the owner's pit n first).
    pub top: Vec<PitView>,
    /// The near row, left to right (pit 1 first).
    pub bottom: Vec<PitView>,
    /// The far side's store, at the viewer's left.
    pub top_store: StoreView,
    /// The near side's store, at the viewer's right.
    pub bottom_store: StoreView,
    /// `store` (Mangala) or `captured`.
    pub store_word: &'static str,
    /// The text alternative's rows, South first.
    pub rows: Vec<RowText>,
    /// The viewer may play now.
    pub playable: bool,
    /// The board's text alternative: which side is where.
    pub label: String,
}

impl BoardView {
    /// `position` as drawn with `near`'s row at the bottom, its words in the language
    /// of `tr`: `last_sown` marks the pit last
    /// sown, `legal` the pits offered as moves (none for a read-only diagram), and
    /// `who` names each side in the text alternative. Not playable until the caller
    /// says so.
    #[must_use]
    pub fn draw(
        tr: Tr,
        position: &Position,
        near: Side,
        last_sown: Option<(Side, Pit)>,
        legal: &[Pit],
        who: impl Fn(Side) -> String,
    ) -> BoardView {
        let variant = position.variant();
        let far = near.opposite();
        let pits = variant.pits_per_row();
        let stores = position.stores();
        let drawn = Drawn {
            tr,
            position,
            near,
            last_sown,
            legal,
        };
        BoardView {
            variant: variant.as_str(),
            pits,
            top: (0..pits).rev().map(|i| drawn.pit(far, i)).collect(),
            bottom: (0..pits).map(|i| drawn.pit(near, i)).collect(),
            top_store: drawn.store(far),
            bottom_store: drawn.store(near),
            store_word: if variant.has_stores() {
                "store"
            } else {
                "captured"
            },
            rows: Side::ALL
                .into_iter()
                .map(|side| RowText {
                    who: who(side),
                    pits: position.row(side).to_vec(),
                    store: *stores.get(side),
                })
                .collect(),
            playable: false,
            label: tr.t2(
                "board-label",
                "top",
                side_title(tr, far),
                "bottom",
                side_title(tr, near),
            ),
        }
    }

    /// Marks the pits `effect` sowed into and those its captures emptied.
    pub fn mark_sowing(&mut self, effect: &Effect) {
        for p in self.top.iter_mut().chain(self.bottom.iter_mut()) {
            let side = if p.side == "south" {
                Side::South
            } else {
                Side::North
            };
            let Some(pit) = Pit::new(p.number) else {
                continue;
            };
            p.sown = effect.path.contains(&Hole::Pit(side, pit));
            p.captured = effect.captures.iter().any(|c| c.from == (side, pit));
        }
    }
}

/// What [`BoardView::draw`] draws each pit and store from.
struct Drawn<'a> {
    tr: Tr,
    position: &'a Position,
    near: Side,
    last_sown: Option<(Side, Pit)>,
    legal: &'a [Pit],
}

impl Drawn<'_> {
    /// Pit `index` of `side`'s row.
    fn pit(&self, side: Side, index: usize) -> PitView {
        let tr = self.tr;
        let count = self.position.row(side).get(index).copied().unwrap_or(0);
        let pit = Pit::from_index(index);
        let playable = side == self.near && self.legal.contains(&pit);
        let owner = side.opposite();
        let tuzdyk = (self.position.tuzdyk(owner) == Some(pit)).then_some(owner);
        let label = if playable {
            tr.t2("board-play-pit", "pit", pit.number(), "count", count)
        } else {
            tr.t3(
                "board-pit",
                "side",
                side_title(tr, side),
                "pit",
                pit.number(),
                "count",
                count,
            )
        };
        PitView {
            side: side.as_str(),
            number: pit.number(),
            count,
            stones: lay_stones(
                count,
                100.0,
                100.0,
                78.0,
                1.0,
                u32::from(pit.number()) + if side == Side::North { 7 } else { 0 },
            ),
            last: self.last_sown == Some((side, pit)),
            playable,
            selected: false,
            sown: false,
            captured: false,
            repeats: false,
            tuzdyk: tuzdyk.map(Side::as_str),
            label: match tuzdyk {
                Some(owner) => tr.t2(
                    "board-pit-tuzdyk",
                    "pit",
                    label,
                    "side",
                    side_title(tr, owner),
                ),
                None => label,
            },
        }
    }

    /// `side`'s store, or its captures.
    fn store(&self, side: Side) -> StoreView {
        let tr = self.tr;
        let count = *self.position.stores().get(side);
        StoreView {
            side: side.as_str(),
            count,
            stones: lay_stones(
                count,
                50.0,
                150.0,
                34.0,
                3.4,
                if side == Side::North { 5 } else { 1 },
            ),
            label: tr.t2(
                if self.position.variant().has_stores() {
                    "board-store"
                } else {
                    "board-captures"
                },
                "side",
                side_title(tr, side),
                "count",
                count,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use seedpost_rules::{BySide, Variant};

    use super::*;

    #[test]
    fn a_togyz_tuzdyk_is_marked_on_its_pit_with_its_owner() {
        let tr = Tr::new(crate::domain::Lang::En);
        let four = Pit::new(4).expect("a pit");
        let position = Position::from_parts(
            Variant::Togyz,
            &[9; 9],
            &[9, 9, 9, 0, 9, 9, 9, 9, 9],
            BySide::new(9, 0),
            Side::South,
        )
        .and_then(|p| p.with_tuzdyk(Side::South, four))
        .expect("a position");
        let board = BoardView::draw(tr, &position, Side::South, None, &[], |side| {
            side_title(tr, side)
        });
        assert_eq!(board.pits, 9);
        let marked: Vec<(&str, u8, Option<&str>)> = board
            .top
            .iter()
            .chain(&board.bottom)
            .filter(|p| p.tuzdyk.is_some())
            .map(|p| (p.side, p.number, p.tuzdyk))
            .collect();
        assert_eq!(marked, [("north", 4, Some("south"))]);
        let label = &board.top.iter().find(|p| p.number == 4).expect("N4").label;
        assert!(label.ends_with("(tuzdyk of South)"), "{label}");
    }

    #[test]
    fn stones_stay_inside_their_pit_at_every_count() {
        for n in 0..=48u8 {
            let stones = lay_stones(n, 100.0, 100.0, 78.0, 1.0, 0);
            assert_eq!(stones.len(), usize::from(n));
            for s in stones {
                let d = f64::from((s.x - 100).pow(2) + (s.y - 100).pow(2)).sqrt();
                assert!(d + f64::from(s.r) <= 80.0, "{n} stones: {s:?}");
            }
        }
    }
}
