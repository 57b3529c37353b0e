//! Methods of user structs as free functions, so calls to them are differentiated like any
//! other call: `v.norm2()` on `struct Vec2 { float x, y; float norm2() const {...} }` becomes
//! `Vec2_norm2(v)` with `float Vec2_norm2(const Vec2& self) { return self.x * self.x + ...; }`.
//! The object is a reference parameter (const for const methods), so a method that updates
//! fields is a function that overwrites a reference argument, which the reverse pass already
//! handles. The free functions are emitted with the generated code.

use crate::builder::*;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashSet;

/// The free function standing for `owner::method` (`owner` unqualified by namespaces is
/// enough: the name only has to be unique in the output).
pub fn free_name(owner: &str, method: &str) -> String {
    let owner: String = owner
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    format!("{owner}_{method}")
}

/// Free functions for the methods of non-template structs with public members: each
/// method with a body, not a constructor or an operator (those stay opaque to cuad).
pub fn lower_all(tu: &TranslationUnit, prog: &Program) -> Vec<Function> {
    let mut out = Vec::new();
    collect(&tu.items, prog, &mut out);
    out
}

fn collect(items: &[Item], prog: &Program, out: &mut Vec<Function>) {
    for item in items {
        match item {
            Item::Struct(s) => lower_struct(s, prog, out),
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
                collect(items, prog, out)
            }
            _ => {}
        }
    }
}

fn lower_struct(s: &StructDef, prog: &Program, out: &mut Vec<Function>) {
    let (Some(name), None, Some(members)) = (&s.name, &s.template, &s.members) else {
        return;
    };
    // Private members would not be reachable from a free function.
    let mut public = s.keyword != "class";
    let mut accessible = true;
    for m in members {
        match m {
            Member::Access(a) => public = a.starts_with("public"),
            Member::Field(_) if !public => accessible = false,
            _ => {}
        }
    }
    if !accessible || !s.bases.is_empty() {
        return;
    }
    let fields: HashSet<String> = prog
        .fields(&Ty::named(name))
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    let methods: HashSet<String> = members
        .iter()
        .filter_map(|m| match m {
            Member::Method(f) => Some(f.name.clone()),
            _ => None,
        })
        .collect();
    for m in members {
        let Member::Method(f) = m else { continue };
        let binary_operator = matches!(
            f.name.as_str(),
            "operator+" | "operator-" | "operator*" | "operator/"
        ) && f.params.len() == 1;
        if f.body.is_none()
            || f.template.is_some()
            || f.name == *name
            || (f.name.starts_with("operator") && !binary_operator)
            || f.name.starts_with('~')
            || f.attrs.is_static
        {
            continue;
        }
        if let Some(free) = lower_method(name, f, &fields, &methods) {
            out.push(free);
        }
    }
}

fn lower_method(
    owner: &str,
    f: &Function,
    fields: &HashSet<String>,
    methods: &HashSet<String>,
) -> Option<Function> {
    // A parameter or local named like a field would need scoping; leave such methods alone.
    let mut shadowing: crate::usage::Names =
        f.params.iter().filter_map(|p| p.name.clone()).collect();
    if let Some(body) = &f.body {
        body.iter()
            .for_each(|s| crate::normalize::declared_names(s, &mut shadowing));
    }
    if shadowing.iter().any(|n| fields.contains(n) || n == "self") {
        return None;
    }
    let mut object = Ty::named(owner);
    object.is_const = f.is_const_method;
    let mut params = vec![Param {
        name: Some("self".into()),
        ty: Ty::new(TyKind::LRef(Box::new(object))),
        default: None,
        span: f.name_span,
    }];
    params.extend(f.params.iter().cloned());
    let mut body = f.body.clone()?;
    let rewrite = &mut |e: &mut Expr| to_self(e, fields, methods, owner);
    for s in &mut body {
        map_stmt_exprs(s, rewrite);
    }
    for p in &mut params {
        p.default = None;
    }
    let mut attrs = f.attrs.clone();
    attrs.constexpr = false;
    Some(Function {
        attrs,
        template: None,
        ret: f.ret.clone(),
        // A member operator keeps its name: `a * s` then finds it as a free operator.
        name: if f.name.starts_with("operator") {
            f.name.clone()
        } else {
            free_name(owner, &f.name)
        },
        params,
        is_const_method: false,
        ctor_inits: vec![],
        body: Some(body),
        span: f.span,
        name_span: f.name_span,
    })
}

/// Field `x` -> `self.x`, `this->x` -> `self.x`, `*this` -> `self`, `this` -> `&self`,
/// `m(args)` (another method) -> `self.m(args)`.
fn to_self(e: &mut Expr, fields: &HashSet<String>, methods: &HashSet<String>, owner: &str) {
    let this_self = || ident("self");
    match &mut e.kind {
        ExprKind::Ident(n) if fields.contains(n.as_str()) => {
            *e = member(this_self(), n, false);
        }
        ExprKind::Ident(n) if n == "this" => *e = addr_of(this_self()),
        ExprKind::Unary(UnOp::Deref, x) if matches!(&x.kind, ExprKind::Unary(UnOp::AddrOf, y) if matches!(&y.kind, ExprKind::Ident(s) if s == "self")) =>
        {
            *e = this_self();
        }
        ExprKind::Member { base, arrow, .. } if *arrow => {
            if matches!(&base.kind, ExprKind::Unary(UnOp::AddrOf, y) if matches!(&y.kind, ExprKind::Ident(s) if s == "self"))
            {
                **base = this_self();
                *arrow = false;
            }
        }
        ExprKind::Call { callee, .. } => {
            if let ExprKind::Ident(n) = &callee.kind {
                let n = n.strip_prefix(&format!("{owner}::")).unwrap_or(n);
                if methods.contains(n) {
                    **callee = member(this_self(), n, false);
                }
            }
        }
        _ => {}
    }
}

/// Calls `f` on every expression of `s`, children first (so `f` sees rewritten children).
pub fn map_stmt_exprs(s: &mut Stmt, f: &mut dyn FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => map_expr(e, f),
        StmtKind::Decl(d) => {
            for v in &mut d.vars {
                match &mut v.init {
                    Some(Init::Assign(e)) => map_expr(e, f),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                        es.iter_mut().for_each(|e| map_expr(e, f))
                    }
                    None => {}
                }
            }
        }
        StmtKind::Block(b) => b.iter_mut().for_each(|x| map_stmt_exprs(x, f)),
        StmtKind::If { cond, then, els } => {
            map_expr(cond, f);
            map_stmt_exprs(then, f);
            if let Some(e) = els {
                map_stmt_exprs(e, f);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                map_stmt_exprs(i, f);
            }
            cond.iter_mut()
                .chain(step.iter_mut())
                .for_each(|e| map_expr(e, f));
            map_stmt_exprs(body, f);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            map_expr(cond, f);
            map_stmt_exprs(body, f);
        }
        StmtKind::Switch { cond, cases } => {
            map_expr(cond, f);
            for c in cases {
                c.body.iter_mut().for_each(|x| map_stmt_exprs(x, f));
            }
        }
        _ => {}
    }
}

fn map_expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr)) {
    match &mut e.kind {
        ExprKind::Unary(_, x)
        | ExprKind::Paren(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::Cast { expr: x, .. } => map_expr(x, f),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            map_expr(l, f);
            map_expr(r, f);
        }
        ExprKind::Cond(c, a, b) => {
            map_expr(c, f);
            map_expr(a, f);
            map_expr(b, f);
        }
        ExprKind::Call { callee, args, .. } => {
            if !matches!(callee.kind, ExprKind::Ident(_)) {
                map_expr(callee, f);
            }
            args.iter_mut().for_each(|a| map_expr(a, f));
        }
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => {
            map_expr(kernel, f);
            config
                .iter_mut()
                .chain(args.iter_mut())
                .for_each(|a| map_expr(a, f));
        }
        ExprKind::Member { base, .. } => map_expr(base, f),
        ExprKind::InitList(items) => items.iter_mut().for_each(|a| map_expr(a, f)),
        _ => {}
    }
    f(e);
}

/// Rewrites `obj.m(args)` / `p->m(args)` into `Owner_m(obj, args)` / `Owner_m(*p, args)`
/// where [`lower_all`] made the free function. `object_type` types the object expression.
pub fn lower_calls(s: &mut Stmt, prog: &Program, object_type: &dyn Fn(&Expr) -> Option<Ty>) {
    map_stmt_exprs(s, &mut |e| {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return;
        };
        let ExprKind::Member { base, field, arrow } = &callee.kind else {
            return;
        };
        let Some(ty) = object_type(base) else {
            return;
        };
        let ty = match (&ty.kind, arrow) {
            (TyKind::Pointer { pointee, .. }, true) => (**pointee).clone(),
            (_, false) => ty,
            _ => return,
        };
        let TyKind::Named { name, .. } = &ty.kind else {
            return;
        };
        let owner = name.rsplit("::").next().unwrap_or(name);
        let free = free_name(owner, field);
        let is_lowered = prog.functions(&free).iter().any(|f| {
            f.params.len() == args.len() + 1
                && f.params.first().and_then(|p| p.name.as_deref()) == Some("self")
        });
        if !is_lowered {
            return;
        }
        let object = if *arrow {
            Expr::synth(ExprKind::Unary(UnOp::Deref, base.clone()))
        } else {
            (**base).clone()
        };
        let mut new_args = vec![object];
        new_args.extend(args.iter().cloned());
        *e = Expr::new(
            ExprKind::Call {
                callee: Box::new(ident(&free)),
                template_args: vec![],
                args: new_args,
            },
            e.span,
        );
    });
}
