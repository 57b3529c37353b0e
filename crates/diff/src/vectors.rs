//! `std::vector<T>` staging buffers of host functions (T real) as `calloc` buffers, so that
//! their adjoints (tangents) are mirrored, flow through host loops and through the pullbacks of
//! the `cudaMemcpy`s that fill or read them, as for `malloc` buffers (host.rs):
//! - `std::vector<T> h(n)` -> `h = (T*)calloc(n, sizeof(T)); _cuad_size_h = n;` (`h(n, v)`
//!   also fills with `v`; `h;` is empty until one `resize(n)` / `assign(n, v)` sizes it);
//! - `h.data()` -> `h`, `h.size()` -> `_cuad_size_h`, `h.at(i)` / `front()` / `back()` ->
//!   elements, `h.empty()`; `h[i]` stays;
//! - `free(h)` before every `return` and at the end (host gradients free at their end).
//!
//! Anything else (growing, copying, passing the vector itself) is an error: the buffer would
//! move, and its adjoint with it.

use crate::builder::*;
use crate::normalize::Local;
use crate::usage::Names;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

/// A lowered vector: element type, whether its declaration gave it a size.
pub struct Vector {
    pub elem: Ty,
    pub sized: bool,
}

/// The element type of a `std::vector` of reals, or of structs (CUDA vector types included)
/// whose fields are all reals and that zeroed memory constructs (no default constructor, no
/// field initializers).
pub fn real_vector_elem(prog: &Program, ty: &Ty) -> Option<Ty> {
    let TyKind::Named { name, .. } = &prog.canonical(ty).kind else {
        return None;
    };
    if name.trim_start_matches("::") != "std::vector" {
        return None;
    }
    let elem = prog.canonical(&cuad_sema::builtins::container_element(ty)?);
    let real = |t: &Ty| matches!(prog.canonical(t).kind, TyKind::Float | TyKind::Double);
    let plain = match &elem.kind {
        TyKind::Float | TyKind::Double => true,
        TyKind::Named { .. } => {
            let fields = prog.fields(&elem);
            !fields.is_empty()
                && fields.iter().all(|(_, t)| real(t))
                && !crate::calls::default_construction_sets_fields(prog, &elem)
        }
        _ => false,
    };
    plain.then(|| elem.with_const(false))
}

/// Vectors of the body that stay library objects: used in ways a fixed buffer cannot stand
/// for (grown, passed or copied whole, sized in a loop). Their elements carry no derivative;
/// storing one there is an error (`activity::container_stores`).
pub fn kept_vectors(prog: &Program, body: &[Stmt]) -> Names {
    let mut candidates = Names::new();
    let mut kept = Names::new();
    fn decls(prog: &Program, s: &Stmt, loops: usize, c: &mut Names, kept: &mut Names) {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    if real_vector_elem(prog, &v.ty).is_some() {
                        c.insert(v.name.clone());
                        if loops > 0 {
                            kept.insert(v.name.clone());
                        }
                    }
                }
            }
            StmtKind::Block(b) => b.iter().for_each(|x| decls(prog, x, loops, c, kept)),
            StmtKind::If { then, els, .. } => {
                decls(prog, then, loops, c, kept);
                if let Some(e) = els {
                    decls(prog, e, loops, c, kept);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = init {
                    decls(prog, i, loops, c, kept);
                }
                decls(prog, body, loops + 1, c, kept);
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
                decls(prog, body, loops + 1, c, kept)
            }
            _ => {}
        }
    }
    for s in body {
        decls(prog, s, 0, &mut candidates, &mut kept);
    }
    if candidates.is_empty() {
        return kept;
    }
    fn uses(e: &Expr, c: &Names, kept: &mut Names, copies: &mut Vec<(String, String)>) {
        let vector = |x: &Expr| match &x.strip_parens().kind {
            ExprKind::Ident(v) if c.contains(v) => Some(v.clone()),
            _ => None,
        };
        // Below the top of the expression, a copy is not a statement: both stay vectors.
        let uses = |e: &Expr, c: &Names, kept: &mut Names| {
            let mut nested = Vec::new();
            uses(e, c, kept, &mut nested);
            kept.extend(nested.into_iter().flat_map(|(a, b)| [a, b]));
        };
        match &e.kind {
            // `prev = cur;` copies elements (`Lowering::copy`), when both are lowered.
            ExprKind::Assign(None, l, r) if vector(l).is_some() && vector(r).is_some() => {
                copies.extend(vector(l).zip(vector(r)));
            }
            ExprKind::Index(b, i) if vector(b).is_some() => uses(i, c, kept),
            ExprKind::Call { callee, args, .. } => {
                let method = match &callee.kind {
                    ExprKind::Member { base, field, .. } => vector(base).map(|v| (v, field)),
                    _ => None,
                };
                match method {
                    Some((v, field)) => {
                        let fits = matches!(
                            (field.as_str(), args.len()),
                            ("data" | "size" | "empty" | "front" | "back", 0)
                                | ("at" | "resize", 1)
                                | ("resize" | "assign", 2)
                        );
                        if !fits {
                            kept.insert(v);
                        }
                    }
                    // A range-based `for` over the vector.
                    None if matches!(&callee.kind, ExprKind::Ident(n) if n == "__cuad_extent") => {
                        return;
                    }
                    None => uses(callee, c, kept),
                }
                args.iter().for_each(|a| uses(a, c, kept));
            }
            ExprKind::Ident(v) if c.contains(v) => {
                kept.insert(v.clone());
            }
            _ => crate::usage::for_each_child(e, &mut |x| uses(x, c, kept)),
        }
    }
    let mut copies = Vec::new();
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            // only statements copy: `a = b` inside an expression keeps both
            let mut found = Vec::new();
            uses(e, &candidates, &mut kept, &mut found);
            if found.len() == 1 && matches!(e.kind, ExprKind::Assign(..)) {
                copies.extend(found);
            } else {
                kept.extend(found.into_iter().flat_map(|(a, b)| [a, b]));
            }
        });
    }
    // A copy between a kept vector and a lowered one keeps both.
    loop {
        let more: Vec<String> = copies
            .iter()
            .filter(|(a, b)| kept.contains(a) != kept.contains(b))
            .flat_map(|(a, b)| [a.clone(), b.clone()])
            .collect();
        if more.is_empty() {
            return kept;
        }
        kept.extend(more);
    }
}

/// The first use of the vector `v` in `body` that a fixed buffer cannot stand for (the call
/// it is passed to, or its own expression): where to point a diagnostic about a kept vector.
pub fn keeping_use(body: &[Stmt], v: &str) -> Option<Span> {
    fn find(e: &Expr, v: &str, call: Option<Span>) -> Option<Span> {
        let is_v = |x: &Expr| matches!(&x.strip_parens().kind, ExprKind::Ident(n) if n == v);
        match &e.kind {
            // A span cuad made (the hoisted declaration's construction) locates nothing.
            ExprKind::Ident(n) if n == v => {
                return Some(call.unwrap_or(e.span)).filter(|s| *s != Span::default())
            }
            ExprKind::Index(b, i) if is_v(b) => return find(i, v, call),
            ExprKind::Assign(None, l, r) if is_v(l) => return find(r, v, call),
            ExprKind::Call { callee, args, .. } => {
                let method_of_v =
                    matches!(&callee.kind, ExprKind::Member { base, .. } if is_v(base));
                let fits = match &callee.kind {
                    ExprKind::Member { base, field, .. } if is_v(base) => matches!(
                        (field.as_str(), args.len()),
                        ("data" | "size" | "empty" | "front" | "back", 0)
                            | ("at" | "resize", 1)
                            | ("resize" | "assign", 2)
                    ),
                    ExprKind::Ident(n) => n == "__cuad_extent",
                    _ => false,
                };
                if fits {
                    return args.iter().find_map(|a| find(a, v, call));
                }
                // `v.begin()` passed to a library call: that call (`v.push_back(x)`: itself).
                if method_of_v {
                    return Some(call.unwrap_or(e.span)).filter(|s| *s != Span::default());
                }
                let mut found = None;
                crate::usage::for_each_child(e, &mut |x| {
                    found = found.or_else(|| find(x, v, Some(e.span)))
                });
                return found;
            }
            _ => {}
        }
        let mut found = None;
        crate::usage::for_each_child(e, &mut |x| found = found.or_else(|| find(x, v, call)));
        found
    }
    let mut found = None;
    for s in body {
        crate::usage::visit_stmt_exprs(s, &mut |e| found = found.or_else(|| find(e, v, None)));
    }
    found
}

pub fn size_name(v: &str) -> String {
    format!("_cuad_size_{v}")
}

/// A hoisted local, once.
pub fn add_local(locals: &mut Vec<Local>, name: &str, ty: Ty) {
    if !locals.iter().any(|l| l.name == name) {
        locals.push(Local {
            name: name.to_string(),
            ty,
            specs: DeclSpecs::default(),
            init: None,
            spelled: None,
        });
    }
}

/// What the elements of a sized vector start as, besides zero.
pub enum Fill {
    /// `v(n, x)`: every element `x`.
    Value(Expr),
    /// `v(first, last)`: the elements of the range starting at `first`.
    Range(Expr),
}

/// `v = (T*)calloc(n, sizeof(T)); _cuad_size_v = n;` then `v[k] = x` for every k.
pub fn sizing(
    locals: &mut Vec<Local>,
    v: &str,
    elem: &Ty,
    n: Expr,
    fill: Option<Fill>,
    span: Span,
) -> Vec<Stmt> {
    let alloc = Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty: Ty::pointer_to(elem.clone()),
        expr: Box::new(call(
            "calloc",
            vec![n.clone(), Expr::synth(ExprKind::SizeofType(elem.clone()))],
        )),
    });
    let at = |e: Expr| Stmt::new(StmtKind::Expr(e), span);
    let mut out = vec![
        at(assign(ident(&size_name(v)), n)),
        at(assign(ident(v), alloc)),
    ];
    if let Some(fill) = fill {
        let k = format!("_cuad_fill_{v}");
        let x = match fill {
            Fill::Value(x) => x,
            // `std::vector<T> v(first, last)`: element k of the range
            Fill::Range(first) => index(paren(first), ident(&k)),
        };
        add_local(locals, &k, cuad_sema::types::ulong_ty());
        out.push(Stmt::new(
            StmtKind::For {
                init: Some(Box::new(expr_stmt(assign(ident(&k), int_lit(0))))),
                cond: Some(binary(BinOp::Lt, ident(&k), ident(&size_name(v)))),
                step: Some(Expr::synth(ExprKind::Unary(
                    UnOp::PreInc,
                    Box::new(ident(&k)),
                ))),
                body: Box::new(Stmt::synth(StmtKind::Block(vec![expr_stmt(assign(
                    index(ident(v), ident(&k)),
                    x,
                ))]))),
            },
            span,
        ));
    }
    out
}

fn error(span: Span, v: &str, what: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("cuad differentiates the std::vector `{v}` as a fixed host buffer ({what}); use `{v}[i]`, `{v}.data()`, `{v}.size()`, and size it once: at its declaration outside loops, or by one `resize`/`assign` of an empty vector"),
    )
}

/// Rewrites the uses of the lowered vectors and adds their `free`s.
pub fn lower_uses(
    body: &mut Vec<Stmt>,
    ret: &Ty,
    vectors: &mut HashMap<String, Vector>,
    locals: &mut Vec<Local>,
    errors: &mut Vec<Diagnostic>,
) {
    if vectors.is_empty() {
        return;
    }
    let mut l = Lowering {
        vectors,
        locals,
        errors,
        loops: 0,
    };
    let stmts = std::mem::take(body);
    // Every path frees the vectors at the end, sized or not (a declaration in a branch).
    let mut names: Vec<&String> = l.vectors.keys().collect();
    names.sort();
    *body = names
        .into_iter()
        .map(|v| expr_stmt(assign(ident(v), Expr::synth(ExprKind::Nullptr))))
        .collect();
    let lowered = l.block(stmts);
    body.extend(lowered);
    let frees: Vec<Stmt> = {
        let mut names: Vec<&String> = l.vectors.keys().collect();
        names.sort();
        names
            .into_iter()
            .map(|v| expr_stmt(call("free", vec![ident(v)])))
            .collect()
    };
    add_frees(body, &frees, l.vectors, ret, l.locals);
}

/// Before every `return`, and at the end unless the body ends with one. A returned value that
/// reads a vector is computed into `_cuad_vret` first.
fn add_frees(
    body: &mut Vec<Stmt>,
    frees: &[Stmt],
    vectors: &HashMap<String, Vector>,
    ret: &Ty,
    locals: &mut Vec<Local>,
) {
    struct Frees<'a> {
        frees: &'a [Stmt],
        vectors: &'a HashMap<String, Vector>,
        ret: &'a Ty,
        locals: &'a mut Vec<Local>,
    }
    impl Frees<'_> {
        /// The statements that replace `return e;`.
        fn at_return(&mut self, s: Stmt) -> Vec<Stmt> {
            let span = s.span;
            let mut out = Vec::new();
            let mut s = s;
            if let StmtKind::Return(Some(e)) = &s.kind {
                let reads_vector = crate::usage::any_expr(
                    e,
                    &|x| matches!(&x.kind, ExprKind::Ident(n) if self.vectors.contains_key(n)),
                );
                if reads_vector {
                    add_local(
                        self.locals,
                        "_cuad_vret",
                        self.ret.clone().with_const(false),
                    );
                    out.push(Stmt::new(
                        StmtKind::Expr(assign(ident("_cuad_vret"), e.clone())),
                        span,
                    ));
                    s = Stmt::new(StmtKind::Return(Some(ident("_cuad_vret"))), span);
                }
            }
            out.extend(self.frees.iter().cloned());
            out.push(s);
            out
        }
        fn block(&mut self, stmts: &mut Vec<Stmt>) {
            let mut out = Vec::with_capacity(stmts.len());
            for mut s in std::mem::take(stmts) {
                match &mut s.kind {
                    StmtKind::Return(_) => {
                        out.extend(self.at_return(s));
                        continue;
                    }
                    StmtKind::Block(b) => self.block(b),
                    StmtKind::If { then, els, .. } => {
                        self.one(then);
                        if let Some(e) = els {
                            self.one(e);
                        }
                    }
                    StmtKind::For { body, .. }
                    | StmtKind::While { body, .. }
                    | StmtKind::DoWhile { body, .. } => self.one(body),
                    _ => {}
                }
                out.push(s);
            }
            *stmts = out;
        }
        fn one(&mut self, s: &mut Box<Stmt>) {
            let mut b = match std::mem::replace(&mut s.kind, StmtKind::Empty) {
                StmtKind::Block(b) => b,
                other => vec![Stmt::new(other, s.span)],
            };
            self.block(&mut b);
            s.kind = StmtKind::Block(b);
        }
    }
    let mut f = Frees {
        frees,
        vectors,
        ret,
        locals,
    };
    let ends_with_return = matches!(body.last().map(|s| &s.kind), Some(StmtKind::Return(_)));
    f.block(body);
    if !ends_with_return {
        body.extend(frees.iter().cloned());
    }
}

/// `(T*)calloc(...)`, as `sizing` writes it.
fn is_calloc(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Cast { expr, .. }
        if crate::host::callee_name(expr) == Some("calloc"))
}

struct Lowering<'v> {
    vectors: &'v mut HashMap<String, Vector>,
    locals: &'v mut Vec<Local>,
    errors: &'v mut Vec<Diagnostic>,
    loops: usize,
}

impl Lowering<'_> {
    fn block(&mut self, stmts: Vec<Stmt>) -> Vec<Stmt> {
        stmts.into_iter().flat_map(|s| self.stmt(s)).collect()
    }

    fn boxed(&mut self, s: Stmt) -> Box<Stmt> {
        let mut out = self.stmt(s);
        Box::new(if out.len() == 1 {
            out.pop().unwrap()
        } else {
            Stmt::synth(StmtKind::Block(out))
        })
    }

    fn stmt(&mut self, s: Stmt) -> Vec<Stmt> {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::Expr(e) => {
                if let Some(out) = self.sizing_call(&e, span) {
                    return out;
                }
                if let Some(out) = self.copy(&e, span) {
                    return out;
                }
                // The declaration's own sizing, placed by the hoister.
                if self.loops > 0 {
                    if let ExprKind::Assign(None, l, r) = &e.kind {
                        if let (ExprKind::Ident(v), true) = (&l.kind, is_calloc(r)) {
                            if self.vectors.contains_key(v) {
                                self.errors
                                    .push(error(span, v, "it is sized inside a loop"));
                            }
                        }
                    }
                }
                StmtKind::Expr(self.expr(e))
            }
            StmtKind::Block(b) => StmtKind::Block(self.block(b)),
            StmtKind::If { cond, then, els } => StmtKind::If {
                cond: self.expr(cond),
                then: self.boxed(*then),
                els: els.map(|e| self.boxed(*e)),
            },
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let init = init.map(|i| self.boxed(*i));
                self.loops += 1;
                let cond = cond.map(|c| self.expr(c));
                let step = step.map(|c| self.expr(c));
                let body = self.boxed(*body);
                self.loops -= 1;
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            StmtKind::While { cond, body } => {
                self.loops += 1;
                let cond = self.expr(cond);
                let body = self.boxed(*body);
                self.loops -= 1;
                StmtKind::While { cond, body }
            }
            StmtKind::DoWhile { body, cond } => {
                self.loops += 1;
                let body = self.boxed(*body);
                let cond = self.expr(cond);
                self.loops -= 1;
                StmtKind::DoWhile { body, cond }
            }
            StmtKind::Return(Some(e)) => StmtKind::Return(Some(self.expr(e))),
            other => other,
        };
        vec![Stmt::new(kind, span)]
    }

    /// `a = b;` of two lowered vectors: the elements are copied (a host-to-host `cudaMemcpy`,
    /// whose pullback moves the adjoints back). Vectors of different sizes stop the program:
    /// the copy would reallocate `a`, and its adjoint with it.
    fn copy(&mut self, e: &Expr, span: Span) -> Option<Vec<Stmt>> {
        let ExprKind::Assign(None, l, r) = &e.kind else {
            return None;
        };
        let (ExprKind::Ident(a), ExprKind::Ident(b)) =
            (&l.strip_parens().kind, &r.strip_parens().kind)
        else {
            return None;
        };
        let elem = self.vectors.get(a)?.elem.clone();
        self.vectors.get(b)?;
        let at = |e: Expr| Stmt::new(StmtKind::Expr(e), span);
        let differ = binary(BinOp::Ne, ident(&size_name(a)), ident(&size_name(b)));
        let stop = vec![
            comment(&format!(
                "std::vector assignment `{a} = {b}` between different sizes: not supported"
            )),
            at(call("abort", vec![])),
        ];
        let bytes = binary(
            BinOp::Mul,
            ident(&size_name(b)),
            Expr::synth(ExprKind::SizeofType(elem)),
        );
        Some(vec![
            if_stmt(differ, stop, None),
            at(call(
                "cudaMemcpy",
                vec![ident(a), ident(b), bytes, ident("cudaMemcpyHostToHost")],
            )),
        ])
    }

    /// `v.resize(n)` / `v.assign(n, x)` of an empty vector: its sizing.
    fn sizing_call(&mut self, e: &Expr, span: Span) -> Option<Vec<Stmt>> {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return None;
        };
        let ExprKind::Member { base, field, .. } = &callee.kind else {
            return None;
        };
        let ExprKind::Ident(v) = &base.kind else {
            return None;
        };
        let fill = match (field.as_str(), args.as_slice()) {
            ("resize", [_]) => None,
            ("resize" | "assign", [_, x]) => Some(Fill::Value(self.expr(x.clone()))),
            _ => return None,
        };
        let info = self.vectors.get_mut(v)?;
        if info.sized || self.loops > 0 {
            let why = if info.sized {
                "it is resized after it has a size"
            } else {
                "it is sized inside a loop"
            };
            self.errors.push(error(e.span, v, why));
            return Some(vec![]);
        }
        info.sized = true;
        let elem = info.elem.clone();
        let n = self.expr(args[0].clone());
        Some(sizing(self.locals, v, &elem, n, fill, span))
    }

    fn expr(&mut self, e: Expr) -> Expr {
        let span = e.span;
        let kind = match e.kind {
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                if let ExprKind::Member { base, field, .. } = &callee.kind {
                    if let ExprKind::Ident(v) = &base.kind {
                        if self.vectors.contains_key(v) {
                            return self.method(v, field, args, span);
                        }
                    }
                }
                // A range-based `for` over the vector.
                if let (ExprKind::Ident(f), [a]) = (&callee.kind, args.as_slice()) {
                    if let (true, ExprKind::Ident(v)) = (f == "__cuad_extent", &a.kind) {
                        if self.vectors.contains_key(v) {
                            return ident(&size_name(v));
                        }
                    }
                }
                ExprKind::Call {
                    callee: Box::new(self.expr(*callee)),
                    template_args,
                    args: args.into_iter().map(|a| self.expr(a)).collect(),
                }
            }
            ExprKind::Index(b, i) => {
                let b = match &b.strip_parens().kind {
                    ExprKind::Ident(v) if self.vectors.contains_key(v) => *b,
                    _ => self.expr(*b),
                };
                ExprKind::Index(Box::new(b), Box::new(self.expr(*i)))
            }
            ExprKind::Ident(v) => {
                if self.vectors.contains_key(&v) {
                    self.errors
                        .push(error(span, &v, "it is used here as a whole object"));
                }
                ExprKind::Ident(v)
            }
            ExprKind::Assign(op, l, r) => {
                // The hoister's sizing of a declaration (`v = (T*)calloc(n, sizeof(T))`, or
                // `v = nullptr` for an empty one).
                let own_sizing = matches!((&op, &l.kind), (None, ExprKind::Ident(v)) if self.vectors.contains_key(v))
                    && (is_calloc(&r) || matches!(r.kind, ExprKind::Nullptr));
                let l = if own_sizing { *l } else { self.expr(*l) };
                ExprKind::Assign(op, Box::new(l), Box::new(self.expr(*r)))
            }
            other => {
                return crate::usage::map_subexprs(Expr::new(other, span), &mut |x| self.expr(x))
            }
        };
        Expr::new(kind, span)
    }

    fn method(&mut self, v: &str, field: &str, args: Vec<Expr>, span: Span) -> Expr {
        let size = ident(&size_name(v));
        let mut args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
        let at = |e: Expr| Expr::new(e.kind, span);
        match (field, args.len()) {
            ("data", 0) => at(ident(v)),
            ("size", 0) => at(size),
            ("empty", 0) => at(paren(binary(BinOp::Eq, size, int_lit(0)))),
            ("front", 0) => at(index(ident(v), int_lit(0))),
            ("back", 0) => at(index(ident(v), binary(BinOp::Sub, size, int_lit(1)))),
            ("at", 1) => at(index(ident(v), args.remove(0))),
            _ => {
                self.errors
                    .push(error(span, v, &format!("`{field}` is not one of those")));
                at(ident(v))
            }
        }
    }
}
