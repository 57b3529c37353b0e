//! Loops whose condition or step does more than test and advance a counter.
//!
//! `while (k-- > 0)`, `while (k < m && (v = x[k]) > 0)` and `for (...; ...; ++k, j += n)` change
//! variables outside the loop body, where the reverse pass does not look for overwritten
//! values. They are rewritten so that every effect is an ordinary statement of the body:
//!
//! ```text
//! while (cond) body            ->  while (true) { _c = cond; if (!_c) break; body }
//! for (init; cond; step) body  ->  { init; while (true) { _c = cond; if (!_c) break; body step; } }
//! do body while (cond)         ->  do { body _c = cond; } while (_c)
//! ```
//!
//! `_c = a && b` with effects in `b` evaluates `b` only when `a` holds (`||` likewise), and an
//! assignment nested in the condition becomes a statement before it. A `continue` of the loop
//! would skip the step or condition moved into the body, so it runs them first (`{ step;
//! continue; }`, `{ _c = cond; continue; }`). Calls of functions without effects
//! (`j < min(n, m)`) are not effects.

use crate::builder::*;
use crate::usage::{has_effects_beyond, may_have_effects};
use cuad_sema::Program;
use cuad_syntax::ast::*;

pub fn lower(prog: &Program, body: Vec<Stmt>) -> Vec<Stmt> {
    Lowerer { prog, next: 0 }.stmts(body)
}

struct Lowerer<'p> {
    prog: &'p Program<'p>,
    next: usize,
}

impl Lowerer<'_> {
    fn has_effects(&self, e: &Expr) -> bool {
        has_effects_beyond(e, &|callee| {
            crate::effects::is_effect_free_call(self.prog, callee)
        })
    }

    fn stmts(&mut self, body: Vec<Stmt>) -> Vec<Stmt> {
        body.into_iter().map(|s| self.stmt(s)).collect()
    }

    fn boxed(&mut self, s: Box<Stmt>) -> Box<Stmt> {
        Box::new(self.stmt(*s))
    }

    fn stmt(&mut self, s: Stmt) -> Stmt {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)),
            StmtKind::If { cond, then, els } => StmtKind::If {
                cond,
                then: self.boxed(then),
                els: els.map(|e| self.boxed(e)),
            },
            StmtKind::Switch { cond, cases } => StmtKind::Switch {
                cond,
                cases: cases
                    .into_iter()
                    .map(|c| SwitchCase {
                        body: self.stmts(c.body),
                        ..c
                    })
                    .collect(),
            },
            StmtKind::While { cond, body } => {
                let body = self.boxed(body);
                if !self.has_effects(&cond) {
                    StmtKind::While { cond, body }
                } else {
                    return self.endless(vec![], &cond, body, vec![], span);
                }
            }
            StmtKind::DoWhile { body, cond } => {
                let body = self.boxed(body);
                if !self.has_effects(&cond) {
                    StmtKind::DoWhile { body, cond }
                } else {
                    let c = self.fresh();
                    let body = continue_after(*body, &evaluate(&c, &cond));
                    let mut inner = vec![body];
                    inner.extend(evaluate(&c, &cond));
                    return block(vec![
                        decl(Ty::new(TyKind::Bool), &c, None),
                        Stmt::new(
                            StmtKind::DoWhile {
                                body: Box::new(block(inner)),
                                cond: ident(&c),
                            },
                            span,
                        ),
                    ]);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let body = self.boxed(body);
                let step_effects = step
                    .as_ref()
                    .is_some_and(|e| matches!(e.kind, ExprKind::Binary(BinOp::Comma, ..)));
                let cond_effects = cond.as_ref().is_some_and(|c| self.has_effects(c));
                if !step_effects && !cond_effects {
                    StmtKind::For {
                        init,
                        cond,
                        step,
                        body,
                    }
                } else {
                    let init: Vec<Stmt> = init.map(|i| *i).into_iter().collect();
                    let cond = cond.unwrap_or_else(|| Expr::synth(ExprKind::BoolLit(true)));
                    let step_stmts: Vec<Stmt> = step
                        .into_iter()
                        .flat_map(crate::commas::comma_parts)
                        .map(expr_stmt)
                        .collect();
                    let body = Box::new(continue_after(*body, &step_stmts));
                    return self.endless(init, &cond, body, step_stmts, span);
                }
            }
            k => k,
        };
        Stmt::new(kind, span)
    }

    /// `{ init; bool _c; while (true) { _c = cond; if (!_c) break; body; step } }`.
    fn endless(
        &mut self,
        init: Vec<Stmt>,
        cond: &Expr,
        body: Box<Stmt>,
        step: Vec<Stmt>,
        span: cuad_syntax::Span,
    ) -> Stmt {
        let c = self.fresh();
        let mut inner = evaluate(&c, cond);
        inner.push(if_stmt(
            Expr::synth(ExprKind::Unary(UnOp::Not, Box::new(ident(&c)))),
            vec![Stmt::synth(StmtKind::Break)],
            None,
        ));
        inner.push(*body);
        inner.extend(step);
        let mut out = init;
        out.push(decl(Ty::new(TyKind::Bool), &c, None));
        out.push(Stmt::new(
            StmtKind::While {
                cond: Expr::synth(ExprKind::BoolLit(true)),
                body: Box::new(block(inner)),
            },
            span,
        ));
        block(out)
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("_cuad_cond{}", self.next - 1)
    }
}

/// Statements that leave the value of `cond` in `c`, with `&&`/`||` short-circuiting the
/// operand that has effects and nested assignments as statements before their use.
fn evaluate(c: &str, cond: &Expr) -> Vec<Stmt> {
    match &cond.strip_parens().kind {
        // Split when either side has effects: `k++ < n && w[k - 1] > 0` then increments `k`
        // between the two tests, as C++ sequences them.
        ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b)
            if may_have_effects(a) || may_have_effects(b) =>
        {
            let mut out = evaluate(c, a);
            let test = match op {
                BinOp::And => ident(c),
                _ => Expr::synth(ExprKind::Unary(UnOp::Not, Box::new(ident(c)))),
            };
            out.push(if_stmt(test, evaluate(c, b), None));
            out
        }
        _ => {
            let mut before = Vec::new();
            let value = hoist_assignments(cond.clone(), &mut before);
            before.push(expr_stmt(assign(ident(c), value)));
            before
        }
    }
}

/// Replaces assignments nested in `e` by their targets, emitting them first (`(v = x) > 0`
/// -> `v = x;` then `v > 0`).
fn hoist_assignments(e: Expr, before: &mut Vec<Stmt>) -> Expr {
    let span = e.span;
    let rec = |x: Box<Expr>, before: &mut Vec<Stmt>| Box::new(hoist_assignments(*x, before));
    let kind = match e.kind {
        ExprKind::Assign(op, l, r) => {
            let r = rec(r, before);
            let target = (*l).clone();
            before.push(expr_stmt(Expr::new(ExprKind::Assign(op, l, r), span)));
            return target;
        }
        ExprKind::Paren(x) => ExprKind::Paren(rec(x, before)),
        ExprKind::Unary(op, x) => ExprKind::Unary(op, rec(x, before)),
        ExprKind::Binary(op, l, r) => {
            let l = rec(l, before);
            ExprKind::Binary(op, l, rec(r, before))
        }
        ExprKind::Cast { kind, ty, expr } => ExprKind::Cast {
            kind,
            ty,
            expr: rec(expr, before),
        },
        k => k,
    };
    Expr::new(kind, span)
}

/// `body` with each `continue` of its own loop (not of nested loops) preceded by `before`:
/// the step or condition the lowering moved to the end of the body.
pub(crate) fn continue_after(body: Stmt, before: &[Stmt]) -> Stmt {
    let span = body.span;
    let kind = match body.kind {
        StmtKind::Continue => {
            let mut run = before.to_vec();
            run.push(Stmt::new(StmtKind::Continue, span));
            StmtKind::Block(run)
        }
        StmtKind::Block(b) => {
            StmtKind::Block(b.into_iter().map(|s| continue_after(s, before)).collect())
        }
        StmtKind::If { cond, then, els } => StmtKind::If {
            cond,
            then: Box::new(continue_after(*then, before)),
            els: els.map(|e| Box::new(continue_after(*e, before))),
        },
        StmtKind::Switch { cond, cases } => StmtKind::Switch {
            cond,
            cases: cases
                .into_iter()
                .map(|c| SwitchCase {
                    body: c
                        .body
                        .into_iter()
                        .map(|s| continue_after(s, before))
                        .collect(),
                    ..c
                })
                .collect(),
        },
        k => k,
    };
    Stmt::new(kind, span)
}
