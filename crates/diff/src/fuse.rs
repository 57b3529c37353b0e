//! Fusing the end of the forward sweep with the start of the reverse sweep.
//!
//! A kernel body is usually one guarded block, so its gradient reads
//! `if (i < n) { forward } // reverse pass if (i < n) { reverse }`. Emitting
//! `if (i < n) { forward // reverse pass reverse }` instead evaluates the guard once and, more
//! importantly, puts the forward values and the partials that recompute them (an `expf` in a
//! rule, a callee re-run by its pullback) in one block, where nvcc shares them (CSE).

use crate::builder::*;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;

/// Splits off a fused statement when the last forward statement and the first reverse
/// statement are `if`s on the same condition that the forward branch cannot change. Returns
/// the new forward and reverse sweeps; the comment marking the reverse pass goes inside.
pub fn fuse_sweeps(mut fwd: Vec<Stmt>, mut rev: Vec<Stmt>) -> (Vec<Stmt>, Vec<Stmt>, bool) {
    let fusable = match (fwd.last(), rev.first()) {
        (Some(f), Some(r)) => same_guard(f, r),
        _ => false,
    };
    if !fusable {
        return (fwd, rev, false);
    }
    let (Some(f), r) = (fwd.pop(), rev.remove(0)) else {
        return (fwd, rev, false);
    };
    let (
        StmtKind::If {
            cond,
            then: ft,
            els: fe,
        },
        StmtKind::If {
            then: rt, els: re, ..
        },
    ) = (f.kind, r.kind)
    else {
        return (fwd, rev, false);
    };
    let join = |a: Option<Box<Stmt>>, b: Option<Box<Stmt>>| -> Vec<Stmt> {
        let (a, b) = (stmts_of(a), stmts_of(b));
        if b.is_empty() {
            return a;
        }
        let mut out = a;
        out.push(comment("reverse pass"));
        out.extend(b);
        out
    };
    let then = join(Some(ft), Some(rt));
    let els = join(fe, re);
    fwd.push(if_stmt(cond, then, Some(els)));
    (fwd, rev, true)
}

fn stmts_of(s: Option<Box<Stmt>>) -> Vec<Stmt> {
    match s.map(|b| b.kind) {
        Some(StmtKind::Block(v)) => v,
        Some(other) => vec![Stmt::synth(other)],
        None => vec![],
    }
}

/// Both are `if`s on the same pure condition, and the forward one does not write what the
/// condition reads (so evaluating it once, before the forward branch, gives the same value).
fn same_guard(f: &Stmt, r: &Stmt) -> bool {
    let (StmtKind::If { cond: fc, .. }, StmtKind::If { cond: rc, .. }) = (&f.kind, &r.kind) else {
        return false;
    };
    if cuad_emit::print_expr(fc) != cuad_emit::print_expr(rc) {
        return false;
    }
    if usage::may_have_effects(fc) {
        return false;
    }
    let mut cond_reads = Names::new();
    usage::reads(fc, &mut cond_reads);
    let mut written = Names::new();
    usage::stmt_writes_one(f, &mut written);
    cond_reads.is_disjoint(&written)
}
