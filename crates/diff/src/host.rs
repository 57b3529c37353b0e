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
use cuad_sema::Program;
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
    crate::symbols::check_host_call(g, name, s.span);
    let (saves, restores) = save_stored_variables(g, name, args);
    let (mut fwd, mut rev) = runtime_call(g, lhs, name, args, s)?;
    fwd.splice(0..0, saves);
    rev.extend(restores);
    Some((fwd, rev))
}

/// The variables a runtime call stores into through `&v` (`cudaMemcpy(&smax, d_max, ...)`,
/// `cudaMemcpyFromSymbol(&s, sym, ...)`, `cudaEventElapsedTime(&ms, ...)`): the call assigns
/// them whole, so each one reverse code reads is saved like an assigned variable (taped in
/// loops) and restored at the call's reverse. Elements of arrays (`&a[k]`) are checkpointed
/// as memory by `overwrite_checkpoint`; allocations set their pointer variables themselves.
fn save_stored_variables(g: &mut Gen, name: &str, args: &[Expr]) -> (Vec<Stmt>, Vec<Stmt>) {
    if !name.starts_with("cuda")
        || name.starts_with("cudaMalloc")
        || name.starts_with("cudaHostAlloc")
        || name.contains("ToSymbol")
    {
        return (vec![], vec![]);
    }
    // Copies and sets store through their destination only; other calls through every `&v`.
    let written = if name.contains("Memcpy") || name.contains("Memset") {
        &args[..args.len().min(1)]
    } else {
        args
    };
    let mut fwd = Vec::new();
    let mut rev = Vec::new();
    for a in written {
        let ExprKind::Unary(UnOp::AddrOf, lv) = &a.strip_parens().kind else {
            continue;
        };
        let Some(var) = whole_variable(lv) else {
            continue;
        };
        let is_array = g
            .types
            .get(var)
            .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }));
        let v = ident(var);
        if is_array || !g.needs_save(&v) {
            continue;
        }
        if let Some((save, restore)) = g.save_value(&v) {
            fwd.push(save);
            // Tapes are LIFO: the last saved is restored first.
            rev.insert(0, restore);
        }
    }
    (fwd, rev)
}

/// The variable `v` of `v` or `v.f.g` (a field of a struct held by value): storing through the
/// address changes only that variable.
fn whole_variable(lv: &Expr) -> Option<&str> {
    match &lv.kind {
        ExprKind::Ident(v) => Some(v),
        ExprKind::Paren(x) => whole_variable(x),
        ExprKind::Member {
            base, arrow: false, ..
        } => whole_variable(base),
        _ => None,
    }
}

/// [`gen_host_call`] of a runtime call `name(args)`.
fn runtime_call(
    g: &mut Gen,
    lhs: Option<&Expr>,
    name: &str,
    args: &[Expr],
    s: &Stmt,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    match name {
        "cudaMalloc" | "cudaMallocManaged" if !args.is_empty() => {
            // Host code reads managed memory directly: reverse launches must finish first.
            g.managed_memory |= name == "cudaMallocManaged";
            Some(cuda_malloc(g, name, args, s))
        }
        // Stream-ordered allocation: the adjoint is a plain cudaMalloc buffer (zeroed before
        // any work, freed with cudaFree at the end), so it outlives every stream's reverse work.
        "cudaMallocAsync" if args.len() >= 2 => {
            let (mut fwd, rev) = cuda_malloc(g, "cudaMalloc", &args[..2], s);
            fwd.pop();
            fwd.push(s.clone());
            Some((fwd, rev))
        }
        // Pinned host memory: a host buffer, its adjoint pinned too and zeroed on the host.
        "cudaMallocHost" | "cudaHostAlloc" if args.len() >= 2 => {
            Some(cuda_malloc(g, name, args, s))
        }
        "malloc" | "calloc" => host_malloc(g, lhs?, name, args, s),
        "cudaMallocPitch" if args.len() == 4 => Some(cuda_malloc_pitch(g, args, s)),
        "cudaMemcpy2D" | "cudaMemcpy2DAsync" if args.len() >= 7 => Some(cuda_memcpy_2d(g, args, s)),
        "cudaMemset2D" | "cudaMemset2DAsync" if args.len() >= 5 => {
            let mut rev = Vec::new();
            if let Some((sh, _, _)) = g.shadow(&args[0]) {
                let mut zero = args[..5].to_vec();
                zero[0] = sh;
                zero[2] = int_lit(0);
                rev.push(expr_stmt(call("cudaMemset2D", zero)));
            }
            Some((vec![s.clone()], rev))
        }
        "cudaMemcpy" | "cudaMemcpyAsync" if args.len() >= 4 => Some(cuda_memcpy(g, args, s)),
        "cudaMemset" | "cudaMemsetAsync" if args.len() >= 3 => Some(cuda_memset(g, args, s)),
        "cudaFree" | "cudaFreeHost" | "free" if args.len() == 1 => Some(free(g, name, args, s)),
        "cudaFreeAsync" if args.len() == 2 => Some(free(g, "cudaFree", args, s)),
        // A copy of a buffer carrying derivatives into a symbol makes the symbol active
        // (symbols.rs); so does any later copy into it, which symbols.rs refuses.
        "cudaMemcpyToSymbol" | "cudaMemcpyToSymbolAsync"
            if args.len() >= 3
                && (g.shadow(&args[1]).is_some()
                    || g.expr_is_active(&args[1])
                    || crate::usage::lvalue_root(&args[0])
                        .is_some_and(|n| g.symbols.contains(n))) =>
        {
            Some(crate::symbols::copy_to_symbol(g, args, s))
        }
        // Copying back an active symbol: its adjoint receives the destination's.
        "cudaMemcpyFromSymbol" | "cudaMemcpyFromSymbolAsync"
            if args.len() >= 3
                && crate::usage::lvalue_root(&args[1]).is_some_and(|n| g.symbols.contains(n)) =>
        {
            let sym = crate::usage::lvalue_root(&args[1])
                .unwrap_or_default()
                .to_string();
            Some(crate::symbols::copy_from_symbol(g, &sym, args, s))
        }
        // A copy between an inactive symbol and data carrying derivatives: the symbol has no
        // adjoint to take them or give them back.
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
        // The reverse pass still launches on the stream (and may time with the event, or read
        // the texture).
        "cudaStreamDestroy"
        | "cudaEventDestroy"
        | "cudaGraphDestroy"
        | "cudaGraphExecDestroy"
        | "cudaDestroyTextureObject"
        | "cudaDestroySurfaceObject" => {
            g.epilogue.push(s.clone());
            Some((vec![], vec![]))
        }
        "cudaDeviceSynchronize" | "cudaStreamSynchronize" => {
            Some((vec![s.clone()], vec![s.clone()]))
        }
        // Work launched through graphs, stream capture or `void**` argument arrays: cuad sees
        // no kernel call there, and the derivative through it would be dropped.
        "cudaStreamBeginCapture"
        | "cudaGraphLaunch"
        | "cudaGraphAddKernelNode"
        | "cudaLaunchKernel"
        | "cudaLaunchKernelExC"
        | "cudaLaunchCooperativeKernel"
        | "cudaLaunchHostFunc"
            if !g.active.is_empty() =>
        {
            g.error(
                s.span,
                format!("cuad cannot differentiate through `{name}`: it differentiates kernels launched with `<<<...>>>` (no CUDA graphs, stream capture or launch APIs taking `void**` arguments)"),
            );
            Some((vec![s.clone()], vec![]))
        }
        // 3-D and array copies name their buffers through descriptors (`cudaPitchedPtr`,
        // `cudaMemcpy3DParms`, `cudaArray_t`) that cuad does not follow: any derivative in
        // this function could pass through one.
        _ if (name.contains("3D") || name.contains("Array") || name == "make_cudaPitchedPtr")
            && (name.starts_with("cuda") || name.starts_with("make_cuda"))
            && !g.active.is_empty() =>
        {
            g.error(
                s.span,
                format!("cuad cannot differentiate through `{name}` yet (3-D and array memory are reached through descriptors it does not follow); use cudaMallocPitch/cudaMemcpy2D with rows `z * height + y`, or linear buffers"),
            );
            Some((vec![s.clone()], vec![]))
        }
        _ if is_unmodelled_memory_call(name) => {
            // Pitched, 3-D, array, peer and pinned-host memory: cuad mirrors none of these
            // with adjoint buffers, so a derivative passing through one would be dropped.
            let mut names = crate::usage::Names::new();
            args.iter().for_each(|a| crate::usage::reads(a, &mut names));
            if let Some(active) = names.iter().find(|n| g.active.contains(*n)) {
                g.error(
                    s.span,
                    format!("cuad cannot differentiate through `{name}` yet (only cudaMalloc, cudaMallocAsync, cudaMallocManaged, cudaMemcpy, cudaMemset and their Async forms get adjoints); `{active}` carries derivatives: use linear buffers with cudaMalloc/cudaMemcpy, or leave it out of --wrt"),
                );
            }
            Some((vec![s.clone()], vec![]))
        }
        _ if name.starts_with("cuda") => Some((vec![s.clone()], vec![])),
        _ => None,
    }
}

/// Calls a host gradient defers to its end: the reverse pass still uses what they release.
const TEARDOWN: [&str; 10] = [
    "cudaFree",
    "cudaFreeAsync",
    "cudaFreeHost",
    "free",
    "cudaStreamDestroy",
    "cudaEventDestroy",
    "cudaGraphDestroy",
    "cudaGraphExecDestroy",
    "cudaDestroyTextureObject",
    "cudaDestroySurfaceObject",
];

/// A statement made only of teardown calls (in blocks and `for` loops).
pub(crate) fn only_teardown(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Block(b) => b.iter().all(only_teardown),
        StmtKind::For { body, .. } => only_teardown(body),
        StmtKind::Empty => true,
        StmtKind::Expr(e) => {
            // `err = cudaFree(p)` (error-checking macros) too.
            let call = match &e.kind {
                ExprKind::Assign(_, _, r) => r.strip_parens(),
                _ => e,
            };
            callee_name(call).is_some_and(|n| TEARDOWN.contains(&n))
        }
        _ => false,
    }
}

/// CUDA runtime calls that allocate, copy or set memory in forms cuad does not model.
fn is_unmodelled_memory_call(name: &str) -> bool {
    let modelled = matches!(
        name,
        "cudaMalloc"
            | "cudaMallocManaged"
            | "cudaMallocAsync"
            | "cudaMallocHost"
            | "cudaHostAlloc"
            | "cudaMemcpy"
            | "cudaMemcpyAsync"
            | "cudaMemset"
            | "cudaMemsetAsync"
            | "cudaMallocPitch"
            | "cudaMemcpy2D"
            | "cudaMemcpy2DAsync"
            | "cudaMemset2D"
            | "cudaMemset2DAsync"
    );
    !modelled
        && (name.starts_with("cudaMalloc")
            || name.starts_with("cudaMemcpy")
            || name.starts_with("cudaMemset")
            || name == "cudaHostAlloc")
        && !name.contains("Symbol")
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
    let mut fwd = Vec::new();
    let bytes = allocation_size(g, p, bytes, &mut fwd);
    g.allocations.push((p.clone(), bytes.clone()));
    g.host_buffers.push(p.clone());
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

/// `cudaMalloc(&p, bytes)` (or `cudaMallocHost`, `cudaHostAlloc`): allocate and zero `_d_p`
/// first, the same way, when `p` carries derivatives.
fn cuda_malloc(g: &mut Gen, name: &str, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
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
    // The kept size first: a reallocation saves the old buffer's with it.
    let mut kept = Vec::new();
    let bytes = allocation_size(g, p, bytes, &mut kept);
    let (mut fwd, rev) = reallocation_restore(g, name, p);
    fwd.extend(kept);
    g.allocations.push((p.clone(), bytes.clone()));
    if g.active.contains(p) {
        let d = ident(&adj_name(p));
        let mut cargs = args.to_vec();
        cargs[0] = addr_of(d.clone());
        fwd.push(expr_stmt(Expr::synth(ExprKind::Call {
            callee: Box::new(ident(name)),
            template_args: vec![],
            args: cargs,
        })));
        let pinned = matches!(name, "cudaMallocHost" | "cudaHostAlloc");
        let zero = if pinned { "memset" } else { "cudaMemset" };
        fwd.push(expr_stmt(call(zero, vec![d, int_lit(0), bytes])));
    }
    fwd.push(s.clone());
    (fwd, rev)
}

/// Variables assigned (or given by address to a call) in a loop or by more than one
/// statement: a value read from them may be gone later.
pub(crate) fn changing_variables(body: &[Stmt]) -> crate::usage::Names {
    use crate::usage::Names;
    fn note(e: &Expr, in_loop: bool, seen: &mut Names, out: &mut Names) {
        let mut w = Names::new();
        crate::usage::var_writes(e, &mut w);
        crate::usage::walk_expr(e, &mut |x| {
            if let ExprKind::Unary(UnOp::AddrOf, v) = &x.kind {
                w.extend(whole_variable(v).map(str::to_string));
            }
        });
        for v in w {
            if in_loop || !seen.insert(v.clone()) {
                out.insert(v);
            }
        }
    }
    fn visit(s: &Stmt, in_loop: bool, seen: &mut Names, out: &mut Names) {
        match &s.kind {
            StmtKind::Block(b) => b.iter().for_each(|x| visit(x, in_loop, seen, out)),
            StmtKind::If { cond, then, els } => {
                note(cond, in_loop, seen, out);
                visit(then, in_loop, seen, out);
                if let Some(e) = els {
                    visit(e, in_loop, seen, out);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    visit(i, in_loop, seen, out);
                }
                for e in cond.iter().chain(step.iter()) {
                    note(e, true, seen, out);
                }
                visit(body, true, seen, out);
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                note(cond, true, seen, out);
                visit(body, true, seen, out);
            }
            StmtKind::Switch { cond, cases } => {
                note(cond, in_loop, seen, out);
                for c in cases {
                    c.body.iter().for_each(|x| visit(x, in_loop, seen, out));
                }
            }
            _ => crate::usage::visit_stmt_exprs(s, &mut |e| note(e, in_loop, seen, out)),
        }
    }
    let (mut seen, mut out) = (Names::new(), Names::new());
    body.iter()
        .for_each(|s| visit(s, false, &mut seen, &mut out));
    out
}

/// The size of an allocation of `p` as later code may read it: `bytes` itself, or, when it
/// reads variables that change after the allocation (`bytes` of a loop over pyramid levels, a
/// size reassigned), its value kept at the allocation in `_cuad_bytes_p` (assigned in `fwd`),
/// so checkpoints of the buffer copy its size, not the current value of `bytes`.
fn allocation_size(g: &mut Gen, p: &str, bytes: Expr, fwd: &mut Vec<Stmt>) -> Expr {
    let mut read = crate::usage::Names::new();
    crate::usage::reads(&bytes, &mut read);
    if !read.iter().any(|n| g.changing.contains(n)) {
        return bytes;
    }
    let kept = format!("_cuad_bytes_{p}");
    if !g.types.contains_key(&kept) {
        let ty = Ty::new(TyKind::Int {
            kind: IntKind::Long,
            signed: Some(false),
        });
        g.decls.push(decl(ty.clone(), &kept, None));
        g.types.insert(kept.clone(), ty);
    }
    fwd.push(expr_stmt(assign(ident(&kept), bytes)));
    ident(&kept)
}

/// `cudaMalloc(&p, ...)` of a variable that may already hold a buffer reverse code reads (a
/// list reallocated in a time loop; frees wait for the end of the gradient, so that buffer
/// stays valid): its old value (and its adjoint's) is saved before, and at the reverse point
/// the new allocation is freed and the old value restored. Returns the saves and the reverse.
fn reallocation_restore(g: &mut Gen, alloc: &str, p: &str) -> (Vec<Stmt>, Vec<Stmt>) {
    let again = !g.loop_writes.is_empty() || g.allocations.iter().any(|(n, _)| n == p);
    let read_back = g.reads_so_far.contains(p) || g.pointer_value_reads.contains(p);
    if !again || !read_back {
        return (vec![], vec![]);
    }
    let free = match alloc {
        "cudaMallocHost" | "cudaHostAlloc" => "cudaFreeHost",
        _ => "cudaFree",
    };
    let mut vars = vec![(p.to_string(), true)];
    if g.active.contains(p) {
        vars.push((adj_name(p), true));
    }
    // The size kept for the old buffer (`allocation_size`), restored with it.
    let kept = format!("_cuad_bytes_{p}");
    if g.types.contains_key(&kept) {
        vars.push((kept, false));
    }
    let (mut fwd, mut rev) = (vec![], vec![]);
    for (v, buffer) in vars {
        if let Some((save, restore)) = g.save_value(&ident(&v)) {
            fwd.push(save);
            // Tapes are LIFO: the last saved is restored first.
            rev.insert(0, restore);
            if buffer {
                rev.insert(0, expr_stmt(call(free, vec![ident(&v)])));
                g.realloc_freed.insert(v);
            }
        }
    }
    (fwd, rev)
}

/// The frees after the reverse pass, where the reverse pass frees a variable's allocations
/// itself (`reallocation_restore`): a deferred free of such a variable would free one of
/// them again, so it frees the value the reverse pass restored instead (the buffer it held
/// before its first reallocation, or null), once.
pub(crate) fn final_frees(g: &Gen, epilogue: Vec<Stmt>) -> Vec<Stmt> {
    if g.realloc_freed.is_empty() {
        return epilogue;
    }
    let mut out: Vec<Stmt> = Vec::new();
    for s in epilogue {
        let s = match &s.kind {
            StmtKind::Expr(e) => match &e.kind {
                ExprKind::Call { callee, args, .. } if args.len() == 1 => {
                    let freed = match &args[0].strip_parens().kind {
                        ExprKind::Ident(v) => g.held_frees.get(v).unwrap_or(v),
                        _ => "",
                    };
                    if g.realloc_freed.contains(freed) {
                        expr_stmt(call(&cuad_emit::print_expr(callee), vec![ident(freed)]))
                    } else {
                        s
                    }
                }
                _ => s,
            },
            _ => s,
        };
        let text = cuad_emit::print_stmt(&s, 0);
        if !out.iter().any(|o| cuad_emit::print_stmt(o, 0) == text) {
            out.push(s);
        }
    }
    out
}

/// A release moves to the end of the gradient (the reverse pass still uses the memory), with
/// `adj_free` of the adjoint of a buffer the function allocated.
fn free(g: &mut Gen, adj_free: &str, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let mut epilogue = vec![s.clone()];
    let mut fwd = vec![];
    let freed = args[0].strip_parens();
    // `cudaFree(a.h)` of a struct of buffers that carries derivatives: the buffer and its
    // adjoint the field holds here (states swapped whole hold others once restored).
    if let ExprKind::Member {
        base, arrow: false, ..
    } = &freed.kind
    {
        let struct_of_buffers = g.is_buffer_struct(base)
            && crate::usage::lvalue_root(base).is_some_and(|r| g.active.contains(r));
        if let (true, Some((shadow, _, _)), Some(ty)) =
            (struct_of_buffers, g.shadow(freed), g.type_of(freed))
        {
            let name = cuad_emit::print_expr(freed).replace('.', "_");
            (fwd, epilogue) = free_as_held(g, adj_free, &name, &ty, freed, Some(shadow));
        }
    }
    if let ExprKind::Ident(p) = &freed.kind {
        let with_adjoint =
            g.active.contains(p) && !g.is_param(p) && g.allocations.iter().any(|(n, _)| n == p);
        // A variable assigned other pointers (`std::swap(p, q)` in a time loop) may hold
        // another buffer once the reverse pass has restored it: the buffers it held here are
        // freed.
        let swapped = g.pointer_defs.get(p).is_some_and(|d| !d.copies.is_empty());
        match g.types.get(p).cloned() {
            Some(ty) if swapped => {
                let shadow = with_adjoint.then(|| ident(&adj_name(p)));
                (fwd, epilogue) = free_as_held(g, adj_free, p, &ty, freed, shadow);
            }
            _ if with_adjoint => {
                epilogue.push(expr_stmt(call(adj_free, vec![ident(&adj_name(p))])))
            }
            _ => {}
        }
    }
    // A buffer freed on several paths (before an early return and at the end) is freed
    // once, at the end of the gradient.
    for stmt in epilogue {
        let text = cuad_emit::print_stmt(&stmt, 0);
        if !g
            .epilogue
            .iter()
            .any(|e| cuad_emit::print_stmt(e, 0) == text)
        {
            g.epilogue.push(stmt);
        }
    }
    (fwd, vec![])
}

/// Tracks which buffer variable each pointer field of a host struct holds (`Gen::field_sources`)
/// at the assignment `l = r`: `s.f = q` (q a pointer variable), `a = b` of whole structs.
pub(crate) fn note_field_buffers(g: &mut Gen, l: &Expr, r: &Expr) {
    // `a = b;` of a whole struct: its fields hold what `b`'s hold.
    if let ExprKind::Ident(v) = &l.strip_parens().kind {
        let prefix = format!("{v}.");
        g.field_sources.retain(|k, _| !k.starts_with(&prefix));
        if let ExprKind::Ident(w) = &r.strip_parens().kind {
            let from = format!("{w}.");
            let copied: Vec<(String, String)> = g
                .field_sources
                .iter()
                .filter_map(|(k, src)| {
                    let f = k.strip_prefix(&from)?;
                    Some((format!("{prefix}{f}"), src.clone()))
                })
                .collect();
            g.field_sources.extend(copied);
        }
    }
    if let ExprKind::Member {
        base,
        field,
        arrow: false,
    } = &l.strip_parens().kind
    {
        if let ExprKind::Ident(v) = &base.strip_parens().kind {
            let key = format!("{v}.{field}");
            match &r.strip_parens().kind {
                ExprKind::Ident(src)
                    if g.types
                        .get(src)
                        .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. })) =>
                {
                    g.field_history.push((key.clone(), src.clone()));
                    g.field_sources.insert(key, src.clone());
                }
                _ => {
                    g.field_sources.remove(&key);
                }
            }
        }
    }
}

/// Memory a launched kernel writes through one of its parameters.
enum Written {
    /// A buffer variable's (`buf`, `buf + k`); `passed_whole`: the variable itself.
    Buffer { arr: String, passed_whole: bool },
    /// A pointer field of a struct given whole (`a.h`), `buffer` last assigned to it; saved
    /// and restored through the field, right in every iteration (the struct is restored in
    /// reverse).
    Field { field: String, buffer: String },
    /// A pointer field of a struct given whole (`st.x`) that holds a buffer cuad saw no
    /// assignment of: saved through the field, as far as the kernel writes it through its
    /// own field `path` (`s.x`, of type `ty`).
    Member { field: String, path: String, ty: Ty },
}

/// A free deferred to the end of the gradient that frees what `freed` (and its adjoint
/// `shadow`) hold at the free: copied to `<name>_at_free` there (forward statements), freed
/// at the end (epilogue statements).
fn free_as_held(
    g: &mut Gen,
    adj_free: &str,
    name: &str,
    ty: &Ty,
    freed: &Expr,
    shadow: Option<Expr>,
) -> (Vec<Stmt>, Vec<Stmt>) {
    let ty = ty.clone().with_const(false);
    let held = g.fresh(&format!("{name}_at_free"));
    g.held_frees.insert(held.clone(), name.to_string());
    g.held_frees.insert(adj_name(&held), adj_name(name));
    let mut pairs = vec![(held.clone(), freed.clone())];
    pairs.extend(shadow.map(|sh| (adj_name(&held), sh)));
    let (mut fwd, mut epilogue) = (vec![], vec![]);
    for (v, value) in pairs {
        g.decls
            .push(decl(ty.clone(), &v, Some(Expr::synth(ExprKind::Nullptr))));
        fwd.push(expr_stmt(assign(ident(&v), value)));
        epilogue.push(expr_stmt(call(adj_free, vec![ident(&v)])));
    }
    (fwd, epilogue)
}

/// `cudaMallocPitch(&p, &pitch, width, height)`: after it, `_d_p` gets `pitch * height` bytes
/// (zeroed), so the adjoint has the primal's row layout and kernels index both with `pitch`.
fn cuda_malloc_pitch(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let addressed = |e: &Expr| match &e.strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, x) => Some(x.strip_parens().clone()),
        ExprKind::Cast { expr, .. } => match &expr.strip_parens().kind {
            ExprKind::Unary(UnOp::AddrOf, x) => Some(x.strip_parens().clone()),
            _ => None,
        },
        _ => None,
    };
    let (Some(target), Some(pitch)) = (addressed(&args[0]), addressed(&args[1])) else {
        if g.expr_is_active(&args[0]) {
            g.error(s.span, "cuad differentiates `cudaMallocPitch(&p, &pitch, width, height)` with `p` and `pitch` variables".to_string());
        }
        return (vec![s.clone()], vec![]);
    };
    let ExprKind::Ident(p) = &target.kind else {
        return (vec![s.clone()], vec![]);
    };
    let bytes = binary(BinOp::Mul, paren(pitch), paren(args[3].clone()));
    g.allocations.push((p.clone(), bytes.clone()));
    let mut fwd = vec![s.clone()];
    if g.active.contains(p) {
        let d = ident(&adj_name(p));
        fwd.push(expr_stmt(call(
            "cudaMalloc",
            vec![addr_of(d.clone()), bytes.clone()],
        )));
        fwd.push(expr_stmt(call("cudaMemset", vec![d, int_lit(0), bytes])));
    }
    (fwd, vec![])
}

/// The adjoints of a copy's destination and source (`None`: the end has none). A derivative
/// that flows through the copy needs both: where one is missing, an error (dropping it would
/// be a silently wrong gradient) and `None`.
fn copy_end_adjoints(
    g: &mut Gen,
    dst_arg: &Expr,
    src_arg: &Expr,
    s: &Stmt,
) -> Option<(Option<Expr>, Option<Expr>)> {
    let dst = g.shadow(dst_arg).map(|x| x.0);
    let src = g.shadow(src_arg).map(|x| x.0);
    let missing = match (&dst, &src) {
        (None, Some(_)) => Some(dst_arg),
        (Some(_), None)
            if g.expr_is_active(src_arg)
                || !(is_plain_buffer(src_arg) || kept_container_data(g, src_arg)) =>
        {
            Some(src_arg)
        }
        _ => None,
    };
    if let Some(end) = missing {
        let text = cuad_emit::print_expr(end);
        let unlisted_param = crate::usage::lvalue_root(end)
            .filter(|r| g.params.iter().any(|(p, _)| p == r))
            .map(str::to_string);
        let msg = match unlisted_param {
            Some(p) => format!(
                "`{p}` receives values that depend on the differentiated parameters but has no adjoint; add `{p}` to --wrt (to the parameters of a `clad::gradient` request)"
            ),
            None => format!(
                "cuad cannot tell where the adjoint of the buffer `{text}` lives (keep device and host buffers in pointer variables of this function, or in its parameters)"
            ),
        };
        g.error(s.span, msg);
        return None;
    }
    Some((dst, src))
}

/// `cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind)`: row by row, as `cudaMemcpy`.
fn cuda_memcpy_2d(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let Some((dst, src)) = copy_end_adjoints(g, &args[0], &args[2], s) else {
        return (vec![s.clone()], vec![]);
    };
    // A buffer allocated elsewhere: `dpitch` times `height` bytes, the size that later
    // checkpoints of the whole buffer (before a launch writing it) take.
    if let ExprKind::Ident(n) = &args[0].strip_parens().kind {
        if !g.allocations.iter().any(|(m, _)| m == n) {
            let bytes = binary(BinOp::Mul, paren(args[1].clone()), paren(args[5].clone()));
            g.allocations.push((n.clone(), bytes));
        }
    }
    // `height` rows of `width` bytes, `dpitch` apart.
    let (width, height) = (paren(args[4].clone()), paren(args[5].clone()));
    let rows = binary(
        BinOp::Add,
        binary(
            BinOp::Mul,
            paren(binary(BinOp::Sub, height.clone(), int_lit(1))),
            paren(args[1].clone()),
        ),
        width,
    );
    let bytes = Expr::synth(ExprKind::Cond(
        Box::new(binary(BinOp::Gt, height, int_lit(0))),
        Box::new(rows),
        Box::new(int_lit(0)),
    ));
    let memory = destination_memory(args.get(6));
    let (mut fwd, mut rev) = overwrite_checkpoint(g, &args[0], &bytes, memory, s);
    sync_around_checkpoint(&mut fwd, args.get(7));
    fwd.push(s.clone());
    if let Some(d_dst) = dst {
        // The values' type, from the source when the destination is a byte address
        // (`(char*)d + z0 * pitch`).
        let real = [&args[0], &args[2]].into_iter().find_map(|a| {
            match g.prog.canonical(&g.type_of(a)?).kind {
                TyKind::Pointer { pointee, .. } => uniform_real(g.prog, &pointee),
                _ => None,
            }
        });
        let Some(real) = real else {
            g.error(
                s.span,
                "cuad can differentiate a 2-D copy of reals (or structs whose real fields have one type) only"
                    .to_string(),
            );
            return (fwd, rev);
        };
        g.helpers.memcpy = true;
        g.helpers.memcpy2d = true;
        let ptr = Ty::pointer_to(real);
        let cast = |e: Expr| {
            Expr::synth(ExprKind::Cast {
                kind: CastKind::Reinterpret,
                ty: ptr.clone(),
                expr: Box::new(e),
            })
        };
        let template_args = match (&src, &ptr.kind) {
            (None, TyKind::Pointer { pointee, .. }) => vec![TemplateArg::Type((**pointee).clone())],
            _ => vec![],
        };
        let d_src = src
            .map(cast)
            .unwrap_or_else(|| Expr::synth(ExprKind::Nullptr));
        rev.push(expr_stmt(Expr::synth(ExprKind::Call {
            callee: Box::new(ident("cuad_memcpy2d_pullback")),
            template_args,
            args: vec![
                cast(d_dst),
                args[1].clone(),
                d_src,
                args[3].clone(),
                args[4].clone(),
                args[5].clone(),
                args[6].clone(),
            ],
        })));
        note_reverse_reads(g, &args[..6]);
    }
    (fwd, rev)
}

/// The reverse of a runtime call reads its pointer and size arguments again: a variable
/// they use (`count * sizeof(double)`, `d + off`) that later code reassigns is saved and
/// restored for it, like a launch's arguments.
fn note_reverse_reads(g: &mut Gen, args: &[Expr]) {
    for a in args {
        if is_variable_address(a) {
            continue;
        }
        if matches!(g.type_of(a).map(|t| t.kind), Some(TyKind::Pointer { .. })) {
            g.note_pointer_value_reads(a);
        } else {
            g.note_reads(a);
        }
    }
}

/// `cudaMemcpy(dst, src, bytes, kind)`: the reverse moves dst's adjoint into src's.
fn cuda_memcpy(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    // A copy touches `bytes` of both buffers: a size to checkpoint them with when they were
    // not allocated here.
    let kind = match args.get(3).map(|k| &k.strip_parens().kind) {
        Some(ExprKind::Ident(k)) => k.as_str(),
        _ => "",
    };
    for (j, a) in args[..2].iter().enumerate() {
        if let ExprKind::Ident(n) = &a.strip_parens().kind {
            if !g.allocations.iter().any(|(m, _)| m == n) {
                g.allocations.push((n.clone(), args[2].clone()));
                // Its memory, from the copy's kind (a checkpoint copies it the same way).
                let on_host = matches!(
                    (j, kind),
                    (0, "cudaMemcpyDeviceToHost" | "cudaMemcpyHostToHost")
                        | (1, "cudaMemcpyHostToDevice" | "cudaMemcpyHostToHost")
                );
                if on_host && !g.host_buffers.contains(n) {
                    g.host_buffers.push(n.clone());
                }
            }
        }
    }
    let Some((dst, src)) = copy_end_adjoints(g, &args[0], &args[1], s) else {
        return (vec![s.clone()], vec![]);
    };
    let memory = destination_memory(args.get(3));
    let (mut fwd, mut rev) = overwrite_checkpoint(g, &args[0], &args[2], memory, s);
    sync_around_checkpoint(&mut fwd, args.get(4));
    fwd.push(s.clone());
    if let Some(d_dst) = dst {
        g.helpers.memcpy = true;
        let mut d_src = src.unwrap_or_else(|| Expr::synth(ExprKind::Nullptr));
        let mut d_dst = d_dst;
        // Buffers of structs (all fields one real type) are summed as arrays of that type,
        // whichever end of the copy is the struct (`double2*` into `double*` and back): both
        // adjoints are then cast to that type, so the pullback's element types agree.
        let pointee_of = |g: &Gen, e: &Expr| {
            g.type_of(e)
                .map(|t| g.prog.canonical(&t))
                .and_then(|t| match t.kind {
                    TyKind::Pointer { pointee, .. } => Some(*pointee),
                    _ => None,
                })
        };
        let dst_pointee = pointee_of(g, &args[0]);
        let src_pointee = if matches!(d_src.kind, ExprKind::Nullptr) {
            None
        } else {
            pointee_of(g, &args[1])
        };
        // The element type, explicit when the source has no adjoint (`nullptr` deduces none).
        let mut elem: Option<Ty> = None;
        let mut cast_both = false;
        for (k, pointee) in [(0, &dst_pointee), (1, &src_pointee)] {
            let Some(pointee) = pointee.as_ref().filter(|t| !matches!(t.kind, TyKind::Void)) else {
                continue;
            };
            let real = if is_real(pointee) {
                Some(pointee.clone().with_const(false))
            } else {
                uniform_real(g.prog, pointee)
            };
            cast_both |= real.is_some() && !is_real(pointee);
            match (real, &elem) {
                // A source of bytes or integers (a view cuad cannot split) is copied as written.
                (None, _) if k == 1 => {}
                (None, _) => {
                    g.error(
                        s.span,
                        format!(
                            "cuad can differentiate a copy of structs only when all their real fields have one real type (other fields integers): `{}` has pointer, library or mixed real fields",
                            cuad_emit::print_ty(pointee)
                        ),
                    );
                    return (fwd, rev);
                }
                (Some(r), Some(e)) if r.kind != e.kind => {
                    g.error(
                        s.span,
                        format!(
                            "cuad can differentiate a copy between buffers of one real type only (here `{}` and `{}`)",
                            cuad_emit::print_ty(e),
                            cuad_emit::print_ty(&r)
                        ),
                    );
                    return (fwd, rev);
                }
                (Some(r), None) => elem = Some(r),
                _ => {}
            }
        }
        // A byte address (`(char*)e + k * sizeof(double)`, whole elements: activity.rs) is
        // one of the elements too.
        cast_both |= [&dst_pointee, &src_pointee].into_iter().flatten().any(|t| {
            matches!(
                g.prog.canonical(t).kind,
                TyKind::Int {
                    kind: IntKind::Char,
                    ..
                }
            )
        });
        if let (true, Some(real)) = (cast_both, &elem) {
            let ptr = Ty::pointer_to(real.clone());
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
        let template_args = match (&d_src.kind, elem) {
            (ExprKind::Nullptr, Some(t)) => vec![TemplateArg::Type(t)],
            _ => vec![],
        };
        rev.push(expr_stmt(Expr::synth(ExprKind::Call {
            callee: Box::new(ident("cuad_memcpy_pullback")),
            template_args,
            args: vec![d_dst, d_src, args[2].clone(), args[3].clone()],
        })));
        note_reverse_reads(g, &args[..3]);
    }
    (fwd, rev)
}

/// `v.data()` of a local library container: no value carrying a derivative is stored
/// there (`activity::container_stores`), so it is a constant source.
fn kept_container_data(g: &Gen, e: &Expr) -> bool {
    let ExprKind::Call { callee, args, .. } = &e.strip_parens().kind else {
        return false;
    };
    let ExprKind::Member { base, field, .. } = &callee.kind else {
        return false;
    };
    matches!(&base.kind, ExprKind::Ident(v) if !g.is_param(v)
        && g.types.get(v).is_some_and(|t| cuad_sema::builtins::container_element(t).is_some()))
        && field == "data"
        && args.is_empty()
}

/// `p`, `p + k`, `(T*)p`, `&p[k]`: a buffer named by a variable.
fn is_plain_buffer(e: &Expr) -> bool {
    pointer_root(e).is_some()
}

/// The one real type every real scalar of `ty` (a struct, vector type or array, nested) has;
/// integer, `bool` and enum fields may sit beside them (`struct Obs { int cam, pt; double u,
/// v; }`): an adjoint buffer of such structs is summed as an array of that real type, and
/// since every real field is aligned to its size, the chunks that cover integer fields never
/// overlap a real field (those bytes of the adjoint are unused).
pub(crate) fn uniform_real(prog: &cuad_sema::Program, ty: &Ty) -> Option<Ty> {
    let mut found = None;
    real_scalars(prog, ty, 0, &mut found)
        .then_some(found)
        .flatten()
}

/// Records in `found` the real type of `ty`'s scalars; false when a field cannot be summed
/// that way (a pointer, a library type, a second real type).
fn real_scalars(prog: &cuad_sema::Program, ty: &Ty, depth: u32, found: &mut Option<Ty>) -> bool {
    let ty = prog.canonical(ty);
    if is_real(&ty) {
        let r = ty.with_const(false);
        if found.as_ref().is_some_and(|f| f.kind != r.kind) {
            return false;
        }
        *found = Some(r);
        return true;
    }
    if depth > 8 {
        return false;
    }
    match &ty.kind {
        TyKind::Int { .. } | TyKind::Bool => true,
        TyKind::Named { name, .. } if prog.enum_def(name).is_some() => true,
        TyKind::Array { elem, .. } => real_scalars(prog, elem, depth + 1, found),
        TyKind::Named { .. } => {
            let fields = prog.fields(&ty);
            !fields.is_empty()
                && fields
                    .iter()
                    .all(|(_, fty)| real_scalars(prog, fty, depth + 1, found))
        }
        _ => false,
    }
}

/// `cudaMemset(p, v, bytes)` overwrites `p`'s buffer like a kernel storing into it: the old
/// contents, when reverse code reads them (a later `+=` kernel's input, an earlier launch's
/// gradient), are checkpointed and restored at its reverse point, where `p`'s adjoint is
/// zeroed (the values it had no longer reach the output).
fn cuda_memset(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let (mut fwd, mut rev) = overwrite_checkpoint(g, &args[0], &args[2], Memory::Device, s);
    sync_around_checkpoint(&mut fwd, args.get(3));
    fwd.push(s.clone());
    if let Some((sh, _, _)) = g.shadow(&args[0]) {
        rev.push(expr_stmt(call(
            "cudaMemset",
            vec![sh, int_lit(0), args[2].clone()],
        )));
        note_reverse_reads(g, &[args[0].clone(), args[2].clone()]);
    }
    (fwd, rev)
}

/// Pointer fields of local structs that name one buffer for the whole function: assigned once
/// (`b.out = d_out;`), outside loops, from a buffer variable never reassigned or swapped,
/// the struct used only through its fields (never whole, so nothing else can repoint them).
pub(crate) fn stable_field_buffers(body: &[Stmt]) -> std::collections::HashMap<String, String> {
    use std::collections::{HashMap, HashSet};
    let mut sources: HashMap<String, String> = HashMap::new();
    let mut assignments: HashMap<String, usize> = HashMap::new();
    let mut reassigned: HashSet<String> = HashSet::new();
    let mut uses: HashMap<String, (usize, usize)> = HashMap::new();
    // Fields assigned inside a loop may be repointed between iterations.
    let mut in_loops: HashSet<String> = HashSet::new();
    for s in body {
        s.visit(&mut |l| {
            if matches!(
                l.kind,
                StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
            ) {
                crate::usage::visit_stmt_exprs(l, &mut |e| {
                    crate::usage::walk_expr(e, &mut |x| {
                        if let ExprKind::Assign(_, lhs, _) = &x.kind {
                            in_loops.insert(cuad_emit::print_expr(lhs.strip_parens()));
                        }
                    })
                });
            }
        });
    }
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(op, l, r) => {
                    let l = l.strip_parens();
                    match &l.kind {
                        ExprKind::Member { .. } => {
                            let text = cuad_emit::print_expr(l);
                            *assignments.entry(text.clone()).or_default() += 1;
                            if let (None, ExprKind::Ident(v)) = (op, &r.strip_parens().kind) {
                                sources.insert(text, v.clone());
                            }
                        }
                        ExprKind::Ident(v) => {
                            reassigned.insert(v.clone());
                        }
                        _ => {}
                    }
                }
                ExprKind::Call { callee, args, .. } if matches!(&callee.kind, ExprKind::Ident(n) if n.ends_with("swap")) => {
                    for a in args {
                        if let Some(root) = crate::usage::lvalue_root(a) {
                            reassigned.insert(root.to_string());
                        }
                    }
                }
                ExprKind::Ident(n) => uses.entry(n.clone()).or_default().0 += 1,
                ExprKind::Member { base, .. } => {
                    if let ExprKind::Ident(n) = &base.strip_parens().kind {
                        uses.entry(n.clone()).or_default().1 += 1;
                    }
                }
                _ => {}
            })
        });
    }
    sources
        .into_iter()
        .filter(|(field, v)| {
            let root = field.split(['.', '-']).next().unwrap_or_default();
            let only_fields = uses.get(root).is_some_and(|(all, as_base)| all == as_base);
            !in_loops.contains(field)
                && assignments.get(field) == Some(&1)
                && !reassigned.contains(v)
                && only_fields
        })
        .collect()
}

/// Places a checkpoint's reverse statements `r` (restore copies, then the free) around the
/// reverse of the statement that overwrote the buffer: the restores before it, last saved
/// first restored (in a loop the copies pop off one tape); after it, with `copy_back`, the
/// saved contents copied back again for the reverse of earlier statements (the reverse re-ran
/// the overwrite), then the free.
fn place_restore(mut r: Vec<Stmt>, copy_back: bool, before: &mut Vec<Stmt>, after: &mut Vec<Stmt>) {
    let free = r.pop();
    if copy_back {
        after.extend(r.last().cloned());
    }
    after.extend(free);
    before.splice(0..0, r);
}

/// A call of a host helper that may write device buffers through its non-const pointer
/// parameters (kernels it launches): each such buffer whose old contents reverse code reads is
/// checkpointed, as for a launch. With `active`, the call's own pullback is such reverse code:
/// it re-runs the helper from the buffers it reads (an update in place), so they are saved
/// too. Returns the saves (before the call), the restores (before
/// its pullback, which re-runs the helper on the buffers as they were) and what follows the
/// pullback (the saved contents copied back again for earlier statements' reverse, then freed),
/// and the buffers that need saving but cannot be (size unknown).
pub(crate) fn checkpoint_helper_buffers(
    g: &mut Gen,
    name: &str,
    args: &[Expr],
    active: bool,
) -> (Vec<Stmt>, Vec<Stmt>, Vec<Stmt>, Vec<String>) {
    let (mut saves, mut restores, mut after) = (Vec::new(), Vec::new(), Vec::new());
    let mut unsaved = Vec::new();
    let helper = g
        .prog
        .functions(name)
        .into_iter()
        .find(|f| f.body.is_some() && f.params.len() == args.len());
    let Some(helper) = helper.filter(|f| !(f.attrs.device || f.attrs.global)) else {
        return (saves, restores, after, unsaved);
    };
    let access = crate::access::param_access(g.prog, helper);
    for ((p, a), access) in helper.params.iter().zip(args).zip(access) {
        let writable = matches!(&g.prog.canonical(&p.ty).kind,
            TyKind::Pointer { pointee, .. } if !pointee.is_const_object());
        let Some(arr) = pointer_root(a.strip_parens()).filter(|_| writable) else {
            continue;
        };
        if active && access.is_some_and(|x| x.reads && x.writes) {
            g.note_reads(a);
        }
        if !g.needs_checkpoint(&arr) {
            continue;
        }
        let ty = g.types.get(&arr).cloned();
        let saved = match &ty {
            Some(ty) if !g.is_param(&arr) => checkpoint(g, &arr, ty),
            _ => None,
        };
        // A buffer allocated elsewhere (the caller's), passed whole: saved as far as the
        // helper's launches write it.
        let passed_whole = matches!(&a.strip_parens().kind, ExprKind::Ident(n) if *n == arr);
        let saved = saved.or_else(|| {
            let ty = ty.as_ref()?;
            let TyKind::Pointer { pointee, .. } = &ty.kind else {
                return None;
            };
            let (count, memory) = passed_whole
                .then(|| helper_extent(g.prog, helper, p.name.as_deref()?, args))
                .flatten()?;
            let elem = Expr::synth(ExprKind::SizeofType((**pointee).clone().with_const(false)));
            checkpoint_bytes(g, &ident(&arr), ty, binary(BinOp::Mul, count, elem), memory)
        });
        match saved {
            Some((f, r)) => {
                saves.extend(f);
                place_restore(r, true, &mut restores, &mut after);
            }
            None => unsaved.push(arr),
        }
    }
    (saves, restores, after, unsaved)
}

/// How many elements host helper `helper` writes through its pointer parameter `param` when
/// called with `args`: the largest [`crate::write_extent::launch_extent`] of the helper's
/// launches that write through it, and of its `cudaMemcpy`s into it, over the call's
/// arguments; and where the array lives (a copy's destination may be host memory). The helper's constants
/// (`const int blocks = (n + 63) / 64;`) are written out. `None` when the helper uses `param`
/// other than as a whole launch argument, when an extent is unknown, or when it needs a
/// helper variable that is not a constant.
fn helper_extent(
    prog: &Program,
    helper: &Function,
    param: &str,
    args: &[Expr],
) -> Option<(Expr, Memory)> {
    let body = helper.body.as_deref()?;
    let mut declared = crate::usage::Names::new();
    body.iter()
        .for_each(|s| crate::normalize::declared_names(s, &mut declared));
    let mut reassigned = crate::usage::Names::new();
    body.iter().for_each(|s| {
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::var_writes(e, &mut reassigned))
    });
    if declared.contains(param) || reassigned.contains(param) {
        return None;
    }
    // Top-level locals that keep their initializer.
    let mut constants: Vec<(String, Expr)> = Vec::new();
    for s in body {
        if let StmtKind::Decl(d) = &s.kind {
            for v in &d.vars {
                if let (Some(Init::Assign(e)), false) = (&v.init, reassigned.contains(&v.name)) {
                    constants.push((v.name.clone(), e.clone()));
                }
            }
        }
    }
    let is_param = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == param);
    // The array's element type, for copies counted in bytes.
    let element = helper
        .params
        .iter()
        .find(|p| p.name.as_deref() == Some(param))
        .and_then(|p| match prog.canonical(&p.ty).kind {
            TyKind::Pointer { pointee, .. } if !matches!(pointee.kind, TyKind::Void) => {
                Some(pointee.with_const(false))
            }
            _ => None,
        });
    let (mut uses, mut launch_uses) = (0, 0);
    let mut copied_into = false;
    let mut extents: Vec<Expr> = Vec::new();
    let mut unknown = false;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Ident(n) if n == param => uses += 1,
                ExprKind::Launch {
                    kernel,
                    template_args,
                    config,
                    args: kargs,
                } => {
                    for (j, _) in kargs.iter().enumerate().filter(|(_, a)| is_param(a)) {
                        launch_uses += 1;
                        let kfun = match &kernel.kind {
                            ExprKind::Ident(k) if template_args.is_empty() => {
                                match prog.functions(k).as_slice() {
                                    [f] if f.attrs.global => Some(*f),
                                    _ => None,
                                }
                            }
                            _ => None,
                        };
                        let Some(kfun) = kfun else {
                            unknown = true;
                            continue;
                        };
                        let Some(kparam) = kfun.params.get(j).and_then(|p| p.name.as_deref())
                        else {
                            unknown = true;
                            continue;
                        };
                        let kbody = kfun.body.as_deref().unwrap_or_default();
                        if !kernel_written(prog, kbody, &pointer_locals(kbody)).contains(kparam) {
                            continue;
                        }
                        match crate::write_extent::launch_extent(
                            prog, kfun, kparam, &config[0], kargs,
                        ) {
                            Some(x) => extents.push(x),
                            None => unknown = true,
                        }
                    }
                }
                // A copy into the array (`cudaMemcpy(x, d_x, bytes, ...)`, a worker's
                // download) writes `bytes / sizeof(T)` elements; a copy out of it only reads.
                ExprKind::Call {
                    callee,
                    args: cargs,
                    ..
                } if matches!(&callee.kind, ExprKind::Ident(c)
                        if matches!(c.as_str(), "cudaMemcpy" | "cudaMemcpyAsync"))
                    && cargs.len() >= 3 =>
                {
                    if is_param(&cargs[1]) {
                        launch_uses += 1;
                    }
                    if is_param(&cargs[0]) {
                        launch_uses += 1;
                        copied_into = true;
                        match &element {
                            Some(t) => extents.push(binary(
                                BinOp::Div,
                                paren(cargs[2].clone()),
                                Expr::synth(ExprKind::SizeofType(t.clone())),
                            )),
                            None => unknown = true,
                        }
                    }
                }
                _ => {}
            })
        });
    }
    if unknown || uses != launch_uses || extents.is_empty() {
        return None;
    }
    let mut extent = extents
        .into_iter()
        .reduce(crate::write_extent::max_extent)?;
    // Constants first (they may name each other), then the parameters.
    for _ in 0..8 {
        let mut changed = false;
        crate::methods::map_expr(&mut extent, &mut |e| {
            if let ExprKind::Ident(n) = &e.kind {
                if let Some((_, init)) = constants.iter().find(|(c, _)| c == n) {
                    *e = paren(init.clone());
                    changed = true;
                }
            }
        });
        if !changed {
            break;
        }
    }
    let params: Vec<&str> = helper
        .params
        .iter()
        .filter_map(|p| p.name.as_deref())
        .collect();
    let mut local = false;
    crate::usage::walk_expr(&extent, &mut |e| {
        if let ExprKind::Ident(n) = &e.kind {
            local |= declared.contains(n) && !params.contains(&n.as_str());
        }
    });
    if local || helper.params.len() != args.len() {
        return None;
    }
    crate::write_extent::bind_params(&mut extent, &helper.params, args);
    let memory = if copied_into {
        Memory::Either
    } else {
        Memory::Device
    };
    Some((extent, memory))
}

/// A runtime call that overwrites `bytes` bytes at `dst` (`buf`, `buf + k`, `&buf[k]`) of a
/// buffer whose old contents reverse code reads first copies that region aside, restored at
/// the call's reverse. The region, not the whole buffer: a buffer of the caller's (a host array
/// the copy writes back into) has no size here, and a loop writing one slice per iteration
/// needs only that slice saved.
fn overwrite_checkpoint(
    g: &mut Gen,
    dst: &Expr,
    bytes: &Expr,
    memory: Memory,
    s: &Stmt,
) -> (Vec<Stmt>, Vec<Stmt>) {
    let Some(name) = pointer_root(dst.strip_parens()) else {
        return (vec![], vec![]);
    };
    if !g.needs_checkpoint(&name) {
        return (vec![], vec![]);
    }
    let ty = match g.type_of(dst).map(|t| g.prog.canonical(&t)) {
        Some(Ty {
            kind: TyKind::Array { elem, .. },
            ..
        }) => Some(Ty::pointer_to(*elem)),
        t => t,
    };
    match ty.and_then(|ty| checkpoint_bytes(g, dst, &ty, bytes.clone(), memory)) {
        Some(saved) => {
            note_reverse_reads(g, &[dst.clone(), bytes.clone()]);
            saved
        }
        None => {
            g.error(
                s.span,
                format!("cuad needs the old contents of `{name}` here and cannot save them (the destination is not a pointer to data)"),
            );
            (vec![], vec![])
        }
    }
}

/// The memory a `cudaMemcpy` of kind `kind` writes.
fn destination_memory(kind: Option<&Expr>) -> Memory {
    match kind.map(|k| &k.strip_parens().kind) {
        Some(ExprKind::Ident(k))
            if k == "cudaMemcpyDeviceToHost" || k == "cudaMemcpyHostToHost" =>
        {
            Memory::Host
        }
        Some(ExprKind::Ident(k))
            if k == "cudaMemcpyHostToDevice" || k == "cudaMemcpyDeviceToDevice" =>
        {
            Memory::Device
        }
        _ => Memory::Either,
    }
}

/// `s.p = q` (or `s->p = q`) in a host function, `s` carrying derivatives and `p` a pointer
/// field: the adjoint's field takes q's shadow (`_d_s.p = _d_q`), so a kernel given `s` by
/// value reaches the adjoint buffers through its struct adjoint. Returns the adjoint's field
/// and the statement setting it. A pointer to reals without a shadow is an error: a kernel's
/// gradient would add through a null field.
pub(crate) fn mirror_pointer_field(
    g: &mut Gen,
    op: AssignOp,
    l: &Expr,
    r: &Expr,
) -> Option<(Expr, Stmt)> {
    if g.mode != crate::reverse::Mode::Host || op.is_some() {
        return None;
    }
    let l = l.strip_parens();
    let ExprKind::Member { base, field, arrow } = &l.kind else {
        return None;
    };
    let root = crate::usage::lvalue_root(l)?.to_string();
    if !g.active.contains(&root) {
        return None;
    }
    let pointee = match g.type_of(l).map(|t| g.prog.canonical(&t).kind) {
        Some(TyKind::Pointer { pointee, .. }) => *pointee,
        _ => return None,
    };
    // The caller's adjoint of a parameter is the caller's: cuad does not repoint it.
    if g.is_param(&root) && crate::activity::is_differentiable(g.prog, &pointee) {
        g.error(
            l.span,
            format!(
                "cuad cannot follow a buffer stored into `{}`, a field of a parameter (its adjoint belongs to the caller); copy the struct into a local first",
                cuad_emit::print_expr(l)
            ),
        );
        return None;
    }
    let shadow_base = if *arrow {
        g.shadow(base)?.0
    } else {
        g.adj_place(base)?.lvalue
    };
    let shadow_field = member(shadow_base, field, *arrow);
    let value = match g.shadow(r) {
        Some((sh, _, _)) => sh,
        None if is_null_pointer(r) => Expr::synth(ExprKind::Nullptr),
        None if !crate::activity::is_differentiable(g.prog, &pointee) => return None,
        None => {
            g.error(
                r.span,
                format!(
                    "`{}` is given `{}`, which carries no derivative, in a struct that carries derivatives: a kernel given the struct would add into an adjoint buffer that does not exist; add its source to --wrt, or pass it to the kernel as a separate parameter",
                    cuad_emit::print_expr(l),
                    cuad_emit::print_expr(r)
                ),
            );
            return None;
        }
    };
    g.mirrored_fields.insert(cuad_emit::print_expr(l));
    Some((shadow_field.clone(), expr_stmt(assign(shadow_field, value))))
}

/// `nullptr`, `NULL` or `0`.
fn is_null_pointer(e: &Expr) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Nullptr => true,
        ExprKind::IntLit(v) => v == "0",
        ExprKind::Ident(n) => n == "NULL" || n == "__null",
        ExprKind::Cast { expr, .. } => is_null_pointer(expr),
        _ => false,
    }
}

/// `n = w` between structs of buffers, their adjoints moved along (`_d_n = _d_w`): the
/// pointer fields of `n`'s adjoint are set wherever `w`'s are (all of them for a parameter,
/// whose adjoint the caller set), as when a helper taking a state by value is inlined
/// (`State fill_q = q;`).
pub(crate) fn inherit_mirrored_fields(g: &mut Gen, n: &str, w: &str) {
    let inherited: Vec<String> = if g.is_param(w) {
        let Some(ty) = g.types.get(w).cloned() else {
            return;
        };
        let mut paths = Vec::new();
        // A field cuad cannot copy is reported at the launch.
        let _ = pointer_field_paths(g.prog, &ty, &mut vec![], 0, &mut paths);
        paths
            .into_iter()
            .map(|(path, _)| format!("{n}.{}", path.join(".")))
            .collect()
    } else {
        let prefix = format!("{w}.");
        g.mirrored_fields
            .iter()
            .filter_map(|f| f.strip_prefix(&prefix).map(|rest| format!("{n}.{rest}")))
            .collect()
    };
    g.mirrored_fields.extend(inherited);
}

/// The struct adjoint a kernel's gradient gets for the struct `a` passed by value (`buf`,
/// zeroed device memory): its pointer fields must point to the adjoint buffers, as the host's
/// adjoint of `a` has them (`a.v = d_v` set `_d_a.v = _d_d_v`), so each is copied in; its
/// real fields start at zero. A pointer to reals whose adjoint cuad did not set is an error.
fn struct_adjoint_pointers(g: &mut Gen, a: &Expr, ty: &Ty, buf: &str, s: &Stmt) -> Vec<Stmt> {
    let mut paths = Vec::new();
    if let Err(field) = pointer_field_paths(g.prog, ty, &mut vec![], 0, &mut paths) {
        g.error(
            a.span,
            format!(
                "cuad cannot pass the adjoint of `{}` to the kernel: its field `{field}` holds structs with pointers (keep pointers in plain or nested struct fields)",
                cuad_emit::print_expr(a)
            ),
        );
        return vec![];
    }
    let Some(place) = g.adj_place(a) else {
        g.error(
            a.span,
            format!(
                "cuad cannot tell where the adjoint of `{}` lives, whose pointer fields the kernel's gradient needs: pass a local variable or a parameter",
                cuad_emit::print_expr(a)
            ),
        );
        return vec![];
    };
    // The caller's adjoint of a parameter carries its buffers (the gradient's contract).
    let from_caller = crate::usage::lvalue_root(a).is_some_and(|root| g.is_param(root));
    let mut copies = Vec::new();
    for (path, reals) in paths {
        let field_of = |base: Expr, arrow: bool| {
            path.iter()
                .enumerate()
                .fold(base, |e, (k, f)| member(e, f, arrow && k == 0))
        };
        let primal = cuad_emit::print_expr(&field_of(a.clone(), false));
        if reals && !from_caller && !g.mirrored_fields.contains(&primal) {
            g.error(
                s.span,
                format!(
                    "the kernel's gradient may add through the adjoint of `{primal}`, which cuad did not set: assign the field from a buffer variable of this function (`{primal} = d_buf;`) before the launch"
                ),
            );
            continue;
        }
        let shadow = field_of(place.lvalue.clone(), false);
        copies.push(expr_stmt(call(
            "cudaMemcpy",
            vec![
                addr_of(field_of(ident(buf), true)),
                addr_of(shadow.clone()),
                Expr::synth(ExprKind::SizeofExpr(Box::new(shadow))),
                ident("cudaMemcpyHostToDevice"),
            ],
        )));
    }
    copies
}

/// The field paths of struct `ty` that hold pointers (or arrays of pointers), nested structs
/// followed, each with whether it leads to reals (a kernel's gradient may add through it).
/// `Err(field)`: an array of structs holding pointers, which cuad does not copy field by field.
fn pointer_field_paths(
    prog: &cuad_sema::Program,
    ty: &Ty,
    prefix: &mut Vec<String>,
    depth: u32,
    out: &mut Vec<(Vec<String>, bool)>,
) -> Result<(), String> {
    for (name, fty) in prog.fields(&prog.canonical(ty)) {
        let fty = prog.canonical(&fty);
        if !may_hold_pointer(prog, &fty, 0) {
            continue;
        }
        prefix.push(name.clone());
        match &fty.kind {
            TyKind::Named { .. } if depth < 8 => {
                pointer_field_paths(prog, &fty, prefix, depth + 1, out)?
            }
            TyKind::Array { elem, .. }
                if !matches!(prog.canonical(elem).kind, TyKind::Pointer { .. }) =>
            {
                return Err(prefix.join("."));
            }
            _ => out.push((
                prefix.clone(),
                crate::activity::is_differentiable(prog, &fty),
            )),
        }
        prefix.pop();
    }
    Ok(())
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
    let (kname, primary, instance) = match resolve_kernel(g, kernel, template_args) {
        Ok(found) => found,
        Err(msg) => {
            g.error(s.span, msg);
            return (vec![s.clone()], vec![]);
        }
    };
    // Dynamic parallelism: a child grid finishes only after its parent, so the parent's reverse
    // would read adjoints the child's gradient has not written yet.
    if g.mode != crate::reverse::Mode::Host {
        if let Some(a) = args
            .iter()
            .find(|a| g.expr_is_active(a) || g.shadow(a).is_some())
        {
            g.error(
                a.span,
                format!("cuad cannot differentiate a kernel launch from device code (dynamic parallelism) with arguments that carry derivatives: `{}`; launch `{kname}` from a host function instead", cuad_emit::print_expr(a)),
            );
            return (vec![s.clone()], vec![]);
        }
    }
    let primary = &primary;
    let kfun = instance.as_ref().unwrap_or(primary);
    // Spelled so that they mean the same in the host function (`ns::Coef` for a kernel of
    // `namespace ns` taking a `Coef`): the gradient declares adjoints of these types.
    let kernel_ns = crate::namespace_path(g.prog, kfun);
    let param_tys: Vec<Ty> = kfun
        .params
        .iter()
        .map(|p| crate::qualify_ty(g.prog, &g.prog.canonical(&p.ty), &kernel_ns))
        .collect();
    let wrt = launch_wrt(g, &param_tys, args);
    // Active symbols the kernel reads: its gradient is the variant adding into them.
    let symbols = crate::symbols::read_symbols(g.prog, &g.symbols, kfun);
    if !symbols.is_empty() {
        crate::symbols::check_launch(g, kfun, s.span);
    }
    let mut adj_args = Vec::new();
    let mut pre = Vec::new();
    let mut post = Vec::new();
    for &j in &wrt {
        let (a, pty) = (&args[j], &param_tys[j]);
        if is_null_pointer(a) {
            adj_args.push(Expr::synth(ExprKind::Nullptr));
        } else if let Some((sh, _, _)) = g
            .shadow(a)
            .filter(|_| matches!(pty.kind, TyKind::Pointer { .. }))
        {
            adj_args.push(sh);
        } else {
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
            if may_hold_pointer(g.prog, pty, 0) {
                pre.extend(struct_adjoint_pointers(g, a, pty, &buf, s));
            }
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
    // A kernel writing a symbol that carries derivatives overwrites them even when nothing it
    // reads does: its gradient clears the symbol's adjoint there.
    let writes_symbol = !crate::symbols::launch_writes(g.prog, kfun, &g.written_symbols).is_empty();
    // A launch carrying no derivative (an index or cell list rebuilt each step) has no
    // gradient, but reverse code before it may read what it overwrites.
    if wrt.is_empty() && !writes_symbol {
        let (mut fwd, restore, release) =
            checkpoint_launch_writes(g, &kname, kfun, false, args, config, s);
        if !fwd.is_empty() && explicit_stream(config) {
            fwd.insert(0, expr_stmt(call("cudaDeviceSynchronize", vec![])));
            fwd.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
        }
        fwd.push(s.clone());
        let mut rev = restore;
        rev.extend(release);
        return (fwd, rev);
    }
    let grad_template = crate::symbols::kernel_grad_name(g.prog, kfun, &wrt, &symbols);
    // The gather pass reads some adjoints while adding into others: they must be distinct.
    // It re-runs each thread's body for its neighbours, so it would add a symbol's adjoint
    // several times: a variant for symbols is never split.
    let adj_texts: Vec<String> = adj_args.iter().map(cuad_emit::print_expr).collect();
    let distinct = adj_texts
        .iter()
        .enumerate()
        .all(|(k, a)| !adj_texts[..k].contains(a));
    let split = if distinct && symbols.is_empty() {
        gather_kernels(g, kfun, instance.is_some(), &grad_template, &wrt)
    } else {
        None
    };
    let (pointer_only, reads_memory, field_reads) =
        pointer_only_args(g, kfun, &param_tys, &grad_template, &wrt, &symbols, args);
    g.launch_grads_read_memory |= reads_memory;
    g.reads_so_far.extend(field_reads);
    // The gradient reads its array arguments as they were before this launch: those whose
    // contents it reads must not change before it runs (checkpoints); of the others it only
    // needs the pointer value.
    for (a, only_pointer) in args.iter().zip(&pointer_only) {
        if *only_pointer {
            g.note_pointer_value_reads(a);
        } else {
            g.note_reads(a);
        }
    }
    // The gradient's launch repeats the configuration (`(total + 63) / 64` blocks).
    for c in config {
        g.note_reads(c);
    }
    let (mut fwd, restore, release) =
        checkpoint_launch_writes(g, &kname, kfun, true, args, config, s);
    // On a stream of the user's (possibly non-blocking), cuad's own copies on the legacy
    // default stream are not ordered with the launches: synchronize around them, and finish
    // each reverse launch before the next (the reverse of cross-stream event waits).
    let on_stream = explicit_stream(config);
    if on_stream && !fwd.is_empty() {
        fwd.insert(0, expr_stmt(call("cudaDeviceSynchronize", vec![])));
        fwd.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
    }
    fwd.push(s.clone());
    let sync_after = g.managed_memory || on_stream;
    if on_stream && !(restore.is_empty() && pre.is_empty()) {
        pre.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
    }
    if let Some(mut split) = split {
        let mut launch_args = args.to_vec();
        launch_args.extend(adj_args);
        let mut rev = restore;
        let config = gradient_config(g.prog, kfun, config);
        let fusable = pre.is_empty() && !g.managed_memory && config.len() == 2;
        rev.extend(pre);
        match split.zero_gather.take().filter(|_| fusable) {
            Some(fused) => {
                rev.push(deferred_zero_site(g, &split, &fused, &config, &launch_args));
                g.extra_kernels.push(fused.function);
            }
            None => {
                for k in [&split.gather, &split.zero] {
                    let l = Expr::synth(ExprKind::Launch {
                        kernel: Box::new(ident(&k.name)),
                        template_args: vec![],
                        config: config.clone(),
                        args: launch_args.clone(),
                    });
                    if config.len() >= 3 {
                        rev.extend(opt_in_dynamic_shared(&l));
                    }
                    rev.push(expr_stmt(l));
                }
            }
        }
        if sync_after {
            rev.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
        }
        rev.extend(release);
        rev.extend(post);
        g.extra_kernels.push(split.gather);
        g.extra_kernels.push(split.zero);
        // The one-kernel gradient stays in the output: code may launch it directly.
        g.kernel_grads.push(crate::reverse::KernelGradReq {
            kernel: kfun.clone(),
            primary: None,
            template_args: vec![],
            wrt,
            symbols: vec![],
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
        symbols,
    });
    let mut launch_args = args.to_vec();
    launch_args.extend(adj_args);
    let mut rev = restore;
    rev.extend(pre);
    let grad_launch = Expr::synth(ExprKind::Launch {
        kernel: Box::new(ident(&grad)),
        template_args: template_args.to_vec(),
        config: gradient_config(g.prog, kfun, config),
        args: launch_args,
    });
    if config.len() >= 3 && gradient_config(g.prog, kfun, config)[2] != config[2] {
        rev.extend(opt_in_dynamic_shared(&grad_launch));
    }
    rev.push(expr_stmt(grad_launch));
    if sync_after {
        rev.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
    }
    rev.extend(release);
    rev.extend(post);
    (fwd, rev)
}

/// Checkpoints for the buffers launch `s` of `kfun` writes that reverse code before it reads:
/// the saves (forward), the restores (before the launch's reverse point) and what follows them
/// (with `rerun`, the launch's gradient re-runs the kernel's stores, so the saved contents of a
/// buffer it reads back are copied back again after it; then the frees).
fn checkpoint_launch_writes(
    g: &mut Gen,
    kname: &str,
    kfun: &Function,
    rerun: bool,
    args: &[Expr],
    config: &[Expr],
    s: &Stmt,
) -> (Vec<Stmt>, Vec<Stmt>, Vec<Stmt>) {
    let param_tys: Vec<Ty> = kfun
        .params
        .iter()
        .map(|p| g.prog.canonical(&p.ty))
        .collect();
    let body = kfun.body.as_deref().unwrap_or_default();
    let aliases = pointer_locals(body);
    // Which kernel parameters the kernel writes through (their arrays change).
    let written = kernel_written(g.prog, body, &aliases);
    // Buffers also reached through pointer locals may be read back through them.
    let mut write_only = crate::usage::write_only_names(body);
    write_only.retain(|n| !aliases.iter().any(|(_, root)| root == n));
    // A store whose value has effects stays in the gradient kernel, which then overwrites the
    // restored contents: those are copied back again after it.
    write_only.retain(|n| !crate::effects::gradient_repeats_stores(g.prog, body, n));
    let (mut fwd, mut restore, mut release) = (Vec::new(), Vec::new(), Vec::new());
    // What the kernel writes, by parameter index.
    let mut targets: Vec<(Written, usize)> = Vec::new();
    for (j, a) in args.iter().enumerate() {
        let Some(pname) = kfun.params.get(j).and_then(|p| p.name.as_deref()) else {
            continue;
        };
        if !written.contains(pname) {
            continue;
        }
        // A struct of buffers given whole (`View b{q}`): the kernel writes through its
        // pointer fields, so into the buffers last assigned to them.
        if let (TyKind::Named { .. }, ExprKind::Ident(v)) =
            (&param_tys[j].kind, &a.strip_parens().kind)
        {
            let prefix = format!("{v}.");
            let mut fields: Vec<(String, String)> = g
                .field_sources
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, src)| (k.clone(), src.clone()))
                .collect();
            fields.sort();
            // The field is saved and restored through itself (`a.h`, right in every
            // iteration: the struct is restored in reverse), sized by its buffer.
            g.note_reads(&ident(v));
            // Fields holding buffers cuad did not see assigned (the caller's, in a struct
            // parameter): saved as far as the kernel writes them.
            for (f, fty) in g.prog.fields(&param_tys[j]) {
                let field = format!("{v}.{f}");
                let path = format!("{pname}.{f}");
                let unseen = !fields.iter().any(|(k, _)| *k == field);
                if unseen
                    && matches!(g.prog.canonical(&fty).kind, TyKind::Pointer { .. })
                    && !crate::write_extent::never_written(g.prog, kfun, &path)
                {
                    targets.push((
                        Written::Member {
                            field,
                            path,
                            ty: fty,
                        },
                        j,
                    ));
                }
            }
            for (field, buffer) in fields {
                targets.push((Written::Field { field, buffer }, j));
            }
            continue;
        }
        // A null pointer for an optional output (`if (copy != nullptr) copy[i] = r;`): the
        // kernel cannot write through it.
        if !matches!(param_tys[j].kind, TyKind::Pointer { .. }) || is_null_pointer(a) {
            continue;
        }
        // `buf` or `buf + offset`: the whole buffer is checkpointed.
        let field = field_root(a).map(cuad_emit::print_expr);
        let field_buffer = || field.as_ref().and_then(|f| g.field_buffers.get(f)).cloned();
        let arr = pointer_root(a).or_else(field_buffer);
        // A pointer field (`r.h`, `q.h + 1`) holding the buffer last assigned to it: saved and
        // restored through the field, as for a struct given whole.
        if let (None, Some(field)) = (&arr, &field) {
            if let Some(buffer) = g.field_sources.get(field).cloned() {
                g.note_reads(&ident(lvalue_root_of(field)));
                targets.push((
                    Written::Field {
                        field: field.clone(),
                        buffer,
                    },
                    j,
                ));
                continue;
            }
        }
        let Some(arr) = arr else {
            g.error(
                s.span,
                format!(
                    "kernel `{kname}` writes through `{}`, which cuad cannot trace to a buffer",
                    cuad_emit::print_expr(a)
                ),
            );
            continue;
        };
        let passed_whole = matches!(&a.strip_parens().kind, ExprKind::Ident(n) if *n == arr);
        targets.push((Written::Buffer { arr, passed_whole }, j));
    }
    for (written, j) in targets {
        let pname = kfun.params[j].name.as_deref().unwrap_or_default();
        let (saved, unknown_size) = match written {
            Written::Field { field, buffer } => {
                if !g.needs_checkpoint(&buffer) {
                    continue;
                }
                let saved = g.types.get(&buffer).cloned().and_then(|ty| {
                    let (bytes, on_host) = field_buffer_bytes(g, &field, &buffer)?;
                    checkpoint_bytes(g, &ident(&field), &ty, bytes, Memory::of(on_host))
                });
                (saved, format!("kernel `{kname}` overwrites the buffer of `{field}`, which the reverse pass needs, and cuad does not know its size (the buffers assigned to `{field}` must be allocated here with one size)"))
            }
            Written::Member { field, path, ty } => {
                if !g.needs_checkpoint(&field) {
                    continue;
                }
                let at = ident(&field);
                let ty = g.prog.canonical(&ty);
                let saved = match &ty.kind {
                    TyKind::Pointer { pointee, .. } => {
                        crate::write_extent::launch_extent(g.prog, kfun, &path, &config[0], args)
                            .and_then(|count| {
                                let elem = Expr::synth(ExprKind::SizeofType(
                                    (**pointee).clone().with_const(false),
                                ));
                                let bytes = binary(BinOp::Mul, count, elem);
                                note_reverse_reads(g, &[at.clone(), bytes.clone()]);
                                checkpoint_bytes(g, &at, &ty, bytes, Memory::Device)
                            })
                    }
                    _ => None,
                };
                (saved, format!("kernel `{kname}` overwrites the buffer of `{field}`, which the reverse pass needs, and cuad cannot tell how far (guard its stores with `if (i < n)` on values the launch passes)"))
            }
            Written::Buffer { arr, passed_whole } => {
                if !g.needs_checkpoint(&arr) {
                    continue;
                }
                let arr_ty = g
                    .types
                    .get(&arr)
                    .cloned()
                    .unwrap_or_else(|| param_tys[j].clone());
                // A buffer allocated elsewhere (the caller's) is saved as far as the kernel
                // writes it.
                let saved = checkpoint(g, &arr, &arr_ty).or_else(|| {
                    let TyKind::Pointer { pointee, .. } = &arr_ty.kind else {
                        return None;
                    };
                    let count = passed_whole
                        .then(|| {
                            crate::write_extent::launch_extent(
                                g.prog, kfun, pname, &config[0], args,
                            )
                        })
                        .flatten()?;
                    let elem =
                        Expr::synth(ExprKind::SizeofType((**pointee).clone().with_const(false)));
                    let bytes = binary(BinOp::Mul, count, elem);
                    checkpoint_bytes(g, &ident(&arr), &arr_ty, bytes, Memory::Device)
                });
                (saved, format!("kernel `{kname}` overwrites `{arr}`, which the reverse pass needs, and cuad does not know its size (allocate it with cudaMalloc in this function)"))
            }
        };
        match saved {
            Some((f, r)) => {
                fwd.extend(f);
                // The gradient recomputes the stores of a buffer the kernel reads back (`out[i]
                // += ...`) into it: copy the saved contents back again after it.
                let copy_back = rerun && !write_only.contains(pname);
                place_restore(r, copy_back, &mut restore, &mut release);
            }
            None => g.error(s.span, unknown_size),
        }
    }
    // Active symbols the kernel writes (`buf[i] = v`), whose contents reverse code reads.
    for sym in crate::symbols::launch_writes(g.prog, kfun, &g.written_symbols) {
        if let Some((f, r)) = crate::symbols::checkpoint(g, &sym) {
            fwd.extend(f);
            let copy_back = rerun && !crate::symbols::only_stored(g.prog, kfun, &sym);
            place_restore(r, copy_back, &mut restore, &mut release);
        }
    }
    (fwd, restore, release)
}

/// A derivative kernel launched with twice the primal's dynamic shared memory may need more
/// than the 48 KiB a kernel gets without opting in (which the primal may have done with
/// `cudaFuncSetAttribute`): the launch of `l` opts in for its size.
pub(crate) fn opt_in_dynamic_shared(l: &Expr) -> Option<Stmt> {
    let ExprKind::Launch {
        kernel,
        template_args,
        config,
        ..
    } = &l.kind
    else {
        return None;
    };
    let bytes = config.get(2)?;
    if matches!(&bytes.strip_parens().kind, ExprKind::IntLit(v) if v == "0") {
        return None;
    }
    let entry = if template_args.is_empty() {
        (**kernel).clone()
    } else {
        // the instance's name, `k_grad<float, 4>`, as the printer spells a call of it
        let named = cuad_emit::print_expr(&Expr::synth(ExprKind::Call {
            callee: kernel.clone(),
            template_args: template_args.clone(),
            args: vec![],
        }));
        ident(named.strip_suffix("()")?)
    };
    Some(expr_stmt(call(
        "cudaFuncSetAttribute",
        vec![
            entry,
            ident("cudaFuncAttributeMaxDynamicSharedMemorySize"),
            Expr::synth(ExprKind::Cast {
                kind: CastKind::CStyle,
                ty: Ty::new(TyKind::Int {
                    kind: IntKind::Int,
                    signed: Some(true),
                }),
                expr: Box::new(paren(bytes.clone())),
            }),
        ],
    )))
}

/// A launch configuration naming a stream other than the legacy default one (`0`, `nullptr`).
fn explicit_stream(config: &[Expr]) -> bool {
    config.get(3).is_some_and(is_user_stream)
}

/// A stream other than the legacy default one (`0`, `nullptr`).
fn is_user_stream(st: &Expr) -> bool {
    !matches!(&st.strip_parens().kind, ExprKind::Nullptr)
        && !matches!(&st.strip_parens().kind, ExprKind::IntLit(v) if v == "0")
}

/// Checkpoint copies of a runtime call on a user's stream (`stream`, possibly non-blocking)
/// run on the legacy default stream: synchronize around them.
fn sync_around_checkpoint(fwd: &mut Vec<Stmt>, stream: Option<&Expr>) {
    if !fwd.is_empty() && stream.is_some_and(is_user_stream) {
        fwd.insert(0, expr_stmt(call("cudaDeviceSynchronize", vec![])));
        fwd.push(expr_stmt(call("cudaDeviceSynchronize", vec![])));
    }
}

/// The kernel's gradient as a gather pass and a zeroing pass (gather.rs), when it scatters
/// through atomics at constant offsets from the thread index and the split applies.
fn gather_kernels(
    g: &mut Gen,
    kfun: &Function,
    is_instance: bool,
    grad_name: &str,
    wrt: &[usize],
) -> Option<crate::gather::Split> {
    if is_instance || !crate::namespace_path(g.prog, kfun).is_empty() {
        return None;
    }
    let target = crate::reverse::Target::Grad {
        wrt: wrt.to_vec(),
        keep_seeds: false,
        symbols: vec![],
    };
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
    let split = crate::gather::split(&generated.function)?;
    g.helpers.merge(generated.helpers);
    g.explanations.push(format!(
        "{}: launched as `{}` (thread s gathers the updates that land on index s) then `{}` (zeroes the seeds){}",
        kfun.name,
        split.gather.name,
        split.zero.name,
        match &split.zero_gather {
            Some(f) => format!(
                "; a zeroing pass runs fused with the next launch's gather (`{}`) when that adds into the seeds it clears",
                f.function.name
            ),
            None => String::new(),
        }
    ));
    Some(split)
}

/// A host gradient's deferred zeroing pass (gather.rs `ZeroGather`): variables holding the
/// last reverse launch's configuration and arguments until the next launch of the same
/// gradient runs it fused with its gather pass, or a flush runs it alone.
pub(crate) struct PendingZero {
    /// The one-kernel gradient's name (one state per gradient).
    grad: String,
    zero: String,
    flag: String,
    grid: String,
    block: String,
    args: Vec<String>,
    /// Kernels launched at the sites (they need no flush before them).
    kernels: [String; 3],
}

impl PendingZero {
    /// `if (pending) { zero<<<grid, block>>>(args...); pending = false; }`
    fn flush(&self) -> Stmt {
        if_stmt(
            ident(&self.flag),
            vec![
                expr_stmt(Expr::synth(ExprKind::Launch {
                    kernel: Box::new(ident(&self.zero)),
                    template_args: vec![],
                    config: vec![ident(&self.grid), ident(&self.block)],
                    args: self.args.iter().map(|a| ident(a)).collect(),
                })),
                expr_stmt(assign(
                    ident(&self.flag),
                    Expr::synth(ExprKind::BoolLit(false)),
                )),
            ],
            None,
        )
    }
}

/// The reverse launch of a split gradient whose zeroing pass waits for the next launch:
/// ```text
/// { dim3 g = grid, b = block;
///   if (pending && same config && zeroed seeds == these targets, != these seeds)
///       k_zero_gather<<<g, b>>>(saved args..., args...);
///   else { if (pending) k_zero<<<saved config>>>(saved args...); k_gather<<<g, b>>>(args...); }
///   pending = true; saved config and args = these; }
/// ```
fn deferred_zero_site(
    g: &mut Gen,
    split: &crate::gather::Split,
    fused: &crate::gather::ZeroGather,
    config: &[Expr],
    launch_args: &[Expr],
) -> Stmt {
    let grad = split.zero.name.trim_end_matches("_zero").to_string();
    let at = match g.pending_zeros.iter().position(|p| p.grad == grad) {
        Some(at) => at,
        None => {
            let base = format!("_cuad_pz_{grad}");
            let pending = PendingZero {
                grad: grad.clone(),
                zero: split.zero.name.clone(),
                flag: base.clone(),
                grid: format!("{base}_grid"),
                block: format!("{base}_block"),
                args: (0..split.zero.params.len())
                    .map(|k| format!("{base}_a{k}"))
                    .collect(),
                kernels: [
                    split.zero.name.clone(),
                    split.gather.name.clone(),
                    fused.function.name.clone(),
                ],
            };
            g.decls.push(decl(
                Ty::new(TyKind::Bool),
                &pending.flag,
                Some(Expr::synth(ExprKind::BoolLit(false))),
            ));
            for name in [&pending.grid, &pending.block] {
                g.decls.push(decl(Ty::named("dim3"), name, None));
            }
            for (p, name) in split.zero.params.iter().zip(&pending.args) {
                let ty = without_restrict(&p.ty).with_const(false);
                g.decls.push(decl(ty, name, None));
            }
            g.pending_zeros.push(pending);
            g.pending_zeros.len() - 1
        }
    };
    let p = &g.pending_zeros[at];
    let (gv, bv) = ("_cuad_grid", "_cuad_block");
    let same_dim3 = |a: &str, b: &str| {
        ["x", "y", "z"]
            .into_iter()
            .map(|f| {
                binary(
                    BinOp::Eq,
                    member(ident(a), f, false),
                    member(ident(b), f, false),
                )
            })
            .reduce(|x, y| binary(BinOp::And, x, y))
            .expect("three fields")
    };
    let arg = |k: usize| paren(launch_args[k].clone());
    let mut cond = binary(
        BinOp::And,
        ident(&p.flag),
        binary(BinOp::And, same_dim3(&p.grid, gv), same_dim3(&p.block, bv)),
    );
    for &z in &fused.zeroed {
        let is_target = fused
            .targets
            .iter()
            .map(|&t| binary(BinOp::Eq, ident(&p.args[z]), arg(t)))
            .reduce(|x, y| binary(BinOp::Or, x, y));
        // No target to match: never fused (the zeroing then runs alone).
        let is_target = is_target.unwrap_or(Expr::synth(ExprKind::BoolLit(false)));
        cond = binary(BinOp::And, cond, paren(is_target));
        for &sd in &fused.seeds {
            cond = binary(
                BinOp::And,
                cond,
                binary(BinOp::Ne, ident(&p.args[z]), arg(sd)),
            );
        }
    }
    let launch = |name: &str, cfg: [&str; 2], args: Vec<Expr>| {
        expr_stmt(Expr::synth(ExprKind::Launch {
            kernel: Box::new(ident(name)),
            template_args: vec![],
            config: vec![ident(cfg[0]), ident(cfg[1])],
            args,
        }))
    };
    let saved: Vec<Expr> = p.args.iter().map(|a| ident(a)).collect();
    let mut both = saved.clone();
    both.extend(launch_args.iter().cloned());
    let mut site = vec![
        decl(Ty::named("dim3"), gv, Some(config[0].clone())),
        decl(Ty::named("dim3"), bv, Some(config[1].clone())),
        if_stmt(
            cond,
            vec![launch(&fused.function.name, [gv, bv], both)],
            Some(vec![
                p.flush(),
                launch(&split.gather.name, [gv, bv], launch_args.to_vec()),
            ]),
        ),
        expr_stmt(assign(ident(&p.flag), Expr::synth(ExprKind::BoolLit(true)))),
        expr_stmt(assign(ident(&p.grid), ident(gv))),
        expr_stmt(assign(ident(&p.block), ident(bv))),
    ];
    for (name, a) in p.args.iter().zip(launch_args) {
        site.push(expr_stmt(assign(ident(name), a.clone())));
    }
    block(site)
}

/// Runs the deferred zeroing passes (`PendingZero`) before any reverse statement that could
/// touch device memory other than their own sites' launches, and at the end of `rev`.
pub(crate) fn flush_pending_zeros(rev: &mut Vec<Stmt>, pending: &[PendingZero]) {
    if pending.is_empty() {
        return;
    }
    let ours: Vec<&str> = pending
        .iter()
        .flat_map(|p| p.kernels.iter().map(String::as_str))
        .collect();
    if insert_flushes(rev, pending, &ours, true) {
        rev.extend(pending.iter().map(PendingZero::flush));
    }
}

/// `dirty`: a site may have run since the last flush on the way to the list's start.
/// Returns whether one may have run since the last flush at the list's end.
fn insert_flushes(
    stmts: &mut Vec<Stmt>,
    pending: &[PendingZero],
    ours: &[&str],
    dirty: bool,
) -> bool {
    let mut dirty = dirty;
    let mut out = Vec::with_capacity(stmts.len());
    for mut s in std::mem::take(stmts) {
        let (site, other) = device_work(&s, ours);
        if other {
            let mut shallow = s.clone();
            shallow.for_each_child_mut(&mut |c| c.kind = StmtKind::Empty);
            let compound = !matches!(s.kind, StmtKind::Expr(_) | StmtKind::Decl(_));
            if compound && !device_work(&shallow, ours).1 {
                crate::usage::for_each_body(&mut s, &mut |list| {
                    insert_flushes(list, pending, ours, true);
                });
            } else if dirty {
                out.extend(pending.iter().map(PendingZero::flush));
                dirty = false;
            }
        }
        dirty |= site;
        out.push(s);
    }
    *stmts = out;
    dirty
}

/// Whether `s` launches one of `ours`, and whether it calls or launches anything else
/// (host math aside).
fn device_work(s: &Stmt, ours: &[&str]) -> (bool, bool) {
    let (mut site, mut other) = (false, false);
    crate::usage::visit_stmt_exprs(s, &mut |e| {
        crate::usage::walk_expr(e, &mut |x| match &x.kind {
            ExprKind::Launch { kernel, .. } => match &kernel.kind {
                ExprKind::Ident(n) if ours.contains(&n.as_str()) => site = true,
                _ => other = true,
            },
            ExprKind::Call { .. } => {
                other |= !callee_name(x).is_some_and(crate::rules::is_pure_math)
            }
            _ => {}
        })
    });
    (site, other)
}

/// Can the forward sweep of a host gradient skip its kernel launches? Only when no launched
/// kernel's gradient reads primal memory (`launch_grads_read_memory`, checked by the caller)
/// and no host value depends on device memory: no managed memory, no call of a function that
/// could read device data, and host buffers that copies from the device fill are only copied
/// back (or freed). Then what the launches compute reaches nothing the gradient uses
/// (primal outputs are unspecified after a gradient).
pub(crate) fn forward_launches_dead(fwd: &[Stmt], rev: &[Stmt]) -> bool {
    const HARMLESS: [&str; 14] = [
        "cudaMalloc",
        "cudaMallocHost",
        "cudaHostAlloc",
        "cudaFree",
        "cudaFreeHost",
        "cudaMemset",
        "cudaMemsetAsync",
        "cudaDeviceSynchronize",
        "cudaStreamSynchronize",
        "cudaGetLastError",
        "cudaPeekAtLastError",
        "malloc",
        "calloc",
        "free",
    ];
    let copy_kind = |args: &[Expr]| match args.get(3).map(|k| &k.strip_parens().kind) {
        Some(ExprKind::Ident(k)) => Some(k.clone()),
        _ => None,
    };
    let mut dead = true;
    // Host buffers filled from the device, and the statements allowed to mention them.
    let mut from_device = crate::usage::Names::new();
    let mut copies = Vec::new();
    for s in fwd {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Call { callee, args, .. } = &x.kind else {
                    return;
                };
                let ok = match &callee.kind {
                    ExprKind::Ident(n) => match n.trim_start_matches("::") {
                        "cudaMemcpy" | "cudaMemcpyAsync" => match copy_kind(args).as_deref() {
                            Some("cudaMemcpyHostToDevice" | "cudaMemcpyDeviceToDevice") => {
                                copies.push(x.clone());
                                true
                            }
                            Some("cudaMemcpyDeviceToHost") => {
                                if let Some(dst) = crate::usage::lvalue_root(&args[0]) {
                                    from_device.insert(dst.to_string());
                                }
                                copies.push(x.clone());
                                true
                            }
                            _ => false,
                        },
                        n => HARMLESS.contains(&n) || crate::rules::is_pure_math(n),
                    },
                    // The host tapes of the gradient itself.
                    ExprKind::Member { base, .. } => {
                        matches!(&base.kind, ExprKind::Ident(b) if b.starts_with("_tape"))
                    }
                    _ => false,
                };
                dead &= ok;
            })
        });
    }
    if !dead || from_device.is_empty() {
        return dead;
    }
    // A host buffer filled from the device may go back to the device or be freed; any other
    // mention (host arithmetic, a kernel argument, reverse code) reads device data.
    let mut mentioned = crate::usage::Names::new();
    for s in fwd.iter().chain(rev) {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            let harmless = matches!(&e.kind, ExprKind::Call { callee, .. }
                if matches!(&callee.kind, ExprKind::Ident(n) if matches!(n.as_str(), "free" | "cudaFree" | "cudaFreeHost")))
                || copies.contains(e);
            if !harmless {
                crate::usage::reads(e, &mut mentioned);
                crate::usage::writes(e, &mut mentioned);
            }
        });
    }
    from_device.iter().all(|b| !mentioned.contains(b))
}

/// Removes the kernel launches of a forward sweep (see `forward_launches_dead`), and with
/// them the copies and memsets that only fill memory those launches (or other dropped
/// copies) would read: device contents no longer matter to the gradient. Saves a
/// full-buffer copy in ping-pong host loops (jacobi's `tmp <- u`).
pub(crate) fn drop_launches(stmts: &mut Vec<Stmt>) {
    const FILLS: [&str; 4] = [
        "cudaMemcpy",
        "cudaMemcpyAsync",
        "cudaMemset",
        "cudaMemsetAsync",
    ];
    stmts.retain(|s| {
        let StmtKind::Expr(e) = &s.kind else {
            return true;
        };
        match &e.kind {
            ExprKind::Launch { .. } => false,
            // Only primal destinations: the sweep also allocates and zeroes adjoint buffers.
            ExprKind::Call { args, .. } => {
                !(callee_name(e).is_some_and(|n| FILLS.contains(&n))
                    && args
                        .first()
                        .and_then(crate::usage::lvalue_root)
                        .is_some_and(|d| !d.starts_with("_d_")))
            }
            _ => true,
        }
    });
    for s in stmts {
        crate::usage::for_each_body(s, &mut drop_launches);
    }
}

/// The kernel a launch names: its name, the declaration with a body and, for a template, the
/// instance the launch's template arguments select.
fn resolve_kernel(
    g: &Gen,
    kernel: &Expr,
    template_args: &[TemplateArg],
) -> Result<(String, Function, Option<Function>), String> {
    let ExprKind::Ident(kname) = &kernel.kind else {
        return Err("cuad cannot differentiate a launch of a kernel named by an expression".into());
    };
    let Some(primary) = g
        .prog
        .functions(kname)
        .into_iter()
        .find(|f| f.body.is_some())
    else {
        return Err(format!(
            "kernel `{kname}` has no body here: cuad cannot differentiate its launch"
        ));
    };
    if cuad_sema::packs::is_variadic(primary) {
        return Err(crate::variadic_request_message(kname));
    }
    // A kernel template is differentiated as the instance the launch names.
    let instance = match &primary.template {
        None => None,
        Some(_) => Some(
            crate::instantiate::bind_explicit(primary, template_args)
                .ok()
                .and_then(|(types, values)| {
                    crate::instantiate::instantiate_with_values(primary, &types, &values)
                })
                .ok_or_else(|| format!("cuad differentiates a launch of the kernel template `{kname}` only with all its template arguments written out"))?,
        ),
    };
    Ok((kname.clone(), primary.clone(), instance))
}

/// The parameters of a launched kernel that carry derivatives: pointers to active buffers,
/// active real scalars and active structs passed by value.
fn launch_wrt(g: &Gen, param_tys: &[Ty], args: &[Expr]) -> Vec<usize> {
    args.iter()
        .zip(param_tys)
        .enumerate()
        .filter(|(_, (a, pty))| match &pty.kind {
            // A null optional output (`copy != nullptr ? ... `) gets a null adjoint: the
            // gradient reaches it under the same guards.
            TyKind::Pointer { pointee, .. } => {
                g.shadow(a).is_some()
                    || (is_null_pointer(a)
                        && !pointee.is_const_object()
                        && crate::activity::is_differentiable(g.prog, pointee))
            }
            TyKind::Named { .. } => {
                crate::activity::is_differentiable(g.prog, pty) && g.expr_is_active(a)
            }
            _ => is_real(pty) && g.expr_is_active(a),
        })
        .map(|(j, _)| j)
        .collect()
}

/// Which pointer parameters' contents the kernel's gradient reads (None: cuad cannot tell).
/// The gather form (gather.rs) runs the same statements for other thread indices, so it
/// reads the same arrays.
fn launch_memory_reads(
    g: &Gen,
    kfun: &Function,
    grad_name: &str,
    wrt: &[usize],
    symbols: &[String],
) -> Option<crate::usage::Names> {
    let target = crate::reverse::Target::Grad {
        wrt: wrt.to_vec(),
        keep_seeds: false,
        symbols: symbols.to_vec(),
    };
    let generated = crate::reverse::generate(
        g.prog,
        kfun,
        grad_name,
        crate::reverse::Mode::Kernel,
        &target,
    )
    .ok()?;
    Some(memory_reads(g.prog, &[&generated.function], kfun, symbols))
}

/// For each argument of a launch, whether its gradient needs only the pointer value (the
/// kernel never reads the buffer, or its gradient does not); whether that gradient reads any
/// primal memory (or cuad cannot tell); and the struct fields and symbols whose contents it
/// reads.
fn pointer_only_args(
    g: &Gen,
    kfun: &Function,
    param_tys: &[Ty],
    grad_name: &str,
    wrt: &[usize],
    symbols: &[String],
    args: &[Expr],
) -> (Vec<bool>, bool, crate::usage::Names) {
    let memory_read = launch_memory_reads(g, kfun, grad_name, wrt, symbols);
    let write_only = kfun
        .body
        .as_deref()
        .map(crate::usage::write_only_names)
        .unwrap_or_default();
    let only_pointer = kfun
        .params
        .iter()
        .zip(param_tys)
        .map(|(p, ty)| {
            p.name.as_ref().is_some_and(|n| {
                write_only.contains(n)
                    || (matches!(ty.kind, TyKind::Pointer { .. })
                        && memory_read.as_ref().is_some_and(|m| !m.contains(n)))
            })
        })
        .collect();
    let mut fields = struct_field_reads(g.prog, kfun, param_tys, memory_read.as_ref(), args);
    fields.extend(
        symbols
            .iter()
            .filter(|n| memory_read.as_ref().is_none_or(|m| m.contains(*n)))
            .cloned(),
    );
    (
        only_pointer,
        memory_read.is_none_or(|m| !m.is_empty()),
        fields,
    )
}

/// The pointer fields of structs a launch gives whole (`dev.x` of `k<<<...>>>(dev)`) whose
/// contents the kernel's gradient reads (`memory_read`, of the kernel's parameters; `None`:
/// every pointer field).
fn struct_field_reads(
    prog: &Program,
    kfun: &Function,
    param_tys: &[Ty],
    memory_read: Option<&crate::usage::Names>,
    args: &[Expr],
) -> crate::usage::Names {
    let mut out = crate::usage::Names::new();
    for ((p, ty), a) in kfun.params.iter().zip(param_tys).zip(args) {
        let (Some(pname), TyKind::Named { .. }, ExprKind::Ident(v)) =
            (p.name.as_deref(), &ty.kind, &a.strip_parens().kind)
        else {
            continue;
        };
        for (f, fty) in prog.fields(ty) {
            let read = memory_read.is_none_or(|m| m.contains(&format!("{pname}.{f}")));
            if read && matches!(prog.canonical(&fty).kind, TyKind::Pointer { .. }) {
                out.insert(format!("{v}.{f}"));
            }
        }
    }
    out
}

/// The names a launch's reverse reads, for the reads of a loop's reverse iterations: those of
/// its arguments, except buffers whose contents the gradient does not read (only the pointer
/// value is needed, which `pointer_value_reads` tracks for the whole loop).
pub(crate) fn launch_rev_reads(
    g: &Gen,
    kernel: &Expr,
    template_args: &[TemplateArg],
    args: &[Expr],
    out: &mut crate::usage::Names,
) {
    let mut all = crate::usage::Names::new();
    args.iter().for_each(|a| crate::usage::reads(a, &mut all));
    let Ok((_, primary, instance)) = resolve_kernel(g, kernel, template_args) else {
        return out.extend(all);
    };
    let kfun = instance.as_ref().unwrap_or(&primary);
    let param_tys: Vec<Ty> = kfun
        .params
        .iter()
        .map(|p| g.prog.canonical(&p.ty))
        .collect();
    let wrt = launch_wrt(g, &param_tys, args);
    let symbols = crate::symbols::read_symbols(g.prog, &g.symbols, kfun);
    // A launch writing an active symbol runs its gradient even with no other derivative.
    if wrt.is_empty() && crate::symbols::launch_writes(g.prog, kfun, &g.written_symbols).is_empty()
    {
        return;
    }
    let grad_name = crate::symbols::kernel_grad_name(g.prog, kfun, &wrt, &symbols);
    let (pointer_only, _, field_reads) =
        pointer_only_args(g, kfun, &param_tys, &grad_name, &wrt, &symbols, args);
    out.extend(field_reads);
    for (j, a) in args.iter().enumerate() {
        let names = if pointer_only.get(j) == Some(&true) {
            crate::usage::reads_but_root(a).0
        } else {
            let mut all = crate::usage::Names::new();
            crate::usage::reads(a, &mut all);
            all
        };
        out.extend(names);
    }
}

/// `&v` / `&v.f`: an argument whose reverse reads nothing (a variable's address never
/// changes, and the call's reverse moves adjoints, not the value).
fn is_variable_address(a: &Expr) -> bool {
    matches!(&a.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, lv) if whole_variable(lv).is_some())
}

/// The names a runtime call's reverse (`cudaMemcpy`, `cudaMemset`...) reads, for the reads of
/// a loop's reverse iterations: its arguments' values, never the contents of the buffers they
/// point to (the reverse moves adjoints only; `pointer_value_reads` tracks the pointers), nor
/// an active symbol copied to or from (the reverse names its adjoint).
pub(crate) fn runtime_call_rev_reads(g: &Gen, args: &[Expr], out: &mut crate::usage::Names) {
    for a in args {
        let symbol = matches!(&a.strip_parens().kind, ExprKind::Ident(n) if g.symbols.contains(n));
        if is_variable_address(a) || symbol {
            continue;
        }
        if matches!(g.type_of(a).map(|t| t.kind), Some(TyKind::Pointer { .. })) {
            out.extend(crate::usage::reads_but_root(a).0);
        } else {
            crate::usage::reads(a, out);
        }
    }
}

/// The pointer parameters of `kernel` whose pointed-to contents the functions read (any mention
/// that is not the array of a plain store counts, a pointer passed to a call included), and
/// the active `symbols` whose contents they read (`symbols::gradient_reads`).
fn memory_reads(
    prog: &cuad_sema::Program,
    funcs: &[&Function],
    kernel: &Function,
    symbols: &[String],
) -> crate::usage::Names {
    let mut read = crate::usage::Names::new();
    for f in funcs {
        // Forward values nothing uses (nvcc drops them) read no memory that matters.
        let mut body = f.body.clone().unwrap_or_default();
        crate::usage::drop_dead_locals(&mut body);
        for s in &body {
            crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::content_reads(e, &mut read));
        }
    }
    let mut out: crate::usage::Names = kernel
        .params
        .iter()
        .filter(|p| may_hold_pointer(prog, &p.ty, 0))
        .filter_map(|p| p.name.clone())
        .filter(|n| read.contains(n))
        .collect();
    out.extend(crate::symbols::gradient_reads(prog, kernel, funcs, symbols));
    // Of a struct given by value, which pointer fields (`c.x`): the host saves those only.
    for p in &kernel.params {
        let Some(name) = p.name.as_deref().filter(|n| out.contains(*n)) else {
            continue;
        };
        let ty = prog.canonical(&p.ty);
        if !matches!(ty.kind, TyKind::Named { .. }) {
            continue;
        }
        let (mut fields, mut whole) = (crate::usage::Names::new(), false);
        for f in funcs {
            for s in f.body.as_deref().unwrap_or_default() {
                crate::usage::visit_stmt_exprs(s, &mut |e| {
                    field_reads(e, name, &mut fields, &mut whole)
                });
            }
        }
        if whole {
            fields = prog.fields(&ty).into_iter().map(|(f, _)| f).collect();
        }
        out.extend(fields.into_iter().map(|f| format!("{name}.{f}")));
    }
    out
}

/// The fields of struct `param` that `e` mentions other than as the array of a plain store
/// (`param.x[i] = v`); `whole` when it uses the struct itself.
fn field_reads(e: &Expr, param: &str, out: &mut crate::usage::Names, whole: &mut bool) {
    let field_of_param = |x: &Expr| match &x.strip_parens().kind {
        ExprKind::Member {
            base, arrow: false, ..
        } => matches!(&base.strip_parens().kind, ExprKind::Ident(n) if n == param),
        _ => false,
    };
    match &e.kind {
        ExprKind::Assign(None, l, r) => {
            match &l.strip_parens().kind {
                ExprKind::Index(b, i) if field_of_param(b) => field_reads(i, param, out, whole),
                _ => field_reads(l, param, out, whole),
            }
            field_reads(r, param, out, whole);
        }
        ExprKind::Member { field, .. } if field_of_param(e) => {
            out.insert(field.clone());
        }
        ExprKind::Ident(n) if n == param => *whole = true,
        _ => crate::usage::for_each_child(e, &mut |x| field_reads(x, param, out, whole)),
    }
}

/// Can a value of type `ty` lead to memory (a pointer, or a struct with a pointer field)?
fn may_hold_pointer(prog: &cuad_sema::Program, ty: &Ty, depth: u32) -> bool {
    let ty = prog.canonical(ty);
    match &ty.kind {
        TyKind::Void
        | TyKind::Bool
        | TyKind::Int { .. }
        | TyKind::Half
        | TyKind::BFloat16
        | TyKind::Float
        | TyKind::Double
        | TyKind::LongDouble => false,
        TyKind::Named { .. } if depth < 8 => prog
            .fields(&ty)
            .iter()
            .any(|(_, f)| may_hold_pointer(prog, f, depth + 1)),
        TyKind::Array { elem, .. } => may_hold_pointer(prog, elem, depth),
        _ => true,
    }
}

/// The gradient's launch configuration: the primal's, with twice the dynamic shared memory
/// when the kernel reaches `extern __shared__` arrays (their adjoints take the second half).
fn gradient_config(prog: &cuad_sema::Program, kfun: &Function, config: &[Expr]) -> Vec<Expr> {
    let mut config = config.to_vec();
    if config.len() >= 3 && crate::dynamic_region::reaches_dynamic_shared(prog, kfun) {
        config[2] = binary(BinOp::Mul, int_lit(2), paren(config[2].clone()));
    }
    config
}

/// Pointer locals of a kernel body and the buffer each is set from (`T* p = out + i`,
/// `p = &out[k]`): `(p, out)`.
fn pointer_locals(body: &[Stmt]) -> Vec<(String, String)> {
    fn visit(s: &Stmt, out: &mut Vec<(String, String)>) {
        if let StmtKind::Decl(d) = &s.kind {
            for v in &d.vars {
                let init = match &v.init {
                    Some(Init::Assign(e)) => Some(e),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) if es.len() == 1 => es.first(),
                    _ => None,
                };
                if let Some(root) = init.and_then(pointer_root) {
                    out.push((v.name.clone(), root));
                }
            }
        }
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Assign(None, l, r) = &x.kind {
                    if let (ExprKind::Ident(p), Some(root)) = (&l.kind, pointer_root(r)) {
                        out.push((p.clone(), root));
                    }
                }
            })
        });
        s.for_each_child(&mut |c| visit(c, out));
    }
    let mut out = Vec::new();
    body.iter().for_each(|s| visit(s, &mut out));
    out.retain(|(p, root)| p != root);
    out
}

/// Names a kernel body writes through, with stores through pointer locals credited to the
/// buffers they point into (`T* p = out + i; p[0] = v` writes `out`), and buffers passed to a
/// user function's non-const pointer parameter (`f(out + i)`).
fn kernel_written(
    prog: &Program,
    body: &[Stmt],
    aliases: &[(String, String)],
) -> crate::usage::Names {
    let mut written = crate::usage::Names::new();
    crate::usage::stmt_writes(body, &mut written);
    let writable = |name: &str, k: usize, count: usize| {
        prog.functions(name).iter().any(|f| {
            f.params.len() == count
                && matches!(&f.params[k].ty.kind, TyKind::Pointer { pointee, .. } if !pointee.is_const_object())
        })
    };
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Call { callee, args, .. } = &x.kind {
                    if let ExprKind::Ident(name) = &callee.kind {
                        for (k, a) in args.iter().enumerate() {
                            if writable(name, k, args.len()) {
                                written.extend(pointer_root(a));
                            }
                        }
                    }
                }
            })
        });
    }
    loop {
        let more: Vec<String> = aliases
            .iter()
            .filter(|(p, root)| written.contains(p) && !written.contains(root))
            .map(|(_, root)| root.clone())
            .collect();
        if more.is_empty() {
            return written;
        }
        written.extend(more);
    }
}

/// The struct field a pointer expression points into: `s.h` of `s.h`, `s.h + k`, `(T*)s.h`.
fn field_root(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Member { arrow: false, .. } => Some(e),
        ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => field_root(x),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => field_root(l),
        _ => None,
    }
}

/// The variable of a field's text (`s` of `s.h`).
fn lvalue_root_of(field: &str) -> &str {
    field.split('.').next().unwrap_or(field)
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

/// The byte size (and whether it is host memory) of the buffer held by a pointer variable that
/// cuad saw no allocation of: one only ever assigned whole other pointer variables (`float*
/// src = d_a;` and the `tmp = src; src = dst; dst = tmp;` of ping-pong loops) holds one of the
/// buffers it is reached from. When every variable reached that way gets its values only
/// from copies and from allocations cuad has seen here (every `&p` is one), and all those
/// allocations have the same byte count (as written) in the same memory, that is its size.
fn alias_size(g: &Gen, arr: &str) -> Option<(Expr, bool)> {
    let mut stack = vec![arr.to_string()];
    let mut seen = crate::usage::Names::new();
    let mut sizes: Vec<(Expr, bool)> = Vec::new();
    while let Some(v) = stack.pop() {
        if !seen.insert(v.clone()) {
            continue;
        }
        if g.is_param(&v) {
            return None;
        }
        let d = g.pointer_defs.get(&v).cloned().unwrap_or_default();
        let allocs: Vec<&Expr> = g
            .allocations
            .iter()
            .filter(|(n, _)| *n == v)
            .map(|(_, b)| b)
            .collect();
        if d.other > 0 || !d.offsets.is_empty() || allocs.len() != d.mallocs + d.addr_taken {
            return None;
        }
        if allocs.is_empty() && d.copies.is_empty() {
            return None;
        }
        let host = g.host_buffers.contains(&v);
        sizes.extend(allocs.into_iter().map(|b| (b.clone(), host)));
        stack.extend(d.copies);
    }
    let (first, host) = sizes.first()?.clone();
    let text = cuad_emit::print_expr(&first);
    sizes
        .iter()
        .all(|(b, h)| *h == host && cuad_emit::print_expr(b) == text)
        .then_some((first, host))
}

/// Copies a buffer aside before it is overwritten and restores it in the reverse pass (in
/// host memory for a host buffer: a device copy of it would be a copy of the wrong kind).
fn checkpoint(g: &mut Gen, arr: &str, ty: &Ty) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let (bytes, on_host) = buffer_bytes(g, arr)?;
    checkpoint_bytes(g, &ident(arr), ty, bytes, Memory::of(on_host))
}

/// The byte size of the buffer pointer variable `arr` holds (and whether it is host memory).
fn buffer_bytes(g: &Gen, arr: &str) -> Option<(Expr, bool)> {
    match g.allocations.iter().rev().find(|(n, _)| n == arr) {
        Some((_, b)) => Some((b.clone(), g.host_buffers.iter().any(|n| n == arr))),
        None => alias_size(g, arr).or_else(|| sub_buffer_bytes(g, arr)),
    }
}

/// The byte size of the rest of a buffer that pointer variable `arr` points into, when every
/// value it gets is an offset into the buffer of one variable `q` (slices of one allocation:
/// `double* d_O = act + batch * hid;`) that is allocated once here and never repointed: `q`'s
/// size less the distance between the two pointers when the size is taken.
fn sub_buffer_bytes(g: &Gen, arr: &str) -> Option<(Expr, bool)> {
    let d = g.pointer_defs.get(arr)?;
    let [base, rest @ ..] = &d.offsets[..] else {
        return None;
    };
    let only_offsets = d.copies.is_empty() && d.other + d.mallocs + d.addr_taken == 0;
    if !only_offsets || rest.iter().any(|b| b != base) || g.is_param(arr) || g.is_param(base) {
        return None;
    }
    let b = g.pointer_defs.get(base)?;
    let allocated_once = b.copies.is_empty()
        && b.offsets.is_empty()
        && b.other == 0
        && b.mallocs + b.addr_taken == 1;
    if !allocated_once {
        return None;
    }
    let (bytes, on_host) = buffer_bytes(g, base)?;
    let bytes_at = |v: &str| {
        Expr::synth(ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: Ty::pointer_to(
                Ty::new(TyKind::Int {
                    kind: IntKind::Char,
                    signed: None,
                })
                .with_const(true),
            ),
            expr: Box::new(ident(v)),
        })
    };
    let distance = binary(BinOp::Sub, bytes_at(arr), bytes_at(base));
    let rest = binary(BinOp::Sub, paren(bytes), paren(distance));
    Some((rest, on_host))
}

/// The byte size of the buffer a struct's pointer field (`a.h`) holds, `src` last assigned to
/// it: every buffer assigned to that field of any struct (states swapped whole move buffers
/// between structs) must have the same size, as written.
fn field_buffer_bytes(g: &Gen, field: &str, src: &str) -> Option<(Expr, bool)> {
    let (bytes, on_host) = buffer_bytes(g, src)?;
    let name = field.rsplit('.').next()?;
    let text = cuad_emit::print_expr(&bytes);
    let same = g
        .field_history
        .iter()
        .filter(|(k, _)| k.rsplit('.').next() == Some(name))
        .all(|(_, other)| {
            buffer_bytes(g, other)
                .is_some_and(|(b, h)| h == on_host && cuad_emit::print_expr(&b) == text)
        });
    same.then_some((bytes, on_host))
}

/// Where saved memory lives: what holds its copy and how it is copied.
#[derive(Clone, Copy)]
enum Memory {
    Host,
    Device,
    /// Either (a `cudaMemcpyDefault` destination): the copy is held in host memory and copied
    /// with `cudaMemcpyDefault` (unified addressing finds the other end).
    Either,
}

impl Memory {
    fn of(on_host: bool) -> Memory {
        if on_host {
            Memory::Host
        } else {
            Memory::Device
        }
    }
}

/// [`checkpoint`] of the first `bytes` bytes at `at` (a buffer `arr`, `arr + k`), `ty` the type
/// of the buffer's pointer.
/// [`checkpoint_bytes`] of device memory (symbols.rs saves symbols through it).
pub(crate) fn checkpoint_device(
    g: &mut Gen,
    at: &Expr,
    ty: &Ty,
    bytes: Expr,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    checkpoint_bytes(g, at, ty, bytes, Memory::Device)
}

fn checkpoint_bytes(
    g: &mut Gen,
    at: &Expr,
    ty: &Ty,
    bytes: Expr,
    memory: Memory,
) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
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
    let (kind, free) = match memory {
        Memory::Host => ("cudaMemcpyHostToHost", "free"),
        Memory::Device => ("cudaMemcpyDeviceToDevice", "cudaFree"),
        Memory::Either => ("cudaMemcpyDefault", "free"),
    };
    let alloc = if free == "free" {
        assign(
            ident(&t),
            Expr::synth(ExprKind::Cast {
                kind: CastKind::Static,
                ty: ptr_ty.clone(),
                expr: Box::new(call("malloc", vec![bytes.clone()])),
            }),
        )
    } else {
        call("cudaMalloc", vec![addr_of(ident(&t)), bytes.clone()])
    };
    let mut fwd = vec![
        expr_stmt(alloc),
        expr_stmt(call(
            "cudaMemcpy",
            vec![ident(&t), at.clone(), bytes.clone(), ident(kind)],
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
        vec![at.clone(), ident(&t), bytes, ident(kind)],
    )));
    rev.push(expr_stmt(call(free, vec![ident(&t)])));
    Some((fwd, rev))
}
