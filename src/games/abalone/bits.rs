//! Sets of cells as 128-bit masks, and the shifts that move a whole set one step.
//!
//! Bit `row * 10 + digit` stands for a cell (see [`super::cell`]). The padding bits (digit 0,
//! rows 0 and 10, and the corners where `|digit − row| > 4`) are never set in a position, so
//! "not occupied" read through a shift also covers "off the board". Every shift in the move
//! generator starts from a real cell and goes one step at a time past real cells, so it never
//! wraps from one edge onto a real cell of another row.

use super::cell::{Cell, Dir};

/// A set of cells.
pub type Bits = u128;

/// The mask of the 61 real cells.
pub const BOARD: Bits = super::cell::CELLS;

/// The cells `F` such that `F + k·dir` is in `set` (the set seen `k` steps back along `dir`).
#[inline(always)]
pub fn back(set: Bits, dir: Dir, k: i32) -> Bits {
    let s = dir.shift() * k;
    if s >= 0 {
        set >> s as u32
    } else {
        set << (-s) as u32
    }
}

/// The set moved `k` steps along `dir` (cells that fall off the board are dropped).
#[inline(always)]
pub fn ahead(set: Bits, dir: Dir, k: i32) -> Bits {
    back(set, dir.opposite(), k) & BOARD
}

/// The cells of a set, in ascending order.
pub fn cells(mut set: Bits) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        while set != 0 {
            let index = set.trailing_zeros();
            set &= set - 1;
            if let Some(cell) = Cell::from_index(index) {
                return Some(cell);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_mask_has_the_61_cells() {
        assert_eq!(BOARD.count_ones(), 61);
        assert_eq!(
            cells(BOARD).collect::<Vec<_>>(),
            Cell::all().collect::<Vec<_>>()
        );
    }

    #[test]
    fn ahead_moves_every_cell_one_step_or_drops_it() {
        for dir in Dir::ALL {
            let moved = ahead(BOARD, dir, 1);
            let expected: Bits = Cell::all()
                .filter_map(|c| c.step(dir))
                .fold(0, |m, c| m | c.bit());
            assert_eq!(moved, expected, "{dir:?}");
            // Each of the 9 lines along `dir` loses its front cell.
            assert_eq!(moved.count_ones(), 61 - 9, "{dir:?}");
        }
    }
}
