//! Cooperative groups' thread block as plain CUDA: `block.sync()` -> `__syncthreads()`,
//! `block.thread_rank()` -> the linear thread index, `block.size()` -> the block size, for
//! locals initialized with `this_thread_block()`; warp tiles `tiled_partition<S>(block)`
//! (`S` a literal power of two up to 32): `tile.shfl_down(v, o)` -> `__shfl_down_sync(~0, v,
//! o, S)` (also `shfl_up`, `shfl_xor`, `shfl`), `tile.sync()` -> `__syncwarp()`,
//! `thread_rank()` / `meta_group_rank()` from the linear thread index, `cg::reduce(tile, v,
//! op)` as a butterfly of shuffles (`tile_reduce.rs`). A barrier cuad did not
//! recognise would be missing from the reverse pass (a race), so other group operations are
//! errors.

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

/// `tiled_partition<S>(g)` of the thread block with a literal power of two `S <= 32`: `S`.
fn warp_tile_size(e: &Expr, groups: &Names) -> Option<i64> {
    let ExprKind::Call {
        callee,
        template_args,
        args,
    } = &e.strip_parens().kind
    else {
        return None;
    };
    let ExprKind::Ident(n) = &callee.kind else {
        return None;
    };
    if base_name(n) != "tiled_partition" || args.len() != 1 || template_args.len() != 1 {
        return None;
    }
    let of_block = is_this_thread_block(&args[0])
        || matches!(&args[0].strip_parens().kind, ExprKind::Ident(g) if groups.contains(g));
    let TemplateArg::Expr(size) = &template_args[0] else {
        return None;
    };
    let ExprKind::IntLit(text) = &size.kind else {
        return None;
    };
    let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
    let size: i64 = digits.parse().ok()?;
    (of_block && size > 0 && size <= 32 && size & (size - 1) == 0).then_some(size)
}

/// A warp tile's operation as plain CUDA (the tile is `size` consecutive threads of the
/// block's linear order, whole warps taking part): shuffles get the tile as their width.
fn tile_op(field: &str, args: &[Expr], size: i64) -> Option<Expr> {
    let full = || Expr::synth(ExprKind::IntLit("0xffffffff".into()));
    let shfl = |name: &str| {
        (args.len() == 2).then(|| {
            call(
                name,
                vec![full(), args[0].clone(), args[1].clone(), int_lit(size)],
            )
        })
    };
    match field {
        "sync" if args.is_empty() => Some(call("__syncwarp", vec![])),
        "thread_rank" if args.is_empty() => Some(paren(binary(
            BinOp::BitAnd,
            linear_tid(),
            int_lit(size - 1),
        ))),
        "size" | "num_threads" if args.is_empty() => Some(int_lit(size)),
        "meta_group_rank" if args.is_empty() => {
            Some(paren(binary(BinOp::Div, linear_tid(), int_lit(size))))
        }
        "meta_group_size" if args.is_empty() => Some(paren(binary(
            BinOp::Div,
            paren(binary(BinOp::Add, block_size(), int_lit(size - 1))),
            int_lit(size),
        ))),
        "shfl_down" => shfl("__shfl_down_sync"),
        "shfl_up" => shfl("__shfl_up_sync"),
        "shfl_xor" => shfl("__shfl_xor_sync"),
        "shfl" => shfl("__shfl_sync"),
        _ => None,
    }
}

/// Rewrites thread-block groups and their warp tiles in `body`; errors for group operations
/// cuad does not model.
pub fn lower(body: &mut Vec<Stmt>) -> Result<(), Vec<Diagnostic>> {
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
    let mut tiles: Vec<(String, i64)> = Vec::new();
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    if let Some(Init::Assign(e)) = &v.init {
                        if let Some(size) = warp_tile_size(e, &groups) {
                            tiles.push((v.name.clone(), size));
                        }
                    }
                }
            }
        });
    }
    crate::tile_reduce::lower(body, &tiles)?;
    let mut errors = Vec::new();
    for s in body.iter_mut() {
        rewrite_tiles(s, &tiles, &mut errors);
        rewrite(s, &groups, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Rewrites the uses of warp tiles (`tile.shfl_down(v, o)`, `tile.thread_rank()`, ...) and
/// drops their declarations; any other use of a tile is an error.
fn rewrite_tiles(s: &mut Stmt, tiles: &[(String, i64)], errors: &mut Vec<Diagnostic>) {
    if tiles.is_empty() {
        return;
    }
    let tile_of = |e: &Expr| match &e.strip_parens().kind {
        ExprKind::Ident(n) => tiles.iter().find(|(t, _)| t == n).map(|(_, k)| *k),
        _ => None,
    };
    if let StmtKind::Decl(d) = &s.kind {
        if !d.vars.is_empty()
            && d.vars
                .iter()
                .all(|v| tiles.iter().any(|(t, _)| *t == v.name))
        {
            s.kind = StmtKind::Empty;
            return;
        }
    }
    crate::methods::map_stmt_exprs(s, &mut |e| {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return;
        };
        let ExprKind::Member { base, field, .. } = &callee.kind else {
            return;
        };
        let Some(size) = tile_of(base) else {
            return;
        };
        match tile_op(field, args, size) {
            Some(r) => *e = Expr::new(r.kind, e.span),
            None => errors.push(Diagnostic::error(
                e.span,
                format!("cuad does not model the warp tile's `{field}()` yet"),
            )),
        }
    });
    crate::methods::map_stmt_exprs(s, &mut |e| {
        if let ExprKind::Ident(n) = &e.kind {
            if tiles.iter().any(|(t, _)| t == n) {
                errors.push(Diagnostic::error(
                    e.span,
                    format!("cuad supports the warp tile `{n}` only through its shuffles, `sync()`, `thread_rank()`, `size()` and `meta_group_rank()`/`meta_group_size()`"),
                ));
            }
        }
    });
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
