//! Replaying loop-local values instead of taping them.
//!
//! In `for (p = a; p < b; ++p) { pole = poles[n * np + p]; z = f(pole, d); ... }` the reverse
//! pass needs `pole` and `z` as they were in each iteration. Taping them costs a per-thread
//! local-memory store and load per iteration (a whole struct for `pole`). When a variable is
//! defined once per iteration, at the top level of the body and before any use, from values
//! that are still there in the reverse pass (the recomputed counter, loop invariants,
//! read-only memory, other replayed variables) through pure operations, the reverse iteration
//! re-runs the definition instead.
//!
//! A definition may also read locals that earlier statements of the same iteration write, as
//! long as nothing after it in the iteration writes them: the reverse iteration starts with
//! every variable it reads holding its end-of-iteration value (the tape restores them one
//! iteration at a time), which is then the value the definition saw. Only locals the reverse
//! reads anyway qualify, so replaying never tapes more than it saves. In
//! `z = curand_normal(&st); s = s0 * expf(c * z);` only `z` is taped, `s` is replayed.

use crate::reverse::Gen;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;

impl Gen<'_, '_> {
    /// Definitions in `body` (a counted loop's body) that the reverse iteration can replay,
    /// in forward order. `body_writes` is everything the loop writes.
    /// `taped`: locals the reverse iteration reads anyway (so the tape restores them), which a
    /// definition may read where earlier statements of the iteration write them (see the module
    /// comment); `None` allows no such reads.
    pub(crate) fn replayable_defs(
        &self,
        body: &Stmt,
        counter: &str,
        body_writes: &Names,
        taped: Option<&Names>,
    ) -> Vec<(String, Stmt)> {
        let stmts = top_level(body);
        // `written_from[k]`: what statements `k..` write.
        let mut written_from = vec![Names::new(); stmts.len() + 1];
        for (k, s) in stmts.iter().enumerate().rev() {
            let mut w = written_from[k + 1].clone();
            usage::stmt_writes_one(s, &mut w);
            self.call_writes(s, &mut w);
            written_from[k] = w;
        }
        let mut defs: Vec<(String, Stmt)> = Vec::new();
        let mut defined = Names::new();
        // Names mentioned by the statements before the current one.
        let mut mentioned = Names::new();
        for (k, s) in stmts.iter().enumerate() {
            if let Some((v, rhs)) = plain_def(s) {
                // Defined before any use in the iteration. Code reversed after the loop may
                // still read the value from before the loop: `gen_loop` saves it around.
                let fresh = !mentioned.contains(v);
                let written_once = !written_from[k + 1].contains(v);
                let mut available = defined.clone();
                if let Some(taped) = taped {
                    let restored = taped.iter().filter(|n| {
                        *n != counter
                            && body_writes.contains(*n)
                            && !written_from[k].contains(*n)
                            && self.is_replayable_local(n)
                    });
                    available.extend(restored.cloned());
                }
                if fresh
                    && written_once
                    && self.is_replayable_local(v)
                    && self.is_replayable_expr(rhs, v, counter, &available, body_writes)
                {
                    defined.insert(v.to_string());
                    defs.push((v.to_string(), s.clone()));
                }
            }
            usage::visit_stmt_exprs(s, &mut |e| usage::reads(e, &mut mentioned));
            usage::stmt_writes_one(s, &mut mentioned);
        }
        defs
    }

    /// The replayable definitions whose values the reverse iteration reads (`loop_reads`),
    /// with the ones they depend on.
    pub(crate) fn needed_replays(
        &self,
        body: &Stmt,
        counter: &str,
        body_writes: &Names,
        loop_reads: &Names,
    ) -> Vec<(String, Stmt)> {
        let defs = self.replayable_defs(body, counter, body_writes, Some(loop_reads));
        let mut needed = loop_reads.clone();
        let mut keep = vec![false; defs.len()];
        for (k, (v, def)) in defs.iter().enumerate().rev() {
            if needed.contains(v) {
                keep[k] = true;
                usage::visit_stmt_exprs(def, &mut |e| usage::reads(e, &mut needed));
            }
        }
        defs.into_iter()
            .zip(keep)
            .filter_map(|(d, k)| k.then_some(d))
            .collect()
    }

    /// A local scalar or struct (not a parameter, array or pointer, not `__shared__`: a
    /// shared scalar is restored by the thread that taped it, and other threads could read it
    /// at the top of the next reverse iteration with no barrier after that restore).
    fn is_replayable_local(&self, v: &str) -> bool {
        if self.is_param(v) || self.shared_scalars.contains(v) {
            return false;
        }
        // Pointers and views (structs holding them) move their shadows when assigned,
        // which a replay would not.
        match self.types.get(v) {
            Some(t) => {
                !matches!(
                    t.kind,
                    TyKind::Array { .. }
                        | TyKind::Pointer { .. }
                        | TyKind::LRef(_)
                        | TyKind::RRef(_)
                ) && !crate::views::holds_active_pointers(self.prog, t)
            }
            None => false,
        }
    }

    pub(crate) fn is_replayable_expr(
        &self,
        e: &Expr,
        target: &str,
        counter: &str,
        defined: &Names,
        body_writes: &Names,
    ) -> bool {
        let mut ok = true;
        usage::walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Ident(n) => {
                let available = n == counter
                    || defined.contains(n)
                    || !body_writes.contains(n)
                    || !self.prog.functions(n).is_empty();
                if !available || n == target {
                    ok = false;
                }
            }
            ExprKind::Assign(..)
            | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, _)
            | ExprKind::Launch { .. } => ok = false,
            ExprKind::Call { callee, args, .. } if !self.is_pure_call(callee, args) => ok = false,
            _ => {}
        });
        ok
    }

    /// A math-library call, or a call of a user function that takes everything by value
    /// (it cannot write the caller's memory through its parameters).
    fn is_pure_call(&self, callee: &Expr, args: &[Expr]) -> bool {
        let ExprKind::Ident(name) = &callee.kind else {
            return false;
        };
        if crate::rules::is_pure_math(name) {
            return true;
        }
        let fns = self.prog.functions_for_call(name, args.len());
        !fns.is_empty()
            && fns.iter().all(|f| {
                f.body.is_some()
                    && f.params.len() == args.len()
                    && f.params.iter().all(|p| {
                        !matches!(
                            self.prog.canonical(&p.ty).kind,
                            TyKind::Pointer { .. }
                                | TyKind::Array { .. }
                                | TyKind::LRef(_)
                                | TyKind::RRef(_)
                        )
                    })
            })
    }

    /// Adds the roots of lvalues that user calls in `s` may write through reference or
    /// address-of arguments (what `usage::stmt_writes_one` cannot see without types).
    pub(crate) fn call_writes(&self, s: &Stmt, out: &mut Names) {
        usage::visit_stmt_exprs(s, &mut |e| {
            usage::walk_expr(e, &mut |x| {
                if let ExprKind::Call { callee, args, .. } = &x.kind {
                    if let ExprKind::Ident(name) = &callee.kind {
                        if crate::rules::is_pure_math(name) {
                            return;
                        }
                        // A pointer or array passed along may be written through.
                        for a in args {
                            let by_address = self.type_of(a).is_some_and(|t| {
                                matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                            });
                            if let (true, Some(root)) = (by_address, usage::lvalue_root(a)) {
                                out.insert(root.to_string());
                            }
                        }
                        for (_, lv, _) in self.overwritten_args(name, args) {
                            if let Some(root) = usage::lvalue_root(&lv) {
                                out.insert(root.to_string());
                            }
                        }
                    }
                }
            })
        });
    }
}

/// Adds to `needed` (what a counted loop's reverse reads) what its reverse iterations may
/// read by re-running statements of `body`: the definitions of needed locals (and the ones
/// those read), and the stores into `__shared__` tiles a barrier separates. A superset of
/// `needed_replays` and `replayable_tiles`, for the enclosing code, which must keep all of
/// it as it was.
pub(crate) fn replay_reads(body: &Stmt, needed: &mut Names) {
    let stmts = top_level(body);
    for s in stmts.iter().rev() {
        if let Some((v, rhs)) = plain_def(s) {
            if needed.contains(v) {
                usage::reads(rhs, needed);
            }
        }
    }
    if stmts.iter().any(crate::tile_replay::is_barrier) {
        for s in stmts {
            let store = matches!(&s.kind, StmtKind::Expr(Expr { kind: ExprKind::Assign(None, l, _), .. })
                if matches!(l.strip_parens().kind, ExprKind::Index(..)));
            if store || matches!(s.kind, StmtKind::If { .. } | StmtKind::For { .. }) {
                needed.extend(store_reads(s));
            }
        }
    }
}

/// What re-running the tile store `s` reads: a loop around stores sets its counter before
/// reading it.
pub(crate) fn store_reads(s: &Stmt) -> Names {
    let mut reads = Names::new();
    usage::visit_stmt_exprs(s, &mut |e| usage::reads(e, &mut reads));
    if let StmtKind::For { init, .. } = &s.kind {
        if let Some((counter, start)) = init.as_deref().and_then(plain_def) {
            let mut start_reads = Names::new();
            usage::reads(start, &mut start_reads);
            if !start_reads.contains(counter) {
                reads.remove(counter);
            }
        }
    }
    reads
}

/// The statements of a loop body, through blocks that only wrap another block.
pub(crate) fn top_level(body: &Stmt) -> &[Stmt] {
    let mut stmts: &[Stmt] = std::slice::from_ref(body);
    while let [Stmt {
        kind: StmtKind::Block(inner),
        ..
    }] = stmts
    {
        stmts = inner;
    }
    stmts
}

/// `v = rhs;` with a plain variable on the left.
fn plain_def(s: &Stmt) -> Option<(&str, &Expr)> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let ExprKind::Assign(None, l, r) = &e.kind else {
        return None;
    };
    match &l.strip_parens().kind {
        ExprKind::Ident(v) => Some((v, r)),
        _ => None,
    }
}
