//! Normalization of a function body before differentiation (small, separate rewrites):
//! - `switch` becomes an `if` chain;
//! - early `return`s become structured `if`/`else` (the rest of the block moves into the branch
//!   that does not return), so every `return` ends the function;
//! - local declarations are hoisted to the top of the function (so the reverse sweep sees every
//!   variable); initializers become assignments in place;
//! - `x *= e`, `x /= e` become `x = x * e`, ... (`+=`/`-=` stay: they need no tape).

use crate::builder::*;
use crate::usage::{contains_return, Names};
use cuad_sema::{Program, ScopeStack};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

/// A hoisted local variable.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: Ty,
    pub specs: DeclSpecs,
    /// Constant initializer kept on the hoisted declaration (arrays of literals, `__shared__`).
    pub init: Option<Init>,
    /// The declared type when it names a standard integer typedef (`size_t`, `int64_t`): the
    /// declaration keeps the name, as `ty` (`unsigned long`) has another width on LLP64 hosts.
    pub spelled: Option<Ty>,
}

pub struct Normalized {
    pub locals: Vec<Local>,
    pub body: Vec<Stmt>,
}

pub fn normalize(
    prog: &Program,
    func: &Function,
    body: &[Stmt],
) -> Result<Normalized, Vec<Diagnostic>> {
    let body: Vec<Stmt> = body.iter().map(switch_to_if).collect::<Result<_, _>>()?;
    let mut body = crate::commas::split(prog, body);
    let host = !func.attrs.global && !func.attrs.device;
    let mut constructed = vec![];
    if host {
        constructed = crate::host_inline::inline_struct_helpers(prog, func, &mut body);
        crate::inplace_launch::rewrite(prog, &mut body);
    }
    crate::alias_calls::rewrite(prog, &mut body);
    crate::local_consts::fold(prog, &func.params, &mut body)?;
    crate::cas_add::rewrite_calls(prog, &mut body);
    body.iter_mut().for_each(lower_log_normal);
    crate::coop::lower(prog, &func.params, &mut body)?;
    crate::cub::lower(prog, &mut body)?;
    crate::accumulate::lower(&mut body)?;
    crate::extremum::lower(&mut body)?;
    crate::shared_view::inline(prog, &func.params, &mut body)?;
    let lifted = crate::lambdas::lift(prog, func)?;
    if !lifted.is_empty() {
        crate::lambdas::rewrite_calls(&mut body, &lifted)?;
    }
    let body: Vec<Stmt> = body
        .into_iter()
        .map(|s| brace_returns(s, &func.ret))
        .map(split_sincos)
        .collect();
    let body = host_patterns(body, &mut 0);
    let body = crate::loop_effects::lower(prog, body);
    let is_value = !matches!(func.ret.kind, TyKind::Void);
    let body = crate::jumps::lower_jumps(body, is_value.then(|| prog.canonical(&func.ret)));
    let body = structure_returns(body);
    let kept_vectors = if host {
        crate::vectors::kept_vectors(prog, &body)
    } else {
        Names::new()
    };
    let mut h = Hoister {
        prog,
        locals: vec![],
        renames: vec![HashMap::new()],
        reference_aliases: Names::new(),
        stable_refs: false,
        scope: ScopeStack::new(),
        errors: vec![],
        constants: Names::new(),
        loop_depth: 0,
        aliases: HashMap::new(),
        host,
        vectors: HashMap::new(),
        kept_vectors,
        binding_count: 0,
        integer_constants: crate::reverse::integer_constants(&prog.tu.items),
        namespaces: crate::namespace_path(prog, func)
            .into_iter()
            .flatten()
            .collect(),
        usings: body_usings(&body),
    };
    for p in &func.params {
        if let Some(n) = &p.name {
            h.scope.declare(n, prog.canonical(&p.ty));
            h.renames[0].insert(n.clone(), ident(n));
        }
    }
    let mut body = h.block(body);
    if host {
        let types: HashMap<String, Ty> = func
            .params
            .iter()
            .filter_map(|p| Some((p.name.clone()?, prog.canonical(&p.ty))))
            .chain(h.locals.iter().map(|l| (l.name.clone(), l.ty.clone())))
            .collect();
        crate::vectors::lower_uses(
            prog,
            &types,
            &mut body,
            &prog.canonical(&func.ret),
            &mut h.vectors,
            &mut h.locals,
            &mut h.errors,
        );
        crate::vectors::lower_copies(prog, &types, &mut h.locals, &mut body);
    }
    if host {
        crate::host_structs::scalarize(prog, &func.params, &mut h.locals, &mut body);
        // An object whose constructor was written out is no C++ object any more (its class
        // may keep its fields private): only its fields' locals may remain.
        for (name, span) in &constructed {
            if h.locals.iter().any(|l| l.name == *name) {
                h.errors.push(Diagnostic::error(
                    *span,
                    format!(
                        "cuad writes out the members of `{name}` here but cannot give each of \
                         its fields a variable: it is used whole (passed to a function, its \
                         address taken)"
                    ),
                ));
            }
        }
        crate::host_structs::split_field_allocations(prog, &mut h.locals, &mut body);
        crate::address_tables::resolve(&mut h.locals, &mut body);
        crate::pointer_arrays::scalarize(
            prog,
            &func.params,
            &mut h.locals,
            &mut body,
            &mut h.errors,
        );
        let types: HashMap<String, Ty> = func
            .params
            .iter()
            .filter_map(|p| Some((p.name.clone()?, prog.canonical(&p.ty))))
            .chain(h.locals.iter().map(|l| (l.name.clone(), l.ty.clone())))
            .collect();
        h.errors
            .extend(crate::address_tables::escaped_pointer_addresses(
                prog, &types, &body,
            ));
    }
    if !h.errors.is_empty() {
        return Err(h.errors);
    }
    // `s += e` on a struct with `operator+=` calls it (before `x *= e` -> `x = x * e`, which
    // would call `operator*` instead).
    let mut types: HashMap<String, Ty> = func
        .params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, prog.canonical(&p.ty))))
        .collect();
    types.extend(h.locals.iter().map(|l| (l.name.clone(), l.ty.clone())));
    let object_type = |e: &Expr| {
        prog.type_of(e, &crate::reverse::TypeScope(&types))
            .map(|t| prog.canonical(&t))
    };
    let mut errors = vec![];
    for s in &mut body {
        crate::methods::lower_compound_operators(s, prog, &object_type);
        crate::methods::unlowered_compound_operators(s, prog, &object_type, &mut errors);
        type_braced_assignments(s, &object_type);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let body: Vec<Stmt> = extract_increments(body.into_iter().map(expand_compound).collect())
        .into_iter()
        .map(|s| branch_conditional_draws(prog, s))
        .collect();
    conditional_draws(prog, &body, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Normalized {
        locals: h.locals,
        body,
    })
}

// ---------------------------------------------------------------- random draws

/// Is `name` a cuRAND draw, or a function with a body here that takes a generator state
/// (`curandState*`, `curandState&`) and so may draw from it?
fn draws(prog: &Program, name: &str) -> bool {
    let takes_state = |t: &Ty| match &prog.canonical(t).kind {
        TyKind::Pointer { pointee: inner, .. } | TyKind::LRef(inner) => matches!(&inner.kind,
            TyKind::Named { name, .. } if cuad_sema::builtins::is_rng_state(name)),
        _ => false,
    };
    cuad_sema::builtins::advances_state(name)
        || prog
            .functions(name)
            .iter()
            .any(|f| f.body.is_some() && f.params.iter().any(|p| takes_state(&p.ty)))
}

/// Does `e` draw random numbers (`draws`)?
fn has_draw(prog: &Program, e: &Expr) -> bool {
    crate::usage::any_expr(e, &|x| match &x.kind {
        ExprKind::Call { callee, .. } => {
            matches!(&callee.kind, ExprKind::Ident(n) if draws(prog, n))
        }
        _ => false,
    })
}

/// `curand_log_normal(s, m, sd)` -> `expf(m + sd * logf(curand_log_normal(s, 0.0f, 1.0f)))`
/// (and the `_double` form), so that the mean and the standard deviation get derivatives
/// through the math rules. The draw stays a log-normal one: cuRAND caches the second value of
/// a Box-Muller pair separately for normal and log-normal draws, so drawing `curand_normal`
/// instead would consume the state differently from the primal.
fn lower_log_normal(s: &mut Stmt) {
    crate::methods::map_stmt_exprs(s, &mut |e| {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return;
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return;
        };
        let draw_name = name.trim_start_matches("::");
        let (exp, log, zero, one) = match draw_name {
            "curand_log_normal" => ("expf", "logf", "0.0f", "1.0f"),
            "curand_log_normal_double" => ("exp", "log", "0.0", "1.0"),
            _ => return,
        };
        let [state, mean, sd] = args.as_slice() else {
            return;
        };
        let is_literal =
            |x: &Expr, text: &str| matches!(&x.kind, ExprKind::FloatLit(t) if t == text);
        if is_literal(mean, zero) && is_literal(sd, one) {
            return; // already the standard draw (normalization may run again)
        }
        let call_of = |f: &str, args: Vec<Expr>| {
            Expr::new(
                ExprKind::Call {
                    callee: Box::new(Expr::new(ExprKind::Ident(f.to_string()), callee.span)),
                    template_args: vec![],
                    args,
                },
                e.span,
            )
        };
        let literal = |text: &str| Expr::new(ExprKind::FloatLit(text.to_string()), e.span);
        let standard = call_of(draw_name, vec![state.clone(), literal(zero), literal(one)]);
        let draw = call_of(log, vec![standard]);
        let arg = binary(
            BinOp::Add,
            paren(mean.clone()),
            binary(BinOp::Mul, paren(sd.clone()), draw),
        );
        *e = Expr::new(
            ExprKind::Call {
                callee: Box::new(Expr::new(ExprKind::Ident(exp.to_string()), callee.span)),
                template_args: vec![],
                args: vec![arg],
            },
            e.span,
        );
    });
}

/// `x = c ? a : b;` where a branch draws from a cuRAND state -> `if (c) x = a; else x = b;`:
/// the draw moves into a statement of its own when differentiated, which must stay on its path.
fn branch_conditional_draws(prog: &Program, s: Stmt) -> Stmt {
    map_simple_stmts(s, &|s| {
        let StmtKind::Expr(e) = &s.kind else {
            return s;
        };
        let ExprKind::Assign(op, l, r) = &e.kind else {
            return s;
        };
        let ExprKind::Cond(c, a, b) = &r.strip_parens().kind else {
            return s;
        };
        if !has_draw(prog, a) && !has_draw(prog, b) {
            return s;
        }
        let arm = |v: &Expr| {
            let assign = Expr::new(
                ExprKind::Assign(*op, l.clone(), Box::new(v.clone())),
                e.span,
            );
            block(vec![branch_conditional_draws(
                prog,
                Stmt::new(StmtKind::Expr(assign), s.span),
            )])
        };
        Stmt::new(
            StmtKind::If {
                cond: (**c).clone(),
                then: Box::new(arm(a)),
                els: Some(Box::new(arm(b))),
            },
            s.span,
        )
    })
}

/// Draws left in a conditionally evaluated operand (`?:` inside a larger expression, the
/// right side of `&&`/`||`) of a statement's value: evaluated once on their own, they would
/// draw on every path. Conditions of branches and loops are evaluated once as written.
fn conditional_draws(prog: &Program, body: &[Stmt], errors: &mut Vec<Diagnostic>) {
    let in_expr = |e: &Expr, errors: &mut Vec<Diagnostic>| draws_in(prog, e, false, errors);
    for s in body {
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => in_expr(e, errors),
            StmtKind::Block(b) => conditional_draws(prog, b, errors),
            StmtKind::If { then, els, .. } => {
                conditional_draws(prog, std::slice::from_ref(then), errors);
                if let Some(e) = els {
                    conditional_draws(prog, std::slice::from_ref(e), errors);
                }
            }
            StmtKind::For { body, .. }
            | StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. } => {
                conditional_draws(prog, std::slice::from_ref(body), errors)
            }
            _ => {}
        }
    }
}

fn draws_in(prog: &Program, e: &Expr, conditional: bool, errors: &mut Vec<Diagnostic>) {
    match &e.kind {
        ExprKind::Call { callee, .. }
            if conditional && matches!(&callee.kind, ExprKind::Ident(n) if draws(prog, n)) =>
        {
            errors.push(Diagnostic::error(
                e.span,
                "cuad cannot differentiate a cuRAND draw inside `?:`, `&&` or `||` of a larger expression: the derivative code evaluates it apart, on every path; draw into a variable inside an `if` instead",
            ));
        }
        ExprKind::Cond(c, a, b) => {
            draws_in(prog, c, conditional, errors);
            draws_in(prog, a, true, errors);
            draws_in(prog, b, true, errors);
        }
        ExprKind::Binary(BinOp::And | BinOp::Or, a, b) => {
            draws_in(prog, a, conditional, errors);
            draws_in(prog, b, true, errors);
        }
        _ => crate::usage::for_each_child(e, &mut |x| draws_in(prog, x, conditional, errors)),
    }
}

/// `return {a, b};` / `return T{a, b};` -> `{ R _cuad_ret = {a, b}; return _cuad_ret; }`: a
/// braced local is differentiated field by field, a braced return value would not be.
fn brace_returns(s: Stmt, ret: &Ty) -> Stmt {
    map_simple_stmts(s, &|s| {
        let StmtKind::Return(Some(e)) = &s.kind else {
            return s;
        };
        let list = match &e.kind {
            ExprKind::InitList(_) => e.clone(),
            ExprKind::Cast {
                kind: CastKind::Functional,
                expr,
                ..
            } if matches!(expr.kind, ExprKind::InitList(_)) => (**expr).clone(),
            _ => return s,
        };
        Stmt::new(
            StmtKind::Block(vec![
                decl(ret.clone().with_const(false), "_cuad_ret", Some(list)),
                Stmt::new(StmtKind::Return(Some(ident("_cuad_ret"))), s.span),
            ]),
            s.span,
        )
    })
}

/// Applies `f` to every statement that is not a block, branch or loop (those are rebuilt
/// around the results), at any depth.
fn map_simple_stmts(s: Stmt, f: &dyn Fn(Stmt) -> Stmt) -> Stmt {
    let sub = |b: Box<Stmt>| Box::new(map_simple_stmts(*b, f));
    let kind = match s.kind {
        StmtKind::Block(b) => {
            StmtKind::Block(b.into_iter().map(|x| map_simple_stmts(x, f)).collect())
        }
        StmtKind::If { cond, then, els } => StmtKind::If {
            cond,
            then: sub(then),
            els: els.map(sub),
        },
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => StmtKind::For {
            init,
            cond,
            step,
            body: sub(body),
        },
        StmtKind::While { cond, body } => StmtKind::While {
            cond,
            body: sub(body),
        },
        StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
            body: sub(body),
            cond,
        },
        other => return f(Stmt { kind: other, ..s }),
    };
    Stmt { kind, ..s }
}

/// `sincosf(x, &s, &c);` -> `{ float _cuad_sc = x; s = sinf(_cuad_sc); c = cosf(_cuad_sc); }`
/// (also `sincos`, `sincospi[f]`, `__sincosf`): two ordinary math calls, differentiated by
/// the rule table. `std::swap(a, b);` likewise becomes assignments, and a cache-hinted store
/// `__stcs(p, v);` the store `*p = v;` it performs.
fn split_sincos(s: Stmt) -> Stmt {
    map_simple_stmts(s, &|s| match &s.kind {
        StmtKind::Expr(e) => match sincos_parts(e) {
            Some(stmts) => Stmt::new(StmtKind::Block(stmts), s.span),
            None => s,
        },
        _ => s,
    })
}

fn sincos_parts(e: &Expr) -> Option<Vec<Stmt>> {
    let ExprKind::Call { callee, args, .. } = &e.kind else {
        return None;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    let bare = name.trim_start_matches("::").trim_start_matches("std::");
    // `std::swap(a, b);` / `thrust::swap` / `cuda::std::swap`: three assignments through a
    // temporary, which the rest of the pipeline differentiates (and saves) as usual.
    if matches!(
        name.trim_start_matches("::"),
        "std::swap" | "swap" | "cuda::std::swap" | "thrust::swap"
    ) {
        let [a, b] = args.as_slice() else {
            return None;
        };
        let tmp = "_cuad_swap";
        return Some(vec![
            decl(Ty::new(TyKind::Auto), tmp, Some(a.clone())),
            expr_stmt(assign(a.clone(), b.clone())),
            expr_stmt(assign(b.clone(), ident(tmp))),
        ]);
    }
    if matches!(bare, "__stcs" | "__stcg" | "__stwb" | "__stwt") {
        let [p, v] = args.as_slice() else {
            return None;
        };
        return Some(vec![expr_stmt(assign(deref_target(p), v.clone()))]);
    }
    let (sin, cos, ty) = match bare {
        "sincosf" | "__sincosf" => ("sinf", "cosf", TyKind::Float),
        "sincos" => ("sin", "cos", TyKind::Double),
        "sincospif" => ("sinpif", "cospif", TyKind::Float),
        "sincospi" => ("sinpi", "cospi", TyKind::Double),
        _ => return None,
    };
    let [x, sp, cp] = args.as_slice() else {
        return None;
    };
    let arg = "_cuad_sc";
    Some(vec![
        decl(Ty::new(ty), arg, Some(x.clone())),
        expr_stmt(assign(deref_target(sp), call(sin, vec![ident(arg)]))),
        expr_stmt(assign(deref_target(cp), call(cos, vec![ident(arg)]))),
    ])
}

/// What pointer `p` points to: `x` for `&x`, else `*p`.
fn deref_target(p: &Expr) -> Expr {
    match &p.strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, v) => (**v).clone(),
        _ => Expr::synth(ExprKind::Unary(UnOp::Deref, Box::new(p.clone()))),
    }
}

/// Can `e` be bound to a non-const reference (a variable or memory, not a temporary)?
/// The using-directives and -declarations of a body (at any depth: they only spare types
/// a qualification).
fn body_usings(body: &[Stmt]) -> Vec<cuad_sema::Using> {
    let mut out = Vec::new();
    for s in body {
        s.visit(&mut |s| {
            if let StmtKind::Using(text) = &s.kind {
                out.extend(cuad_sema::Using::parse(text));
            }
        });
    }
    out
}

/// `decltype(e)` as a type (the parser keeps it spelled): the operand's text.
fn decltype_operand(ty: &Ty) -> Option<String> {
    let TyKind::Named { name, args } = &ty.kind else {
        return None;
    };
    let inner = name
        .strip_prefix("decltype")?
        .trim()
        .strip_prefix('(')?
        .strip_suffix(')')?;
    args.is_empty().then(|| inner.trim().to_string())
}

fn is_lvalue(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(_) | ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => true,
        ExprKind::Member { arrow: true, .. } => true,
        ExprKind::Member { base, .. } | ExprKind::Paren(base) => is_lvalue(base),
        _ => false,
    }
}

/// Do the references `d` declares keep naming the same objects in `rest` (the remainder of
/// their scope)? The variables that locate each object (`i` in `out[i]`, `idx` in
/// `a[idx[i]]`) must not be assigned there; the object itself may be.
/// `is_reference(n)`: `n` is a local reference in scope; assigning it (`c = v`, `c.e = v`)
/// writes the object it aliases and never rebinds it.
fn references_stay_put(d: &DeclStmt, rest: &[Stmt], is_reference: &dyn Fn(&str) -> bool) -> bool {
    let mut plain_writes = Names::new();
    let mut memory_writes = Names::new();
    for s in rest {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                let target = match &x.kind {
                    ExprKind::Assign(_, l, _)
                    | ExprKind::Unary(
                        UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::AddrOf,
                        l,
                    ) => l,
                    _ => return,
                };
                if let Some(root) = crate::usage::lvalue_root(target) {
                    if crate::usage::is_plain_var(target) && !is_reference(root) {
                        plain_writes.insert(root.to_string());
                    } else {
                        memory_writes.insert(root.to_string());
                    }
                }
            })
        });
        // Declarations count as writes: a nested `int i = ...` of the same type is hoisted
        // into the same variable.
        declared_names(s, &mut plain_writes);
    }
    d.vars.iter().all(|v| {
        let Some(Init::Assign(lv)) = &v.init else {
            return true;
        };
        let mut used = Names::new();
        crate::usage::reads(lv, &mut used);
        let root = crate::usage::lvalue_root(lv).map(str::to_string);
        used.iter().all(|n| {
            !plain_writes.contains(n) && (Some(n) == root.as_ref() || !memory_writes.contains(n))
        })
    })
}

pub(crate) fn declared_names(s: &Stmt, out: &mut Names) {
    if let StmtKind::Decl(d) = &s.kind {
        out.extend(d.vars.iter().map(|v| v.name.clone()));
    }
    if let StmtKind::Bindings(b) = &s.kind {
        out.extend(b.names.iter().cloned());
    }
    s.for_each_child(&mut |c| declared_names(c, out));
}

/// `p = {a, b};` -> `p = T{a, b};` for a struct-typed `p`: a typed braced value is
/// differentiated field by field.
fn type_braced_assignments(s: &mut Stmt, object_type: &dyn Fn(&Expr) -> Option<Ty>) {
    if let StmtKind::Expr(Expr {
        kind: ExprKind::Assign(None, lhs, rhs),
        ..
    }) = &mut s.kind
    {
        if let ExprKind::InitList(items) = &rhs.kind {
            if let Some(ty) = object_type(lhs).filter(|t| matches!(t.kind, TyKind::Named { .. })) {
                let mut ty = ty;
                ty.is_const = false;
                **rhs = Expr::new(
                    ExprKind::Cast {
                        kind: CastKind::Functional,
                        ty,
                        expr: Box::new(Expr::synth(ExprKind::InitList(items.clone()))),
                    },
                    rhs.span,
                );
            }
        }
    }
    s.for_each_child_mut(&mut |c| type_braced_assignments(c, object_type));
}

fn unsupported(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error(span, format!("cuad cannot differentiate {what} yet"))
}

// ---------------------------------------------------------------- switch

fn switch_to_if(s: &Stmt) -> Result<Stmt, Vec<Diagnostic>> {
    let map_box = |b: &Stmt| switch_to_if(b).map(Box::new);
    let kind = match &s.kind {
        StmtKind::Switch { cond, cases } => {
            return lower_switch(s.span, cond, &flatten_case_blocks(cases))
        }
        StmtKind::Block(b) => {
            StmtKind::Block(b.iter().map(switch_to_if).collect::<Result<_, _>>()?)
        }
        StmtKind::If { cond, then, els } => StmtKind::If {
            cond: cond.clone(),
            then: map_box(then)?,
            els: els.as_ref().map(|e| map_box(e)).transpose()?,
        },
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => StmtKind::For {
            init: init.clone(),
            cond: cond.clone(),
            step: step.clone(),
            body: map_box(body)?,
        },
        StmtKind::While { cond, body } => StmtKind::While {
            cond: cond.clone(),
            body: map_box(body)?,
        },
        StmtKind::DoWhile { body, cond } => StmtKind::DoWhile {
            body: map_box(body)?,
            cond: cond.clone(),
        },
        k => k.clone(),
    };
    Ok(Stmt::new(kind, s.span))
}

/// `switch (c) { case 1: A; case 2: B; break; default: D; }` becomes
/// `if (c == 1) { A; B } else if (c == 2) { B } else { D }`: each label runs its own body and
/// falls through into the following ones up to the first `break` (or `return`/`continue`).
fn lower_switch(span: Span, cond: &Expr, cases: &[SwitchCase]) -> Result<Stmt, Vec<Diagnostic>> {
    let mut bodies: Vec<Vec<Stmt>> = Vec::new();
    for (k, _) in cases.iter().enumerate() {
        let mut body = Vec::new();
        'outer: for case in &cases[k..] {
            for st in &case.body {
                if matches!(st.kind, StmtKind::Break) {
                    break 'outer;
                }
                if crate::usage::any_stmt(st, &|x| matches!(x.kind, StmtKind::Break))
                    && !is_loop(st)
                {
                    return Err(vec![unsupported(
                        st.span,
                        "a `break` nested inside a `case` body",
                    )]);
                }
                body.push(switch_to_if(st)?);
                // `return` and `continue` leave the switch too: no fallthrough after them.
                if always_returns(st) || ends_in_continue(st) {
                    break 'outer;
                }
            }
        }
        bodies.push(body);
    }
    let mut default_body: Vec<Stmt> = Vec::new();
    let mut chain: Vec<(Expr, Vec<Stmt>)> = Vec::new();
    for (case, body) in cases.iter().zip(bodies) {
        match &case.label {
            Some(l) => chain.push((
                binary(BinOp::Eq, paren(cond.clone()), paren(l.clone())),
                body,
            )),
            None => default_body = body,
        }
    }
    let mut result: Option<Vec<Stmt>> = if default_body.is_empty() {
        None
    } else {
        Some(default_body)
    };
    for (test, body) in chain.into_iter().rev() {
        result = Some(vec![if_stmt(test, body, result)]);
    }
    let stmts = result.unwrap_or_default();
    Ok(Stmt::new(StmtKind::Block(stmts), span))
}

fn ends_in_continue(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Continue => true,
        StmtKind::Block(b) => b.last().is_some_and(ends_in_continue),
        _ => false,
    }
}

fn is_loop(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    )
}

// ---------------------------------------------------------------- early returns

fn always_returns(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_) => true,
        StmtKind::Block(b) => b.last().is_some_and(always_returns),
        StmtKind::If {
            then, els: Some(e), ..
        } => always_returns(then) && always_returns(e),
        _ => false,
    }
}

fn into_block(s: Stmt) -> Vec<Stmt> {
    match s.kind {
        StmtKind::Block(b) => b,
        _ => vec![s],
    }
}

/// Rewrites a statement list so that a `return` is only ever the last statement executed:
/// `if (c) return; REST` becomes `if (c) {} else { REST }`.
pub fn structure_returns(stmts: Vec<Stmt>) -> Vec<Stmt> {
    let mut out = Vec::new();
    let mut iter = stmts.into_iter();
    while let Some(s) = iter.next() {
        if always_returns(&s) {
            // Its branches may hold early returns of their own (`if (a) { if (b) return x;
            // return y; } else return z;`).
            out.push(structure_branches(s));
            return out; // anything after is dead code
        }
        if !contains_return(&s) || is_loop(&s) {
            out.push(nested_structure(s));
            continue;
        }
        let rest: Vec<Stmt> = iter.collect();
        match s.kind {
            StmtKind::If { cond, then, els } => {
                let mut then_b = into_block(*then);
                let mut else_b = els.map(|e| into_block(*e)).unwrap_or_default();
                let then_returns = then_b.last().is_some_and(always_returns);
                let else_returns = else_b.last().is_some_and(always_returns);
                if !then_returns {
                    then_b.extend(rest.iter().cloned());
                }
                if !else_returns {
                    else_b.extend(rest);
                }
                out.push(if_stmt(
                    cond,
                    structure_returns(then_b),
                    Some(structure_returns(else_b)),
                ));
            }
            StmtKind::Block(b) => {
                let mut inner = b;
                inner.extend(rest);
                out.extend(structure_returns(inner));
            }
            other => out.push(Stmt::new(other, s.span)),
        }
        return out;
    }
    out
}

/// `s` with `structure_returns` applied to every branch (a block or an `if`'s arms).
fn structure_branches(s: Stmt) -> Stmt {
    match s.kind {
        StmtKind::If { cond, then, els } => Stmt::new(
            StmtKind::If {
                cond,
                then: Box::new(block(structure_returns(into_block(*then)))),
                els: els.map(|e| Box::new(block(structure_returns(into_block(*e))))),
            },
            s.span,
        ),
        _ => nested_structure(s),
    }
}

fn nested_structure(s: Stmt) -> Stmt {
    match s.kind {
        StmtKind::Block(b) => Stmt::new(StmtKind::Block(structure_returns(b)), s.span),
        _ => s,
    }
}

// ---------------------------------------------------------------- compound assignments

fn expand_compound(s: Stmt) -> Stmt {
    map_simple_stmts(s, &expand_compound_stmt)
}

fn expand_compound_stmt(s: Stmt) -> Stmt {
    let span = s.span;
    let kind = match s.kind {
        // `a = b = e;` -> `b = e; a = b;`
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(op, l, r),
            span: e_span,
        }) if matches!(r.strip_parens().kind, ExprKind::Assign(..)) => {
            let inner = r.strip_parens().clone();
            let ExprKind::Assign(_, inner_lhs, _) = &inner.kind else {
                unreachable!("matched above")
            };
            let outer = Expr::new(ExprKind::Assign(op, l, inner_lhs.clone()), e_span);
            StmtKind::Block(vec![
                expand_compound(Stmt::new(StmtKind::Expr(inner), span)),
                expand_compound(Stmt::new(StmtKind::Expr(outer), span)),
            ])
        }
        // `(c ? a : b) = e;` -> `if (c) a = e; else b = e;`
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign(op, l, r),
            span: e_span,
        }) if matches!(l.strip_parens().kind, ExprKind::Cond(..)) => {
            let ExprKind::Cond(c, a, b) = l.strip_parens().kind.clone() else {
                unreachable!("matched above")
            };
            let branch = |target: Box<Expr>| {
                Box::new(expand_compound(Stmt::new(
                    StmtKind::Expr(Expr::new(ExprKind::Assign(op, target, r.clone()), e_span)),
                    span,
                )))
            };
            StmtKind::If {
                cond: *c,
                then: branch(a),
                els: Some(branch(b)),
            }
        }
        StmtKind::Expr(e) => StmtKind::Expr(expand_compound_expr(e)),
        k => k,
    };
    Stmt::new(kind, span)
}

fn expand_compound_expr(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Assign(Some(op), l, r) if !matches!(op, BinOp::Add | BinOp::Sub) => {
            let rhs = binary(op, (*l).clone(), paren(*r));
            Expr::new(ExprKind::Assign(None, l, Box::new(rhs)), e.span)
        }
        _ => e,
    }
}

// ---------------------------------------------------------------- hoisting

struct Hoister<'p, 'a> {
    prog: &'p Program<'a>,
    locals: Vec<Local>,
    /// Source name -> hoisted name, one map per block scope. A local reference bound to an
    /// lvalue maps to that lvalue (`double& o = out[i]` makes `o` mean `out[i]`).
    renames: Vec<HashMap<String, Expr>>,
    /// Local references in scope aliased to their targets (a later local of the same name
    /// removes it).
    reference_aliases: Names,
    /// Whether the declaration being hoisted may alias its references: nothing later in its
    /// scope changes the variables that locate the referenced object.
    stable_refs: bool,
    scope: ScopeStack,
    errors: Vec<Diagnostic>,
    /// Hoisted names of compile-time constants (kept with their initializers).
    constants: Names,
    /// How many loops enclose the statement being normalized.
    loop_depth: usize,
    /// Type aliases declared in the body (`typedef double T;`).
    aliases: HashMap<String, Ty>,
    /// A host function: its `std::vector`s of reals become `calloc` buffers (vectors.rs).
    host: bool,
    vectors: HashMap<String, crate::vectors::Vector>,
    /// Vectors that stay library objects (`vectors::kept_vectors`).
    kept_vectors: Names,
    /// Structured bindings lowered so far (their hidden objects are `__cuad_sb<N>`).
    binding_count: usize,
    /// The file's integer constants (array bounds of structured bindings).
    integer_constants: Vec<(String, i64)>,
    /// The named namespaces the function is defined in (where its locals' types must mean
    /// the same) and the body's using-directives.
    namespaces: Vec<String>,
    usings: Vec<cuad_sema::Using>,
}

impl Hoister<'_, '_> {
    fn block(&mut self, stmts: Vec<Stmt>) -> Vec<Stmt> {
        self.renames.push(HashMap::new());
        self.scope.push();
        let mut out = Vec::new();
        for (k, s) in stmts.iter().enumerate() {
            if let StmtKind::Bindings(b) = &s.kind {
                out.extend(self.bindings(b, &stmts[k + 1..]));
                continue;
            }
            if let StmtKind::Decl(d) = &s.kind {
                self.stable_refs =
                    references_stay_put(d, &stmts[k + 1..], &|n| self.is_reference_alias(n));
            }
            out.extend(self.stmt(s.clone()));
            self.stable_refs = false;
        }
        self.scope.pop();
        self.renames.pop();
        out
    }

    /// `auto [a, b] = e;` (bindings.rs) as declarations, hoisted like any other; `rest` is the
    /// remainder of the block (references must stay put there).
    fn bindings(&mut self, b: &BindingDecl, rest: &[Stmt]) -> Vec<Stmt> {
        let hidden = format!("__cuad_sb{}", self.binding_count);
        self.binding_count += 1;
        let init_ty = self.prog.type_of(&b.init, &self.scope);
        let constants = &self.integer_constants;
        let local_constants: HashMap<String, i64> = self
            .locals
            .iter()
            .filter(|l| self.constants.contains(&l.name))
            .filter_map(|l| match &l.init {
                Some(Init::Assign(e)) => {
                    Some((l.name.clone(), crate::instantiate::constant_value(e)?))
                }
                _ => None,
            })
            .collect();
        let length = |e: &Expr| {
            crate::instantiate::constant_value(e).or_else(|| match &e.strip_parens().kind {
                ExprKind::Ident(n) => {
                    let n = n.trim_start_matches("::");
                    let local = self.rename_of(n).and_then(|r| match &r.kind {
                        ExprKind::Ident(h) => local_constants.get(h).copied(),
                        _ => None,
                    });
                    local.or_else(|| constants.iter().find(|(c, _)| c == n).map(|(_, v)| *v))
                }
                _ => None,
            })
        };
        let decls = match crate::bindings::lower(
            self.prog,
            b,
            &hidden,
            init_ty,
            &length,
            is_lvalue(&b.init),
        ) {
            Ok(decls) => decls,
            Err(e) => {
                self.errors.push(e);
                return vec![];
            }
        };
        let mut out = Vec::new();
        for s in decls {
            if let StmtKind::Decl(d) = &s.kind {
                self.stable_refs = references_stay_put(d, rest, &|n| self.is_reference_alias(n));
            }
            out.extend(self.stmt(s));
            self.stable_refs = false;
        }
        out
    }

    /// A local reference aliased to its target (`Cell& c = cells[i]`).
    fn is_reference_alias(&self, name: &str) -> bool {
        self.reference_aliases.contains(name)
    }

    fn rename_of(&self, name: &str) -> Option<&Expr> {
        self.renames.iter().rev().find_map(|m| m.get(name))
    }

    fn stmt(&mut self, s: Stmt) -> Vec<Stmt> {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::Decl(d) => return self.decl(d),
            StmtKind::Bindings(b) => return self.bindings(&b, &[]),
            StmtKind::Expr(e) => StmtKind::Expr(self.expr(e)),
            StmtKind::Return(e) => StmtKind::Return(e.map(|e| self.expr(e))),
            StmtKind::Block(b) => StmtKind::Block(self.block(b)),
            StmtKind::If { cond, then, els } => {
                let cond = self.expr(cond);
                let then = Box::new(self.sub(*then));
                StmtKind::If {
                    cond,
                    then,
                    els: els.map(|e| Box::new(self.sub(*e))),
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.renames.push(HashMap::new());
                self.scope.push();
                let init = init.map(|i| {
                    let mut v = self.stmt(*i);
                    Box::new(if v.len() == 1 { v.remove(0) } else { block(v) })
                });
                let cond = cond.map(|c| self.expr(c));
                let step = step.map(|c| self.expr(c));
                let body = Box::new(self.loop_body(*body));
                self.scope.pop();
                self.renames.pop();
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            StmtKind::While { cond, body } => StmtKind::While {
                cond: self.expr(cond),
                body: Box::new(self.loop_body(*body)),
            },
            StmtKind::DoWhile { body, cond } => {
                let body = Box::new(self.loop_body(*body));
                StmtKind::DoWhile {
                    body,
                    cond: self.expr(cond),
                }
            }
            k => k,
        };
        vec![Stmt::new(kind, span)]
    }

    fn loop_body(&mut self, s: Stmt) -> Stmt {
        self.loop_depth += 1;
        let body = self.sub(s);
        self.loop_depth -= 1;
        body
    }

    fn sub(&mut self, s: Stmt) -> Stmt {
        let span = s.span;
        match s.kind {
            StmtKind::Block(b) => Stmt::new(StmtKind::Block(self.block(b)), span),
            _ => {
                let v = self.block(vec![Stmt::new(s.kind, span)]);
                Stmt::new(StmtKind::Block(v), span)
            }
        }
    }

    fn decl(&mut self, d: DeclStmt) -> Vec<Stmt> {
        let mut out = Vec::new();
        // `typedef double T;` / `using T = double;` in a body: later declarations name the
        // aliased type (cuad's analyses need `T r` to be a double); the alias is kept for the
        // code that still spells `T`.
        if d.specs.is_typedef {
            for v in &d.vars {
                let ty = self.resolve_local_aliases(&self.prog.canonical(&v.ty));
                self.aliases.insert(v.name.clone(), ty);
            }
            return vec![Stmt::synth(StmtKind::Decl(d))];
        }
        for v in d.vars {
            let init = v.init.map(|i| match i {
                Init::Assign(e) => Init::Assign(self.expr(e)),
                Init::Brace(es) => Init::Brace(es.into_iter().map(|e| self.expr(e)).collect()),
                Init::Paren(es) => Init::Paren(es.into_iter().map(|e| self.expr(e)).collect()),
            });
            let mut ty = self.resolve_local_aliases(&self.prog.canonical(&v.ty));
            match self.resolve_decltypes(&ty) {
                Ok(t) => ty = t,
                Err(operand) => {
                    self.errors.push(Diagnostic::error(
                        v.span,
                        format!(
                            "cuad cannot tell the type of `decltype({operand})`; write the type"
                        ),
                    ));
                    continue;
                }
            }
            if let TyKind::LRef(inner) | TyKind::RRef(inner) = &ty.kind {
                match &init {
                    // An alias of an object that stays put: uses name the object itself.
                    Some(Init::Assign(lv)) if is_lvalue(lv) && self.stable_refs => {
                        self.scope.declare(&v.name, (**inner).clone());
                        self.renames
                            .last_mut()
                            .unwrap()
                            .insert(v.name.clone(), paren(lv.clone()));
                        self.reference_aliases.insert(v.name.clone());
                        continue;
                    }
                    // A const reference to a temporary is a copy of it.
                    Some(Init::Assign(e)) if inner.is_const && !is_lvalue(e) => {
                        ty = (**inner).clone();
                    }
                    _ => {
                        self.errors.push(unsupported(
                            v.span,
                            "a local reference whose target changes while it is in scope",
                        ));
                        continue;
                    }
                }
            }
            if matches!(ty.kind, TyKind::Auto) {
                let inferred = match &init {
                    Some(Init::Assign(e)) => self.prog.type_of(e, &self.scope),
                    _ => None,
                };
                match inferred {
                    Some(t) => ty = t,
                    None => {
                        self.errors.push(Diagnostic::error(
                            v.span,
                            format!("cannot infer the type of `auto {}`", v.name),
                        ));
                        continue;
                    }
                }
            }
            // `float** ptrs[] = {&a, &b};`: the hoisted declaration has no initializer to
            // take its length from.
            let braced = match &init {
                Some(Init::Brace(items)) => Some(items),
                Some(Init::Assign(Expr {
                    kind: ExprKind::InitList(items),
                    ..
                })) => Some(items),
                _ => None,
            };
            if let (
                TyKind::Array {
                    elem,
                    len: len @ None,
                },
                Some(items),
            ) = (&mut ty.kind, braced)
            {
                // One item per element: braced elements, or scalars (no brace elision).
                let nested = items
                    .iter()
                    .all(|e| matches!(e.kind, ExprKind::InitList(_)));
                let scalar = !matches!(
                    elem.kind,
                    TyKind::Array { .. } | TyKind::Named { .. } | TyKind::Auto
                );
                if nested || scalar {
                    *len = Some(Box::new(int_lit(items.len() as i64)));
                }
            }
            // A type read from a callee's or a member's declaration (`auto h = g::hit(r)`, a
            // structured binding's object) names its structs as the declaring namespace does.
            let scope: Vec<&str> = self.namespaces.iter().map(String::as_str).collect();
            let ty = self.prog.qualified_for(&ty, &scope, &self.usings);
            let name = self.hoisted_name(&v.name, &ty);
            self.scope.declare(&v.name, ty.clone());
            self.reference_aliases.remove(&v.name);
            self.renames
                .last_mut()
                .unwrap()
                .insert(v.name.clone(), ident(&name));
            // A compile-time constant (`constexpr int m = 3;`, `const int TILE = 16;`) stays a
            // constant at the top: array bounds and template arguments may use it.
            let compile_time = d.specs.is_constexpr
                || (ty.is_const
                    && !matches!(ty.kind, TyKind::Array { .. } | TyKind::Pointer { .. })
                    && matches!(&init, Some(Init::Assign(e)) if self.is_literal_expr(e)));
            // A literal initializer moves to the top with the declaration, unless a loop
            // runs it again (`double acc[4] = {0};` in a loop body starts each iteration at
            // zero) and the local is not const.
            let constant_init = is_constant_init(&init) && (self.loop_depth == 0 || ty.is_const);
            let keep_init = d.specs.shared || d.specs.is_static || compile_time || constant_init;
            let mut specs = d.specs.clone();
            specs.is_constexpr = d.specs.is_constexpr && compile_time;
            if compile_time {
                self.constants.insert(name.clone());
            }
            if let Some(elem) = (self.host && !self.kept_vectors.contains(&v.name))
                .then(|| crate::vectors::real_vector_elem(self.prog, &ty))
                .flatten()
            {
                out.extend(self.hoist_vector(&name, elem, init, v.span));
                continue;
            }
            let already = self.locals.iter().any(|l| l.name == name);
            if !already {
                // A hoisted declaration is assigned later, so it cannot stay const (a constant
                // array that keeps its initializer can).
                // Pointers keep their pointee's const (`const double* p` may be reassigned).
                let hoisted_ty = match &ty.kind {
                    _ if compile_time => ty.clone(),
                    TyKind::Array { .. } if keep_init => ty.clone(),
                    TyKind::Array { .. } => assignable_elements(&ty),
                    _ => ty.clone().with_const(false),
                };
                let spelled = match &v.ty.kind {
                    TyKind::Named { name: n, args }
                        if args.is_empty()
                            && cuad_sema::types::std_typedef(n.trim_start_matches("std::"))
                                .is_some()
                            && matches!(hoisted_ty.kind, TyKind::Int { .. }) =>
                    {
                        Some(v.ty.clone().with_const(hoisted_ty.is_const))
                    }
                    _ => None,
                };
                self.locals.push(Local {
                    name: name.clone(),
                    ty: hoisted_ty,
                    specs,
                    init: if keep_init { init.clone() } else { None },
                    spelled,
                });
            }
            if keep_init && !already {
                continue;
            }
            out.extend(self.init_assignments(&name, &ty, init, v.span));
        }
        out
    }

    /// `std::vector<T> v(...)` in a host function: `T* v` with its size in `_cuad_size_v`,
    /// sized here when the declaration gives a size.
    fn hoist_vector(&mut self, name: &str, elem: Ty, init: Option<Init>, span: Span) -> Vec<Stmt> {
        use crate::vectors::{size_name, sizing, Vector};
        let long = cuad_sema::types::ulong_ty();
        for (n, t) in [
            (name.to_string(), Ty::pointer_to(elem.clone())),
            (size_name(name), long),
        ] {
            crate::vectors::add_local(&mut self.locals, &n, t);
        }
        // `h = std::vector<T>(n)` (copy-initialization from a temporary) reads as `h(n)`.
        let args = match init {
            None => None,
            Some(Init::Paren(args)) => Some(args),
            Some(Init::Assign(Expr {
                kind: ExprKind::Call { callee, args, .. },
                ..
            })) if matches!(&callee.kind, ExprKind::Ident(_)) => Some(args),
            Some(Init::Assign(Expr {
                kind:
                    ExprKind::Cast {
                        kind: CastKind::Functional,
                        expr,
                        ..
                    },
                ..
            })) => Some(match expr.kind {
                ExprKind::InitList(items) if items.is_empty() => vec![],
                ExprKind::InitList(_) => {
                    self.errors
                        .push(unsupported(span, "a std::vector initialized from a list"));
                    return vec![];
                }
                _ => vec![*expr],
            }),
            Some(_) => {
                self.errors.push(unsupported(
                    span,
                    "a std::vector initialized from a list or another vector",
                ));
                return vec![];
            }
        };
        let mut args = args.unwrap_or_default();
        let sized = !args.is_empty();
        if self.vectors.contains_key(name) {
            self.errors.push(unsupported(
                span,
                "two std::vector declarations sharing one name",
            ));
        }
        self.vectors.insert(
            name.to_string(),
            Vector {
                elem: elem.clone(),
                sized,
            },
        );
        match args.len() {
            0 => vec![
                Stmt::new(
                    StmtKind::Expr(assign(ident(&size_name(name)), int_lit(0))),
                    span,
                ),
                Stmt::new(
                    StmtKind::Expr(assign(ident(name), Expr::synth(ExprKind::Nullptr))),
                    span,
                ),
            ],
            2 if self.is_pointer(&args[0])
                || crate::vectors::is_iterator(&args[0], &|v| self.vectors.contains_key(v)) =>
            {
                // `std::vector<T> v(first, last)` copies the range
                let last = args.remove(1);
                let first = args.remove(0);
                let n = binary(BinOp::Sub, paren(last), paren(first.clone()));
                let fill = Some(crate::vectors::Fill::Range(first));
                sizing(&mut self.locals, name, &elem, n, fill, span)
            }
            // `std::vector<T> v(a.begin(), a.end())` of a library container (or anything but
            // a count): not a fixed buffer's construction.
            2 if crate::vectors::is_iterator(&args[0], &|_| true)
                || self.prog.type_of(&args[0], &self.scope).is_some_and(|t| {
                    !cuad_sema::types::is_arithmetic(&self.prog.canonical(&t))
                }) =>
            {
                self.errors.push(unsupported(
                    span,
                    "a std::vector initialized from this range (a range of pointers, or of another std::vector used as a fixed buffer, is supported)",
                ));
                vec![]
            }
            1 | 2 => {
                let fill = (args.len() == 2).then(|| crate::vectors::Fill::Value(args.remove(1)));
                // In a loop the buffer is allocated once, before it (vectors.rs): each
                // iteration's vector starts from zeros written here.
                let fill = match fill {
                    None if self.loop_depth > 0 => Some(crate::vectors::Fill::Value(
                        crate::builder::real_zero(&elem),
                    )),
                    fill => fill,
                };
                sizing(&mut self.locals, name, &elem, args.remove(0), fill, span)
            }
            _ => {
                self.errors
                    .push(unsupported(span, "this std::vector constructor"));
                vec![]
            }
        }
    }

    /// Whether `e` is a pointer (`x` in `std::vector<double> v(x, x + n)`).
    fn is_pointer(&self, e: &Expr) -> bool {
        self.prog
            .type_of(e, &self.scope)
            .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
    }

    /// `ty` with every `decltype(e)` in it replaced by the type it names, also as an array's
    /// element or a pointer's target (`decltype(v + 0.0f) acc[C]`); the operand cuad cannot
    /// type is the error.
    fn resolve_decltypes(&self, ty: &Ty) -> Result<Ty, String> {
        let kind = match &ty.kind {
            TyKind::Named { name, args } => match decltype_operand(ty) {
                Some(operand) => {
                    let mut t = self.decltype_type(&operand).ok_or(operand)?;
                    t.is_const |= ty.is_const;
                    t.is_volatile |= ty.is_volatile;
                    return Ok(t);
                }
                // `std::decay_t<decltype(v)>`: resolved again with its arguments' types.
                None if !args.is_empty() => {
                    let args = args
                        .iter()
                        .map(|a| match a {
                            TemplateArg::Type(t) => {
                                self.resolve_decltypes(t).map(TemplateArg::Type)
                            }
                            other => Ok(other.clone()),
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    let named = TyKind::Named {
                        name: name.clone(),
                        args,
                    };
                    return Ok(self.prog.canonical(&Ty {
                        kind: named,
                        ..ty.clone()
                    }));
                }
                None => return Ok(ty.clone()),
            },
            TyKind::Array { elem, len } => TyKind::Array {
                elem: Box::new(self.resolve_decltypes(elem)?),
                len: len.clone(),
            },
            TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
                pointee: Box::new(self.resolve_decltypes(pointee)?),
                restrict: *restrict,
            },
            TyKind::LRef(inner) => match self.resolve_decltypes(inner)? {
                // `decltype(x[i])&` collapses to one reference.
                t if matches!(t.kind, TyKind::LRef(_)) => t.kind,
                t => TyKind::LRef(Box::new(t)),
            },
            _ => return Ok(ty.clone()),
        };
        Ok(Ty { kind, ..ty.clone() })
    }

    /// The type `decltype(operand)` names: the declared type of a name or of an
    /// unparenthesized member access (`decltype(p.x)` is `double`, a copy), a reference for
    /// other lvalues (`decltype(x[i])` and `decltype((p.x))` are `double&`), else the value's
    /// type.
    fn decltype_type(&self, operand: &str) -> Option<Ty> {
        let mut diags = cuad_syntax::Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(cuad_syntax::FileId(0), operand, &mut diags);
        let e = cuad_syntax::parser::parse_expr_text(&tokens, &mut diags)?;
        if diags.has_errors() {
            return None;
        }
        let t = self.prog.canonical(&self.prog.type_of(&e, &self.scope)?);
        if matches!(t.kind, TyKind::Named { ref name, .. } if name.starts_with("decltype")) {
            return None;
        }
        Some(match &e.kind {
            ExprKind::Ident(_) | ExprKind::Member { .. } => t,
            _ if is_lvalue(&e) && !matches!(t.kind, TyKind::LRef(_)) => {
                Ty::new(TyKind::LRef(Box::new(t)))
            }
            _ => t,
        })
    }

    /// A name for a hoisted local: the source name unless an earlier local of another type
    /// already took it, or a variable of an enclosing scope that the declaration shadows
    /// still uses it (locals of sibling scopes share one hoisted variable).
    fn hoisted_name(&self, name: &str, ty: &Ty) -> String {
        let mut candidate = name.to_string();
        let mut k = 0;
        loop {
            let visible = self.renames.iter().any(|m| {
                m.values()
                    .any(|e| matches!(&e.kind, ExprKind::Ident(n) if *n == candidate))
            });
            match self.locals.iter().find(|l| l.name == candidate) {
                None if !visible => return candidate,
                Some(l)
                    if !visible
                        && l.ty.kind == ty.kind
                        // a constant keeps its initializer on the hoisted declaration
                        && l.init.is_none()
                        && !l.ty.is_const
                        && !l.specs.shared
                        && !l.specs.is_static =>
                {
                    return candidate
                }
                _ => {
                    k += 1;
                    candidate = format!("{name}_{k}");
                }
            }
        }
    }

    fn init_assignments(
        &mut self,
        name: &str,
        ty: &Ty,
        init: Option<Init>,
        span: Span,
    ) -> Vec<Stmt> {
        let target = ident(name);
        let items = match init {
            // `S s;` runs `S() : x(1) {}` (or `double x = 1;`) where it stands (each loop iteration): the hoisted
            // local is assigned `S{}` there.
            None if crate::calls::default_construction_sets_fields(self.prog, ty) => {
                let mut unqualified = ty.clone();
                unqualified.is_const = false;
                unqualified.is_volatile = false;
                let ctor = Expr::synth(ExprKind::Cast {
                    kind: CastKind::Functional,
                    ty: unqualified,
                    expr: Box::new(Expr::synth(ExprKind::InitList(vec![]))),
                });
                return vec![Stmt::new(StmtKind::Expr(assign(target, ctor)), span)];
            }
            None => return vec![],
            Some(Init::Assign(Expr {
                kind: ExprKind::InitList(items),
                ..
            }))
            | Some(Init::Brace(items)) => items,
            Some(Init::Assign(e)) => {
                return vec![Stmt::new(StmtKind::Expr(assign(target, e)), span)]
            }
            Some(Init::Paren(mut args)) if args.len() == 1 => {
                // A library class (`std::vector<double> h(n)`) is constructed, not assigned
                // from its argument (the constructor may be explicit).
                let canonical = self.prog.canonical(ty);
                let library_class = matches!(&canonical.kind, TyKind::Named { name, .. }
                    if self.prog.struct_def(name).is_none() && name.contains("::"));
                // So is a user struct with constructors (`M3 m(x + 3 * i)`).
                let constructed = !crate::calls::user_constructors(self.prog, ty).is_empty();
                let value = args.remove(0);
                let value = if library_class || constructed {
                    Expr::new(
                        ExprKind::Cast {
                            kind: CastKind::Functional,
                            ty: ty.clone(),
                            expr: Box::new(value),
                        },
                        span,
                    )
                } else {
                    value
                };
                return vec![Stmt::new(StmtKind::Expr(assign(target, value)), span)];
            }
            Some(Init::Paren(args)) => {
                // `const Vec3 a(x, y, z)` -> `a = Vec3{x, y, z}`: a functional cast names the
                // type without qualifiers (`(const Vec3){...}` is a C compound literal).
                let mut unqualified = ty.clone();
                unqualified.is_const = false;
                unqualified.is_volatile = false;
                // Classes with constructors stay constructor calls: braces would pick an
                // initializer-list constructor (`std::vector<int> v(n, 0)` is n zeros,
                // `std::vector<int>{n, 0}` two elements) or make `dim3 grid(n / 32, rows)`'s
                // int arguments narrowing conversions. Braces are for the file's aggregates.
                let canonical = self.prog.canonical(ty);
                let is_class = match &canonical.kind {
                    TyKind::Named { name, .. } => {
                        name == "dim3"
                            || self.prog.struct_def(name).is_none()
                            || !crate::calls::user_constructors(self.prog, ty).is_empty()
                    }
                    _ => false,
                };
                let operand = if is_class && !args.is_empty() {
                    let mut it = args.into_iter();
                    let first = it.next().unwrap_or_else(|| int_lit(1));
                    it.fold(first, |acc, next| binary(BinOp::Comma, acc, next))
                } else {
                    Expr::synth(ExprKind::InitList(args))
                };
                let ctor = Expr::synth(ExprKind::Cast {
                    kind: CastKind::Functional,
                    ty: unqualified,
                    expr: Box::new(operand),
                });
                return vec![Stmt::new(StmtKind::Expr(assign(target, ctor)), span)];
            }
        };
        let (stmts, errors) =
            crate::aggregate::assignments(self.prog, &self.scope, target, ty, items, span);
        self.errors.extend(errors);
        stmts
    }

    fn expr(&mut self, e: Expr) -> Expr {
        let span = e.span;
        let kind = match e.kind {
            ExprKind::Ident(n) => match self.rename_of(&n) {
                Some(to) => return Expr::new(to.kind.clone(), span),
                None => ExprKind::Ident(n),
            },
            // The trip count of a range-based `for` (parser/stmt.rs): the length of a
            // fixed-size array.
            ExprKind::Call { callee, args, .. }
                if matches!(&callee.kind, ExprKind::Ident(n) if n == "__cuad_extent")
                    && args.len() == 1 =>
            {
                let range = &args[0];
                // A host function's std::vector (vectors.rs): its size variable.
                if let ExprKind::Ident(n) = &range.strip_parens().kind {
                    if let Some(ExprKind::Ident(v)) = self.rename_of(n).map(|e| &e.kind) {
                        if self.vectors.contains_key(v) {
                            return Expr::new(ExprKind::Ident(crate::vectors::size_name(v)), span);
                        }
                    }
                }
                let ty = self
                    .prog
                    .type_of(range, &self.scope)
                    .map(|t| self.prog.canonical(&t));
                let ty = match ty.map(|t| t.kind) {
                    Some(TyKind::LRef(inner)) => Some(inner.kind),
                    other => other,
                };
                if let Some(TyKind::Array { len: Some(len), .. }) = ty {
                    return self.expr(*len);
                }
                self.errors.push(unsupported(
                    span,
                    &format!(
                        "a range-based `for` over `{}` (only fixed-size arrays are)",
                        cuad_emit::print_expr(range)
                    ),
                ));
                return int_lit(0);
            }
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                // A method call's object is renamed like any operand (`m.eval(v)` with `m`
                // a reference local).
                let callee = match callee.kind {
                    ExprKind::Member { base, field, arrow } => Box::new(Expr::new(
                        ExprKind::Member {
                            base: Box::new(self.expr(*base)),
                            field,
                            arrow,
                        },
                        callee.span,
                    )),
                    ExprKind::Ident(n) => Box::new(Expr::new(
                        ExprKind::Ident(self.class_qualifier(n)),
                        callee.span,
                    )),
                    _ => callee,
                };
                ExprKind::Call {
                    callee,
                    template_args: template_args
                        .iter()
                        .map(|a| self.resolve_alias_arg(a))
                        .collect(),
                    args: args.into_iter().map(|a| self.expr(a)).collect(),
                }
            }
            // `static_cast<acc_t>(x)` with a local `using acc_t = double;`: a cast to double
            ExprKind::Cast { kind, ty, expr } => ExprKind::Cast {
                kind,
                ty: self.resolve_local_aliases(&ty),
                expr: Box::new(self.expr(*expr)),
            },
            ExprKind::SizeofType(ty) => ExprKind::SizeofType(self.resolve_local_aliases(&ty)),
            // `n + p` with `p` a pointer is `p + n`: the pointer first, as every analysis of
            // pointer arithmetic expects its base on the left.
            ExprKind::Binary(BinOp::Add, l, r) => {
                // Types of the operands as written (the scope knows the source's names).
                let is_kind = |e: &Expr, pointer: bool| {
                    self.prog.type_of(e, &self.scope).is_some_and(|t| {
                        match self.prog.canonical(&t).kind {
                            TyKind::Pointer { .. } | TyKind::Array { .. } => pointer,
                            TyKind::Int { .. } => !pointer,
                            _ => false,
                        }
                    })
                };
                let swap = is_kind(&l, false) && is_kind(&r, true);
                let (l, r) = (self.expr(*l), self.expr(*r));
                if swap {
                    ExprKind::Binary(BinOp::Add, Box::new(r), Box::new(l))
                } else {
                    ExprKind::Binary(BinOp::Add, Box::new(l), Box::new(r))
                }
            }
            // Everything else: the children renamed (a call's callee names a function).
            k => return crate::usage::map_subexprs(Expr::new(k, span), &mut |x| self.expr(x)),
        };
        Expr::new(kind, span)
    }
}

/// Field names of a struct in declaration order.
pub fn struct_field_names(def: &StructDef) -> Vec<String> {
    let mut out = Vec::new();
    for m in def.members.iter().flatten() {
        if let Member::Field(d) = m {
            if !d.specs.is_static && !d.specs.is_typedef {
                out.extend(d.vars.iter().map(|v| v.name.clone()));
            }
        }
    }
    out
}

impl Hoister<'_, '_> {
    /// `V::load` with `V` an alias of a class template's instance (`using V = VecN<double,
    /// 2>;`, in the body or the file): `VecN<double, 2>::load`, the static member function
    /// of the definition that instance uses (methods.rs).
    fn class_qualifier(&self, name: String) -> String {
        let Some((qualifier, member)) = name.rsplit_once("::") else {
            return name;
        };
        let ty = match self.aliases.get(qualifier) {
            Some(t) => self.prog.canonical(t),
            None => self.prog.canonical(&Ty::named(qualifier)),
        };
        match &ty.kind {
            TyKind::Named { args, .. } if !args.is_empty() => {
                format!("{}::{member}", cuad_emit::print_ty(&ty))
            }
            _ => name,
        }
    }

    /// `ty` with the body's own type aliases replaced by what they name.
    fn resolve_local_aliases(&self, ty: &Ty) -> Ty {
        resolve_aliases(&self.aliases, ty)
    }

    fn resolve_alias_arg(&self, a: &TemplateArg) -> TemplateArg {
        resolve_alias_arg(&self.aliases, a)
    }

    /// Literals, arithmetic on them, `sizeof` and constants hoisted before: a compile-time
    /// constant's initializer.
    fn is_literal_expr(&self, e: &Expr) -> bool {
        match &e.strip_parens().kind {
            ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::BoolLit(_) => true,
            ExprKind::CharLit(_) | ExprKind::SizeofType(_) => true,
            ExprKind::Ident(n) => self.constants.contains(n),
            ExprKind::Unary(UnOp::Neg | UnOp::Plus | UnOp::Not | UnOp::BitNot, x) => {
                self.is_literal_expr(x)
            }
            ExprKind::Binary(_, l, r) => self.is_literal_expr(l) && self.is_literal_expr(r),
            ExprKind::Cast { expr, .. } => self.is_literal_expr(expr),
            _ => false,
        }
    }
}

fn is_constant_init(init: &Option<Init>) -> bool {
    fn lit(e: &Expr) -> bool {
        match &e.strip_parens().kind {
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::CharLit(_) => true,
            ExprKind::Unary(UnOp::Neg, x) => lit(x),
            ExprKind::InitList(items) => items.iter().all(lit),
            _ => false,
        }
    }
    match init {
        Some(Init::Assign(e)) => matches!(e.kind, ExprKind::InitList(_)) && lit(e),
        Some(Init::Brace(items)) => items.iter().all(lit),
        _ => false,
    }
}

/// `case 1: { A; break; }` is `case 1: A; break;`: a braced case body is flattened.
fn flatten_case_blocks(cases: &[SwitchCase]) -> Vec<SwitchCase> {
    cases
        .iter()
        .map(|c| {
            let mut body = Vec::new();
            for st in &c.body {
                match &st.kind {
                    StmtKind::Block(inner) => body.extend(inner.iter().cloned()),
                    _ => body.push(st.clone()),
                }
            }
            SwitchCase {
                label: c.label.clone(),
                body,
                span: c.span,
            }
        })
        .collect()
}

// ---------------------------------------------------------------- increments in expressions

/// `s += *p++;` becomes `s += *p; p++;` (and `++p` inside an expression runs before the
/// statement), so every statement changes at most one variable.
fn extract_increments(stmts: Vec<Stmt>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        let span = s.span;
        match s.kind {
            StmtKind::Expr(e) if !is_bare_increment(&e) => {
                let (mut pre, mut post) = (Vec::new(), Vec::new());
                let pulled = pull_increments(e.clone(), true, &mut pre, &mut post);
                // An element's increment moves out only where the rest of the statement leaves
                // its address alone (`order[slot[k]++] = i` becomes `order[slot[k]] = i;
                // slot[k]++;`, so later passes see its address evaluated without effects).
                let mut written = crate::usage::Names::new();
                crate::usage::writes(&pulled, &mut written);
                let mut addressed = crate::usage::Names::new();
                for s in pre.iter().chain(&post) {
                    if let StmtKind::Expr(x) = &s.kind {
                        crate::usage::reads(x, &mut addressed);
                    }
                }
                let e = if addressed.iter().any(|n| written.contains(n)) {
                    (pre, post) = (Vec::new(), Vec::new());
                    pull_increments(e, false, &mut pre, &mut post)
                } else {
                    pulled
                };
                out.extend(pre);
                out.push(Stmt::new(StmtKind::Expr(e), span));
                out.extend(post);
            }
            StmtKind::Block(b) => out.push(Stmt::new(StmtKind::Block(extract_increments(b)), span)),
            StmtKind::If { cond, then, els } => out.push(Stmt::new(
                StmtKind::If {
                    cond,
                    then: Box::new(block(extract_increments(vec![*then]))),
                    els: els.map(|e| Box::new(block(extract_increments(vec![*e])))),
                },
                span,
            )),
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => out.push(Stmt::new(
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body: Box::new(block(extract_increments(vec![*body]))),
                },
                span,
            )),
            StmtKind::While { cond, body } => out.push(Stmt::new(
                StmtKind::While {
                    cond,
                    body: Box::new(block(extract_increments(vec![*body]))),
                },
                span,
            )),
            StmtKind::DoWhile { body, cond } => out.push(Stmt::new(
                StmtKind::DoWhile {
                    body: Box::new(block(extract_increments(vec![*body]))),
                    cond,
                },
                span,
            )),
            k => out.push(Stmt::new(k, span)),
        }
    }
    out
}

fn is_bare_increment(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Unary(
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
            _
        )
    )
}

/// Pulls the increments of variables (with `elements`, also of array elements and fields
/// whose address has no side effects: `slot[key[i]]++`) out of `e`.
fn pull_increments(e: Expr, elements: bool, pre: &mut Vec<Stmt>, post: &mut Vec<Stmt>) -> Expr {
    let span = e.span;
    let movable = |x: &Expr| crate::usage::is_plain_var(x) || (elements && effect_free_lvalue(x));
    let mut rec = |x: Box<Expr>| Box::new(pull_increments(*x, elements, pre, post));
    let kind = match e.kind {
        ExprKind::Unary(op @ (UnOp::PreInc | UnOp::PreDec), x) if movable(&x) => {
            pre.push(expr_stmt(unary(op, (*x).clone())));
            return *x;
        }
        ExprKind::Unary(op @ (UnOp::PostInc | UnOp::PostDec), x) if movable(&x) => {
            post.push(expr_stmt(unary(op, (*x).clone())));
            return *x;
        }
        // Only one side of `&&`, `||` and `?:` runs: leave their increments alone, except in
        // the left operand of `&&`/`||`, which always runs first (`while (++k < n && w[k] >
        // 0)`): its pre-increments run before the statement, its post-increments after it
        // when the right operand does not read the variable.
        ExprKind::Binary(op @ (BinOp::And | BinOp::Or), l, r) => {
            let (mut l_pre, mut l_post) = (Vec::new(), Vec::new());
            let pulled = pull_increments((*l).clone(), elements, &mut l_pre, &mut l_post);
            let mut changed = crate::usage::Names::default();
            crate::usage::stmt_writes(&l_post, &mut changed);
            let mut right = crate::usage::Names::default();
            crate::usage::reads(&r, &mut right);
            let right_reads_post = changed.iter().any(|v| right.contains(v));
            if right_reads_post {
                ExprKind::Binary(op, l, r)
            } else {
                pre.extend(l_pre);
                post.extend(l_post);
                ExprKind::Binary(op, Box::new(pulled), r)
            }
        }
        ExprKind::Cond(c, a, b) => ExprKind::Cond(c, a, b),
        ExprKind::Unary(op, x) => ExprKind::Unary(op, rec(x)),
        ExprKind::Binary(op, l, r) => {
            let l = rec(l);
            ExprKind::Binary(op, l, rec(r))
        }
        ExprKind::Assign(op, l, r) => {
            let l = rec(l);
            ExprKind::Assign(op, l, rec(r))
        }
        ExprKind::Index(b, i) => {
            let b = rec(b);
            ExprKind::Index(b, rec(i))
        }
        ExprKind::Paren(x) => ExprKind::Paren(rec(x)),
        ExprKind::Member { base, field, arrow } => ExprKind::Member {
            base: rec(base),
            field,
            arrow,
        },
        ExprKind::Cast { kind, ty, expr } => ExprKind::Cast {
            kind,
            ty,
            expr: rec(expr),
        },
        ExprKind::Call {
            callee,
            template_args,
            args,
        } => ExprKind::Call {
            callee,
            template_args,
            args: args
                .into_iter()
                .map(|a| pull_increments(a, elements, pre, post))
                .collect(),
        },
        k => k,
    };
    Expr::new(kind, span)
}

/// An element or field of a variable (`a[k]`, `p->n`, `*q`) whose address evaluates without
/// side effects, so evaluating it again gives the same place.
fn effect_free_lvalue(e: &Expr) -> bool {
    let effect_free = |x: &Expr| {
        !crate::usage::any_expr(x, &|y| match &y.kind {
            ExprKind::Assign(..) | ExprKind::Launch { .. } => true,
            ExprKind::Unary(op, _) => matches!(
                op,
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec
            ),
            ExprKind::Call { .. } => {
                !crate::host::callee_name(y).is_some_and(crate::rules::is_pure_math)
            }
            _ => false,
        })
    };
    match &e.kind {
        ExprKind::Ident(_) => true,
        ExprKind::Paren(x) | ExprKind::Unary(UnOp::Deref, x) => effect_free_lvalue(x),
        ExprKind::Member { base, .. } => effect_free_lvalue(base),
        ExprKind::Index(b, i) => effect_free_lvalue(b) && effect_free(i),
        _ => false,
    }
}

// ---------------------------------------------------------------- error-checking idioms

/// Error-checking idioms around CUDA runtime calls: `do { ... } while (0)` from macros becomes
/// a block, and a runtime call inside an `if` condition
/// (`if (cudaMalloc(&p, n) != cudaSuccess)`) moves into its own statement before the `if`,
/// so the differentiation sees the call.
fn host_patterns(stmts: Vec<Stmt>, counter: &mut usize) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in stmts {
        let span = s.span;
        match s.kind {
            StmtKind::DoWhile { body, cond }
                if is_false_literal(&cond)
                    && !crate::usage::any_stmt(&body, &|x| {
                        matches!(x.kind, StmtKind::Break | StmtKind::Continue)
                    }) =>
            {
                out.push(Stmt::new(
                    StmtKind::Block(host_patterns(into_block(*body), counter)),
                    span,
                ));
            }
            StmtKind::If { cond, then, els } => {
                let mut pre = Vec::new();
                let cond = pull_runtime_calls(cond, &mut pre, counter);
                out.extend(pre);
                let then = Box::new(block(host_patterns(into_block(*then), counter)));
                let els = els.map(|e| Box::new(block(host_patterns(into_block(*e), counter))));
                out.push(Stmt::new(StmtKind::If { cond, then, els }, span));
            }
            StmtKind::Block(b) => {
                out.push(Stmt::new(StmtKind::Block(host_patterns(b, counter)), span))
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => out.push(Stmt::new(
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body: Box::new(block(host_patterns(into_block(*body), counter))),
                },
                span,
            )),
            StmtKind::While { cond, body } => out.push(Stmt::new(
                StmtKind::While {
                    cond,
                    body: Box::new(block(host_patterns(into_block(*body), counter))),
                },
                span,
            )),
            k => out.push(Stmt::new(k, span)),
        }
    }
    out
}

fn is_false_literal(e: &Expr) -> bool {
    matches!(&e.strip_parens().kind, ExprKind::IntLit(t) if t == "0")
        || matches!(e.strip_parens().kind, ExprKind::BoolLit(false))
}

fn pull_runtime_calls(e: Expr, pre: &mut Vec<Stmt>, counter: &mut usize) -> Expr {
    let is_runtime_call = |x: &Expr| match &x.kind {
        ExprKind::Call { callee, .. } => {
            matches!(&callee.kind, ExprKind::Ident(n) if n.trim_start_matches("::").starts_with("cuda"))
        }
        _ => false,
    };
    if is_runtime_call(&e) {
        let name = format!("_cuda_status{}", *counter);
        *counter += 1;
        pre.push(decl(Ty::named("cudaError_t"), &name, Some(e)));
        return ident(&name);
    }
    let span = e.span;
    let kind = match e.kind {
        ExprKind::Binary(op, l, r) => {
            let l = pull_runtime_calls(*l, pre, counter);
            ExprKind::Binary(op, Box::new(l), r)
        }
        ExprKind::Unary(op, x) => {
            ExprKind::Unary(op, Box::new(pull_runtime_calls(*x, pre, counter)))
        }
        ExprKind::Paren(x) => ExprKind::Paren(Box::new(pull_runtime_calls(*x, pre, counter))),
        ExprKind::Cast { kind, ty, expr } => ExprKind::Cast {
            kind,
            ty,
            expr: Box::new(pull_runtime_calls(*expr, pre, counter)),
        },
        k => k,
    };
    Expr::new(kind, span)
}

/// `__cuad_extent(a)` (the trip count of a range-based `for`, parser/stmt.rs) of a fixed-size
/// array, or a reference to one (`const L (&ls)[N]`), replaced by its length in `f`: for
/// functions cuad prints as they are (stand-ins: methods as free functions, templates
/// instantiated for a lambda), which normalize never sees. Other ranges stay; normalize
/// reports them where the function is differentiated.
pub(crate) fn written_range_extents(prog: &Program, f: &mut Function) {
    let mut types: HashMap<String, Ty> = f
        .params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, p.ty.clone())))
        .collect();
    for s in f.body.iter().flatten() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    types.insert(v.name.clone(), v.ty.clone());
                }
            }
        });
    }
    let scope = crate::reverse::TypeScope(&types);
    for s in f.body.iter_mut().flatten() {
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let ExprKind::Call { callee, args, .. } = &e.kind else {
                return;
            };
            if !matches!(&callee.kind, ExprKind::Ident(n) if n == "__cuad_extent")
                || args.len() != 1
            {
                return;
            }
            let ty = prog.type_of(&args[0], &scope).map(|t| prog.canonical(&t));
            let ty = match ty.map(|t| t.kind) {
                Some(TyKind::LRef(inner)) => Some(inner.kind),
                other => other,
            };
            if let Some(TyKind::Array { len: Some(len), .. }) = ty {
                *e = paren(*len);
            }
        });
    }
}

/// `ty` with the body-local aliases `aliases` (`typedef double acc_t;`) replaced by what
/// they name.
pub(crate) fn resolve_aliases(aliases: &HashMap<String, Ty>, ty: &Ty) -> Ty {
    let kind = match &ty.kind {
        TyKind::Named { name, args } if args.is_empty() => match aliases.get(name) {
            Some(t) => {
                let mut t = t.clone();
                t.is_const |= ty.is_const;
                return t;
            }
            None => return ty.clone(),
        },
        // `P<acc_t>`
        TyKind::Named { name, args } => TyKind::Named {
            name: name.clone(),
            args: args.iter().map(|a| resolve_alias_arg(aliases, a)).collect(),
        },
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(resolve_aliases(aliases, pointee)),
            restrict: *restrict,
        },
        TyKind::LRef(t) => TyKind::LRef(Box::new(resolve_aliases(aliases, t))),
        TyKind::RRef(t) => TyKind::RRef(Box::new(resolve_aliases(aliases, t))),
        TyKind::Array { elem, len } => TyKind::Array {
            elem: Box::new(resolve_aliases(aliases, elem)),
            len: len.clone(),
        },
        _ => return ty.clone(),
    };
    Ty {
        kind,
        is_const: ty.is_const,
        is_volatile: ty.is_volatile,
    }
}

fn resolve_alias_arg(aliases: &HashMap<String, Ty>, a: &TemplateArg) -> TemplateArg {
    match a {
        TemplateArg::Type(t) => TemplateArg::Type(resolve_aliases(aliases, t)),
        // `P<acc_t>` parsed before `acc_t` was known as a type
        TemplateArg::Expr(Expr {
            kind: ExprKind::Ident(n),
            ..
        }) if aliases.contains_key(n) => TemplateArg::Type(resolve_aliases(aliases, &Ty::named(n))),
        other => other.clone(),
    }
}

/// An array type whose elements can be assigned one by one: the const of the elements goes,
/// a pointer element keeps its pointee's (`const double* r[2]` stays a table of pointers to
/// const).
fn assignable_elements(ty: &Ty) -> Ty {
    match &ty.kind {
        TyKind::Array { elem, len } => Ty::new(TyKind::Array {
            elem: Box::new(assignable_elements(elem)),
            len: len.clone(),
        }),
        _ => ty.clone().with_const(false),
    }
}
