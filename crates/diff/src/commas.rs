//! Comma expressions that sequence effects, as C code pairs updates, and conditionals run for
//! their effects:
//!
//! ```text
//! x = a[i], z = b[i];                     ->  x = a[i]; z = b[i];
//! c ? x = a : y = b;                      ->  if (c) x = a; else y = b;
//! for (j = 0, q = b; j < n; j++, q++) s   ->  q = b; for (j = 0; j < n; j++) { s q++; }
//! ```
//!
//! Every later pass (both modes differentiate statements) sees each assignment as a statement
//! of its own. A `for` keeps in its header the operand that sets or steps the variables its
//! condition tests (so a counted loop stays one) when the operands it moves past are
//! independent of it; the other init operands run before the loop, the other step operands at
//! the end of the body (and before each `continue`). A step that cannot be split so is left
//! to `loop_effects.rs`.

use crate::builder::*;
use crate::usage::{self, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;

pub fn split(prog: &Program, body: Vec<Stmt>) -> Vec<Stmt> {
    Splitter { prog }.stmts(body)
}

struct Splitter<'p> {
    prog: &'p Program<'p>,
}

impl Splitter<'_> {
    fn stmts(&self, body: Vec<Stmt>) -> Vec<Stmt> {
        body.into_iter().flat_map(|s| self.stmt(s)).collect()
    }

    /// A statement nested in another (a branch, a loop body): one block when it splits.
    fn nested(&self, s: Stmt) -> Box<Stmt> {
        let mut v = self.stmt(s);
        Box::new(if v.len() == 1 { v.remove(0) } else { block(v) })
    }

    fn stmt(&self, s: Stmt) -> Vec<Stmt> {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::Expr(e) if is_comma(&e) => {
                return self.stmts(comma_parts(e).into_iter().map(expr_stmt).collect());
            }
            // `c ? x = a : y = b;` (a conditional run for its effects) is an `if`.
            StmtKind::Expr(Expr {
                kind: ExprKind::Cond(c, a, b),
                ..
            }) if usage::may_have_effects(&a) || usage::may_have_effects(&b) => StmtKind::If {
                cond: *c,
                then: self.nested(expr_stmt(*a)),
                els: Some(self.nested(expr_stmt(*b))),
            },
            StmtKind::Expr(Expr {
                kind: ExprKind::Paren(x),
                ..
            }) if matches!(x.kind, ExprKind::Cond(..)) => return self.stmt(expr_stmt(*x)),
            StmtKind::Block(b) => StmtKind::Block(self.stmts(b)),
            StmtKind::If { cond, then, els } => StmtKind::If {
                cond,
                then: self.nested(*then),
                els: els.map(|e| self.nested(*e)),
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
            StmtKind::While { cond, body } => StmtKind::While {
                cond,
                body: self.nested(*body),
            },
            StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
                body: self.nested(*body),
                cond,
            },
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => return self.for_loop(init, cond, step, *body, span),
            k => k,
        };
        vec![Stmt::new(kind, span)]
    }

    fn for_loop(
        &self,
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Stmt,
        span: cuad_syntax::Span,
    ) -> Vec<Stmt> {
        let mut tested = Names::new();
        if let Some(c) = &cond {
            usage::reads(c, &mut tested);
        }
        let mut before = Vec::new();
        let init = match init.map(|i| *i) {
            Some(Stmt {
                kind: StmtKind::Expr(e),
                ..
            }) if is_comma(&e) => {
                let mut parts = comma_parts(e);
                // Any operand may stay when it is the last: the others keep their order.
                let kept = self
                    .counter_part(&parts, &tested)
                    .unwrap_or(parts.len() - 1);
                let kept = parts.remove(kept);
                before.extend(parts.into_iter().map(expr_stmt));
                Some(Box::new(expr_stmt(kept)))
            }
            other => other.map(Box::new),
        };
        let mut body = *self.nested(body);
        let step = match step {
            Some(e) if is_comma(&e) => {
                let mut parts = comma_parts(e.clone());
                match self.counter_part(&parts, &tested) {
                    Some(k) => {
                        let kept = parts.remove(k);
                        let moved: Vec<Stmt> = parts.into_iter().map(expr_stmt).collect();
                        let mut inner = vec![crate::loop_effects::continue_after(body, &moved)];
                        inner.extend(moved);
                        body = block(inner);
                        Some(kept)
                    }
                    None => Some(e),
                }
            }
            other => other,
        };
        before.push(Stmt::new(
            StmtKind::For {
                init,
                cond,
                step,
                body: Box::new(body),
            },
            span,
        ));
        before
    }

    /// The one operand of `parts` that writes a variable of `tested`, when the operands after
    /// it (which will run before it) neither read nor write what it writes, nor write what it
    /// reads.
    fn counter_part(&self, parts: &[Expr], tested: &Names) -> Option<usize> {
        let writes = |e: &Expr| {
            let mut w = Names::new();
            usage::writes(e, &mut w);
            w
        };
        let mut hits = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| !writes(p).is_disjoint(tested));
        let (k, kept) = hits.next()?;
        if hits.next().is_some() {
            return None;
        }
        let later = &parts[k + 1..];
        if later.is_empty() {
            return Some(k);
        }
        if !self.plain_effects(kept) || !later.iter().all(|p| self.plain_effects(p)) {
            return None;
        }
        let (kept_writes, mut kept_reads) = (writes(kept), Names::new());
        usage::reads(kept, &mut kept_reads);
        let independent = later.iter().all(|p| {
            let mut touched = writes(p);
            usage::reads(p, &mut touched);
            kept_writes.is_disjoint(&touched) && writes(p).is_disjoint(&kept_reads)
        });
        independent.then_some(k)
    }

    /// Does `e` change only plain variables (no memory, no calls with effects), so that what
    /// it touches is the names it mentions?
    fn plain_effects(&self, e: &Expr) -> bool {
        !usage::any_expr(e, &|x| match &x.kind {
            ExprKind::Assign(_, l, _)
            | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, l) => {
                !usage::is_plain_var(l)
            }
            ExprKind::Call { callee, .. } => {
                !crate::effects::is_effect_free_call(self.prog, callee)
            }
            ExprKind::Launch { .. } => true,
            _ => false,
        })
    }
}

fn is_comma(e: &Expr) -> bool {
    matches!(e.strip_parens().kind, ExprKind::Binary(BinOp::Comma, ..))
}

/// `a, b, c` -> `[a, b, c]`.
pub(crate) fn comma_parts(e: Expr) -> Vec<Expr> {
    match e.kind {
        ExprKind::Binary(BinOp::Comma, l, r) => {
            let mut out = comma_parts(*l);
            out.extend(comma_parts(*r));
            out
        }
        ExprKind::Paren(x) if matches!(x.kind, ExprKind::Binary(BinOp::Comma, ..)) => {
            comma_parts(*x)
        }
        k => vec![Expr::new(k, e.span)],
    }
}
