//! Cooperative groups' thread block as plain CUDA: `block.sync()` / `cg::sync(block)` ->
//! `__syncthreads()`, `block.thread_rank()` -> the linear thread index, `block.size()` -> the
//! block size, `group_index()` / `thread_index()` / `group_dim()` -> `blockIdx` / `threadIdx` /
//! `blockDim`, for locals initialized with `this_thread_block()` and parameters of type
//! `thread_block` (`&`, `const&`); warp tiles `tiled_partition<S>(block)` (`S` a literal power
//! of two up to 32) and `thread_block_tile<S>` parameters: `tile.shfl_down(v, o)` ->
//! `__shfl_down_sync(~0, v, o, S)` (also `shfl_up`, `shfl_xor`, `shfl`), `tile.sync()` ->
//! `__syncwarp()`, `thread_rank()` / `meta_group_rank()` from the linear thread index,
//! `any` / `all` / `ballot` from `__ballot_sync` restricted to the tile's lanes, `cg::reduce(tile,
//! v, op)` as a butterfly of shuffles (`tile_reduce.rs`). A group passed to a function is
//! passed as a fresh `this_thread_block()` / `tiled_partition<S>(this_thread_block())` (it
//! carries no derivative); a function taking the type-erased `thread_group` is called through
//! a copy specialised for the group kind at the call site (`specializations`), whose parameter
//! has the concrete type. A barrier cuad did not recognise would be missing from the reverse
//! pass (a race), so other group operations are errors.

use crate::builder::*;
use crate::usage::Names;
use cuad_sema::Program;
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

/// A group cuad lowers: the thread block, or a warp tile of `S` threads of it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum GroupKind {
    Block,
    Tile(i64),
}

/// What a parameter's type says about its group: a concrete one, or the type-erased
/// `thread_group` (`None`); not a group at all: `Err(())`.
fn param_group(ty: &Ty) -> Result<Option<GroupKind>, ()> {
    let ty = match &ty.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => t,
        _ => ty,
    };
    let TyKind::Named { name, args } = &ty.kind else {
        return Err(());
    };
    match base_name(name) {
        "thread_block" if args.is_empty() => Ok(Some(GroupKind::Block)),
        "thread_group" if args.is_empty() => Ok(None),
        // `thread_block_tile<32, cg::thread_block>` names the parent too
        "thread_block_tile" => match args.as_slice() {
            [TemplateArg::Expr(e)] | [TemplateArg::Expr(e), TemplateArg::Type(_)] => {
                literal_tile_size(e).map(|s| Some(GroupKind::Tile(s)))
            }
            _ => Err(()),
        },
        _ => Err(()),
    }
}

/// A literal power of two up to 32.
fn literal_tile_size(e: &Expr) -> Result<i64, ()> {
    let ExprKind::IntLit(text) = &e.strip_parens().kind else {
        return Err(());
    };
    let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
    let size: i64 = digits.parse().map_err(|_| ())?;
    if size > 0 && size <= 32 && size & (size - 1) == 0 {
        Ok(size)
    } else {
        Err(())
    }
}

const TILE_SIZES: [i64; 6] = [1, 2, 4, 8, 16, 32];

/// The name of `f`'s copy whose `thread_group` parameter is a group of `kind`.
fn specialized_name(f: &str, kind: GroupKind) -> String {
    match kind {
        GroupKind::Block => format!("{f}_cuad_block"),
        GroupKind::Tile(s) => format!("{f}_cuad_tile{s}"),
    }
}

fn group_ty(kind: GroupKind) -> Ty {
    let (name, args) = match kind {
        GroupKind::Block => ("cooperative_groups::thread_block", vec![]),
        GroupKind::Tile(s) => (
            "cooperative_groups::thread_block_tile",
            vec![TemplateArg::Expr(int_lit(s))],
        ),
    };
    Ty {
        kind: TyKind::Named {
            name: name.into(),
            args,
        },
        is_const: false,
        is_volatile: false,
    }
}

/// How a parameter takes a group: a concrete kind, one the call's group decides (a copy of the
/// function per kind), or none.
#[derive(Clone, PartialEq, Debug)]
enum Takes {
    Kind(GroupKind),
    /// `thread_group`
    Erased,
    /// `G g` for a template type parameter `G`
    TypeParam(String),
    /// `thread_block_tile<S>` for a template value parameter `S`
    TileParam(String),
    Not,
}

fn takes(f: &Function, i: usize) -> Takes {
    let ty = &f.params[i].ty;
    match param_group(ty) {
        Ok(Some(kind)) => return Takes::Kind(kind),
        Ok(None) => return Takes::Erased,
        Err(()) => {}
    }
    let ty = match &ty.kind {
        TyKind::LRef(t) | TyKind::RRef(t) => t,
        _ => ty,
    };
    let TyKind::Named { name, args } = &ty.kind else {
        return Takes::Not;
    };
    let template_param = |n: &str, want_type: bool| {
        f.template
            .iter()
            .flatten()
            .any(|p| p.name == n && matches!(p.kind, TemplateParamKind::Type { .. }) == want_type)
    };
    match args.as_slice() {
        [] if template_param(name, true) => Takes::TypeParam(name.clone()),
        [TemplateArg::Expr(e)] if base_name(name) == "thread_block_tile" => match &e.kind {
            ExprKind::Ident(s) if template_param(s, false) => Takes::TileParam(s.clone()),
            _ => Takes::Not,
        },
        [TemplateArg::Type(t)] if base_name(name) == "thread_block_tile" => match &t.kind {
            // The parser may read a lone name as a type.
            TyKind::Named { name: s, args } if args.is_empty() && template_param(s, false) => {
                Takes::TileParam(s.clone())
            }
            _ => Takes::Not,
        },
        _ => Takes::Not,
    }
}

/// The parameter of `f` whose group its copies specialise: the only one taking a group of a
/// kind its calls decide.
fn generic_param(f: &Function) -> Option<(usize, Takes)> {
    let generic: Vec<(usize, Takes)> = (0..f.params.len())
        .map(|i| (i, takes(f, i)))
        .filter(|(i, t)| match t {
            Takes::Erased | Takes::TileParam(_) => true,
            Takes::TypeParam(_) => f.params[*i]
                .name
                .as_deref()
                .is_some_and(|n| calls_methods_of(f, n)),
            _ => false,
        })
        .collect();
    match generic.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether `f`'s body calls a method of `name` (`g.sync()`): a template type parameter's
/// value that does so may be a group.
fn calls_methods_of(f: &Function, name: &str) -> bool {
    let mut found = false;
    for s in f.body.iter().flatten() {
        let mut s = s.clone();
        crate::methods::map_stmt_exprs(&mut s, &mut |e| {
            if let ExprKind::Call { callee, .. } = &e.kind {
                if let ExprKind::Member { base, .. } = &callee.kind {
                    found |= matches!(&base.strip_parens().kind, ExprKind::Ident(n) if n == name);
                }
            }
        });
    }
    found
}

/// Copies of a function with one parameter taking a group of a kind its calls decide
/// (`thread_group`, a template type parameter, `thread_block_tile<S>` for a template parameter
/// `S`), one per group kind cuad lowers, with that parameter of the concrete type (the template
/// parameter bound and dropped): calls passing a thread block or a warp tile are rewritten to
/// call the copy of that kind, whose body is then lowered like any other. A template type
/// parameter counts only where the body calls a method of the parameter (`g.sync()`), so
/// ordinary templates get no copies.
pub fn specializations(f: &Function) -> Vec<Function> {
    let (Some((i, how)), Some(_)) = (generic_param(f), &f.body) else {
        return vec![];
    };
    let kinds =
        std::iter::once(GroupKind::Block).chain(TILE_SIZES.iter().map(|&s| GroupKind::Tile(s)));
    kinds
        .filter_map(|kind| {
            let mut g = f.clone();
            g.name = specialized_name(&f.name, kind);
            let drop = |g: &mut Function, param: &str| {
                if let Some(params) = &mut g.template {
                    params.retain(|p| p.name != param);
                    if params.is_empty() {
                        g.template = None;
                    }
                }
            };
            match (&how, kind) {
                (Takes::Erased, _) => g.params[i].ty = group_ty(kind),
                (Takes::TypeParam(t), _) => {
                    let types = cuad_sema::Bindings::from([(t.clone(), group_ty(kind))]);
                    crate::instantiate::substitute_params(&mut g, &types, &Default::default());
                    drop(&mut g, t);
                }
                (Takes::TileParam(v), GroupKind::Tile(size)) => {
                    let values = crate::instantiate::Values::from([(v.clone(), int_lit(size))]);
                    crate::instantiate::substitute_params(&mut g, &Default::default(), &values);
                    drop(&mut g, v);
                }
                _ => return None,
            }
            Some(g)
        })
        .collect()
}

/// A group passed as an argument: its kind.
fn group_arg(e: &Expr, groups: &Names, tiles: &[(String, i64)]) -> Option<GroupKind> {
    if is_this_thread_block(e) {
        return Some(GroupKind::Block);
    }
    if let Some(s) = warp_tile_size(e, groups) {
        return Some(GroupKind::Tile(s));
    }
    let ExprKind::Ident(n) = &e.strip_parens().kind else {
        return None;
    };
    if groups.contains(n) {
        return Some(GroupKind::Block);
    }
    tiles
        .iter()
        .find(|(t, _)| t == n)
        .map(|&(_, s)| GroupKind::Tile(s))
}

/// Placeholders for groups passed to functions, replaced by `fresh_group` once every other
/// use of the groups has been rewritten (so the checks for uses left over do not see them);
/// `_ref` for a non-const reference parameter.
fn placeholder(kind: GroupKind, lvalue: bool) -> String {
    let ref_ = if lvalue { "_ref" } else { "" };
    match kind {
        GroupKind::Block => format!("__cuad_group_block{ref_}"),
        GroupKind::Tile(s) => format!("__cuad_group_tile{s}{ref_}"),
    }
}

fn from_placeholder(name: &str) -> Option<(GroupKind, bool)> {
    let rest = name.strip_prefix("__cuad_group_")?;
    let (rest, lvalue) = match rest.strip_suffix("_ref") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let kind = match rest {
        "block" => GroupKind::Block,
        _ => GroupKind::Tile(rest.strip_prefix("tile")?.parse().ok()?),
    };
    Some((kind, lvalue))
}

/// The group of `kind` made anew: it is the same group (groups have no state cuad models).
/// For a non-const reference parameter, the temporary is bound to a const reference first
/// (it lives to the end of the call's full expression).
fn fresh_group(kind: GroupKind, lvalue: bool) -> Expr {
    let block = call("cooperative_groups::this_thread_block", vec![]);
    let group = match kind {
        GroupKind::Block => block,
        GroupKind::Tile(s) => Expr::synth(ExprKind::Call {
            callee: Box::new(ident("cooperative_groups::tiled_partition")),
            template_args: vec![TemplateArg::Expr(int_lit(s))],
            args: vec![block],
        }),
    };
    if !lvalue {
        return group;
    }
    let ref_to = |is_const: bool| Ty {
        kind: TyKind::LRef(Box::new(Ty {
            is_const,
            ..group_ty(kind)
        })),
        is_const: false,
        is_volatile: false,
    };
    let cast = |kind, ty, expr| {
        Expr::synth(ExprKind::Cast {
            kind,
            ty,
            expr: Box::new(expr),
        })
    };
    cast(
        CastKind::Const,
        ref_to(false),
        cast(CastKind::Static, ref_to(true), group),
    )
}

/// Groups passed to user functions whose parameter takes them: a concrete parameter gets a
/// fresh group of its kind; a `thread_group` one makes the call call the copy specialised for
/// the kind (`specializations`). A group passed anywhere else stays, and is reported.
fn pass_groups(
    s: &mut Stmt,
    prog: &Program,
    groups: &Names,
    tiles: &[(String, i64)],
    errors: &mut Vec<Diagnostic>,
) {
    crate::methods::map_stmt_exprs(s, &mut |e| {
        let span = e.span;
        let ExprKind::Call {
            callee,
            args,
            template_args,
        } = &mut e.kind
        else {
            return;
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return;
        };
        let kinds: Vec<Option<GroupKind>> =
            args.iter().map(|a| group_arg(a, groups, tiles)).collect();
        if kinds.iter().all(Option::is_none) {
            return;
        }
        let callees: Vec<&Function> = prog
            .functions(name)
            .into_iter()
            .filter(|f| f.body.is_some() && f.params.len() >= args.len())
            .collect();
        let [f] = callees.as_slice() else {
            return;
        };
        let mut specialized = None;
        let generic = generic_param(f);
        for (i, kind) in kinds.iter().enumerate() {
            let Some(kind) = *kind else { continue };
            let pty = &f.params[i].ty;
            let lvalue = matches!(&pty.kind, TyKind::LRef(t) if !t.is_const);
            match takes(f, i) {
                Takes::Kind(want) if want == kind => {}
                Takes::Kind(_) => {
                    errors.push(Diagnostic::error(
                        args[i].span,
                        "this group is not of the kind the parameter takes",
                    ));
                    continue;
                }
                Takes::Erased | Takes::TypeParam(_) | Takes::TileParam(_)
                    if generic.as_ref().is_some_and(|(g, _)| *g == i) =>
                {
                    specialized = Some((kind, generic.clone().map(|(_, t)| t)));
                }
                Takes::Erased | Takes::TypeParam(_) | Takes::TileParam(_) => {
                    errors.push(Diagnostic::error(
                        span,
                        "cuad specialises a function for the group passed to one parameter (`thread_group`, a template parameter), not several",
                    ));
                    continue;
                }
                Takes::Not => {
                    // Reported here (the placeholder below keeps the group's own check quiet).
                    errors.push(Diagnostic::error(
                        args[i].span,
                        "cuad passes a group only to a parameter of type `cg::thread_group`, `cg::thread_block`, `cg::thread_block_tile<N>` (N a literal power of two up to 32 or a template parameter) or a template type parameter, by value or reference",
                    ));
                }
            }
            args[i] = Expr::new(ExprKind::Ident(placeholder(kind, lvalue)), args[i].span);
        }
        if let Some((kind, how)) = specialized {
            if matches!(how, Some(Takes::TileParam(_))) && kind == GroupKind::Block {
                errors.push(Diagnostic::error(
                    span,
                    "this parameter takes a warp tile, not the thread block",
                ));
                return;
            }
            if !template_args.is_empty()
                && matches!(how, Some(Takes::TypeParam(_) | Takes::TileParam(_)))
            {
                // The copy no longer has the group's template parameter.
                if f.template.as_ref().is_some_and(|p| p.len() == 1) {
                    template_args.clear();
                } else {
                    errors.push(Diagnostic::error(
                        span,
                        "cuad binds the group's template parameter from the argument: call without explicit template arguments",
                    ));
                    return;
                }
            }
            let name = specialized_name(name, kind);
            **callee = Expr::new(ExprKind::Ident(name), callee.span);
        }
    });
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
        "ballot" | "any" | "all" if args.len() == 1 => {
            let ballot = call("__ballot_sync", vec![full(), args[0].clone()]);
            // The tile's lanes of the warp's ballot, as bits from the tile's rank 0.
            let bits = if size == 32 {
                ballot
            } else {
                let lane_base = paren(binary(BinOp::BitAnd, linear_tid(), int_lit(32 - size)));
                paren(binary(
                    BinOp::BitAnd,
                    paren(binary(BinOp::Shr, ballot, lane_base)),
                    Expr::synth(ExprKind::IntLit(format!("{:#x}u", (1u64 << size) - 1))),
                ))
            };
            Some(match field {
                "ballot" => bits,
                "any" => paren(binary(BinOp::Ne, bits, int_lit(0))),
                _ => paren(binary(
                    BinOp::Eq,
                    bits,
                    Expr::synth(ExprKind::IntLit(format!("{:#x}u", (1u64 << size) - 1))),
                )),
            })
        }
        "shfl_down" => shfl("__shfl_down_sync"),
        "shfl_up" => shfl("__shfl_up_sync"),
        "shfl_xor" => shfl("__shfl_xor_sync"),
        "shfl" => shfl("__shfl_sync"),
        _ => None,
    }
}

/// Rewrites thread-block groups and their warp tiles in `body`; errors for group operations
/// cuad does not model.
pub fn lower(
    prog: &Program,
    params: &[Param],
    body: &mut Vec<Stmt>,
) -> Result<(), Vec<Diagnostic>> {
    let mut groups = Names::new();
    let mut tiles: Vec<(String, i64)> = Vec::new();
    let mut errors = Vec::new();
    for p in params {
        let Some(n) = &p.name else { continue };
        match param_group(&p.ty) {
            Ok(Some(GroupKind::Block)) => {
                groups.insert(n.clone());
            }
            Ok(Some(GroupKind::Tile(s))) => tiles.push((n.clone(), s)),
            Ok(None) => errors.push(Diagnostic::error(
                p.span,
                "cuad differentiates a function taking a `thread_group` through its callers: each call passing a thread block or a warp tile `tiled_partition<S>(block)` (S a literal power of two up to 32) gets a copy for that group; differentiate a function that calls this one",
            )),
            Err(()) => {}
        }
    }
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
    if !errors.is_empty() {
        return Err(errors);
    }
    crate::tile_reduce::lower(body, &tiles)?;
    for s in body.iter_mut() {
        pass_groups(s, prog, &groups, &tiles, &mut errors);
        rewrite_tiles(s, &tiles, &mut errors);
        rewrite(s, &groups, &mut errors);
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let ExprKind::Ident(n) = &e.kind else { return };
            if let Some((kind, lvalue)) = from_placeholder(n) {
                *e = Expr::new(fresh_group(kind, lvalue).kind, e.span);
            }
        });
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
        if let (ExprKind::Ident(n), [g]) = (&callee.kind, args.as_slice()) {
            if base_name(n) == "sync" && tile_of(g).is_some() {
                *e = Expr::new(call("__syncwarp", vec![]).kind, e.span);
            }
            return;
        }
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
                        "group_index" if args.is_empty() => Some(ident("blockIdx")),
                        "thread_index" if args.is_empty() => Some(ident("threadIdx")),
                        "group_dim" | "dim_threads" if args.is_empty() => Some(ident("blockDim")),
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
