//! Replaying shared-memory tiles instead of taping them.
//!
//! A tiled kernel loads tiles of its input into `__shared__` arrays at the top of each
//! iteration of a counted loop (`As[ty][tx] = A[row * K + t * TILE + tx]; __syncthreads();
//! ... reads of As ...`). The reverse iteration needs the tiles as they were in that
//! iteration. Taping each overwritten element costs a per-thread tape entry per element and
//! iteration, and a long loop overflows the tape. When every store to a tile in the loop is
//! an unconditional top-level statement, at an address that does not change from one
//! iteration to the next (or an `if`/`else` storing the same element in both branches, a
//! guarded load), of a value that can be computed again in the reverse iteration
//! (from the recomputed counter, replayed locals, loop invariants, and memory the function
//! never writes), the reverse iteration re-runs those stores between two barriers instead.
//!
//! Why this gives the forward values: each iteration's stores overwrite the same elements, so
//! during iteration `t` every element holds either what iteration `t` stored or what no
//! iteration touches; the reverse iteration `t` re-stores exactly the former. The tiles' reads
//! in the body all come after their stores, so none of them sees the previous iteration's
//! values. After the reverse loop the tiles hold iteration 0's values, not the ones from
//! before the loop, so the reverse code of earlier statements must not read them.

use crate::adjoint::Space;
use crate::reverse::Gen;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;

/// One statement storing into a tile (see `Gen::tile_store`).
struct TileStore<'s> {
    /// The tiles and elements stored to.
    targets: Vec<(&'s str, &'s Expr)>,
    /// What the stored value (and the loop range or branch condition) depends on.
    values: Vec<Expr>,
    /// Counters of the loops around the store.
    counters: Vec<String>,
}

/// Tile stores a counted loop's reverse iteration re-runs (see the module comment).
pub(crate) struct TileReplay {
    /// The `__shared__` arrays replayed: their stores need no saves.
    pub arrays: Names,
    /// The stores, in forward order.
    pub stores: Vec<Stmt>,
    /// Names the stores read (the replayed locals among them must be replayed too).
    pub reads: Names,
}

impl Gen<'_, '_> {
    /// The tiles of `body` (a counted loop's body) the reverse iteration can re-store.
    /// `replayable` are the body's replayable local definitions (replay.rs), `body_writes`
    /// everything the loop writes, `loop_reads` what its reverse iterations read,
    /// `read_before` what the reverse code of the statements before the loop reads.
    pub(crate) fn replayable_tiles(
        &self,
        body: &Stmt,
        counter: &str,
        body_writes: &Names,
        replayable: &[(String, Stmt)],
        loop_reads: &Names,
        read_before: &Names,
    ) -> Option<TileReplay> {
        let stmts = crate::replay::top_level(body);
        // Barriers in the reverse iteration are only safe when the whole block runs the
        // loop, which an unconditional barrier in the body already requires.
        if !stmts.iter().any(is_barrier) {
            return None;
        }
        let replay_defined: Names = replayable.iter().map(|(v, _)| v.clone()).collect();
        let mut arrays = Names::new();
        for s in stmts {
            if let Some(store) = self.tile_store(s) {
                arrays.extend(store.targets.iter().map(|(m, _)| m.to_string()));
            }
        }
        arrays.retain(|m| {
            loop_reads.contains(m)
                && !read_before.contains(m)
                && self.tile_is_replayable(m, stmts, counter, body_writes, &replay_defined)
        });
        // A statement storing into several tiles is replayed whole: all of them or none.
        loop {
            let partly: Vec<String> = stmts
                .iter()
                .filter_map(|s| self.tile_store(s))
                .filter(|st| !st.targets.iter().all(|(m, _)| arrays.contains(*m)))
                .flat_map(|st| st.targets.into_iter().map(|(m, _)| m.to_string()))
                .filter(|m| arrays.contains(m))
                .collect();
            if partly.is_empty() {
                break;
            }
            for m in partly {
                arrays.remove(&m);
            }
        }
        if arrays.is_empty() {
            return None;
        }
        let stores: Vec<Stmt> = stmts
            .iter()
            .filter(|s| {
                self.tile_store(s)
                    .is_some_and(|store| arrays.contains(store.targets[0].0))
            })
            .cloned()
            .collect();
        let reads: Names = stores.iter().flat_map(crate::replay::store_reads).collect();
        Some(TileReplay {
            arrays,
            stores,
            reads,
        })
    }

    /// Are all of the loop's writes to `array` replayable tile stores that come before every
    /// other use of it in the body?
    fn tile_is_replayable(
        &self,
        array: &str,
        stmts: &[Stmt],
        counter: &str,
        body_writes: &Names,
        replay_defined: &Names,
    ) -> bool {
        let mut other_use_seen = false;
        for s in stmts {
            if let Some(store) = self.tile_store(s) {
                if store.targets.iter().any(|(m, _)| *m == array) {
                    // The counters of loops around the store are set again by its replay.
                    let mut outside_writes = body_writes.clone();
                    let mut available = replay_defined.clone();
                    for c in &store.counters {
                        outside_writes.remove(c);
                        available.insert(c.clone());
                    }
                    if other_use_seen
                        || !store
                            .targets
                            .iter()
                            .all(|(_, l)| invariant_address(l, &outside_writes))
                        || !store.values.iter().all(|v| {
                            self.recomputable_value(v, counter, &outside_writes, &available)
                        })
                    {
                        return false;
                    }
                    continue;
                }
            }
            let mut touched = Names::new();
            usage::visit_stmt_exprs(s, &mut |e| usage::reads(e, &mut touched));
            let mut written = Names::new();
            usage::stmt_writes_one(s, &mut written);
            self.call_writes(s, &mut written);
            if written.contains(array) {
                return false;
            }
            other_use_seen |= touched.contains(array);
        }
        true
    }

    /// A store into a `__shared__` array `M` that runs whenever the statement runs:
    /// `M[...] = value;`, `if (c) M[...] = a; else M[...] = b;` with the same element in both
    /// branches (a guarded tile load), or a counted loop around such stores (`for (d = 0;
    /// d < D; ++d) M[t][d] = ...;`, a row of the tile per thread).
    fn tile_store<'s>(&self, s: &'s Stmt) -> Option<TileStore<'s>> {
        match &s.kind {
            StmtKind::Expr(_) => {
                let (root, lvalue, r) = self.plain_tile_store(s)?;
                Some(TileStore {
                    targets: vec![(root, lvalue)],
                    values: vec![r.clone()],
                    counters: vec![],
                })
            }
            StmtKind::If {
                cond,
                then,
                els: Some(els),
            } => {
                let (root, lvalue, a) = self.plain_tile_store(single(then)?)?;
                let (other, l2, b) = self.plain_tile_store(single(els)?)?;
                let same =
                    root == other && cuad_emit::print_expr(lvalue) == cuad_emit::print_expr(l2);
                same.then(|| TileStore {
                    targets: vec![(root, lvalue)],
                    values: vec![cond.clone(), a.clone(), b.clone()],
                    counters: vec![],
                })
            }
            StmtKind::For { .. } => {
                let (counter, range, body) = self.counted_loop_parts(s)?;
                let mut whole = TileStore {
                    targets: vec![],
                    values: range,
                    counters: vec![counter],
                };
                for inner in crate::replay::top_level(body) {
                    let inner = self.tile_store(inner)?;
                    whole.targets.extend(inner.targets);
                    whole.values.extend(inner.values);
                    whole.counters.extend(inner.counters);
                }
                (!whole.targets.is_empty()).then_some(whole)
            }
            _ => None,
        }
    }

    /// `M[...] = value;` into a `__shared__` array `M`: (M, lvalue, value).
    fn plain_tile_store<'s>(&self, s: &'s Stmt) -> Option<(&'s str, &'s Expr, &'s Expr)> {
        let StmtKind::Expr(e) = &s.kind else {
            return None;
        };
        let ExprKind::Assign(None, l, r) = &e.kind else {
            return None;
        };
        let ExprKind::Index(..) = &l.strip_parens().kind else {
            return None;
        };
        let root = usage::lvalue_root(l)?;
        (self.spaces.get(root) == Some(&Space::Shared)).then_some((root, l, r))
    }

    /// `value` reads only what the reverse iteration has as in the forward one: what a
    /// replayed definition may read (replay.rs), and memory only where the function never
    /// writes it (other threads' stores and the reverse pass's restores cannot change it).
    fn recomputable_value(
        &self,
        value: &Expr,
        counter: &str,
        body_writes: &Names,
        replay_defined: &Names,
    ) -> bool {
        let mut memory_read_only = true;
        usage::walk_expr(value, &mut |x| {
            if let ExprKind::Index(..)
            | ExprKind::Unary(UnOp::Deref, _)
            | ExprKind::Member { arrow: true, .. } = &x.kind
            {
                memory_read_only &=
                    usage::lvalue_root(x).is_some_and(|m| !self.function_writes.contains(m));
            }
        });
        memory_read_only && self.is_replayable_expr(value, "", counter, replay_defined, body_writes)
    }
}

/// The element stored to is the same in every iteration: its subscripts read nothing the
/// loop writes.
fn invariant_address(l: &Expr, body_writes: &Names) -> bool {
    let mut names = Names::new();
    let mut e = l.strip_parens();
    while let ExprKind::Index(base, idx) = &e.kind {
        if usage::may_have_effects(idx) {
            return false;
        }
        usage::reads(idx, &mut names);
        e = base.strip_parens();
    }
    names.is_disjoint(body_writes)
}

/// The one statement of a branch (`{ s; }` or `s;`).
fn single(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::Block(b) if b.len() == 1 => single(&b[0]),
        StmtKind::Block(_) => None,
        _ => Some(s),
    }
}

pub(crate) fn is_barrier(s: &Stmt) -> bool {
    matches!(&s.kind, StmtKind::Expr(e) if crate::host::callee_name(e) == Some("__syncthreads"))
}
