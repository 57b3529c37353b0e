//! Aggregate initialization of a local (`S s = {a, b};`, `Vec2 y{{x[0], x[1]}};`,
//! `double m[2][2] = {a, b, c, d};`) as one assignment per subobject, by C++'s rules: a nested
//! braced list initializes one subobject, plain items fill an aggregate subobject's elements
//! in order (brace elision), and subobjects without an item are value-initialized. An array
//! cannot be assigned whole, so every array is written element by element.

use crate::builder::*;
use cuad_sema::{Program, ScopeStack};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};

type Items = std::iter::Peekable<std::vec::IntoIter<Expr>>;

/// The assignments that initialize `target` (of type `ty`) from the braced `items`.
pub fn assignments(
    prog: &Program,
    scope: &ScopeStack,
    target: Expr,
    ty: &Ty,
    items: Vec<Expr>,
    span: Span,
) -> (Vec<Stmt>, Vec<Diagnostic>) {
    let mut l = Lowering {
        prog,
        scope,
        span,
        out: Vec::new(),
        errors: Vec::new(),
    };
    if l.is_aggregate(ty) {
        l.braced(target, ty, items);
    } else {
        l.non_aggregate(target, ty, items);
    }
    (l.out, l.errors)
}

struct Lowering<'p, 'a> {
    prog: &'p Program<'a>,
    scope: &'p ScopeStack,
    span: Span,
    out: Vec<Stmt>,
    errors: Vec<Diagnostic>,
}

impl Lowering<'_, '_> {
    /// Arrays, and structs or vector types whose fields cuad knows.
    fn is_aggregate(&self, ty: &Ty) -> bool {
        let ty = self.prog.canonical(ty);
        match &ty.kind {
            TyKind::Array { .. } => true,
            TyKind::Named { .. } => !self.prog.fields(&ty).is_empty(),
            _ => false,
        }
    }

    /// A struct with constructors: its subobject is constructed from its braces (`T{a, b}`,
    /// which later passes lower), never filled field by field.
    fn constructed(&self, ty: &Ty) -> bool {
        !crate::calls::user_constructors(self.prog, ty).is_empty()
    }

    /// The subobjects of an aggregate in initialization order, with their types. An array's
    /// length is its constant bound, else the count of items of its own braces.
    fn subobjects(&mut self, target: &Expr, ty: &Ty, braced: Option<usize>) -> Vec<(Expr, Ty)> {
        let ty = self.prog.canonical(ty);
        match &ty.kind {
            TyKind::Array { elem, len } => {
                let bound = len
                    .as_ref()
                    .and_then(|l| crate::instantiate::constant_value(l))
                    .and_then(|n| usize::try_from(n).ok());
                let Some(n) = bound.or(braced) else {
                    self.error(
                        "an array whose length cuad cannot tell initialized without its own braces",
                    );
                    return vec![];
                };
                (0..n)
                    .map(|k| (index(target.clone(), int_lit(k as i64)), (**elem).clone()))
                    .collect()
            }
            TyKind::Named { .. } => {
                let typed = self.prog.fields(&ty);
                // A struct's own fields (not a base's), in declaration order.
                let names = match self.prog.class_def(&ty) {
                    Some(def) => crate::normalize::struct_field_names(def),
                    None => typed.iter().map(|(n, _)| n.clone()).collect(),
                };
                names
                    .into_iter()
                    .map(|f| {
                        let t = typed
                            .iter()
                            .find(|(n, _)| *n == f)
                            .map_or(Ty::new(TyKind::Auto), |(_, t)| t.clone());
                        (member(target.clone(), &f, false), t)
                    })
                    .collect()
            }
            _ => vec![],
        }
    }

    /// `target` of aggregate type `ty` from its own braced list.
    fn braced(&mut self, target: Expr, ty: &Ty, items: Vec<Expr>) {
        let n = items.len();
        let mut items = items.into_iter().peekable();
        self.fill(target, ty, &mut items, Some(n));
        if items.next().is_some() {
            self.error("a braced initializer with more items than the aggregate has elements");
        }
    }

    /// The subobjects of `target` in order, each from the items it takes.
    fn fill(&mut self, target: Expr, ty: &Ty, items: &mut Items, braced: Option<usize>) {
        for (lhs, t) in self.subobjects(&target, ty, braced) {
            self.fill_one(lhs, &t, items);
        }
    }

    fn fill_one(&mut self, lhs: Expr, ty: &Ty, items: &mut Items) {
        let Some(item) = items.peek() else {
            return self.value_init(lhs, ty);
        };
        if let ExprKind::InitList(inner) = &item.kind {
            let inner = inner.clone();
            items.next();
            return match self.is_aggregate(ty) && !self.constructed(ty) {
                true => self.braced(lhs, ty, inner),
                false => self.non_aggregate(lhs, ty, inner),
            };
        }
        if self.is_aggregate(ty) && !self.constructed(ty) && self.elides(item, ty) {
            return self.fill(lhs, ty, items, None);
        }
        if let Some(item) = items.next() {
            self.assign(lhs, item);
        }
    }

    /// Whether a plain item starts the elements of the aggregate `ty` (brace elision) rather
    /// than initializing it whole: always for arrays (but a string literal fills a char
    /// array), for structs when the item is not itself a struct.
    fn elides(&self, item: &Expr, ty: &Ty) -> bool {
        let ty = self.prog.canonical(ty);
        if matches!(ty.kind, TyKind::Array { .. }) {
            return !matches!(item.kind, ExprKind::StrLit(_));
        }
        self.prog
            .type_of(item, self.scope)
            .map(|t| self.prog.canonical(&t))
            .is_some_and(|t| !matches!(t.kind, TyKind::Named { .. } | TyKind::Auto))
    }

    /// A scalar or a type cuad does not see into, from a braced list: its one item, or the
    /// type constructed from the items as written.
    fn non_aggregate(&mut self, target: Expr, ty: &Ty, items: Vec<Expr>) {
        match items.len() {
            0 => {}
            1 => {
                let mut items = items.into_iter().peekable();
                self.fill_one(target, ty, &mut items);
            }
            _ => self.assign(target, functional(ty, items)),
        }
    }

    /// A subobject without an item: `T{}` for a struct, zero for a scalar, each element of
    /// an array so.
    fn value_init(&mut self, lhs: Expr, ty: &Ty) {
        let canonical = self.prog.canonical(ty);
        match &canonical.kind {
            TyKind::Array { .. } => {
                for (e, t) in self.subobjects(&lhs, ty, None) {
                    self.value_init(e, &t);
                }
            }
            TyKind::Named { .. } => self.assign(lhs, functional(&canonical, vec![])),
            _ => self.assign(lhs, int_lit(0)),
        }
    }

    fn assign(&mut self, lhs: Expr, value: Expr) {
        self.out
            .push(Stmt::new(StmtKind::Expr(assign(lhs, value)), self.span));
    }

    fn error(&mut self, what: &str) {
        self.errors.push(Diagnostic::error(
            self.span,
            format!("cuad cannot differentiate {what} yet"),
        ));
    }
}

/// `T{items}`, the type without qualifiers (`(const T){...}` is a C compound literal).
fn functional(ty: &Ty, items: Vec<Expr>) -> Expr {
    let mut unqualified = ty.clone();
    unqualified.is_const = false;
    unqualified.is_volatile = false;
    Expr::synth(ExprKind::Cast {
        kind: CastKind::Functional,
        ty: unqualified,
        expr: Box::new(Expr::synth(ExprKind::InitList(items))),
    })
}
