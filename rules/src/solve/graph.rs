//! One layer's graph of non-capturing moves, its strongly connected components, and
//! the component a solver works on.

use super::layout::Layout;
use super::{UNKNOWN, exit_value, repetition_value, successors};

/// The moves of one position of a layer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The best value of the moves that leave the layer or end the game, from the
    /// mover's side; `UNKNOWN` when there is none.
    pub(crate) exit: i8,
    /// Local indices of the positions the non-capturing moves lead to.
    next: [u32; 3],
    len: u8,
}

impl Node {
    pub(crate) fn next(&self) -> &[u32] {
        &self.next[..usize::from(self.len)]
    }
}

/// The nodes of layer `b`, numbered as in `layout` from the layer's first index;
/// `values` holds the solved values of the layers below.
pub(crate) fn layer(layout: &Layout, values: &[i8], b: usize, nodes: &mut Vec<Node>) {
    let base = layout.offset(b);
    nodes.clear();
    nodes.reserve(layout.layer_len(b));
    layout.for_each_board(b, |board| {
        for side in crate::Side::ALL {
            let pos = super::layout::position_of(layout.variant, board, side);
            nodes.push(node(layout, values, &pos, base));
        }
    });
}

/// The node of `pos`, whose layer starts at index `base`.
pub(crate) fn node(layout: &Layout, values: &[i8], pos: &crate::Position, base: usize) -> Node {
    let b = usize::from(pos.on_board());
    let mut node = Node {
        exit: UNKNOWN,
        next: [0; 3],
        len: 0,
    };
    successors(pos, |next| {
        if next.outcome.is_none() && usize::from(next.on_board()) == b {
            let index = layout.index(&next).expect("same layer");
            node.next[usize::from(node.len)] = (index - base) as u32;
            node.len += 1;
        } else {
            node.exit = node.exit.max(exit_value(layout, values, pos, &next));
        }
    });
    node
}

/// Tarjan's algorithm without recursion: calls `f` with each SCC, sinks first.
pub(crate) fn tarjan(nodes: &[Node], mut f: impl FnMut(&[u32])) {
    const NONE: u32 = u32::MAX;
    let n = nodes.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, u8)> = Vec::new();
    let mut counter = 0u32;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        call.push((root as u32, 0));
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut edge)) = call.last_mut() {
            let vi = v as usize;
            let next = nodes[vi].next();
            if usize::from(*edge) < next.len() {
                let w = next[usize::from(*edge)] as usize;
                *edge += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w as u32, 0));
                } else if on_stack[w] {
                    low[vi] = low[vi].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let p = parent as usize;
                low[p] = low[p].min(low[vi]);
            }
            if low[vi] == index[vi] {
                let mut at = stack.len();
                loop {
                    at -= 1;
                    if stack[at] == v {
                        break;
                    }
                }
                for &w in &stack[at..] {
                    on_stack[w as usize] = false;
                }
                f(&stack[at..]);
                stack.truncate(at);
            }
        }
    }
}

/// A strongly connected component of a layer's graph with more than one position,
/// its positions numbered by *slot* (their place in it), ready for the solvers.
#[derive(Debug, Clone, Default)]
pub(crate) struct Component {
    /// The layer-local index of each slot's position.
    pub(crate) members: Vec<u32>,
    /// Whether North is to move at the slot.
    pub(crate) north: Vec<bool>,
    /// The best move out of the component (a capture, an ending, or a move to a
    /// position of a component solved before), from the mover's side; `UNKNOWN`
    /// when there is none.
    pub(crate) exit: Vec<i8>,
    /// What ending by repetition at the slot's position is worth to its mover.
    pub(crate) repetition: Vec<i8>,
    /// `succ[first[s]..first[s + 1]]`: the slots the moves inside the component lead to.
    pub(crate) first: Vec<u32>,
    pub(crate) succ: Vec<u32>,
    /// The same edges reversed.
    pub(crate) pred_first: Vec<u32>,
    pub(crate) pred: Vec<u32>,
}

impl Component {
    /// The component of layer `b` made of the positions `scc` (layer-local indices),
    /// whose moves out lead to positions valued in `values` (the layer's own values
    /// from `base`). `slot` maps layer-local indices to slots: all `u32::MAX` on
    /// entry and on return.
    pub(crate) fn new(
        layout: &Layout,
        b: usize,
        nodes: &[Node],
        scc: &[u32],
        values: &[i8],
        slot: &mut [u32],
    ) -> Component {
        for (s, &i) in scc.iter().enumerate() {
            slot[i as usize] = s as u32;
        }
        let n = scc.len();
        let mut c = Component {
            members: scc.to_vec(),
            north: Vec::with_capacity(n),
            exit: Vec::with_capacity(n),
            repetition: Vec::with_capacity(n),
            first: Vec::with_capacity(n + 1),
            succ: Vec::with_capacity(2 * n),
            pred_first: vec![0; n + 1],
            pred: Vec::new(),
        };
        for &i in scc {
            let node = &nodes[i as usize];
            let mut best = node.exit;
            c.first.push(c.succ.len() as u32);
            for &j in node.next() {
                let t = slot[j as usize];
                if t == u32::MAX {
                    best = best.max(-values[j as usize]);
                } else {
                    c.succ.push(t);
                    c.pred_first[t as usize + 1] += 1;
                }
            }
            c.exit.push(best);
            c.north.push(i % 2 == 1);
            c.repetition
                .push(repetition_value(&layout.position(b, i as usize)));
        }
        c.first.push(c.succ.len() as u32);
        for s in 0..n {
            c.pred_first[s + 1] += c.pred_first[s];
        }
        let mut pred = vec![0; c.succ.len()];
        let mut at = c.pred_first.clone();
        for s in 0..n {
            for &t in c.successors(s) {
                pred[at[t as usize] as usize] = s as u32;
                at[t as usize] += 1;
            }
        }
        c.pred = pred;
        for &i in scc {
            slot[i as usize] = u32::MAX;
        }
        c
    }

    /// Positions in the component.
    pub(crate) fn len(&self) -> usize {
        self.members.len()
    }

    /// The slots that slot `s`'s moves inside the component lead to.
    pub(crate) fn successors(&self, s: usize) -> &[u32] {
        &self.succ[self.first[s] as usize..self.first[s + 1] as usize]
    }

    /// The slots whose moves lead to slot `s`.
    pub(crate) fn predecessors(&self, s: usize) -> &[u32] {
        &self.pred[self.pred_first[s] as usize..self.pred_first[s + 1] as usize]
    }
}
