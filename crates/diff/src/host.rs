//! Host functions: CUDA runtime calls and kernel launches in the forward and reverse passes.
//!
//! - `cudaMalloc(&p, n)`: the adjoint buffer is allocated (and zeroed) just before `p`;
//! - `cudaMemcpy(dst, src, n, kind)`: the reverse adds dst's adjoint into src's adjoint
//!   (wherever each lives) and zeroes dst's adjoint; `cudaMemset` zeroes the adjoint;
//! - `cudaFree(p)` / `free(p)` move to the end of the gradient, with the adjoint's;
//! - `k<<<g, b, shm, stream>>>(args)`: the reverse launches `k`'s gradient with the same
//!   configuration; scalar arguments' adjoints come back through one-element device buffers;
//!   device arrays the launch overwrites and earlier launches read are checkpointed.

use crate::activity::is_real;
use crate::adjoint::adj_name;
use crate::builder::*;
use crate::reverse::{method_call, Gen};
use cuad_syntax::ast::*;

pub(crate) fn callee_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Call { callee, .. } => match &callee.kind {
            ExprKind::Ident(n) => Some(n.trim_start_matches("::")),
            _ => None,
        },
        _ => None,
    }
}

/// Handles a host-side call statement (`lhs = call` when `lhs` is set). Returns `None` when
/// the call is not a CUDA runtime call or launch (ordinary differentiation applies).
pub fn gen_host_call(
    g: &mut Gen,
    lhs: Option<&Expr>,
    e: &Expr,
    s: &Stmt,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    if let ExprKind::Launch {
        kernel,
        template_args,
        config,
        args,
        ..
    } = &e.kind
    {
        return Some(launch(g, kernel, template_args, config, args, s));
    }
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    let name = callee_name(e)?;
    match name {
        "cudaMalloc" | "cudaMallocManaged" if !args.is_empty() => Some(cuda_malloc(g, args, s)),
        "malloc" | "calloc" => host_malloc(g, lhs?, name, args, s),
        "cudaMemcpy" | "cudaMemcpyAsync" if args.len() >= 4 => Some(cuda_memcpy(g, args, s)),
        "cudaMemset" | "cudaMemsetAsync" if args.len() >= 3 => {
            let mut rev = Vec::new();
            if let Some((sh, _, _)) = g.shadow(&args[0]) {
                rev.push(expr_stmt(call(
                    "cudaMemset",
                    vec![sh, int_lit(0), args[2].clone()],
                )));
            }
            Some((vec![s.clone()], rev))
        }
        "cudaFree" | "free" if args.len() == 1 => {
            let mut epilogue = vec![s.clone()];
            if let ExprKind::Ident(p) = &args[0].strip_parens().kind {
                if g.active.contains(p)
                    && !g.is_param(p)
                    && g.allocations.iter().any(|(n, _)| n == p)
                {
                    epilogue.push(expr_stmt(call(name, vec![ident(&adj_name(p))])));
                }
            }
            g.epilogue.extend(epilogue);
            Some((vec![], vec![]))
        }
        // Constant or `__device__` memory named by a symbol has no adjoint buffer in cuad:
        // a derivative flowing through it would be dropped.
        "cudaMemcpyToSymbol"
        | "cudaMemcpyToSymbolAsync"
        | "cudaMemcpyFromSymbol"
        | "cudaMemcpyFromSymbolAsync"
            if args.len() >= 2 =>
        {
            let data = if name.contains("To") {
                &args[1]
            } else {
                &args[0]
            };
            if g.shadow(data).is_some() || g.expr_is_active(data) {
                g.error(
                    s.span,
                    format!("cuad cannot differentiate through `{name}` (symbols have no adjoint buffers); copy into a buffer passed to the kernel instead, or leave `{}` out of --wrt", cuad_emit::print_expr(data)),
                );
            }
            Some((vec![s.clone()], vec![]))
        }
        "cudaDeviceSynchronize" | "cudaStreamSynchronize" => {
            Some((vec![s.clone()], vec![s.clone()]))
        }
        _ if name.starts_with("cuda") => Some((vec![s.clone()], vec![])),
        _ => None,
    }
}

/// `p = (T*)malloc(bytes)` / `calloc(n, size)`: a zeroed host adjoint buffer `_d_p` first
/// when `p` carries derivatives (freed where `p` is).
fn host_malloc(
    g: &mut Gen,
    lhs: &Expr,
    name: &str,
    args: &[Expr],
    s: &Stmt,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let ExprKind::Ident(p) = &lhs.strip_parens().kind else {
        return None;
    };
    let bytes = match (name, args) {
        ("malloc", [b]) => b.clone(),
        ("calloc", [n, size]) => binary(BinOp::Mul, paren(n.clone()), paren(size.clone())),
        _ => return None,
    };
    g.allocations.push((p.clone(), bytes.clone()));
    let mut fwd = Vec::new();
    if g.active.contains(p) {
        let ty = g.types.get(p).cloned()?;
        fwd.push(expr_stmt(assign(
            ident(&adj_name(p)),
            Expr::synth(ExprKind::Cast {
                kind: CastKind::Static,
                ty,
                expr: Box::new(call("calloc", vec![int_lit(1), bytes])),
            }),
        )));
    }
    fwd.push(s.clone());
    Some((fwd, vec![]))
}

/// `cudaMalloc(&p, bytes)`: allocate and zero `_d_p` first when `p` carries derivatives.
fn cuda_malloc(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let target = match &args[0].strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, x) => x.strip_parens().clone(),
        ExprKind::Cast { expr, .. } => match &expr.strip_parens().kind {
            ExprKind::Unary(UnOp::AddrOf, x) => x.strip_parens().clone(),
            _ => return (vec![s.clone()], vec![]),
        },
        _ => return (vec![s.clone()], vec![]),
    };
    let ExprKind::Ident(p) = &target.kind else {
        return (vec![s.clone()], vec![]);
    };
    let bytes = args.get(1).cloned().unwrap_or_else(|| int_lit(0));
    g.allocations.push((p.clone(), bytes.clone()));
    let mut fwd = Vec::new();
    if g.active.contains(p) {
        let d = ident(&adj_name(p));
        let mut cargs = args.to_vec();
        cargs[0] = addr_of(d.clone());
        fwd.push(expr_stmt(Expr::synth(ExprKind::Call {
            callee: Box::new(ident(callee_name(&stmt_expr(s)).unwrap_or("cudaMalloc"))),
            template_args: vec![],
            args: cargs,
        })));
        fwd.push(expr_stmt(call("cudaMemset", vec![d, int_lit(0), bytes])));
    }
    fwd.push(s.clone());
    (fwd, vec![])
}

fn stmt_expr(s: &Stmt) -> Expr {
    match &s.kind {
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(_, _, r),
            ..
        }) => (**r).clone(),
        StmtKind::Expr(e) => e.clone(),
        _ => int_lit(0),
    }
}

/// `cudaMemcpy(dst, src, bytes, kind)`: the reverse moves dst's adjoint into src's.
fn cuda_memcpy(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    // A copy touches `bytes` of both buffers: a size to checkpoint them with when they were
    // not allocated here.
    for a in &args[..2] {
        if let ExprKind::Ident(n) = &a.strip_parens().kind {
            if !g.allocations.iter().any(|(m, _)| m == n) {
                g.allocations.push((n.clone(), args[2].clone()));
            }
        }
    }
    let dst = g.shadow(&args[0]).map(|x| x.0);
    let src = g.shadow(&args[1]).map(|x| x.0);
    let (mut fwd, mut rev) = overwrite_checkpoint(g, &args[0], s);
    fwd.push(s.clone());
    if let Some(d_dst) = dst {
        g.helpers.memcpy = true;
        let mut d_src = src.unwrap_or_else(|| Expr::synth(ExprKind::Nullptr));
        let mut d_dst = d_dst;
        // Buffers of structs (all fields one real type) are summed as arrays of that type.
        let pointee = g
            .type_of(&args[0])
            .map(|t| g.prog.canonical(&t))
            .and_then(|t| match t.kind {
                TyKind::Pointer { pointee, .. } => Some(*pointee),
                _ => None,
            });
        if let Some(pointee) = pointee.filter(|t| !is_real(t)) {
            match uniform_real(g.prog, &pointee, 0) {
                Some(real) => {
                    let ptr = Ty::pointer_to(real);
                    let cast = |e: Expr| {
                        Expr::synth(ExprKind::Cast {
                            kind: CastKind::Reinterpret,
                            ty: ptr.clone(),
                            expr: Box::new(e),
                        })
                    };
                    d_dst = cast(d_dst);
                    if !matches!(d_src.kind, ExprKind::Nullptr) {
                        d_src = cast(d_src);
                    }
                }
                None => g.error(
                    s.span,
                    "cuad can differentiate a copy of structs only when all their fields have one real type".to_string(),
                ),
            }
        }
        rev.push(expr_stmt(call(
            "cuad_memcpy_pullback",
            vec![d_dst, d_src, args[2].clone(), args[3].clone()],
        )));
    }
    (fwd, rev)
}

/// The one real type every scalar of `ty` (a struct, vector type or array, nested) has.
fn uniform_real(prog: &cuad_sema::Program, ty: &Ty, depth: u32) -> Option<Ty> {
    let ty = prog.canonical(ty);
    if is_real(&ty) {
        return Some(ty.with_const(false));
    }
    if depth > 8 {
        return None;
    }
    if let TyKind::Array { elem, .. } = &ty.kind {
        return uniform_real(prog, elem, depth + 1);
    }
    let fields = prog.fields(&ty);
    let mut found: Option<Ty> = None;
    for (_, fty) in &fields {
        let r = uniform_real(prog, fty, depth + 1)?;
        match &found {
            Some(f) if f.kind != r.kind => return None,
            _ => found = Some(r),
        }
    }
    found
}

/// A runtime call that overwrites device buffer `dst`, whose old contents an earlier
/// launch's reverse reads, first copies it aside.
fn overwrite_checkpoint(g: &mut Gen, dst: &Expr, s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let ExprKind::Ident(name) = &dst.strip_parens().kind else {
        return (vec![], vec![]);
    };
    if g.is_param(name) || !g.needs_save(dst) {
        return (vec![], vec![]);
    }
    let Some(ty) = g.types.get(name).cloned() else {
        return (vec![], vec![]);
    };
    match checkpoint(g, name, &ty) {
        Some(saved) => saved,
        None => {
            g.error(
                s.span,
                format!("cuad needs the old contents of `{name}` here and does not know its size"),
            );
            (vec![], vec![])
        }
    }
}

/// A kernel launch: forward as written; reverse launches the kernel's gradient.
fn launch(
    g: &mut Gen,
    kernel: &Expr,
    template_args: &[TemplateArg],
    config: &[Expr],
    args: &[Expr],
    s: &Stmt,
) -> (Vec<Stmt>, Vec<Stmt>) {
    let ExprKind::Ident(kname) = &kernel.kind else {
        g.error(
            s.span,
            "cuad cannot differentiate a launch of a kernel named by an expression",
        );
        return (vec![s.clone()], vec![]);
    };
    let Some(primary) = g
        .prog
        .functions(kname)
        .into_iter()
        .find(|f| f.body.is_some())
    else {
        g.error(
            s.span,
            format!("kernel `{kname}` has no body here: cuad cannot differentiate its launch"),
        );
        return (vec![s.clone()], vec![]);
    };
    // A kernel template is differentiated as the instance the launch names.
    let instance = match &primary.template {
        None => None,
        Some(_) => {
            let bound = crate::instantiate::bind_explicit(primary, template_args)
                .ok()
                .and_then(|(types, values)| {
                    crate::instantiate::instantiate_with_values(primary, &types, &values)
                });
            match bound {
                Some(f) => Some(f),
                None => {
                    g.error(
                        s.span,
                        format!("cuad differentiates a launch of the kernel template `{kname}` only with all its template arguments written out"),
                    );
                    return (vec![s.clone()], vec![]);
                }
            }
        }
    };
    let kfun = instance.as_ref().unwrap_or(primary);
    let param_tys: Vec<Ty> = kfun
        .params
        .iter()
        .map(|p| g.prog.canonical(&p.ty))
        .collect();
    // Which kernel parameters the kernel writes through (their arrays change).
    let mut written = crate::usage::Names::new();
    if let Some(body) = &kfun.body {
        crate::usage::stmt_writes(body, &mut written);
    }
    let mut wrt = Vec::new();
    let mut adj_args = Vec::new();
    let mut pre = Vec::new();
    let mut post = Vec::new();
    for (j, (a, pty)) in args.iter().zip(&param_tys).enumerate() {
        if matches!(pty.kind, TyKind::Pointer { .. }) {
            if let Some((sh, _, _)) = g.shadow(a) {
                wrt.push(j);
                adj_args.push(sh);
            }
        } else if is_real(pty) && g.expr_is_active(a) {
            wrt.push(j);
            let buf = g.fresh("_d_arg");
            let ty = pty.clone().with_const(false);
            let size = Expr::synth(ExprKind::SizeofType(ty.clone()));
            g.decls.push(decl(
                Ty::pointer_to(ty.clone()),
                &buf,
                Some(Expr::synth(ExprKind::Nullptr)),
            ));
            pre.push(expr_stmt(call(
                "cudaMalloc",
                vec![addr_of(ident(&buf)), size.clone()],
            )));
            pre.push(expr_stmt(call(
                "cudaMemset",
                vec![ident(&buf), int_lit(0), size.clone()],
            )));
            adj_args.push(ident(&buf));
            let r = g.fresh("_r");
            post.push(decl(ty.clone(), &r, Some(real_zero(&ty))));
            post.push(expr_stmt(call(
                "cudaMemcpy",
                vec![
                    addr_of(ident(&r)),
                    ident(&buf),
                    size,
                    ident("cudaMemcpyDeviceToHost"),
                ],
            )));
            post.push(expr_stmt(call("cudaFree", vec![ident(&buf)])));
            let back = g.rev_expr(a, ident(&r));
            post.extend(back);
        }
    }
    if wrt.is_empty() {
        return (vec![s.clone()], vec![]);
    }
    // The gradient reads every array argument as it was before this launch.
    let mut fwd = Vec::new();
    let mut restore = Vec::new();
    let write_only = kfun
        .body
        .as_deref()
        .map(crate::usage::write_only_names)
        .unwrap_or_default();
    for (j, a) in args.iter().enumerate() {
        let unread = kfun
            .params
            .get(j)
            .and_then(|p| p.name.as_ref())
            .is_some_and(|n| write_only.contains(n));
        if !unread {
            g.note_reads(a);
        }
    }
    for (j, a) in args.iter().enumerate() {
        let Some(pname) = kfun.params.get(j).and_then(|p| p.name.as_deref()) else {
            continue;
        };
        if !written.contains(pname) || !matches!(param_tys[j].kind, TyKind::Pointer { .. }) {
            continue;
        }
        // `buf` or `buf + offset`: the whole buffer is checkpointed.
        let Some(arr) = pointer_root(a) else {
            g.error(
                s.span,
                format!(
                    "kernel `{kname}` writes through `{}`, which cuad cannot trace to a buffer",
                    cuad_emit::print_expr(a)
                ),
            );
            continue;
        };
        if !g.needs_save(&ident(&arr)) {
            continue;
        }
        let arr_ty = g
            .types
            .get(&arr)
            .cloned()
            .unwrap_or_else(|| param_tys[j].clone());
        let arr = &arr;
        match checkpoint(g, arr, &arr_ty) {
            Some((f, r)) => {
                fwd.extend(f);
                restore.extend(r);
            }
            None => g.error(
                s.span,
                format!("kernel `{kname}` overwrites `{arr}`, which the reverse pass needs, and cuad does not know its size (allocate it with cudaMalloc in this function)"),
            ),
        }
    }
    fwd.push(s.clone());
    let grad_template = crate::grad_name(g.prog, kfun, &wrt);
    // The gather pass reads some adjoints while adding into others: they must be distinct.
    let adj_texts: Vec<String> = adj_args.iter().map(cuad_emit::print_expr).collect();
    let distinct = adj_texts
        .iter()
        .enumerate()
        .all(|(k, a)| !adj_texts[..k].contains(a));
    let split = if distinct {
        gather_kernels(g, kfun, instance.is_some(), &grad_template, &wrt)
    } else {
        None
    };
    if let Some((gather, zero)) = split {
        let mut launch_args = args.to_vec();
        launch_args.extend(adj_args);
        let mut rev = restore;
        rev.extend(pre);
        for k in [&gather, &zero] {
            rev.push(expr_stmt(Expr::synth(ExprKind::Launch {
                kernel: Box::new(ident(&k.name)),
                template_args: vec![],
                config: gradient_config(kfun, config),
                args: launch_args.clone(),
            })));
        }
        rev.extend(post);
        g.extra_kernels.push(gather);
        g.extra_kernels.push(zero);
        // The one-kernel gradient stays in the output: code may launch it directly.
        g.kernel_grads.push(crate::reverse::KernelGradReq {
            kernel: kfun.clone(),
            primary: None,
            template_args: vec![],
            wrt,
        });
        return (fwd, rev);
    }
    let grad = format!(
        "{}{grad_template}",
        crate::qualifier(&crate::namespace_path(g.prog, kfun)),
    );
    g.kernel_grads.push(crate::reverse::KernelGradReq {
        kernel: kfun.clone(),
        primary: instance.as_ref().map(|_| primary.clone()),
        template_args: template_args.to_vec(),
        wrt,
    });
    let mut launch_args = args.to_vec();
    launch_args.extend(adj_args);
    let mut rev = restore;
    rev.extend(pre);
    rev.push(expr_stmt(Expr::synth(ExprKind::Launch {
        kernel: Box::new(ident(&grad)),
        template_args: template_args.to_vec(),
        config: gradient_config(kfun, config),
        args: launch_args,
    })));
    rev.extend(post);
    (fwd, rev)
}

/// The kernel's gradient as a gather pass and a zeroing pass (gather.rs), when it scatters
/// through atomics at constant offsets from the thread index and the split applies.
fn gather_kernels(
    g: &mut Gen,
    kfun: &Function,
    is_instance: bool,
    grad_name: &str,
    wrt: &[usize],
) -> Option<(Function, Function)> {
    if is_instance || !crate::namespace_path(g.prog, kfun).is_empty() {
        return None;
    }
    let target = crate::reverse::Target::Grad { wrt: wrt.to_vec() };
    let generated = crate::reverse::generate(
        g.prog,
        kfun,
        grad_name,
        crate::reverse::Mode::Kernel,
        &target,
    )
    .ok()?;
    if !generated.pullbacks.is_empty() || !generated.kernel_grads.is_empty() {
        return None;
    }
    let (gather, zero) = crate::gather::split(&generated.function)?;
    g.helpers.merge(generated.helpers);
    g.explanations.push(format!(
        "{}: launched as `{}` (thread s gathers the updates that land on index s) then `{}` (zeroes the seeds)",
        kfun.name, gather.name, zero.name
    ));
    Some((gather, zero))
}

/// The gradient's launch configuration: the primal's, with twice the dynamic shared memory
/// when the kernel has `extern __shared__` arrays (their adjoints take the second half).
fn gradient_config(kfun: &Function, config: &[Expr]) -> Vec<Expr> {
    let mut config = config.to_vec();
    let dynamic_shared = kfun.body.iter().flatten().any(|s| {
        crate::usage::any_stmt(
            s,
            &|x| matches!(&x.kind, StmtKind::Decl(d) if d.specs.shared && d.specs.is_extern),
        )
    });
    if dynamic_shared && config.len() >= 3 {
        config[2] = binary(BinOp::Mul, int_lit(2), paren(config[2].clone()));
    }
    config
}

/// The buffer a pointer expression points into: `buf`, `buf + k`, `(T*)buf`.
fn pointer_root(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n.clone()),
        ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => pointer_root(x),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => pointer_root(l),
        ExprKind::Unary(UnOp::AddrOf, x) => match &x.kind {
            ExprKind::Index(b, _) => pointer_root(b),
            _ => None,
        },
        _ => None,
    }
}

/// Copies a device array aside before it is overwritten and restores it in the reverse pass.
fn checkpoint(g: &mut Gen, arr: &str, ty: &Ty) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let bytes = g
        .allocations
        .iter()
        .rev()
        .find(|(n, _)| n == arr)
        .map(|(_, b)| b.clone())?;
    let TyKind::Pointer { pointee, .. } = &ty.kind else {
        return None;
    };
    let ptr_ty = Ty::pointer_to((**pointee).clone().with_const(false));
    let t = g.fresh("_t");
    g.decls.push(decl(
        ptr_ty.clone(),
        &t,
        Some(Expr::synth(ExprKind::Nullptr)),
    ));
    let mut fwd = vec![
        expr_stmt(call("cudaMalloc", vec![addr_of(ident(&t)), bytes.clone()])),
        expr_stmt(call(
            "cudaMemcpy",
            vec![
                ident(&t),
                ident(arr),
                bytes.clone(),
                ident("cudaMemcpyDeviceToDevice"),
            ],
        )),
    ];
    let mut rev = Vec::new();
    if !g.loop_writes.is_empty() {
        let tape = g.tape_for(&ptr_ty);
        fwd.push(expr_stmt(method_call(&tape, "push", vec![ident(&t)])));
        rev.push(expr_stmt(assign(
            ident(&t),
            method_call(&tape, "pop", vec![]),
        )));
    }
    rev.push(expr_stmt(call(
        "cudaMemcpy",
        vec![
            ident(arr),
            ident(&t),
            bytes,
            ident("cudaMemcpyDeviceToDevice"),
        ],
    )));
    rev.push(expr_stmt(call("cudaFree", vec![ident(&t)])));
    Some((fwd, rev))
}
