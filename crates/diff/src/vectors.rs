//! `std::vector<T>` staging buffers of host functions (T real) as `calloc` buffers, so that
//! their adjoints (tangents) are mirrored, flow through host loops and through the pullbacks of
//! the `cudaMemcpy`s that fill or read them, as for `malloc` buffers (host.rs):
//! - `std::vector<T> h(n)` -> `h = (T*)calloc(n, sizeof(T)); _cuad_size_h = n;` (`h(n, v)`
//!   also fills with `v`; `h;` is empty until one `resize(n)` / `assign(n, v)` sizes it);
//! - `h.data()` -> `h`, `h.size()` -> `_cuad_size_h`, `h.at(i)` / `front()` / `back()` ->
//!   elements, `h.empty()`; `h[i]` stays;
//! - `h.begin()` / `h.end()` (and `std::begin(h)`, ...) given to `std::copy`, `std::copy_n`,
//!   `assign` or a range constructor -> `h` / `h + _cuad_size_h`;
//! - `h.assign(first, last)` of pointers: sizes an empty `h` (or checks a sized one's size)
//!   and copies the range; `std::copy(first, last, out)` / `std::copy_n(first, n, out)` of
//!   pointers to reals are host-to-host `cudaMemcpy`s (element loops when the types differ),
//!   in every host function (`lower_copies`);
//! - `f(h)` of a helper taking `std::vector<T>&` that can take a pointer instead ->
//!   `f_cuad_vec(h, _cuad_size_h)` (vector_params.rs);
//! - `free(h)` before every `return` and at the end (host gradients free at their end).
//!
//! Anything else (growing, passing the vector itself to other functions) keeps it a library
//! container; storing values with derivatives into one is an error.

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

/// Methods a lowered vector keeps, by argument count: element access and size
/// (`resize`/`assign` size an empty vector, or copy a range into a sized one).
fn method_fits(field: &str, args: usize, param: bool) -> bool {
    match (field, args) {
        ("data" | "size" | "empty" | "front" | "back", 0) | ("at", 1) => true,
        ("resize", 1) | ("resize" | "assign", 2) => !param,
        _ => false,
    }
}

/// `std::copy` / `std::copy_n` (unqualified too, unless the file defines its own): their
/// iterator arguments may be a lowered vector's `begin()`/`end()`.
pub fn copy_algorithm(prog: &Program, callee: &Expr) -> Option<&'static str> {
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    let name = name.trim_start_matches("::");
    let found = match name.strip_prefix("std::").unwrap_or(name) {
        "copy" => "copy",
        "copy_n" => "copy_n",
        _ => return None,
    };
    let own = !name.starts_with("std::") && prog.functions(name).iter().any(|f| f.body.is_some());
    (!own).then_some(found)
}

/// The positions of a call's arguments that a host helper takes as `std::vector<T>&` and can
/// take as a pointer and a size instead (vector_params.rs), if any.
pub type HelperPositions<'h> = &'h dyn Fn(&str, usize) -> Option<Vec<usize>>;

/// What a body does with some vectors (`names`): the first use of each that a pointer to a
/// fixed buffer cannot stand for, and the vectors that are lowered together or not at all.
pub(crate) struct UseScan<'s, 'p, 'a> {
    prog: &'p Program<'a>,
    names: &'s Names,
    /// Parameters (of a helper that may take pointers): no resizing, no whole copies.
    params: bool,
    /// Whether `v = e` (not a copy between two of the vectors) keeps `v`: before hoisting it
    /// does; after, a kept vector's construction is such an assignment.
    pub assign_keeps: bool,
    helpers: HelperPositions<'s>,
    /// The vectors used as whole objects, and where (the enclosing call, else the use;
    /// `Span::default()` for the constructions cuad made).
    pub kept: Vec<(String, Span)>,
    /// Vectors a copy or a helper call ties together (`std::copy(a.begin(), a.end(),
    /// b.begin())`, `axpy(a, b)`): both lowered, or both kept.
    pub links: Vec<(String, String)>,
    /// `a = b;` statements between two of the vectors.
    pub copies: Vec<(String, String)>,
}

impl<'s, 'p, 'a> UseScan<'s, 'p, 'a> {
    pub fn new(
        prog: &'p Program<'a>,
        names: &'s Names,
        params: bool,
        helpers: HelperPositions<'s>,
    ) -> Self {
        UseScan {
            prog,
            names,
            params,
            assign_keeps: true,
            helpers,
            kept: vec![],
            links: vec![],
            copies: vec![],
        }
    }

    fn vector(&self, x: &Expr) -> Option<String> {
        match &x.strip_parens().kind {
            ExprKind::Ident(v) if self.names.contains(v) => Some(v.clone()),
            _ => None,
        }
    }

    fn keep(&mut self, v: &str, at: Span) {
        match self.kept.iter_mut().find(|(k, _)| k == v) {
            // A span cuad made (the hoisted declaration's construction) locates nothing.
            Some((_, first)) if *first == Span::default() => *first = at,
            Some(_) => {}
            None => self.kept.push((v.to_string(), at)),
        }
    }

    fn link_all(&mut self, group: &[String]) {
        for pair in group.windows(2) {
            self.links.push((pair[0].clone(), pair[1].clone()));
        }
    }

    /// Every statement of `body`, nested ones included.
    pub fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    match &v.init {
                        // `std::vector<T> w(a.begin(), a.end())` copies `a`.
                        Some(Init::Paren(args))
                            if args.len() == 2
                                && cuad_sema::builtins::container_element(&v.ty).is_some() =>
                        {
                            // ... a vector these are not (a parameter): `w` stays a vector.
                            let other = args.iter().any(|a| {
                                is_iterator(a, &|_| true)
                                    && !is_iterator(a, &|n| self.names.contains(n))
                            });
                            if other && self.names.contains(&v.name) {
                                self.keep(&v.name, v.span);
                            }
                            let mut group: Vec<String> =
                                args.iter().filter_map(|a| self.iterator(a, None)).collect();
                            if !group.is_empty() && self.names.contains(&v.name) {
                                group.push(v.name.clone());
                                self.link_all(&group);
                            }
                        }
                        Some(Init::Assign(e)) => self.top(e),
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                            es.iter().for_each(|e| self.top(e))
                        }
                        None => {}
                    }
                }
            }
            StmtKind::Expr(e)
            | StmtKind::Return(Some(e))
            | StmtKind::Bindings(BindingDecl { init: e, .. }) => self.top(e),
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => self.top(cond),
            StmtKind::DoWhile { cond, .. } => self.top(cond),
            StmtKind::For { cond, step, .. } => {
                cond.iter().chain(step.iter()).for_each(|e| self.top(e))
            }
            StmtKind::Switch { cond, cases } => {
                self.top(cond);
                cases
                    .iter()
                    .filter_map(|c| c.label.as_ref())
                    .for_each(|l| self.top(l));
            }
            _ => {}
        }
        s.for_each_child(&mut |c| self.stmt(c));
    }

    /// An expression of a statement: `a = b;` of two vectors is a copy (`Lowering::copy`,
    /// when both are lowered); one below the top (`x = (a = b)[0]`) keeps both.
    fn top(&mut self, e: &Expr) {
        if let ExprKind::Assign(None, l, r) = &e.kind {
            if let (Some(a), Some(b), false) = (self.vector(l), self.vector(r), self.params) {
                return self.copies.push((a, b));
            }
        }
        self.expr(e, None);
    }

    /// `call`: the span of the call `e` is an argument of.
    fn expr(&mut self, e: &Expr, call: Option<Span>) {
        match &e.kind {
            // A kept vector's construction (`h = std::vector<double>(n)`, after hoisting).
            ExprKind::Assign(None, l, r)
                if !self.assign_keeps && self.vector(l).is_some() && self.vector(r).is_none() =>
            {
                return self.expr(r, call);
            }
            ExprKind::Index(b, i) if self.vector(b).is_some() => return self.expr(i, call),
            ExprKind::Call { callee, args, .. } => return self.call(e, callee, args, call),
            ExprKind::Ident(v) if self.names.contains(v) => {
                return self.keep(v, call.unwrap_or(e.span));
            }
            _ => {}
        }
        crate::usage::for_each_child(e, &mut |x| self.expr(x, call));
    }

    fn call(&mut self, e: &Expr, callee: &Expr, args: &[Expr], call: Option<Span>) {
        let inner = Some(e.span);
        if let ExprKind::Member { base, field, .. } = &callee.kind {
            if let Some(v) = self.vector(base) {
                if !method_fits(field, args.len(), self.params) {
                    // `v.begin()` passed to a library call: that call (`v.push_back(x)`:
                    // itself).
                    self.keep(&v, call.unwrap_or(e.span));
                    args.iter().for_each(|a| self.expr(a, inner));
                    return;
                }
                // `v.assign(first, last)` copies a range into `v`.
                if field == "assign" && args.len() == 2 {
                    let mut group: Vec<String> = args
                        .iter()
                        .filter_map(|a| self.iterator(a, inner))
                        .collect();
                    group.push(v);
                    return self.link_all(&group);
                }
                return args.iter().for_each(|a| self.expr(a, inner));
            }
        }
        // A range-based `for` over the vector.
        if matches!(&callee.kind, ExprKind::Ident(n) if n == "__cuad_extent")
            && args.len() == 1
            && self.vector(&args[0]).is_some()
        {
            return;
        }
        if copy_algorithm(self.prog, callee).is_some() {
            let group: Vec<String> = args
                .iter()
                .filter_map(|a| self.iterator(a, inner))
                .collect();
            return self.link_all(&group);
        }
        if let ExprKind::Ident(name) = &callee.kind {
            if let Some(positions) = (self.helpers)(name, args.len()) {
                let group: Option<Vec<String>> =
                    positions.iter().map(|&k| self.vector(&args[k])).collect();
                if let Some(group) = group {
                    self.link_all(&group);
                    for (k, a) in args.iter().enumerate() {
                        if !positions.contains(&k) {
                            self.expr(a, inner);
                        }
                    }
                    return;
                }
            }
        }
        self.expr(callee, call);
        args.iter().for_each(|a| self.expr(a, inner));
    }

    /// An iterator argument of a copy: the vector `v` of `v.begin()`, `v.end()`,
    /// `std::begin(v)`, ... (plus or minus an offset), which a pointer into `v` stands for.
    fn iterator(&mut self, a: &Expr, call: Option<Span>) -> Option<String> {
        let a = a.strip_parens();
        match &a.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, r) => {
                self.expr(r, call);
                return self.iterator(l, call);
            }
            ExprKind::Call { callee, args, .. } => {
                if let Some(v) = iterator_of(callee, args, &|x| self.vector(x)) {
                    return Some(v);
                }
            }
            _ => {}
        }
        self.expr(a, call);
        None
    }
}

/// Whether `e` is an iterator of a vector `vector` accepts (`v.begin()`, `v.end() - 1`, ...).
pub fn is_iterator(e: &Expr, vector: &dyn Fn(&str) -> bool) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => is_iterator(l, vector),
        ExprKind::Call { callee, args, .. } => {
            iterator_of(callee, args, &|x| match &x.strip_parens().kind {
                ExprKind::Ident(v) if vector(v) => Some(v.clone()),
                _ => None,
            })
            .is_some()
        }
        _ => false,
    }
}

/// The vector `v` of the iterator call `v.begin()` / `v.end()` / `v.cbegin()` / `v.cend()` /
/// `v.data()` / `std::begin(v)` / `std::end(v)`, with whether it is the end.
fn iterator_of(
    callee: &Expr,
    args: &[Expr],
    vector: &dyn Fn(&Expr) -> Option<String>,
) -> Option<String> {
    iterator_end(callee, args, vector).map(|(v, _)| v)
}

fn iterator_end(
    callee: &Expr,
    args: &[Expr],
    vector: &dyn Fn(&Expr) -> Option<String>,
) -> Option<(String, bool)> {
    let (obj, which) = match (&callee.kind, args) {
        (ExprKind::Member { base, field, .. }, []) => (&**base, field.as_str()),
        (ExprKind::Ident(f), [x]) => {
            let f = f.trim_start_matches("::");
            (x, f.strip_prefix("std::").unwrap_or(f))
        }
        _ => return None,
    };
    let end = match which {
        "begin" | "cbegin" => false,
        "data" if matches!(callee.kind, ExprKind::Member { .. }) => false,
        "end" | "cend" => true,
        _ => return None,
    };
    vector(obj).map(|v| (v, end))
}

/// Ties `a` to `b` until neither of a linked pair is kept while the other is not.
pub(crate) fn close_links(kept: &mut Names, links: &[(String, String)]) {
    loop {
        let more: Vec<String> = links
            .iter()
            .filter(|(a, b)| kept.contains(a) != kept.contains(b))
            .flat_map(|(a, b)| [a.clone(), b.clone()])
            .collect();
        if more.is_empty() {
            return;
        }
        kept.extend(more);
    }
}

/// Vectors of the body that stay library objects: used in ways a fixed buffer cannot stand
/// for (grown, passed or copied whole, sized in a loop by values it changes). Their elements
/// carry no derivative; storing one there is an error (`activity::container_stores`). A
/// vector passed whole to a host helper that can take it as a pointer (vector_params.rs), or
/// given as `begin()`/`end()` to `std::copy`, `std::copy_n`, `assign` or a range
/// constructor, is lowered.
pub fn kept_vectors(prog: &Program, body: &[Stmt]) -> Names {
    let mut candidates = Names::new();
    let mut kept = Names::new();
    /// `loop_writes`: what the outermost enclosing loop writes (`None` outside loops).
    fn decls(
        prog: &Program,
        s: &Stmt,
        loop_writes: Option<&Names>,
        c: &mut Names,
        kept: &mut Names,
    ) {
        let in_loop = |body: &Stmt, c: &mut Names, kept: &mut Names| match loop_writes {
            Some(w) => decls(prog, body, Some(w), c, kept),
            None => {
                let mut w = Names::new();
                crate::usage::stmt_writes_one(s, &mut w);
                decls(prog, body, Some(&w), c, kept)
            }
        };
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    if real_vector_elem(prog, &v.ty).is_some() {
                        c.insert(v.name.clone());
                        if loop_writes.is_some_and(|w| !loop_invariant_size(v, w)) {
                            kept.insert(v.name.clone());
                        }
                    }
                }
            }
            StmtKind::Block(b) => b.iter().for_each(|x| decls(prog, x, loop_writes, c, kept)),
            StmtKind::If { then, els, .. } => {
                decls(prog, then, loop_writes, c, kept);
                if let Some(e) = els {
                    decls(prog, e, loop_writes, c, kept);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = init {
                    decls(prog, i, loop_writes, c, kept);
                }
                in_loop(body, c, kept);
            }
            StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => in_loop(body, c, kept),
            _ => {}
        }
    }
    for s in body {
        decls(prog, s, None, &mut candidates, &mut kept);
    }
    if candidates.is_empty() {
        return kept;
    }
    let helpers = |name: &str, n: usize| crate::vector_params::positions(prog, name, n);
    let mut scan = UseScan::new(prog, &candidates, false, &helpers);
    scan.stmts(body);
    kept.extend(scan.kept.into_iter().map(|(v, _)| v));
    // A copy or helper call between a kept vector and a lowered one keeps both.
    scan.links.extend(scan.copies);
    close_links(&mut kept, &scan.links);
    kept
}

/// Whether the vector declared by `v` in a loop is sized by its declaration (`v(n)`,
/// `v(n, x)`, `v(first, last)`) from names the outermost loop leaves alone (`loop_writes`):
/// one buffer allocated before that loop then stands for every iteration's vector, refilled
/// at the declaration.
fn loop_invariant_size(v: &VarDecl, loop_writes: &Names) -> bool {
    let Some(Init::Paren(args)) = &v.init else {
        return false;
    };
    let mut read = Names::new();
    args.iter().for_each(|a| crate::usage::reads(a, &mut read));
    matches!(args.len(), 1 | 2)
        && !args.iter().any(crate::usage::may_have_effects)
        && read.iter().all(|n| !loop_writes.contains(n))
}

/// The first use of the vector `v` in `body` that a fixed buffer cannot stand for (the call
/// it is passed to, or its own expression): where to point a diagnostic about a kept vector.
pub fn keeping_use(prog: &Program, body: &[Stmt], v: &str) -> Option<Span> {
    let names = Names::from([v.to_string()]);
    let helpers = |name: &str, n: usize| crate::vector_params::positions(prog, name, n);
    let mut scan = UseScan::new(prog, &names, false, &helpers);
    scan.assign_keeps = false;
    scan.stmts(body);
    scan.kept
        .into_iter()
        .map(|(_, at)| at)
        .find(|s| *s != Span::default())
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

/// The element count of the range `[first, last)`: `n` for `last` = `first + n`.
fn range_count(first: &Expr, last: &Expr) -> Expr {
    if let ExprKind::Binary(BinOp::Add, l, r) = &last.strip_parens().kind {
        if cuad_emit::print_expr(l.strip_parens()) == cuad_emit::print_expr(first.strip_parens()) {
            return (**r).clone();
        }
    }
    binary(BinOp::Sub, paren(last.clone()), paren(first.clone()))
}

/// What a pointer (or an array, which decays to one) points to, without `const`.
fn pointee(prog: &Program, t: &Ty) -> Option<Ty> {
    match prog.canonical(t).kind {
        TyKind::Pointer { pointee, .. } => Some(prog.canonical(&pointee).with_const(false)),
        TyKind::Array { elem, .. } => Some(prog.canonical(&elem).with_const(false)),
        _ => None,
    }
}

/// Whether copies of `t` carry derivatives: a real, or a struct of reals.
fn derivable(prog: &Program, t: &Ty) -> bool {
    let real = |t: &Ty| crate::activity::is_real(&prog.canonical(t));
    real(t) || {
        let fields = prog.fields(t);
        !fields.is_empty() && fields.iter().all(|(_, f)| real(f))
    }
}

/// Copies `n` elements from `src` to `dst` on the host: a host-to-host `cudaMemcpy` when both
/// hold one type (its pullback moves `dst`'s adjoint into `src`'s, host.rs), else element by
/// element, converting arithmetic values. `None` for other conversions.
fn host_copy(
    locals: &mut Vec<Local>,
    (dst, dst_elem): (Expr, &Ty),
    (src, src_elem): (Expr, &Ty),
    n: Expr,
    span: Span,
) -> Option<Vec<Stmt>> {
    let at = |e: Expr| Stmt::new(StmtKind::Expr(e), span);
    let same = dst_elem.clone().with_const(false) == src_elem.clone().with_const(false);
    if same {
        let bytes = binary(
            BinOp::Mul,
            paren(n),
            Expr::synth(ExprKind::SizeofType(dst_elem.clone().with_const(false))),
        );
        return Some(vec![at(call(
            "cudaMemcpy",
            vec![dst, src, bytes, ident("cudaMemcpyHostToHost")],
        ))]);
    }
    if !cuad_sema::types::is_arithmetic(dst_elem) || !cuad_sema::types::is_arithmetic(src_elem) {
        return None;
    }
    let k = "_cuad_copy_k";
    add_local(locals, k, cuad_sema::types::ulong_ty());
    let convert = Expr::synth(ExprKind::Cast {
        kind: CastKind::CStyle,
        ty: dst_elem.clone().with_const(false),
        expr: Box::new(index(paren(src), ident(k))),
    });
    Some(vec![Stmt::new(
        StmtKind::For {
            init: Some(Box::new(expr_stmt(assign(ident(k), int_lit(0))))),
            cond: Some(binary(BinOp::Lt, ident(k), paren(n))),
            step: Some(Expr::synth(ExprKind::Unary(
                UnOp::PreInc,
                Box::new(ident(k)),
            ))),
            body: Box::new(Stmt::synth(StmtKind::Block(vec![expr_stmt(assign(
                index(paren(dst), ident(k)),
                convert,
            ))]))),
        },
        span,
    )])
}

/// `std::copy(first, last, out);` / `std::copy_n(first, n, out);` statements of a host
/// function between pointers (a lowered vector's `begin()`/`end()` are pointers by now) of
/// reals or structs of reals: host-to-host copies (`host_copy`), whose pullback moves the
/// adjoint back as a `cudaMemcpy`'s does; so are `memcpy(dst, src, bytes);` statements
/// (`memcpy_stmt`). Other copies stay library calls.
pub fn lower_copies(
    prog: &Program,
    types: &HashMap<String, Ty>,
    locals: &mut Vec<Local>,
    body: &mut [Stmt],
) {
    fn visit(prog: &Program, types: &HashMap<String, Ty>, locals: &mut Vec<Local>, s: &mut Stmt) {
        if let Some(out) = copy_stmt(prog, types, locals, s) {
            s.kind = StmtKind::Block(out);
            return;
        }
        if let Some(copy) = memcpy_stmt(prog, types, s) {
            s.kind = copy;
            return;
        }
        s.for_each_child_mut(&mut |c| visit(prog, types, locals, c));
    }
    body.iter_mut().for_each(|s| visit(prog, types, locals, s));
}

/// `memcpy(dst, src, bytes);` (`std::memcpy`, `::memcpy`) of values (`memcpy_values`): the
/// host-to-host `cudaMemcpy` it is, so the copy's pullback (host.rs) and pushforward carry the
/// derivatives value by value.
fn memcpy_stmt(prog: &Program, types: &HashMap<String, Ty>, s: &Stmt) -> Option<StmtKind> {
    let StmtKind::Expr(Expr {
        kind: ExprKind::Call { callee, args, .. },
        ..
    }) = &s.kind
    else {
        return None;
    };
    if byte_copy(prog, callee) != Some("memcpy")
        || args.iter().any(crate::usage::may_have_effects)
        || !matches!(memcpy_values(prog, types, s.span, args), ByteCopy::Values)
    {
        return None;
    }
    // `memcpy((void*)dst, (const void*)src, n)`: the pointers' own types tell the values.
    let ends = args[..2].iter().map(|a| without_void_cast(prog, a).clone());
    let mut copy_args: Vec<Expr> = ends.collect();
    copy_args.extend([args[2].clone(), ident("cudaMemcpyHostToHost")]);
    let copy = call("cudaMemcpy", copy_args);
    Some(StmtKind::Expr(Expr {
        span: s.span,
        ..copy
    }))
}

/// `memcpy` / `memmove` (`std::`, `::` too, unless the file defines its own): its base name.
pub(crate) fn byte_copy(prog: &Program, callee: &Expr) -> Option<&'static str> {
    let ExprKind::Ident(name) = &callee.kind else {
        return None;
    };
    let name = name.trim_start_matches("::");
    let bare = name.strip_prefix("std::").unwrap_or(name);
    let own = bare == name && prog.functions(name).iter().any(|f| f.body.is_some());
    match bare {
        _ if own => None,
        "memcpy" => Some("memcpy"),
        "memmove" => Some("memmove"),
        _ => None,
    }
}

/// What a byte copy `memcpy(dst, src, bytes)` does to values with derivatives.
pub(crate) enum ByteCopy {
    /// Copies whole values between buffers of one real type (reals, structs of them, integer
    /// fields beside: `host::uniform_real`).
    Values,
    /// Copies what cuad cannot follow as values (an end of bytes or integers, an unknown type).
    Bytes,
    /// Cannot carry derivatives: the ends hold different real types (a float's bits read as
    /// part of a double), or the count may split a value. Where, and why.
    Wrong(Span, String),
}

/// Judges a `memcpy` / `memmove` (`byte_copy`) call at `span` as a copy of values.
pub(crate) fn memcpy_values(
    prog: &Program,
    types: &HashMap<String, Ty>,
    span: Span,
    args: &[Expr],
) -> ByteCopy {
    let [dst, src, bytes] = args else {
        return ByteCopy::Bytes;
    };
    let scope = crate::reverse::TypeScope(types);
    let real = |e: &Expr| {
        let elem = prog
            .type_of(without_void_cast(prog, e), &scope)
            .and_then(|t| pointee(prog, &t))?;
        Some((crate::host::uniform_real(prog, &elem)?, elem))
    };
    let (Some((dst_real, dst_elem)), Some((src_real, src_elem))) = (real(dst), real(src)) else {
        return ByteCopy::Bytes;
    };
    let show = cuad_emit::print_ty;
    if dst_real.kind != src_real.kind {
        return ByteCopy::Wrong(
            span,
            format!("cuad cannot differentiate this copy of `{}` values into `{}` values: it copies their bits, which carry no derivative over; copy the values by assignment or `std::copy` (which converts them)", show(&src_elem), show(&dst_elem)),
        );
    }
    let Some(unit) = cuad_sema::types::scalar_size(&dst_real) else {
        return ByteCopy::Bytes;
    };
    let size = |e: &Expr| match &e.kind {
        ExprKind::SizeofType(t) => byte_size(prog, t),
        ExprKind::SizeofExpr(x) => byte_size(prog, &prog.type_of(x, &scope)?),
        _ => None,
    };
    if !whole_values(bytes, unit, &size) {
        return ByteCopy::Wrong(
            bytes.span,
            format!("cuad cannot differentiate this copy: `{}` bytes need not be a whole number of `{}` values, whose derivatives are copied value by value; count them as `n * sizeof({})`", cuad_emit::print_expr(bytes), show(&dst_real), show(&dst_real)),
        );
    }
    ByteCopy::Values
}

/// `e` without casts to `void*` / `const void*`.
fn without_void_cast<'e>(prog: &Program, e: &'e Expr) -> &'e Expr {
    match &e.strip_parens().kind {
        ExprKind::Cast { ty, expr, .. }
            if matches!(&prog.canonical(ty).kind, TyKind::Pointer { pointee, .. }
                if matches!(pointee.kind, TyKind::Void)) =>
        {
            without_void_cast(prog, expr)
        }
        _ => e,
    }
}

/// `sizeof` of an arithmetic type, an array of known length of such, or a struct whose fields
/// are arithmetic values of one size (no padding between them).
fn byte_size(prog: &Program, t: &Ty) -> Option<i64> {
    let t = prog.canonical(t);
    if let Some(n) = cuad_sema::types::scalar_size(&t) {
        return Some(n);
    }
    if let TyKind::Array {
        elem,
        len: Some(len),
    } = &t.kind
    {
        let len = cuad_sema::fold_constant(len, &|_| None)?;
        return len.checked_mul(byte_size(prog, elem)?);
    }
    let sizes: Vec<i64> = prog
        .fields(&t)
        .iter()
        .map(|(_, f)| cuad_sema::types::scalar_size(&prog.canonical(f)))
        .collect::<Option<_>>()?;
    let first = *sizes.first()?;
    sizes
        .iter()
        .all(|s| *s == first)
        .then(|| first * sizes.len() as i64)
}

/// Whether a count of `bytes` may be a whole number of `unit`-byte values: a constant must be
/// a multiple of `unit`, and so must the constant factors of a product with a `sizeof` factor
/// (`n * sizeof(float)` of doubles splits one for odd `n`). Other counts (a variable) are
/// taken as written, as a `cudaMemcpy`'s are.
fn whole_values(bytes: &Expr, unit: i64, size: &dyn Fn(&Expr) -> Option<i64>) -> bool {
    if let Some(v) = cuad_sema::fold_constant(bytes, size) {
        return v % unit == 0;
    }
    fn factors<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match &e.strip_parens().kind {
            ExprKind::Binary(BinOp::Mul, l, r) => {
                factors(l, out);
                factors(r, out);
            }
            _ => out.push(e.strip_parens()),
        }
    }
    let mut all = Vec::new();
    factors(bytes, &mut all);
    let sizeofs: Vec<&&Expr> = all
        .iter()
        .filter(|f| matches!(f.kind, ExprKind::SizeofType(_) | ExprKind::SizeofExpr(_)))
        .collect();
    if sizeofs.is_empty() || sizeofs.iter().any(|f| size(f).is_none()) {
        return true;
    }
    let constant: i64 = all
        .iter()
        .filter_map(|f| cuad_sema::fold_constant(f, size))
        .product();
    constant % unit == 0
}

fn copy_stmt(
    prog: &Program,
    types: &HashMap<String, Ty>,
    locals: &mut Vec<Local>,
    s: &Stmt,
) -> Option<Vec<Stmt>> {
    let StmtKind::Expr(Expr {
        kind: ExprKind::Call { callee, args, .. },
        ..
    }) = &s.kind
    else {
        return None;
    };
    let which = copy_algorithm(prog, callee)?;
    let [first, second, out] = args.as_slice() else {
        return None;
    };
    if args.iter().any(crate::usage::may_have_effects) {
        return None;
    }
    let scope = crate::reverse::TypeScope(types);
    let elem = |e: &Expr| prog.type_of(e, &scope).and_then(|t| pointee(prog, &t));
    let (src_elem, dst_elem) = (elem(first)?, elem(out)?);
    if !derivable(prog, &src_elem) && !derivable(prog, &dst_elem) {
        return None;
    }
    let n = match which {
        "copy" => range_count(first, second),
        _ => second.clone(),
    };
    host_copy(
        locals,
        (out.clone(), &dst_elem),
        (first.clone(), &src_elem),
        n,
        s.span,
    )
}

fn error(span: Span, v: &str, what: &str) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("cuad differentiates the std::vector `{v}` as a fixed host buffer ({what}); use `{v}[i]`, `{v}.data()`, `{v}.size()`, and size it once: at its declaration outside loops, or by one `resize`/`assign` of an empty vector"),
    )
}

/// Rewrites the uses of the lowered vectors and adds their `free`s.
/// `types`: the function's parameters and locals (to tell a range `assign` by its pointers).
#[allow(clippy::too_many_arguments)]
pub fn lower_uses(
    prog: &Program,
    types: &HashMap<String, Ty>,
    body: &mut Vec<Stmt>,
    ret: &Ty,
    vectors: &mut HashMap<String, Vector>,
    locals: &mut Vec<Local>,
    errors: &mut Vec<Diagnostic>,
) {
    if vectors.is_empty() {
        return;
    }
    let helpers = |name: &str, n: usize| crate::vector_params::positions(prog, name, n);
    let mut l = Lowering {
        prog,
        types,
        helpers: &helpers,
        vectors,
        locals,
        errors,
        loops: 0,
        before_loop: vec![],
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

/// The uses of `vectors` in a helper's body, where they are parameters taken as pointers
/// with their sizes (vector_params.rs): `v.size()` -> `_cuad_size_v`, `v.data()` -> `v`, ...,
/// and calls of helpers given them, which take pointers too.
pub(crate) fn lower_param_uses(
    prog: &Program,
    helpers: HelperPositions,
    vectors: &mut HashMap<String, Vector>,
    body: &mut [Stmt],
) {
    let types = HashMap::new();
    let mut l = Lowering {
        prog,
        types: &types,
        helpers,
        vectors,
        locals: &mut vec![],
        errors: &mut vec![],
        loops: 0,
        before_loop: vec![],
    };
    fn visit(l: &mut Lowering, s: &mut Stmt) {
        let mut each = |e: &mut Expr| {
            let x = std::mem::replace(e, Expr::synth(ExprKind::Nullptr));
            *e = l.expr(x);
        };
        match &mut s.kind {
            StmtKind::Expr(e)
            | StmtKind::Return(Some(e))
            | StmtKind::Bindings(BindingDecl { init: e, .. }) => each(e),
            StmtKind::Decl(d) => d.vars.iter_mut().for_each(|v| match &mut v.init {
                Some(Init::Assign(e)) => each(e),
                Some(Init::Brace(es)) | Some(Init::Paren(es)) => es.iter_mut().for_each(&mut each),
                None => {}
            }),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. } => each(cond),
            StmtKind::For { cond, step, .. } => {
                cond.iter_mut().chain(step.iter_mut()).for_each(each)
            }
            StmtKind::Switch { cond, cases } => {
                each(cond);
                cases
                    .iter_mut()
                    .filter_map(|c| c.label.as_mut())
                    .for_each(each);
            }
            _ => {}
        }
        s.for_each_child_mut(&mut |c| visit(l, c));
    }
    body.iter_mut().for_each(|s| visit(&mut l, s));
}

struct Lowering<'v, 'p, 'a> {
    prog: &'p Program<'a>,
    types: &'v HashMap<String, Ty>,
    helpers: HelperPositions<'v>,
    vectors: &'v mut HashMap<String, Vector>,
    locals: &'v mut Vec<Local>,
    errors: &'v mut Vec<Diagnostic>,
    loops: usize,
    /// Sizings of vectors declared in loops, run before the outermost one.
    before_loop: Vec<Stmt>,
}

impl Lowering<'_, '_, '_> {
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
                // The sizing of a declaration in a loop (`kept_vectors` let only sizes the
                // loop leaves alone through) runs once, before the outermost loop: one buffer
                // for every iteration, which the declaration's fill then resets.
                if self.loops > 0 {
                    if let ExprKind::Assign(None, l, r) = &e.kind {
                        let sizing = match &l.kind {
                            ExprKind::Ident(v) if is_calloc(r) => self.vectors.contains_key(v),
                            ExprKind::Ident(n) => self.vectors.keys().any(|v| *n == size_name(v)),
                            _ => false,
                        };
                        if sizing {
                            let e = self.expr(e);
                            self.before_loop.push(Stmt::new(StmtKind::Expr(e), span));
                            return vec![];
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
            // Declarations the hoister keeps in place (`static`).
            StmtKind::Decl(mut d) => {
                for v in &mut d.vars {
                    v.init = v.init.take().map(|i| match i {
                        Init::Assign(e) => Init::Assign(self.expr(e)),
                        Init::Brace(es) => {
                            Init::Brace(es.into_iter().map(|e| self.expr(e)).collect())
                        }
                        Init::Paren(es) => {
                            Init::Paren(es.into_iter().map(|e| self.expr(e)).collect())
                        }
                    });
                }
                StmtKind::Decl(d)
            }
            other => other,
        };
        // Outside loops: the sizings moved out of the loops in this statement come first.
        let mut out = match self.loops {
            0 => std::mem::take(&mut self.before_loop),
            _ => vec![],
        };
        out.push(Stmt::new(kind, span));
        out
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
        if !self.vectors.contains_key(v) {
            return None;
        }
        if let ("assign", [first, last]) = (field.as_str(), args.as_slice()) {
            let first = self.expr(first.clone());
            if self.is_pointer(&first) {
                let last = self.expr(last.clone());
                return Some(self.range_assign(v, first, last, e.span, span));
            }
        }
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

    /// Whether `e` (lowered) is a pointer: `first` of `v.assign(first, last)`.
    fn is_pointer(&self, e: &Expr) -> bool {
        self.prog
            .type_of(e, &crate::reverse::TypeScope(self.types))
            .is_some_and(|t| matches!(self.prog.canonical(&t).kind, TyKind::Pointer { .. }))
    }

    /// `v.assign(first, last)` with pointers (lowered iterators): an empty vector is sized
    /// `last - first` (outside loops); a sized one must have that size already (the program
    /// stops otherwise: resizing would move `v`, and its adjoint with it). The elements are
    /// then copied host to host (`copy`).
    fn range_assign(
        &mut self,
        v: &str,
        first: Expr,
        last: Expr,
        at: Span,
        span: Span,
    ) -> Vec<Stmt> {
        let info = &self.vectors[v];
        let (elem, sized) = (info.elem.clone(), info.sized);
        let n = range_count(&first, &last);
        let mut out = if sized {
            let differ = binary(
                BinOp::Ne,
                ident(&size_name(v)),
                Expr::synth(ExprKind::Cast {
                    kind: CastKind::CStyle,
                    ty: cuad_sema::types::ulong_ty(),
                    expr: Box::new(paren(n.clone())),
                }),
            );
            let stop = vec![
                comment(&format!(
                    "std::vector `{v}.assign(first, last)` of another size: not supported"
                )),
                Stmt::new(StmtKind::Expr(call("abort", vec![])), span),
            ];
            vec![if_stmt(differ, stop, None)]
        } else if self.loops > 0 {
            self.errors.push(error(at, v, "it is sized inside a loop"));
            return vec![];
        } else {
            self.vectors.get_mut(v).unwrap().sized = true;
            sizing(self.locals, v, &elem, n.clone(), None, span)
        };
        let src_elem = self
            .prog
            .type_of(&first, &crate::reverse::TypeScope(self.types))
            .and_then(|t| pointee(self.prog, &t));
        match src_elem.and_then(|s| host_copy(self.locals, (ident(v), &elem), (first, &s), n, span))
        {
            Some(copy) => out.extend(copy),
            None => self.errors.push(error(
                at,
                v,
                "`assign` copies from a range whose elements it cannot convert",
            )),
        }
        out
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
                // `std::begin(v)` / `std::end(v)`.
                let vector = |x: &Expr| match &x.strip_parens().kind {
                    ExprKind::Ident(v) if self.vectors.contains_key(v) => Some(v.clone()),
                    _ => None,
                };
                if matches!(callee.kind, ExprKind::Ident(_)) {
                    if let Some((v, end)) = iterator_end(&callee, &args, &vector) {
                        return Expr::new(self.iterator(&v, end).kind, span);
                    }
                }
                // A helper that takes the vectors as pointers and sizes (vector_params.rs).
                if let ExprKind::Ident(name) = &callee.kind {
                    if let Some(positions) = (self.helpers)(name, args.len()) {
                        let given: Vec<Option<String>> = args
                            .iter()
                            .enumerate()
                            .map(|(k, a)| vector(a).filter(|_| positions.contains(&k)))
                            .collect();
                        let all = positions.iter().all(|&k| given[k].is_some());
                        if all && !positions.is_empty() {
                            let mut out = Vec::new();
                            for (a, given) in args.into_iter().zip(given) {
                                match given {
                                    Some(v) => {
                                        out.push(Expr::new(ExprKind::Ident(v.clone()), a.span));
                                        out.push(ident(&size_name(&v)));
                                    }
                                    None => out.push(self.expr(a)),
                                }
                            }
                            return Expr::new(
                                ExprKind::Call {
                                    callee: Box::new(Expr::new(
                                        ExprKind::Ident(crate::vector_params::pointer_name(name)),
                                        callee.span,
                                    )),
                                    template_args,
                                    args: out,
                                },
                                span,
                            );
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

    /// `v.begin()` -> `v`, `v.end()` -> `(v + _cuad_size_v)`.
    fn iterator(&self, v: &str, end: bool) -> Expr {
        if end {
            paren(binary(BinOp::Add, ident(v), ident(&size_name(v))))
        } else {
            ident(v)
        }
    }

    fn method(&mut self, v: &str, field: &str, args: Vec<Expr>, span: Span) -> Expr {
        let size = ident(&size_name(v));
        let mut args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
        let at = |e: Expr| Expr::new(e.kind, span);
        match (field, args.len()) {
            ("data" | "begin" | "cbegin", 0) => at(ident(v)),
            ("end" | "cend", 0) => at(self.iterator(v, true)),
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
