//! One warp per row (llm.c's kernels): lane and warp numbers in index polynomials, and the
//! proof that lanes striding a row touch distinct elements.
//!
//! ```text
//! lane = threadIdx.x % warpSize   (also `& 31`, `% 32`)
//! warp = threadIdx.x / warpSize   (also `>> 5`, `/ 32`)
//! row  = blockIdx.x * (blockDim.x / warpSize) + warp   or   gx / 32
//! for (c = lane; c < C; c += warpSize) ... x[row * C + c] ...
//! ```
//!
//! Soundness. `warpSize` is 32 on every CUDA device, and a 1-D launch (the kernel never
//! mentions `.y`/`.z`) is assumed, as everywhere in index.rs. Write `gx` for the thread's
//! index in the grid; `G = gx / 32` and `L = gx % 32` determine `gx`, hence the thread. When
//! the lane and warp are taken from `gx` itself, `G` and `L` are exactly them, for every
//! launch. When they are taken from `threadIdx.x`, `threadIdx.x % 32 = L` and
//! `blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32 = G` hold only if `blockDim.x` is a
//! multiple of 32: with 48 threads per block, block 0's second warp and block 1's first both
//! get row 1 and lanes 0..15. A launch may break that (the primal then races with itself,
//! but the gradient must stay right), so those updates test `blockDim.x % 32 == 0` at run
//! time and fall back to `atomicAdd` (`Unique::IfWholeWarps`).
//!
//! Given `G` and `L`, an address `S * G + c + U` (`U` the same in every thread and fixed
//! over time) with the counter `c` of a loop `for (c = L; c < S; c += 32)` is distinct per
//! thread: two threads of one row have different lanes, so their `c`s differ modulo 32; two
//! rows own the disjoint windows `[S * G, S * G + S)` since `0 <= L <= c < S`. The same holds
//! for `S * G + L` with a constant `S >= 32`. A per-row value (`mean[row]`) is shared by the
//! warp's lanes: its updates get a warp reduction (`warp_uniform`), even one guarded by
//! `if (lane == 0)`, as other lanes may update it elsewhere.

use crate::index::{global_coord, Atom, CounterRange, IndexEnv, Poly, Unique};
use cuad_syntax::ast::{BinOp, Expr, ExprKind, UnOp};

/// The coordinate a lane or warp number is taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Of {
    /// `threadIdx.x`: a hardware warp's lanes and number in a 1-D block.
    Block,
    /// `blockIdx.x * blockDim.x + threadIdx.x`.
    Grid,
}

fn is_warp_size(k: &Poly) -> bool {
    k.as_constant() == Some(32) || *k == Poly::atom(Atom::Uniform("warpSize".into()))
}

fn coordinate(x: &Poly) -> Option<Of> {
    if *x == Poly::atom(Atom::Builtin("threadIdx", 0)) {
        Some(Of::Block)
    } else if *x == global_coord(0) {
        Some(Of::Grid)
    } else {
        None
    }
}

/// The atom of `l op r` (their polynomials given) when it is a lane number (`x % 32`,
/// `x & 31`, `x & (warpSize - 1)`), a warp number (`x / 32`, `x >> 5`) or the number of
/// warps in a block (`blockDim.x / 32`); `x` is `threadIdx.x` or the index in the grid.
pub fn atom(op: BinOp, l: &Poly, r: &Poly) -> Option<Atom> {
    let block_dim = Poly::atom(Atom::Builtin("blockDim", 0));
    match op {
        BinOp::Rem if is_warp_size(r) => coordinate(l).map(Atom::Lane),
        BinOp::BitAnd if is_warp_size(&r.add(&Poly::constant(1))) => coordinate(l).map(Atom::Lane),
        BinOp::BitAnd if is_warp_size(&l.add(&Poly::constant(1))) => coordinate(r).map(Atom::Lane),
        BinOp::Div | BinOp::Shr
            if (op == BinOp::Div && is_warp_size(r))
                || (op == BinOp::Shr && r.as_constant() == Some(5)) =>
        {
            if *l == block_dim {
                Some(Atom::WarpsPerBlock)
            } else {
                coordinate(l).map(Atom::Warp)
            }
        }
        _ => None,
    }
}

/// The lane a lane-strided loop starts at: `Some(of)` when `start` is a lane number.
pub fn lane_start(start: &Poly) -> Option<Of> {
    [Of::Block, Of::Grid]
        .into_iter()
        .find(|of| *start == Poly::atom(Atom::Lane(*of)))
}

/// `c += 32` / `c += warpSize`.
pub fn is_lane_stride(step: &Poly) -> bool {
    is_warp_size(step)
}

fn atoms(p: &Poly) -> impl Iterator<Item = &Atom> {
    p.0.keys().flatten()
}

impl IndexEnv {
    /// Does `p` use lane or warp numbers of `threadIdx.x` (directly or through a lane-strided
    /// counter)? Their meaning as a row and a lane needs whole warps in each block.
    pub fn needs_whole_warps(&self, p: &Poly) -> bool {
        atoms(p).any(|a| match a {
            Atom::Lane(Of::Block) | Atom::Warp(Of::Block) => true,
            Atom::LaneStride(c) => self.lane_stride.get(c) == Some(&Of::Block),
            _ => false,
        })
    }

    /// `p` with the lane and warp numbers of `threadIdx.x` rewritten as those of the grid
    /// index (equal when `blockDim.x` is a multiple of 32): `threadIdx.x % 32` -> `gx % 32`,
    /// `blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32` -> `gx / 32`. `None` when a
    /// warp number of the block is left over (it does not name a row on its own).
    fn in_grid_terms(&self, p: &Poly) -> Option<Poly> {
        let mut p = p.substitute(&Atom::Lane(Of::Block), &Poly::atom(Atom::Lane(Of::Grid)));
        if let Some(q) = p.coefficient_of(&Atom::Warp(Of::Block)) {
            let row_of_block = Poly::atom(Atom::Builtin("blockIdx", 0))
                .mul(&Poly::atom(Atom::WarpsPerBlock))
                .add(&Poly::atom(Atom::Warp(Of::Block)));
            p = p
                .sub(&row_of_block.mul(&q))
                .add(&Poly::atom(Atom::Warp(Of::Grid)).mul(&q));
        }
        let leftover = atoms(&p).any(|a| *a == Atom::Warp(Of::Block));
        (!leftover).then_some(p)
    }

    /// The warp-per-row argument (module comment) for an index with lane or warp numbers;
    /// `None` when it has none. `ranges`: the enclosing loops' counters.
    pub fn row_unique(&self, index: &Poly, ranges: &[CounterRange]) -> Option<Unique> {
        if !atoms(index).any(|a| matches!(a, Atom::Lane(_) | Atom::Warp(_) | Atom::LaneStride(_))) {
            return None;
        }
        let proven = self.dims_at_most(1) && self.row_lane_distinct(index, ranges);
        Some(match (proven, self.needs_whole_warps(index)) {
            (false, _) => Unique::No,
            (true, false) => Unique::Yes,
            (true, true) => Unique::IfWholeWarps,
        })
    }

    /// Is the address `S * row + lane` or `S * row + c` (module comment), in grid terms?
    fn row_lane_distinct(&self, index: &Poly, ranges: &[CounterRange]) -> bool {
        let Some(p) = self.in_grid_terms(index) else {
            return false;
        };
        let varying = p.varying_part();
        let row = Atom::Warp(Of::Grid);
        let Some(s) = varying.coefficient_of(&row) else {
            return false;
        };
        if self.changes_over_time(&p.sub(&varying)) || !s.is_uniform() || self.changes_over_time(&s)
        {
            return false;
        }
        let rest = varying.sub(&Poly::atom(row).mul(&s));
        if rest == Poly::atom(Atom::Lane(Of::Grid)) {
            return s.as_constant().is_some_and(|s| s >= 32);
        }
        // A lane-strided counter whose loop ends at the row length.
        let Some(counter) = atoms(&rest).find_map(|a| match a {
            Atom::LaneStride(c) => Some(c.clone()),
            _ => None,
        }) else {
            return false;
        };
        rest == Poly::atom(Atom::LaneStride(counter.clone()))
            && ranges
                .iter()
                .rev()
                .find(|r| r.counter == counter)
                .is_some_and(|r| lane_start(&r.start).is_some() && r.end == s)
    }

    /// Does `p` name one address per warp (a row, no lane)? Its lanes share it.
    pub fn shared_by_lanes(&self, p: &Poly) -> bool {
        atoms(p).any(|a| matches!(a, Atom::Warp(_)))
            && !atoms(p).any(|a| matches!(a, Atom::Lane(_) | Atom::LaneStride(_)))
    }

    /// Is `off` the same in every thread of a hardware warp but not of the block: a function
    /// of `blockIdx.x` and `threadIdx.x / 32` (a 1-D block's warps are its threads
    /// `32k .. 32k + 31`, whatever `blockDim.x` is)?
    pub fn warp_uniform(&self, off: &Poly) -> bool {
        let varying = off.varying_part();
        self.dims_at_most(1)
            && atoms(&varying).any(|a| *a == Atom::Warp(Of::Block))
            && atoms(&varying).all(|a| {
                !a.varies_per_thread()
                    || matches!(a, Atom::Warp(Of::Block) | Atom::Builtin("blockIdx", 0))
            })
    }

    /// Does condition `c` hold for all lanes of a hardware warp or for none: built from
    /// uniform values and comparisons of `threadIdx.x` with a multiple of 32 (`tid < 32`) in a
    /// 1-D block? Anything else may split a warp.
    pub fn warp_uniform_condition(&self, c: &Expr) -> bool {
        let tid = Poly::atom(Atom::Builtin("threadIdx", 0));
        let whole_warps = |bound: &Poly, off: i64| {
            bound
                .as_constant()
                .is_some_and(|k| (k + off).rem_euclid(32) == 0)
        };
        match &c.kind {
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Not, x) => self.warp_uniform_condition(x),
            ExprKind::Binary(BinOp::And | BinOp::Or, l, r) => {
                self.warp_uniform_condition(l) && self.warp_uniform_condition(r)
            }
            ExprKind::Binary(op @ (BinOp::Lt | BinOp::Ge | BinOp::Le | BinOp::Gt), l, r) => {
                let (pl, pr) = (self.poly(l), self.poly(r));
                if pl.is_uniform() && pr.is_uniform() {
                    return true;
                }
                // `tid < k` and `tid >= k` split at k; `tid <= k` and `tid > k` at k + 1.
                let off = i64::from(matches!(op, BinOp::Le | BinOp::Gt));
                self.dims_at_most(1)
                    && ((pl == tid && whole_warps(&pr, off))
                        || (pr == tid && whole_warps(&pl, 1 - off)))
            }
            _ => self.poly(c).is_uniform(),
        }
    }
}
