//! Trip counts of halving loops in closed form.
//!
//! A loop the reverse pass runs backwards records its trip count in the forward sweep:
//!
//! ```text
//! _n2 = 0;
//! for (s = blockDim.x / 2; s > 0; s >>= 1) { ++_n2; if (t < s) {} }
//! ```
//!
//! Once the forward body is dead (a linear tree reduction's, see `dead_shared.rs`), the loop
//! only counts. For `s > C` with a literal `C >= 0` and `s >>= c` the count is the bit length of
//! `s / (C + 1)` divided by `c`, rounded up (`cuad_shift_trips`, which also leaves `s` at its exit
//! value): no loop, no branch per level.

use crate::builder::*;
use cuad_syntax::ast::*;

/// Rewrites the counting loops in `body`; returns whether one was rewritten (the helper is
/// needed then).
pub(crate) fn rewrite(body: &mut Vec<Stmt>) -> bool {
    let mut rewritten = false;
    rewrite_list(body, &mut rewritten);
    rewritten
}

fn rewrite_list(list: &mut Vec<Stmt>, rewritten: &mut bool) {
    for s in list.iter_mut() {
        rewrite_nested(s, rewritten);
    }
    let mut i = 1;
    while i < list.len() {
        let closed = zeroed_counter(&list[i - 1]).and_then(|n| counting_loop(&list[i], &n));
        match closed {
            Some(closed) => {
                let len = closed.len();
                list.splice(i - 1..=i, closed);
                *rewritten = true;
                i += len;
            }
            None => i += 1,
        }
    }
}

/// The lists inside `s`, without wrapping single-statement bodies.
fn rewrite_nested(s: &mut Stmt, rewritten: &mut bool) {
    match &mut s.kind {
        StmtKind::Block(b) => rewrite_list(b, rewritten),
        StmtKind::If { then, els, .. } => {
            rewrite_nested(then, rewritten);
            if let Some(e) = els {
                rewrite_nested(e, rewritten);
            }
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => rewrite_nested(body, rewritten),
        StmtKind::Switch { cases, .. } => cases
            .iter_mut()
            .for_each(|c| rewrite_list(&mut c.body, rewritten)),
        _ => {}
    }
}

/// `n = 0;`: `n`.
fn zeroed_counter(s: &Stmt) -> Option<String> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    match &e.kind {
        ExprKind::Assign(None, l, r) if matches!(&r.kind, ExprKind::IntLit(v) if v == "0") => {
            match &l.kind {
                ExprKind::Ident(n) => Some(n.clone()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `for (s = B; s > C; s >>= c) { ++n; <nothing> }` (after `n = 0;`) as
/// `s = B; n = cuad_shift_trips(s, c, C);`.
fn counting_loop(s: &Stmt, count: &str) -> Option<Vec<Stmt>> {
    let crate::index::CountedFor {
        init,
        counter: var,
        start,
        cond,
        step,
        body,
    } = crate::index::CountedFor::of(s)?;
    if crate::usage::may_have_effects(&start) {
        return None;
    }
    let is_var = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if *n == var);
    let literal = |e: &Expr| match &e.strip_parens().kind {
        ExprKind::IntLit(t) => crate::index::parse_int(t),
        _ => None,
    };
    let bound = match &cond.kind {
        ExprKind::Binary(BinOp::Gt, l, r) if is_var(l) => literal(r).filter(|c| *c >= 0)?,
        _ => return None,
    };
    let shift = match &step.kind {
        ExprKind::Assign(Some(BinOp::Shr), l, r) if is_var(l) => {
            literal(r).filter(|c| (1..8).contains(c))?
        }
        _ => return None,
    };
    let mut counted = false;
    if !only_counts(body, count, &mut counted) || !counted {
        return None;
    }
    let trips = call(
        "cuad_shift_trips",
        vec![ident(&var), int_lit(shift), int_lit(bound)],
    );
    let closed = vec![init.clone(), expr_stmt(assign(ident(count), trips))];
    // A declared loop variable stays scoped to what replaces the loop.
    Some(match &init.kind {
        StmtKind::Decl(_) => vec![block(closed)],
        _ => closed,
    })
}

/// Whether `s` does nothing but `++count` (once, at the top level of the body) and branches on
/// conditions without effects around nothing.
fn only_counts(s: &Stmt, count: &str, counted: &mut bool) -> bool {
    match &s.kind {
        StmtKind::Empty | StmtKind::Pragma(_) => true,
        StmtKind::Block(b) => b.iter().all(|x| only_counts_nested(x, count, counted)),
        _ => only_counts_nested(s, count, counted),
    }
}

fn only_counts_nested(s: &Stmt, count: &str, counted: &mut bool) -> bool {
    match &s.kind {
        StmtKind::Expr(e)
            if !*counted
                && matches!(&e.kind, ExprKind::Unary(UnOp::PreInc, x)
                    if matches!(&x.kind, ExprKind::Ident(n) if n == count)) =>
        {
            *counted = true;
            true
        }
        _ => is_empty(s),
    }
}

fn is_empty(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Empty | StmtKind::Pragma(_) => true,
        StmtKind::Block(b) => b.iter().all(is_empty),
        StmtKind::If { cond, then, els } => {
            !crate::usage::may_have_effects(cond)
                && is_empty(then)
                && els.as_deref().is_none_or(is_empty)
        }
        _ => false,
    }
}
