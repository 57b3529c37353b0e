//! Matching a type against a pattern with template parameters: C++'s template argument
//! deduction as cuad models it, for calls (`overload.rs`), the partial ordering of function
//! templates and the choice among partial specializations of a class template (`index.rs`).

use crate::index::Index;
use crate::types::*;
use cuad_syntax::ast::*;
use std::collections::{HashMap, HashSet};

/// How [`Index::unify`] treats what it cannot compare.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Deduction from a call's argument types.
    Call,
    /// Partial ordering of two templates (the argument's template parameters are unique types
    /// and values), and a partial specialization's pattern against an instance's arguments.
    Ordering,
}

/// Template parameter -> the type or value [`Index::unify`] bound it to.
pub(crate) type Deduced = HashMap<String, TemplateArg>;

/// Does `ty` name one of `vars` (as a type, a template argument or an array length)?
fn mentions(ty: &Ty, vars: &HashSet<&str>) -> bool {
    let in_expr = |e: &Expr| matches!(&e.strip_parens().kind, ExprKind::Ident(n) if vars.contains(n.as_str()));
    match &ty.kind {
        TyKind::Named { name, args } => {
            (args.is_empty() && vars.contains(name.as_str()))
                || args.iter().any(|a| match a {
                    TemplateArg::Type(t) => mentions(t, vars),
                    TemplateArg::Expr(e) => in_expr(e),
                })
        }
        TyKind::Pointer { pointee: t, .. } | TyKind::LRef(t) | TyKind::RRef(t) => mentions(t, vars),
        TyKind::Array { elem, len } => mentions(elem, vars) || len.as_deref().is_some_and(in_expr),
        _ => false,
    }
}

impl<'a> Index<'a> {
    /// Equal types, struct names compared by what they denote (`ns::W<float>` is the
    /// `W<float>` of a parameter written inside `ns`).
    pub(crate) fn same_type(&self, a: &Ty, b: &Ty) -> bool {
        if a == b {
            return true;
        }
        if (a.is_const, a.is_volatile) != (b.is_const, b.is_volatile) {
            return false;
        }
        match (&a.kind, &b.kind) {
            (TyKind::Named { name: na, args: aa }, TyKind::Named { name: nb, args: ab }) => {
                self.same_type_name(na, nb)
                    && aa.len() == ab.len()
                    && aa.iter().zip(ab).all(|(x, y)| match (x, y) {
                        (TemplateArg::Type(x), TemplateArg::Type(y)) => self.same_type(x, y),
                        // constants by value (`Mat<2>` written in two places)
                        _ => self.same_template_arg(x, y),
                    })
            }
            (TyKind::Pointer { pointee: x, .. }, TyKind::Pointer { pointee: y, .. })
            | (TyKind::LRef(x), TyKind::LRef(y))
            | (TyKind::RRef(x), TyKind::RRef(y)) => self.same_type(x, y),
            (TyKind::Array { elem: x, len: lx }, TyKind::Array { elem: y, len: ly }) => {
                self.same_type(x, y) && self.same_length(lx.as_deref(), ly.as_deref())
            }
            _ => false,
        }
    }

    /// Does `a` fit the pattern `p`, whose template parameters `vars` are bound (consistently)
    /// in `out`? In [`Mode::Call`] what cannot be compared (a class or a length cuad does not
    /// know, a concrete parameter that a conversion may reach) fits; in [`Mode::Ordering`] it
    /// does not.
    pub(crate) fn unify(
        &self,
        p: &Ty,
        a: &Ty,
        vars: &HashSet<&str>,
        mode: Mode,
        out: &mut Deduced,
    ) -> bool {
        let lenient = mode == Mode::Call;
        if !mentions(p, vars) {
            return lenient || self.same_type(&unqualified(p), &unqualified(a));
        }
        match (&p.kind, &a.kind) {
            (TyKind::Named { name, args }, _)
                if args.is_empty() && vars.contains(name.as_str()) =>
            {
                let mut t = a.clone();
                t.is_const &= !p.is_const;
                t.is_volatile &= !p.is_volatile;
                self.bind_arg(name, TemplateArg::Type(t), out)
            }
            (TyKind::LRef(p), _) | (TyKind::RRef(p), _) => {
                self.unify(p, strip_refs(a), vars, mode, out)
            }
            (TyKind::Pointer { pointee: pp, .. }, TyKind::Pointer { pointee: ap, .. }) => {
                self.unify(pp, ap, vars, mode, out)
            }
            (TyKind::Array { elem: pe, len: pl }, TyKind::Array { elem: ae, len: al }) => {
                let lengths = match (pl, al) {
                    (Some(pl), Some(al)) => self.unify_value(pl, al, vars, mode, out),
                    (None, None) => true,
                    _ => lenient,
                };
                lengths && self.unify(pe, ae, vars, mode, out)
            }
            (
                TyKind::Named { name, args },
                TyKind::Named {
                    name: an,
                    args: aargs,
                },
            ) => {
                if !self.same_type_name(name, an) {
                    // A class derived from the pattern's template deduces through its base.
                    let derived = self.struct_def(an).is_none_or(|s| !s.bases.is_empty());
                    return lenient && derived;
                }
                args.len() == aargs.len()
                    && args.iter().zip(aargs).all(|(x, y)| match (x, y) {
                        (TemplateArg::Type(x), TemplateArg::Type(y)) => {
                            self.unify(x, y, vars, mode, out)
                        }
                        (TemplateArg::Expr(x), TemplateArg::Expr(y)) => {
                            self.unify_value(x, y, vars, mode, out)
                        }
                        // an enumerator read as a type in one of them
                        _ => lenient,
                    })
            }
            _ => false,
        }
    }

    /// A non-type argument against the pattern's `x` (a parameter, or a constant).
    pub(crate) fn unify_value(
        &self,
        x: &Expr,
        y: &Expr,
        vars: &HashSet<&str>,
        mode: Mode,
        out: &mut Deduced,
    ) -> bool {
        if let ExprKind::Ident(n) = &x.strip_parens().kind {
            if vars.contains(n.as_str()) {
                return self.bind_arg(n, TemplateArg::Expr(y.clone()), out);
            }
        }
        let value = |e: &Expr| crate::fold_constant(e, &|_| None);
        match (value(x), value(y)) {
            (Some(a), Some(b)) => a == b,
            // A value computed from the parameters (`Vec<2 * D>`) is no deduced context.
            _ if mode == Mode::Call => true,
            _ => {
                self.same_template_arg(&TemplateArg::Expr(x.clone()), &TemplateArg::Expr(y.clone()))
            }
        }
    }

    pub(crate) fn bind_arg(&self, name: &str, arg: TemplateArg, out: &mut Deduced) -> bool {
        match out.get(name) {
            Some(TemplateArg::Type(old)) => match &arg {
                TemplateArg::Type(t) => self.same_type(&unqualified(old), &unqualified(t)),
                TemplateArg::Expr(_) => true,
            },
            Some(old) => self.same_template_arg(old, &arg),
            None => {
                out.insert(name.to_string(), arg);
                true
            }
        }
    }

    /// Array lengths by value (`[2]` written in two places), or both unknown.
    pub(crate) fn same_length(&self, x: Option<&Expr>, y: Option<&Expr>) -> bool {
        match (x, y) {
            (Some(x), Some(y)) => {
                self.same_template_arg(&TemplateArg::Expr(x.clone()), &TemplateArg::Expr(y.clone()))
            }
            (x, y) => x.is_none() && y.is_none(),
        }
    }
}
