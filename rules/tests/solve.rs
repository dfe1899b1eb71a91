//! The solved tables against a brute-force search that keeps the whole history and
//! applies the repetition rules exactly as a game does (§D12, §T6, P7).

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::solve::Table;
use seedpost_rules::{BySide, Position, Side, Variant};

/// The value of `pos` for its side to move, searching every line of play with the
/// history of the current segment (the positions since the last capture).
struct BruteForce {
    memo: HashMap<(Vec<u8>, History), i8>,
}

/// Each position of the segment with its number of occurrences.
type History = Vec<(Vec<u8>, u8)>;

fn key(pos: &Position) -> Vec<u8> {
    let mut k: Vec<u8> = pos.rows().south.to_vec();
    k.extend_from_slice(pos.rows().north);
    k.push(u8::from(pos.to_move() == Some(Side::North)));
    k
}

fn diff(stores: BySide<u8>, side: Side) -> i16 {
    i16::from(*stores.get(side)) - i16::from(*stores.get(side.opposite()))
}

impl BruteForce {
    fn new() -> BruteForce {
        BruteForce {
            memo: HashMap::new(),
        }
    }

    /// `history`: the occurrences of each position of the segment, `pos` included.
    fn value(&mut self, pos: &Position, history: &mut History) -> i8 {
        let mut sorted = history.clone();
        sorted.sort();
        let memo_key = (key(pos), sorted);
        if let Some(&v) = self.memo.get(&memo_key) {
            return v;
        }
        let me = pos.to_move().expect("not over");
        let mut nexts = Vec::new();
        if pos.must_pass() {
            nexts.push(pos.pass().expect("pass"));
        } else {
            for pit in pos.legal_moves() {
                nexts.push(pos.play(pit).expect("legal"));
            }
        }
        let mut best = i16::MIN;
        for next in nexts {
            best = best.max(self.move_value(pos, &next, history));
        }
        let best = if best == i16::MIN {
            // Modiar without a move (hand-made): each side takes its own row.
            let mine: u8 = pos.row(me).iter().sum();
            let theirs: u8 = pos.row(me.opposite()).iter().sum();
            i16::from(mine) - i16::from(theirs)
        } else {
            best
        };
        let best = best as i8;
        self.memo.insert(memo_key, best);
        best
    }

    /// What moving from `pos` to `next` is worth to the mover, `history` being the
    /// occurrences of the segment's positions, `pos` included.
    fn move_value(&mut self, pos: &Position, next: &Position, history: &mut History) -> i16 {
        let me = pos.to_move().expect("not over");
        let limit = if pos.variant() == Variant::Modiar {
            3
        } else {
            2
        };
        if let Some(outcome) = next.outcome() {
            return diff(outcome.score, me) - diff(pos.stores(), me);
        }
        if next.stores() != pos.stores() {
            return diff(next.stores(), me)
                - diff(pos.stores(), me)
                - i16::from(self.value(next, &mut vec![(key(next), 1)]));
        }
        let k = key(next);
        let at = history.iter().position(|(h, _)| *h == k);
        let count = at.map_or(1, |a| history[a].1 + 1);
        if count >= limit {
            // The game ends with this position: Modiar each side its row, Tihbat the
            // board divided equally.
            return if pos.variant() == Variant::Modiar {
                let mine: u8 = next.row(me).iter().sum();
                let theirs: u8 = next.row(me.opposite()).iter().sum();
                i16::from(mine) - i16::from(theirs)
            } else {
                0
            };
        }
        match at {
            Some(a) => history[a].1 += 1,
            None => history.push((k, 1)),
        }
        let v = -i16::from(self.value(next, history));
        match at {
            Some(a) => history[a].1 -= 1,
            None => {
                history.pop();
            }
        }
        v
    }
}

/// Every position of `variant` with exactly `b` stones on the board.
fn positions(variant: Variant, b: u8) -> Vec<Position> {
    let n = variant.pits_per_row();
    let mut out = Vec::new();
    let mut board = vec![0u8; 2 * n];
    fn go(board: &mut Vec<u8>, i: usize, left: u8, f: &mut dyn FnMut(&[u8])) {
        if i + 1 == board.len() {
            board[i] = left;
            f(board);
            return;
        }
        for a in 0..=left {
            board[i] = a;
            go(board, i + 1, left - a, f);
        }
    }
    let captured = variant.total_stones() - b;
    go(&mut board, 0, b, &mut |board| {
        for side in Side::ALL {
            let stores = BySide::new(captured / 2, captured - captured / 2);
            out.push(
                Position::from_parts(variant, &board[..n], &board[n..], stores, side)
                    .expect("valid"),
            );
        }
    });
    out
}

/// Every position with up to `max_b` stones on the board: the table against the brute
/// force. Returns how many positions were compared.
fn assert_table_is_exact(variant: Variant, max_b: u8) -> usize {
    let table = Table::solve_up_to(variant, max_b);
    let mut brute = BruteForce::new();
    let mut all = 0;
    for b in 0..=max_b {
        for pos in positions(variant, b) {
            let exact = brute.value(&pos, &mut vec![(key(&pos), 1)]);
            assert_eq!(table.value(&pos), Some(exact), "{pos}");
            all += 1;
        }
    }
    all
}

/// Small in debug builds, larger in release (`cargo test --release`).
const fn sized(debug: u8, release: u8) -> u8 {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

#[test]
fn tihbat_table_agrees_with_full_history_search_on_every_small_position() {
    assert!(assert_table_is_exact(Variant::Tihbat, sized(8, 10)) > 0);
}

#[test]
fn modiar_table_agrees_with_full_history_search_on_every_position_up_to_12_stones() {
    assert_eq!(assert_table_is_exact(Variant::Modiar, 12), 37_128);
}

/// Heavy (about a minute and 1.5 GB in release): run it with
/// `cargo test -p seedpost-rules --release --test solve -- --ignored up_to_18`.
#[test]
#[ignore = "heavy: run with --release -- --ignored (see its docs)"]
fn modiar_table_agrees_with_full_history_search_on_every_position_up_to_18_stones() {
    assert_eq!(assert_table_is_exact(Variant::Modiar, 18), 2 * 134_596);
}

/// The occurrences of each position of `history` and `pos`, for the brute force.
fn occurrences(history: &[Position], pos: &Position) -> History {
    let mut counts: History = Vec::new();
    for p in history.iter().chain(std::iter::once(pos)) {
        let k = key(p);
        match counts.iter_mut().find(|c| c.0 == k) {
            Some(c) => c.1 += 1,
            None => counts.push((k, 1)),
        }
    }
    counts
}

/// Random walks from the positions on cycles with up to `max_b` stones on the board: at
/// every step, the table's value given the segment so far, and each move's, against
/// the brute force. Returns how many steps had a position one occurrence short of
/// ending the game in their history (other than the position itself).
///
/// Walks go back to a position of their segment when they can, to come near the end
/// by repetition often.
fn assert_values_with_history_are_exact(variant: Variant, max_b: u8, walks: usize) -> usize {
    let table = Table::solve_up_to(variant, max_b);
    let mut brute = BruteForce::new();
    let mut rng = SmallRng::seed_from_u64(20);
    let limit = if variant == Variant::Modiar { 3 } else { 2 };
    // Walks start on cycles, where the history matters.
    let starts: Vec<Position> = (0..=max_b)
        .flat_map(|b| positions(variant, b))
        .filter(|p| table.on_cycle(p))
        .collect();
    let mut near_the_end = 0;
    for _ in 0..walks {
        let mut pos = starts[rng.random_range(0..starts.len())];
        let mut history: Vec<Position> = Vec::new();
        for _ in 0..60 {
            let mut counts = occurrences(&history, &pos);
            if counts.iter().any(|c| c.1 + 1 >= limit && c.0 != key(&pos)) {
                near_the_end += 1;
            }
            let want = brute.value(&pos, &mut counts);
            assert_eq!(
                table.value_after(&history, &pos),
                Some(want),
                "{pos} after {history:?}"
            );
            let moves = table.move_values(&history, &pos);
            assert_eq!(moves.len(), pos.legal_moves().len(), "{pos}");
            for &(pit, v) in &moves {
                let next = pos.play(pit).expect("legal");
                assert_eq!(
                    i16::from(v),
                    brute.move_value(&pos, &next, &mut counts),
                    "{pos} {pit} after {history:?}"
                );
            }
            let best = table.best_moves_after(&history, &pos);
            assert!(moves.iter().all(|m| m.1 <= want));
            assert!(best.iter().all(|p| moves.contains(&(*p, want))));
            let legal: Vec<_> = pos.legal_moves().into_iter().collect();
            let next = if pos.must_pass() {
                pos.pass().expect("pass")
            } else if legal.is_empty() {
                // A hand-made Modiar position without a move (P1).
                break;
            } else {
                // Back to a position of the segment when a move can: the walks
                // are to come near the repetition rule's end.
                let back = legal.iter().copied().find(|&pit| {
                    let next = pos.play(pit).expect("legal");
                    next.stores() == pos.stores() && history.contains(&next)
                });
                let pit = match back {
                    Some(pit) if rng.random_bool(0.8) => pit,
                    _ => legal[rng.random_range(0..legal.len())],
                };
                pos.play(pit).expect("legal")
            };
            if next.is_over() {
                break;
            }
            if next.stores() != pos.stores() {
                history.clear();
            } else {
                history.push(pos);
                if occurrences(&history, &next).iter().any(|c| c.1 >= limit) {
                    break;
                }
            }
            pos = next;
        }
    }
    near_the_end
}

#[test]
fn tihbat_values_in_the_middle_of_a_segment_agree_with_full_history_search() {
    assert!(assert_values_with_history_are_exact(Variant::Tihbat, 10, 400) > 0);
}

#[test]
fn modiar_values_in_the_middle_of_a_segment_agree_with_full_history_search() {
    assert!(assert_values_with_history_are_exact(Variant::Modiar, 16, 400) > 0);
}

#[test]
fn deep_alpha_beta_agrees_with_the_table_on_small_positions() {
    for variant in [Variant::Tihbat, Variant::Modiar] {
        let max_b = sized(4, 6);
        let table = Table::solve_up_to(variant, max_b);
        for b in 0..=max_b {
            // Every third position: a sample.
            for pos in positions(variant, b).into_iter().step_by(3) {
                let mut searcher = Searcher::new(12);
                let found = searcher.search(
                    &pos,
                    &[],
                    Budget {
                        depth: 40,
                        nodes: u64::MAX,
                    },
                );
                // The search counts the captures so far; the table only the future.
                let south = table.final_difference(&pos).expect("solved");
                let value = if pos.to_move() == Some(Side::South) {
                    south
                } else {
                    -south
                };
                assert_eq!(found.value, value, "{pos}");
            }
        }
    }
}

#[test]
fn the_tables_round_trip_through_bytes_and_refuse_another_version() {
    let table = Table::solve(Variant::Tihbat);
    let bytes = table.to_bytes(7);
    let back = Table::from_bytes(Variant::Tihbat, 7, &bytes).expect("same version");
    let start = Position::start(Variant::Tihbat, Side::South);
    assert_eq!(back.value(&start), table.value(&start));
    assert!(Table::from_bytes(Variant::Tihbat, 8, &bytes).is_none());
    assert!(Table::from_bytes(Variant::Modiar, 7, &bytes).is_none());
    assert!(Table::from_bytes(Variant::Tihbat, 7, &bytes[..bytes.len() - 1]).is_none());
}

#[test]
fn tihbat_start_is_lost_by_two_for_the_first_mover() {
    let table = Table::solve(Variant::Tihbat);
    for first in Side::ALL {
        assert_eq!(table.start_value(first), Some(-2));
        let start = Position::start(Variant::Tihbat, first);
        assert_eq!(table.value(&start), Some(-2));
        let signed = if first == Side::South { -2 } else { 2 };
        assert_eq!(table.final_difference(&start), Some(signed));
    }
    assert_eq!(table.stats().searched, 0);
}
