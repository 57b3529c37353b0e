//! Scatter to gather for kernel gradients a host-function gradient launches.
//!
//! A stencil's reverse scatters: thread `t` adds into `_d_in[t - 1]`, `_d_in[t + 1]`, ...,
//! which several threads hit, so each update is an atomic. Inside one kernel nothing better
//! is possible (the contract zeroes the output adjoints as they are read), but a host
//! gradient can launch two kernels:
//!
//! 1. `k_grad_gather`: thread `s` runs the gradient body once for itself with the atomics
//!    and the zeroing of seeds left out, then once for each atomic `atomicAdd(&_d_a[t + c],
//!    v)` (`c` the same for every thread) as the thread `t = s - c` whose update lands on
//!    `_d_a[s]`, keeping only that update's value; it adds the sum with a plain `+=`.
//!    Updates whose target lies outside the launched threads stay atomics in the first run.
//! 2. `k_grad_zero`: the gradient body with every adjoint update left out: the zeroing.
//!
//! It applies when the gradient body locates its thread only through one
//! `t = blockIdx.x * blockDim.x + threadIdx.x;`, uses no block- or warp-level operation, and
//! the adjoint arrays it reads (the seeds) are not the ones it adds into.

use crate::builder::*;
use crate::usage::{walk_expr, Names};
use cuad_syntax::ast::*;

/// A kernel gradient as a gather pass and a zeroing pass.
pub struct Split {
    pub gather: Function,
    pub zero: Function,
    /// The zeroing pass of one launch and the gather pass of the next as one kernel, when
    /// the zeroing pass clears only `seed[t]` at its own thread index (see `ZeroGather`).
    pub zero_gather: Option<ZeroGather>,
}

/// `k_grad_zero_gather(zero's parameters..., gather's parameters...)`: thread `s` runs the
/// zeroing pass as thread `s` of the earlier launch, then the gather pass. A host gradient
/// launches it for two consecutive reverse launches of one kernel with the same grid and
/// block when the earlier launch's zeroed seeds are the later one's gather targets (the same
/// pointers) and none of its seeds: then thread `s` clears element `s`, which only thread
/// `s` adds into afterwards, and no thread reads the cleared arrays (adjoint arguments of a
/// launch never overlap: the kernels declare them `__restrict__`). One pass over memory less
/// per time step of a stencil loop.
pub struct ZeroGather {
    pub function: Function,
    /// Parameter indices (of the gradient) of the seeds the zeroing pass clears, of the
    /// arrays the gather pass adds into and of the seeds it reads.
    pub zeroed: Vec<usize>,
    pub targets: Vec<usize>,
    pub seeds: Vec<usize>,
}

/// The gather and zero kernels for the gradient `grad`, or `None` when the transformation
/// does not apply.
pub fn split(grad: &Function) -> Option<Split> {
    if !grad.attrs.global || grad.template.is_some() {
        return None;
    }
    let body = grad.body.as_ref()?;
    let adjoints: Names = grad
        .params
        .iter()
        .filter_map(|p| p.name.clone())
        .filter(|n| n.starts_with("_d_"))
        .collect();
    // The thread index: one top-level `t = blockIdx.x * blockDim.x + threadIdx.x;`.
    let (pos, tvar) = body.iter().enumerate().find_map(|(k, s)| match &s.kind {
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(None, l, r),
            ..
        }) if is_linear_thread_index(r) => match &l.kind {
            ExprKind::Ident(n) => Some((k, n.clone())),
            _ => None,
        },
        _ => None,
    })?;
    // Block reductions of kernel-invariant adjoints (`cuad_block_add`, top level, reached by
    // every thread) stay in the thread's own run; the other runs leave them out.
    let is_reduction = |s: &Stmt| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(
                e,
                &mut |x| {
                    found |=
                        matches!(&x.kind, ExprKind::Ident(n) if n.starts_with("cuad_block_add"))
                },
            )
        });
        found
    };
    let rest: Vec<Stmt> = body[pos + 1..]
        .iter()
        .filter(|s| !is_reduction(s))
        .cloned()
        .collect();
    if mentions_thread_position(&rest) || body[..pos].iter().any(|s| !is_decl(s)) {
        return None;
    }
    // Offsets may use scalar parameters the body never assigns: the same in every thread.
    let mut assigned = Names::new();
    crate::usage::stmt_writes(body, &mut assigned);
    let uniform_names: Names = grad
        .params
        .iter()
        .filter(|p| !matches!(p.ty.kind, TyKind::Pointer { .. } | TyKind::LRef(_)))
        .filter_map(|p| p.name.clone())
        .filter(|n| !assigned.contains(n))
        .collect();
    let mut scan = Scan {
        adjoints: &adjoints,
        uniform_names: &uniform_names,
        tvar: &tvar,
        offsets: vec![],
        seeds: Names::new(),
        targets: Names::new(),
        ok: true,
    };
    body.iter().for_each(|s| scan.stmt(s));
    if !scan.ok || scan.offsets.is_empty() || scan.seeds.iter().any(|s| scan.targets.contains(s)) {
        return None;
    }
    // The runs for other threads may write only their own locals and adjoint updates: a
    // store into primal memory (restoring an overwritten input) would race.
    let mut locals = Names::new();
    body.iter()
        .for_each(|s| crate::normalize::declared_names(s, &mut locals));
    let by_value: Names = grad
        .params
        .iter()
        .filter(|p| {
            !matches!(
                p.ty.kind,
                TyKind::Pointer { .. } | TyKind::LRef(_) | TyKind::Array { .. }
            )
        })
        .filter_map(|p| p.name.clone())
        .collect();
    let mut written = Names::new();
    for st in &rest {
        strip_updates(st, &adjoints, &mut |s| {
            crate::usage::stmt_writes_one(s, &mut written)
        });
    }
    if written
        .iter()
        .any(|w| !locals.contains(w) && !by_value.contains(w))
    {
        return None;
    }
    let total = binary(
        BinOp::Mul,
        member(ident("gridDim"), "x", false),
        member(ident("blockDim"), "x", false),
    );
    let s_name = "_cuad_s";
    let mut gather_body: Vec<Stmt> = vec![decl(Ty::int(), s_name, Some(thread_index_expr()))];
    // A block reduction in the own run is a barrier: then the choice between the fast and
    // the plain path must be the same for the whole block (see below).
    let per_thread_choice = !body.iter().any(&is_reduction);
    let mut divmods = DivMods::new(
        &body[pos + 1..],
        &tvar,
        &uniform_names,
        s_name,
        per_thread_choice,
    );
    gather_body.extend(divmods.decls());
    // One register sum per gathered array: every update landing on `target[s]` (the thread's
    // own and the other threads') adds into it, and one read-modify-write stores it at the end
    // (measured on jacobi's step: 0.151 -> 0.094 ms against one `+=` per update).
    let mut sums: Vec<(String, String, String)> = vec![];
    for (target, _) in &scan.offsets {
        if sums.iter().all(|(t, _, _)| t != target) {
            let k = sums.len();
            let elem = elem_ty(grad, target)?;
            let (acc, hit) = (format!("_cuad_acc{k}"), format!("_cuad_hit{k}"));
            gather_body.push(decl(elem.clone(), &acc, Some(real_zero(&elem))));
            gather_body.push(decl(
                Ty::new(TyKind::Bool),
                &hit,
                Some(Expr::synth(ExprKind::BoolLit(false))),
            ));
            sums.push((target.clone(), acc, hit));
        }
    }
    let sum_of = |target: &str| sums.iter().find(|(t, _, _)| t == target);
    let add_to_sum = |acc: &str, hit: &str, value: &Expr| {
        Stmt::synth(StmtKind::Block(vec![
            expr_stmt(compound(BinOp::Add, ident(acc), value.clone())),
            expr_stmt(assign(ident(hit), Expr::synth(ExprKind::BoolLit(true)))),
        ]))
    };
    // The thread's own run: everything but gathered atomics and the zeroing.
    let mut own = body.clone();
    own[pos] = expr_stmt(assign(ident(&tvar), ident(s_name)));
    for st in &mut own {
        rewrite(st, &adjoints, &mut |a| match a {
            // The thread's own element: only this thread adds into it.
            Update::Atomic {
                target,
                index,
                value,
            } if offset_of(index, &tvar, &uniform_names).is_some_and(|o| is_zero(&o)) => {
                Some(match sum_of(target) {
                    Some((_, acc, hit)) => add_to_sum(acc, hit, value),
                    None => expr_stmt(compound(
                        BinOp::Add,
                        index_expr(target, index),
                        (*value).clone(),
                    )),
                })
            }
            Update::Atomic {
                target,
                index,
                value,
            } => {
                let (lo, hi) = (int_lit(0), total.clone());
                let outside = binary(
                    BinOp::Or,
                    binary(BinOp::Lt, paren((*index).clone()), lo),
                    binary(BinOp::Ge, paren((*index).clone()), paren(hi)),
                );
                // Targets no thread gathers stay atomic.
                Some(if_stmt(
                    outside,
                    vec![expr_stmt(call(
                        "atomicAdd",
                        vec![addr_of(index_expr(target, index)), (*value).clone()],
                    ))],
                    None,
                ))
            }
            Update::Plain => None,
            Update::Zero => Some(Stmt::synth(StmtKind::Empty)),
        });
    }
    // Every run twice. `fast`, for threads whose every neighbour `s ± c` is a launched thread
    // and positive divisors: no range tests, the own run's atomics for targets outside the
    // launch left out (there are none), and the thread's divisions by uniform divisors
    // rewritten from `s`'s. `plain`, as written, for the others (a stencil's edge rows).
    // The gather is compute-bound (jacobi's step): as `n > 0 ? fast : t % n` per use, nvcc
    // computed the divisions anyway; the range tests were a fifth of its instructions.
    // A block reduction in the own run is a barrier: then the choice must be the same for the
    // whole block (`n > 0` alone), and the fast path keeps the range tests.
    let (mut fast_runs, mut plain_runs) = (vec![], vec![]);
    plain_runs.push(Stmt::synth(StmtKind::Block(own.clone())));
    if per_thread_choice {
        for st in own.iter_mut() {
            strip_outside_atomics(st);
        }
    }
    for st in own.iter_mut().skip(pos + 1) {
        divmods.rewrite(st, &int_lit(0));
    }
    fast_runs.push(Stmt::synth(StmtKind::Block(own)));
    let in_launch = |t: Expr| {
        binary(
            BinOp::And,
            binary(BinOp::Ge, paren(t.clone()), int_lit(0)),
            binary(BinOp::Lt, paren(t), paren(total.clone())),
        )
    };
    let mut inner: Vec<Expr> = vec![];
    for (_, offset) in &scan.offsets {
        for t in [virtual_index(s_name, offset), shifted_index(s_name, offset)] {
            if !inner.iter().any(|x| same(x, &t)) {
                inner.push(t);
            }
        }
    }
    let positive_names: Vec<&str> = match divmods.all_positive() {
        Some(_) => divmods.divisors.iter().map(|d| d.0.as_str()).collect(),
        None => vec![],
    };
    let quotient_facts = divmods.quotients_at_least_one(&inner, &positive_names);
    let inner = launch_range_tests(inner, s_name, &positive_names, &total);
    // One run per gathered update, as the thread whose update lands here.
    for (target, offset) in &scan.offsets {
        let (_, acc, hit) = sum_of(target)?;
        let virtual_t = virtual_index(s_name, offset);
        let mut run = body.clone();
        run[pos] = expr_stmt(assign(ident(&tvar), virtual_t.clone()));
        for st in run.iter_mut().skip(pos + 1) {
            if is_reduction(st) {
                st.kind = StmtKind::Empty;
            }
        }
        let mut seen = 0usize;
        for st in &mut run {
            rewrite(st, &adjoints, &mut |a| match a {
                Update::Atomic {
                    target: t2,
                    index,
                    value,
                } => {
                    let this = *t2 == target.as_str()
                        && offset_of(index, &tvar, &uniform_names)
                            .is_some_and(|o| same(&o, offset));
                    if this {
                        seen += 1;
                        Some(add_to_sum(acc, hit, value))
                    } else {
                        Some(Stmt::synth(StmtKind::Empty))
                    }
                }
                Update::Plain | Update::Zero => Some(Stmt::synth(StmtKind::Empty)),
            });
        }
        if seen == 0 {
            return None;
        }
        plain_runs.push(if_stmt(
            in_launch(virtual_t),
            vec![Stmt::synth(StmtKind::Block(run.clone()))],
            None,
        ));
        for st in run.iter_mut().skip(pos + 1) {
            divmods.rewrite(st, offset);
        }
        fast_runs.push(match per_thread_choice {
            true => Stmt::synth(StmtKind::Block(run)),
            false => if_stmt(
                in_launch(virtual_index(s_name, offset)),
                vec![Stmt::synth(StmtKind::Block(run))],
                None,
            ),
        });
    }
    let positive = divmods.fast_conditions();
    let fast_when = match (per_thread_choice, positive, inner) {
        (true, Some(positive), Some(inner)) => Some(binary(BinOp::And, positive, inner)),
        (true, None, Some(inner)) => Some(inner),
        (false, positive, _) => positive,
        (true, _, None) => return None,
    };
    // What the fast path's guard proves, told to the compiler: nvcc then folds the replayed
    // runs' boundary tests (`i == 0` with `i = r + 1`, `r > 0`). With the wrap-free rows,
    // jacobi's zero_gather fast path went from 145 to 103 PTX instructions (static count,
    // prologue to the stores). The CPU emulation checks each assumption.
    if per_thread_choice {
        if let Some(when) = &fast_when {
            let mut facts = vec![];
            conjuncts(when, &mut facts);
            facts.extend(quotient_facts);
            let assumes = facts
                .into_iter()
                .map(|f| expr_stmt(call("__builtin_assume", vec![f])));
            fast_runs.splice(0..0, assumes);
        }
    }
    match fast_when {
        Some(when) => gather_body.push(if_stmt(when, fast_runs, Some(plain_runs))),
        None => gather_body.extend(plain_runs),
    }
    let stores: Vec<Stmt> = sums
        .iter()
        .map(|(target, acc, hit)| {
            if_stmt(
                ident(hit),
                vec![expr_stmt(compound(
                    BinOp::Add,
                    index(ident(target), ident(s_name)),
                    ident(acc),
                ))],
                None,
            )
        })
        .collect();
    // The zeroing pass: no adjoint updates.
    let mut zero_body = body.clone();
    for st in zero_body.iter_mut().skip(pos + 1) {
        if is_reduction(st) {
            st.kind = StmtKind::Empty;
        }
    }
    for st in &mut zero_body {
        rewrite(st, &adjoints, &mut |a| match a {
            Update::Atomic { .. } | Update::Plain => Some(Stmt::synth(StmtKind::Empty)),
            Update::Zero => None,
        });
    }
    prune_empty(&mut gather_body);
    prune_empty(&mut zero_body);
    let mut zero = grad.clone();
    zero.name = format!("{}_zero", grad.name);
    zero.body = Some(zero_body);
    let gathered = Gathered {
        body: &gather_body,
        sums: &sums,
        stores: &stores,
        s_name,
    };
    let zero_gather = zero_then_gather(grad, &zero, &gathered, &tvar, pos, &scan);
    let mut gather = grad.clone();
    gather.name = format!("{}_gather", grad.name);
    gather_body.extend(stores);
    gather.body = Some(gather_body);
    Some(Split {
        gather,
        zero,
        zero_gather,
    })
}

/// The gather pass before its final stores: the sums `(target, acc, hit)` hold, per gathered
/// array, what lands on element `s_name`.
struct Gathered<'a> {
    body: &'a [Stmt],
    sums: &'a [(String, String, String)],
    /// `if (hit) target[s] += acc;` per sum.
    stores: &'a [Stmt],
    s_name: &'a str,
}

/// The fused kernel of `ZeroGather`, when every store of the zeroing pass is `seed[t] = 0`
/// with `t` the thread index the body never reassigns.
///
/// The clearing stores become flags: at the end, a target the thread cleared (the same
/// pointer as a zeroed seed) is assigned its sum instead of read, added to and written after
/// a store of zero (jacobi's step: the hand-written adjoint's single store); zeroed seeds
/// that are no target are cleared there.
fn zero_then_gather(
    grad: &Function,
    zero: &Function,
    gathered: &Gathered,
    tvar: &str,
    pos: usize,
    scan: &Scan,
) -> Option<ZeroGather> {
    let zero_body = zero.body.as_ref()?;
    let mut assigned = Names::new();
    crate::usage::stmt_writes(&zero_body[pos + 1..], &mut assigned);
    if assigned.contains(tvar) {
        return None;
    }
    let mut zeroed: Vec<String> = vec![];
    let mut own_index_only = true;
    for st in zero_body {
        each_update(
            st,
            scan.adjoints,
            &mut |st, u| match cleared_own_element(st, u, tvar) {
                Some(a) if !zeroed.iter().any(|z| z == a) => zeroed.push(a.to_string()),
                Some(_) => {}
                None => own_index_only = false,
            },
        );
    }
    if !own_index_only || zeroed.is_empty() {
        return None;
    }
    let index_of = |names: &dyn Fn(&str) -> bool| -> Vec<usize> {
        grad.params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.name.as_deref().is_some_and(names))
            .map(|(k, _)| k)
            .collect()
    };
    // By-value parameters only (pointers and scalars): the host keeps copies of the
    // arguments until the next launch.
    if grad.params.iter().any(|p| {
        p.name.is_none()
            || matches!(
                p.ty.kind,
                TyKind::LRef(_) | TyKind::RRef(_) | TyKind::Array { .. }
            )
    }) {
        return None;
    }
    let renamed: Names = grad.params.iter().filter_map(|p| p.name.clone()).collect();
    let prefix = |n: &str| format!("_cuad_z_{n}");
    let flag = |k: usize| format!("_cuad_cleared{k}");
    let flagged_stores = final_stores(grad, gathered, &zeroed, &prefix, &flag);
    let mut zero_part = zero_body.clone();
    for st in &mut zero_part {
        if flagged_stores.is_some() {
            mark_clears(st, scan.adjoints, tvar, &zeroed, &flag);
        }
        crate::methods::map_stmt_exprs(st, &mut |e| {
            if let ExprKind::Ident(n) = &mut e.kind {
                if renamed.contains(n.as_str()) {
                    *n = prefix(n);
                }
            }
        });
    }
    // The zeroed seeds are the gather targets (the same pointers): neither may be declared
    // `__restrict__`, or nvcc could reorder their accesses.
    let unrestricted = |p: &Param| Param {
        ty: without_restrict(&p.ty),
        ..p.clone()
    };
    let mut params: Vec<Param> = zero
        .params
        .iter()
        .map(|p| {
            let mut q = unrestricted(p);
            q.name = p.name.as_deref().map(prefix);
            q
        })
        .collect();
    params.extend(grad.params.iter().map(|p| {
        match p.name.as_ref().is_some_and(|n| scan.targets.contains(n)) {
            true => unrestricted(p),
            false => p.clone(),
        }
    }));
    let mut body: Vec<Stmt> = vec![];
    if flagged_stores.is_some() {
        body.extend((0..zeroed.len()).map(|k| {
            decl(
                Ty::new(TyKind::Bool),
                &flag(k),
                Some(Expr::synth(ExprKind::BoolLit(false))),
            )
        }));
    }
    body.push(Stmt::synth(StmtKind::Block(zero_part)));
    body.extend(gathered.body.iter().cloned());
    body.extend(flagged_stores.unwrap_or_else(|| gathered.stores.to_vec()));
    let mut function = grad.clone();
    function.name = format!("{}_zero_gather", grad.name);
    function.params = params;
    function.body = Some(body);
    Some(ZeroGather {
        function,
        zeroed: index_of(&|n| zeroed.iter().any(|z| z == n)),
        targets: index_of(&|n| scan.targets.contains(n)),
        seeds: index_of(&|n| scan.seeds.contains(n)),
    })
}

/// The array `u` clears at the thread's own element: `a[t] = 0` with `t` the thread index.
fn cleared_own_element<'s>(st: &'s Stmt, u: &Update, tvar: &str) -> Option<&'s str> {
    let (Update::Zero, StmtKind::Expr(e)) = (u, &st.kind) else {
        return None;
    };
    let ExprKind::Assign(None, l, _) = &e.kind else {
        return None;
    };
    let ExprKind::Index(b, i) = &l.kind else {
        return None;
    };
    match (&b.kind, &i.strip_parens().kind) {
        (ExprKind::Ident(a), ExprKind::Ident(t)) if t == tvar => Some(a),
        _ => None,
    }
}

/// Replaces each clearing store `zeroed[k][t] = 0` with `flag(k) = true`.
fn mark_clears(
    st: &mut Stmt,
    adjoints: &Names,
    tvar: &str,
    zeroed: &[String],
    flag: &dyn Fn(usize) -> String,
) {
    let replacement = classify(st, adjoints).and_then(|u| {
        let a = cleared_own_element(st, &u, tvar)?;
        let k = zeroed.iter().position(|z| z == a)?;
        Some(expr_stmt(assign(
            ident(&flag(k)),
            Expr::synth(ExprKind::BoolLit(true)),
        )))
    });
    match replacement {
        Some(r) => *st = r,
        None => st.for_each_child_mut(&mut |c| mark_clears(c, adjoints, tvar, zeroed, flag)),
    }
}

/// The fused kernel's last statements: each target takes its sum (assigned where the thread
/// cleared the same array, added otherwise), then zeroed seeds that are no target are cleared.
/// `None` when the gather pass writes a target elsewhere (a plain `+=`), which a flag would
/// reorder.
fn final_stores(
    grad: &Function,
    gathered: &Gathered,
    zeroed: &[String],
    prefix: &dyn Fn(&str) -> String,
    flag: &dyn Fn(usize) -> String,
) -> Option<Vec<Stmt>> {
    let adjoints: Names = gathered.sums.iter().map(|(t, _, _)| t.clone()).collect();
    let mut plain = false;
    for st in gathered.body {
        each_update(st, &adjoints, &mut |_, u| {
            plain |= matches!(u, Update::Plain)
        });
    }
    if plain {
        return None;
    }
    let s = || ident(gathered.s_name);
    // `zeroed[k]` may be the same array as `target` only when the element types agree.
    let same_array = |k: usize, target: &str| -> Option<Expr> {
        let z = &zeroed[k];
        (elem_ty(grad, z)? == elem_ty(grad, target)?)
            .then(|| binary(BinOp::Eq, ident(&prefix(z)), ident(target)))
    };
    let mut out = vec![];
    for (target, acc, hit) in gathered.sums {
        let cleared = (0..zeroed.len())
            .filter_map(|k| {
                let same = same_array(k, target)?;
                Some(paren(binary(BinOp::And, ident(&flag(k)), same)))
            })
            .reduce(|a, b| binary(BinOp::Or, a, b));
        let add = if_stmt(
            ident(hit),
            vec![expr_stmt(compound(
                BinOp::Add,
                index(ident(target), s()),
                ident(acc),
            ))],
            None,
        );
        out.push(match cleared {
            Some(c) => if_stmt(
                c,
                vec![expr_stmt(assign(index(ident(target), s()), ident(acc)))],
                Some(vec![add]),
            ),
            None => add,
        });
    }
    for (k, z) in zeroed.iter().enumerate() {
        let elem = elem_ty(grad, z)?;
        let not_a_target = gathered
            .sums
            .iter()
            .filter_map(|(target, _, _)| {
                same_array(k, target)?;
                Some(binary(BinOp::Ne, ident(&prefix(z)), ident(target)))
            })
            .fold(ident(&flag(k)), |a, b| binary(BinOp::And, a, b));
        out.push(if_stmt(
            not_a_target,
            vec![expr_stmt(assign(
                index(ident(&prefix(z)), s()),
                real_zero(&elem),
            ))],
            None,
        ));
    }
    Some(out)
}

fn is_decl(s: &Stmt) -> bool {
    matches!(s.kind, StmtKind::Decl(_) | StmtKind::Empty)
}

fn thread_index_expr() -> Expr {
    binary(
        BinOp::Add,
        binary(
            BinOp::Mul,
            member(ident("blockIdx"), "x", false),
            member(ident("blockDim"), "x", false),
        ),
        member(ident("threadIdx"), "x", false),
    )
}

/// `blockIdx.x * blockDim.x + threadIdx.x` (either operand order).
fn is_linear_thread_index(e: &Expr) -> bool {
    let text = cuad_emit::print_expr(e).replace(' ', "");
    matches!(
        text.as_str(),
        "blockIdx.x*blockDim.x+threadIdx.x"
            | "blockDim.x*blockIdx.x+threadIdx.x"
            | "threadIdx.x+blockIdx.x*blockDim.x"
            | "threadIdx.x+blockDim.x*blockIdx.x"
    )
}

/// Statements that read `threadIdx`/`blockIdx` or synchronize with other threads.
fn mentions_thread_position(stmts: &[Stmt]) -> bool {
    let mut found = false;
    for s in stmts {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                found |= d.specs.shared;
            }
        });
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    found |= matches!(n.as_str(), "threadIdx" | "blockIdx" | "warpSize")
                        || [
                            "__shfl",
                            "__sync",
                            "cuad_",
                            "__ballot",
                            "__any",
                            "__all",
                            "__activemask",
                        ]
                        .iter()
                        .any(|p| n.starts_with(p))
                        || (n.starts_with("atomic") && n != "atomicAdd");
                }
            })
        });
    }
    found
}

enum Update<'e> {
    /// `atomicAdd(&target[index], value);`
    Atomic {
        target: &'e str,
        index: &'e Expr,
        value: &'e Expr,
    },
    /// `target[..] += v;` or another write into an adjoint parameter.
    Plain,
    /// `target[..] = 0;`
    Zero,
}

/// The kind of adjoint-parameter update a statement is, if it is one.
fn classify<'e>(s: &'e Stmt, adjoints: &Names) -> Option<Update<'e>> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    match &e.kind {
        ExprKind::Call { callee, args, .. } if matches!(&callee.kind, ExprKind::Ident(n) if n == "atomicAdd") =>
        {
            let ExprKind::Unary(UnOp::AddrOf, place) = &args.first()?.kind else {
                return None;
            };
            match &place.kind {
                ExprKind::Index(b, i) => match &b.kind {
                    ExprKind::Ident(n) if adjoints.contains(n) => Some(Update::Atomic {
                        target: n,
                        index: i,
                        value: args.get(1)?,
                    }),
                    _ => root_in(place, adjoints).then_some(Update::Plain),
                },
                _ => root_in(place, adjoints).then_some(Update::Plain),
            }
        }
        ExprKind::Assign(op, l, r) if root_in(l, adjoints) => {
            let zero = op.is_none()
                && matches!(&r.strip_parens().kind, ExprKind::IntLit(t) | ExprKind::FloatLit(t)
                    if t.trim_end_matches(['f', 'F', 'u', 'U', 'l', 'L']).parse::<f64>() == Ok(0.0));
            Some(if zero { Update::Zero } else { Update::Plain })
        }
        _ => None,
    }
}

fn root_in(e: &Expr, adjoints: &Names) -> bool {
    crate::usage::lvalue_root(e).is_some_and(|r| adjoints.contains(r))
}

struct Scan<'a> {
    adjoints: &'a Names,
    uniform_names: &'a Names,
    tvar: &'a str,
    /// Gathered updates: (adjoint array, constant offset from the thread index).
    offsets: Vec<(String, Expr)>,
    /// Adjoint parameters read as values.
    seeds: Names,
    /// Adjoint parameters added into.
    targets: Names,
    ok: bool,
}

impl Scan<'_> {
    fn stmt(&mut self, s: &Stmt) {
        match classify(s, self.adjoints) {
            Some(Update::Atomic {
                target,
                index,
                value,
            }) => {
                self.targets.insert(target.to_string());
                self.reads(value);
                match offset_of(index, self.tvar, self.uniform_names) {
                    Some(o) => {
                        let known = self.offsets.iter().any(|(t, x)| t == target && same(x, &o));
                        if !is_zero(&o) && !known {
                            self.offsets.push((target.to_string(), o));
                        }
                    }
                    None => self.ok = false,
                }
            }
            Some(Update::Plain) => {
                if let StmtKind::Expr(e) = &s.kind {
                    if let ExprKind::Assign(_, l, r) = &e.kind {
                        if let Some(root) = crate::usage::lvalue_root(l) {
                            self.targets.insert(root.to_string());
                        }
                        self.reads(r);
                    } else {
                        self.ok = false;
                    }
                }
            }
            Some(Update::Zero) => {}
            None => {
                if let StmtKind::Expr(e) | StmtKind::Return(Some(e)) = &s.kind {
                    self.reads(e);
                }
                if let StmtKind::Decl(d) = &s.kind {
                    for v in &d.vars {
                        if let Some(Init::Assign(e)) = &v.init {
                            self.reads(e);
                        }
                    }
                }
                if let StmtKind::If { cond, .. } | StmtKind::While { cond, .. } = &s.kind {
                    self.reads(cond);
                }
                if let StmtKind::For { cond, step, .. } = &s.kind {
                    cond.iter().chain(step).for_each(|e| self.reads(e));
                }
                s.for_each_child(&mut |c| self.stmt(c));
            }
        }
    }

    fn reads(&mut self, e: &Expr) {
        walk_expr(e, &mut |x| {
            if let ExprKind::Ident(n) = &x.kind {
                if self.adjoints.contains(n) {
                    self.seeds.insert(n.clone());
                }
            }
        });
    }
}

/// `c` when `index` is `t + c`, `c + t` or `t - c` with `c` free of `t` and of locals the
/// kernel computes (parameters and literals only: the same in every thread).
fn offset_of(index: &Expr, t: &str, uniform_names: &Names) -> Option<Expr> {
    let is_t = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == t);
    let uniform = |e: &Expr| uniform(e, uniform_names);
    match &index.strip_parens().kind {
        ExprKind::Ident(n) if n == t => Some(int_lit(0)),
        ExprKind::Binary(BinOp::Add, l, r) if is_t(l) && uniform(r) => Some((**r).clone()),
        ExprKind::Binary(BinOp::Add, l, r) if is_t(r) && uniform(l) => Some((**l).clone()),
        ExprKind::Binary(BinOp::Sub, l, r) if is_t(l) && uniform(r) => {
            Some(neg(paren((**r).clone())))
        }
        _ => None,
    }
}

/// Integer arithmetic on literals and thread-invariant scalar parameters.
fn uniform(e: &Expr, names: &Names) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::IntLit(_) | ExprKind::Paren(_) | ExprKind::Unary(UnOp::Neg, _) => {}
        ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _) => {}
        ExprKind::Ident(n) => ok &= names.contains(n),
        _ => ok = false,
    });
    ok
}

fn same(a: &Expr, b: &Expr) -> bool {
    cuad_emit::print_expr(a) == cuad_emit::print_expr(b)
}

fn index_expr(target: &str, i: &Expr) -> Expr {
    index(ident(target), i.clone())
}

fn elem_ty(grad: &Function, target: &str) -> Option<Ty> {
    let p = grad
        .params
        .iter()
        .find(|p| p.name.as_deref() == Some(target))?;
    match &p.ty.kind {
        TyKind::Pointer { pointee, .. } => Some((**pointee).clone().with_const(false)),
        _ => None,
    }
}

/// Replaces each adjoint-parameter update `f` maps to `Some(stmt)` (in place, recursively).
fn rewrite(s: &mut Stmt, adjoints: &Names, f: &mut dyn FnMut(&Update) -> Option<Stmt>) {
    if let Some(u) = classify(s, adjoints) {
        if let Some(new) = f(&u) {
            *s = new;
        }
        return;
    }
    s.for_each_child_mut(&mut |c| rewrite(c, adjoints, f));
}

/// Calls `f` on every adjoint update statement in `s`.
fn each_update(s: &Stmt, adjoints: &Names, f: &mut dyn FnMut(&Stmt, &Update)) {
    if let Some(u) = classify(s, adjoints) {
        f(s, &u);
        return;
    }
    s.for_each_child(&mut |c| each_update(c, adjoints, f));
}

/// The element the thread's own update at offset `c` lands on: `s + c`.
fn shifted_index(s: &str, offset: &Expr) -> Expr {
    match &offset.kind {
        ExprKind::IntLit(t) if t == "0" => ident(s),
        ExprKind::Unary(UnOp::Neg, x) => binary(BinOp::Sub, ident(s), (**x).clone()),
        _ => binary(BinOp::Add, ident(s), paren(offset.clone())),
    }
}

/// Drops the own run's `if (outside the launch) atomicAdd(...)` updates: the fast path runs
/// only where every target is inside.
fn strip_outside_atomics(st: &mut Stmt) {
    let is_atomic = |s: &Stmt| {
        matches!(&s.kind, StmtKind::Expr(Expr { kind: ExprKind::Call { callee, .. }, .. })
            if matches!(&callee.kind, ExprKind::Ident(n) if n == "atomicAdd"))
    };
    let is_outside_atomic = |s: &Stmt| match &s.kind {
        StmtKind::If {
            then, els: None, ..
        } => match &then.kind {
            StmtKind::Block(b) => matches!(b.as_slice(), [a] if is_atomic(a)),
            _ => is_atomic(then),
        },
        _ => false,
    };
    if is_outside_atomic(st) {
        st.kind = StmtKind::Empty;
        return;
    }
    st.for_each_child_mut(&mut |c| strip_outside_atomics(c));
}

/// The thread whose update at offset `c` lands on `s`: `s - c` (`s + x` for `c = -x`).
fn virtual_index(s: &str, offset: &Expr) -> Expr {
    match &offset.kind {
        ExprKind::IntLit(t) if t == "0" => ident(s),
        ExprKind::Unary(UnOp::Neg, x) => binary(BinOp::Add, ident(s), (**x).clone()),
        _ => binary(BinOp::Sub, ident(s), paren(offset.clone())),
    }
}

/// `s + a + b0 n0 + b1 n1 ...`: a position's offset from `s` with integer coefficients over
/// names that are at least 1 where the test runs.
#[derive(Clone, Debug, PartialEq)]
struct Affine {
    constant: i64,
    coefficients: Vec<(String, i64)>,
}

impl Affine {
    fn parse(e: &Expr, s: &str, symbols: &[&str]) -> Option<Affine> {
        let mut out = Affine {
            constant: 0,
            coefficients: vec![],
        };
        let mut saw_s = false;
        if !out.add(e, 1, s, symbols, &mut saw_s) || !saw_s {
            return None;
        }
        Some(out)
    }

    fn add(&mut self, e: &Expr, sign: i64, s: &str, symbols: &[&str], saw_s: &mut bool) -> bool {
        match &e.strip_parens().kind {
            ExprKind::Ident(x) if x == s && sign == 1 && !*saw_s => {
                *saw_s = true;
                true
            }
            ExprKind::Ident(x) if symbols.contains(&x.as_str()) => {
                match self.coefficients.iter_mut().find(|(n, _)| n == x) {
                    Some((_, b)) => *b += sign,
                    None => self.coefficients.push((x.clone(), sign)),
                }
                true
            }
            ExprKind::IntLit(t) => match t.parse::<i64>() {
                Ok(v) => {
                    self.constant += sign * v;
                    true
                }
                Err(_) => false,
            },
            ExprKind::Unary(UnOp::Neg, x) => self.add(x, -sign, s, symbols, saw_s),
            ExprKind::Binary(BinOp::Add, l, r) => {
                self.add(l, sign, s, symbols, saw_s) && self.add(r, sign, s, symbols, saw_s)
            }
            ExprKind::Binary(BinOp::Sub, l, r) => {
                self.add(l, sign, s, symbols, saw_s) && self.add(r, -sign, s, symbols, saw_s)
            }
            _ => false,
        }
    }

    /// `self <= other` for every value of the symbols that is at least 1: the difference has
    /// no negative coefficient and is non-negative with every symbol at 1.
    fn at_most(&self, other: &Affine) -> bool {
        let coefficient = |a: &Affine, n: &str| {
            a.coefficients
                .iter()
                .find(|(m, _)| m == n)
                .map_or(0, |(_, b)| *b)
        };
        let mut names: Vec<&str> = vec![];
        for (n, _) in self.coefficients.iter().chain(&other.coefficients) {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
        let mut at_one = other.constant - self.constant;
        for n in names {
            let d = coefficient(other, n) - coefficient(self, n);
            if d < 0 {
                return false;
            }
            at_one += d;
        }
        at_one >= 0
    }
}

/// `0 <= t && t < total` for every position `t`, with the tests other positions imply left
/// out: where one affine position is below (above) all the others whatever the positive
/// divisors are, its lower (upper) test is the only one needed. Jacobi's four neighbours
/// `s ± 1, s ± n` need `s - n >= 0 && s + n < total` (2 comparisons instead of 8).
fn launch_range_tests(
    positions: Vec<Expr>,
    s: &str,
    positive: &[&str],
    total: &Expr,
) -> Option<Expr> {
    let affine: Vec<Option<Affine>> = positions
        .iter()
        .map(|t| Affine::parse(t, s, positive))
        .collect();
    // The index of a position below (above) every other one, when every one is affine.
    let extreme = |below: bool| -> Option<usize> {
        let all: Vec<&Affine> = affine.iter().map(|a| a.as_ref()).collect::<Option<_>>()?;
        (0..all.len()).find(|&i| {
            all.iter().all(|other| match below {
                true => all[i].at_most(other),
                false => other.at_most(all[i]),
            })
        })
    };
    let (lowest, highest) = (extreme(true), extreme(false));
    let mut tests: Vec<Expr> = vec![];
    for (i, t) in positions.into_iter().enumerate() {
        if lowest.is_none_or(|k| k == i) {
            tests.push(binary(BinOp::Ge, paren(t.clone()), int_lit(0)));
        }
        if highest.is_none_or(|k| k == i) {
            tests.push(binary(BinOp::Lt, paren(t), paren(total.clone())));
        }
    }
    tests.into_iter().reduce(|a, b| binary(BinOp::And, a, b))
}

/// The operands of `a && b && ...`.
fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match &e.strip_parens().kind {
        ExprKind::Binary(BinOp::And, l, r) => {
            conjuncts(l, out);
            conjuncts(r, out);
        }
        _ => out.push(e.clone()),
    }
}

/// `t / n` and `t % n` (`n` a thread-invariant scalar parameter) shared between the runs:
/// with `q = s / n` and `r = s % n` computed once, the run for `t = s + 1` uses
/// `r + 1 == n ? q + 1 : q` and so on (`t = s - 1`, `s + n`, `s - n`), valid for `n > 0`,
/// `s >= 0` and `t >= 0` (each run is guarded by `t >= 0`); any other `n` takes the division.
/// Integer division by a run-time value is a long instruction sequence, and a stencil's
/// gather pass (one run per neighbour) was compute-bound on it.
struct DivMods {
    tvar: String,
    /// Divisor name, quotient name, remainder name.
    divisors: Vec<(String, String, String)>,
    s_name: String,
    /// The fast path may exclude the threads whose `s ± 1` crosses a row (`r == 0`,
    /// `r == n - 1`): a per-thread choice. Then `t = s + 1` is `q`, `r + 1` with no wrap
    /// selects (jacobi: a third of each horizontal neighbour's instructions).
    wrap_free: bool,
    /// Per divisor: some run reads `s + 1` (`s - 1`) in the wrap-free form.
    needs_below_last: Vec<bool>,
    needs_above_first: Vec<bool>,
}

/// Where the run's thread lies relative to the gathering thread `s`.
enum Shift {
    Zero,
    PlusOne,
    MinusOne,
    PlusN,
    MinusN,
}

impl DivMods {
    fn new(
        rest: &[Stmt],
        tvar: &str,
        uniform_names: &Names,
        s_name: &str,
        wrap_free: bool,
    ) -> DivMods {
        let mut written = Names::new();
        crate::usage::stmt_writes(rest, &mut written);
        let mut divisors: Vec<(String, String, String)> = Vec::new();
        if !written.contains(tvar) {
            for st in rest {
                crate::usage::visit_stmt_exprs(st, &mut |e| {
                    walk_expr(e, &mut |x| {
                        if let Some(n) = divided_by(x, tvar) {
                            if uniform_names.contains(n) && !divisors.iter().any(|d| d.0 == n) {
                                let k = divisors.len();
                                divisors.push((
                                    n.to_string(),
                                    format!("_cuad_q{k}"),
                                    format!("_cuad_r{k}"),
                                ));
                            }
                        }
                    })
                });
            }
        }
        let n = divisors.len();
        DivMods {
            tvar: tvar.to_string(),
            divisors,
            s_name: s_name.to_string(),
            wrap_free,
            needs_below_last: vec![false; n],
            needs_above_first: vec![false; n],
        }
    }

    /// `int _cuad_q0 = n > 0 ? s / n : 0;` and the remainder, per divisor.
    fn decls(&self) -> Vec<Stmt> {
        let mut out = Vec::new();
        for (n, q, r) in &self.divisors {
            for (name, op) in [(q, BinOp::Div), (r, BinOp::Rem)] {
                let value = binary(op, ident(&self.s_name), ident(n));
                out.push(decl(
                    Ty::int(),
                    name,
                    Some(cond(positive(n), value, int_lit(0))),
                ));
            }
        }
        out
    }

    /// Rewrites the divisions of the run whose atomic offset is `offset` (`t = s - offset`),
    /// valid where `fast_conditions` hold.
    fn rewrite(&mut self, st: &mut Stmt, offset: &Expr) {
        if self.divisors.is_empty() {
            return;
        }
        let wrap_free = self.wrap_free;
        let (below_last, above_first) = (&mut self.needs_below_last, &mut self.needs_above_first);
        crate::methods::map_stmt_exprs(st, &mut |e| {
            let Some(n) = divided_by(e, &self.tvar) else {
                return;
            };
            let Some(k) = self.divisors.iter().position(|d| d.0 == n) else {
                return;
            };
            let (_, q, r) = &self.divisors[k];
            let Some(shift) = shift_of(offset, n) else {
                return;
            };
            let div = matches!(e.kind, ExprKind::Binary(BinOp::Div, ..));
            let (q, r, nn) = (ident(q), ident(r), ident(n));
            let plus = |a: Expr, k: i64| {
                if k >= 0 {
                    binary(BinOp::Add, a, int_lit(k))
                } else {
                    binary(BinOp::Sub, a, int_lit(-k))
                }
            };
            let fast = match (shift, div) {
                (Shift::Zero, true) => q,
                (Shift::Zero, false) => r,
                (Shift::PlusN, true) => plus(q, 1),
                (Shift::MinusN, true) => plus(q, -1),
                (Shift::PlusN | Shift::MinusN, false) => r,
                (Shift::PlusOne, _) if wrap_free => {
                    below_last[k] = true;
                    if div {
                        q
                    } else {
                        plus(r, 1)
                    }
                }
                (Shift::MinusOne, _) if wrap_free => {
                    above_first[k] = true;
                    if div {
                        q
                    } else {
                        plus(r, -1)
                    }
                }
                (Shift::PlusOne, _) => {
                    let wraps = binary(BinOp::Eq, plus(r.clone(), 1), nn);
                    if div {
                        cond(wraps, plus(q.clone(), 1), q)
                    } else {
                        cond(wraps, int_lit(0), plus(r, 1))
                    }
                }
                (Shift::MinusOne, _) => {
                    let wraps = binary(BinOp::Eq, r.clone(), int_lit(0));
                    if div {
                        cond(wraps, plus(q.clone(), -1), q)
                    } else {
                        cond(wraps, plus(nn, -1), plus(r, -1))
                    }
                }
            };
            *e = paren(fast);
        });
    }

    /// `n0 > 0 && n1 > 0 ...` over the divisors, when there are any: where the rewritten
    /// divisions hold.
    fn all_positive(&self) -> Option<Expr> {
        self.divisors
            .iter()
            .map(|(n, _, _)| positive(n))
            .reduce(|a, b| binary(BinOp::And, a, b))
    }

    /// `q > 0` for the divisors `n` some tested position proves `s >= n` of (`s - n >= 0`):
    /// every position's lower test holds on the fast path, tested or implied.
    fn quotients_at_least_one(&self, positions: &[Expr], positive: &[&str]) -> Vec<Expr> {
        let affine: Vec<Affine> = positions
            .iter()
            .filter_map(|t| Affine::parse(t, &self.s_name, positive))
            .collect();
        self.divisors
            .iter()
            .filter(|(n, _, _)| {
                affine.iter().any(|a| {
                    a.constant <= 0
                        && matches!(a.coefficients.as_slice(), [(m, b)] if m == n && *b <= -1)
                })
            })
            .map(|(_, q, _)| binary(BinOp::Gt, ident(q), int_lit(0)))
            .collect()
    }

    /// `all_positive`, then `r < n - 1` / `r > 0` for the divisors whose wrap-free `s ± 1`
    /// the runs read.
    fn fast_conditions(&self) -> Option<Expr> {
        let mut conditions: Vec<Expr> = self.all_positive().into_iter().collect();
        for (k, (n, _, r)) in self.divisors.iter().enumerate() {
            if self.needs_below_last[k] {
                let last = binary(BinOp::Sub, ident(n), int_lit(1));
                conditions.push(binary(BinOp::Lt, ident(r), last));
            }
            if self.needs_above_first[k] {
                conditions.push(binary(BinOp::Gt, ident(r), int_lit(0)));
            }
        }
        conditions
            .into_iter()
            .reduce(|a, b| binary(BinOp::And, a, b))
    }
}

/// `n` when `e` is `t / n` or `t % n` with `n` a plain name.
fn divided_by<'e>(e: &'e Expr, t: &str) -> Option<&'e str> {
    let ExprKind::Binary(BinOp::Div | BinOp::Rem, l, r) = &e.kind else {
        return None;
    };
    let is_t = matches!(&l.strip_parens().kind, ExprKind::Ident(x) if x == t);
    match &r.strip_parens().kind {
        ExprKind::Ident(n) if is_t => Some(n),
        _ => None,
    }
}

/// The run's position `t - s` (`-offset`) as a shift, when it is 0, ±1 or ±n.
fn shift_of(offset: &Expr, n: &str) -> Option<Shift> {
    let is_n = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(x) if x == n);
    let is_one = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::IntLit(t) if t == "1");
    match &offset.strip_parens().kind {
        _ if is_zero(offset) => Some(Shift::Zero),
        _ if is_one(offset) => Some(Shift::MinusOne),
        _ if is_n(offset) => Some(Shift::MinusN),
        ExprKind::Unary(UnOp::Neg, x) if is_one(x) => Some(Shift::PlusOne),
        ExprKind::Unary(UnOp::Neg, x) if is_n(x) => Some(Shift::PlusN),
        _ => None,
    }
}

fn positive(n: &str) -> Expr {
    binary(BinOp::Gt, ident(n), int_lit(0))
}

fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::synth(ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)))
}

/// Drops the empty statements the rewrites leave behind.
fn prune_empty(stmts: &mut Vec<Stmt>) {
    stmts.retain(|s| !matches!(s.kind, StmtKind::Empty));
    for s in stmts.iter_mut() {
        if let StmtKind::Block(b) = &mut s.kind {
            prune_empty(b);
        }
        s.for_each_child_mut(&mut |c| {
            if let StmtKind::Block(b) = &mut c.kind {
                prune_empty(b);
            }
        });
    }
}

/// Calls `f` on every statement that is not an adjoint-parameter update (recursively).
fn strip_updates(s: &Stmt, adjoints: &Names, f: &mut dyn FnMut(&Stmt)) {
    if classify(s, adjoints).is_some() {
        return;
    }
    match &s.kind {
        StmtKind::Block(_)
        | StmtKind::If { .. }
        | StmtKind::For { .. }
        | StmtKind::While { .. }
        | StmtKind::DoWhile { .. }
        | StmtKind::Switch { .. } => {
            let mut shallow = s.clone();
            shallow.for_each_child_mut(&mut |c| c.kind = StmtKind::Empty);
            f(&shallow);
            s.for_each_child(&mut |c| strip_updates(c, adjoints, f));
        }
        _ => f(s),
    }
}

fn is_zero(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::IntLit(t) if t == "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offset(s: &str, k: Expr) -> Expr {
        binary(BinOp::Add, ident(s), k)
    }

    fn printed(positions: Vec<Expr>, positive: &[&str]) -> String {
        let total = ident("total");
        let tests = launch_range_tests(positions, "s", positive, &total).expect("tests");
        cuad_emit::print_expr(&tests)
    }

    fn stencil() -> Vec<Expr> {
        vec![
            offset("s", int_lit(1)),
            binary(BinOp::Sub, ident("s"), int_lit(1)),
            offset("s", ident("n")),
            binary(BinOp::Sub, ident("s"), ident("n")),
        ]
    }

    #[test]
    fn neighbours_within_a_positive_row_length_need_two_tests() {
        let text = printed(stencil(), &["n"]);
        assert_eq!(text.matches(">= 0").count(), 1, "{text}");
        assert_eq!(text.matches("< ").count(), 1, "{text}");
        assert!(
            text.contains("s - n) >= 0") || text.contains("s - n >= 0"),
            "{text}"
        );
        assert!(
            text.contains("s + n) < ") || text.contains("s + n < "),
            "{text}"
        );
    }

    #[test]
    fn a_row_length_of_unknown_sign_keeps_every_test() {
        let text = printed(stencil(), &[]);
        assert_eq!(text.matches(">= 0").count(), 4, "{text}");
        assert_eq!(text.matches("< total").count(), 4, "{text}");
    }

    #[test]
    fn affine_order_holds_for_every_positive_value() {
        let p = |e: Expr| Affine::parse(&e, "s", &["n"]).expect("affine");
        let n_plus_1 = p(offset("s", binary(BinOp::Add, ident("n"), int_lit(1))));
        let two_n = p(offset("s", binary(BinOp::Add, ident("n"), ident("n"))));
        let plus_2 = p(offset("s", int_lit(2)));
        // n + 1 <= 2n for n >= 1; 2 and n are not ordered (n = 1 and n = 3).
        assert!(n_plus_1.at_most(&two_n));
        assert!(!two_n.at_most(&n_plus_1));
        assert!(!plus_2.at_most(&p(offset("s", ident("n")))));
        assert!(!p(offset("s", ident("n"))).at_most(&plus_2));
        // A product or an unknown name is not affine in the positive names.
        assert!(Affine::parse(&offset("s", ident("m")), "s", &["n"]).is_none());
    }
}
