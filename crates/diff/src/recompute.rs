//! Recomputing loop iterations instead of taping them.
//!
//! A counted loop whose body only computes on local scalars (no stores to memory, no nested
//! loops, pure or local-only calls, reads of memory nothing writes) can be reversed one
//! iteration at a time by re-running that iteration's forward code just before its reverse
//! code. The body then behaves like straight-line code: its overwritten values are kept in
//! registers (`_t` temporaries) instead of the per-thread tape in local memory. The only
//! values taped are the iteration's checkpoint: variables the body writes whose values at the
//! start of an iteration are needed (live into the body, counting what each statement's
//! reverse code reads, or read by the reverse of the code before the loop).
//!
//! LULESH-style `rep` loops and fixed-point iterations over scalars are the typical case.

use crate::reverse::Gen;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;

/// What a recomputed loop saves: `per_iteration`, the values live into an iteration (taped
/// once per iteration, restored before its re-run); `entry`, the values only the code before
/// the loop reads back (saved once before the loop, restored after its whole reverse).
pub(crate) struct Checkpoint {
    pub(crate) per_iteration: Names,
    pub(crate) entry: Names,
}

/// Depth limit for looking into callees (recursive helpers are treated conservatively).
const CALLEE_DEPTH: usize = 4;

impl Gen<'_, '_> {
    /// The checkpoint of a counted loop whose iterations can be recomputed in the reverse
    /// pass, or `None` when the loop must be taped (or taping costs nothing). `body_writes`:
    /// everything the loop writes; `loop_reads`: what the taped reverse would read.
    pub(crate) fn recompute_checkpoint(
        &self,
        body: &Stmt,
        counter: &str,
        body_writes: &Names,
        loop_reads: &Names,
        replayed: &Names,
    ) -> Option<Checkpoint> {
        if !matches!(
            self.mode,
            crate::reverse::Mode::Kernel | crate::reverse::Mode::Device
        ) {
            return None;
        }
        let saved = |v: &String| {
            v != counter
                && !replayed.contains(v)
                && (self.reads_so_far.contains(v) || loop_reads.contains(v))
        };
        if !body_writes.iter().any(saved) || !self.body_is_recomputable(body) {
            return None;
        }
        let mut live = Names::new();
        self.live_before(body, &mut live);
        let per_iteration: Names = body_writes
            .iter()
            .filter(|v| *v != counter && live.contains(*v))
            .cloned()
            .collect();
        // Values only the code before the loop reads back (not live into an iteration): the
        // re-runs overwrite them before reading, and the reverse needs them back only once
        // the whole loop is reversed. Inside another loop this is most of what the body
        // defines (the outer loop counts everything its reverse reads as read before it).
        let entry: Names = body_writes
            .iter()
            .filter(|v| *v != counter && !live.contains(*v) && self.reads_so_far.contains(*v))
            .cloned()
            .collect();
        // Worth it only where the taped version would save more per iteration (a Horner
        // recurrence tapes its one carried value either way).
        (per_iteration.len() < self.tape_saves_per_iteration(body, &saved)).then_some(Checkpoint {
            per_iteration,
            entry,
        })
    }

    /// Values (and branch flags) the taped version of `body` would push per iteration.
    fn tape_saves_per_iteration(&self, body: &Stmt, saved: &dyn Fn(&String) -> bool) -> usize {
        match &body.kind {
            StmtKind::Block(b) => b
                .iter()
                .map(|s| self.tape_saves_per_iteration(s, saved))
                .sum(),
            StmtKind::If { then, els, .. } => {
                1 + self.tape_saves_per_iteration(then, saved)
                    + els
                        .as_ref()
                        .map_or(0, |e| self.tape_saves_per_iteration(e, saved))
            }
            _ => {
                let mut w = Names::new();
                usage::stmt_writes_one(body, &mut w);
                self.call_writes(body, &mut w);
                w.iter().filter(|v| saved(v)).count()
            }
        }
    }

    /// Can the body run a second time in the reverse pass and compute the same values, with
    /// no effect other than on local scalar variables?
    pub(crate) fn body_is_recomputable(&self, body: &Stmt) -> bool {
        let nested_control = usage::any_stmt(body, &|s| {
            matches!(
                s.kind,
                StmtKind::For { .. }
                    | StmtKind::While { .. }
                    | StmtKind::DoWhile { .. }
                    | StmtKind::Switch { .. }
                    | StmtKind::Return(_)
                    | StmtKind::Break
                    | StmtKind::Continue
            )
        });
        if nested_control {
            return false;
        }
        let mut ok = true;
        usage::visit_stmt_exprs(body, &mut |e| {
            usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(_, l, _)
                | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, l) =>
                {
                    ok &= self.is_local_scalar_lvalue(l);
                }
                ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => {
                    ok &= self.is_unwritten_memory(x);
                }
                ExprKind::Member { arrow: true, .. } => ok &= self.is_unwritten_memory(x),
                ExprKind::Call { callee, args, .. } => {
                    ok &= self.is_local_only_call(callee, args, 0)
                }
                ExprKind::Launch { .. } => ok = false,
                _ => {}
            })
        });
        ok
    }

    /// A plain local variable (or a member of one) that is not an array or a reference.
    fn is_local_scalar_lvalue(&self, l: &Expr) -> bool {
        if !usage::is_plain_var(l) {
            return false;
        }
        let Some(root) = usage::lvalue_root(l) else {
            return false;
        };
        !self.is_param(root)
            && self.types.get(root).is_some_and(|t| {
                !matches!(
                    t.kind,
                    TyKind::Array { .. } | TyKind::LRef(_) | TyKind::RRef(_)
                )
            })
    }

    /// Memory that nothing in the function writes (so a second read gives the same value).
    fn is_unwritten_memory(&self, access: &Expr) -> bool {
        usage::lvalue_root(access).is_some_and(|r| !self.function_writes.contains(r))
    }

    /// A math-library call, or a call of a user function whose parameters are values or
    /// references bound to local scalars, and which writes nothing but its own parameters and
    /// locals.
    fn is_local_only_call(&self, callee: &Expr, args: &[Expr], depth: usize) -> bool {
        let ExprKind::Ident(name) = &callee.kind else {
            return false;
        };
        if crate::rules::is_pure_math(name) {
            return true;
        }
        let fns = self.prog.functions_for_call(name, args.len());
        depth < CALLEE_DEPTH
            && !fns.is_empty()
            && fns.iter().all(|f| {
                let Some(body) = &f.body else {
                    return false;
                };
                f.params.len() == args.len()
                    && f.params.iter().zip(args).all(|(p, a)| {
                        match &self.prog.canonical(&p.ty).kind {
                            TyKind::LRef(_) => self.is_local_scalar_lvalue(a),
                            TyKind::Pointer { .. } | TyKind::Array { .. } | TyKind::RRef(_) => {
                                false
                            }
                            _ => true,
                        }
                    })
                    && self.callee_writes_only_own_names(f, body, depth)
            })
    }

    fn callee_writes_only_own_names(&self, f: &Function, body: &[Stmt], depth: usize) -> bool {
        let mut own: Names = f.params.iter().filter_map(|p| p.name.clone()).collect();
        let mut ok = true;
        for s in body {
            collect_decls(s, &mut own);
        }
        let mut written = Names::new();
        usage::stmt_writes(body, &mut written);
        ok &= written.is_subset(&own);
        for s in body {
            usage::visit_stmt_exprs(s, &mut |e| {
                usage::walk_expr(e, &mut |x| match &x.kind {
                    ExprKind::Call { callee, args, .. } => {
                        let ExprKind::Ident(n) = &callee.kind else {
                            ok = false;
                            return;
                        };
                        if crate::rules::is_pure_math(n) {
                            return;
                        }
                        // Nested user calls: by-value arguments only (their locals are theirs).
                        let fns = self.prog.functions_for_call(n, args.len());
                        ok &= !fns.is_empty()
                            && fns.iter().all(|g| {
                                g.body.as_ref().is_some_and(|b| {
                                    g.params.len() == args.len()
                                        && g.params.iter().all(|p| {
                                            !matches!(
                                                self.prog.canonical(&p.ty).kind,
                                                TyKind::Pointer { .. }
                                                    | TyKind::Array { .. }
                                                    | TyKind::LRef(_)
                                                    | TyKind::RRef(_)
                                            )
                                        })
                                        && depth + 1 < CALLEE_DEPTH
                                        && self.callee_writes_only_own_names(g, b, depth + 1)
                                })
                            });
                    }
                    ExprKind::Launch { .. } => ok = false,
                    _ => {}
                })
            });
        }
        ok
    }

    /// Backward liveness through the body, where the reverse code of each statement also
    /// reads (before the statement) what `rev_reads` says: on return, `live` holds the names
    /// whose values at the start of the iteration the re-run and its reverse need. Dead
    /// statements (an accumulator nobody reads back) add nothing.
    fn live_before(&self, s: &Stmt, live: &mut Names) {
        self.liveness(s, live, true);
    }

    /// Does no adjoint flow from one iteration of a recomputable body into the previous one?
    /// True when every active variable the body writes is overwritten before it is read in
    /// each iteration (the body's reverse zeroes its adjoint before the earlier iteration's
    /// reverse would read it), so only the last iteration's reverse contributes anything.
    /// The body writes only local scalars (see `body_is_recomputable`), so no adjoint comes
    /// from memory either.
    pub(crate) fn carries_no_adjoint(
        &self,
        body: &Stmt,
        body_writes: &Names,
        counter: &str,
    ) -> bool {
        let mut exposed = Names::new();
        self.upward_exposed(body, &mut exposed);
        !body_writes
            .iter()
            .any(|v| v != counter && self.active.contains(v) && exposed.contains(v))
    }

    /// Plain backward liveness through a body without loops: on return, `live` holds the
    /// names read before being (certainly) written.
    fn upward_exposed(&self, s: &Stmt, live: &mut Names) {
        self.liveness(s, live, false);
    }

    /// Backward liveness; `with_reverse`: what each statement's reverse code reads counts,
    /// and statements whose results nothing reads count for nothing.
    fn liveness(&self, s: &Stmt, live: &mut Names, with_reverse: bool) {
        match &s.kind {
            StmtKind::Expr(e) => {
                let mut written = Names::new();
                usage::stmt_writes_one(s, &mut written);
                self.call_writes(s, &mut written);
                if !with_reverse || !written.is_disjoint(live) {
                    let mut uses = Names::new();
                    let mut kills = Names::new();
                    self.expr_reads_defs(e, &mut uses, &mut kills);
                    live.retain(|v| !kills.contains(v));
                    live.extend(uses);
                }
            }
            StmtKind::Decl(d) => {
                for v in d.vars.iter().rev() {
                    if live.remove(&v.name) || !with_reverse {
                        match &v.init {
                            Some(Init::Assign(e)) => usage::reads(e, live),
                            Some(Init::Brace(es) | Init::Paren(es)) => {
                                es.iter().for_each(|e| usage::reads(e, live))
                            }
                            None => {}
                        }
                    }
                }
            }
            StmtKind::Block(b) => {
                for x in b.iter().rev() {
                    self.liveness(x, live, with_reverse);
                }
                return;
            }
            StmtKind::If { cond, then, els } => {
                let mut l_else = live.clone();
                if let Some(e) = els {
                    self.liveness(e, &mut l_else, with_reverse);
                }
                self.liveness(then, live, with_reverse);
                live.extend(l_else);
                usage::reads(cond, live);
                return;
            }
            // Not recomputable anyway: everything it reads.
            _ => usage::visit_stmt_exprs(s, &mut |e| usage::reads(e, live)),
        }
        if with_reverse {
            self.rev_reads(s, live);
        }
    }

    /// What an expression statement reads (except reference arguments a callee certainly
    /// overwrites before reading them) and which variables it certainly assigns.
    fn expr_reads_defs(&self, e: &Expr, r: &mut Names, defs: &mut Names) {
        match &e.kind {
            ExprKind::Assign(None, l, rhs) => {
                self.expr_reads_defs(rhs, r, defs);
                usage::lvalue_index_reads(l, r);
                if let ExprKind::Ident(n) = &l.strip_parens().kind {
                    defs.insert(n.clone());
                } else if let Some(root) = usage::lvalue_root(l) {
                    // A member store reads the rest of the struct later.
                    r.insert(root.to_string());
                }
            }
            ExprKind::Call { callee, args, .. } => {
                let ExprKind::Ident(name) = &callee.kind else {
                    return usage::reads(e, r);
                };
                let outs = self.overwritten_args(name, args);
                for (j, a) in args.iter().enumerate() {
                    match outs.iter().find(|(k, _, _)| *k == j) {
                        Some((_, lv, false)) if self.callee_defines(name, args, j) => {
                            usage::lvalue_index_reads(lv, r);
                            match &lv.strip_parens().kind {
                                ExprKind::Ident(n) => {
                                    defs.insert(n.clone());
                                }
                                _ => usage::reads(lv, r),
                            }
                        }
                        _ => self.expr_reads_defs(a, r, defs),
                    }
                }
            }
            _ => usage::reads(e, r),
        }
    }

    /// Does the callee certainly store to its `j`-th (reference) parameter, at the top level,
    /// before any `return`?
    fn callee_defines(&self, name: &str, args: &[Expr], j: usize) -> bool {
        let fns = self.prog.functions_for_call(name, args.len());
        !fns.is_empty()
            && fns.iter().all(|f| {
                let (Some(body), Some(Some(p))) =
                    (&f.body, f.params.get(j).map(|p| p.name.as_deref()))
                else {
                    return false;
                };
                f.params.len() == args.len() && stores_before_return(body, p)
            })
    }
}

/// Is there a top-level plain store `p = e` before any statement that contains a `return`?
fn stores_before_return(body: &[Stmt], p: &str) -> bool {
    for s in body {
        if usage::contains_return(s) {
            return false;
        }
        if let StmtKind::Expr(Expr {
            kind: ExprKind::Assign(None, l, _),
            ..
        }) = &s.kind
        {
            if matches!(&l.strip_parens().kind, ExprKind::Ident(n) if n == p) {
                return true;
            }
        }
    }
    false
}

fn collect_decls(s: &Stmt, out: &mut Names) {
    if let StmtKind::Decl(d) = &s.kind {
        out.extend(d.vars.iter().map(|v| v.name.clone()));
    }
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(|x| collect_decls(x, out)),
        StmtKind::If { then, els, .. } => {
            collect_decls(then, out);
            if let Some(e) = els {
                collect_decls(e, out);
            }
        }
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                collect_decls(i, out);
            }
            collect_decls(body, out);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => collect_decls(body, out),
        StmtKind::Switch { cases, .. } => cases
            .iter()
            .for_each(|c| c.body.iter().for_each(|x| collect_decls(x, out))),
        _ => {}
    }
}
