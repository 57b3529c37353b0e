//! Cooperative groups' thread block as plain CUDA: `block.sync()` -> `__syncthreads()`,
//! `block.thread_rank()` -> the linear thread index, `block.size()` -> the block size, for
//! locals initialized with `this_thread_block()`. A barrier cuad did not recognise would be
//! missing from the reverse pass (a race), so other group operations are errors.

use crate::builder::*;
use crate::usage::Names;
use cuad_syntax::ast::*;
use cuad_syntax::Diagnostic;

fn base_name(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

fn is_this_thread_block(e: &Expr) -> bool {
    matches!(&e.strip_parens().kind, ExprKind::Call { callee, args, .. }
        if args.is_empty() && matches!(&callee.kind, ExprKind::Ident(n) if base_name(n) == "this_thread_block"))
}

fn linear_tid() -> Expr {
    let d = |f: &str| member(ident("blockDim"), f, false);
    let t = |f: &str| member(ident("threadIdx"), f, false);
    paren(binary(
        BinOp::Add,
        t("x"),
        binary(
            BinOp::Mul,
            d("x"),
            paren(binary(
                BinOp::Add,
                t("y"),
                binary(BinOp::Mul, d("y"), t("z")),
            )),
        ),
    ))
}

fn block_size() -> Expr {
    let d = |f: &str| member(ident("blockDim"), f, false);
    paren(binary(
        BinOp::Mul,
        binary(BinOp::Mul, d("x"), d("y")),
        d("z"),
    ))
}

/// Rewrites thread-block groups in `body`; errors for group operations cuad does not model.
pub fn lower(body: &mut [Stmt]) -> Result<(), Vec<Diagnostic>> {
    let mut groups = Names::new();
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    let init_is_block =
                        matches!(&v.init, Some(Init::Assign(e)) if is_this_thread_block(e));
                    if init_is_block {
                        groups.insert(v.name.clone());
                    }
                }
            }
        });
    }
    let mut errors = Vec::new();
    for s in body.iter_mut() {
        rewrite(s, &groups, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn rewrite(s: &mut Stmt, groups: &Names, errors: &mut Vec<Diagnostic>) {
    // The group's declaration goes: every use is rewritten below.
    if let StmtKind::Decl(d) = &s.kind {
        if !d.vars.is_empty() && d.vars.iter().all(|v| groups.contains(&v.name)) {
            s.kind = StmtKind::Empty;
            return;
        }
    }
    crate::methods::map_stmt_exprs(s, &mut |e| {
        let replacement = match &e.kind {
            ExprKind::Call { callee, args, .. } => match &callee.kind {
                ExprKind::Member { base, field, .. }
                    if is_this_thread_block(base)
                        || matches!(&base.kind, ExprKind::Ident(n) if groups.contains(n)) =>
                {
                    match field.as_str() {
                        "sync" => Some(call("__syncthreads", vec![])),
                        "thread_rank" => Some(linear_tid()),
                        "size" | "num_threads" => Some(block_size()),
                        other => {
                            errors.push(Diagnostic::error(
                                e.span,
                                format!("cuad does not model the thread block's `{other}()`"),
                            ));
                            None
                        }
                    }
                }
                ExprKind::Member { field, .. } if field == "sync" && args.is_empty() => {
                    errors.push(Diagnostic::error(
                        e.span,
                        "cuad models only a cooperative-groups thread block's `sync()` (from `this_thread_block()`): another group's barrier would be missing from the gradient",
                    ));
                    None
                }
                ExprKind::Ident(n)
                    if base_name(n) == "sync"
                        && args.len() == 1
                        && matches!(&args[0].kind, ExprKind::Ident(g) if groups.contains(g)) =>
                {
                    Some(call("__syncthreads", vec![]))
                }
                ExprKind::Ident(n)
                    if matches!(
                        base_name(n),
                        "this_grid" | "tiled_partition" | "coalesced_threads" | "this_multi_grid"
                    ) && n.contains("::") =>
                {
                    errors.push(Diagnostic::error(
                        e.span,
                        format!(
                            "cuad does not model cooperative groups' `{}` yet",
                            base_name(n)
                        ),
                    ));
                    None
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(r) = replacement {
            *e = Expr::new(r.kind, e.span);
        }
    });
    // What is left of a group is a use cuad cannot rewrite.
    crate::methods::map_stmt_exprs(s, &mut |e| {
        if let ExprKind::Ident(n) = &e.kind {
            if groups.contains(n) {
                errors.push(Diagnostic::error(
                    e.span,
                    format!("cuad supports the thread block group `{n}` only through `{n}.sync()`, `{n}.thread_rank()` and `{n}.size()`"),
                ));
            }
        }
    });
}
