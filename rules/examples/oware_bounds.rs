//! Proven bounds on the value of the Oware start (RULES.md, "Oware endgame tables", the
//! start position): how far one machine gets. At depth d, every line is played out d
//! plies by the rules, the repetition rule included (§O9, a [`Game`] keeps the
//! history), and a position still going there is worth, for the side to move, its
//! captures' difference now plus at most every seed left on the board, or less at
//! least all of them (each seed still on the board ends up with one side or uncounted,
//! §O7, §O8). Minimax over the pessimistic leaves is a lower bound of the start's value,
//! over the optimistic ones an upper bound; both tighten as d grows.
//!
//! `cargo run -p seedpost-rules --release --example oware_bounds -- [max depth]
//! [seconds a depth may take]`

#![allow(missing_docs)]

use std::time::Instant;

use seedpost_rules::{Game, Side, Variant};

/// The final difference for `me` of a finished game, or the captures' difference
/// now of one still going.
fn diff(game: &Game, me: Side) -> i16 {
    let pos = game.position();
    let s = game.outcome().map_or(pos.stores(), |o| o.score);
    i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
}

/// Which way the leaves still going lean, for the first mover.
#[derive(Clone, Copy)]
enum Leaves {
    /// Every seed on the board goes to the first mover's opponent: a lower bound.
    Pessimistic,
    /// Every seed on the board goes to the first mover: an upper bound.
    Optimistic,
}

/// Counts the positions searched.
struct Search {
    leaves: Leaves,
    /// The first mover, whom the leaves lean for or against.
    root: Side,
    nodes: u64,
}

impl Search {
    /// The bound of `game` for its side to move, `depth` plies deep, within
    /// `alpha..beta` (fail-hard).
    fn value(&mut self, game: &Game, depth: u8, mut alpha: i16, beta: i16) -> i16 {
        self.nodes += 1;
        let Some(me) = game.position().to_move() else {
            unreachable!("a finished game is valued by its parent");
        };
        if depth == 0 {
            // Every seed left to the first mover, or to the other side: seen from the
            // side to move here.
            let n = i16::from(game.position().on_board());
            let to_root = match self.leaves {
                Leaves::Pessimistic => -n,
                Leaves::Optimistic => n,
            };
            return diff(game, me) + if me == self.root { to_root } else { -to_root };
        }
        for pit in game.position().legal_moves() {
            let mut next = game.clone();
            next.play(pit).expect("a legal move");
            let v = match next.position().to_move() {
                None => diff(&next, me),
                Some(side) if side == me => self.value(&next, depth - 1, alpha, beta),
                Some(_) => -self.value(&next, depth - 1, -beta, -alpha),
            };
            if v >= beta {
                return beta;
            }
            alpha = alpha.max(v);
        }
        alpha
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: u8 = args.next().map_or(40, |s| s.parse().expect("a depth"));
    let seconds: f64 = args.next().map_or(120.0, |s| s.parse().expect("seconds"));
    let start = Game::new(Variant::Oware, Side::South);
    let all = i16::from(start.position().on_board());
    println!("Oware abapa, the start: proven bounds for the first mover, depth by depth");
    println!("depth\tlower\tupper\tnodes\tseconds");
    let began = Instant::now();
    for depth in 1..=max_depth {
        let t = Instant::now();
        let mut low = Search {
            leaves: Leaves::Pessimistic,
            root: Side::South,
            nodes: 0,
        };
        let lower = low.value(&start, depth, -all - 1, all + 1);
        let mut high = Search {
            leaves: Leaves::Optimistic,
            root: Side::South,
            nodes: 0,
        };
        let upper = high.value(&start, depth, -all - 1, all + 1);
        let took = t.elapsed().as_secs_f64();
        println!(
            "{depth}\t{lower:+}\t{upper:+}\t{}\t{took:.1}",
            low.nodes + high.nodes
        );
        if took > seconds {
            break;
        }
    }
    println!("in all {:.1} s", began.elapsed().as_secs_f64());
}
