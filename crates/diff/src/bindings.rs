//! C++17 structured bindings (`auto [a, b] = e;`) as ordinary locals, lowered by the hoister
//! (normalize.rs) where the types of the locals in scope are known:
//! - by value (`auto`, `const auto`, `const auto&` or `auto&&` of a temporary): a hidden local
//!   `__cuad_sb<N>` of the initializer's type holds the value, and each name is a local
//!   initialized from its member (`__cuad_sb0.x`); an array is copied element by element
//!   (`a = arr[0]`), so its initializer must have no side effects;
//! - by reference (`auto&`, `const auto&` or `auto&&` of an lvalue): the hidden local and the
//!   names are references (`auto& __cuad_sb0 = s[i]; float& a = __cuad_sb0.x;`), which the
//!   hoister replaces by their targets.
//!
//! The names bind to the non-static data members of a struct (in declaration order), the
//! `x`/`y`/`z`/`w` components of a CUDA vector type, or the elements of an array of constant
//! length. Tuple-like types (`std::pair`, `std::tuple`), bit-fields, unions, members spread
//! over a class and its bases, and a count of names other than the count of elements are
//! errors.

use crate::builder::{index, int_lit, member, paren};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};

/// How an element is reached from the decomposed object.
enum Element {
    Member(String),
    Index(i64),
}

/// The declarations `b` stands for (see the module comment). `init_ty` is the initializer's
/// type, `length` evaluates an array bound, `is_lvalue` tells whether the initializer names
/// an object.
pub(crate) fn lower(
    prog: &Program,
    b: &BindingDecl,
    hidden: &str,
    init_ty: Option<Ty>,
    length: &dyn Fn(&Expr) -> Option<i64>,
    is_lvalue: bool,
) -> Result<Vec<Stmt>, Diagnostic> {
    let span = b.span;
    let init_span = if b.init.span == Span::default() {
        span
    } else {
        b.init.span
    };
    let (is_const, declared_ref, rvalue_ref) = match &b.ty.kind {
        TyKind::LRef(inner) => (inner.is_const, true, false),
        TyKind::RRef(inner) => (inner.is_const, true, true),
        _ => (b.ty.is_const, false, false),
    };
    // `const auto&` / `auto&&` of a temporary extend its lifetime: a copy.
    let by_ref = declared_ref && is_lvalue;
    if declared_ref && !is_lvalue && !is_const && !rvalue_ref {
        return Err(Diagnostic::error(
            init_span,
            "a structured binding declared `auto&` needs an lvalue (a variable, an element, a member) to bind to; use `auto` or `const auto&` for a temporary",
        ));
    }
    let Some(ty) = init_ty else {
        return Err(Diagnostic::error(
            init_span,
            "cuad cannot tell the type of this structured binding's initializer",
        ));
    };
    let ty = match prog.canonical(&ty).kind {
        TyKind::LRef(t) | TyKind::RRef(t) => prog.canonical(&t),
        k => Ty {
            kind: k,
            is_const: ty.is_const,
            is_volatile: ty.is_volatile,
        },
    };
    let count_mismatch = |count: usize| {
        Diagnostic::error(
            span,
            format!(
                "this structured binding declares {} name{} but {} has {} element{}",
                b.names.len(),
                if b.names.len() == 1 { "" } else { "s" },
                match ty.kind {
                    TyKind::Array { .. } => "the array".to_string(),
                    _ => format!("`{}`", type_text(&ty)),
                },
                count,
                if count == 1 { "" } else { "s" },
            ),
        )
    };
    let elements = elements(prog, &ty, init_span, length, b.names.len())
        .map_err(|e| e.unwrap_or_else(&count_mismatch))?;
    if elements.len() != b.names.len() {
        return Err(count_mismatch(elements.len()));
    }
    let decl = |ty: Ty, name: &str, init: Expr| {
        Stmt::new(
            StmtKind::Decl(DeclStmt {
                specs: DeclSpecs::default(),
                vars: vec![VarDecl {
                    name: name.to_string(),
                    ty,
                    init: Some(Init::Assign(init)),
                    span,
                }],
                span,
            }),
            span,
        )
    };
    let access = |base: Expr, e: &Element| match e {
        Element::Member(f) => member(base, f, false),
        Element::Index(k) => index(base, int_lit(*k)),
    };
    let mut out = Vec::new();
    let object_ty = ty.clone().with_const(ty.is_const || is_const);
    let base = if by_ref {
        out.push(decl(
            Ty::new(TyKind::LRef(Box::new(object_ty))),
            hidden,
            b.init.clone(),
        ));
        Expr::new(ExprKind::Ident(hidden.to_string()), span)
    } else if matches!(ty.kind, TyKind::Array { .. }) {
        // No array copies: each name copies its element of the array itself.
        if crate::usage::may_have_effects(&b.init) {
            return Err(Diagnostic::error(
                init_span,
                "cuad cannot differentiate a structured binding copying an array given by an expression with side effects yet; bind a named array",
            ));
        }
        paren(b.init.clone())
    } else {
        out.push(decl(object_ty.with_const(false), hidden, b.init.clone()));
        Expr::new(ExprKind::Ident(hidden.to_string()), span)
    };
    for (name, (element, elem_ty)) in b.names.iter().zip(elements) {
        let elem_const = elem_ty.is_const || is_const;
        let elem_ty = elem_ty.with_const(elem_const);
        let value = access(base.clone(), &element);
        if by_ref {
            out.push(decl(Ty::new(TyKind::LRef(Box::new(elem_ty))), name, value));
        } else if matches!(elem_ty.kind, TyKind::Array { .. }) {
            return Err(Diagnostic::error(
                span,
                format!("cuad cannot differentiate a structured binding copying the array `{name}` yet; bind by reference (`auto& [...]`)"),
            ));
        } else {
            out.push(decl(elem_ty, name, value));
        }
    }
    Ok(out)
}

/// The elements a value of (canonical) type `ty` decomposes into, with their types. An
/// array whose length is not `names` (the count of names) is `Err(Err(length))`, not built.
fn elements(
    prog: &Program,
    ty: &Ty,
    at: Span,
    length: &dyn Fn(&Expr) -> Option<i64>,
    names: usize,
) -> Result<Vec<(Element, Ty)>, Result<Diagnostic, usize>> {
    let fail = |what: String| Err(Ok(Diagnostic::error(at, what)));
    match &ty.kind {
        TyKind::Array { elem, len } => {
            let Some(n) = len.as_deref().and_then(length).filter(|n| *n >= 0) else {
                return fail(
                    "cuad cannot tell the length of the array this structured binding decomposes; give the array a constant length".into(),
                );
            };
            if usize::try_from(n).ok() != Some(names) {
                return Err(Err(usize::try_from(n).unwrap_or(usize::MAX)));
            }
            Ok((0..n)
                .map(|k| (Element::Index(k), prog.canonical(elem)))
                .collect())
        }
        TyKind::Named { name, .. } => {
            if let Some((comp, width)) = cuad_sema::builtins::vector_type(name) {
                return Ok(["x", "y", "z", "w"][..width]
                    .iter()
                    .map(|c| (Element::Member(c.to_string()), comp.clone()))
                    .collect());
            }
            let bare = name.trim_start_matches("::");
            let Some(def) = prog.class_def(ty) else {
                let tuple_like = ["std::pair", "std::tuple", "std::array", "cuda::std::", "thrust::"]
                    .iter()
                    .any(|p| bare.starts_with(p));
                return fail(if tuple_like {
                    format!("structured bindings of tuple-like types (`{}`, decomposed through `std::get`) are not supported by cuad; bind a struct, a vector type or an array", type_text(ty))
                } else {
                    format!("cuad cannot decompose `{}` in a structured binding: it is not a struct of this file, a CUDA vector type or an array", type_text(ty))
                });
            };
            if def.keyword == "union" {
                return fail(format!(
                    "a union (`{}`) cannot be decomposed by a structured binding",
                    type_text(ty)
                ));
            }
            let own: Vec<&DeclStmt> = def
                .members
                .iter()
                .flatten()
                .filter_map(|m| match m {
                    Member::Field(d) if !d.specs.is_static && !d.specs.is_typedef => Some(d),
                    _ => None,
                })
                .collect();
            if own.iter().any(|d| d.specs.bit_width.is_some()) {
                return fail(format!(
                    "structured bindings of structs with bit-fields (`{}`) are not supported by cuad",
                    type_text(ty)
                ));
            }
            let fields = prog.fields(ty);
            let own_count: usize = own.iter().map(|d| d.vars.len()).sum();
            if own_count > 0 && fields.len() > own_count {
                return fail(format!(
                    "`{}` and its base class both have data members, so a structured binding cannot decompose it",
                    type_text(ty)
                ));
            }
            Ok(fields
                .into_iter()
                .map(|(f, t)| (Element::Member(f), t))
                .collect())
        }
        _ => fail(format!(
            "cuad cannot decompose `{}` in a structured binding: it is not a struct, a CUDA vector type or an array",
            type_text(ty)
        )),
    }
}

fn type_text(ty: &Ty) -> String {
    match &ty.kind {
        TyKind::Named { name, args } if args.is_empty() => name.clone(),
        TyKind::Named { name, .. } => format!("{name}<...>"),
        TyKind::Float => "float".into(),
        TyKind::Double => "double".into(),
        TyKind::Int { .. } => "an integer".into(),
        TyKind::Pointer { .. } => "a pointer".into(),
        _ => "this type".into(),
    }
}
