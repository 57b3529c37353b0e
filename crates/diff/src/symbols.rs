//! Gradients through symbols: file-scope `__constant__` / `__device__` variables that a host
//! function fills with `cudaMemcpyToSymbol` from a buffer carrying derivatives (filter taps,
//! stencil coefficients in constant memory).
//!
//! - The symbol `c` becomes active: an adjoint global `__device__ T _d_c[N];` (same shape;
//!   `__device__` since reverse kernels write it) is declared once before the generated code.
//! - The host gradient launches, for each kernel reading an active symbol, a variant of the
//!   kernel's gradient (`k_grad_0_1_via_c`) in which the symbol is a seed: its reads are
//!   active, and each adds into `_d_c` through the ordinary accumulation strategies (a symbol
//!   is global memory every thread reads, so uniform addresses get warp or block reductions).
//!   A kernel differentiated on its own keeps treating symbols as constants.
//! - At the copy, the forward sweep zeroes `_d_c`; its reverse adds `_d_c` into the source's
//!   adjoint (`cuad_memcpy_pullback`, as for `cudaMemcpy`) and zeroes it again.
//! - A symbol of structs (`__constant__ Params c_p;`, arrays of them) whose real fields have
//!   one real type, integers beside them, has an adjoint of the same struct type; the kernel's
//!   field reads add into its fields, and the copy's reverse sums both adjoints as arrays of
//!   that real type (the chunks over integer fields stay zero).
//!
//! - Functions the kernel calls that read the symbol (directly or through their own calls)
//!   get pullbacks `f_pullback_via_c` adding into `_d_c` as well, made at calls that carry
//!   derivatives; a call passing no value with derivatives to such a function is an error.
//!
//! - Symbols that launched kernels write (accumulators, `atomicAdd(&g_sum, v)`; state kept
//!   between kernels, `buf[i] = v` read by a later launch, 2-D arrays too) carry derivatives
//!   between launches and to the host, which may read them back with `cudaMemcpyFromSymbol`:
//!   their adjoints are zeroed when the host gradient starts, a copy back adds the
//!   destination's adjoint into `_d_c`, every launch naming them runs its `_via_c` gradient
//!   (adding into `_d_c` where it reads, reading and clearing it where it overwrites), and
//!   copies into them move `_d_c` into the source's adjoint or clear it. So are symbols that
//!   copies fill from values carrying derivatives more than once, in a loop or at an offset
//!   (`refilled`).
//! - Their contents change between launches, so the reverse launches would read them as the
//!   forward sweep left them: a launch or copy overwriting such a symbol whose contents
//!   reverse code reads (`gradient_reads`: a read other than as the target of a store, `+=` or
//!   an atomic) saves them first (`checkpoint`, through the symbol's device address; taped in
//!   loops) and restores them before its reverse, as for buffers (host.rs). A kernel reading a
//!   symbol that its threads update with atomics reads values that depend on the order of the
//!   updates: an error.
//!
//! A symbol filled once, whole, from a value carrying derivatives must stay what the reverse
//! launches read: no launched kernel (or function it calls) may write it. Other forms are
//! located errors.
//!
//! Forward mode (forward.rs, forward/calls.rs) keeps the symbol's tangent in the same global
//! `_d_c`: each copy into an active symbol copies the source's tangent into it (or clears its
//! bytes when the source carries none), a launch of a kernel naming it launches the variant
//! `k_pushforward_via_c`, in which the symbol is active with tangent `_d_c` (its callees
//! reading it get `_via_c` pushforwards; stores into it store the tangent too), and a copy
//! back (`cudaMemcpyFromSymbol(&s, c, ...)`) copies `_d_c` into the destination's tangent. A
//! symbol kernels write with values carrying tangents is active, its tangent cleared when the
//! host function starts. Copies may repeat and sit in loops (the tangent follows the contents).

use crate::adjoint::adj_name;
use crate::builder::*;
use crate::reverse::{Gen, Mode, Target};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::Span;
use std::collections::HashMap;

/// The type of a file-scope `__constant__` or `__device__` variable named `name`.
fn symbol_type(prog: &Program, name: &str) -> Option<Ty> {
    prog.tu.items.iter().find_map(|item| match item {
        Item::Global(d) if d.specs.constant || d.specs.device => d
            .vars
            .iter()
            .find(|v| v.name == name)
            .map(|v| prog.canonical(&v.ty)),
        _ => None,
    })
}

/// The real scalar type of a real scalar or (nested) array of reals; `None` for anything else.
fn real_element(ty: &Ty) -> Option<Ty> {
    match &ty.kind {
        TyKind::Array { elem, len: Some(_) } => real_element(elem),
        _ if crate::activity::is_real(ty) => Some(ty.clone().with_const(false)),
        _ => None,
    }
}

/// `NAME_grad[_<i>...]`, with `_via_<symbol>` for each active symbol the variant adds into
/// (the plain name stays the kernel's own gradient, which treats symbols as constants; so
/// does a kernel's own pushforward).
pub(crate) fn kernel_grad_name(
    prog: &Program,
    kernel: &Function,
    wrt: &[usize],
    symbols: &[String],
) -> String {
    via_symbols(crate::grad_name(prog, kernel, wrt), symbols)
}

/// A kernel derivative's name with `_via_<symbol>` for each active symbol it reads.
pub(crate) fn via_symbols(mut name: String, symbols: &[String]) -> String {
    if !symbols.is_empty() {
        name.push_str("_via_");
        name.push_str(&symbols.join("_"));
    }
    name
}

/// The active symbols of a kernel gradient (see `Target::Grad`), their types added to `types`.
pub(crate) fn kernel_symbols(
    prog: &Program,
    mode: Mode,
    target: &Target,
    types: &mut HashMap<String, Ty>,
) -> Vec<String> {
    let symbols = match (mode, target) {
        (Mode::Kernel, Target::Grad { symbols, .. })
        | (Mode::Device, Target::Pullback { symbols, .. }) => symbols,
        _ => return vec![],
    };
    let mut found = Vec::new();
    for s in symbols {
        if let Some(ty) = symbol_type(prog, s) {
            types.insert(s.clone(), ty);
            found.push(s.clone());
        }
    }
    found
}

/// The active `symbols` (of a host gradient or pushforward) that `f`'s body names, or the body
/// of a function it calls, transitively (a parameter of the same name hides the symbol): a
/// derivative of `f` is the variant reading them, and so are its callees' pullbacks.
pub(crate) fn read_symbols(
    prog: &Program,
    symbols: &crate::usage::Names,
    f: &Function,
) -> Vec<String> {
    if symbols.is_empty() {
        return vec![];
    }
    let mut named = crate::usage::Names::new();
    for f in std::iter::once(f).chain(crate::reachable_functions(prog, f)) {
        let hidden = |n: &str| f.params.iter().any(|p| p.name.as_deref() == Some(n));
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| {
                    if let ExprKind::Ident(n) = &x.kind {
                        let n = n.trim_start_matches("::");
                        if symbols.contains(n) && !hidden(n) {
                            named.insert(n.to_string());
                        }
                    }
                })
            });
        }
    }
    symbols
        .iter()
        .filter(|n| named.contains(*n))
        .cloned()
        .collect()
}

/// The error for a call of `callee`, which reads the active symbol `sym`, with no argument
/// carrying derivatives (in either mode): its derivative is not made at such calls.
pub(crate) fn unreached_message(callee: &str, sym: &str) -> String {
    format!("`{callee}` reads `{sym}`, which carries derivatives from `cudaMemcpyToSymbol`, but this call passes it no value with derivatives: cuad follows symbols into functions at calls that carry derivatives (read the symbol in the kernel and pass it as an argument)")
}

/// Errors for the calls in a kernel variant's `body` (or a pullback's) of functions reading
/// one of its active `symbols` with no argument carrying derivatives: pullbacks are made at
/// calls that carry derivatives only, so the symbol's would be dropped.
pub(crate) fn unreached_calls(
    prog: &Program,
    body: &[Stmt],
    active: &crate::usage::Names,
    symbols: &crate::usage::Names,
) -> Vec<cuad_syntax::Diagnostic> {
    let mut errors = Vec::new();
    if symbols.is_empty() {
        return errors;
    }
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Call { callee, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(name) = &callee.kind else {
                    return;
                };
                if args
                    .iter()
                    .any(|a| crate::activity::depends_on_active(a, active))
                {
                    return;
                }
                let reached = prog
                    .functions_for_call(name, args.len())
                    .into_iter()
                    .find_map(|f| read_symbols(prog, symbols, f).into_iter().next());
                if let Some(sym) = reached {
                    errors.push(cuad_syntax::Diagnostic::error(
                        x.span,
                        unreached_message(name, &sym),
                    ));
                }
            })
        });
    }
    errors
}

/// Errors for a launch of `kernel`, which names the active `symbols`: reads of one that its
/// threads update with atomics. (Symbols launched kernels write are checkpointed where they
/// are overwritten.)
pub(crate) fn check_launch(g: &mut Gen, kernel: &Function, at: Span) {
    if let Some(message) = racy_symbol_read(g.prog, kernel, &g.written_symbols) {
        g.error(at, message);
    }
}

/// Why a launch of `kernel` cannot be differentiated: it, or a function it calls, reads one
/// of the active `written` symbols that it also updates with atomics, so what each thread
/// reads depends on the order of the other threads' updates, which derivative code cannot
/// reproduce.
pub(crate) fn racy_symbol_read(
    prog: &Program,
    kernel: &Function,
    written: &crate::usage::Names,
) -> Option<String> {
    let (mut reads, mut atomics) = (crate::usage::Names::new(), crate::usage::Names::new());
    for f in std::iter::once(kernel).chain(crate::reachable_functions(prog, kernel)) {
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                symbol_uses(e, written, &mut reads, &mut atomics)
            });
        }
    }
    let sym = reads.intersection(&atomics).next()?;
    Some(format!(
        "kernel `{}` reads `{sym}` while its threads update it with atomics: the values read depend on the order of the updates, which derivative code cannot reproduce; read `{sym}` in a later launch instead",
        kernel.name
    ))
}

/// Collects into `reads` the symbols of `written` that `e` reads other than as the target of
/// `=`, `+=`, `-=` or of `atomicAdd`/`atomicSub`, and into `atomics` those it updates with an
/// atomic.
fn symbol_uses(
    e: &Expr,
    written: &crate::usage::Names,
    reads: &mut crate::usage::Names,
    atomics: &mut crate::usage::Names,
) {
    let target = |l: &Expr| {
        crate::usage::lvalue_root(l)
            .map(|r| r.trim_start_matches("::"))
            .filter(|r| written.contains(*r))
            .map(str::to_string)
    };
    match &e.kind {
        ExprKind::Assign(None | Some(BinOp::Add | BinOp::Sub), l, r) if target(l).is_some() => {
            lvalue_indices(l, &mut |x| symbol_uses(x, written, reads, atomics));
            symbol_uses(r, written, reads, atomics);
        }
        ExprKind::Call { callee, args, .. } if matches!(&callee.kind, ExprKind::Ident(n) if n.starts_with("atomic")) => {
            match args.first().map(|a| &a.strip_parens().kind) {
                Some(ExprKind::Unary(UnOp::AddrOf, x)) if target(x).is_some() => {
                    atomics.extend(target(x));
                    lvalue_indices(x, &mut |x| symbol_uses(x, written, reads, atomics));
                    for a in &args[1..] {
                        symbol_uses(a, written, reads, atomics);
                    }
                }
                _ => args
                    .iter()
                    .for_each(|a| symbol_uses(a, written, reads, atomics)),
            }
        }
        ExprKind::Ident(n) if written.contains(n.trim_start_matches("::")) => {
            reads.insert(n.trim_start_matches("::").to_string());
        }
        _ => crate::usage::for_each_child(e, &mut |x| symbol_uses(x, written, reads, atomics)),
    }
}

/// Calls `f` on the index expressions of the lvalue `l` (`a[i][j].x`: `i`, `j`).
fn lvalue_indices(l: &Expr, f: &mut dyn FnMut(&Expr)) {
    match &l.kind {
        ExprKind::Index(b, i) => {
            lvalue_indices(b, f);
            f(i);
        }
        ExprKind::Member { base, .. } => lvalue_indices(base, f),
        ExprKind::Paren(x) => lvalue_indices(x, f),
        _ => {}
    }
}

/// The active `symbols` that `kernel`, or a function it calls, writes: a launch of it
/// overwrites their contents.
pub(crate) fn launch_writes(
    prog: &Program,
    kernel: &Function,
    symbols: &crate::usage::Names,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for f in std::iter::once(kernel).chain(crate::reachable_functions(prog, kernel)) {
        for n in written_symbols(prog, f) {
            if symbols.contains(&n) && !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// Does `kernel` only store into the symbol `sym` (`sym[i] = v`, no function it calls naming
/// it)? Its gradient then leaves the symbol as it finds it.
pub(crate) fn only_stored(prog: &Program, kernel: &Function, sym: &str) -> bool {
    let body = kernel.body.as_deref().unwrap_or_default();
    let active: crate::usage::Names = std::iter::once(sym.to_string()).collect();
    crate::usage::write_only_names(body).contains(sym)
        && crate::reachable_functions(prog, kernel)
            .into_iter()
            .all(|f| read_symbols(prog, &active, f).is_empty())
}

/// The active `symbols` whose contents a launch of `kernel` has its gradient (`gradient`, the
/// generated kernel) read: those it or a function the kernel calls (whose pullback re-runs it)
/// reads other than as the target of a store, `+=`/`-=` or an atomic, which need no old value.
pub(crate) fn gradient_reads(
    prog: &Program,
    kernel: &Function,
    gradient: &[&Function],
    symbols: &[String],
) -> Vec<String> {
    let active: crate::usage::Names = symbols.iter().cloned().collect();
    let (mut reads, mut atomics) = (crate::usage::Names::new(), crate::usage::Names::new());
    for f in gradient
        .iter()
        .copied()
        .chain(crate::reachable_functions(prog, kernel))
    {
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                symbol_uses(e, &active, &mut reads, &mut atomics)
            });
        }
    }
    reads.into_iter().collect()
}

/// The checkpoint of the symbol `sym` (kernels write it) before an overwrite, when reverse
/// code reads its contents: its device address is fetched into `_cuad_at_<sym>`, and
/// `sizeof(sym)` bytes there are saved (forward statements) and restored (reverse).
pub(crate) fn checkpoint(g: &mut Gen, sym: &str) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    if !g.needs_checkpoint(sym) {
        return None;
    }
    let elem = symbol_elem(g.prog, sym)?;
    let at = format!("_cuad_at_{sym}");
    let declared = g
        .decls
        .iter()
        .any(|d| matches!(&d.kind, StmtKind::Decl(d) if d.vars.iter().any(|v| v.name == at)));
    if !declared {
        g.decls.push(decl(
            Ty::pointer_to(elem.clone()),
            &at,
            Some(Expr::synth(ExprKind::Nullptr)),
        ));
    }
    let size = Expr::synth(ExprKind::SizeofExpr(Box::new(ident(sym))));
    let (mut fwd, rev) =
        crate::host::checkpoint_device(g, &ident(&at), &Ty::pointer_to(elem), size)?;
    fwd.insert(
        0,
        expr_stmt(call("cudaGetSymbolAddress", vec![void_pp(&at), ident(sym)])),
    );
    Some((fwd, rev))
}

/// `(void**)&v`.
fn void_pp(v: &str) -> Expr {
    Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty: Ty::pointer_to(Ty::pointer_to(Ty::new(TyKind::Void))),
        expr: Box::new(addr_of(ident(v))),
    })
}

/// An error for a call of a user function, from a host gradient with active symbols, that
/// reaches one (through its calls and launches): its own gradient launches kernels' plain
/// gradients, which would drop the symbol's derivative.
pub(crate) fn check_host_call(g: &mut Gen, name: &str, at: Span) {
    if let Some(message) = host_call_problem(g.prog, name, &g.symbols) {
        g.error(at, message);
    }
}

/// Why a call of the user function `name` from a host function with the active `symbols`
/// would drop their derivatives (in either mode): it reaches one through its calls and
/// launches, and its own derivative launches the kernels' plain ones.
pub(crate) fn host_call_problem(
    prog: &Program,
    name: &str,
    symbols: &crate::usage::Names,
) -> Option<String> {
    if symbols.is_empty() || prog.functions(name).is_empty() {
        return None;
    }
    let mut seen = crate::usage::Names::new();
    reaching_function(prog, name, symbols, &mut seen).map(|user| format!(
        "`{user}`, reached from this call, names a symbol that carries derivatives from `cudaMemcpyToSymbol`: cuad follows such a symbol into the kernels this function launches itself only"
    ))
}

/// The first function among `name` and what it calls or launches whose body names one of
/// `symbols`.
fn reaching_function(
    prog: &Program,
    name: &str,
    symbols: &crate::usage::Names,
    seen: &mut crate::usage::Names,
) -> Option<String> {
    if !seen.insert(name.to_string()) {
        return None;
    }
    for f in prog.functions(name) {
        let mut named = Vec::new();
        for s in f.body.iter().flatten() {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| match &x.kind {
                    ExprKind::Ident(n) => named.push(n.trim_start_matches("::").to_string()),
                    ExprKind::Launch { kernel, .. } => {
                        if let ExprKind::Ident(k) = &kernel.kind {
                            named.push(k.trim_start_matches("::").to_string());
                        }
                    }
                    _ => {}
                })
            });
        }
        if named.iter().any(|n| symbols.contains(n)) {
            return Some(name.to_string());
        }
        // Callees appear as identifiers too (a call's callee, a launch's kernel).
        for n in named.iter().filter(|n| !prog.functions(n).is_empty()) {
            if let Some(found) = reaching_function(prog, n, symbols, seen) {
                return Some(found);
            }
        }
    }
    None
}

/// `cudaMemcpyToSymbol(sym, src, bytes[, 0[, kind[, stream]]])` with `src` carrying
/// derivatives: the symbol becomes active (see the module comment).
pub(crate) fn copy_to_symbol(g: &mut Gen, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let unchanged = (vec![s.clone()], vec![]);
    if let Some(sym) =
        crate::usage::lvalue_root(&args[0]).filter(|n| g.written_symbols.contains(*n))
    {
        let sym = sym.to_string();
        return copy_into_written(g, &sym, args, s);
    }
    let Some((sym, ty, elem)) = checked_symbol(g, args, s) else {
        return unchanged;
    };
    let Some((d_src, _, _)) = g.shadow(&args[1]) else {
        g.error(
            s.span,
            format!(
                "cuad cannot tell where the adjoint of the buffer `{}` lives (keep device and host buffers in pointer variables of this function, or in its parameters)",
                cuad_emit::print_expr(&args[1])
            ),
        );
        return unchanged;
    };
    g.symbols.insert(sym.clone());
    let d_sym = adj_name(&sym);
    let at = address_name(&sym);
    let mut fwd = vec![s.clone()];
    fwd.extend(zeroed_adjoint(g, &sym, &ty, &elem));
    g.helpers.memcpy = true;
    let kind = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| ident("cudaMemcpyHostToDevice"));
    // A struct's source adjoint is summed as an array of its one real type, as `cudaMemcpy`
    // sums buffers of structs.
    let d_src = if real_element(&ty).is_some() {
        d_src
    } else {
        Expr::synth(ExprKind::Cast {
            kind: CastKind::Reinterpret,
            ty: Ty::pointer_to(elem.clone()),
            expr: Box::new(d_src),
        })
    };
    let rev = vec![expr_stmt(call(
        "cuad_memcpy_pullback",
        vec![ident(&at), d_src, args[2].clone(), kind],
    ))];
    g.explanations.push(format!(
        "`{sym}` carries derivatives from `{}`: reads of it in launched kernels add into `{d_sym}`",
        cuad_emit::print_expr(&args[1])
    ));
    (fwd, rev)
}

/// The host variable holding the device address of the adjoint of `sym`.
fn address_name(sym: &str) -> String {
    format!("_cuad_sym_{sym}")
}

/// Declares the adjoint global of `sym` (of type `ty`, real element `elem`) and the host
/// variable of its address (for cudaMemset and copies' pullbacks); returns the statements
/// that take the address and zero the adjoint.
fn zeroed_adjoint(g: &mut Gen, sym: &str, ty: &Ty, elem: &Ty) -> Vec<Stmt> {
    let d_sym = adj_name(sym);
    g.adjoint_globals.push(derivative_global(sym, ty));
    let at = address_name(sym);
    g.decls.push(decl(
        Ty::pointer_to(elem.clone()),
        &at,
        Some(Expr::synth(ExprKind::Nullptr)),
    ));
    let size = Expr::synth(ExprKind::SizeofExpr(Box::new(ident(&d_sym))));
    vec![
        expr_stmt(call(
            "cudaGetSymbolAddress",
            vec![void_pp(&at), ident(&d_sym)],
        )),
        expr_stmt(call("cudaMemset", vec![ident(&at), int_lit(0), size])),
    ]
}

/// Host gradients: the adjoints of the symbols launched kernels write, zeroed when the
/// function starts (the statements), since copies back and the kernels' reverses add into
/// them.
pub(crate) fn zero_written_adjoints(g: &mut Gen) -> Vec<Stmt> {
    let mut out = Vec::new();
    let written: Vec<String> = g.written_symbols.iter().cloned().collect();
    for sym in written {
        let (Some(ty), Some(elem)) = (symbol_type(g.prog, &sym), symbol_elem(g.prog, &sym)) else {
            continue;
        };
        out.extend(zeroed_adjoint(g, &sym, &ty, &elem));
    }
    out
}

/// The reverse of `cudaMemcpyToSymbol(sym, src, bytes[, offset[, kind]])` into a symbol
/// kernels write: the copy overwrote those bytes, so their adjoint moves into the source's
/// (a source carrying derivatives) or is cleared.
fn copy_into_written(g: &mut Gen, sym: &str, args: &[Expr], s: &Stmt) -> (Vec<Stmt>, Vec<Stmt>) {
    let Some(elem) = symbol_elem(g.prog, sym) else {
        return (vec![s.clone()], vec![]);
    };
    // Launches reversed before this copy's reverse may read the contents it overwrites.
    let (mut fwd, mut rev) = checkpoint(g, sym).unwrap_or_default();
    fwd.push(s.clone());
    let at = symbol_bytes_at(sym, &elem, args.get(3));
    rev.push(match g.shadow(&args[1]) {
        Some((d_src, _, _)) => {
            g.helpers.memcpy = true;
            let kind = args
                .get(4)
                .cloned()
                .unwrap_or_else(|| ident("cudaMemcpyHostToDevice"));
            expr_stmt(call(
                "cuad_memcpy_pullback",
                vec![at, reinterpret(d_src, &elem), args[2].clone(), kind],
            ))
        }
        None => expr_stmt(call("cudaMemset", vec![at, int_lit(0), args[2].clone()])),
    });
    (fwd, rev)
}

/// `cudaMemcpyFromSymbol(dst, sym, bytes[, offset[, kind]])` of a symbol kernels write: the
/// reverse moves the destination's adjoint into the symbol's.
pub(crate) fn copy_from_symbol(
    g: &mut Gen,
    sym: &str,
    args: &[Expr],
    s: &Stmt,
) -> (Vec<Stmt>, Vec<Stmt>) {
    let fwd = vec![s.clone()];
    let Some(elem) = symbol_elem(g.prog, sym) else {
        return (fwd, vec![]);
    };
    let Some((d_dst, _, _)) = g.shadow(&args[0]) else {
        if g.expr_is_active(&args[0]) {
            g.error(
                s.span,
                format!(
                    "cuad cannot tell where the adjoint of `{}` lives (copy the symbol into a variable or buffer of this function, or a parameter)",
                    cuad_emit::print_expr(&args[0])
                ),
            );
        }
        return (fwd, vec![]);
    };
    g.helpers.memcpy = true;
    let kind = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| ident("cudaMemcpyDeviceToHost"));
    let at = symbol_bytes_at(sym, &elem, args.get(3));
    let rev = vec![expr_stmt(call(
        "cuad_memcpy_pullback",
        vec![reinterpret(d_dst, &elem), at, args[2].clone(), kind],
    ))];
    g.explanations.push(format!(
        "`{sym}` carries derivatives out of the kernels writing it: its copy into `{}` passes them back to `{}`",
        cuad_emit::print_expr(&args[0]),
        adj_name(sym)
    ));
    (fwd, rev)
}

/// The real element type of the symbol `sym`, for its adjoint's address.
fn symbol_elem(prog: &Program, sym: &str) -> Option<Ty> {
    let ty = symbol_type(prog, sym)?;
    real_element(&ty).or_else(|| crate::host::uniform_real(prog, &ty))
}

/// `(T*)((char*)_cuad_sym_s + offset)`: the adjoint's bytes at a copy's byte offset.
fn symbol_bytes_at(sym: &str, elem: &Ty, offset: Option<&Expr>) -> Expr {
    let at = ident(&address_name(sym));
    let Some(offset) =
        offset.filter(|o| !matches!(&o.strip_parens().kind, ExprKind::IntLit(v) if v == "0"))
    else {
        return at;
    };
    let bytes = Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty: Ty::pointer_to(Ty::new(TyKind::Int {
            kind: IntKind::Char,
            signed: None,
        })),
        expr: Box::new(at),
    });
    reinterpret(paren(binary(BinOp::Add, bytes, offset.clone())), elem)
}

/// `reinterpret_cast<T*>(e)`.
fn reinterpret(e: Expr, elem: &Ty) -> Expr {
    Expr::synth(ExprKind::Cast {
        kind: CastKind::Reinterpret,
        ty: Ty::pointer_to(elem.clone()),
        expr: Box::new(e),
    })
}

/// `__device__ T _d_sym[N];`, the adjoint (reverse) or tangent (forward) of the symbol `sym`
/// of type `ty`: one declaration text in both modes, printed once before the generated code.
pub(crate) fn derivative_global(sym: &str, ty: &Ty) -> String {
    let global = decl_with(
        DeclSpecs {
            device: true,
            ..DeclSpecs::default()
        },
        crate::reverse::mutable_ty(ty),
        &adj_name(sym),
        None,
    );
    cuad_emit::print_stmt(&global, 0)
}

/// The symbol a copy fills, its type and its real element type, when cuad can keep an adjoint
/// for it there; otherwise a located error and `None`.
fn checked_symbol(g: &mut Gen, args: &[Expr], s: &Stmt) -> Option<(String, Ty, Ty)> {
    let fail = |g: &mut Gen, why: String| {
        g.error(
            s.span,
            format!("cuad cannot differentiate through this `cudaMemcpyToSymbol`: {why}"),
        );
        None
    };
    let ExprKind::Ident(sym) = &args[0].strip_parens().kind else {
        return fail(g, format!("`{}` is not a symbol named directly (a file-scope `__constant__` or `__device__` variable)", cuad_emit::print_expr(&args[0])));
    };
    let Some(ty) = symbol_type(g.prog, sym) else {
        return fail(g, format!("`{sym}` is not a file-scope `__constant__` or `__device__` variable (cuad keeps adjoints for those only, outside namespaces)"));
    };
    let Some(elem) = symbol_elem(g.prog, sym) else {
        return fail(g, format!("`{sym}` has type `{}`; cuad keeps adjoints of symbols that are real scalars, fixed-size arrays of reals, or structs (and arrays of them) whose real fields have one real type beside integers", cuad_emit::print_ty(&ty)));
    };
    Some((sym.clone(), ty, elem))
}

/// Forward mode, host functions: the symbols that a `cudaMemcpyToSymbol` fills from a value
/// carrying a tangent (`active` variables).
pub(crate) fn filled_from_active(body: &[Stmt], active: &crate::usage::Names) -> Vec<String> {
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let Some((sym, src)) = copy_into_symbol(x) else {
                    return;
                };
                if crate::activity::depends_on_active(src, active) && !out.contains(&sym) {
                    out.push(sym);
                }
            })
        });
    }
    out
}

/// Host gradients: the symbols among `filled` (copies fill them from values carrying
/// derivatives) that copies fill more than once (inside a loop counts), or at an offset. They
/// are handled as symbols kernels write (`Gen::written_symbols`): their adjoint is zeroed
/// first, and each copy saves the contents it overwrites when reverse code reads them, moves
/// the adjoint of the bytes it fills into its source's and clears it.
pub(crate) fn refilled(body: &[Stmt], filled: &[String]) -> Vec<String> {
    let mut count: HashMap<String, usize> = HashMap::new();
    let visit = |s: &Stmt, count: &mut HashMap<String, usize>| {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let Some((sym, _)) = copy_into_symbol(x) else {
                    return;
                };
                let at_offset = matches!(&x.kind, ExprKind::Call { args, .. } if args.get(3).is_some_and(|o| !matches!(&o.strip_parens().kind, ExprKind::IntLit(v) if v == "0")));
                *count.entry(sym).or_default() += if at_offset { 2 } else { 1 };
            })
        })
    };
    for s in body {
        visit(s, &mut count);
        // A copy in a loop runs again: counted once more.
        s.visit(&mut |l| {
            if matches!(
                l.kind,
                StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
            ) {
                visit(l, &mut count);
            }
        });
    }
    filled
        .iter()
        .filter(|f| count.get(*f).is_some_and(|&k| k > 1))
        .cloned()
        .collect()
}

/// Forward mode, host functions: the symbols with real elements that kernels launched in
/// `body`, or functions they call, write with values that may carry tangents: the launch
/// passes an argument that carries one (`active` variables) or the kernel reads one of the
/// active `symbols`.
pub(crate) fn written_with_tangents(
    prog: &Program,
    body: &[Stmt],
    active: &crate::usage::Names,
    symbols: &crate::usage::Names,
) -> Vec<String> {
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Launch { kernel, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(k) = &kernel.kind else {
                    return;
                };
                for kfun in prog.functions(k).into_iter().filter(|f| f.body.is_some()) {
                    let carries = args
                        .iter()
                        .any(|a| crate::activity::depends_on_active(a, active))
                        || !read_symbols(prog, symbols, kfun).is_empty();
                    if !carries {
                        continue;
                    }
                    for f in std::iter::once(kfun).chain(crate::reachable_functions(prog, kfun)) {
                        for n in written_symbols(prog, f) {
                            if !out.contains(&n) {
                                out.push(n);
                            }
                        }
                    }
                }
            })
        });
    }
    out
}

/// Forward mode, host functions: the variables that `cudaMemcpyFromSymbol(dst, sym, ...)`
/// copies one of the active `symbols` into (`s` of `&s`, `h` of `h + k`): they receive its
/// tangent.
pub(crate) fn copied_back(body: &[Stmt], symbols: &crate::usage::Names) -> Vec<String> {
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let Some((sym, dst)) = copy_from_symbol_args(x) else {
                    return;
                };
                let root = crate::usage::address_root(dst).map(str::to_string);
                if let Some(root) = root.filter(|r| symbols.contains(&sym) && !out.contains(r)) {
                    out.push(root);
                }
            })
        });
    }
    out
}

/// `cudaMemcpyFromSymbol(dst, sym, ...)` (or its `Async` form): the symbol's name and the
/// destination.
pub(crate) fn copy_from_symbol_args(e: &Expr) -> Option<(String, &Expr)> {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    if !matches!(
        name.trim_start_matches("::"),
        "cudaMemcpyFromSymbol" | "cudaMemcpyFromSymbolAsync"
    ) || args.len() < 3
    {
        return None;
    }
    let sym = crate::usage::lvalue_root(&args[1])?;
    Some((sym.trim_start_matches("::").to_string(), &args[0]))
}

/// `cudaMemcpyToSymbol(sym, src, ...)` (or its `Async` form): the symbol's name and the source.
pub(crate) fn copy_into_symbol(e: &Expr) -> Option<(String, &Expr)> {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    if !matches!(
        name.trim_start_matches("::"),
        "cudaMemcpyToSymbol" | "cudaMemcpyToSymbolAsync"
    ) || args.len() < 3
    {
        return None;
    }
    let sym = crate::usage::lvalue_root(&args[0])?;
    Some((sym.to_string(), &args[1]))
}

/// Forward mode, host functions: what launches of kernels reading one of the active `symbols`
/// may write, so what carries tangents after them: the buffers (`is_buffer`) passed for
/// pointer parameters that do not point to const.
pub(crate) fn launch_outputs(
    prog: &Program,
    body: &[Stmt],
    symbols: &crate::usage::Names,
    is_buffer: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Launch { kernel, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(k) = &kernel.kind else {
                    return;
                };
                for kfun in prog.functions(k).into_iter().filter(|f| f.body.is_some()) {
                    if read_symbols(prog, symbols, kfun).is_empty() {
                        continue;
                    }
                    for (p, a) in kfun.params.iter().zip(args) {
                        let writable = matches!(&prog.canonical(&p.ty).kind, TyKind::Pointer { pointee, .. } if !pointee.is_const_object());
                        let root =
                            crate::usage::lvalue_root(a).filter(|r| writable && is_buffer(r));
                        if let Some(root) = root.filter(|r| !out.iter().any(|o| o == r)) {
                            out.push(root.to_string());
                        }
                    }
                }
            })
        });
    }
    out
}

/// The type of the symbol `sym` and its real element type, when forward mode can keep a
/// tangent for it; otherwise why not.
pub(crate) fn tangent_symbol(prog: &Program, sym: &str) -> Result<(Ty, Ty), String> {
    let Some(ty) = symbol_type(prog, sym) else {
        return Err(format!("`{sym}` is not a file-scope `__constant__` or `__device__` variable (cuad keeps tangents for those only, outside namespaces)"));
    };
    // A struct of model constants (`__constant__ Heston c_model`): its tangent is a struct of
    // the same type whose real fields hold the tangents, as reverse mode's adjoint.
    match real_element(&ty).or_else(|| crate::host::uniform_real(prog, &ty)) {
        Some(elem) => Ok((ty, elem)),
        None => Err(format!("`{sym}` has type `{}`; cuad keeps tangents of symbols that are real scalars, fixed-size arrays of reals, or structs (and arrays of them) whose real fields have one real type beside integers", cuad_emit::print_ty(&ty))),
    }
}

/// Host functions: the file-scope symbols of real type (or arrays, or structs of one real
/// type) that kernels launched in `body`, or functions they call, write. They carry
/// derivatives out of the kernels (`atomicAdd(&g_sum, v)`, `g_out[i] = u[i]`) to the host,
/// which reads them back with `cudaMemcpyFromSymbol` (see `copy_from_symbol`).
pub(crate) fn kernel_written_symbols(prog: &Program, body: &[Stmt]) -> crate::usage::Names {
    let mut out = crate::usage::Names::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Launch { kernel, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(k) = &kernel.kind else {
                    return;
                };
                for kfun in prog.functions(k) {
                    for f in std::iter::once(kfun).chain(crate::reachable_functions(prog, kfun)) {
                        out.extend(written_symbols(prog, f));
                    }
                }
            })
        });
    }
    out
}

/// The file-scope symbols with real elements `f` writes (not hidden by its parameters or
/// locals).
fn written_symbols(prog: &Program, f: &Function) -> Vec<String> {
    let body = f.body.as_deref().unwrap_or_default();
    let mut written = crate::usage::Names::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::writes(e, &mut written));
    }
    // locals hide symbols of the same name
    let mut declared = crate::usage::Names::new();
    body.iter()
        .for_each(|s| crate::normalize::declared_names(s, &mut declared));
    written
        .into_iter()
        .map(|n| n.trim_start_matches("::").to_string())
        .filter(|n| !declared.contains(n) && !f.params.iter().any(|p| p.name.as_deref() == Some(n)))
        .filter(|n| symbol_elem(prog, n).is_some())
        .collect()
}
