//! The plies in words, as the game page says them and its script shows them: what
//! each did ([`PlySummary`]), and which of them the page sums up.

use seedpost_rules::{Effect, Hole, Pit, Ply, Side, Variant};

use super::service::LoadedGame;
use super::view::side_title;
use crate::http::pages::view::notation;
use crate::i18n::Tr;

/// What one ply did, as the game page says it and its script shows it.
#[derive(Debug, Clone)]
pub struct PlySummary {
    /// The ply's number, from 1: the position after it is `?ply=N`.
    pub ply: usize,
    /// Made by the viewer.
    pub mine: bool,
    /// In words: `You: S3: 4 sown, 6 captured from N4.`
    pub text: String,
    /// The side that made it: `south` or `north`.
    pub side: &'static str,
    /// The pit sown (0 for a pass).
    pub pit: u8,
    /// The holes sown, in order, for the script: `south-3 store-south north-1`.
    pub path: String,
    /// The captures, for the script: `north-4:6:south` (the pit, the stones, whose
    /// store), space-separated.
    pub captures: String,
}

/// A pit as the pages' notation names it (`N4`, see [`notation`]): the one function
/// the move list uses too.
pub(super) fn pit_name(tr: Tr, side: Side, pit: Pit) -> String {
    notation(tr, Ply::Sow { side, pit })
}

/// A hole as the script names it: `north-4`, `store-south`.
fn hole_token(hole: Hole) -> String {
    match hole {
        Hole::Pit(side, pit) => format!("{}-{}", side.as_str(), pit.number()),
        Hole::Store(side) => format!("store-{}", side.as_str()),
    }
}

/// What `ply` did, in the words of `tr`, without who made it: `S3: 4 sown, 6 captured
/// from N4`.
fn ply_words(tr: Tr, ply: Ply, effect: Option<&Effect>, variant: Variant) -> String {
    let has_stores = variant.has_stores();
    let (Ply::Sow { .. }, Some(effect)) = (ply, effect) else {
        return tr.t1("game-ply-pass", "move", notation(tr, ply));
    };
    let mut parts = vec![tr.t2(
        "game-ply-sown",
        "move",
        notation(tr, ply),
        "count",
        effect.sown(),
    )];
    // The mover's captures; in Togyz kumalak, stones sown into the other side's
    // tuzdyk go to that side's kazan instead (§Z6).
    let (own, given): (Vec<_>, Vec<_>) = effect.captures.iter().partition(|c| c.to == effect.side);
    let names = |captures: &[&seedpost_rules::Capture]| {
        let pits: Vec<String> = captures
            .iter()
            .map(|c| pit_name(tr, c.from.0, c.from.1))
            .collect();
        let count: u32 = captures.iter().map(|c| u32::from(c.stones)).sum();
        (count, pits.join(", "))
    };
    if !own.is_empty() {
        let (count, pits) = names(&own);
        let key = if variant == Variant::Togyz {
            "game-ply-captured-kazan"
        } else {
            "game-ply-captured"
        };
        parts.push(tr.t2(key, "count", count, "pits", pits));
    }
    if !given.is_empty() {
        let (count, pits) = names(&given);
        parts.push(tr.t3(
            "game-ply-tuzdyk-gives",
            "count",
            count,
            "side",
            side_title(tr, effect.side.opposite()),
            "pits",
            pits,
        ));
    }
    if has_stores && effect.stored > 0 {
        parts.push(tr.t1("game-ply-stored", "count", effect.stored));
    }
    if let Some(pit) = effect.tuzdyk {
        parts.push(tr.t1(
            "game-ply-tuzdyk",
            "pit",
            pit_name(tr, effect.side.opposite(), pit),
        ));
    }
    if effect.extra_turn {
        parts.push(tr.t("game-ply-extra"));
    }
    if effect.ends {
        parts.push(tr.t("game-ply-ends"));
    }
    let mut parts = parts.into_iter();
    let first = parts.next().unwrap_or_default();
    parts.fold(first, |words, next| {
        tr.t2("game-ply-join", "first", words, "next", next)
    })
}

/// The plies of `plies` (the first `upto` of the game's) that the page sums up: while
/// stepping back, the one shown; else, for a player, from their last turn (its extra
/// turns and passes too) to the latest ply, which shows their move and then the reply;
/// for a watcher, the latest ply (and the sowing before a pass).
pub(super) fn summed_up(
    plies: &[Ply],
    stepping: bool,
    mine: Option<Side>,
) -> std::ops::Range<usize> {
    let upto = plies.len();
    if upto == 0 {
        return 0..0;
    }
    let mut start = upto - 1;
    if !stepping {
        let own = mine.and_then(|me| {
            plies
                .iter()
                .rposition(|p| p.side() == me && p.pit().is_some())
        });
        match (own, mine) {
            (Some(i), Some(me)) => {
                start = i;
                while start > 0 && plies[start - 1].side() == me {
                    start -= 1;
                }
            }
            _ => {
                if plies[start].pit().is_none() && start > 0 {
                    start -= 1;
                }
            }
        }
    }
    // A long run of passes and extra turns is summed up by its last plies.
    start.max(upto.saturating_sub(8))..upto
}

/// The plies of `range` (of `plies`, the first of `loaded`'s game up to the position
/// shown) in words, for `mine`, the viewer's side if they play: `names` are the
/// players'.
pub(super) fn summaries(
    tr: Tr,
    loaded: &LoadedGame,
    plies: &[Ply],
    range: std::ops::Range<usize>,
    mine: Option<Side>,
    names: &seedpost_rules::BySide<String>,
) -> Vec<PlySummary> {
    let effects = loaded.engine.effects();
    let variant = loaded.game().variant;
    range
        .map(|i| {
            let ply = plies[i];
            let effect = effects.get(i).and_then(Option::as_ref);
            let words = ply_words(tr, ply, effect, variant);
            let mine_ply = Some(ply.side()) == mine;
            PlySummary {
                ply: i + 1,
                mine: mine_ply,
                text: if mine_ply {
                    tr.t1("game-ply-by-you", "summary", words)
                } else {
                    tr.t2(
                        "game-ply-by",
                        "name",
                        names.get(ply.side()).as_str(),
                        "summary",
                        words,
                    )
                },
                side: ply.side().as_str(),
                pit: ply.pit().map_or(0, Pit::number),
                path: effect.map_or_else(String::new, |e| {
                    e.path
                        .iter()
                        .map(|&h| hole_token(h))
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
                captures: effect.map_or_else(String::new, |e| {
                    e.captures
                        .iter()
                        .map(|c| {
                            format!(
                                "{}:{}:{}",
                                hole_token(Hole::Pit(c.from.0, c.from.1)),
                                c.stones,
                                c.to.as_str()
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use seedpost_rules::{BySide, Position};

    use super::*;

    #[test]
    fn the_page_sums_up_the_viewer_s_last_turn_then_the_replies() {
        let sow = |side, n| Ply::Sow {
            side,
            pit: Pit::new(n).expect("a pit"),
        };
        let (s, n) = (Side::South, Side::North);
        let plies = [sow(s, 1), sow(n, 2), sow(s, 4), sow(s, 2), sow(n, 3)];
        // South's turn of two plies (an extra turn), then North's reply.
        assert_eq!(summed_up(&plies, false, Some(s)), 2..5);
        // North's last move, then South's two.
        assert_eq!(summed_up(&plies[..4], false, Some(n)), 1..4);
        // A watcher reads the latest ply; a player who has not moved, too.
        assert_eq!(summed_up(&plies, false, None), 4..5);
        assert_eq!(summed_up(&plies[..1], false, Some(n)), 0..1);
        // Stepping back shows the ply stepped to.
        assert_eq!(summed_up(&plies[..3], true, Some(s)), 2..3);
        // A pass comes with the sowing before it.
        let passed = [sow(s, 1), Ply::Pass { side: n }];
        assert_eq!(summed_up(&passed, false, None), 0..2);
        assert_eq!(summed_up(&[], false, Some(s)), 0..0);
    }

    #[test]
    fn a_togyz_summary_says_whose_kazan_the_stones_went_to() {
        let tr = Tr::new(crate::domain::Lang::En);
        let pit = |n| Pit::new(n).expect("a pit");
        // North's 3 stones from pit 2 end in N4, South's tuzdyk: that stone is
        // South's (§Z6), not a capture of North's.
        let position = Position::from_parts(
            Variant::Togyz,
            &[9; 9],
            &[9, 3, 9, 0, 9, 9, 9, 9, 9],
            BySide::new(10, 5),
            Side::North,
        )
        .and_then(|p| p.with_tuzdyk(Side::South, pit(4)))
        .expect("a position");
        let ply = Ply::Sow {
            side: Side::North,
            pit: pit(2),
        };
        let effect = position.effect(pit(2)).expect("legal");
        let words = ply_words(tr, ply, Some(&effect), Variant::Togyz);
        assert_eq!(
            words,
            "N2: 3 sown, 1 into South's kazan through the tuzdyk N4"
        );
        // South's S9 captures N8's 10 stones into South's own kazan (§Z4).
        let start = Position::start(Variant::Togyz, Side::South);
        let effect = start.effect(pit(9)).expect("legal");
        let ply = Ply::Sow {
            side: Side::South,
            pit: pit(9),
        };
        assert_eq!(
            ply_words(tr, ply, Some(&effect), Variant::Togyz),
            "S9: 9 sown, 10 captured from N8 into the kazan"
        );
    }
}
