//! Merging atomic adjoint accumulations to the same address.
//!
//! `y = g[k + 1] - f * (g[k + 1] - g[k])` reads `g[k + 1]` twice, so its reverse adds two
//! contributions to `_d_g[k + 1]`: two atomics where one would do. Atomics are the cost of
//! most scatter gradients (XSBench, RSBench, finite-element gathers), so within a block the
//! earlier atomic is folded into a later one on the same address when nothing in between
//! touches that memory or changes the names either one reads:
//! `atomicAdd(&a, x); ...; atomicAdd(&a, y);` -> `...; atomicAdd(&a, x + y);`.

use crate::builder::*;
use crate::usage::{self, Names};
use cuad_syntax::ast::*;

/// Accumulation calls whose two arguments are an address and a value to add to it.
const ACCUMULATORS: &[&str] = &[
    "atomicAdd",
    "cuad_warp_add",
    "cuad_add_if_whole_warps",
    "cuad_add_row_groups",
    "cuad_add_column_groups",
];

/// Merges accumulations in every block of `stmts`, recursively. `aliases` are classes of
/// pointer variables that may point into the same buffer (`_d_r = _d_x + 2 * i`).
pub fn merge_accumulations(stmts: &mut Vec<Stmt>, aliases: &[Names]) {
    for s in stmts.iter_mut() {
        visit_child_blocks(s, aliases);
    }
    let mut k = 0;
    while k < stmts.len() {
        if let Some(j) = later_same_address(stmts, k, aliases) {
            let first = stmts.remove(k);
            let (Some((_, _, v1)), Some((name, addr, v2))) =
                (accumulation(&first), accumulation(&stmts[j - 1]))
            else {
                unreachable!("later_same_address checked both");
            };
            let sum = binary(BinOp::Add, paren(v1.clone()), paren(v2.clone()));
            stmts[j - 1] = expr_stmt(call(name, vec![addr.clone(), sum]));
        } else {
            k += 1;
        }
    }
}

fn visit_child_blocks(s: &mut Stmt, aliases: &[Names]) {
    match &mut s.kind {
        StmtKind::Block(b) => merge_accumulations(b, aliases),
        StmtKind::If { then, els, .. } => {
            visit_child_blocks(then, aliases);
            if let Some(e) = els {
                visit_child_blocks(e, aliases);
            }
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => visit_child_blocks(body, aliases),
        _ => {}
    }
}

/// `(callee, &address, value)` of an accumulation statement.
fn accumulation(s: &Stmt) -> Option<(&str, &Expr, &Expr)> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    let name = ACCUMULATORS.iter().find(|a| **a == name)?;
    match args.as_slice() {
        [addr @ Expr {
            kind: ExprKind::Unary(UnOp::AddrOf, _),
            ..
        }, v] => Some((name, addr, v)),
        _ => None,
    }
}

/// The index of a later statement in the block that accumulates into the same address as
/// statement `k`, with nothing in between that could observe or change the difference.
fn later_same_address(stmts: &[Stmt], k: usize, aliases: &[Names]) -> Option<usize> {
    let (name, addr, value) = accumulation(&stmts[k])?;
    let key = cuad_emit::print_expr(addr);
    let ExprKind::Unary(UnOp::AddrOf, place) = &addr.kind else {
        return None;
    };
    let root = usage::lvalue_root(place)?.to_string();
    // The memory may also be reached through the root's aliases.
    let memory: Names = match aliases.iter().find(|c| c.contains(&root)) {
        Some(class) => class.clone(),
        None => [root].into(),
    };
    let mut fixed = Names::new();
    usage::reads(addr, &mut fixed);
    usage::reads(value, &mut fixed);
    for (j, s) in stmts.iter().enumerate().skip(k + 1) {
        if let Some((n2, a2, v2)) = accumulation(s) {
            if n2 == name && cuad_emit::print_expr(a2) == key {
                return Some(j);
            }
            // Atomic additions commute, whatever memory they touch.
            if usage::may_have_effects(a2) || usage::may_have_effects(v2) {
                return None;
            }
            continue;
        }
        if !matches!(s.kind, StmtKind::Expr(_) | StmtKind::Decl(_)) || !only_math_calls(s) {
            return None;
        }
        let mut mentioned = Names::new();
        usage::visit_stmt_exprs(s, &mut |e| usage::reads(e, &mut mentioned));
        let mut written = Names::new();
        usage::stmt_writes_one(s, &mut written);
        if !mentioned.is_disjoint(&memory)
            || !written.is_disjoint(&memory)
            || !written.is_disjoint(&fixed)
        {
            return None;
        }
    }
    None
}

/// Calls only math functions (which touch no memory and no variables).
fn only_math_calls(s: &Stmt) -> bool {
    let mut ok = true;
    usage::visit_stmt_exprs(s, &mut |e| {
        usage::walk_expr(e, &mut |x| {
            if let ExprKind::Call { callee, .. } = &x.kind {
                ok &= matches!(&callee.kind, ExprKind::Ident(n) if crate::rules::is_pure_math(n));
            }
        })
    });
    ok
}
