//! Activity analysis: which variables carry derivatives ("varied" by the inputs the gradient
//! is taken with respect to). A fixpoint over the assignments of the body: a variable becomes
//! active when a value computed from an active one is stored into it. Integers never are.

use crate::usage::{lvalue_root, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

thread_local! {
    static INTEGER_ADJOINTS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// While alive, integers carry derivatives (with integer adjoints), as in Clad: set for a
/// request that names integer parameters (or whose function has no real one), so Clad's
/// integer kernels work; every other request keeps integers underived.
pub struct IntegerAdjoints {
    before: bool,
}

impl IntegerAdjoints {
    pub fn enable(on: bool) -> IntegerAdjoints {
        let before = INTEGER_ADJOINTS.with(|c| c.replace(on));
        IntegerAdjoints { before }
    }
}

impl Drop for IntegerAdjoints {
    fn drop(&mut self) {
        INTEGER_ADJOINTS.with(|c| c.set(self.before));
    }
}

fn integer_adjoints() -> bool {
    INTEGER_ADJOINTS.with(|c| c.get())
}

/// Is this an integer, or a pointer, array or reference of integers?
pub fn is_integer_based(ty: &Ty) -> bool {
    match &ty.kind {
        TyKind::Int { .. } => true,
        TyKind::Pointer { pointee, .. } => is_integer_based(pointee),
        TyKind::LRef(t) | TyKind::RRef(t) => is_integer_based(t),
        TyKind::Array { elem, .. } => is_integer_based(elem),
        _ => false,
    }
}

/// Can a value of this (canonical) type carry a derivative? Reals, pointers/arrays of such,
/// structs and CUDA vector types (their real fields carry it).
pub fn is_differentiable(prog: &Program, ty: &Ty) -> bool {
    differentiable_depth(prog, ty, 0)
}

/// Depth-limited so self-referencing structs (`struct Node { Node* next; float v; }`) end.
fn differentiable_depth(prog: &Program, ty: &Ty, depth: usize) -> bool {
    if depth > 8 {
        return false;
    }
    match &ty.kind {
        TyKind::Half | TyKind::BFloat16 | TyKind::Float | TyKind::Double | TyKind::LongDouble => {
            true
        }
        TyKind::Int { .. } => integer_adjoints(),
        TyKind::Pointer { pointee, .. } => differentiable_depth(prog, pointee, depth + 1),
        TyKind::LRef(t) | TyKind::RRef(t) => differentiable_depth(prog, t, depth + 1),
        TyKind::Array { elem, .. } => differentiable_depth(prog, elem, depth + 1),
        TyKind::Named { .. } => {
            real_aggregate_depth(prog, ty, depth + 1)
                // class templates: the fields with the template's arguments substituted
                || prog
                    .fields(ty)
                    .iter()
                    .any(|(_, t)| differentiable_depth(prog, t, depth + 1))
        }
        _ => false,
    }
}

fn real_aggregate_depth(prog: &Program, ty: &Ty, depth: usize) -> bool {
    let TyKind::Named { name, .. } = &ty.kind else {
        return false;
    };
    if let Some(rest) = name
        .strip_prefix("float")
        .or_else(|| name.strip_prefix("double"))
    {
        return matches!(rest, "1" | "2" | "3" | "4");
    }
    match prog.class_def(ty) {
        Some(def) => def.members.iter().flatten().any(|m| match m {
            Member::Field(d) if !d.specs.is_typedef => d
                .vars
                .iter()
                .any(|v| differentiable_depth(prog, &prog.canonical(&v.ty), depth + 1)),
            _ => false,
        }),
        None => false,
    }
}

pub fn is_real(ty: &Ty) -> bool {
    match ty.kind {
        TyKind::Half | TyKind::BFloat16 | TyKind::Float | TyKind::Double | TyKind::LongDouble => {
            true
        }
        TyKind::Int { .. } => integer_adjoints(),
        _ => false,
    }
}

/// Computes the set of active variable names. `types` maps every parameter and local to its
/// canonical type; `seeds` are the parameters the gradient is taken with respect to.
pub fn active_vars(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    seeds: &Names,
) -> Names {
    let mut active = seeds.clone();
    let raw = raw_pointer_targets(body, types);
    let targets = resolve_pointer_targets(&raw);
    let sources = allocated_sources(&raw);
    loop {
        let before = active.len();
        for s in body {
            visit(prog, s, types, &targets, &mut active);
        }
        // A local pointer into a local (shared) array: active values stored through the
        // pointer make the array active, so that the pointer's shadow has memory to point to.
        // That holds for a raw buffer of integers too (`extern __shared__ int smem[];
        // float* s = (float*)smem;`): its adjoint is raw memory the shadow views the same way.
        for (p, ts) in &targets {
            if active.contains(p) {
                for t in ts {
                    if !params_contain(types, t)
                        && (differentiable_var(prog, types, t) || raw_buffer(types, t))
                    {
                        active.insert(t.clone());
                    }
                }
            }
        }
        // Host ping-pong (`float* dst = d_b; ... tmp = src; src = dst; dst = tmp;`): a pointer
        // copied from buffers the function allocates holds one of them, so active values
        // stored through it make those buffers active too (they need adjoint buffers).
        for (p, bufs) in &sources {
            if active.contains(p) {
                active.extend(bufs.iter().cloned());
            }
        }
        if active.len() == before {
            return active;
        }
    }
}

/// Local pointer variables -> the local pointers holding memory the function allocates
/// (`cudaMalloc(&b, n)`, `b = malloc(n)`) that they are copied from, directly or through other
/// pointer copies.
fn allocated_sources(raw: &HashMap<String, Names>) -> HashMap<String, Names> {
    walk_copies(raw, |p, q, ts, found| {
        if let Some(ts) = ts {
            if q != p && ts.contains(ALLOCATED) {
                found.insert(q.to_string());
            }
            return ts.iter().cloned().collect();
        }
        vec![]
    })
}

/// For every pointer `p` of the copy graph, the names `visit(p, q, edges of q, found)` adds
/// while walking every `q` reachable from `p` once (depth first); `visit` returns the names
/// to walk next.
fn walk_copies(
    graph: &HashMap<String, Names>,
    mut visit: impl FnMut(&str, &str, Option<&Names>, &mut Names) -> Vec<String>,
) -> HashMap<String, Names> {
    graph
        .keys()
        .map(|p| {
            let mut seen = Names::new();
            let mut found = Names::new();
            let mut stack = vec![p.clone()];
            while let Some(q) = stack.pop() {
                if seen.insert(q.clone()) {
                    stack.extend(visit(p, &q, graph.get(&q), &mut found));
                }
            }
            (p.clone(), found)
        })
        .collect()
}

/// Local pointer variables -> the roots of what they are assigned (`xs = buf + 8` -> `buf`).
fn pointer_targets(body: &[Stmt], types: &HashMap<String, Ty>) -> HashMap<String, Names> {
    resolve_pointer_targets(&raw_pointer_targets(body, types))
}

/// Local pointer variables -> the roots of each assignment, before following copies.
fn raw_pointer_targets(body: &[Stmt], types: &HashMap<String, Ty>) -> HashMap<String, Names> {
    let mut out: HashMap<String, Names> = HashMap::new();
    let is_local_pointer = |n: &str| {
        !params_contain(types, n)
            && types
                .get(n)
                .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }))
    };
    let is_local_array = |n: &str| {
        !params_contain(types, n)
            && types
                .get(n)
                .is_some_and(|t| matches!(t.kind, TyKind::Array { .. }))
    };
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(None, l, r) => {
                    // `s.f = q`, `v.m = buf + 3`, `dst[0] = A`: the struct or pointer table
                    // holds the buffer (buffers of a struct or table that carries derivatives
                    // need adjoints too).
                    let holder = match &l.kind {
                        ExprKind::Member {
                            base, arrow: false, ..
                        } => Some(base),
                        ExprKind::Index(base, _) if is_pointer_table(types, base) => Some(base),
                        _ => None,
                    };
                    if let Some(base) = holder {
                        if let ExprKind::Ident(s) = &base.strip_parens().kind {
                            let mut roots = Names::new();
                            pointer_roots(r, &mut roots);
                            for q in roots {
                                let to_reals = types.get(&q).is_some_and(|t| match &t.kind {
                                    TyKind::Pointer { pointee, .. } => is_real(pointee),
                                    TyKind::Array { elem, .. } => is_real(elem),
                                    _ => false,
                                });
                                let local = is_local_pointer(&q) || is_local_array(&q);
                                if !params_contain(types, s) && local && to_reals {
                                    out.entry(s.clone()).or_default().insert(q);
                                }
                            }
                        }
                        return;
                    }
                    let ExprKind::Ident(p) = &l.kind else { return };
                    if !is_local_pointer(p) {
                        return;
                    }
                    let entry = out.entry(p.clone()).or_default();
                    if allocation_call(r) {
                        entry.insert(ALLOCATED.into());
                    } else {
                        pointer_roots(r, entry);
                    }
                }
                // `cudaMalloc(&p, n)`, `cudaMallocManaged(&p, n)`.
                ExprKind::Call { callee, args, .. } if matches!(&callee.kind, ExprKind::Ident(n) if n.starts_with("cudaMalloc")) =>
                {
                    let Some(ExprKind::Unary(UnOp::AddrOf, p)) =
                        args.first().map(|a| &strip_casts(a).kind)
                    else {
                        return;
                    };
                    if let ExprKind::Ident(p) = &p.kind {
                        if is_local_pointer(p) {
                            out.entry(p.clone()).or_default().insert(ALLOCATED.into());
                        }
                    }
                }
                _ => {}
            })
        });
    }
    out
}

/// `cur = nxt` (ping-pong swaps): a pointer copied from another local pointer points where
/// that one may point; a pointer of unknown targets stays a target itself.
fn resolve_pointer_targets(out: &HashMap<String, Names>) -> HashMap<String, Names> {
    walk_copies(out, |_, q, ts, found| match ts {
        Some(ts) if !ts.is_empty() => ts.iter().cloned().collect(),
        _ => {
            found.insert(q.to_string());
            vec![]
        }
    })
}

/// `dst` of `float* dst[3]`: a local array of pointers.
fn is_pointer_table(types: &HashMap<String, Ty>, e: &Expr) -> bool {
    matches!(&e.strip_parens().kind, ExprKind::Ident(n)
        if types.get(n).is_some_and(|t| matches!(&t.kind,
            TyKind::Array { elem, .. } if matches!(elem.kind, TyKind::Pointer { .. }))))
}

/// The buffers a pointer value may point into: `buf + 8` -> `buf`, `c ? a : b` -> `a`, `b`.
fn pointer_roots(e: &Expr, out: &mut Names) {
    match &e.strip_parens().kind {
        ExprKind::Cond(_, a, b) => {
            pointer_roots(a, out);
            pointer_roots(b, out);
        }
        _ => {
            if let Some(r) = lvalue_root(e) {
                out.insert(r.to_string());
            }
        }
    }
}

/// The target of a local pointer that holds memory the function allocates itself.
const ALLOCATED: &str = "<allocated>";

fn strip_casts(e: &Expr) -> &Expr {
    match &e.strip_parens().kind {
        ExprKind::Cast { expr, .. } => strip_casts(expr),
        _ => e.strip_parens(),
    }
}

/// `malloc(n)`, `(T*)calloc(k, n)`.
fn allocation_call(e: &Expr) -> bool {
    matches!(&strip_casts(e).kind, ExprKind::Call { callee, .. }
        if matches!(&callee.kind, ExprKind::Ident(n) if n == "malloc" || n == "calloc"))
}

/// An unsized array of integers (`extern __shared__ int smem[]`, the dynamic shared memory)
/// that a pointer to reals may view. Its adjoint is the second half of the region, aligned
/// as the first; a sized buffer's adjoint could not repeat its `alignas` (see
/// `raw_bytes_errors`).
fn raw_buffer(types: &HashMap<String, Ty>, name: &str) -> bool {
    types.get(name).is_some_and(|t| {
        matches!(&t.kind, TyKind::Array { elem, len: None } if matches!(elem.kind, TyKind::Int { .. }))
    })
}

/// `s.h` (or `s.a.h`): a pointer field of a struct variable, which holds the buffer.
fn struct_pointer_field(prog: &Program, types: &HashMap<String, Ty>, e: &Expr) -> bool {
    matches!(e.strip_parens().kind, ExprKind::Member { .. })
        && types
            .get(lvalue_root(e).unwrap_or_default())
            .is_some_and(|t| matches!(t.kind, TyKind::Named { .. }))
        && is_pointer_member(prog, types, e)
}

/// `s.f` of pointer type.
fn is_pointer_member(prog: &Program, types: &HashMap<String, Ty>, e: &Expr) -> bool {
    prog.type_of(e, &crate::reverse::TypeScope(types))
        .is_some_and(|t| matches!(prog.canonical(&t).kind, TyKind::Pointer { .. }))
}

/// `k[0]` of `double k[4][3]`, `s.f` of `double f[3]`: an expression of array type.
fn is_array_valued(prog: &Program, types: &HashMap<String, Ty>, e: &Expr) -> bool {
    prog.type_of(e, &crate::reverse::TypeScope(types))
        .is_some_and(|t| matches!(prog.canonical(&t).kind, TyKind::Array { .. }))
}

fn differentiable_var(prog: &Program, types: &HashMap<String, Ty>, name: &str) -> bool {
    types.get(name).is_some_and(|t| is_differentiable(prog, t))
}

fn visit(
    prog: &Program,
    s: &Stmt,
    types: &HashMap<String, Ty>,
    targets: &HashMap<String, Names>,
    active: &mut Names,
) {
    // Every assignment and call, nested ones included (`bcast(x, smem) * 0.5` stores through
    // `smem`).
    crate::usage::visit_stmt_exprs(s, &mut |e| {
        crate::usage::walk_expr(e, &mut |x| node(prog, x, types, targets, active))
    });
}

fn node<'e>(
    prog: &Program,
    e: &'e Expr,
    types: &HashMap<String, Ty>,
    targets: &HashMap<String, Names>,
    active: &mut Names,
) {
    match &e.kind {
        ExprKind::Assign(_, l, r) if depends_on_active(r, active) => {
            if let Some(root) = lvalue_root(l) {
                // Memory reached through a pointer parameter is active only if that
                // parameter is (its adjoint buffer exists); locals become active here.
                if differentiable_var(prog, types, root)
                    && !is_inactive_param_memory(prog, l, types, targets, active)
                {
                    active.insert(root.to_string());
                }
            }
        }
        ExprKind::Call { args, .. } | ExprKind::Launch { args, .. } => {
            let any_active = args.iter().any(|a| depends_on_active(a, active));
            let callee_params: Vec<Ty> = match &e.kind {
                ExprKind::Call { callee, .. } => match &callee.kind {
                    ExprKind::Ident(n) => prog
                        .functions_for_call(n, args.len())
                        .first()
                        .map(|f| f.params.iter().map(|p| prog.canonical(&p.ty)).collect())
                        .unwrap_or_default(),
                    _ => vec![],
                },
                _ => vec![],
            };
            let read_only = read_only_params(prog, e);
            for (j, a) in args.iter().enumerate() {
                // A callee may store active values through pointer/reference arguments (not
                // through a pointer to const: a launch reading observation records).
                if any_active && !read_only.contains(&j) {
                    let by_reference = callee_params
                        .get(j)
                        .is_some_and(|t| matches!(&t.kind, TyKind::LRef(inner) if !inner.is_const));
                    let is_buffer = |n: &&str| {
                        types.get(*n).is_some_and(|t| {
                            matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                        })
                    };
                    // A view given by value (`rodrigues(w, R)` with `R.m` a local array's
                    // address): the callee may store through its pointers.
                    let is_view = |n: &str| {
                        types.get(n).is_some_and(|t| {
                            matches!(t.kind, TyKind::Named { .. })
                                && crate::views::holds_active_pointers(prog, t)
                        })
                    };
                    let target = match &a.strip_parens().kind {
                        ExprKind::Unary(UnOp::AddrOf, x) => lvalue_root(x),
                        ExprKind::Ident(n) => (is_buffer(&n.as_str())
                            || by_reference
                            || is_view(n)
                            || types.get(n).is_some_and(|t| holds_writable_buffer(prog, t))
                                && may_store_through(prog, e, j))
                        .then_some(n.as_str()),
                        // Pointer arithmetic (`m + b * n`, `b * n + m`, `s.h + 1`): the
                        // buffer it points into.
                        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => {
                            let buffer = |x: &'e Expr| {
                                lvalue_root(x).filter(|n| {
                                    is_buffer(n) || struct_pointer_field(prog, types, x)
                                })
                            };
                            buffer(l).or_else(|| (*op == BinOp::Add).then(|| buffer(r)).flatten())
                        }
                        _ if by_reference => lvalue_root(a),
                        // An array that decays to a pointer: a row of a local 2-D array
                        // (`rk4_stage(p, y, k[st])`) or an array field (`f(s.acc)`).
                        ExprKind::Index(..) | ExprKind::Member { .. }
                            if is_array_valued(prog, types, a) =>
                        {
                            lvalue_root(a)
                        }
                        // A pointer field of a local struct (`cudaMemcpy(s.h, x, ...)`): the
                        // struct holds the buffer.
                        ExprKind::Member { .. } if struct_pointer_field(prog, types, a) => {
                            lvalue_root(a)
                        }
                        _ => None,
                    };
                    if let Some(root) = target {
                        // Local memory, or a local pointer (host code: device buffers a copy
                        // or a launch fills with active values).
                        if !params_contain(types, root) && differentiable_var(prog, types, root) {
                            active.insert(root.to_string());
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// The argument positions of a call or launch whose parameter is a pointer to const in every
/// function the callee's name may denote: the callee cannot store through them.
fn read_only_params(prog: &Program, e: &Expr) -> Vec<usize> {
    let (callee, n_args) = match &e.kind {
        ExprKind::Call { callee, args, .. } => (callee, args.len()),
        ExprKind::Launch { kernel, args, .. } => (kernel, args.len()),
        _ => return vec![],
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return vec![];
    };
    let candidates = prog.functions_for_call(name, n_args);
    if candidates.is_empty() {
        return vec![];
    }
    // A reference to a pointer to const (`const T*& p`) moves the pointer, never stores.
    let const_pointee = |f: &Function, j: usize| {
        f.params.get(j).is_some_and(|p| {
            let ty = prog.canonical(&p.ty);
            let pointer = match &ty.kind {
                TyKind::LRef(t) => t,
                _ => &ty,
            };
            matches!(&pointer.kind, TyKind::Pointer { pointee, .. } if pointee.is_const_object())
        })
    };
    (0..n_args)
        .filter(|&j| candidates.iter().all(|f| const_pointee(f, j)))
        .collect()
}

/// May the callee of call or launch `e` store through its `j`-th parameter, a struct holding
/// pointers (`mix<<<...>>>(q, r, n)` writing `r.h[i]`)? Yes when some function the name may
/// denote has no body, writes through it, or lets one of its pointers escape (into a call, a
/// variable, a return).
fn may_store_through(prog: &Program, e: &Expr, j: usize) -> bool {
    let (callee, n_args) = match &e.kind {
        ExprKind::Call { callee, args, .. } => (callee, args.len()),
        ExprKind::Launch { kernel, args, .. } => (kernel, args.len()),
        _ => return true,
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return true;
    };
    let candidates = prog.functions_for_call(name, n_args);
    candidates.is_empty()
        || candidates.iter().any(|f| {
            let (Some(param), Some(body)) =
                (f.params.get(j).and_then(|p| p.name.as_deref()), &f.body)
            else {
                return true;
            };
            let mut written = Names::new();
            crate::usage::stmt_writes(body, &mut written);
            let mut escapes = false;
            for s in body {
                escapes |= crate::usage::any_stmt(s, &|st| match &st.kind {
                    StmtKind::Decl(d) => d.vars.iter().any(|v| match &v.init {
                        Some(Init::Assign(x)) => pointer_of(x, param),
                        Some(Init::Brace(xs)) | Some(Init::Paren(xs)) => {
                            xs.iter().any(|x| pointer_of(x, param))
                        }
                        None => false,
                    }),
                    StmtKind::Return(Some(x)) => pointer_of(x, param),
                    _ => false,
                });
                crate::usage::visit_stmt_exprs(s, &mut |x| {
                    crate::usage::walk_expr(x, &mut |x| match &x.kind {
                        ExprKind::Assign(_, _, r) => escapes |= pointer_of(r, param),
                        ExprKind::Call { args, .. } | ExprKind::Launch { args, .. } => {
                            escapes |= args.iter().any(|a| pointer_of(a, param))
                        }
                        _ => {}
                    })
                });
            }
            escapes || written.contains(param)
        })
}

/// Is `e` the struct `param`, or a pointer taken from it (`param.h`, `param.h + k`, `&param.h[k]`,
/// either arm of `?:`), rather than a value loaded through it?
fn pointer_of(e: &Expr, param: &str) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => n == param,
        ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => pointer_of(x, param),
        ExprKind::Member { base, .. } => pointer_of(base, param),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => {
            pointer_of(l, param) || pointer_of(r, param)
        }
        ExprKind::Cond(_, a, b) => pointer_of(a, param) || pointer_of(b, param),
        ExprKind::Unary(UnOp::AddrOf, x) => lvalue_root(x) == Some(param),
        _ => false,
    }
}

/// Stores through a parameter pointer that has no adjoint buffer stay inactive (as do stores
/// through a local pointer that may point there, or that points nowhere cuad knows).
fn is_inactive_param_memory(
    prog: &Program,
    l: &Expr,
    types: &HashMap<String, Ty>,
    targets: &HashMap<String, Names>,
    active: &Names,
) -> bool {
    match lvalue_root(l) {
        Some(root) if !crate::usage::is_plain_var(l) => {
            let is_pointer = types
                .get(root)
                .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }));
            if !is_pointer || active.contains(root) {
                return false;
            }
            // A local pointer into local arrays, into structs without pointer fields (`p =
            // acc.v`: a field holding a pointer could point anywhere) or into memory the
            // function allocates: that memory can carry derivatives.
            let into_locals = targets.get(root).is_some_and(|ts| {
                ts.iter().all(|t| {
                    t == ALLOCATED
                        || (!params_contain(types, t)
                            && types.get(t).is_some_and(|ty| match ty.kind {
                                TyKind::Array { .. } => true,
                                TyKind::Named { .. } => plain_local_struct(prog, ty),
                                _ => false,
                            }))
                })
            });
            !into_locals
        }
        _ => false,
    }
}

/// Status codes, enums and handles of the CUDA libraries: no value of these types carries a
/// derivative (`cudaError_t st = launch_step(d_x, n);`).
const RUNTIME_HANDLES: [&str; 11] = [
    "cudaError_t",
    "cudaError",
    "cudaMemcpyKind",
    "cudaStream_t",
    "cudaEvent_t",
    "cudaGraph_t",
    "cudaGraphExec_t",
    "cublasStatus_t",
    "cublasHandle_t",
    "curandStatus_t",
    "curandGenerator_t",
];

/// A named type cuad does not know (no struct, enum, alias or CUDA vector type of that
/// name: `__nv_fp8_e4m3`, `std::decay_t<float>`, a library class): whether its values carry
/// derivatives is unknown.
pub fn unknown_type(prog: &Program, t: &Ty) -> bool {
    match &prog.canonical(t).kind {
        // an instance whose definition cuad cannot tell or read (two partial
        // specializations matching, one kept as text)
        TyKind::Named { args, .. } if !args.is_empty() => {
            prog.class_def(t).is_none_or(|d| d.members.is_none())
        }
        TyKind::Named { name, .. } => {
            prog.struct_def(name).is_none()
                && prog.enum_def(name).is_none()
                && cuad_sema::builtins::vector_type(name).is_none()
                && !matches!(name.as_str(), "dim3" | "uint3" | "int3")
                && !RUNTIME_HANDLES.contains(&name.as_str())
        }
        _ => false,
    }
}

/// The message for a value that carries derivatives passed to parameter `param` of `callee`
/// whose type (`pty`, by value or reference) cuad does not know; `None` for known types.
pub fn unknown_param_message(
    prog: &Program,
    callee: &str,
    param: &str,
    pty: &Ty,
) -> Option<String> {
    let t = match &pty.kind {
        TyKind::LRef(inner) | TyKind::RRef(inner) => inner,
        _ => pty,
    };
    unknown_type(prog, t).then(|| {
        let ty = type_name(t);
        format!("cuad cannot tell whether parameter `{param}` of `{callee}` (of type `{ty}`, which cuad does not know) carries the derivative of this argument; use a real type (float, double, a struct of the file)")
    })
}

/// Assignments of values that carry derivatives to locals (their elements or members) of a
/// type cuad does not know (`unknown_type`): whether such a value carries the derivative on is
/// unknown, and dropping it would be a silently wrong gradient. The assignments' spans, the
/// locals' names and the messages.
pub fn unknown_type_receivers(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    params: &[(String, Ty)],
    active: &Names,
) -> Vec<(cuad_syntax::Span, String, String)> {
    let unknown = |t: &Ty| unknown_type(prog, t);
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Assign(_, l, r) = &x.kind else {
                    return;
                };
                // `err = cudaStreamCreate(&stream)` hands over an address, not a value; a
                // wrapper built around differentiated memory (`thrust::device_ptr<double>
                // p(d_y)`) reads it later where cuad cannot see.
                let value = active_value_in(r, active, types);
                let wraps = !value && wraps_active_memory(r, active, types);
                let (Some(n), true) = (written_local(l), value || wraps) else {
                    return;
                };
                if params.iter().any(|(p, _)| p == n) {
                    return;
                }
                // A member of an instance whose definition cuad cannot tell has no type
                // either: the instance's own type is what is unknown.
                let written = prog
                    .type_of(l, &crate::reverse::TypeScope(types))
                    .or_else(|| {
                        let root = array_element(types.get(n)?);
                        file_class_instance(prog, root).filter(|t| unknown(t))
                    });
                if let Some(t) = written.filter(|t| unknown(t)) {
                    let ty = type_name(&t);
                    let root = n.clone();
                    let n = match &l.kind {
                        ExprKind::Ident(_) => root.clone(),
                        _ => cuad_emit::print_expr(l),
                    };
                    let message = if let Some(class) = file_class_instance(prog, &t) {
                        format!("cuad cannot tell which definition of class template `{ty}` its instance `{}` uses (several partial specializations match, none more specialized than the others, or one cuad cannot read): whether `{n}` carries the derivative of the value assigned to it is unknown", cuad_emit::print_ty(&class))
                    } else if wraps {
                        format!("cuad cannot tell what reads through `{n}` (of type `{ty}`, which cuad does not know): it is built around memory that carries derivatives, and what reads through it would get none; pass the raw pointer to code cuad differentiates")
                    } else {
                        format!("cuad cannot tell whether `{n}` (of type `{ty}`, which cuad does not know) carries the derivative of the value assigned to it; use a real type (float, double, a struct of the file)")
                    };
                    out.push((x.span, root, message));
                }
            })
        });
    }
    out
}

/// `t` (unqualified) when it is an instance of a class template of the file.
fn file_class_instance(prog: &Program, t: &Ty) -> Option<Ty> {
    let t = cuad_sema::types::unqualified(&prog.canonical(t));
    match &t.kind {
        TyKind::Named { name, args } if !args.is_empty() && prog.struct_def(name).is_some() => {
            Some(t)
        }
        _ => None,
    }
}

/// The innermost element type of an array type (`P` of `P[2][3]`), or `ty` itself.
fn array_element(ty: &Ty) -> &Ty {
    match &ty.kind {
        TyKind::Array { elem, .. } => array_element(elem),
        _ => ty,
    }
}

/// The variable an assignment writes, whole, as an element of an array (`acc[c]`) or as a
/// member (`s.v`).
fn written_local(l: &Expr) -> Option<&String> {
    match &l.kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Paren(b) | ExprKind::Index(b, _) => written_local(b),
        ExprKind::Member {
            base, arrow: false, ..
        } => written_local(base),
        _ => None,
    }
}

/// Stores of values that carry derivatives through a local pointer whose target cuad cannot
/// trace (`float* p = pick(a, b);`): whether that memory has an adjoint is unknown, and
/// dropping the derivative would be a silently wrong gradient. The stores' spans and pointers.
pub fn untraced_pointer_stores(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    active: &Names,
) -> Vec<(cuad_syntax::Span, String)> {
    let targets = pointer_targets(body, types);
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Assign(_, l, r) = &x.kind else {
                    return;
                };
                let Some(root) = lvalue_root(l) else { return };
                if crate::usage::is_plain_var(l)
                    || active.contains(root)
                    || !depends_on_active(r, active)
                {
                    return;
                }
                // A pointer with no traced assignment has itself as its only target; one into
                // a local struct with pointer fields may point wherever those do.
                let untraced = |t: &String| {
                    t == root
                        || !params_contain(types, t)
                            && types.get(t).is_some_and(|ty| {
                                matches!(ty.kind, TyKind::Named { .. })
                                    && !plain_local_struct(prog, ty)
                            })
                };
                if targets.get(root).is_some_and(|ts| ts.iter().any(untraced)) {
                    out.push((x.span, root.to_string()));
                }
            })
        });
    }
    out
}

/// Pointer parameters left out of the request (no adjoint buffer) that receive values carrying
/// derivatives and are read again (a scratch buffer, an output copied back into the result):
/// the derivative through that memory would be dropped, a silently wrong gradient. Stores are
/// assignments through the parameter, copies into it (`cudaMemcpy`) and calls or launches of
/// functions that write through it, with a value or argument carrying derivatives; reads are
/// values assigned elsewhere or returned, copies out of it and calls or launches given it.
/// The first store's span and the parameter's name, per parameter.
pub fn unlisted_round_trips(
    prog: &Program,
    body: &[Stmt],
    params: &[(String, Ty)],
    active: &Names,
) -> Vec<(Span, String)> {
    let mut out = Vec::new();
    for (p, ty) in params {
        let buffer = matches!(ty.kind, TyKind::Pointer { .. } | TyKind::Array { .. });
        if !buffer || active.contains(p) || !is_differentiable(prog, ty) {
            continue;
        }
        let mentions = |e: &Expr| {
            let mut names = Names::new();
            crate::usage::reads(e, &mut names);
            names.contains(p)
        };
        let mut store: Option<Span> = None;
        let mut read = false;
        let note = |x: &Expr, store: &mut Option<Span>, read: &mut bool| match &x.kind {
            // What flows from the parameter into itself stays there.
            ExprKind::Assign(_, l, r) => {
                if lvalue_root(l) != Some(p.as_str()) {
                    *read |= mentions(r);
                } else if !crate::usage::is_plain_var(l) && depends_on_active(r, active) {
                    store.get_or_insert(x.span);
                }
            }
            ExprKind::Call { callee, args, .. }
            | ExprKind::Launch {
                kernel: callee,
                args,
                ..
            } => {
                let ExprKind::Ident(name) = &callee.kind else {
                    return;
                };
                let at = |j: usize| {
                    args.get(j)
                        .is_some_and(|a| lvalue_root(a) == Some(p.as_str()))
                };
                if matches!(name.as_str(), "cudaMemcpy" | "cudaMemcpyAsync") {
                    if at(0) && args.get(1).is_some_and(|a| depends_on_active(a, active)) {
                        store.get_or_insert(x.span);
                    }
                    *read |= at(1);
                    return;
                }
                let Some(f) = prog
                    .functions_for_call(name, args.len())
                    .into_iter()
                    .find(|f| f.body.is_some())
                else {
                    return;
                };
                let any_active = args.iter().any(|a| depends_on_active(a, active));
                let writes =
                    (0..args.len()).any(|j| at(j) && crate::calls::callee_writes_param(prog, f, j));
                if any_active && writes {
                    store.get_or_insert(x.span);
                } else {
                    *read |= args.iter().any(mentions);
                }
            }
            _ => {}
        };
        for s in body {
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                crate::usage::walk_expr(e, &mut |x| note(x, &mut store, &mut read))
            });
            read |= crate::usage::any_stmt(
                s,
                &|st| matches!(&st.kind, StmtKind::Return(Some(e)) if mentions(e)),
            );
        }
        if let (Some(span), true) = (store, read) {
            out.push((span, p.clone()));
        }
    }
    out
}

/// Values carrying derivatives stored into a library container the function keeps
/// (`h.push_back(x[i])`, `h[i] = x[i]` on a `std::vector` cuad does not lower, vectors.rs):
/// its elements have no adjoint, and dropping the derivative would be a silently wrong
/// gradient. The stores' spans and the containers' names.
pub fn container_stores(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    params: &[(String, Ty)],
    active: &Names,
) -> Vec<(cuad_syntax::Span, String)> {
    // Containers of integers (index lists built from comparisons) carry no derivative.
    let container = |n: &str| {
        !params.iter().any(|(p, _)| p == n)
            && types.get(n).is_some_and(|t| {
                cuad_sema::builtins::container_element(t).is_some_and(|e| {
                    let e = prog.canonical(&e);
                    !matches!(e.kind, TyKind::Int { .. } | TyKind::Bool)
                })
            })
    };
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(_, l, r)
                    if !crate::usage::is_plain_var(l) && depends_on_active(r, active) =>
                {
                    if let Some(root) = lvalue_root(l).filter(|r| container(r)) {
                        out.push((x.span, root.to_string()));
                    }
                }
                ExprKind::Call { callee, args, .. }
                    if args.iter().any(|a| depends_on_active(a, active)) =>
                {
                    // `cudaMemcpy(v.data(), src, ...)` of a source with derivatives: the
                    // diagnostic points at the use that keeps `v` a container.
                    if let Some(v) = copy_into_container(callee, args, active, &container) {
                        let at = crate::vectors::keeping_use(prog, body, &v).unwrap_or(x.span);
                        out.push((at, v));
                        return;
                    }
                    // `fill(h, x)` of a helper that writes through the reference it takes `h`
                    // by (one whose vectors cannot be pointers, vector_params.rs).
                    if let ExprKind::Ident(name) = &callee.kind {
                        let helper = prog
                            .functions_for_call(name, args.len())
                            .into_iter()
                            .find(|f| f.body.is_some() && f.params.len() == args.len());
                        let written = helper.and_then(|f| {
                            args.iter().enumerate().find_map(|(j, a)| {
                                match &a.strip_parens().kind {
                                    ExprKind::Ident(v)
                                        if container(v) && writes_container_param(prog, f, j) =>
                                    {
                                        Some(v.clone())
                                    }
                                    _ => None,
                                }
                            })
                        });
                        if let Some(v) = written {
                            out.push((x.span, v));
                            return;
                        }
                    }
                    if let ExprKind::Member { base, .. } = &callee.kind {
                        if let Some(root) = lvalue_root(base).filter(|r| container(r)) {
                            out.push((x.span, root.to_string()));
                        }
                    }
                }
                _ => {}
            })
        });
    }
    out
}

/// Whether `f` may change the container it takes by its `j`-th parameter (a non-const
/// reference): it assigns through it, passes it on, or calls a method of it (`push_back`).
fn writes_container_param(prog: &Program, f: &Function, j: usize) -> bool {
    if crate::calls::callee_writes_param(prog, f, j) {
        return true;
    }
    let (Some(name), TyKind::LRef(t)) = (f.params[j].name.as_deref(), &f.params[j].ty.kind) else {
        return false;
    };
    !t.is_const
        && f.body.iter().flatten().any(|s| {
            let mut found = false;
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                found |= crate::usage::any_expr(e, &|x| {
                    matches!(&x.kind, ExprKind::Call { callee, .. }
                        if matches!(&callee.kind, ExprKind::Member { base, .. }
                            if lvalue_root(base) == Some(name)))
                })
            });
            found
        })
}

/// The container `v` of `cudaMemcpy(v.data() [+ k], src, ...)` or `std::copy(src, last,
/// v.begin() [+ k])` when `src` is active memory.
fn copy_into_container(
    callee: &Expr,
    args: &[Expr],
    active: &Names,
    container: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    // `std::copy(src, src + n, v.begin())` / `std::copy_n(src, n, v.begin())`.
    let name = name.trim_start_matches("::");
    let (dst, src) = match (name.strip_prefix("std::").unwrap_or(name), args) {
        ("cudaMemcpy" | "cudaMemcpyAsync", [dst, src, ..]) => (dst, src),
        ("copy" | "copy_n", [src, _, dst]) => (dst, src),
        _ => return None,
    };
    let iterator = matches!(
        name.strip_prefix("std::").unwrap_or(name),
        "copy" | "copy_n"
    );
    let mut dst = dst.strip_parens();
    while let ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) | ExprKind::Cast { expr: l, .. } =
        &dst.kind
    {
        dst = l.strip_parens();
    }
    let ExprKind::Call {
        callee, args: none, ..
    } = &dst.kind
    else {
        return None;
    };
    let ExprKind::Member { base, field, .. } = &callee.kind else {
        return None;
    };
    let root = lvalue_root(base)?;
    let from_active = lvalue_root(src).is_some_and(|r| active.contains(r));
    let into = field == "data" || iterator && matches!(field.as_str(), "begin" | "end");
    (into && none.is_empty() && container(root) && from_active).then(|| root.to_string())
}

/// A struct (by value) with a field pointing to memory that can carry derivatives and may be
/// written (`struct State { double* h; }`): a callee given the struct can store through it.
fn holds_writable_buffer(prog: &Program, ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Named { .. })
        && prog.fields(ty).iter().any(|(_, f)| {
            matches!(&prog.canonical(f).kind, TyKind::Pointer { pointee, .. }
                if !pointee.is_const_object() && is_differentiable(prog, pointee))
        })
}

/// A struct of the file (or a CUDA vector type) without pointer fields: a pointer into it
/// points into the variable itself (`std::vector`, a library class or a field holding a
/// pointer could point anywhere).
fn plain_local_struct(prog: &Program, ty: &Ty) -> bool {
    let TyKind::Named { name, .. } = &ty.kind else {
        return false;
    };
    (prog.struct_def(name).is_some() || cuad_sema::builtins::vector_type(name).is_some())
        && prog
            .fields(ty)
            .iter()
            .all(|(_, f)| !matches!(prog.canonical(f).kind, TyKind::Pointer { .. }))
}

/// An active name read as a value (not only as the operand of `&`).
/// Is `e` an object built from a pointer to differentiated memory: a constructor or cast
/// (`thrust::device_ptr<double>(d_y)`) or a library call (`thrust::device_pointer_cast(d_y)`)
/// given it? CUDA runtime calls (`cudaMemcpy(d_y, ...)`) are modelled, not wrappers.
fn wraps_active_memory(e: &Expr, active: &Names, types: &HashMap<String, Ty>) -> bool {
    let active_pointer = |a: &Expr| {
        !matches!(a.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, _))
            && lvalue_root(a).is_some_and(|r| {
                active.contains(r)
                    && types.get(r).is_some_and(|t| {
                        matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                    })
            })
    };
    match &e.strip_parens().kind {
        ExprKind::Cast {
            kind: CastKind::Functional,
            expr,
            ..
        } => match &expr.kind {
            ExprKind::InitList(items) => items.iter().any(active_pointer),
            _ => active_pointer(expr),
        },
        ExprKind::Call { callee, args, .. } => {
            let runtime = matches!(&callee.kind, ExprKind::Ident(n) if n.starts_with("cuda"));
            !runtime && args.iter().any(active_pointer)
        }
        _ => false,
    }
}

fn active_value_in(e: &Expr, active: &Names, types: &HashMap<String, Ty>) -> bool {
    let rec = |x: &Expr| active_value_in(x, active, types);
    match &e.kind {
        ExprKind::Unary(UnOp::AddrOf, _) => false,
        // A pointer handed over is an address (`cudaMemcpy(d, h, n, kind)`), not a value.
        ExprKind::Ident(n) => {
            active.contains(n)
                && !types.get(n).is_some_and(|t| {
                    matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. })
                })
        }
        ExprKind::Index(b, i) => {
            lvalue_root(b).is_some_and(|r| active.contains(r)) || rec(b) || rec(i)
        }
        ExprKind::Unary(UnOp::Deref, x) => {
            lvalue_root(x).is_some_and(|r| active.contains(r)) || rec(x)
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => rec(x),
        ExprKind::Member { base, .. } => rec(base),
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) => rec(l) || rec(r),
        ExprKind::Cond(c, a, b) => rec(c) || rec(a) || rec(b),
        ExprKind::Call { args, .. } => args.iter().any(rec),
        ExprKind::InitList(items) => items.iter().any(rec),
        _ => false,
    }
}

/// A named type's name, as the diagnostics print it.
pub fn type_name(t: &Ty) -> String {
    match &t.kind {
        TyKind::Named { name, .. } => name.clone(),
        _ => String::new(),
    }
}

pub fn depends_on_active(e: &Expr, active: &Names) -> bool {
    crate::usage::any_expr(
        e,
        &|x| matches!(&x.kind, ExprKind::Ident(n) if active.contains(n)),
    )
}

/// The caller registers parameters under a `__param:` marker key as well.
fn params_contain(types: &HashMap<String, Ty>, name: &str) -> bool {
    types.contains_key(&format!("__param:{name}"))
}

/// An active floating-point value reinterpreted as integer bits (`__float_as_int`) in a
/// function that turns bits back into floating point (`__int_as_float`) or swaps them into
/// memory (`atomicCAS`, `atomicExch`): a float atomicMax through a CAS loop, or a sign or
/// abs trick on the bits. The derivative would be silently dropped, so it is an error (in
/// both modes).
pub fn bit_cast_errors(body: &[Stmt], active: &Names) -> Vec<Diagnostic> {
    const TO_BITS: &[&str] = &[
        "__float_as_int",
        "__float_as_uint",
        "__double_as_longlong",
        "__double2hiint",
        "__double2loint",
    ];
    const FROM_BITS: &[&str] = &[
        "__int_as_float",
        "__uint_as_float",
        "__longlong_as_double",
        "__hiloint2double",
        "atomicCAS",
        "atomicExch",
    ];
    let mut to_bits: Vec<(Span, String)> = Vec::new();
    let mut back = false;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let ExprKind::Call { callee, args, .. } = &x.kind else {
                    return;
                };
                let ExprKind::Ident(n) = &callee.kind else {
                    return;
                };
                let n = n.trim_start_matches("::");
                if FROM_BITS.contains(&n) {
                    back = true;
                }
                if TO_BITS.contains(&n) && args.iter().any(|a| depends_on_active(a, active)) {
                    to_bits.push((x.span, n.to_string()));
                }
            })
        });
    }
    if !back {
        return vec![];
    }
    to_bits
        .into_iter()
        .map(|(span, n)| {
            Diagnostic::error(
                span,
                format!("cuad cannot differentiate through `{n}` of a value that carries derivatives when the bits come back as floating point (`__int_as_float`, `atomicCAS`): a float atomic max/min through a CAS loop or a bit trick loses the derivative; write it with fmaxf/fminf/fabsf or a custom derivative"),
            )
        })
        .collect()
}

/// The `extern __shared__` arrays of a function and the locals of `body` that view them
/// (`float* f = (float*)smem;`, `float* g = f + n;`): the one dynamic shared region.
fn dynamic_shared_views(body: &[Stmt], locals: &[crate::normalize::Local]) -> Names {
    let views = std::cell::RefCell::new(
        locals
            .iter()
            .filter(|l| l.specs.shared && l.specs.is_extern)
            .map(|l| l.name.clone())
            .collect::<Names>(),
    );
    for s in body {
        crate::usage::any_stmt(s, &|st| {
            let mut views = views.borrow_mut();
            match &st.kind {
                StmtKind::Decl(d) => {
                    for v in &d.vars {
                        let from_region = match &v.init {
                            Some(Init::Assign(e)) => {
                                view_base(e).is_some_and(|b| views.contains(b))
                            }
                            _ => false,
                        };
                        if from_region {
                            views.insert(v.name.clone());
                        }
                    }
                }
                // declarations are hoisted: the initializers are assignments
                StmtKind::Expr(e) => {
                    if let ExprKind::Assign(None, l, r) = &e.kind {
                        if let ExprKind::Ident(v) = &l.kind {
                            if view_base(r).is_some_and(|b| views.contains(b)) {
                                views.insert(v.clone());
                            }
                        }
                    }
                }
                _ => {}
            }
            false
        });
    }
    views.into_inner()
}

/// The variable a pointer expression starts from: `(T*)p`, `p + k`, `&p[k]`.
fn view_base(e: &Expr) -> Option<&str> {
    match &strip_casts(e).kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Binary(BinOp::Add, l, _) => view_base(l),
        ExprKind::Unary(UnOp::AddrOf, inner) => match &inner.strip_parens().kind {
            ExprKind::Index(b, _) => view_base(b),
            _ => None,
        },
        _ => None,
    }
}

/// `(int*)(f + n)`, `(int*)&f[n]`, `(int*)(smem + bytes)`: an array of integers carved out
/// of the dynamic shared region past the arrays before it, the way kernels lay out one region
/// for several types. The integers are values of their own, not bits of reals.
fn carves_dynamic_shared(e: &Expr, regions: &Names) -> bool {
    let offset = matches!(&e.strip_parens().kind, ExprKind::Binary(BinOp::Add, ..))
        || matches!(&e.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, _));
    offset && view_base(e).is_some_and(|b| regions.contains(b))
}

/// The span of the `(char*)p` cast in an address `(char*)p + offset` whose offset is a whole
/// number of `p`'s elements: every term of the offset a product with a factor `sizeof` the element or a
/// pitch `cudaMallocPitch` gave (`pitches`: its rows hold whole elements).
fn element_byte_offset(
    prog: &Program,
    types: &HashMap<String, Ty>,
    pitches: &Names,
    a: &Expr,
) -> Option<Span> {
    let mut terms = vec![];
    signed_terms(a, &mut terms);
    let [l, offsets @ ..] = terms.as_slice() else {
        return None;
    };
    let ExprKind::Cast { ty, expr: base, .. } = &l.strip_parens().kind else {
        return None;
    };
    let is_char = matches!(&prog.canonical(ty).kind, TyKind::Pointer { pointee, .. }
        if matches!(&prog.canonical(pointee).kind, TyKind::Int { kind: IntKind::Char, .. }));
    let ExprKind::Ident(p) = &base.strip_parens().kind else {
        return None;
    };
    let TyKind::Pointer { pointee, .. } = &prog.canonical(types.get(p)?).kind else {
        return None;
    };
    let elem = prog.canonical(pointee).with_const(false);
    let whole_factor = |f: &Expr| match &f.strip_parens().kind {
        ExprKind::SizeofType(t) => prog.canonical(t).with_const(false) == elem,
        ExprKind::Ident(n) => pitches.contains(n),
        _ => false,
    };
    let whole = !offsets.is_empty()
        && offsets.iter().all(|t| {
            let mut factors = vec![];
            product_factors(t, &mut factors);
            factors.into_iter().any(whole_factor)
        });
    (is_char && whole).then(|| l.strip_parens().span)
}

/// The terms of a sum or difference (`a + b - c`: `a`, `b`, `c`).
fn signed_terms<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.strip_parens().kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => {
            signed_terms(l, out);
            signed_terms(r, out);
        }
        _ => out.push(e),
    }
}

/// The factors of a product, through integer casts (`(size_t)z0 * pitch`: `z0`, `pitch`).
fn product_factors<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match &e.strip_parens().kind {
        ExprKind::Binary(BinOp::Mul, l, r) => {
            product_factors(l, out);
            product_factors(r, out);
        }
        ExprKind::Cast { ty, expr, .. } if matches!(ty.kind, TyKind::Int { .. }) => {
            product_factors(expr, out)
        }
        _ => out.push(e),
    }
}

/// Memory that carries derivatives accessed as raw bytes: a cast of such a pointer to a pointer
/// to integers (`reinterpret_cast<const int4*>(p)` for 128-bit loads and stores, `(char*)p`)
/// or, in reverse mode, `memcpy`/`memmove` of it (`memcpy(&bits, &payload, 16)`); in both
/// modes one between different real types or of a count that may split a value. The values
/// would travel as integer bits and their derivatives be dropped: errors.
pub fn raw_bytes_errors(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    active: &Names,
    locals: &[crate::normalize::Local],
    copies: bool,
) -> Vec<Diagnostic> {
    let integer_target = |t: &Ty| {
        let TyKind::Pointer { pointee, .. } = &prog.canonical(t).kind else {
            return false;
        };
        match &prog.canonical(pointee).kind {
            TyKind::Int { .. } | TyKind::Bool => true,
            TyKind::Named { name, .. } => cuad_sema::builtins::vector_type(name)
                .is_some_and(|(elem, _)| matches!(elem.kind, TyKind::Int { .. })),
            _ => false,
        }
    };
    // `(T*)((char*)base + r * pitch)`: a byte offset (pitched rows) cast straight back to
    // a pointer of reals; no value goes through the bytes.
    let is_char = |t: &Ty| {
        matches!(&prog.canonical(t).kind, TyKind::Pointer { pointee, .. }
            if matches!(&prog.canonical(pointee).kind, TyKind::Int { kind: IntKind::Char, .. }))
    };
    // The pitches `cudaMallocPitch(&p, &pitch, ...)` gives.
    let mut pitches = Names::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Call { args, .. } = &x.kind {
                    if crate::host::callee_name(x) == Some("cudaMallocPitch") {
                        if let Some(ExprKind::Unary(UnOp::AddrOf, p)) =
                            args.get(1).map(|a| &a.strip_parens().kind)
                        {
                            if let ExprKind::Ident(n) = &p.strip_parens().kind {
                                pitches.insert(n.clone());
                            }
                        }
                    }
                }
            })
        });
    }
    let mut byte_offsets: Vec<Span> = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                // `(char*)d + z0 * pitch + x0 * sizeof(double)` given to a runtime copy as an
                // address: no value goes through the bytes either.
                if let ExprKind::Call { args, .. } = &x.kind {
                    if crate::host::callee_name(x).is_some_and(|n| n.starts_with("cudaMemcpy")) {
                        byte_offsets.extend(
                            args.iter()
                                .filter_map(|a| element_byte_offset(prog, types, &pitches, a)),
                        );
                    }
                }
                let ExprKind::Cast { ty, expr, .. } = &x.kind else {
                    return;
                };
                if integer_target(ty) {
                    return;
                }
                if let ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) = &expr.strip_parens().kind {
                    if let ExprKind::Cast { ty: inner, .. } = &l.strip_parens().kind {
                        if is_char(inner) {
                            byte_offsets.push(l.strip_parens().span);
                        }
                    }
                }
            })
        });
    }
    let regions = dynamic_shared_views(body, locals);
    let mut out = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                // `float* v = (float*)buf;` of a sized local or `__shared__` integer buffer
                // holding values with derivatives: no adjoint memory to view.
                ExprKind::Assign(None, l, r) if matches!(&l.kind, ExprKind::Ident(p) if active.contains(p)) => {
                    if let ExprKind::Cast { expr, .. } = &r.strip_parens().kind {
                        if let ExprKind::Ident(b) = &expr.strip_parens().kind {
                            let sized_raw = types.get(b).is_some_and(|t| {
                                matches!(&t.kind, TyKind::Array { elem, len: Some(_) } if matches!(elem.kind, TyKind::Int { .. }))
                            });
                            if sized_raw && !active.contains(b) && !params_contain(types, b) {
                                out.push(Diagnostic::error(
                                    r.span,
                                    format!("cuad cannot differentiate values stored through a view of the integer buffer `{b}`: its adjoint would need the buffer's alignment; declare the buffer with the element type it holds"),
                                ));
                            }
                        }
                    }
                }
                ExprKind::Cast { ty, expr, .. }
                    if integer_target(ty)
                        && depends_on_active(expr, active)
                        && !byte_offsets.contains(&x.span)
                        && !carves_dynamic_shared(expr, &regions) =>
                {
                    out.push(Diagnostic::error(
                        x.span,
                        format!("cuad cannot differentiate through the cast of `{}` to `{}`: the memory carries derivatives, and values read or written through it as integer bits would drop them; load and store floating-point values (float4, or element by element)", cuad_emit::print_expr(expr), cuad_emit::print_ty(ty)),
                    ));
                }
                ExprKind::Call { callee, args, .. } => {
                    let Some(n) = crate::vectors::byte_copy(prog, callee) else {
                        return;
                    };
                    if !args.iter().take(2).any(|a| depends_on_active(a, active)) {
                        return;
                    }
                    // Forward mode copies the tangents' bytes along, right for whole values
                    // of one type; reverse mode has no pullback for bytes (a host `memcpy`
                    // of values is a `cudaMemcpy` by now: `vectors::lower_copies`).
                    match crate::vectors::memcpy_values(prog, types, x.span, args) {
                        crate::vectors::ByteCopy::Wrong(span, message) => {
                            out.push(Diagnostic::error(span, message))
                        }
                        _ if copies => out.push(Diagnostic::error(
                            x.span,
                            format!("cuad cannot differentiate `{n}` of memory that carries derivatives (it copies raw bytes); copy the values by assignment"),
                        )),
                        _ => {}
                    }
                }
                _ => {}
            })
        });
    }
    out
}

/// Active variables of union type: a union's members share their bytes (`u.f = x; u.i &=
/// mask; y = u.f`), so a tangent per member would silently miss what the other members do.
pub fn union_errors(
    prog: &Program,
    types: &HashMap<String, Ty>,
    active: &Names,
    span: Span,
) -> Vec<Diagnostic> {
    let mut names: Vec<&String> = active.iter().collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|n| {
            let mut t = prog.canonical(types.get(n)?);
            while let TyKind::Pointer { pointee: x, .. }
            | TyKind::LRef(x)
            | TyKind::RRef(x)
            | TyKind::Array { elem: x, .. } = t.kind
            {
                t = prog.canonical(&x);
            }
            (prog.class_def(&t)?.keyword == "union").then(|| {
                Diagnostic::error(
                    span,
                    format!("`{n}` is a union that holds values carrying derivatives: cuad cannot differentiate through a union (its members share their bytes); use a struct"),
                )
            })
        })
        .collect()
}
