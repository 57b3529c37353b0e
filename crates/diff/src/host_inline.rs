//! Inlines the host helpers that receive a struct of buffers (`alloc_sim(s, n)`,
//! `step(s, dt)`, `release(&s)`) into the host function being differentiated. Application code
//! allocates, steps and frees such a struct in helpers; written out in the caller, the
//! helpers' field writes (`cudaMalloc(&s.u, ...)`, a swap of `s.u` and `s.v`) become the
//! caller's, and host_structs scalarizes the struct as if the code had been written inline.
//!
//! Helpers that hand out a `cudaMalloc` allocation (`double* d = upload(x, n);`,
//! `upload(&d, x, n)`, `alloc(d, n)` through `T*&`) are written out too, so the allocation is
//! the caller's, of known size.
//!
//! A call is inlined when it is a statement (or `d = helper(...)` of an allocating helper),
//! calls one host function defined here (not a template) with a parameter that takes a
//! scalarizable struct (by value, reference or pointer) or that hands out an allocation, and
//! the helper returns nothing before its end. Reference parameters bound to a
//! named variable are replaced by it; `p` bound to `&v` by `&v` (`p->f` reads `v.f`); other
//! parameters become locals of the inlined block initialized from the arguments.
//!
//! Members of a struct of buffers are written out the same way (`methods::host_member`):
//! a method call statement `d.upload(x);`, an accessor `d.data()` whose body returns a
//! side-effect-free expression of the fields, and, for an object declared with constructor
//! arguments (`DeviceBuffer d(n);`, RAII), its constructor where it is declared and its
//! destructor at the end of its block. host_structs must then give every field of such an
//! object a local (`unscalarized_objects` reports those it could not).

use crate::builder::*;
use crate::methods::HostMember;
use crate::usage::Names;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashMap;

/// How deep helpers calling helpers are written out.
const MAX_DEPTH: usize = 8;

/// Writes out the helpers and members; returns the objects whose constructor it wrote out
/// (their declarations), which must not survive scalarization.
pub fn inline_struct_helpers(
    prog: &Program,
    caller: &Function,
    body: &mut Vec<Stmt>,
) -> Vec<(String, cuad_syntax::source::Span)> {
    let mut caller_names: Names = caller
        .params
        .iter()
        .filter_map(|p| p.name.clone())
        .collect();
    body.iter()
        .for_each(|s| crate::normalize::declared_names(s, &mut caller_names));
    let types = declared_types(prog, caller, body);
    let cx = Context {
        prog,
        caller_names: &caller_names,
        types: &types,
    };
    let mut constructed = vec![];
    construct_objects(&cx, body, &mut constructed);
    split_allocating_decls(prog, body);
    for s in body.iter_mut() {
        inline_in(&cx, s, 0);
    }
    constructed
}

struct Context<'a, 'p> {
    prog: &'a Program<'p>,
    caller_names: &'a Names,
    /// The type of each variable the caller declares (one type per name).
    types: &'a HashMap<String, Ty>,
}

/// Parameters and locals of `caller` by name; a name declared with two types is left out.
fn declared_types(prog: &Program, caller: &Function, body: &[Stmt]) -> HashMap<String, Ty> {
    fn walk(s: &Stmt, out: &mut Vec<(String, Ty)>) {
        if let StmtKind::Decl(d) = &s.kind {
            out.extend(d.vars.iter().map(|v| (v.name.clone(), v.ty.clone())));
        }
        s.for_each_child(&mut |c| walk(c, out));
    }
    let mut all: Vec<(String, Ty)> = caller
        .params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, p.ty.clone())))
        .collect();
    body.iter().for_each(|s| walk(s, &mut all));
    let mut types: HashMap<String, Option<Ty>> = HashMap::new();
    for (n, t) in all {
        let t = prog.canonical(&t);
        let entry = types.entry(n).or_insert_with(|| Some(t.clone()));
        if entry.as_ref() != Some(&t) {
            *entry = None;
        }
    }
    types
        .into_iter()
        .filter_map(|(n, t)| Some((n, t?)))
        .collect()
}

/// The struct type of the object `v` that `host_structs` could scalarize, when it holds
/// buffers (a pointer field): value types (`Cplx z(0.0, 0.0)`) keep their constructors and
/// methods, which differentiation handles as calls.
fn object_type(cx: &Context<'_, '_>, v: &str) -> Option<Ty> {
    let ty = cx.types.get(v)?;
    let holds_buffer = cx
        .prog
        .fields(ty)
        .iter()
        .any(|(_, t)| matches!(cx.prog.canonical(t).kind, TyKind::Pointer { .. }));
    (holds_buffer && crate::host_structs::is_scalarizable(cx.prog, ty)).then(|| ty.clone())
}

/// `T v(args);` / `T v{args};` of a struct of buffers with a constructor: `T v;` and the
/// constructor written out, and the destructor written out at the end of the block (before
/// its last statement when that is a `return` not naming `v`). Left alone when the block
/// may leave early after the declaration (`return`, `break`, `continue`).
fn construct_objects(
    cx: &Context<'_, '_>,
    list: &mut Vec<Stmt>,
    constructed: &mut Vec<(String, cuad_syntax::source::Span)>,
) {
    let mut i = 0;
    while i < list.len() {
        let Some(stmts) = construction(cx, &list[i], &list[i + 1..]) else {
            list[i].for_each_child_mut(&mut |c| construct_in(cx, c, constructed));
            i += 1;
            continue;
        };
        let (declared, destructors): (Vec<Stmt>, Vec<Stmt>) = stmts;
        let StmtKind::Decl(d) = &list[i].kind else {
            unreachable!("construction takes declarations")
        };
        constructed.extend(d.vars.iter().map(|v| (v.name.clone(), v.span)));
        let n = declared.len();
        list.splice(i..=i, declared);
        i += n;
        let end = match list.last().map(|s| &s.kind) {
            Some(StmtKind::Return(_)) => list.len() - 1,
            _ => list.len(),
        };
        list.splice(end..end, destructors);
    }
}

fn construct_in(
    cx: &Context<'_, '_>,
    s: &mut Stmt,
    constructed: &mut Vec<(String, cuad_syntax::source::Span)>,
) {
    match &mut s.kind {
        StmtKind::Block(b) => construct_objects(cx, b, constructed),
        _ => s.for_each_child_mut(&mut |c| construct_in(cx, c, constructed)),
    }
}

/// For a declaration of objects built by constructors of structs of buffers: its
/// declarations with the constructors written out, and the destructors (last declared
/// first). `rest`: the statements after it in its block.
fn construction(cx: &Context<'_, '_>, s: &Stmt, rest: &[Stmt]) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let StmtKind::Decl(d) = &s.kind else {
        return None;
    };
    let mut declared = vec![];
    let mut destructors = vec![];
    for v in &d.vars {
        let args = match &v.init {
            Some(Init::Paren(args) | Init::Brace(args)) if !args.is_empty() => args,
            _ => return None,
        };
        let ty = object_type(cx, &v.name)?;
        let ctor = crate::methods::host_member(cx.prog, &ty, HostMember::Constructor(args.len()))?;
        let object = ident(&v.name);
        let mut plain = s.clone();
        let StmtKind::Decl(pd) = &mut plain.kind else {
            unreachable!("cloned from a declaration")
        };
        pd.vars = vec![VarDecl {
            init: None,
            ..v.clone()
        }];
        declared.push(plain);
        let mut call_args = vec![object.clone()];
        call_args.extend(args.iter().cloned());
        let body = write_out(cx, s.span, &ctor, &call_args, None)?;
        declared.push(body);
        if let Some(dtor) = crate::methods::host_member(cx.prog, &ty, HostMember::Destructor) {
            destructors.insert(0, write_out(cx, s.span, &dtor, &[object], None)?);
        }
    }
    // The destructors run at the end of the block: nothing may leave it before.
    let leaves = |st: &Stmt| {
        crate::usage::any_stmt(st, &|x| {
            matches!(
                x.kind,
                StmtKind::Return(_) | StmtKind::Break | StmtKind::Continue
            )
        })
    };
    let (last, body) = match rest.split_last() {
        Some((last, body)) if matches!(last.kind, StmtKind::Return(_)) => (Some(last), body),
        _ => (None, rest),
    };
    if !destructors.is_empty() {
        let names: Names = d.vars.iter().map(|v| v.name.clone()).collect();
        let returns_object = last.is_some_and(|r| {
            crate::usage::mentioned_names(std::slice::from_ref(r))
                .iter()
                .any(|n| names.contains(n))
        });
        if body.iter().any(leaves) || returns_object {
            return None;
        }
    }
    Some((declared, destructors))
}

/// `v.m(args)` on an object of a struct of buffers: the member as a free function and the
/// call's arguments, the object first.
fn method_call(cx: &Context<'_, '_>, e: &Expr) -> Option<(Function, Vec<Expr>)> {
    let ExprKind::Call {
        callee,
        args,
        template_args,
    } = &e.kind
    else {
        return None;
    };
    let ExprKind::Member {
        base,
        field,
        arrow: false,
    } = &callee.kind
    else {
        return None;
    };
    let ExprKind::Ident(v) = &base.strip_parens().kind else {
        return None;
    };
    if !template_args.is_empty() {
        return None;
    }
    let ty = object_type(cx, v)?;
    let f = crate::methods::host_member(cx.prog, &ty, HostMember::Method(field, args.len()))?;
    let mut all = vec![ident(v)];
    all.extend(args.iter().cloned());
    Some((f, all))
}

/// `d.data()` whose member only returns an expression of the fields and parameters without
/// effects (`return ptr_;`), given arguments without effects: that expression.
fn accessor_value(cx: &Context<'_, '_>, e: &Expr) -> Option<Expr> {
    let (f, args) = method_call(cx, e)?;
    let [Stmt {
        kind: StmtKind::Return(Some(r)),
        ..
    }] = f.body.as_deref()?
    else {
        return None;
    };
    let effects = |x: &Expr| {
        crate::usage::any_expr(x, &|y| {
            matches!(
                y.kind,
                ExprKind::Call { .. }
                    | ExprKind::Assign(..)
                    | ExprKind::Unary(
                        UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                        _
                    )
            )
        })
    };
    if effects(r) || args.iter().any(effects) {
        return None;
    }
    let substitutions: Vec<(String, Expr)> = f
        .params
        .iter()
        .zip(&args)
        .map(|(p, a)| Some((p.name.clone()?, a.clone())))
        .collect::<Option<_>>()?;
    let mut value = r.clone();
    crate::methods::map_expr(&mut value, &mut |x| substitute(x, &substitutions));
    Some(paren(value))
}

/// `T* d = upload(x, n);` becomes `T* d;` and `d = upload(x, n);`, the form [`inline_call`]
/// writes out, when `upload` hands out an allocation.
fn split_allocating_decls(prog: &Program, list: &mut Vec<Stmt>) {
    let mut i = 0;
    while i < list.len() {
        if let StmtKind::Decl(d) = &list[i].kind {
            if let [v] = d.vars.as_slice() {
                if let Some(Init::Assign(e)) = &v.init {
                    if called_helper(prog, e).is_some_and(|h| hands_out_allocation(prog, h)) {
                        let mut declaration = list[i].clone();
                        let StmtKind::Decl(dd) = &mut declaration.kind else {
                            unreachable!("matched above")
                        };
                        dd.vars[0].init = None;
                        let assignment = Stmt {
                            span: list[i].span,
                            ..expr_stmt(assign(ident(&v.name), e.clone()))
                        };
                        list[i] = declaration;
                        list.insert(i + 1, assignment);
                        i += 2;
                        continue;
                    }
                }
            }
        }
        split_in_children(prog, &mut list[i]);
        i += 1;
    }
}

fn split_in_children(prog: &Program, s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::Block(b) => split_allocating_decls(prog, b),
        _ => s.for_each_child_mut(&mut |c| split_in_children(prog, c)),
    }
}

/// The one host function with a body that `e` calls (not a template instance).
fn called_helper<'p>(prog: &'p Program, e: &Expr) -> Option<&'p Function> {
    let ExprKind::Call {
        callee,
        template_args,
        ..
    } = &e.kind
    else {
        return None;
    };
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    let defs: Vec<&Function> = prog
        .functions(name)
        .into_iter()
        .filter(|f| f.body.is_some())
        .collect();
    match defs.as_slice() {
        [f] if template_args.is_empty()
            && !f.attrs.global
            && !f.attrs.device
            && f.template.is_none() =>
        {
            Some(*f)
        }
        _ => None,
    }
}

/// Does the helper allocate device memory that its caller keeps: through a `T**` or `T*&`
/// parameter (`alloc(&d, n)`), or as its pointer result (`double* d = upload(x, n);`)?
/// Written out in the caller, the allocation is the caller's, with a known size.
fn hands_out_allocation(prog: &Program, helper: &Function) -> bool {
    let allocates = helper.body.iter().flatten().any(|s| {
        let mut found = false;
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            found |= crate::usage::any_expr(e, &|x| {
                matches!(&x.kind, ExprKind::Call { callee, .. }
                    if matches!(&callee.kind, ExprKind::Ident(n)
                        if matches!(n.as_str(), "cudaMalloc" | "cudaMallocManaged")))
            })
        });
        found
    });
    let pointer = |t: &Ty| matches!(prog.canonical(t).kind, TyKind::Pointer { .. });
    let hands_out = pointer(&helper.ret)
        || helper
            .params
            .iter()
            .any(|p| match &prog.canonical(&p.ty).kind {
                TyKind::Pointer { pointee, .. } | TyKind::LRef(pointee) => pointer(pointee),
                _ => false,
            });
    allocates && hands_out
}

fn inline_in(cx: &Context<'_, '_>, s: &mut Stmt, depth: usize) {
    if depth < MAX_DEPTH {
        if let Some(mut inlined) = inline_call(cx, s) {
            inline_in(cx, &mut inlined, depth + 1);
            *s = inlined;
            return;
        }
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if let Some(v) = accessor_value(cx, e) {
                *e = v;
            }
        });
    }
    s.for_each_child_mut(&mut |x| inline_in(cx, x, depth));
}

/// The block that stands for the helper call `s`, if it is one to inline: a call statement,
/// or `d = helper(...)` of a helper that hands out an allocation (its `return e;` becomes
/// `d = e;`).
fn inline_call(cx: &Context<'_, '_>, s: &Stmt) -> Option<Stmt> {
    let StmtKind::Expr(e) = &s.kind else {
        return None;
    };
    let (e, target) = match &e.kind {
        ExprKind::Assign(AssignOp::None, l, r) => match &l.kind {
            ExprKind::Ident(d) => (&**r, Some(d.clone())),
            _ => return None,
        },
        _ => (e, None),
    };
    if let Some((member, args)) = method_call(cx, e) {
        return write_out(cx, s.span, &member, &args, target);
    }
    let helper = called_helper(cx.prog, e)?;
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    write_out(cx, s.span, helper, args, target)
}

/// The block standing for a call of `helper` with `args` at `span` (its result assigned to
/// `target`).
fn write_out(
    cx: &Context<'_, '_>,
    span: cuad_syntax::source::Span,
    helper: &Function,
    args: &[Expr],
    target: Option<String>,
) -> Option<Stmt> {
    let (prog, caller_names) = (cx.prog, cx.caller_names);
    let name = &helper.name;
    let takes_struct = |p: &Param| {
        let ty = prog.canonical(&p.ty);
        let inner = match &ty.kind {
            TyKind::LRef(t) => (**t).clone(),
            TyKind::Pointer { pointee, .. } => (**pointee).clone(),
            _ => ty,
        };
        crate::host_structs::is_scalarizable(prog, &inner)
    };
    if helper.params.len() != args.len()
        || !(helper.params.iter().any(takes_struct) || hands_out_allocation(prog, helper))
    {
        return None;
    }
    let mut helper_body = helper.body.clone()?;
    let result = match (helper_body.last().map(|s| &s.kind), &target) {
        (Some(StmtKind::Return(None)), None) => {
            helper_body.pop();
            None
        }
        (Some(StmtKind::Return(Some(r))), Some(_)) => {
            let r = r.clone();
            helper_body.pop();
            Some(r)
        }
        (_, Some(_)) => return None,
        _ => None,
    };
    if helper_body.iter().any(crate::usage::contains_return) {
        return None;
    }

    let mut helper_names: Names = Names::new();
    helper_body
        .iter()
        .for_each(|s| crate::normalize::declared_names(s, &mut helper_names));
    // The helper's own names (globals it reads) must mean the same in the caller.
    let params: Names = helper
        .params
        .iter()
        .filter_map(|p| p.name.clone())
        .collect();
    if params.iter().any(|p| helper_names.contains(p)) {
        return None;
    }
    let free = crate::usage::mentioned_names(&helper_body);
    // Parameters the helper assigns itself (not memory they point to) stay locals.
    let mut reassigned = Names::new();
    helper_body.iter().for_each(|s| {
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::var_writes(e, &mut reassigned))
    });
    if free
        .iter()
        .any(|n| !params.contains(n) && !helper_names.contains(n) && caller_names.contains(n))
    {
        return None;
    }
    let mut taken: Names = caller_names.union(&helper_names).cloned().collect();
    taken.extend(free.iter().cloned());
    // Variables the call passes by reference or address: the helper may change them.
    let by_reference: Names = helper
        .params
        .iter()
        .zip(args)
        .filter_map(|(p, a)| match &a.strip_parens().kind {
            ExprKind::Ident(v) if matches!(prog.canonical(&p.ty).kind, TyKind::LRef(_)) => {
                Some(v.clone())
            }
            ExprKind::Unary(UnOp::AddrOf, x) => crate::usage::lvalue_root(x).map(str::to_string),
            _ => None,
        })
        .collect();
    let mut block_stmts = vec![];
    let mut substitutions: Vec<(String, Expr)> = vec![];
    for (p, a) in helper.params.iter().zip(args) {
        let Some(pname) = p.name.clone() else {
            // An unnamed parameter is unused; the argument is still evaluated.
            block_stmts.push(expr_stmt(a.clone()));
            continue;
        };
        let ty = prog.canonical(&p.ty);
        let arg = a.strip_parens();
        let fixed = !reassigned.contains(&pname);
        let bound = match (&ty.kind, &arg.kind) {
            (TyKind::LRef(_), ExprKind::Ident(v)) => Some(v.clone()),
            // `*p` given to a reference: the body's `r.f` reads `p->f`.
            (TyKind::LRef(_), ExprKind::Unary(UnOp::Deref, x))
                if matches!(&x.strip_parens().kind, ExprKind::Ident(_)) =>
            {
                crate::usage::lvalue_root(x).map(str::to_string)
            }
            (TyKind::Pointer { .. }, ExprKind::Unary(UnOp::AddrOf, x))
                if fixed && matches!(&x.strip_parens().kind, ExprKind::Ident(_)) =>
            {
                crate::usage::lvalue_root(x).map(str::to_string)
            }
            // A value parameter the helper never assigns, given a variable the call does not
            // also pass by reference, reads that variable.
            (TyKind::Pointer { .. }, ExprKind::Ident(v)) if fixed && !by_reference.contains(v) => {
                Some(v.clone())
            }
            (_, ExprKind::Ident(v))
                if fixed && !by_reference.contains(v) && cuad_sema::types::is_arithmetic(&ty) =>
            {
                Some(v.clone())
            }
            _ => None,
        };
        if let Some(v) = bound {
            // The helper must not declare the name it now refers to.
            if helper_names.contains(&v) {
                return None;
            }
            substitutions.push((pname, arg.clone()));
            continue;
        }
        let local_ty = match &ty.kind {
            TyKind::LRef(t) if t.is_const => (**t).clone().with_const(false),
            TyKind::LRef(_) | TyKind::Array { .. } => return None,
            _ => p.ty.clone(),
        };
        let mut fresh = format!("{name}_{pname}");
        while taken.contains(&fresh) {
            fresh.push('_');
        }
        taken.insert(fresh.clone());
        block_stmts.push(Stmt {
            span: a.span,
            ..decl(local_ty, &fresh, Some(a.clone()))
        });
        substitutions.push((pname, ident(&fresh)));
    }
    // A result held in a local of the helper (`double* d; cudaMalloc(&d, ...); return d;`)
    // is the caller's variable itself: the allocation is then the caller's.
    let mut result = result;
    if let (Some(d), Some(ExprKind::Ident(local))) = (&target, result.as_ref().map(|r| &r.kind)) {
        let declared_at = helper_body.iter().position(|st| {
            matches!(&st.kind, StmtKind::Decl(dd) if dd.vars.len() == 1 && dd.vars[0].name == *local)
        });
        if let Some(k) = declared_at {
            let StmtKind::Decl(dd) = &helper_body[k].kind else {
                unreachable!("matched above")
            };
            helper_body[k] = match &dd.vars[0].init {
                Some(Init::Assign(init)) => Stmt {
                    span: helper_body[k].span,
                    ..expr_stmt(assign(ident(local), init.clone()))
                },
                _ => Stmt::synth(StmtKind::Empty),
            };
            substitutions.push((local.clone(), ident(d)));
            result = None;
        }
    }
    for st in &mut helper_body {
        crate::methods::map_stmt_exprs(st, &mut |e| substitute(e, &substitutions));
    }
    // The result goes to the caller's variable.
    if let (Some(d), Some(mut r)) = (&target, result) {
        crate::methods::map_expr(&mut r, &mut |e| substitute(e, &substitutions));
        helper_body.push(Stmt {
            span,
            ..expr_stmt(assign(ident(d), r))
        });
    }
    block_stmts.extend(helper_body);
    Some(Stmt {
        span,
        ..block(block_stmts)
    })
}

/// Replaces parameter names by their arguments; `(&v)->f` becomes `v.f`, `(*p).f` `p->f`
/// and `*&v` `v`.
fn substitute(e: &mut Expr, substitutions: &[(String, Expr)]) {
    let replacement =
        match &e.kind {
            ExprKind::Ident(n) => substitutions
                .iter()
                .find(|(p, _)| p == n)
                .map(|(_, a)| match a.kind {
                    ExprKind::Ident(_) => a.clone(),
                    _ => paren(a.clone()),
                }),
            ExprKind::Member {
                base,
                field,
                arrow: true,
            } => address_target(base).map(|v| member(v, field, false)),
            ExprKind::Member {
                base,
                field,
                arrow: false,
            } => match &base.strip_parens().kind {
                ExprKind::Unary(UnOp::Deref, p) => Some(member((**p).clone(), field, true)),
                _ => None,
            },
            ExprKind::Unary(UnOp::Deref, x) => address_target(x),
            _ => None,
        };
    if let Some(r) = replacement {
        *e = Expr { span: e.span, ..r };
    }
}

/// `v` of `&v` (through parentheses).
fn address_target(e: &Expr) -> Option<Expr> {
    match &e.strip_parens().kind {
        ExprKind::Unary(UnOp::AddrOf, x) => Some(x.strip_parens().clone()),
        _ => None,
    }
}
