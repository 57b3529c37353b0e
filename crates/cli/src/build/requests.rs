//! Finding the in-source differentiation requests (`clad::gradient(f, "x, y")`) in the AST.

use cuad_syntax::ast::{
    BindingDecl, Expr, ExprKind, Function, Init, Item, Member, Stmt, StmtKind, StructDef,
    TranslationUnit,
};
use cuad_syntax::Span;

/// What a request asks for, by the name after `clad::` / `cuad::`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    Gradient,
    /// `clad::differentiate(f, "x")`: forward mode, d f / d x.
    Differentiate,
    /// `clad::jacobian(f)`: the Jacobian of `f`'s last (output array) parameter, one
    /// reverse sweep per output entry.
    Jacobian,
    /// `clad::hessian(f, "x, y")`: second derivatives of a real function, reverse mode over
    /// its forward mode (one reverse sweep per row).
    Hessian,
    /// `estimate_error`: a Clad API cuad lacks.
    Unsupported,
}

/// One request: the whole call, and the index of the top-level item that contains it.
#[derive(Clone, Debug)]
pub struct Request {
    pub kind: RequestKind,
    /// `clad::gradient` as written (qualifier included).
    pub api: String,
    /// The whole call `clad::gradient(...)`, and its callee name.
    pub call_span: Span,
    pub callee_span: Span,
    pub has_template_args: bool,
    pub args: Vec<Expr>,
    pub top_item: Option<usize>,
}

const NAMESPACES: [&str; 2] = ["clad", "cuad"];
const UNSUPPORTED: [&str; 1] = ["estimate_error"];

/// Classifies a callee name: `clad::gradient`, `::cuad::gradient`, ...
pub fn request_kind(callee: &str) -> Option<RequestKind> {
    let name = callee.strip_prefix("::").unwrap_or(callee);
    let (ns, func) = name.split_once("::")?;
    if !NAMESPACES.contains(&ns) {
        return None;
    }
    if func == "gradient" {
        Some(RequestKind::Gradient)
    } else if func == "differentiate" {
        Some(RequestKind::Differentiate)
    } else if func == "jacobian" {
        Some(RequestKind::Jacobian)
    } else if func == "hessian" {
        Some(RequestKind::Hessian)
    } else if UNSUPPORTED.contains(&func) {
        Some(RequestKind::Unsupported)
    } else {
        None
    }
}

/// Every request in the translation unit, in source order of the walk.
pub fn find_requests(tu: &TranslationUnit) -> Vec<Request> {
    let mut found = Vec::new();
    for (index, item) in tu.items.iter().enumerate() {
        walk_item(item, &mut |e| {
            let ExprKind::Call {
                callee,
                template_args,
                args,
            } = &e.kind
            else {
                return false;
            };
            let callee = callee.strip_parens();
            let ExprKind::Ident(name) = &callee.kind else {
                return false;
            };
            let Some(kind) = request_kind(name) else {
                return false;
            };
            found.push(Request {
                kind,
                api: name.clone(),
                call_span: e.span,
                callee_span: callee.span,
                has_template_args: !template_args.is_empty(),
                args: args.clone(),
                top_item: Some(index),
            });
            true
        });
    }
    found
}

/// Index of the top-level item whose span holds `at`.
pub fn item_at(tu: &TranslationUnit, at: Span) -> Option<usize> {
    tu.items.iter().position(|item| {
        let s = item_span(item);
        s.file == at.file && s.lo <= at.lo && at.lo < s.hi
    })
}

/// Finds a function named `name` among the items (namespaces included); a definition wins
/// over a prototype.
pub fn find_function<'a>(items: &'a [Item], name: &str) -> Option<&'a Function> {
    let mut prototype = None;
    for item in items {
        let candidate = match item {
            Item::Function(f) if f.name == name || qualified_match(name, &f.name) => Some(f),
            Item::Namespace {
                name: Some(ns),
                items,
                ..
            } => name
                .strip_prefix(ns.as_str())
                .and_then(|rest| rest.strip_prefix("::"))
                .and_then(|rest| find_function(items, rest)),
            Item::Namespace {
                name: None, items, ..
            }
            | Item::ExternC { items, .. } => find_function(items, name),
            _ => None,
        };
        match candidate {
            Some(f) if f.body.is_some() => return Some(f),
            Some(f) => prototype = prototype.or(Some(f)),
            None => {}
        }
    }
    prototype
}

/// `S::f`, `ns::S::f`: the struct (top level or in namespaces, not nested in another struct)
/// and its member functions named `f`. `None` when no struct has that name.
pub fn find_method<'a>(
    items: &'a [Item],
    name: &str,
) -> Option<(&'a StructDef, Vec<&'a Function>)> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let (owner, method) = name.rsplit_once("::")?;
    let owner = find_struct(items, owner)?;
    let methods = owner
        .members
        .iter()
        .flatten()
        .filter_map(|m| match m {
            Member::Method(f) if f.name == method => Some(f),
            _ => None,
        })
        .collect();
    Some((owner, methods))
}

fn find_struct<'a>(items: &'a [Item], path: &str) -> Option<&'a StructDef> {
    items.iter().find_map(|item| match item {
        Item::Struct(s) if s.name.as_deref() == Some(path) && s.members.is_some() => Some(s),
        Item::Namespace {
            name: Some(ns),
            items,
            ..
        } => path
            .strip_prefix(ns.as_str())
            .and_then(|rest| rest.strip_prefix("::"))
            .and_then(|rest| find_struct(items, rest)),
        Item::Namespace {
            name: None, items, ..
        }
        | Item::ExternC { items, .. } => find_struct(items, path),
        _ => None,
    })
}

fn qualified_match(requested: &str, declared: &str) -> bool {
    requested.strip_prefix("::") == Some(declared)
}

/// The span of the top-level item, to place generated prototypes before it.
pub fn item_span(item: &Item) -> Span {
    match item {
        Item::Function(f) => f.span,
        Item::Struct(s) => s.span,
        Item::Enum(e) => e.span,
        Item::Typedef(d) | Item::Global(d) | Item::VarTemplate { decl: d, .. } => d.span,
        Item::Using { span, .. }
        | Item::UsingDirective { span, .. }
        | Item::Namespace { span, .. }
        | Item::ExternC { span, .. }
        | Item::Directive { span, .. }
        | Item::Opaque { span, .. } => *span,
    }
}

// ------------------------------------------------------------------ walk
// `visit` returns true when it consumed the expression (its children are then not walked).

fn walk_item<'a>(item: &'a Item, visit: &mut dyn FnMut(&'a Expr) -> bool) {
    match item {
        Item::Function(f) => walk_function(f, visit),
        Item::Struct(s) => {
            for member in s.members.iter().flatten() {
                match member {
                    Member::Method(f) => walk_function(f, visit),
                    Member::Field(d) => {
                        walk_inits(d.vars.iter().filter_map(|v| v.init.as_ref()), visit)
                    }
                    Member::Item(item) => walk_item(item, visit),
                    Member::Access(_) => {}
                }
            }
        }
        Item::Global(d) => walk_inits(d.vars.iter().filter_map(|v| v.init.as_ref()), visit),
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            items.iter().for_each(|i| walk_item(i, visit))
        }
        _ => {}
    }
}

pub fn walk_function<'a>(f: &'a Function, visit: &mut dyn FnMut(&'a Expr) -> bool) {
    for (_, args) in &f.ctor_inits {
        args.iter().for_each(|e| walk_expr(e, visit));
    }
    f.body.iter().flatten().for_each(|s| walk_stmt(s, visit));
}

fn walk_inits<'a>(inits: impl Iterator<Item = &'a Init>, visit: &mut dyn FnMut(&'a Expr) -> bool) {
    for init in inits {
        match init {
            Init::Assign(e) => walk_expr(e, visit),
            Init::Brace(v) | Init::Paren(v) => v.iter().for_each(|e| walk_expr(e, visit)),
        }
    }
}

fn walk_stmt<'a>(stmt: &'a Stmt, visit: &mut dyn FnMut(&'a Expr) -> bool) {
    let expr = walk_expr;
    match &stmt.kind {
        StmtKind::Expr(e) | StmtKind::Bindings(BindingDecl { init: e, .. }) => expr(e, visit),
        StmtKind::Decl(d) => walk_inits(d.vars.iter().filter_map(|v| v.init.as_ref()), visit),
        StmtKind::Block(stmts) => stmts.iter().for_each(|s| walk_stmt(s, visit)),
        StmtKind::If { cond, then, els } => {
            expr(cond, visit);
            walk_stmt(then, visit);
            els.iter().for_each(|s| walk_stmt(s, visit));
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            init.iter().for_each(|s| walk_stmt(s, visit));
            cond.iter().chain(step.iter()).for_each(|e| expr(e, visit));
            walk_stmt(body, visit);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, visit);
            walk_stmt(body, visit);
        }
        StmtKind::Switch { cond, cases } => {
            expr(cond, visit);
            for case in cases {
                case.label.iter().for_each(|e| expr(e, visit));
                case.body.iter().for_each(|s| walk_stmt(s, visit));
            }
        }
        StmtKind::Return(Some(e)) => expr(e, visit),
        StmtKind::Return(None)
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Pragma(_)
        | StmtKind::Using(_)
        | StmtKind::Empty => {}
    }
}

pub fn walk_expr<'a>(e: &'a Expr, visit: &mut dyn FnMut(&'a Expr) -> bool) {
    if visit(e) {
        return;
    }
    let children: Vec<&'a Expr> = match &e.kind {
        ExprKind::Unary(_, a)
        | ExprKind::Paren(a)
        | ExprKind::SizeofExpr(a)
        | ExprKind::Cast { expr: a, .. }
        | ExprKind::PackExpansion(a)
        | ExprKind::Member { base: a, .. } => vec![a],
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            vec![a, b]
        }
        ExprKind::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs.iter()).map(|b| &**b).collect(),
        ExprKind::Cond(a, b, c) => vec![a, b, c],
        ExprKind::Call { callee, args, .. } => std::iter::once(&**callee).chain(args).collect(),
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => std::iter::once(&**kernel)
            .chain(config)
            .chain(args)
            .collect(),
        ExprKind::InitList(items) => items.iter().collect(),
        ExprKind::Ident(_)
        | ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::CharLit(_)
        | ExprKind::StrLit(_)
        | ExprKind::BoolLit(_)
        | ExprKind::Nullptr
        | ExprKind::SizeofType(_)
        | ExprKind::SizeofPack(_)
        | ExprKind::Lambda(_) => vec![],
    };
    children.into_iter().for_each(|c| walk_expr(c, visit));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_callees() {
        assert_eq!(request_kind("clad::gradient"), Some(RequestKind::Gradient));
        assert_eq!(
            request_kind("::cuad::gradient"),
            Some(RequestKind::Gradient)
        );
        assert_eq!(request_kind("clad::hessian"), Some(RequestKind::Hessian));
        assert_eq!(
            request_kind("clad::estimate_error"),
            Some(RequestKind::Unsupported)
        );
        assert_eq!(
            request_kind("clad::differentiate"),
            Some(RequestKind::Differentiate)
        );
        assert_eq!(request_kind("clad::jacobian"), Some(RequestKind::Jacobian));
        assert_eq!(request_kind("gradient"), None);
        assert_eq!(request_kind("std::gradient"), None);
        assert_eq!(request_kind("clad::CladFunction"), None);
    }

    fn call(name: &str, args: Vec<Expr>) -> Expr {
        Expr::synth(ExprKind::Call {
            callee: Box::new(Expr::ident(name)),
            template_args: vec![],
            args,
        })
    }

    #[test]
    fn finds_requests_in_nested_statements() {
        let request = call("clad::gradient", vec![Expr::ident("f")]);
        let decl_init = call("cuad::hessian", vec![Expr::ident("g")]);
        let body = vec![Stmt::synth(StmtKind::If {
            cond: Expr::ident("c"),
            then: Box::new(Stmt::synth(StmtKind::Block(vec![Stmt::synth(
                StmtKind::Expr(Expr::synth(ExprKind::Member {
                    base: Box::new(request),
                    field: "execute".into(),
                    arrow: false,
                })),
            )]))),
            els: Some(Box::new(Stmt::synth(StmtKind::Expr(decl_init)))),
        })];
        let main = Function {
            attrs: Default::default(),
            template: None,
            ret: cuad_syntax::ast::Ty::int(),
            name: "main".into(),
            params: vec![],
            is_const_method: false,
            ctor_inits: vec![],
            body: Some(body),
            span: Span::default(),
            name_span: Span::default(),
        };
        let tu = TranslationUnit {
            items: vec![Item::Function(main)],
        };
        let found = find_requests(&tu);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].kind, RequestKind::Gradient);
        assert_eq!(found[0].args.len(), 1);
        assert_eq!(found[0].top_item, Some(0));
        assert_eq!(found[1].kind, RequestKind::Hessian);
        assert_eq!(found[1].api, "cuad::hessian");
        assert!(find_function(&tu.items, "main").is_some());
        assert!(find_function(&tu.items, "::main").is_some());
        assert!(find_function(&tu.items, "f").is_none());
    }
}
