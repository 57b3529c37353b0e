//! Host helpers that take a `std::vector<T>` (T real, vectors.rs) by reference and use it only
//! as a fixed buffer (`v[i]`, `v.data()`, `v.size()`, `v.empty()`, `v.front()`, `v.back()`,
//! `v.at(i)`, a range-based `for`, `v.begin()`/`v.end()` given to `std::copy`, or passing it
//! on to such a helper): a copy of the helper takes each such vector as a pointer and a size,
//! `f(const std::vector<double>& v, int k)` -> `f_cuad_vec(const double* v, unsigned long
//! _cuad_size_v, int k)`, with the uses rewritten as vectors.rs rewrites a lowered vector's.
//! A host function whose vectors are lowered to `calloc` buffers calls the copy
//! (`f(h, 2)` -> `f_cuad_vec(h, _cuad_size_h, 2)`), so the helper reads and writes the buffer
//! whose adjoint is mirrored, and its pullback receives that adjoint.
//!
//! Which parameters qualify is a greatest fixed point over the file's helpers: a parameter
//! passed on to another helper qualifies when that helper's parameter does. A helper is not
//! copied when it is a template, a method, device code, declares a name like the parameter or
//! holds a lambda; its vectors then stay library containers in callers.

use crate::builder::*;
use crate::usage::Names;
use crate::vectors::{real_vector_elem, size_name, UseScan, Vector};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashMap;

const SUFFIX: &str = "_cuad_vec";

/// The name of the helper `name`'s copy that takes pointers.
pub fn pointer_name(name: &str) -> String {
    format!("{name}{SUFFIX}")
}

/// The one helper with a body that a call of `name` with `n` arguments calls, if there is one
/// (an unqualified name; overloads that take other argument counts do not count).
fn callee<'a>(prog: &Program<'a>, name: &str, n: usize) -> Option<&'a Function> {
    if name.contains("::") || name.starts_with("__cuad") {
        return None;
    }
    let defs: Vec<&Function> = prog
        .functions_for_call(name, n)
        .into_iter()
        .filter(|f| f.body.is_some() && f.params.len() == n)
        .collect();
    match defs.as_slice() {
        [f] => Some(f),
        _ => None,
    }
}

/// For a call of `name` with `n` arguments: the positions of the arguments the pointer copy of
/// the callee takes as pointers and sizes (each followed by its size), if it has one.
pub fn positions(prog: &Program, name: &str, n: usize) -> Option<Vec<usize>> {
    let f = callee(prog, name, n)?;
    let copy = prog
        .functions(&pointer_name(name))
        .into_iter()
        .find(|c| c.name_span == f.name_span)?;
    let out: Vec<usize> = f
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.name.as_deref().is_some_and(|n| {
                let size = size_name(n);
                copy.params.iter().any(|q| q.name.as_deref() == Some(&size))
            })
        })
        .map(|(k, _)| k)
        .collect();
    (!out.is_empty()).then_some(out)
}

/// The element type of a parameter taking a vector of reals by reference, and whether the
/// vector is const.
fn vector_param(prog: &Program, p: &Param) -> Option<(Ty, bool)> {
    p.name.as_ref()?;
    let TyKind::LRef(inner) = &prog.canonical(&p.ty).kind else {
        return None;
    };
    real_vector_elem(prog, inner).map(|e| (e, inner.is_const))
}

/// The pointer copies of the helpers among `functions` whose vector parameters qualify.
pub fn pointer_copies(prog: &Program, functions: &[&Function]) -> Vec<Function> {
    // Candidates: host functions, not templates or methods, without lambdas.
    let mut qualifying: Vec<Vec<usize>> = functions
        .iter()
        .map(|f| {
            let candidates: Vec<usize> = (0..f.params.len())
                .filter(|&k| vector_param(prog, &f.params[k]).is_some())
                .collect();
            let plain = !f.attrs.global
                && !f.attrs.device
                && f.template.is_none()
                && !f.name.contains("::");
            let Some(body) = f
                .body
                .as_deref()
                .filter(|b| plain && !candidates.is_empty() && !has_lambda(b))
            else {
                return vec![];
            };
            let declared = declared_names(body);
            candidates
                .into_iter()
                .filter(|&k| !declared.contains(f.params[k].name.as_deref().unwrap()))
                .collect()
        })
        .collect();
    loop {
        let mut changed = false;
        for i in 0..functions.len() {
            if qualifying[i].is_empty() {
                continue;
            }
            let f = functions[i];
            let helpers = |name: &str, n: usize| {
                let g = callee(prog, name, n)?;
                let j = functions.iter().position(|h| std::ptr::eq(*h, g))?;
                (!qualifying[j].is_empty()).then(|| qualifying[j].clone())
            };
            let names: Names = qualifying[i]
                .iter()
                .map(|&k| f.params[k].name.clone().unwrap())
                .collect();
            let mut scan = UseScan::new(prog, &names, true, &helpers);
            scan.stmts(f.body.as_deref().unwrap_or_default());
            let mut kept: Names = scan.kept.into_iter().map(|(v, _)| v).collect();
            // A parameter passed on together with one that does not qualify does not either.
            crate::vectors::close_links(&mut kept, &scan.links);
            if !kept.is_empty() {
                qualifying[i].retain(|&k| !kept.contains(f.params[k].name.as_deref().unwrap()));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let helpers = |name: &str, n: usize| {
        let g = callee(prog, name, n)?;
        let j = functions.iter().position(|h| std::ptr::eq(*h, g))?;
        (!qualifying[j].is_empty()).then(|| qualifying[j].clone())
    };
    functions
        .iter()
        .zip(&qualifying)
        .filter(|(_, q)| !q.is_empty())
        .map(|(f, q)| pointer_copy(prog, f, q, &helpers))
        .collect()
}

/// `f` taking its parameters at `positions` as a pointer and a size.
fn pointer_copy(
    prog: &Program,
    f: &Function,
    positions: &[usize],
    helpers: crate::vectors::HelperPositions,
) -> Function {
    let mut g = f.clone();
    g.name = pointer_name(&f.name);
    g.attrs.inline = false;
    g.attrs.forceinline = false;
    let mut vectors = HashMap::new();
    g.params.clear();
    for (k, p) in f.params.iter().enumerate() {
        match vector_param(prog, p).filter(|_| positions.contains(&k)) {
            Some((elem, is_const)) => {
                let name = p.name.clone().unwrap();
                g.params.push(Param {
                    ty: Ty::pointer_to(elem.clone().with_const(is_const)),
                    ..p.clone()
                });
                g.params
                    .push(param(&size_name(&name), cuad_sema::types::ulong_ty()));
                vectors.insert(name, Vector { elem, sized: true });
            }
            None => g.params.push(p.clone()),
        }
    }
    if let Some(body) = &mut g.body {
        crate::vectors::lower_param_uses(prog, helpers, &mut vectors, body);
    }
    g
}

fn has_lambda(body: &[Stmt]) -> bool {
    body.iter().any(|s| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            found |= crate::usage::any_expr(e, &|x| matches!(x.kind, ExprKind::Lambda(_)))
        });
        found
    })
}

fn declared_names(body: &[Stmt]) -> Names {
    let mut out = Names::new();
    for s in body {
        s.visit(&mut |x| match &x.kind {
            StmtKind::Decl(d) => out.extend(d.vars.iter().map(|v| v.name.clone())),
            StmtKind::Bindings(b) => out.extend(b.names.iter().cloned()),
            _ => {}
        });
    }
    out
}
