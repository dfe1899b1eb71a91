//! What one sowing did: the holes its stones fell into, in order, the pits it
//! captured, the stones it put in the mover's store, and whether the mover moves again
//! — what a page needs to show and say a move, derived from the rules alone.

use crate::position::{NO_TUZDYK, row_start};
use crate::{EndedBy, Pit, PlayError, Position, Side, Variant};

/// A place a stone can fall into: a side's pit, or a side's store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hole {
    /// `side`'s pit `pit`, numbered from its owner's left.
    Pit(Side, Pit),
    /// `side`'s store (Mangala, Kalah, Togyz kumalak).
    Store(Side),
}

/// Stones a ply took off the board from one pit into a store (§M7, §M8, §D4, §D5,
/// §T3, §K5, §O4, §Z4–§Z6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capture {
    /// The pit emptied: its side and number.
    pub from: (Side, Pit),
    /// The stones taken.
    pub stones: u8,
    /// Whose store (or captures) they went to: the mover's, except stones sown into
    /// the opponent's Togyz tuzdyk (§Z6).
    pub to: Side,
}

/// What one sowing did to a position, as [`Position::effect`] reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// Who sowed.
    pub side: Side,
    /// The pit sown, from the mover's own left.
    pub pit: Pit,
    /// Each stone's hole, in the order sown; its length is the stones lifted.
    pub path: Vec<Hole>,
    /// The pits emptied into a store, in board order. Empty when the ply ends the game
    /// by emptying or dividing the board (§M9, §D11, §K6, §O7, §Z8): the stones then
    /// shared are the ending's, not a capture's, and [`Effect::ends`] says so.
    pub captures: Vec<Capture>,
    /// Stones sown into the mover's own store (§M5, §K3).
    pub stored: u8,
    /// The mover moves again (§M6, §K4).
    pub extra_turn: bool,
    /// The tuzdyk the ply made, in the opponent's row (§Z5).
    pub tuzdyk: Option<Pit>,
    /// The ply ended the game.
    pub ends: bool,
}

impl Effect {
    /// The stones lifted from the pit and sown.
    #[must_use]
    pub fn sown(&self) -> usize {
        self.path.len()
    }

    /// All the stones captured.
    #[must_use]
    pub fn captured(&self) -> u32 {
        self.captures.iter().map(|c| u32::from(c.stones)).sum()
    }

    /// The holes whose stones the ply changed: every hole sown into and every pit
    /// captured, each once, the pit sown first.
    #[must_use]
    pub fn changed(&self) -> Vec<Hole> {
        let mut holes = vec![Hole::Pit(self.side, self.pit)];
        let captured = self.captures.iter().map(|c| Hole::Pit(c.from.0, c.from.1));
        for hole in self.path.iter().copied().chain(captured) {
            if !holes.contains(&hole) {
                holes.push(hole);
            }
        }
        holes
    }
}

impl Position {
    /// What playing `pit` does (see [`Effect`]), without playing it. The
    /// repetition rules are the game's: [`crate::Game::effects`] adds them.
    ///
    /// # Errors
    /// A [`PlayError`] with the reason and this position when the move is illegal.
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::{Hole, Pit, Position, Side, Variant};
    ///
    /// let start = Position::start(Variant::Mangala, Side::South);
    /// let effect = start.effect(Pit::new(3).unwrap()).unwrap();
    /// // The first stone back into pit 3, then 4, 5, 6 (§M3).
    /// assert_eq!(effect.sown(), 4);
    /// assert_eq!(effect.path[3], Hole::Pit(Side::South, Pit::new(6).unwrap()));
    /// assert!(effect.captures.is_empty() && !effect.extra_turn);
    /// ```
    pub fn effect(&self, pit: Pit) -> Result<Effect, PlayError> {
        if let Err(reason) = self.check(pit) {
            return Err(PlayError {
                position: *self,
                reason,
            });
        }
        let me = self.to_move;
        let places = sowing_path(self, pit);
        let mut sown = self.board;
        sown[row_start(self.variant, me) + pit.index()] = 0;
        let mut stored = 0;
        for &place in &places {
            match place {
                Some(i) => sown[i] += 1,
                None => stored += 1,
            }
        }
        let after = self.play(pit).map_err(|e| PlayError {
            position: *self,
            reason: e.reason,
        })?;
        let n = self.variant.pits_per_row();
        let hole_at = |i: usize| {
            let side = if i < n { Side::South } else { Side::North };
            (side, Pit::from_index(i - row_start(self.variant, side)))
        };
        // The ply's captures are what left the board beyond its sowing, unless the
        // game ended by sharing out the board, which moves every stone left.
        let shared = after
            .outcome()
            .is_some_and(|o| matches!(o.ended_by, EndedBy::EmptyRow | EndedBy::NoMoves));
        let mut captures = Vec::new();
        if !shared {
            for (i, (&sown, &left)) in sown.iter().zip(&after.board).enumerate().take(2 * n) {
                if sown > left {
                    let owner = [Side::South, Side::North]
                        .into_iter()
                        .find(|&s| usize::from(*self.tuzdyks.get(s)) == i);
                    captures.push(Capture {
                        from: hole_at(i),
                        stones: sown - left,
                        to: owner.unwrap_or(me),
                    });
                }
            }
        }
        let made = *after.tuzdyks.get(me);
        Ok(Effect {
            side: me,
            pit,
            path: places
                .into_iter()
                .map(|place| match place {
                    Some(i) => {
                        let (side, pit) = hole_at(i);
                        Hole::Pit(side, pit)
                    }
                    None => Hole::Store(me),
                })
                .collect(),
            captures,
            stored,
            extra_turn: after.to_move() == Some(me),
            tuzdyk: (made != *self.tuzdyks.get(me) && made != NO_TUZDYK)
                .then(|| hole_at(usize::from(made)).1),
            ends: after.is_over(),
        })
    }
}

/// The board index of each stone's hole in the order sown, `None` for the mover's
/// store (§M3–§M5, §D3, §T2, §K2–§K3, §O3, §Z3).
fn sowing_path(pos: &Position, pit: Pit) -> Vec<Option<usize>> {
    let variant = pos.variant;
    let me = pos.to_move;
    let n = variant.pits_per_row();
    let own = row_start(variant, me);
    let opp = row_start(variant, me.opposite());
    let origin = own + pit.index();
    let hand = usize::from(pos.board[origin]);
    match variant {
        Variant::Mangala | Variant::Kalah => {
            // The ring of 13 holes: own pits, own store, the opponent's pits.
            let ring = 2 * n + 1;
            let at = |place: usize| match place {
                p if p < n => Some(own + p),
                p if p == n => None,
                p => Some(opp + p - n - 1),
            };
            let start = if variant == Variant::Mangala && hand >= 2 {
                // §M3: the first stone back into the emptied pit.
                pit.index()
            } else {
                // §M4 a lone stone, §K2 every hand: from the next hole.
                pit.index() + 1
            };
            (0..hand).map(|k| at((start + k) % ring)).collect()
        }
        Variant::Oware => {
            // §O3: round the 12 houses from the next one, the emptied house skipped.
            let ring = 2 * n;
            (1..)
                .map(|k| (origin + k) % ring)
                .filter(|&i| i != origin)
                .take(hand)
                .map(Some)
                .collect()
        }
        Variant::Modiar | Variant::Tihbat => {
            // §D3, §T2: the first stone back into the emptied pit.
            let ring = 2 * n;
            (0..hand).map(|k| Some((origin + k) % ring)).collect()
        }
        Variant::Togyz => {
            // §Z3: the first stone back, but a lone one moves on.
            let ring = 2 * n;
            let first = if hand == 1 { origin + 1 } else { origin };
            (0..hand).map(|k| Some((first + k) % ring)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BySide, Game};

    const S: Side = Side::South;
    const N: Side = Side::North;

    fn pit(n: u8) -> Pit {
        Pit::new(n).expect("a pit")
    }

    fn p(side: Side, n: u8) -> Hole {
        Hole::Pit(side, pit(n))
    }

    fn at(variant: Variant, south: &[u8], north: &[u8], stores: (u8, u8)) -> Position {
        Position::from_parts(variant, south, north, BySide::new(stores.0, stores.1), S)
            .expect("a position")
    }

    /// One row per variant and rule: the position, the pit, and what the sowing did.
    #[test]
    #[expect(clippy::too_many_lines, reason = "137 lines, to be split (issue 34)")]
    fn each_variant_reports_the_holes_sown_the_captures_and_the_extra_turn() {
        let start = Position::start;
        #[allow(clippy::type_complexity)]
        let table: Vec<(&str, Position, u8, Vec<Hole>, Vec<(Side, u8, u8)>, u8, bool)> = vec![
            (
                "Mangala §M3: the first stone back",
                start(Variant::Mangala, S),
                3,
                vec![p(S, 3), p(S, 4), p(S, 5), p(S, 6)],
                vec![],
                0,
                false,
            ),
            (
                "Mangala §M6: the last stone in the store",
                start(Variant::Mangala, S),
                4,
                vec![p(S, 4), p(S, 5), p(S, 6), Hole::Store(S)],
                vec![],
                1,
                true,
            ),
            (
                "Mangala §M7: an even pit of the opponent's",
                at(
                    Variant::Mangala,
                    &[0, 0, 0, 0, 0, 3],
                    &[1, 4, 4, 4, 4, 4],
                    (12, 12),
                ),
                6,
                vec![p(S, 6), Hole::Store(S), p(N, 1)],
                vec![(N, 1, 2)],
                1,
                false,
            ),
            (
                "Mangala §M8: an own empty pit and the one opposite",
                at(
                    Variant::Mangala,
                    &[1, 0, 0, 0, 0, 3],
                    &[4, 4, 4, 4, 4, 4],
                    (10, 10),
                ),
                1,
                vec![p(S, 2)],
                vec![(S, 2, 1), (N, 5, 4)],
                0,
                false,
            ),
            (
                "Modiar §D6: the first move captures nothing",
                start(Variant::Modiar, S),
                1,
                vec![
                    p(S, 1),
                    p(S, 2),
                    p(S, 3),
                    p(N, 1),
                    p(N, 2),
                    p(N, 3),
                    p(S, 1),
                ],
                vec![],
                0,
                false,
            ),
            (
                "Modiar §D4, §D5: the last pit and the chain behind it",
                at(Variant::Modiar, &[0, 0, 3], &[1, 1, 5], (16, 16)),
                3,
                vec![p(S, 3), p(N, 1), p(N, 2)],
                vec![(N, 1, 2), (N, 2, 2)],
                0,
                false,
            ),
            (
                "Tihbat §T3: an even own pit",
                at(Variant::Tihbat, &[2, 1], &[7, 7], (6, 5)),
                1,
                vec![p(S, 1), p(S, 2)],
                vec![(S, 2, 2)],
                0,
                false,
            ),
            (
                "Kalah §K2, §K4: from the next hole, into the store",
                start(Variant::Kalah, S),
                3,
                vec![p(S, 4), p(S, 5), p(S, 6), Hole::Store(S)],
                vec![],
                1,
                true,
            ),
            (
                "Oware §O4: the chain of twos and threes",
                at(
                    Variant::Oware,
                    &[0, 0, 0, 0, 0, 2],
                    &[1, 1, 4, 4, 4, 4],
                    (14, 14),
                ),
                6,
                vec![p(N, 1), p(N, 2)],
                vec![(N, 1, 2), (N, 2, 2)],
                0,
                false,
            ),
            (
                "Togyz §Z4: an even house of the opponent's",
                start(Variant::Togyz, S),
                2,
                (2..=9).map(|n| p(S, n)).chain([p(N, 1)]).collect(),
                vec![(N, 1, 10)],
                0,
                false,
            ),
        ];
        for (name, position, n, path, captures, stored, extra) in table {
            let effect = position.effect(pit(n)).expect(name);
            assert_eq!(effect.path, path, "{name}");
            let got: Vec<_> = effect
                .captures
                .iter()
                .map(|c| (c.from.0, c.from.1.number(), c.stones))
                .collect();
            assert_eq!(got, captures, "{name}");
            assert!(effect.captures.iter().all(|c| c.to == S), "{name}");
            assert_eq!(
                (effect.stored, effect.extra_turn),
                (stored, extra),
                "{name}"
            );
            assert!(!effect.ends, "{name}");
            // What it says agrees with the play: the stores grew by exactly this.
            let after = position.play(pit(n)).expect(name);
            let gained = u32::from(after.stores().south) - u32::from(position.stores().south);
            assert_eq!(gained, u32::from(stored) + effect.captured(), "{name}");
        }
    }

    #[test]
    fn a_ply_that_shares_out_the_board_ends_the_game_without_captures() {
        // Kalah §K4, §K6: the last seed in the store, then South has none.
        let position = at(
            Variant::Kalah,
            &[0, 0, 0, 0, 0, 1],
            &[1, 0, 0, 0, 0, 0],
            (23, 23),
        );
        let effect = position.effect(pit(6)).expect("legal");
        assert_eq!(effect.path, [Hole::Store(S)]);
        assert!(effect.ends && effect.captures.is_empty() && !effect.extra_turn);
    }

    #[test]
    fn a_togyz_tuzdyk_is_reported_and_what_is_sown_into_one_goes_to_its_owner() {
        // South's 3 stones from pit 9: S9, N1, N2, making 3 in North's pit 2.
        let position = at(
            Variant::Togyz,
            &[9, 9, 9, 9, 9, 9, 9, 9, 3],
            &[8, 2, 9, 9, 9, 9, 9, 9, 9],
            (7, 7),
        );
        let effect = position.effect(pit(9)).expect("legal");
        assert_eq!(effect.tuzdyk, Some(pit(2)));
        assert_eq!(effect.captures[0].from, (N, pit(2)));
    }

    #[test]
    fn an_illegal_move_has_no_effect_and_says_why() {
        let start = Position::start(Variant::Modiar, S);
        let position = at(Variant::Modiar, &[1, 0, 6], &[7, 7, 7], (7, 7));
        let error = position.effect(pit(1)).expect_err("a singleton");
        assert_eq!(error.reason, crate::IllegalMove::Singleton);
        assert!(start.effect(pit(4)).is_err());
    }

    #[test]
    fn a_game_s_effects_follow_its_plies_and_the_repetition_that_ends_it() {
        // Tihbat's lone counters come round again (rules.rs: the draw by §T6).
        let mut game = Game::new(Variant::Tihbat, S);
        for ply in 0..6 {
            assert!(!game.repeats(pit(1)), "ply {ply}");
            game.play(pit(1)).expect("legal");
        }
        assert!(game.repeats(pit(1)), "the next pit 1 repeats the position");
        game.play(pit(1)).expect("legal");
        let effects = game.effects();
        assert_eq!(effects.len(), game.ply());
        let last = effects.last().and_then(Option::as_ref).expect("a sowing");
        assert!(last.ends, "the repetition ended the game");
        assert!(effects[..6].iter().flatten().all(|e| !e.ends));
        assert!(!Game::new(Variant::Mangala, S).repeats(pit(3)));
    }
}
