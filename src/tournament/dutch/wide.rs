//! The weights' integer type: an exact signed integer of a fixed number of 64-bit limbs,
//! chosen per round by the bits its weights need. The matching solver's additions,
//! subtractions and comparisons are its hot loop, and a profile of a 1,000-player round
//! spent most of its time in the `bnum` crate's byte-array arithmetic (bnum 0.14 has no
//! 64-bit-limb type); `bnum` remains the reference this type is tested against. What it
//! gains is in docs/benchmarks.md.

use super::weights::Field;

/// An exact signed integer of `64·L` bits in two's complement, stored as `L` little-endian
/// 64-bit limbs: the weight type of the pairing (wide enough for the event, see
/// `Layout::bits`). The solver's additions, subtractions and comparisons are its hot loop,
/// and whole-limb carries are cheaper there than a byte-array big integer's.
///
/// Arithmetic wraps like the primitive integers'; the solver's headroom (see
/// [`crate::tournament::matching::bits_needed_for`]) keeps every value in range.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> std::fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let top = (self.0[L - 1] as i64).cmp(&(other.0[L - 1] as i64));
        if top != std::cmp::Ordering::Equal {
            return top;
        }
        for i in (0..L - 1).rev() {
            let o = self.0[i].cmp(&other.0[i]);
            if o != std::cmp::Ordering::Equal {
                return o;
            }
        }
        std::cmp::Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> std::ops::Add for Wide<L> {
    type Output = Self;

    #[inline]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> std::ops::Sub for Wide<L> {
    type Output = Self;

    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (d, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> std::ops::Shl<u32> for Wide<L> {
    type Output = Self;

    #[inline]
    #[allow(clippy::needless_range_loop)]
    fn shl(self, rhs: u32) -> Self {
        debug_assert!(rhs < 64 * L as u32, "shift of {rhs} bits out of range");
        let (limbs, bits) = ((rhs / 64) as usize, rhs % 64);
        let mut out = [0; L];
        for i in limbs..L {
            let j = i - limbs;
            out[i] = self.0[j] << bits;
            if bits != 0 && j > 0 {
                out[i] |= self.0[j - 1] >> (64 - bits);
            }
        }
        Wide(out)
    }
}

impl<const L: usize> crate::tournament::matching::Weight for Wide<L> {
    const ZERO: Self = Wide([0; L]);
    const MAX: Self = {
        let mut limbs = [u64::MAX; L];
        limbs[L - 1] = i64::MAX as u64;
        Wide(limbs)
    };
    const BITS: u32 = 64 * L as u32;

    #[inline(always)]
    fn plus(self, rhs: Self) -> Self {
        self + rhs
    }

    #[inline(always)]
    fn minus(self, rhs: Self) -> Self {
        self - rhs
    }

    #[inline]
    #[allow(clippy::needless_range_loop)]
    fn half(self) -> Self {
        let mut out = [0; L];
        for i in 0..L - 1 {
            out[i] = (self.0[i] >> 1) | (self.0[i + 1] << 63);
        }
        out[L - 1] = ((self.0[L - 1] as i64) >> 1) as u64;
        Wide(out)
    }

    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }
}

impl<const L: usize> Field for Wide<L> {
    fn small(value: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = value;
        Wide(limbs)
    }

    #[inline]
    fn add_at(self, position: u32, value: u64) -> Self {
        let (limb, bit) = ((position / 64) as usize, position % 64);
        debug_assert!(limb < L, "a field at bit {position} is out of range");
        let mut out = self.0;
        let mut carry = {
            let (sum, over) = out[limb].overflowing_add(value << bit);
            out[limb] = sum;
            u64::from(over) + if bit == 0 { 0 } else { value >> (64 - bit) }
        };
        for limb in out.iter_mut().skip(limb + 1) {
            if carry == 0 {
                break;
            }
            let (sum, over) = limb.overflowing_add(carry);
            *limb = sum;
            carry = u64::from(over);
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::{Field, Wide};
    use crate::tournament::matching::Weight;
    use bnum::types::I256;

    fn to_bnum(w: Wide<4>) -> I256 {
        let mut bytes = [0u8; 32];
        for (i, limb) in w.0.iter().enumerate() {
            bytes[i * 8..i * 8 + 8].copy_from_slice(&limb.to_le_bytes());
        }
        I256::from_le_bytes(bytes)
    }

    #[test]
    fn wide_matches_bnum() {
        let mut seed = 0x1234_5678_9abc_def1_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..5000 {
            let shift = (next() % 180) as u32;
            let a = Wide::<4>::small(next()) << shift;
            let b = Wide::<4>::small(next()) << (next() % 180) as u32;
            let (ba, bb) = (to_bnum(a), to_bnum(b));
            let c = a - b;
            assert_eq!(to_bnum(a + b), ba + bb);
            assert_eq!(to_bnum(c), ba - bb);
            assert_eq!(a.cmp(&b), ba.cmp(&bb));
            assert_eq!(c.cmp(&a), (ba - bb).cmp(&ba));
            assert_eq!(c.cmp(&b), (ba - bb).cmp(&bb));
            assert_eq!(to_bnum(c.half()), (ba - bb) >> 1u32);
            assert_eq!(c.is_zero(), (ba - bb) == I256::ZERO);
            assert_eq!(
                to_bnum(Wide::<4>::small(7) << shift),
                I256::from_le_bytes({
                    let mut b = [0u8; 32];
                    b[0] = 7;
                    b
                }) << shift
            );
        }
        assert_eq!(to_bnum(Wide::<4>::MAX), I256::MAX);
        // A field placed at its bit is the sum of the shifted value, carries included.
        for _ in 0..5000 {
            let base = Wide::<4>::small(next()) << (next() % 180) as u32;
            let (at, value) = ((next() % 190) as u32, next() >> (next() % 64));
            assert_eq!(
                to_bnum(base.add_at(at, value)),
                to_bnum(base) + (to_bnum(Wide::<4>::small(value)) << at)
            );
        }
        let all_ones = Wide::<4>([u64::MAX, u64::MAX, 0, 0]);
        assert_eq!(all_ones.add_at(0, 1), Wide::<4>([0, 0, 1, 0]));
        assert_eq!(
            to_bnum(Wide::<4>::ZERO - Wide::<4>::small(1)),
            I256::from_le_bytes([0xff; 32])
        );
    }
}
