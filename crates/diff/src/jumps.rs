//! Lowers `break`, `continue` and `return` inside loops to flag variables, so the
//! differentiation passes only see structured loops:
//! - `continue` sets `_cont<N>`, `break` sets `_brk<N>`, a `return` in a loop sets `_ret`
//!   (and `_retval` for value-returning functions);
//! - statements after one that may set a flag run under `if (!flag)`;
//! - a loop with `break`/`return` tests its flags in its condition (a `for` loop becomes a
//!   `while` loop so its step does not run after a `break`).

use crate::builder::*;
use cuad_syntax::ast::*;

struct Lowering {
    next_loop: usize,
    /// Flags declared so far (name, is the return value).
    flags: Vec<(String, Ty)>,
    ret_ty: Option<Ty>,
    uses_ret: bool,
}

/// Flags a statement may set, innermost loop's break/continue and the function's return.
#[derive(Default, Clone)]
struct Sets {
    brk: bool,
    cont: bool,
    ret: bool,
}

pub fn lower_jumps(body: Vec<Stmt>, ret_ty: Option<Ty>) -> Vec<Stmt> {
    let has_jumps = body
        .iter()
        .any(|s| crate::usage::any_stmt(s, &|x| is_loop(x) && loop_has_jump(x)));
    if !has_jumps {
        return body;
    }
    let mut l = Lowering {
        next_loop: 0,
        flags: vec![],
        ret_ty,
        uses_ret: false,
    };
    let lowered = l.list(body, None);
    let mut out: Vec<Stmt> = l
        .flags
        .iter()
        .map(|(n, t)| decl(t.clone(), n, Some(zero_of(t))))
        .collect();
    out.extend(lowered);
    if l.uses_ret {
        if let Some(t) = &l.ret_ty {
            let _ = t;
            out.push(Stmt::synth(StmtKind::Return(Some(ident("_retval")))));
        }
    }
    out
}

fn zero_of(t: &Ty) -> Expr {
    match t.kind {
        TyKind::Bool => Expr::synth(ExprKind::BoolLit(false)),
        _ => real_zero(t),
    }
}

fn is_loop(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    )
}

fn loop_body(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => Some(body),
        _ => None,
    }
}

/// Does this loop contain a jump that belongs to it (or a return)?
fn loop_has_jump(s: &Stmt) -> bool {
    loop_body(s)
        .is_some_and(|b| sets_of(b, true).brk || sets_of(b, true).cont || sets_of(b, true).ret)
}

/// What a statement may set; `in_loop` says whether break/continue refer to the loop being
/// analyzed (they do not inside nested loops) and whether returns count (only inside loops).
fn sets_of(s: &Stmt, in_loop: bool) -> Sets {
    let mut out = Sets::default();
    match &s.kind {
        StmtKind::Break => out.brk = in_loop,
        StmtKind::Continue => out.cont = in_loop,
        StmtKind::Return(_) => out.ret = in_loop,
        StmtKind::Block(b) => b.iter().for_each(|x| merge(&mut out, sets_of(x, in_loop))),
        StmtKind::If { then, els, .. } => {
            merge(&mut out, sets_of(then, in_loop));
            if let Some(e) = els {
                merge(&mut out, sets_of(e, in_loop));
            }
        }
        _ if is_loop(s) => {
            let inner = sets_of(loop_body(s).unwrap(), true);
            out.ret = inner.ret;
        }
        _ => {}
    }
    out
}

fn merge(a: &mut Sets, b: Sets) {
    a.brk |= b.brk;
    a.cont |= b.cont;
    a.ret |= b.ret;
}

/// Names of the flags of the innermost loop being lowered.
#[derive(Clone)]
struct LoopFlags {
    brk: String,
    cont: String,
}

impl Lowering {
    fn flag(&mut self, name: String) -> String {
        if !self.flags.iter().any(|(n, _)| *n == name) {
            self.flags.push((name.clone(), Ty::new(TyKind::Bool)));
        }
        name
    }

    fn guard_for(&self, sets: &Sets, lf: Option<&LoopFlags>) -> Option<Expr> {
        let mut names = Vec::new();
        if let Some(lf) = lf {
            if sets.brk {
                names.push(lf.brk.clone());
            }
            if sets.cont {
                names.push(lf.cont.clone());
            }
        }
        if sets.ret {
            names.push("_ret".to_string());
        }
        names
            .iter()
            .map(|n| ident(n))
            .reduce(|a, b| binary(BinOp::Or, a, b))
            .map(negate)
    }

    fn list(&mut self, stmts: Vec<Stmt>, lf: Option<&LoopFlags>) -> Vec<Stmt> {
        let mut out = Vec::new();
        let mut iter = stmts.into_iter();
        while let Some(s) = iter.next() {
            let sets = sets_of(&s, lf.is_some());
            let sets = if lf.is_none() {
                Sets {
                    brk: false,
                    cont: false,
                    ret: sets.ret,
                }
            } else {
                sets
            };
            out.extend(self.stmt(s, lf));
            if let Some(guard) = self.guard_for(&sets, lf) {
                let rest: Vec<Stmt> = iter.collect();
                if !rest.is_empty() {
                    let rest = self.list(rest, lf);
                    out.push(if_stmt(guard, rest, None));
                }
                return out;
            }
        }
        out
    }

    fn stmt(&mut self, s: Stmt, lf: Option<&LoopFlags>) -> Vec<Stmt> {
        let span = s.span;
        match s.kind {
            StmtKind::Break if lf.is_some() => vec![expr_stmt(assign(
                ident(&lf.unwrap().brk),
                Expr::synth(ExprKind::BoolLit(true)),
            ))],
            StmtKind::Continue if lf.is_some() => vec![expr_stmt(assign(
                ident(&lf.unwrap().cont),
                Expr::synth(ExprKind::BoolLit(true)),
            ))],
            StmtKind::Return(e) if lf.is_some() => {
                self.uses_ret = true;
                self.flag("_ret".into());
                let mut out = Vec::new();
                if let (Some(e), Some(t)) = (e, self.ret_ty.clone()) {
                    if !self.flags.iter().any(|(n, _)| n == "_retval") {
                        self.flags.push(("_retval".into(), t));
                    }
                    out.push(expr_stmt(assign(ident("_retval"), e)));
                }
                out.push(expr_stmt(assign(
                    ident("_ret"),
                    Expr::synth(ExprKind::BoolLit(true)),
                )));
                out
            }
            StmtKind::Block(b) => vec![Stmt::new(StmtKind::Block(self.list(b, lf)), span)],
            StmtKind::If { cond, then, els } => {
                let then = self.list(vec![*then], lf);
                let els = els.map(|e| self.list(vec![*e], lf));
                vec![Stmt::new(
                    StmtKind::If {
                        cond,
                        then: Box::new(block(then)),
                        els: els.map(|e| Box::new(block(e))),
                    },
                    span,
                )]
            }
            StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } => {
                self.lower_loop(Stmt::new(s.kind, span))
            }
            k => vec![Stmt::new(k, span)],
        }
    }

    fn lower_loop(&mut self, s: Stmt) -> Vec<Stmt> {
        let sets = sets_of(loop_body(&s).expect("loop"), true);
        let n = self.next_loop;
        self.next_loop += 1;
        let lf = LoopFlags {
            brk: format!("_brk{n}"),
            cont: format!("_cont{n}"),
        };
        if sets.brk {
            self.flag(lf.brk.clone());
        }
        if sets.cont {
            self.flag(lf.cont.clone());
        }
        let falsy =
            |name: &str| expr_stmt(assign(ident(name), Expr::synth(ExprKind::BoolLit(false))));
        let mut pre = Vec::new();
        if sets.brk {
            pre.push(falsy(&lf.brk));
        }
        // The loop keeps running while no break/return happened.
        let mut stop: Vec<Expr> = Vec::new();
        if sets.brk {
            stop.push(ident(&lf.brk));
        }
        if sets.ret {
            stop.push(ident("_ret"));
        }
        let keep_going = stop
            .into_iter()
            .reduce(|a, b| binary(BinOp::Or, a, b))
            .map(negate);
        let with_guard = |cond: Option<Expr>| match (keep_going.clone(), cond) {
            (Some(k), Some(c)) => binary(BinOp::And, k, c),
            (Some(k), None) => k,
            (None, Some(c)) => c,
            (None, None) => Expr::synth(ExprKind::BoolLit(true)),
        };
        let lower_body = |me: &mut Self, body: Stmt| {
            let mut b: Vec<Stmt> = Vec::new();
            if sets.cont {
                b.push(falsy(&lf.cont));
            }
            b.extend(me.list(vec![body], Some(&lf)));
            b
        };
        let span = s.span;
        match s.kind {
            // A counter declared by the loop is gone after it, so the step may run once more
            // after a `break`: the loop stays a `for` whose counter the reverse pass recomputes.
            StmtKind::For {
                init: Some(init),
                cond,
                step: Some(step),
                body,
            } if sets.brk && !sets.ret && step_writes_only_declared(&init, &step) => {
                let b = lower_body(self, *body);
                let mut out = pre;
                out.push(Stmt::new(
                    StmtKind::For {
                        init: Some(init),
                        cond: Some(with_guard(cond)),
                        step: Some(step),
                        body: Box::new(block(b)),
                    },
                    span,
                ));
                out
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } if sets.brk || sets.ret => {
                let mut b = lower_body(self, *body);
                if let Some(st) = step {
                    match keep_going.clone() {
                        Some(k) => b.push(if_stmt(k, vec![expr_stmt(st)], None)),
                        None => b.push(expr_stmt(st)),
                    }
                }
                let mut out = pre;
                if let Some(i) = init {
                    out.push(*i);
                }
                out.push(Stmt::new(
                    StmtKind::While {
                        cond: with_guard(cond),
                        body: Box::new(block(b)),
                    },
                    span,
                ));
                out
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let b = lower_body(self, *body);
                let mut out = pre;
                out.push(Stmt::new(
                    StmtKind::For {
                        init,
                        cond,
                        step,
                        body: Box::new(block(b)),
                    },
                    span,
                ));
                out
            }
            StmtKind::While { cond, body } => {
                let b = lower_body(self, *body);
                let mut out = pre;
                out.push(Stmt::new(
                    StmtKind::While {
                        cond: with_guard(Some(cond)),
                        body: Box::new(block(b)),
                    },
                    span,
                ));
                out
            }
            StmtKind::DoWhile { body, cond } => {
                let b = lower_body(self, *body);
                let mut out = pre;
                out.push(Stmt::new(
                    StmtKind::DoWhile {
                        body: Box::new(block(b)),
                        cond: with_guard(Some(cond)),
                    },
                    span,
                ));
                out
            }
            k => vec![Stmt::new(k, span)],
        }
    }
}

/// `init` declares variables and `step` writes only those.
fn step_writes_only_declared(init: &Stmt, step: &Expr) -> bool {
    let StmtKind::Decl(d) = &init.kind else {
        return false;
    };
    let mut written = crate::usage::Names::new();
    crate::usage::writes(step, &mut written);
    !written.is_empty() && written.iter().all(|w| d.vars.iter().any(|v| v.name == *w))
}
