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
//!
//! The symbol's contents must stay what the reverse launches read: one copy, outside loops,
//! and no launched kernel writing the symbol. Other forms are located errors.

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
/// (the plain name stays the kernel's own gradient, which treats symbols as constants).
pub(crate) fn kernel_grad_name(
    prog: &Program,
    kernel: &Function,
    wrt: &[usize],
    symbols: &[String],
) -> String {
    let mut name = crate::grad_name(prog, kernel, wrt);
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
    let Target::Grad { symbols, .. } = target else {
        return vec![];
    };
    if mode != Mode::Kernel {
        return vec![];
    }
    let mut found = Vec::new();
    for s in symbols {
        if let Some(ty) = symbol_type(prog, s) {
            types.insert(s.clone(), ty);
            found.push(s.clone());
        }
    }
    found
}

/// The host gradient's active symbols that `kernel`'s body names (a parameter of the same
/// name hides the symbol).
pub(crate) fn read_symbols(g: &Gen, kernel: &Function) -> Vec<String> {
    let hidden = |n: &str| kernel.params.iter().any(|p| p.name.as_deref() == Some(n));
    let mut named = crate::usage::Names::new();
    for s in kernel.body.iter().flatten() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    named.insert(n.trim_start_matches("::").to_string());
                }
            })
        });
    }
    g.symbols
        .iter()
        .filter(|n| named.contains(*n) && !hidden(n))
        .cloned()
        .collect()
}

/// Errors for a launch of `kernel` whose gradient would miss part of an active symbol's
/// derivative: the kernel writes the symbol, or a function it calls reads it.
pub(crate) fn check_launch(g: &mut Gen, kernel: &Function, symbols: &[String], at: Span) {
    let mut written = crate::usage::Names::new();
    crate::usage::stmt_writes(kernel.body.as_deref().unwrap_or_default(), &mut written);
    if let Some(sym) = symbols.iter().find(|s| written.contains(*s)) {
        g.error(
            at,
            format!(
                "kernel `{}` writes `{sym}`, which carries derivatives from `cudaMemcpyToSymbol`: cuad differentiates symbols that launched kernels only read",
                kernel.name
            ),
        );
        return;
    }
    let active: Vec<String> = g.symbols.iter().cloned().collect();
    if let Some(callee) =
        crate::callee_mentioning(g.prog, kernel, &|n| active.iter().any(|s| s == n))
    {
        g.error(
            at,
            format!(
                "`{callee}`, called by kernel `{}`, names a symbol that carries derivatives from `cudaMemcpyToSymbol`: cuad follows such a symbol's reads in the launched kernel's own body only (pass the value to `{callee}` as an argument)",
                kernel.name
            ),
        );
    }
}

/// An error for a call of a user function, from a host gradient with active symbols, that
/// reaches one (through its calls and launches): its own gradient launches kernels' plain
/// gradients, which would drop the symbol's derivative.
pub(crate) fn check_host_call(g: &mut Gen, name: &str, at: Span) {
    if g.symbols.is_empty() || g.prog.functions(name).is_empty() {
        return;
    }
    let mut seen = crate::usage::Names::new();
    if let Some(user) = reaching_function(g.prog, name, &g.symbols, &mut seen) {
        g.error(
            at,
            format!(
                "`{user}`, reached from this call, names a symbol that carries derivatives from `cudaMemcpyToSymbol`: cuad follows such a symbol into the kernels this function launches itself only"
            ),
        );
    }
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
    let global = decl_with(
        DeclSpecs {
            device: true,
            ..DeclSpecs::default()
        },
        crate::reverse::mutable_ty(&ty),
        &d_sym,
        None,
    );
    g.adjoint_globals.push(cuad_emit::print_stmt(&global, 0));
    // The adjoint's device address, for cudaMemset and the copy's pullback.
    let at = format!("_cuad_sym_{sym}");
    g.decls.push(decl(
        Ty::pointer_to(elem.clone()),
        &at,
        Some(Expr::synth(ExprKind::Nullptr)),
    ));
    let void_pp = Ty::pointer_to(Ty::pointer_to(Ty::new(TyKind::Void)));
    let address = Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty: void_pp,
        expr: Box::new(addr_of(ident(&at))),
    });
    let size = Expr::synth(ExprKind::SizeofExpr(Box::new(ident(&d_sym))));
    let fwd = vec![
        s.clone(),
        expr_stmt(call("cudaGetSymbolAddress", vec![address, ident(&d_sym)])),
        expr_stmt(call("cudaMemset", vec![ident(&at), int_lit(0), size])),
    ];
    g.helpers.memcpy = true;
    let kind = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| ident("cudaMemcpyHostToDevice"));
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
    let Some(elem) = real_element(&ty) else {
        return fail(g, format!("`{sym}` has type `{}`; cuad keeps adjoints of symbols that are real scalars or fixed-size arrays of reals", cuad_emit::print_ty(&ty)));
    };
    if args
        .get(3)
        .is_some_and(|o| !matches!(&o.strip_parens().kind, ExprKind::IntLit(v) if v == "0"))
    {
        return fail(
            g,
            "it copies at an offset into the symbol (copy the whole symbol from one buffer)"
                .to_string(),
        );
    }
    if !g.loop_bodies.is_empty() {
        return fail(g, format!("it is inside a loop: the reverse launches read `{sym}` as the forward left it, so cuad needs one copy into it, before the loop"));
    }
    if g.symbols.contains(sym.as_str()) {
        return fail(g, format!("`{sym}` was already filled from a buffer carrying derivatives: the reverse launches read its contents as the forward left it, so cuad needs one copy into it"));
    }
    Some((sym.clone(), ty, elem))
}
