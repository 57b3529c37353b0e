//! Merging a gradient kernel's blocks when it ends in block reductions.
//!
//! A kernel-invariant adjoint (saxpy's `_d_a`) is summed per block and added with one atomic
//! per block (`cuad_block_add`). Launched like the primal, one thread per element, that is
//! hundreds of thousands of atomics on one address, which serialize in L2 (about 0.2 ms at 2^26
//! elements on an H100, `bench/experiments/block_add.cu`). The gradient keeps the primal's
//! launch, so instead every K-th block runs the work of K consecutive blocks, keeps its sums in
//! registers across them, and adds once; the blocks in between exit at once (their dispatch
//! overlaps the workers' work). `cuad_blocks_per_worker` picks K, a power of two, at run time (1 for
//! small grids):
//!
//! ```text
//! const unsigned _cuad_merge = cuad_blocks_per_worker();
//! if ((blockIdx.x & (_cuad_merge - 1u)) != 0u) return;
//! float _d_a_sum = 0.f;
//! for (unsigned _cuad_block = blockIdx.x; _cuad_block < gridDim.x && _cuad_block < blockIdx.x + _cuad_merge; ++_cuad_block) {
//!     <the body, `blockIdx.x` -> `_cuad_block`, `return;` -> `continue;`>
//! }
//! cuad_block_add(_d_a, _d_a_sum);
//! ```
//!
//! It applies to short bodies only (`MAX_WORK`), when nothing but `blockIdx.x` reveals the block (no callee that reads it, no
//! cooperative groups, no `asm`), every `return` can become `continue`, and a body that
//! synchronizes the block has no `return` at all (a thread that left early would meet the
//! next virtual block's barriers). Such a body also gets a barrier at the end of each virtual
//! block, so that the next one's shared-memory writes wait for this one's reads.

use crate::builder::*;
use crate::usage::{walk_expr, Names};
use cuad_syntax::ast::*;

/// The block index variable of the merged loop.
const BLOCK: &str = "_cuad_block";
const MERGE: &str = "_cuad_merge";

/// The most work (expression nodes per thread) a merged body may have. A longer body hides its
/// block's atomic behind its own work, and the merged loop keeps the sums live across it:
/// Black-Scholes' gradient (397 nodes, 32 registers) spilled and ran 1.26 -> 1.62 ms merged,
/// while saxpy (30 nodes) ran 0.52 -> 0.37 ms and the elementwise map (100) 0.57 -> 0.47 ms
/// (H100, session 13, docs/PERFORMANCE.md).
const MAX_WORK: usize = 256;

/// Rewrites the gradient kernel `f` when it ends in block reductions and the merge applies;
/// returns whether it did (the helper is needed then). `callees_read_block_index`: some
/// function the primal calls reads `blockIdx` (it would see the launched block, not the
/// virtual one).
pub(crate) fn rewrite(f: &mut Function, callees_read_block_index: bool) -> bool {
    if !f.attrs.global || callees_read_block_index {
        return false;
    }
    let params: Names = f.params.iter().filter_map(|p| p.name.clone()).collect();
    let Some(body) = f.body.as_mut() else {
        return false;
    };
    let tail = body
        .iter()
        .rposition(|s| !is_block_reduction(s))
        .map_or(0, |k| k + 1);
    if tail == body.len() {
        return false;
    }
    // The sums the reductions add: their declarations stay before the loop.
    let mut names = Names::new();
    for s in &body[tail..] {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    names.insert(n.clone());
                }
            })
        });
    }
    let mut sums = Vec::new();
    let mut rest = Vec::new();
    for (k, s) in body[..tail].iter().enumerate() {
        match &s.kind {
            StmtKind::Decl(d) if d.vars.iter().any(|v| names.contains(&v.name)) => {
                if !d.vars.iter().all(|v| names.contains(&v.name)) {
                    return false;
                }
                sums.push(k);
            }
            _ => rest.push(k),
        }
    }
    let declared: Names = sums
        .iter()
        .flat_map(|&k| match &body[k].kind {
            StmtKind::Decl(d) => d.vars.iter().map(|v| v.name.clone()).collect(),
            _ => vec![],
        })
        .collect();
    // The reductions may name only the sums, parameters and their own helpers' names.
    let local_free = names.iter().all(|n| {
        declared.contains(n)
            || params.contains(n)
            || n.starts_with("cuad_")
            || n.starts_with("_acc_")
    });
    if !local_free {
        return false;
    }
    let mut inner: Vec<Stmt> = rest.iter().map(|&k| body[k].clone()).collect();
    let scan = scan(&inner);
    if expression_nodes(&inner) > MAX_WORK
        || scan.reveals_block
        || scan.nested_return
        || (scan.synchronizes && scan.returns)
    {
        return false;
    }
    for s in &mut inner {
        virtualize(s);
    }
    if scan.synchronizes {
        inner.push(expr_stmt(call("__syncthreads", vec![])));
    }
    let block_x = || member(ident("blockIdx"), "x", false);
    let unsigned = || {
        Ty::new(TyKind::Int {
            kind: IntKind::Int,
            signed: Some(false),
        })
    };
    let mut out = vec![
        decl(
            unsigned().with_const(true),
            MERGE,
            Some(call("cuad_blocks_per_worker", vec![])),
        ),
        if_stmt(
            binary(
                BinOp::Ne,
                paren(binary(
                    BinOp::BitAnd,
                    block_x(),
                    paren(binary(
                        BinOp::Sub,
                        ident(MERGE),
                        Expr::synth(ExprKind::IntLit("1u".into())),
                    )),
                )),
                Expr::synth(ExprKind::IntLit("0u".into())),
            ),
            vec![Stmt::synth(StmtKind::Return(None))],
            None,
        ),
    ];
    out.extend(sums.iter().map(|&k| body[k].clone()));
    out.push(Stmt::synth(StmtKind::For {
        init: Some(Box::new(decl(unsigned(), BLOCK, Some(block_x())))),
        cond: Some(binary(
            BinOp::And,
            binary(
                BinOp::Lt,
                ident(BLOCK),
                member(ident("gridDim"), "x", false),
            ),
            binary(
                BinOp::Lt,
                ident(BLOCK),
                binary(BinOp::Add, block_x(), ident(MERGE)),
            ),
        )),
        step: Some(unary(UnOp::PreInc, ident(BLOCK))),
        body: Box::new(block(inner)),
    }));
    out.extend(body[tail..].iter().cloned());
    *body = out;
    true
}

/// `cuad_block_add(...)`, or the block of `cuad_block_add_n` with its address and value arrays.
fn is_block_reduction(s: &Stmt) -> bool {
    let is_call = |s: &Stmt| match &s.kind {
        StmtKind::Expr(Expr {
            kind: ExprKind::Call { callee, .. },
            ..
        }) => {
            matches!(&callee.kind, ExprKind::Ident(n) if n == "cuad_block_add" || n == "cuad_block_add_n")
        }
        _ => false,
    };
    match &s.kind {
        StmtKind::Block(b) => {
            b.last().is_some_and(is_call)
                && b[..b.len() - 1].iter().all(|d| {
                    matches!(&d.kind, StmtKind::Decl(d) if d.vars.iter().all(|v| v.name.starts_with("_acc_")))
                })
        }
        _ => is_call(s),
    }
}

#[derive(Default)]
struct Scan {
    /// Something other than `blockIdx.x` could tell the block (bare `blockIdx`, cooperative
    /// groups, `asm`, a lambda cuad does not look into).
    reveals_block: bool,
    /// A `return` inside a loop or `switch` of the body (`continue` would mean something else).
    nested_return: bool,
    returns: bool,
    /// Barriers or shared memory.
    synchronizes: bool,
}

fn scan(stmts: &[Stmt]) -> Scan {
    let mut sc = Scan::default();
    for s in stmts {
        returns_in(s, false, &mut sc);
        s.visit(&mut |x| {
            if let StmtKind::Decl(d) = &x.kind {
                sc.synchronizes |= d.specs.shared;
            }
        });
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            sc.reveals_block |= bare_block_index(e);
            walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Ident(n) => {
                    let last = n.rsplit("::").next().unwrap_or(n);
                    sc.reveals_block |= matches!(
                        last,
                        "asm"
                            | "__asm__"
                            | "__asm"
                            | "this_thread_block"
                            | "this_grid"
                            | "this_multi_grid"
                            | "this_cluster"
                    ) || n.contains("cooperative_groups");
                    sc.synchronizes |= n.starts_with("__syncthreads")
                        || (n.starts_with("cuad_") && !barrier_free_helper(n));
                }
                ExprKind::Lambda(_) => sc.reveals_block = true,
                _ => {}
            });
        });
    }
    sc
}

/// cuad's runtime helpers that never wait for the block.
fn barrier_free_helper(name: &str) -> bool {
    matches!(
        name,
        "cuad_warp_add"
            | "cuad_warp_add_if_shared"
            | "cuad_linear_tid"
            | "cuad_shift_trips"
            | "cuad_add_maybe_local"
            | "cuad_add_if_whole_warps"
    )
}

/// `blockIdx` other than as `blockIdx.x`/`.y`/`.z`.
fn bare_block_index(e: &Expr) -> bool {
    let mut members = 0usize;
    let mut all = 0usize;
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::Member { base, .. } if matches!(&base.kind, ExprKind::Ident(n) if n == "blockIdx") => {
            members += 1
        }
        ExprKind::Ident(n) if n == "blockIdx" => all += 1,
        _ => {}
    });
    all != members
}

fn returns_in(s: &Stmt, nested: bool, sc: &mut Scan) {
    match &s.kind {
        StmtKind::Return(_) => {
            sc.returns = true;
            sc.nested_return |= nested;
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => returns_in(body, true, sc),
        StmtKind::Switch { cases, .. } => cases
            .iter()
            .flat_map(|c| c.body.iter())
            .for_each(|x| returns_in(x, true, sc)),
        _ => s.for_each_child(&mut |c| returns_in(c, nested, sc)),
    }
}

/// `blockIdx.x` -> the virtual block; `return;` (only outside loops here) -> `continue;`.
fn virtualize(s: &mut Stmt) {
    crate::methods::map_stmt_exprs(s, &mut |x| {
        if let ExprKind::Member { base, field, .. } = &x.kind {
            if field == "x" && matches!(&base.kind, ExprKind::Ident(n) if n == "blockIdx") {
                x.kind = ExprKind::Ident(BLOCK.into());
            }
        }
    });
    returns_to_continues(s);
}

fn returns_to_continues(s: &mut Stmt) {
    if matches!(s.kind, StmtKind::Return(_)) {
        s.kind = StmtKind::Continue;
        return;
    }
    s.for_each_child_mut(&mut returns_to_continues);
}

/// The expression nodes in `stmts`: a measure of a thread's work.
fn expression_nodes(stmts: &[Stmt]) -> usize {
    let mut n = 0;
    for s in stmts {
        crate::usage::visit_stmt_exprs(s, &mut |e| walk_expr(e, &mut |_| n += 1));
    }
    n
}
