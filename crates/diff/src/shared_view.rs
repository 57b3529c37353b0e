//! Conversion operators that view the dynamic shared memory as another type, as cuda-samples'
//! `SharedMemory<T>` helper does:
//!
//! ```text
//! template <class T> struct SharedMemory {
//!   __device__ inline operator T*() { extern __shared__ int __smem[]; return (T*)__smem; }
//! };
//! T* sdata = SharedMemory<T>();
//! // becomes, in the function being differentiated
//! extern __shared__ int _cuad_view___smem[];      // at the top of the body
//! T* sdata = (T*)_cuad_view___smem;
//! ```
//!
//! The operator is inlined where a temporary of the struct (`S<T>()`, `S<T>{}`) or a variable
//! of its type becomes a pointer (a pointer's declaration or assignment, a cast to a pointer
//! type; other uses are errors), so the `extern __shared__`
//! analysis (adjoints in the second half of the dynamic shared memory) sees the buffer. Its body
//! must be `extern __shared__` declarations and one `return`; other conversion operators are
//! errors. An explicit specialization for the arguments (`template <> struct
//! SharedMemory<double>`, which the parser keeps as text) is parsed again on its own.

use crate::builder::*;
use cuad_sema::{Bindings, Program};
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

/// Inlines the shared-memory views of `body`; their `extern __shared__` arrays are declared at
/// its top. `params` type the names the body may convert.
pub fn inline(
    prog: &Program,
    params: &[Param],
    body: &mut Vec<Stmt>,
) -> Result<(), Vec<Diagnostic>> {
    let mut names: HashMap<String, Ty> = params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, p.ty.clone())))
        .collect();
    for s in body.iter() {
        s.visit(&mut |s| {
            if let StmtKind::Decl(d) = &s.kind {
                for v in &d.vars {
                    names.insert(v.name.clone(), v.ty.clone());
                }
            }
        });
    }
    let mut cx = Cx {
        prog,
        names,
        decls: vec![],
        errors: vec![],
    };
    for s in body.iter_mut() {
        cx.stmt(s);
    }
    for s in body.iter_mut() {
        cx.leftovers(s);
    }
    if !cx.errors.is_empty() {
        return Err(cx.errors);
    }
    let decls = std::mem::take(&mut cx.decls);
    body.splice(0..0, decls);
    Ok(())
}

struct Cx<'p, 'a> {
    prog: &'p Program<'a>,
    /// Parameters and locals (by name, shadowing aside) and their types.
    names: HashMap<String, Ty>,
    decls: Vec<Stmt>,
    errors: Vec<Diagnostic>,
}

fn cast_to(ty: &Ty, e: &mut Expr) {
    let span = e.span;
    let inner = std::mem::replace(e, int_lit(0));
    *e = Expr::new(
        ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: ty.clone(),
            expr: Box::new(inner),
        },
        span,
    );
}

impl Cx<'_, '_> {
    /// A value of a struct with a conversion operator to a pointer: a temporary (`S<T>()`,
    /// `S<T>{}`) or a variable of the struct's type; the struct's name and template arguments.
    fn convertible(&self, e: &Expr) -> Option<(String, Vec<TemplateArg>)> {
        let (name, args) = match &e.strip_parens().kind {
            ExprKind::Ident(n) => match &self.names.get(n)?.kind {
                TyKind::Named { name, args } => (name.as_str(), args.as_slice()),
                _ => return None,
            },
            _ => temporary(e)?,
        };
        // An alias (`using SM = SharedMemory<float>; SM()`) converts as what it names.
        let canonical = self.prog.canonical(&Ty::new(TyKind::Named {
            name: name.to_string(),
            args: args.to_vec(),
        }));
        let (name, args) = match &canonical.kind {
            TyKind::Named { name, args } => (name.as_str(), args.as_slice()),
            _ => return None,
        };
        let def = find_struct(&self.prog.tu.items, crate::base_name(self.prog, name))?;
        let converts = def.members.iter().flatten().any(|m| {
            matches!(m, Member::Method(f) if f.name == "operator" && matches!(f.ret.kind, TyKind::Pointer { .. }))
        });
        converts.then(|| (name.to_string(), args.to_vec()))
    }

    fn stmt(&mut self, s: &mut Stmt) {
        // A pointer declared or assigned from a convertible value: the conversion is to the
        // pointer's type.
        if let StmtKind::Decl(d) = &mut s.kind {
            for v in &mut d.vars {
                if let (TyKind::Pointer { .. }, Some(Init::Assign(e))) = (&v.ty.kind, &mut v.init) {
                    if self.convertible(e).is_some() {
                        cast_to(&v.ty, e);
                    }
                }
            }
        }
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if let ExprKind::Assign(None, lhs, rhs) = &mut e.kind {
                let target = match &lhs.kind {
                    ExprKind::Ident(p) => self.names.get(p).cloned(),
                    _ => None,
                };
                if let Some(
                    ty @ Ty {
                        kind: TyKind::Pointer { .. },
                        ..
                    },
                ) = target
                {
                    if self.convertible(rhs).is_some() {
                        cast_to(&ty, rhs);
                    }
                }
            }
        });
        crate::methods::map_stmt_exprs(s, &mut |e| {
            let ExprKind::Cast { ty, expr, .. } = &e.kind else {
                return;
            };
            if !matches!(ty.kind, TyKind::Pointer { .. }) {
                return;
            }
            let Some((name, args)) = self.convertible(expr) else {
                return;
            };
            let ty = ty.clone();
            if let Some(view) = self.view(&name, &args, &ty, e.span) {
                // The operator's `(T*)raw` is already the cast: no second one.
                let cast_to_ty = matches!(&view.strip_parens().kind, ExprKind::Cast { ty: t, .. } if cuad_emit::print_ty(t) == cuad_emit::print_ty(&ty));
                let kind = if cast_to_ty {
                    view.kind
                } else {
                    ExprKind::Cast {
                        kind: CastKind::CStyle,
                        ty,
                        expr: Box::new(paren(view)),
                    }
                };
                *e = Expr::new(kind, e.span);
            }
        });
    }

    /// Convertible values left after inlining (passed to a function, converted implicitly
    /// elsewhere) would convert through an operator cuad does not follow: errors. Member
    /// accesses (`smem.field`) are not conversions.
    fn leftovers(&mut self, s: &mut Stmt) {
        let mut members = Vec::new();
        let mut found = Vec::new();
        crate::methods::map_stmt_exprs(s, &mut |e| {
            if let ExprKind::Member { base, .. } = &e.kind {
                members.push(base.span);
            }
            if let Some((name, _)) = self.convertible(e) {
                found.push((e.span, name));
            }
        });
        for (span, name) in found {
            if !members.contains(&span) {
                self.errors.push(Diagnostic::error(
                    span,
                    format!("cuad follows the conversion of `{name}` to a pointer only where it initializes or is assigned to a pointer variable, or is cast to a pointer type"),
                ));
            }
        }
    }

    /// The inlined conversion of a temporary `name<args>` to `target`.
    fn view(&mut self, name: &str, args: &[TemplateArg], target: &Ty, span: Span) -> Option<Expr> {
        let base = crate::base_name(self.prog, name);
        let primary = find_struct(&self.prog.tu.items, base)?;
        // An explicit specialization for these arguments (cuda-samples' `SharedMemory<double>`),
        // or one the parser kept as text, read again on its own.
        let special = crate::opaque_specialization(&self.prog.tu.items, name)
            .and_then(|at| specialization_text(self.prog, at, base, args));
        let parsed = self.prog.explicit_specialization(base, args);
        let (def, bind) = match special {
            _ if parsed.is_some() => (parsed?.clone(), false),
            Some(text) => match parse_specialization(text, base) {
                Some(def) => (def, false),
                None => {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("cuad cannot read the specialization `{base}<{}>` (kept as text) to inline its conversion", print_args(args)),
                    ));
                    return None;
                }
            },
            None => (primary.clone(), true),
        };
        let conversions: Vec<&Function> = def
            .members
            .iter()
            .flatten()
            .filter_map(|m| match m {
                Member::Method(f) if f.name == "operator" => Some(f),
                _ => None,
            })
            .collect();
        if conversions.is_empty() {
            return None;
        }
        // A `const T*` target prefers the operator returning one, as overload resolution does
        // when both convert.
        let pointee_const = |t: &Ty| matches!(&t.kind, TyKind::Pointer { pointee, .. } if pointee.is_const_object());
        let want_const = pointee_const(target);
        let op = conversions
            .iter()
            .filter(|f| matches!(f.ret.kind, TyKind::Pointer { .. }))
            .find(|f| pointee_const(&f.ret) == want_const)
            .or_else(|| {
                conversions.iter().find(|f| {
                    matches!(f.ret.kind, TyKind::Pointer { .. }) && !pointee_const(&f.ret)
                })
            });
        let Some(op) = op else {
            self.errors.push(Diagnostic::error(
                span,
                format!("`{name}` has no conversion operator to a pointer cuad can inline"),
            ));
            return None;
        };
        let mut op = (*op).clone();
        if let (Some(params), true) = (&def.template, bind) {
            let mut types = Bindings::new();
            for (p, a) in params.iter().zip(args) {
                if let (TemplateParamKind::Type { .. }, TemplateArg::Type(t)) = (&p.kind, a) {
                    types.insert(p.name.clone(), t.clone());
                }
            }
            crate::instantiate::substitute_types(&mut op, &types);
        }
        let body = op.body.as_deref().unwrap_or_default();
        let Some((StmtKind::Return(Some(ret)), decls)) =
            body.split_last().map(|(l, r)| (&l.kind, r))
        else {
            self.not_a_view(name, span);
            return None;
        };
        let mut ret = ret.clone();
        for d in decls {
            let StmtKind::Decl(decl) = &d.kind else {
                self.not_a_view(name, span);
                return None;
            };
            if !(decl.specs.shared && decl.specs.is_extern) {
                self.not_a_view(name, span);
                return None;
            }
            let mut decl = decl.clone();
            for v in &mut decl.vars {
                // A name of cuad's: the function may declare its own `extern __shared__`
                // arrays (they alias the same memory, but may have other element types).
                let fresh = format!("_cuad_view_{}", v.name);
                rename(&mut ret, &v.name, &fresh);
                v.name = fresh;
            }
            let already = self.decls.iter().any(|s| matches!(&s.kind, StmtKind::Decl(x) if x.vars.iter().map(|v| &v.name).eq(decl.vars.iter().map(|v| &v.name))));
            if !already {
                self.decls.push(Stmt::synth(StmtKind::Decl(decl)));
            }
        }
        Some(ret)
    }

    fn not_a_view(&mut self, name: &str, span: Span) {
        self.errors.push(Diagnostic::error(
            span,
            format!("cuad inlines a conversion operator of `{name}` only when its body is `extern __shared__` declarations and one `return` (a view of the dynamic shared memory)"),
        ));
    }
}

/// A temporary of a class type: `S<T>()` or `S<T>{}`, its name and template arguments.
fn temporary(e: &Expr) -> Option<(&str, &[TemplateArg])> {
    match &e.strip_parens().kind {
        ExprKind::Call {
            callee,
            template_args,
            args,
        } if args.is_empty() => match &callee.kind {
            ExprKind::Ident(n) => Some((n.as_str(), template_args.as_slice())),
            _ => None,
        },
        ExprKind::Cast {
            kind: CastKind::Functional,
            ty,
            expr,
        } if matches!(&expr.kind, ExprKind::InitList(v) if v.is_empty()) => match &ty.kind {
            TyKind::Named { name, args } => Some((name.as_str(), args.as_slice())),
            _ => None,
        },
        _ => None,
    }
}

fn find_struct<'t>(items: &'t [Item], name: &str) -> Option<&'t StructDef> {
    items.iter().find_map(|item| match item {
        Item::Struct(def) if def.name.as_deref() == Some(name) => Some(def),
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => find_struct(items, name),
        _ => None,
    })
}

/// The text of the specialization kept as text at `at`, when it is the one for `base<args>`.
fn specialization_text<'t>(
    prog: &Program<'t>,
    at: Span,
    base: &str,
    args: &[TemplateArg],
) -> Option<&'t str> {
    let wanted: String = format!("{base}<{}>", print_args(args))
        .split_whitespace()
        .collect();
    opaque_texts(&prog.tu.items)
        .into_iter()
        .find(|(s, text)| {
            *s == at
                && text
                    .split_whitespace()
                    .collect::<String>()
                    .contains(&wanted)
        })
        .map(|(_, text)| text)
}

/// `template <> struct S<args> { ... };` parsed as `struct S { ... };` (spans cleared: they
/// would point into no file).
fn parse_specialization(text: &str, base: &str) -> Option<StructDef> {
    let open = text.find('{')?;
    let keyword = if text[..open].contains("class") {
        "class"
    } else {
        "struct"
    };
    let mut sm = cuad_syntax::SourceMap::new();
    let mut diags = cuad_syntax::Diagnostics::default();
    let file = sm.add(
        "cuad-specialization.cu",
        format!("{keyword} {base} {}", &text[open..]),
    );
    let options = cuad_syntax::pp::PpOptions::default();
    let tokens = cuad_syntax::pp::preprocess(&mut sm, file, &options, &mut diags);
    let mut tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    if diags.has_errors() {
        return None;
    }
    cuad_emit::strip_spans(&mut tu);
    find_struct(&tu.items, base).cloned()
}

fn opaque_texts(items: &[Item]) -> Vec<(Span, &str)> {
    items
        .iter()
        .flat_map(|item| match item {
            Item::Opaque { text, span, .. } => vec![(*span, text.as_str())],
            Item::Namespace { items, .. } | Item::ExternC { items, .. } => opaque_texts(items),
            _ => vec![],
        })
        .collect()
}

fn print_args(args: &[TemplateArg]) -> String {
    args.iter()
        .map(|a| match a {
            TemplateArg::Type(t) => cuad_emit::print_ty(t),
            TemplateArg::Expr(e) => cuad_emit::print_expr(e),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn rename(e: &mut Expr, from: &str, to: &str) {
    let mut s = Stmt::synth(StmtKind::Expr(std::mem::replace(e, int_lit(0))));
    crate::methods::map_stmt_exprs(&mut s, &mut |x| {
        if matches!(&x.kind, ExprKind::Ident(n) if n == from) {
            x.kind = ExprKind::Ident(to.to_string());
        }
    });
    if let StmtKind::Expr(back) = s.kind {
        *e = back;
    }
}
