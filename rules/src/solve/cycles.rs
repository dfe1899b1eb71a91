//! Values on the cycles of a layer: the game in which endless play is worth 0 (exact
//! for Tihbat), and the two bounds of Modiar's real game (module docs of
//! [`crate::solve`], facts 4 and 5).

use super::UNKNOWN;
use super::graph::Component;

/// The values of a component (from each slot's mover's side) in the game in which
/// endless play is worth 0 to both sides: attractors threshold by threshold, from the
/// highest value down, each growing from the last (`won[k]`: value ≥ k, `lost[k]`:
/// value ≤ −k, only grow as `k` falls).
pub(crate) fn zero_model(c: &Component) -> Vec<i8> {
    let n = c.len();
    let mut inner: Vec<u32> = (0..n).map(|s| c.successors(s).len() as u32).collect();
    let top = c
        .exit
        .iter()
        .filter(|&&e| e != UNKNOWN)
        .map(|&e| e.unsigned_abs())
        .max()
        .unwrap_or(0);
    let mut value: Vec<Option<i8>> = vec![None; n];
    let mut queue: Vec<(u32, i8)> = Vec::new();
    for k in (1..=top as i8).rev() {
        for s in 0..n {
            if value[s].is_none() {
                let exit = c.exit[s];
                if exit != UNKNOWN && exit >= k {
                    value[s] = Some(k);
                    queue.push((s as u32, k));
                } else if inner[s] == 0 && (exit == UNKNOWN || exit <= -k) {
                    value[s] = Some(-k);
                    queue.push((s as u32, -k));
                }
            }
        }
        while let Some((s, v)) = queue.pop() {
            for &p in c.predecessors(s as usize) {
                let p = p as usize;
                if value[p].is_some() {
                    continue;
                }
                if v < 0 {
                    // A move to a lost position wins k.
                    value[p] = Some(k);
                    queue.push((p as u32, k));
                } else {
                    inner[p] -= 1;
                    let exit = c.exit[p];
                    if inner[p] == 0 && (exit == UNKNOWN || exit <= -k) {
                        value[p] = Some(-k);
                        queue.push((p as u32, -k));
                    }
                }
            }
        }
    }
    value.into_iter().map(|v| v.unwrap_or(0)).collect()
}

/// The bounds of Modiar's real game on a component, from each slot's mover's side:
/// `(low, high)`, the fresh value of every slot lies in `low..=high` (module docs,
/// fact 5).
pub(crate) fn bounds(c: &Component) -> (Vec<i8>, Vec<i8>) {
    let south = pessimistic(c, false);
    let north = pessimistic(c, true);
    let mut low = Vec::with_capacity(c.len());
    let mut high = Vec::with_capacity(c.len());
    for s in 0..c.len() {
        let (mine, theirs) = if c.north[s] {
            (north[s], south[s])
        } else {
            (south[s], north[s])
        };
        low.push(mine);
        high.push(-theirs);
    }
    (low, high)
}

/// The payoffs of a component from player `p`'s side (North when `p_north`).
struct Payoffs {
    /// Each slot's repetition value.
    rep: Vec<i8>,
    /// The exit the slot's mover would take; `i16::MIN` where there is none.
    exit: Vec<i16>,
    /// Every value among them, highest first, once each.
    thresholds: Vec<i16>,
}

impl Payoffs {
    fn of(c: &Component, p_north: bool) -> Payoffs {
        let n = c.len();
        let mine = |s: usize| c.north[s] == p_north;
        let rep: Vec<i8> = (0..n)
            .map(|s| {
                if mine(s) {
                    c.repetition[s]
                } else {
                    -c.repetition[s]
                }
            })
            .collect();
        let exit: Vec<i16> = (0..n)
            .map(|s| match c.exit[s] {
                UNKNOWN => i16::MIN,
                e if mine(s) => i16::from(e),
                e => -i16::from(e),
            })
            .collect();
        let mut thresholds: Vec<i16> = rep
            .iter()
            .map(|&r| i16::from(r))
            .chain(exit.iter().copied().filter(|&e| e != i16::MIN))
            .collect();
        thresholds.sort_unstable_by(|a, b| b.cmp(a));
        thresholds.dedup();
        Payoffs {
            rep,
            exit,
            thresholds,
        }
    }
}

/// What player `p` (North when `p_north`) can make sure of at each slot, from `p`'s
/// side, in the game where a play that never leaves the component is worth to `p` the
/// lowest repetition value (§D12) among the positions it visits infinitely often.
///
/// That game has optimal positional strategies (its payoff is a lim inf), and such a
/// strategy keeps its guarantee in the real game: a real game that ends by a third
/// occurrence of a position has walked a cycle through it, and walking that cycle for
/// ever is a play of this game worth no more than that repetition.
///
/// Solved threshold by threshold, from the highest payoff down: for threshold `k`,
/// `p` wins where it can reach an exit worth at least `k`, or stay for ever (from
/// some point on) among positions whose repetition is worth at least `k` to it: a
/// co-Büchi objective, solved by the classic iteration (the opponent's attractor to
/// the positions bad for `p`; what `p` can keep away from it is won, with `p`'s
/// attractor to it; again until nothing is won).
pub(crate) fn pessimistic(c: &Component, p_north: bool) -> Vec<i8> {
    let n = c.len();
    let mine = |s: usize| c.north[s] == p_north;
    let Payoffs {
        rep,
        exit,
        thresholds,
    } = Payoffs::of(c, p_north);
    let mut value = vec![UNKNOWN; n];
    // Successors not yet won by p.
    let mut remaining: Vec<u32> = (0..n).map(|s| c.successors(s).len() as u32).collect();
    // The opponent's exit takes p below the threshold.
    let opponent_exits = |s: usize, k: i16| !mine(s) && exit[s] != i16::MIN && exit[s] < k;
    let mut queue: Vec<u32> = Vec::new();
    let mut in_reach = vec![false; n];
    let mut count = vec![0u32; n];
    let mut stack: Vec<u32> = Vec::new();
    // The slots not won yet, compacted as they are.
    let mut open: Vec<u32> = (0..n as u32).collect();
    for &k in &thresholds {
        let k8 = k as i8;
        for &s in &open {
            let s = s as usize;
            if value[s] == UNKNOWN
                && ((mine(s) && exit[s] >= k)
                    || (!mine(s) && remaining[s] == 0 && !opponent_exits(s, k)))
            {
                value[s] = k8;
                queue.push(s as u32);
            }
        }
        attract(
            c,
            &mut queue,
            &mut value,
            &mut remaining,
            k8,
            &mine,
            &opponent_exits,
            k,
        );
        loop {
            open.retain(|&s| value[s as usize] == UNKNOWN);
            // The opponent's attractor, within the slots not won, to the slots bad
            // for p (or where the opponent leaves below k).
            stack.clear();
            for &s in &open {
                let s = s as usize;
                in_reach[s] = false;
                count[s] = remaining[s];
                if i16::from(rep[s]) < k || opponent_exits(s, k) {
                    in_reach[s] = true;
                    stack.push(s as u32);
                }
            }
            while let Some(t) = stack.pop() {
                for &q in c.predecessors(t as usize) {
                    let q = q as usize;
                    if value[q] != UNKNOWN || in_reach[q] {
                        continue;
                    }
                    if mine(q) {
                        count[q] -= 1;
                        if count[q] > 0 {
                            continue;
                        }
                    }
                    in_reach[q] = true;
                    stack.push(q as u32);
                }
            }
            // What the opponent cannot reach it from is p's.
            for &s in &open {
                if !in_reach[s as usize] {
                    value[s as usize] = k8;
                    queue.push(s);
                }
            }
            if queue.is_empty() {
                break;
            }
            attract(
                c,
                &mut queue,
                &mut value,
                &mut remaining,
                k8,
                &mine,
                &opponent_exits,
                k,
            );
        }
    }
    value
}

/// Grows p's won positions from `queue` (already marked with `k`): p's attractor.
#[allow(clippy::too_many_arguments)]
fn attract(
    c: &Component,
    queue: &mut Vec<u32>,
    value: &mut [i8],
    remaining: &mut [u32],
    k8: i8,
    mine: &impl Fn(usize) -> bool,
    opponent_exits: &impl Fn(usize, i16) -> bool,
    k: i16,
) {
    while let Some(t) = queue.pop() {
        for &q in c.predecessors(t as usize) {
            let q = q as usize;
            if value[q] != UNKNOWN {
                continue;
            }
            if mine(q) {
                value[q] = k8;
                queue.push(q as u32);
            } else {
                remaining[q] -= 1;
                if remaining[q] == 0 && !opponent_exits(q, k) {
                    value[q] = k8;
                    queue.push(q as u32);
                }
            }
        }
    }
}
