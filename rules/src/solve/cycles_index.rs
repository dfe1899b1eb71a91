//! Which component of its layer's graph each position on a cycle belongs to, kept
//! compactly: a bit a position (on a cycle or not), and a component number for each
//! position that is.

/// The component numbers of the positions on cycles, by table index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CycleIndex {
    /// Bit `i % 64` of word `i / 64`: position `i` is on a cycle.
    bits: Vec<u64>,
    /// Positions on cycles before each word.
    before: Vec<u32>,
    /// The component of each position on a cycle, in index order.
    ids: Vec<u32>,
    /// Positions numbered so far.
    len: usize,
}

impl CycleIndex {
    /// Numbers the next positions: `component[i]` for each, `u32::MAX` when it is on
    /// no cycle.
    pub(crate) fn extend(&mut self, component: &[u32]) {
        for &c in component {
            let i = self.len;
            if i.is_multiple_of(64) {
                self.bits.push(0);
                self.before.push(self.ids.len() as u32);
            }
            if c != u32::MAX {
                self.bits[i / 64] |= 1 << (i % 64);
                self.ids.push(c);
            }
            self.len += 1;
        }
    }

    /// The component of position `i`, or `None` when it is on no cycle.
    pub(crate) fn component(&self, i: usize) -> Option<u32> {
        let word = *self.bits.get(i / 64)?;
        let bit = 1u64 << (i % 64);
        if word & bit == 0 {
            return None;
        }
        let rank = self.before[i / 64] as usize + (word & (bit - 1)).count_ones() as usize;
        self.ids.get(rank).copied()
    }

    /// Appends the index to `out`: the bit words and the component numbers, little
    /// endian.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.ids.len() as u64).to_le_bytes());
        for w in &self.bits {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for c in &self.ids {
            out.extend_from_slice(&c.to_le_bytes());
        }
    }

    /// Reads an index of `len` positions written by [`CycleIndex::write`] from the
    /// start of `bytes`; the index and the bytes it took, or `None` when they do not
    /// hold one.
    pub(crate) fn read(bytes: &[u8], len: usize) -> Option<(CycleIndex, usize)> {
        let ids_len = usize::try_from(u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?)).ok()?;
        let words = len.div_ceil(64);
        let bits_end = 8 + 8 * words;
        let end = bits_end.checked_add(ids_len.checked_mul(4)?)?;
        let body = bytes.get(8..end)?;
        let mut index = CycleIndex {
            bits: Vec::with_capacity(words),
            before: Vec::with_capacity(words),
            ids: Vec::with_capacity(ids_len),
            len,
        };
        let mut on = 0u32;
        for chunk in body[..8 * words].chunks_exact(8) {
            let w = u64::from_le_bytes(chunk.try_into().ok()?);
            index.before.push(on);
            on += w.count_ones();
            index.bits.push(w);
        }
        if on as usize != ids_len {
            return None;
        }
        for chunk in body[8 * words..].chunks_exact(4) {
            index.ids.push(u32::from_le_bytes(chunk.try_into().ok()?));
        }
        Some((index, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_found_by_index_and_survive_bytes() {
        let mut index = CycleIndex::default();
        let components: Vec<u32> = (0..200)
            .map(|i| if i % 3 == 0 { i / 7 } else { u32::MAX })
            .collect();
        index.extend(&components[..70]);
        index.extend(&components[70..]);
        for (i, &c) in components.iter().enumerate() {
            assert_eq!(index.component(i), (c != u32::MAX).then_some(c), "{i}");
        }
        assert_eq!(index.component(200), None);
        let mut bytes = Vec::new();
        index.write(&mut bytes);
        bytes.push(9);
        let (back, used) = CycleIndex::read(&bytes, 200).expect("readable");
        assert_eq!(back, index);
        assert_eq!(used, bytes.len() - 1);
        assert!(CycleIndex::read(&bytes[..used - 1], 200).is_none());
    }
}
