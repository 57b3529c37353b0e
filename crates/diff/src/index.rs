//! Index analysis: decides how each adjoint update to shared or global memory is accumulated.
//!
//! Integer index expressions are evaluated symbolically to polynomials over atoms (CUDA
//! builtins, uniform names, opaque thread-varying values). Single-assignment locals are
//! substituted by their definitions, so copies of an index, `idx + c`, `c*idx + d` and
//! `row*width + col` are recognized by value, not by name.

use crate::usage::lvalue_root;
pub use crate::warps::Of;
use cuad_syntax::ast::*;
use std::collections::{BTreeMap, HashMap, HashSet};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Atom {
    /// `threadIdx.x` ... `gridDim.z`
    Builtin(&'static str, u8),
    /// A value that is the same in every thread (parameters never written, constants).
    Uniform(String),
    /// A per-thread value cuad cannot analyze further, identified by its printed text.
    Opaque(String),
    /// The counter of a grid-stride loop: distinct across threads and iterations.
    GridStride(String),
    /// The counter of a block-stride loop (`j = threadIdx.x; ...; j += blockDim.x`): distinct
    /// across the threads of a block and iterations, the same in every block.
    BlockStride(String),
    /// A thread-varying integer divided (or shifted right) by a uniform amount, such as the
    /// row `t / width`: often the same for many neighbouring threads.
    Quotient(String),
    /// `x % 32`: the lane number of `threadIdx.x` or of the index in the grid (warps.rs).
    Lane(Of),
    /// `x / 32`: the warp number of `threadIdx.x` or of the index in the grid.
    Warp(Of),
    /// `blockDim.x / 32`.
    WarpsPerBlock,
    /// The counter of a lane-strided loop (`c = lane; ...; c += warpSize`).
    LaneStride(String),
}

impl Atom {
    pub fn varies_per_thread(&self) -> bool {
        match self {
            Atom::Builtin(b, _) => matches!(*b, "threadIdx" | "blockIdx"),
            Atom::Uniform(_) | Atom::WarpsPerBlock => false,
            Atom::Opaque(_)
            | Atom::GridStride(_)
            | Atom::BlockStride(_)
            | Atom::Quotient(_)
            | Atom::Lane(_)
            | Atom::Warp(_)
            | Atom::LaneStride(_) => true,
        }
    }
}

/// A polynomial with integer coefficients over atoms: monomial (sorted atoms) -> coefficient.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Poly(pub(crate) BTreeMap<Vec<Atom>, i64>);

impl Poly {
    pub fn constant(c: i64) -> Poly {
        let mut m = BTreeMap::new();
        if c != 0 {
            m.insert(vec![], c);
        }
        Poly(m)
    }
    pub fn atom(a: Atom) -> Poly {
        Poly(BTreeMap::from([(vec![a], 1)]))
    }
    pub fn add(&self, o: &Poly) -> Poly {
        let mut m = self.0.clone();
        for (k, v) in &o.0 {
            let e = m.entry(k.clone()).or_insert(0);
            *e += v;
            if *e == 0 {
                m.remove(k);
            }
        }
        Poly(m)
    }
    pub fn scale(&self, c: i64) -> Poly {
        if c == 0 {
            return Poly::default();
        }
        Poly(self.0.iter().map(|(k, v)| (k.clone(), v * c)).collect())
    }
    pub fn sub(&self, o: &Poly) -> Poly {
        self.add(&o.scale(-1))
    }
    /// No atoms: a plain number.
    pub fn is_constant(&self) -> bool {
        self.0.keys().all(|k| k.is_empty())
    }
    pub fn mul(&self, o: &Poly) -> Poly {
        let mut out = Poly::default();
        for (ka, va) in &self.0 {
            for (kb, vb) in &o.0 {
                let mut k: Vec<Atom> = ka.iter().chain(kb).cloned().collect();
                k.sort();
                out = out.add(&Poly(BTreeMap::from([(k, va * vb)])));
            }
        }
        out
    }
    pub fn as_constant(&self) -> Option<i64> {
        match self.0.len() {
            0 => Some(0),
            1 => self.0.get(&vec![]).copied(),
            _ => None,
        }
    }
    pub fn is_uniform(&self) -> bool {
        self.0
            .keys()
            .all(|k| k.iter().all(|a| !a.varies_per_thread()))
    }
    /// The polynomial with every factor `a` replaced by `by`.
    pub fn substitute(&self, a: &Atom, by: &Poly) -> Poly {
        let mut out = Poly::default();
        for (k, v) in &self.0 {
            let mut term = Poly(BTreeMap::from([(
                k.iter().filter(|x| *x != a).cloned().collect(),
                *v,
            )]));
            for _ in k.iter().filter(|x| *x == a) {
                term = term.mul(by);
            }
            out = out.add(&term);
        }
        out
    }
    /// The part of the polynomial whose monomials vary per thread.
    pub fn varying_part(&self) -> Poly {
        Poly(
            self.0
                .iter()
                .filter(|(k, _)| k.iter().any(Atom::varies_per_thread))
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
        )
    }
    /// Exact division of every coefficient by `c`.
    fn div_exact(&self, c: i64) -> Option<Poly> {
        if c == 0 || self.0.values().any(|v| v % c != 0) {
            return None;
        }
        Some(Poly(
            self.0.iter().map(|(k, v)| (k.clone(), v / c)).collect(),
        ))
    }
    /// The sum of the monomials that have the factor `a` (once), with it removed: the
    /// coefficient of `a`. `None` when no monomial has it.
    pub fn coefficient_of(&self, a: &Atom) -> Option<Poly> {
        let mut out = BTreeMap::new();
        for (k, v) in &self.0 {
            if let Some(pos) = k.iter().position(|x| x == a) {
                let mut k2 = k.clone();
                k2.remove(pos);
                if k2.contains(a) {
                    return None;
                }
                out.insert(k2, *v);
            }
        }
        (!out.is_empty()).then_some(Poly(out))
    }

    /// Removes one factor `a` from every monomial that has it; `None` if some monomial lacks it.
    fn divide_by_atom(&self, a: &Atom) -> Option<Poly> {
        let mut out = BTreeMap::new();
        for (k, v) in &self.0 {
            let pos = k.iter().position(|x| x == a)?;
            let mut k2 = k.clone();
            k2.remove(pos);
            out.insert(k2, *v);
        }
        Some(Poly(out))
    }
}

const DIMS: [&str; 3] = ["x", "y", "z"];

fn builtin(name: &'static str, dim: usize) -> Poly {
    Poly::atom(Atom::Builtin(name, dim as u8))
}

/// `blockIdx.d * blockDim.d + threadIdx.d`: the global thread coordinate in dimension `d`.
pub fn global_coord(dim: usize) -> Poly {
    builtin("blockIdx", dim)
        .mul(&builtin("blockDim", dim))
        .add(&builtin("threadIdx", dim))
}

/// Whether an address is distinct per thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unique {
    No,
    Yes,
    /// Only when `blockDim.x` is a multiple of 32 (a lane or row of `threadIdx.x`, warps.rs).
    IfWholeWarps,
}

/// How an adjoint update at an address is performed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Plain `+=`: the address is private or provably distinct per thread.
    Plain(&'static str),
    /// Plain `+=` when `blockDim.x` is a multiple of 32 (the address is then distinct per
    /// thread), else `atomicAdd`: a uniform test at run time.
    PlainIfWholeWarps,
    /// Same address for every thread of the kernel: a register summed over the block at the
    /// end of the kernel, then one atomic per block.
    KernelInvariant,
    /// Same address for every thread at this point: warp reduction, one atomic per warp.
    Uniform,
    /// Address varying only through quotients: warp reduction when the warp shares it at run
    /// time, else `atomicAdd`.
    WarpGrouped,
    /// Address the same for the threads of a block that differ only in `threadIdx.x` (a 2-D
    /// block's row `As[threadIdx.y][k]`): reduction over each row's lanes of the warp, one
    /// atomic per row and warp, when the rows are aligned groups of a whole warp.
    RowGrouped,
    /// Address the same for the threads of a 2-D block that differ only in `threadIdx.y`/`.z`
    /// (a column: `_d_Bs[k][threadIdx.x]`, a bias `_d_b[col]`): reduction over the lanes of
    /// the warp in the same column, one atomic per column and warp, when blockDim.x is a
    /// power of two up to 8.
    ColumnGrouped,
    /// Anything else.
    Atomic,
    /// A pointer that may point into a thread's local array: `+=` where the address is
    /// local at run time, else `atomicAdd`.
    AtomicUnlessLocal,
}

/// Facts the analysis knows about the kernel body.
#[derive(Default)]
pub struct IndexEnv {
    /// Locals assigned exactly once outside any loop: name -> defining expression.
    pub defs: HashMap<String, Expr>,
    /// Names whose value is the same in every thread for the whole kernel.
    pub uniform_names: HashSet<String>,
    /// Grid-stride loop counters.
    pub grid_stride: HashSet<String>,
    /// Block-stride loop counters.
    pub block_stride: HashSet<String>,
    /// Lane-strided loop counters (every loop over the name starts at the lane number of
    /// the same coordinate and steps by 32), with that coordinate.
    pub lane_stride: HashMap<String, Of>,
    /// Loop counters whose bounds are uniform (uniform at each iteration).
    pub uniform_counters: HashSet<String>,
    /// Polynomials of indices used by plain (non-atomic) primal stores to global memory, with
    /// the conditions (printed, negated) of the `if`s around each store: the primal is
    /// race-free, so these addresses are distinct among the threads that pass those
    /// conditions (`if (t == 0) out[blockIdx.x] = ..` says nothing about the other threads).
    pub stored_indices: Vec<(Poly, Vec<(String, bool)>)>,
    /// Dimensions of `threadIdx` / `blockIdx` the body mentions (1 + the highest: `.y` -> 2).
    /// A kernel that never mentions `.y` is launched 1-D (else its threads along `y` would do
    /// the same work), so an index over `x` alone is distinct per thread only then.
    pub thread_dims: usize,
    pub block_dims: usize,
}

impl IndexEnv {
    pub fn poly(&self, e: &Expr) -> Poly {
        self.poly_depth(e, 0)
    }

    fn opaque(e: &Expr) -> Poly {
        Poly::atom(Atom::Opaque(cuad_emit::print_expr(e)))
    }

    fn poly_depth(&self, e: &Expr, depth: usize) -> Poly {
        if depth > 64 {
            return Self::opaque(e);
        }
        let rec = |x: &Expr| self.poly_depth(x, depth + 1);
        // Quotients and choices of constants are constants (`3 * (3 + 1) / 2`, `N > 2 ? 6 : 3`).
        if matches!(&e.kind, ExprKind::Binary(..) | ExprKind::Cond(..)) {
            let leaf = |x: &Expr| rec(x).as_constant();
            if let Some(v) = cuad_sema::fold_constant(e, &leaf) {
                return Poly::constant(v);
            }
        }
        if let ExprKind::Binary(op @ (BinOp::Rem | BinOp::BitAnd | BinOp::Div | BinOp::Shr), l, r) =
            &e.kind
        {
            if let Some(a) = crate::warps::atom(*op, &rec(l), &rec(r)) {
                return Poly::atom(a);
            }
        }
        match &e.kind {
            ExprKind::IntLit(t) => parse_int(t)
                .map(Poly::constant)
                .unwrap_or_else(|| Self::opaque(e)),
            ExprKind::Paren(x) => rec(x),
            ExprKind::Cast { ty, expr, .. } if is_integer(ty) => rec(expr),
            ExprKind::Unary(UnOp::Neg, x) => rec(x).scale(-1),
            ExprKind::Unary(UnOp::Plus, x) => rec(x),
            ExprKind::Binary(BinOp::Add, l, r) => rec(l).add(&rec(r)),
            ExprKind::Binary(BinOp::Sub, l, r) => rec(l).sub(&rec(r)),
            ExprKind::Binary(BinOp::Mul, l, r) => rec(l).mul(&rec(r)),
            ExprKind::Binary(BinOp::Shl, l, r) => match rec(r).as_constant() {
                Some(k) if (0..31).contains(&k) => rec(l).scale(1 << k),
                _ => Self::opaque(e),
            },
            ExprKind::Member {
                base,
                field,
                arrow: false,
            } => match &base.kind {
                ExprKind::Ident(b) => match (b.as_str(), DIMS.iter().position(|d| d == field)) {
                    ("threadIdx", Some(d)) => builtin("threadIdx", d),
                    ("blockIdx", Some(d)) => builtin("blockIdx", d),
                    ("blockDim", Some(d)) => builtin("blockDim", d),
                    ("gridDim", Some(d)) => builtin("gridDim", d),
                    _ => self.name_poly(&cuad_emit::print_expr(e), e, depth),
                },
                _ => Self::opaque(e),
            },
            ExprKind::Ident(n) => self.name_poly(n, e, depth),
            ExprKind::Binary(BinOp::Div | BinOp::Shr, l, r)
                if rec(r).is_uniform() && !rec(l).is_uniform() =>
            {
                Poly::atom(Atom::Quotient(cuad_emit::print_expr(e)))
            }
            _ => {
                // Divisions, loads and calls: uniform when every name in them is uniform.
                let uniform = !crate::usage::any_expr(e, &|x| match &x.kind {
                    ExprKind::Ident(n) => {
                        !self.uniform_names.contains(n)
                            && !matches!(n.as_str(), "warpSize" | "blockDim" | "gridDim")
                    }
                    ExprKind::Member { base, .. } => {
                        matches!(&base.kind, ExprKind::Ident(b) if b == "threadIdx" || b == "blockIdx")
                    }
                    ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => true,
                    _ => false,
                });
                if uniform {
                    Poly::atom(Atom::Uniform(cuad_emit::print_expr(e)))
                } else {
                    Self::opaque(e)
                }
            }
        }
    }

    fn name_poly(&self, n: &str, e: &Expr, depth: usize) -> Poly {
        if self.grid_stride.contains(n) {
            return Poly::atom(Atom::GridStride(n.to_string()));
        }
        if self.block_stride.contains(n) {
            return Poly::atom(Atom::BlockStride(n.to_string()));
        }
        if self.lane_stride.contains_key(n) {
            return Poly::atom(Atom::LaneStride(n.to_string()));
        }
        if let Some(def) = self.defs.get(n) {
            return self.poly_depth(def, depth + 1);
        }
        if self.uniform_names.contains(n) || self.uniform_counters.contains(n) || n == "warpSize" {
            return Poly::atom(Atom::Uniform(n.to_string()));
        }
        Self::opaque(e)
    }

    /// Does `index` vary between threads only through quotients (`row * w + c` with
    /// `row = t / w`)? Such addresses are usually shared by a warp, but not provably.
    /// Does `index` vary per thread only through `threadIdx.y`/`.z` and `blockIdx` (never
    /// through `threadIdx.x` or a value cuad cannot see)? Threads that differ only in
    /// `threadIdx.x` then share the address.
    pub fn varies_by_rows_only(&self, index: &Poly) -> bool {
        let varying = index.varying_part();
        let row = |a: &Atom| matches!(a, Atom::Builtin("threadIdx", 1 | 2));
        varying.0.keys().any(|k| k.iter().any(row))
            && varying.0.keys().all(|k| {
                k.iter().all(|a| {
                    row(a) || matches!(a, Atom::Builtin("blockIdx", _)) || !a.varies_per_thread()
                })
            })
    }

    /// Does `index` vary per thread only through `threadIdx.x` and `blockIdx`, in a kernel
    /// whose blocks have more dimensions? Threads of a column then share the address.
    pub fn varies_by_columns_only(&self, index: &Poly) -> bool {
        let varying = index.varying_part();
        let column = |a: &Atom| matches!(a, Atom::Builtin("threadIdx", 0));
        self.thread_dims >= 2
            && varying.0.keys().any(|k| k.iter().any(column))
            && varying.0.keys().all(|k| {
                k.iter().all(|a| {
                    column(a) || matches!(a, Atom::Builtin("blockIdx", _)) || !a.varies_per_thread()
                })
            })
    }

    pub fn varies_by_quotients_only(&self, index: &Poly) -> bool {
        let varying = index.varying_part();
        !varying.0.is_empty()
            && varying.0.keys().all(|k| {
                k.iter().all(|a| {
                    matches!(a, Atom::Quotient(_) | Atom::Warp(_)) || !a.varies_per_thread()
                })
            })
    }

    /// Is `index` provably distinct for distinct threads, given guard facts `lt` (pairs
    /// `(a, b)` meaning `a < b` holds where the update happens)?
    pub fn is_thread_unique(
        &self,
        index: &Poly,
        lt: &[(Poly, Poly)],
        guards: &[(String, bool)],
        ranges: &[CounterRange],
    ) -> Unique {
        let varying = index.varying_part();
        if varying.0.is_empty() || !index.0.keys().all(|k| known_atoms(k)) {
            return Unique::No;
        }
        // A row's value stored by one lane (`if (lane == 0) mean[row] = ..`) is not private
        // to that lane: the others may read it (warps.rs).
        if !self.shared_by_lanes(index)
            && self
                .stored_indices
                .iter()
                .any(|(p, conds)| p == index && conds.iter().all(|c| guards.contains(c)))
        {
            // A lane or row of `threadIdx.x` is one only in blocks of whole warps (warps.rs):
            // the primal's distinct stores (`if (lane == 0) y[row] = ..`) say nothing about
            // other launches.
            let whole_warps = self.needs_whole_warps(index)
                || lt
                    .iter()
                    .any(|(a, b)| self.needs_whole_warps(a) || self.needs_whole_warps(b));
            return if whole_warps {
                Unique::IfWholeWarps
            } else {
                Unique::Yes
            };
        }
        if let Some(unique) = self.row_unique(index, ranges) {
            return unique;
        }
        if self.distinct_by_thread_index(index, &varying, lt, ranges) {
            Unique::Yes
        } else {
            Unique::No
        }
    }

    /// Distinctness through `threadIdx`, block- and grid-stride counters.
    fn distinct_by_thread_index(
        &self,
        index: &Poly,
        varying: &Poly,
        lt: &[(Poly, Poly)],
        ranges: &[CounterRange],
    ) -> bool {
        // Block-stride counter `j` in `[threadIdx.x, S)` plus `S * blockIdx.x`: the blocks own
        // disjoint windows of S, the threads of a block distinct `j`s.
        if let Some(unique) = self.block_stride_unique(varying, ranges) {
            return unique;
        }
        // Grid-stride counter: c * i.
        if varying.0.len() == 1 && self.dims_at_most(1) {
            if let Some((k, c)) = varying.0.iter().next() {
                if k.len() == 1 && matches!(k[0], Atom::GridStride(_)) && *c != 0 {
                    return true;
                }
            }
        }
        // varying = stride * unit, the stride one uniform monomial (`4`, `m`, `4 * m`).
        let Some(stride) = self.thread_stride(varying) else {
            return false;
        };
        let Some(unit) = quotient(varying, &stride) else {
            return false;
        };
        // What changes over time in one thread (loop counters) must stay within one stride,
        // or another thread's address at another iteration could be this one.
        if !self.within_stride(&index.sub(varying), &stride, ranges) {
            return false;
        }
        // 1-D: gx
        let gx = global_coord(0);
        if unit == gx {
            return self.dims_at_most(1);
        }
        // 2-D: gy * W + gx with gx < W
        let rest = unit.sub(&gx);
        let Some(w) = rest.coefficient_of(&Atom::Builtin("threadIdx", 1)) else {
            return false;
        };
        if !w.is_uniform() || !guarded(lt, &gx, &w) {
            return false;
        }
        let gy = global_coord(1);
        if rest == gy.mul(&w) {
            return self.dims_at_most(2);
        }
        // 3-D: (gz * H + gy) * W + gx with gx < W and gy < H
        let rest2 = rest.sub(&gy.mul(&w));
        let Some(hw) = rest2.coefficient_of(&Atom::Builtin("threadIdx", 2)) else {
            return false;
        };
        let gz = global_coord(2);
        let h = quotient(&hw, &w);
        match h {
            Some(h) => h.is_uniform() && guarded(lt, &gy, &h) && rest2 == gz.mul(&h).mul(&w),
            None => false,
        }
    }
}

impl IndexEnv {
    /// Does the kernel use at most `d` dimensions of threads and of blocks?
    pub fn dims_at_most(&self, d: usize) -> bool {
        self.thread_dims <= d && self.block_dims <= d
    }

    /// `Some(answer)` when `varying` has a block-stride counter: `S * blockIdx.x + j` with the
    /// counter below `S` is distinct per thread; anything else with one is not.
    fn block_stride_unique(&self, varying: &Poly, ranges: &[CounterRange]) -> Option<bool> {
        let counter = varying.0.keys().flatten().find_map(|a| match a {
            Atom::BlockStride(c) => Some(c.clone()),
            _ => None,
        })?;
        let j = Poly::atom(Atom::BlockStride(counter.clone()));
        let rest = varying.sub(&j);
        let Some(range) = ranges.iter().rev().find(|r| r.counter == counter) else {
            return Some(false);
        };
        let Some(stride) = rest.coefficient_of(&Atom::Builtin("blockIdx", 0)) else {
            return Some(false);
        };
        Some(
            rest == stride.mul(&builtin("blockIdx", 0))
                && self.dims_at_most(1)
                && stride.is_uniform()
                && !self.changes_over_time(&stride)
                && range.end == stride
                && range.start == builtin("threadIdx", 0),
        )
    }

    /// The factor multiplying `threadIdx.x` in `varying`, when it is a single monomial of
    /// names that do not change during the kernel.
    fn thread_stride(&self, varying: &Poly) -> Option<Poly> {
        let tx = Atom::Builtin("threadIdx", 0);
        let with_tx: Vec<(&Vec<Atom>, &i64)> =
            varying.0.iter().filter(|(k, _)| k.contains(&tx)).collect();
        let [(k, c)] = with_tx.as_slice() else {
            return None;
        };
        let mut rest = (*k).clone();
        rest.remove(rest.iter().position(|a| *a == tx)?);
        let stride = Poly(BTreeMap::from([(rest, **c)]));
        (stride.is_uniform() && !self.changes_over_time(&stride)).then_some(stride)
    }

    /// The ranges (innermost enclosing loop's) of the loop counters `off` uses, by name.
    pub fn relevant_ranges(
        &self,
        off: &Poly,
        ranges: &[CounterRange],
    ) -> Vec<(String, Option<(Poly, Poly)>)> {
        let mut counters: Vec<&String> = self
            .uniform_counters
            .iter()
            .filter(|c| {
                off.0
                    .keys()
                    .flatten()
                    .any(|a| matches!(a, Atom::Uniform(t) if mentions(t, c)))
            })
            .chain(self.block_stride.iter().filter(|c| {
                off.0
                    .keys()
                    .flatten()
                    .any(|a| matches!(a, Atom::BlockStride(t) if t == *c))
            }))
            .chain(self.lane_stride.keys().filter(|c| {
                off.0
                    .keys()
                    .flatten()
                    .any(|a| matches!(a, Atom::LaneStride(t) if t == *c))
            }))
            .collect();
        counters.sort();
        counters
            .into_iter()
            .map(|c| {
                let r = ranges.iter().rev().find(|r| r.counter == *c);
                (c.clone(), r.map(|r| (r.start.clone(), r.end.clone())))
            })
            .collect()
    }

    /// Does a uniform polynomial mention a loop counter (so its value changes between
    /// iterations)?
    pub fn changes_over_time(&self, p: &Poly) -> bool {
        p.0.keys().flatten().any(|a| match a {
            Atom::Uniform(text) => self.uniform_counters.iter().any(|c| mentions(text, c)),
            _ => false,
        })
    }

    /// The part of a uniform offset that changes over time spans less than one stride: it
    /// is `c * k` for a counter `k` in `[lo, hi)` with `|c| * (hi - 1 - lo) < stride`.
    /// `ranges`: the counters of the loops enclosing the update, innermost last.
    pub fn within_stride(
        &self,
        uniform_part: &Poly,
        stride: &Poly,
        ranges: &[CounterRange],
    ) -> bool {
        let moving = Poly(
            uniform_part
                .0
                .iter()
                .filter(|(k, _)| self.changes_over_time(&Poly(BTreeMap::from([((*k).clone(), 1)]))))
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
        );
        if moving.0.is_empty() {
            return true;
        }
        let [(k, &c)] = moving.0.iter().collect::<Vec<_>>()[..] else {
            return false;
        };
        let [Atom::Uniform(counter)] = k.as_slice() else {
            return false;
        };
        let Some(CounterRange {
            start: lo, end: hi, ..
        }) = ranges.iter().rev().find(|r| r.counter == *counter)
        else {
            return false;
        };
        match (lo.as_constant(), hi.as_constant(), stride.as_constant()) {
            (Some(lo), Some(hi), Some(st)) => c.abs() * (hi - 1 - lo).max(0) < st.abs(),
            // `row * m + k` with `k` in `[lo, m)`, `lo >= 0`
            (Some(lo), _, _) => {
                c.abs() == 1 && lo >= 0 && (hi == stride || hi.scale(-1) == *stride)
            }
            _ => false,
        }
    }
}

/// Whether `text` (printed code) uses the identifier `name`.
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

/// Atoms the uniqueness argument can reason about (no opaque per-thread values).
fn known_atoms(k: &[Atom]) -> bool {
    k.iter()
        .all(|a| !matches!(a, Atom::Opaque(_) | Atom::Quotient(_)))
}

/// `hw / w` when `w` is a single monomial that divides every monomial of `hw`.
fn quotient(hw: &Poly, w: &Poly) -> Option<Poly> {
    if w.0.len() != 1 {
        return None;
    }
    let (wk, wc) = w.0.iter().next()?;
    let mut out = hw.div_exact(*wc)?;
    for a in wk {
        out = out.divide_by_atom(a)?;
    }
    Some(out)
}

fn guarded(lt: &[(Poly, Poly)], small: &Poly, bound: &Poly) -> bool {
    lt.iter().any(|(a, b)| a == small && b == bound)
}

fn is_integer(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Int { .. } | TyKind::Bool)
        || matches!(&ty.kind, TyKind::Named { name, .. } if matches!(name.as_str(), "size_t" | "ptrdiff_t" | "uint" | "int64_t" | "uint64_t" | "int32_t" | "uint32_t"))
}

pub fn parse_int(text: &str) -> Option<i64> {
    let t = text
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .replace('\'', "");
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return i64::from_str_radix(h, 16).ok();
    }
    if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        return i64::from_str_radix(b, 2).ok();
    }
    if t.len() > 1 && t.starts_with('0') {
        return i64::from_str_radix(&t[1..], 8).ok();
    }
    t.parse().ok()
}

/// Guard facts `a < b` implied by a condition that holds (`negated`: by its negation).
pub fn facts(env: &IndexEnv, cond: &Expr, negated: bool, out: &mut Vec<(Poly, Poly)>) {
    match (&cond.kind, negated) {
        (ExprKind::Paren(x), _) => facts(env, x, negated, out),
        (ExprKind::Unary(UnOp::Not, x), _) => facts(env, x, !negated, out),
        (ExprKind::Binary(BinOp::And, l, r), false) | (ExprKind::Binary(BinOp::Or, l, r), true) => {
            facts(env, l, negated, out);
            facts(env, r, negated, out);
        }
        (ExprKind::Binary(op, l, r), _) => {
            let (a, b) = (env.poly(l), env.poly(r));
            let one = Poly::constant(1);
            let op = if negated {
                match op {
                    BinOp::Lt => BinOp::Ge,
                    BinOp::Ge => BinOp::Lt,
                    BinOp::Gt => BinOp::Le,
                    BinOp::Le => BinOp::Gt,
                    _ => return,
                }
            } else {
                *op
            };
            match op {
                BinOp::Lt => out.push((a, b)),
                BinOp::Gt => out.push((b, a)),
                BinOp::Le => out.push((a, b.add(&one))),
                BinOp::Ge => out.push((b, a.add(&one))),
                _ => {}
            }
        }
        _ => {}
    }
}

/// Builds the environment: single definitions, uniform names, loop counters, primal stores.
/// `by_reference` are the variables calls may assign through reference parameters (`take(p)`
/// moving a pointer): they have no single definition.
pub fn build_env(
    params: &[(String, Ty)],
    body: &[Stmt],
    global_ptrs: &HashSet<String>,
    params_uniform: bool,
    constants: &[(String, i64)],
    by_reference: &crate::usage::Names,
) -> IndexEnv {
    let mut env = IndexEnv::default();
    for (name, value) in constants {
        env.defs.insert(
            name.clone(),
            Expr::synth(ExprKind::IntLit(value.to_string())),
        );
    }
    let mut counts: HashMap<String, (usize, bool)> = HashMap::new();
    count_assignments(body, false, &mut counts);
    record_writes(by_reference.clone(), 2, true, &mut counts);
    for (name, _) in params {
        // Kernel parameters are the same in every thread; a device function's are not.
        if params_uniform && !counts.contains_key(name) {
            env.uniform_names.insert(name.clone());
        }
    }
    // A parameter has a value before its one assignment: that is no definition of every use
    // (and `r = r + 0.5 * r` as one would expand itself without end).
    let not_defs: HashSet<String> = params.iter().map(|(n, _)| n.clone()).collect();
    collect_defs(body, false, &counts, &not_defs, &mut env.defs);
    // Locals defined once from uniform values are uniform too.
    loop {
        let before = env.uniform_names.len();
        let defs: Vec<(String, Expr)> = env
            .defs
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (name, def) in defs {
            if !env.uniform_names.contains(&name) && env.poly(&def).is_uniform() && !has_load(&def)
            {
                env.uniform_names.insert(name);
            }
        }
        if env.uniform_names.len() == before {
            break;
        }
    }
    let mut lane_loops = HashMap::new();
    collect_loops(body, &mut env, &mut lane_loops);
    env.lane_stride = lane_loops
        .into_iter()
        .filter_map(|(c, of)| Some((c, of?)))
        .collect();
    collect_stores(body, global_ptrs, &mut vec![], &mut env);
    (env.thread_dims, env.block_dims) = (
        dims_mentioned(body, "threadIdx"),
        dims_mentioned(body, "blockIdx"),
    );
    env
}

/// 1 + the highest dimension of `builtin` (`threadIdx`, `blockIdx`) the body mentions.
fn dims_mentioned(body: &[Stmt], builtin: &str) -> usize {
    let mut dims = 1;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Member { base, field, .. } = &x.kind {
                    if matches!(&base.kind, ExprKind::Ident(b) if b == builtin) {
                        if let Some(d) = DIMS.iter().position(|d| d == field) {
                            dims = dims.max(d + 1);
                        }
                    }
                }
            })
        });
    }
    dims
}

fn has_load(e: &Expr) -> bool {
    crate::usage::any_expr(e, &|x| {
        matches!(
            x.kind,
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _)
        )
    })
}

fn record_writes(
    w: crate::usage::Names,
    times: usize,
    in_loop: bool,
    counts: &mut HashMap<String, (usize, bool)>,
) {
    for n in w {
        let e = counts.entry(n).or_insert((0, false));
        e.0 += times;
        e.1 |= in_loop;
    }
}

fn count_assignments(stmts: &[Stmt], in_loop: bool, counts: &mut HashMap<String, (usize, bool)>) {
    for s in stmts {
        let mut w = crate::usage::Names::new();
        match &s.kind {
            StmtKind::Expr(e) => crate::usage::var_writes(e, &mut w),
            StmtKind::Decl(_) => crate::usage::stmt_writes_one(s, &mut w),
            _ => {}
        }
        record_writes(w, 1, in_loop, counts);
        if let StmtKind::For { init, step, .. } = &s.kind {
            if let Some(i) = init {
                count_assignments(std::slice::from_ref(i.as_ref()), in_loop, counts);
            }
            if let Some(st) = step {
                let mut w = crate::usage::Names::new();
                crate::usage::var_writes(st, &mut w);
                record_writes(w, 2, true, counts);
            }
        }
        let loop_here = is_loop(s);
        for child in children(s) {
            count_assignments(child, in_loop || loop_here, counts);
        }
    }
}

fn is_loop(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    )
}

/// Child statement lists of a statement (a for-init is not a child: it runs once).
fn children(s: &Stmt) -> Vec<&[Stmt]> {
    match &s.kind {
        StmtKind::Block(b) => vec![b.as_slice()],
        StmtKind::If { then, els, .. } => {
            let mut v = vec![std::slice::from_ref(then.as_ref())];
            if let Some(e) = els {
                v.push(std::slice::from_ref(e.as_ref()));
            }
            v
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => {
            vec![std::slice::from_ref(body.as_ref())]
        }
        _ => vec![],
    }
}

fn collect_defs(
    stmts: &[Stmt],
    in_loop: bool,
    counts: &HashMap<String, (usize, bool)>,
    not_defs: &HashSet<String>,
    defs: &mut HashMap<String, Expr>,
) {
    for s in stmts {
        if let StmtKind::Expr(Expr {
            kind: ExprKind::Assign(None, l, r),
            ..
        }) = &s.kind
        {
            if let ExprKind::Ident(n) = &l.kind {
                let mut read = crate::usage::Names::new();
                crate::usage::reads(r, &mut read);
                if counts.get(n) == Some(&(1, false))
                    && !in_loop
                    && !not_defs.contains(n)
                    && !read.contains(n)
                {
                    defs.insert(n.clone(), (**r).clone());
                }
            }
        }
        if let StmtKind::For { init: Some(i), .. } = &s.kind {
            collect_defs(
                std::slice::from_ref(i.as_ref()),
                in_loop,
                counts,
                not_defs,
                defs,
            );
        }
        let loop_here = is_loop(s);
        for child in children(s) {
            collect_defs(child, in_loop || loop_here, counts, not_defs, defs);
        }
    }
}

/// `lane_loops`: each loop counter's lane coordinate when every loop over it is lane-strided
/// (`None` once one is not).
fn collect_loops(stmts: &[Stmt], env: &mut IndexEnv, lane_loops: &mut HashMap<String, Option<Of>>) {
    for s in stmts {
        if let StmtKind::For {
            init: Some(init),
            cond: Some(cond),
            step: Some(step),
            body,
        } = &s.kind
        {
            if let Some((counter, start)) = counter_init(init) {
                let mut body_writes = crate::usage::Names::new();
                crate::usage::stmt_writes_one(body, &mut body_writes);
                let stride = step_stride(step, &counter).map(|st| env.poly(&st));
                let lane = crate::warps::lane_start(&env.poly(&start)).filter(|_| {
                    !body_writes.contains(&counter)
                        && stride.as_ref().is_some_and(crate::warps::is_lane_stride)
                        && bound_uniform(env, cond, &counter)
                });
                let seen = lane_loops.entry(counter.clone()).or_insert(lane);
                if *seen != lane {
                    *seen = None;
                }
                if !body_writes.contains(&counter) {
                    let total = builtin("blockDim", 0).mul(&builtin("gridDim", 0));
                    if env.poly(&start) == global_coord(0) && stride.as_ref() == Some(&total) {
                        env.grid_stride.insert(counter.clone());
                    } else if env.poly(&start) == builtin("threadIdx", 0)
                        && stride.as_ref() == Some(&builtin("blockDim", 0))
                        && bound_uniform(env, cond, &counter)
                    {
                        env.block_stride.insert(counter.clone());
                    } else if env.poly(&start).is_uniform()
                        && (stride.as_ref().is_some_and(|p| p.is_uniform())
                            || geometric_step(env, step, &counter))
                        && bound_uniform(env, cond, &counter)
                    {
                        env.uniform_counters.insert(counter.clone());
                    }
                }
            }
        }
        for child in children(s) {
            collect_loops(child, env, lane_loops);
        }
    }
}

/// The values a uniform counter takes inside its loop's body: `(k, start, end)` for
/// `for (k = start; k < end; k += c)` with a constant `c > 0` and `k` not written in the body.
pub fn counter_range(env: &IndexEnv, s: &Stmt) -> Option<CounterRange> {
    let CountedFor {
        counter,
        start,
        cond,
        step,
        body,
        ..
    } = CountedFor::of(s)?;
    let lane_strided = env.lane_stride.contains_key(&counter);
    if !env.uniform_counters.contains(&counter)
        && !env.block_stride.contains(&counter)
        && !lane_strided
    {
        return None;
    }
    let mut body_writes = crate::usage::Names::new();
    crate::usage::stmt_writes_one(body, &mut body_writes);
    let stride = env.poly(&step_stride(step, &counter)?);
    let positive = stride.as_constant().is_some_and(|c| c > 0)
        || (env.block_stride.contains(&counter) && stride == builtin("blockDim", 0))
        || (lane_strided && crate::warps::is_lane_stride(&stride));
    if body_writes.contains(&counter) || !positive {
        return None;
    }
    let end = exclusive_end(env, cond, &counter)?;
    Some(CounterRange {
        counter,
        start: env.poly(&start),
        end,
    })
}

/// An access to an array for the uniqueness argument: its offset (`None`: unknown) and the
/// ranges of the loop counters the offset uses (`None`: a counter without a known range).
pub type AccessKey = (Option<Poly>, Vec<(String, Option<(Poly, Poly)>)>);

/// A loop counter's values in the body of its loop: `[start, end)`.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterRange {
    pub counter: String,
    pub start: Poly,
    pub end: Poly,
}

/// `k >>= c`, `k <<= c`, `k *= c`, `k /= c` (or `k = k op c`) with a uniform `c`: a counter
/// that every thread steps through the same values.
fn geometric_step(env: &IndexEnv, step: &Expr, counter: &str) -> bool {
    let is_counter =
        |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == counter);
    let geometric = |op: &BinOp| matches!(op, BinOp::Shr | BinOp::Shl | BinOp::Mul | BinOp::Div);
    match &step.strip_parens().kind {
        ExprKind::Assign(Some(op), l, r) => {
            geometric(op) && is_counter(l) && env.poly(r).is_uniform()
        }
        ExprKind::Assign(None, l, r) => match &r.strip_parens().kind {
            ExprKind::Binary(op, a, c) => {
                geometric(op) && is_counter(l) && is_counter(a) && env.poly(c).is_uniform()
            }
            _ => false,
        },
        _ => false,
    }
}

/// `end` of a loop condition `k < end` / `k <= end - 1` / `end > k`.
fn exclusive_end(env: &IndexEnv, cond: &Expr, counter: &str) -> Option<Poly> {
    let is_counter =
        |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == counter);
    match &cond.strip_parens().kind {
        ExprKind::Binary(BinOp::Lt, l, r) if is_counter(l) => Some(env.poly(r)),
        ExprKind::Binary(BinOp::Le, l, r) if is_counter(l) => {
            Some(env.poly(r).add(&Poly::constant(1)))
        }
        ExprKind::Binary(BinOp::Gt, l, r) if is_counter(r) => Some(env.poly(l)),
        ExprKind::Binary(BinOp::Ge, l, r) if is_counter(r) => {
            Some(env.poly(l).add(&Poly::constant(1)))
        }
        _ => None,
    }
}

fn bound_uniform(env: &IndexEnv, cond: &Expr, counter: &str) -> bool {
    match &cond.strip_parens().kind {
        ExprKind::Binary(_, l, r) => {
            let (l, r) = (l.strip_parens(), r.strip_parens());
            let other = if matches!(&l.kind, ExprKind::Ident(n) if n == counter) {
                r
            } else {
                l
            };
            env.poly(other).is_uniform()
        }
        _ => false,
    }
}

/// A `for` with all three clauses whose init sets one counter (`i = a` / `int i = a`).
pub struct CountedFor<'a> {
    pub init: &'a Stmt,
    pub counter: String,
    pub start: Expr,
    pub cond: &'a Expr,
    pub step: &'a Expr,
    pub body: &'a Stmt,
}

impl<'a> CountedFor<'a> {
    pub fn of(s: &'a Stmt) -> Option<CountedFor<'a>> {
        let StmtKind::For {
            init: Some(init),
            cond: Some(cond),
            step: Some(step),
            body,
        } = &s.kind
        else {
            return None;
        };
        let (counter, start) = counter_init(init)?;
        Some(CountedFor {
            init,
            counter,
            start,
            cond,
            step,
            body,
        })
    }
}

/// `i = a` / `int i = a` in a for-init: the counter and its start.
pub fn counter_init(init: &Stmt) -> Option<(String, Expr)> {
    match &init.kind {
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(None, l, r),
            ..
        }) => match &l.kind {
            ExprKind::Ident(n) => Some((n.clone(), (**r).clone())),
            _ => None,
        },
        StmtKind::Decl(d) if d.vars.len() == 1 => match &d.vars[0].init {
            Some(Init::Assign(e)) => Some((d.vars[0].name.clone(), e.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// The signed stride of a loop step on `counter`: `i++` -> 1, `i -= c` -> -c.
pub fn step_stride(step: &Expr, counter: &str) -> Option<Expr> {
    let is_counter =
        |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == counter);
    match &step.strip_parens().kind {
        ExprKind::Unary(UnOp::PreInc | UnOp::PostInc, x) if is_counter(x) => {
            Some(crate::builder::int_lit(1))
        }
        ExprKind::Unary(UnOp::PreDec | UnOp::PostDec, x) if is_counter(x) => {
            Some(crate::builder::int_lit(-1))
        }
        ExprKind::Assign(Some(BinOp::Add), l, r) if is_counter(l) => Some((**r).clone()),
        ExprKind::Assign(Some(BinOp::Sub), l, r) if is_counter(l) => {
            Some(crate::builder::neg(crate::builder::paren((**r).clone())))
        }
        ExprKind::Assign(None, l, r) if is_counter(l) => match &r.strip_parens().kind {
            ExprKind::Binary(BinOp::Add, a, b) if is_counter(a) => Some((**b).clone()),
            ExprKind::Binary(BinOp::Add, a, b) if is_counter(b) => Some((**a).clone()),
            ExprKind::Binary(BinOp::Sub, a, b) if is_counter(a) => {
                Some(crate::builder::neg(crate::builder::paren((**b).clone())))
            }
            _ => None,
        },
        _ => None,
    }
}

fn collect_stores(
    stmts: &[Stmt],
    global_ptrs: &HashSet<String>,
    conds: &mut Vec<(String, bool)>,
    env: &mut IndexEnv,
) {
    for s in stmts {
        if let StmtKind::Expr(Expr {
            kind: ExprKind::Assign(_, l, _),
            ..
        }) = &s.kind
        {
            if let ExprKind::Index(base, idx) = &l.kind {
                if lvalue_root(base).is_some_and(|r| global_ptrs.contains(r))
                    && crate::usage::is_plain_var(base)
                {
                    let p = env.poly(idx);
                    if !p.varying_part().0.is_empty() {
                        env.stored_indices.push((p, conds.clone()));
                    }
                }
            }
        }
        if let StmtKind::If { cond, then, els } = &s.kind {
            let text = cuad_emit::print_expr(cond);
            for (branch, negated) in [(Some(then), false), (els.as_ref(), true)] {
                if let Some(b) = branch {
                    conds.push((text.clone(), negated));
                    collect_stores(std::slice::from_ref(&**b), global_ptrs, conds, env);
                    conds.pop();
                }
            }
            continue;
        }
        for child in children(s) {
            collect_stores(child, global_ptrs, conds, env);
        }
    }
}
