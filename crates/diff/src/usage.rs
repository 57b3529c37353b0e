//! Read and write sets of expressions and statements, by variable name.
//!
//! Memory is tracked by its root variable (`a` for `a[i].x`), which is what the tape and
//! condition-recomputation decisions need.

use cuad_syntax::ast::*;
use std::collections::BTreeSet;

pub type Names = BTreeSet<String>;

/// The variable an lvalue ultimately names or points through: `a[i].f` -> `a`, `*p` -> `p`.
pub fn lvalue_root(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Paren(x) => lvalue_root(x),
        ExprKind::Index(b, _) => lvalue_root(b),
        ExprKind::Member { base, .. } => lvalue_root(base),
        ExprKind::Unary(UnOp::Deref, p) => lvalue_root(p),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => lvalue_root(l),
        ExprKind::Cast { expr, .. } => lvalue_root(expr),
        _ => None,
    }
}

/// The variable whose memory an address computed without loading points into: `q` in `q`,
/// `q + k`, `(T*)q`, `&q[k]`.
pub fn address_root(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n),
        ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => address_root(x),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => address_root(l),
        ExprKind::Unary(UnOp::AddrOf, x) => lvalue_root(x),
        _ => None,
    }
}

/// Is the lvalue a plain variable (not memory reached through a pointer or array)?
pub fn is_plain_var(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(_) => true,
        ExprKind::Paren(x) => is_plain_var(x),
        ExprKind::Member {
            base, arrow: false, ..
        } => is_plain_var(base),
        _ => false,
    }
}

/// Every identifier read by `e` (including those in index expressions of lvalues).
pub fn reads(e: &Expr, out: &mut Names) {
    match &e.kind {
        ExprKind::Ident(n) => {
            out.insert(n.clone());
        }
        ExprKind::Assign(op, l, r) => {
            if op.is_some() {
                reads(l, out);
            } else {
                lvalue_index_reads(l, out);
            }
            reads(r, out);
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => reads(x, out),
        ExprKind::Cast { expr, .. } => reads(expr, out),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) => {
            reads(l, out);
            reads(r, out);
        }
        ExprKind::Cond(c, a, b) => {
            reads(c, out);
            reads(a, out);
            reads(b, out);
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| reads(a, out)),
        ExprKind::Launch { config, args, .. } => {
            config.iter().chain(args).for_each(|a| reads(a, out));
        }
        ExprKind::Member { base, .. } => reads(base, out),
        ExprKind::InitList(items) => items.iter().for_each(|a| reads(a, out)),
        _ => {}
    }
}

/// The names `e` reads apart from its root pointer (`off` in `buf + off`), and that root: for
/// a pointer argument whose pointer value, not its buffer, is what matters.
pub fn reads_but_root(e: &Expr) -> (Names, Option<String>) {
    let mut names = Names::new();
    reads(e, &mut names);
    let root = lvalue_root(e).map(str::to_string);
    if let Some(r) = &root {
        names.remove(r);
    }
    (names, root)
}

/// Names read to locate an lvalue without reading its value (`i` in `a[i] = ...`, `p` in `*p`).
/// Like `reads`, but a store `a[i] = v` / `*p = v` does not count as reading the memory it
/// writes: the names whose pointed-to contents (or values) `e` may read. Used to find stores
/// that nothing reads back.
pub fn content_reads(e: &Expr, out: &mut Names) {
    let ExprKind::Assign(None, l, r) = &e.kind else {
        return reads(e, out);
    };
    let mut names = Names::new();
    lvalue_index_reads(l, &mut names);
    if let (Some(root), false) = (lvalue_root(l), is_plain_var(l)) {
        if !index_mentions(l, root) {
            names.remove(root);
        }
    }
    reads(r, &mut names);
    out.extend(names);
}

/// Does an index (or dereferenced address) inside lvalue `l` mention `root` again?
pub fn index_mentions(l: &Expr, root: &str) -> bool {
    match &l.kind {
        ExprKind::Index(b, i) => {
            let mut r = Names::new();
            reads(i, &mut r);
            r.contains(root) || index_mentions(b, root)
        }
        ExprKind::Member { base, .. } | ExprKind::Paren(base) => index_mentions(base, root),
        _ => false,
    }
}

pub fn lvalue_index_reads(e: &Expr, out: &mut Names) {
    match &e.kind {
        ExprKind::Ident(_) => {}
        ExprKind::Paren(x) => lvalue_index_reads(x, out),
        ExprKind::Index(b, i) => {
            reads(b, out);
            reads(i, out);
        }
        ExprKind::Member { base, arrow, .. } => {
            if *arrow {
                reads(base, out)
            } else {
                lvalue_index_reads(base, out)
            }
        }
        _ => reads(e, out),
    }
}

/// Roots of every lvalue written by `e`: assignments, `++`/`--`, and non-const reference or
/// pointer arguments of user calls are reported by the caller through `call_writes`.
pub fn writes(e: &Expr, out: &mut Names) {
    match &e.kind {
        ExprKind::Assign(_, l, r) => {
            if let Some(root) = lvalue_root(l) {
                out.insert(root.to_string());
            }
            writes(l, out);
            writes(r, out);
        }
        ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x) => {
            if let Some(root) = lvalue_root(x) {
                out.insert(root.to_string());
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => writes(x, out),
        ExprKind::Cast { expr, .. } => writes(expr, out),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) => {
            writes(l, out);
            writes(r, out);
        }
        ExprKind::Cond(c, a, b) => {
            writes(c, out);
            writes(a, out);
            writes(b, out);
        }
        ExprKind::Call { args, .. } => {
            for a in args {
                writes(a, out);
                // `&x` or a bare array/pointer passed to a call may be written by the callee.
                if let ExprKind::Unary(UnOp::AddrOf, x) = &a.strip_parens().kind {
                    if let Some(root) = lvalue_root(x) {
                        out.insert(root.to_string());
                    }
                }
            }
        }
        ExprKind::Member { base, .. } => writes(base, out),
        _ => {}
    }
}

/// Names written anywhere in a statement list (declarations count as writes).
pub fn stmt_writes(stmts: &[Stmt], out: &mut Names) {
    for s in stmts {
        stmt_writes_one(s, out);
    }
}

fn is_mutable_ref(ty: &Ty) -> bool {
    matches!(&ty.kind, TyKind::LRef(t) if !t.is_const) || matches!(ty.kind, TyKind::RRef(_))
}

pub fn stmt_writes_one(s: &Stmt, out: &mut Names) {
    match &s.kind {
        StmtKind::Expr(e) => writes(e, out),
        // A non-const local reference (`float& x = p.x;`, `auto& [x, y] = p;`, only in bodies
        // not yet normalized) may write what it is bound to: its root counts as written.
        StmtKind::Decl(d) => {
            for v in &d.vars {
                out.insert(v.name.clone());
                if let Some(Init::Assign(e)) = &v.init {
                    writes(e, out);
                    if is_mutable_ref(&v.ty) {
                        out.extend(lvalue_root(e).map(str::to_string));
                    }
                }
            }
        }
        StmtKind::Bindings(b) => {
            out.extend(b.names.iter().cloned());
            writes(&b.init, out);
            if is_mutable_ref(&b.ty) {
                out.extend(lvalue_root(&b.init).map(str::to_string));
            }
        }
        StmtKind::Block(b) => stmt_writes(b, out),
        StmtKind::If { cond, then, els } => {
            writes(cond, out);
            stmt_writes_one(then, out);
            if let Some(e) = els {
                stmt_writes_one(e, out);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                stmt_writes_one(i, out);
            }
            if let Some(c) = cond {
                writes(c, out);
            }
            if let Some(st) = step {
                writes(st, out);
            }
            stmt_writes_one(body, out);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            writes(cond, out);
            stmt_writes_one(body, out);
        }
        StmtKind::Switch { cond, cases } => {
            writes(cond, out);
            for c in cases {
                stmt_writes(&c.body, out);
            }
        }
        StmtKind::Return(Some(e)) => writes(e, out),
        _ => {}
    }
}

/// Does the statement (recursively) contain a `return`?
pub fn contains_return(s: &Stmt) -> bool {
    any_stmt(s, &|s| matches!(s.kind, StmtKind::Return(_)))
}

/// Does any statement in `s` (recursively, including `s`) satisfy `pred`?
pub fn any_stmt(s: &Stmt, pred: &dyn Fn(&Stmt) -> bool) -> bool {
    if pred(s) {
        return true;
    }
    match &s.kind {
        StmtKind::Block(b) => b.iter().any(|x| any_stmt(x, pred)),
        StmtKind::If { then, els, .. } => {
            any_stmt(then, pred) || els.as_ref().is_some_and(|e| any_stmt(e, pred))
        }
        StmtKind::For { init, body, .. } => {
            init.as_ref().is_some_and(|i| any_stmt(i, pred)) || any_stmt(body, pred)
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => any_stmt(body, pred),
        StmtKind::Switch { cases, .. } => cases
            .iter()
            .any(|c| c.body.iter().any(|x| any_stmt(x, pred))),
        _ => false,
    }
}

/// Does any expression (or subexpression) of `body` satisfy `pred`?
pub fn any_expr_in(body: &[Stmt], pred: &dyn Fn(&Expr) -> bool) -> bool {
    let mut found = false;
    for s in body {
        visit_stmt_exprs(s, &mut |e| walk_expr(e, &mut |x| found |= pred(x)));
    }
    found
}

pub fn any_expr(e: &Expr, pred: &dyn Fn(&Expr) -> bool) -> bool {
    if pred(e) {
        return true;
    }
    match &e.kind {
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => any_expr(x, pred),
        ExprKind::Cast { expr, .. } => any_expr(expr, pred),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            any_expr(l, pred) || any_expr(r, pred)
        }
        ExprKind::Cond(c, a, b) => any_expr(c, pred) || any_expr(a, pred) || any_expr(b, pred),
        ExprKind::Call { callee, args, .. } => {
            any_expr(callee, pred) || args.iter().any(|a| any_expr(a, pred))
        }
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => any_expr(kernel, pred) || config.iter().chain(args).any(|a| any_expr(a, pred)),
        ExprKind::Member { base, .. } => any_expr(base, pred),
        ExprKind::InitList(items) => items.iter().any(|a| any_expr(a, pred)),
        _ => false,
    }
}

/// Calls `f` on every top-level expression of every statement in the tree.
pub fn visit_stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Expr(e)
        | StmtKind::Return(Some(e))
        | StmtKind::Bindings(BindingDecl { init: e, .. }) => f(e),
        StmtKind::Decl(d) => {
            for v in &d.vars {
                match &v.init {
                    Some(Init::Assign(e)) => f(e),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => es.iter().for_each(&mut *f),
                    None => {}
                }
            }
        }
        StmtKind::Block(b) => b.iter().for_each(|x| visit_stmt_exprs(x, f)),
        StmtKind::If { cond, then, els } => {
            f(cond);
            visit_stmt_exprs(then, f);
            if let Some(e) = els {
                visit_stmt_exprs(e, f);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                visit_stmt_exprs(i, f);
            }
            if let Some(c) = cond {
                f(c);
            }
            if let Some(st) = step {
                f(st);
            }
            visit_stmt_exprs(body, f);
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            f(cond);
            visit_stmt_exprs(body, f);
        }
        StmtKind::Switch { cond, cases } => {
            f(cond);
            for c in cases {
                if let Some(l) = &c.label {
                    f(l);
                }
                c.body.iter().for_each(|x| visit_stmt_exprs(x, f));
            }
        }
        _ => {}
    }
}

/// Calls `f` on `e` and every subexpression.
pub fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    for_each_child(e, &mut |x| walk_expr(x, f));
}

/// The direct subexpressions of `e`.
pub fn for_each_child(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    match &e.kind {
        ExprKind::Unary(_, x)
        | ExprKind::Paren(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::PackExpansion(x) => f(x),
        ExprKind::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs.iter()).for_each(|x| f(x)),
        ExprKind::Cast { expr, .. } => f(expr),
        ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) | ExprKind::Assign(_, l, r) => {
            f(l);
            f(r);
        }
        ExprKind::Cond(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
        ExprKind::Call { callee, args, .. } => {
            f(callee);
            args.iter().for_each(&mut *f);
        }
        ExprKind::Launch {
            kernel,
            config,
            args,
            ..
        } => {
            f(kernel);
            config.iter().chain(args).for_each(&mut *f);
        }
        ExprKind::Member { base, .. } => f(base),
        ExprKind::InitList(items) => items.iter().for_each(&mut *f),
        _ => {}
    }
}

/// Names used only as the array of plain stores (`out[i] = ...`): their memory is written
/// but never read.
pub fn write_only_names(stmts: &[Stmt]) -> Names {
    let mut all: std::collections::BTreeMap<String, usize> = Default::default();
    let mut stores: std::collections::BTreeMap<String, usize> = Default::default();
    for s in stmts {
        visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Ident(n) => *all.entry(n.clone()).or_default() += 1,
                ExprKind::Assign(None, l, _) => {
                    if let ExprKind::Index(b, _) = &l.kind {
                        if let ExprKind::Ident(n) = &b.kind {
                            *stores.entry(n.clone()).or_default() += 1;
                        }
                    }
                }
                _ => {}
            })
        });
    }
    stores
        .into_iter()
        .filter(|(n, k)| all.get(n) == Some(k))
        .map(|(n, _)| n)
        .collect()
}

/// Can evaluating `e` change anything (a call, an assignment, `++`/`--`)? Pure expressions can
/// be evaluated again, or once instead of twice.
pub fn may_have_effects(e: &Expr) -> bool {
    has_effects_beyond(e, &|_| false)
}

/// `may_have_effects`, where calls of the callees `pure` accepts change nothing either.
pub fn has_effects_beyond(e: &Expr, pure: &dyn Fn(&Expr) -> bool) -> bool {
    any_expr(e, &|x| {
        // The trip count of a range-based `for` (a constant once normalized).
        if let ExprKind::Call { callee, args, .. } = &x.kind {
            // A container's observers (`i < h.size()`) change nothing.
            let observer = args.is_empty()
                && matches!(&callee.kind, ExprKind::Member { field, .. }
                    if matches!(field.as_str(), "size" | "empty" | "length"));
            return !observer
                && !matches!(&callee.kind, ExprKind::Ident(n) if n == "__cuad_extent")
                && !pure(callee);
        }
        matches!(
            x.kind,
            ExprKind::Assign(..)
                | ExprKind::Unary(
                    UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                    _
                )
        )
    })
}

/// Every identifier the statements mention (variables, functions, globals).
pub fn mentioned_names(stmts: &[Stmt]) -> Names {
    let mut out = Names::new();
    for s in stmts {
        visit_stmt_exprs(s, &mut |e| {
            walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    out.insert(n.clone());
                }
            })
        });
    }
    out
}

/// Variables reassigned by `e` (not memory written through them): `x = ...`, `x++`, `&x`
/// passed to a call. `a[i] = ...` does not reassign `a`.
pub fn var_writes(e: &Expr, out: &mut Names) {
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::Assign(_, l, _)
        | ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, l)
        | ExprKind::Unary(UnOp::AddrOf, l)
            if is_plain_var(l) =>
        {
            if let Some(r) = lvalue_root(l) {
                out.insert(r.to_string());
            }
        }
        _ => {}
    });
}

/// Runs `f` on every statement list directly inside `s` (a block's, a branch's, a loop body's).
pub fn for_each_body(s: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    match &mut s.kind {
        StmtKind::Block(b) => f(b),
        StmtKind::If { then, els, .. } => {
            as_list(then, f);
            if let Some(e) = els {
                as_list(e, f);
            }
        }
        StmtKind::For { body, .. }
        | StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. } => as_list(body, f),
        StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| f(&mut c.body)),
        _ => {}
    }
}

/// `f` on a nested statement seen as a list (a single statement becomes a block).
pub fn as_list(s: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    if let StmtKind::Block(b) = &mut s.kind {
        return f(b);
    }
    let mut list = vec![std::mem::replace(s, Stmt::synth(StmtKind::Empty))];
    f(&mut list);
    *s = Stmt::synth(StmtKind::Block(list));
}

/// Removes assignments to local variables whose values nothing reads, to a fixed point:
/// `x = e`, `x op= e`, `++x` and declarations, with `e` free of effects, where nothing else
/// uses `x`.
pub fn drop_dead_locals(body: &mut Vec<Stmt>) {
    loop {
        let mut declared = Names::new();
        let mut used = Names::new();
        for s in body.iter() {
            declared_locals(s, &mut declared);
            visit_stmt_exprs(s, &mut |e| uses(e, &mut used));
        }
        let dead: Names = declared.difference(&used).cloned().collect();
        if !drop_assignments(body, &dead) {
            return;
        }
    }
}

/// Names declared (not as references) anywhere in `s`.
fn declared_locals(s: &Stmt, out: &mut Names) {
    if let StmtKind::Decl(d) = &s.kind {
        for v in &d.vars {
            if !matches!(v.ty.kind, TyKind::LRef(_) | TyKind::RRef(_)) {
                out.insert(v.name.clone());
            }
        }
    }
    if let StmtKind::Bindings(b) = &s.kind {
        if !matches!(b.ty.kind, TyKind::LRef(_) | TyKind::RRef(_)) {
            out.extend(b.names.iter().cloned());
        }
    }
    let mut inner = |b: &Stmt| declared_locals(b, out);
    match &s.kind {
        StmtKind::Block(b) => b.iter().for_each(inner),
        StmtKind::If { then, els, .. } => {
            inner(then);
            els.iter().for_each(|e| inner(e));
        }
        StmtKind::For { init, body, .. } => {
            init.iter().for_each(|i| inner(i));
            inner(body);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => inner(body),
        StmtKind::Switch { cases, .. } => cases.iter().flat_map(|c| &c.body).for_each(inner),
        _ => {}
    }
}

/// Names whose values `e` uses: everything it mentions except a plain variable it only
/// assigns or increments.
fn uses(e: &Expr, out: &mut Names) {
    match &e.kind {
        ExprKind::Assign(_, l, r) if is_plain_var(l) => uses(r, out),
        ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x)
            if is_plain_var(x) => {}
        _ => {
            let mut direct = Names::new();
            reads(e, &mut direct);
            walk_expr(e, &mut |x| {
                if let ExprKind::Ident(n) = &x.kind {
                    direct.insert(n.clone());
                }
            });
            out.extend(direct);
        }
    }
}

/// The dead statement `s` is: an assignment or increment of a `dead` variable, or a
/// declaration of `dead` variables only, with nothing else to do.
fn is_dead_assignment(s: &Stmt, dead: &Names) -> bool {
    let is_dead = |l: &Expr| is_plain_var(l) && lvalue_root(l).is_some_and(|r| dead.contains(r));
    match &s.kind {
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::Assign(_, l, r) => is_dead(l) && !may_have_effects(r),
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x) => {
                is_dead(x)
            }
            _ => false,
        },
        StmtKind::Decl(d) => d.vars.iter().all(|v| {
            dead.contains(&v.name)
                && match &v.init {
                    None => true,
                    Some(Init::Assign(e)) => !may_have_effects(e),
                    Some(Init::Brace(es)) | Some(Init::Paren(es)) => {
                        es.iter().all(|e| !may_have_effects(e))
                    }
                }
        }),
        _ => false,
    }
}

/// Removes dead assignments (recursively); returns whether it removed any.
fn drop_assignments(stmts: &mut Vec<Stmt>, dead: &Names) -> bool {
    let before = stmts.len();
    stmts.retain(|s| !is_dead_assignment(s, dead));
    let mut changed = stmts.len() != before;
    for s in stmts {
        for_each_body(s, &mut |b| changed |= drop_assignments(b, dead));
    }
    changed
}

/// `e` with each direct subexpression replaced by `f` of it (children by value: rewriting
/// passes that rebuild expressions keep only their special cases and call this for the rest).
pub fn map_subexprs(e: Expr, f: &mut dyn FnMut(Expr) -> Expr) -> Expr {
    let span = e.span;
    let mut bx = |x: Box<Expr>| Box::new(f(*x));
    let kind = match e.kind {
        ExprKind::Unary(op, x) => ExprKind::Unary(op, bx(x)),
        ExprKind::Binary(op, l, r) => {
            let l = bx(l);
            ExprKind::Binary(op, l, bx(r))
        }
        ExprKind::Assign(op, l, r) => {
            let l = bx(l);
            ExprKind::Assign(op, l, bx(r))
        }
        ExprKind::Cond(c, a, b) => {
            let (c, a) = (bx(c), bx(a));
            ExprKind::Cond(c, a, bx(b))
        }
        ExprKind::Cast { kind, ty, expr } => ExprKind::Cast {
            kind,
            ty,
            expr: bx(expr),
        },
        ExprKind::SizeofExpr(x) => ExprKind::SizeofExpr(bx(x)),
        ExprKind::Call {
            callee,
            template_args,
            args,
        } => ExprKind::Call {
            callee: bx(callee),
            template_args,
            args: args.into_iter().map(&mut *f).collect(),
        },
        ExprKind::Launch {
            kernel,
            template_args,
            config,
            args,
        } => ExprKind::Launch {
            kernel,
            template_args,
            config: config.into_iter().map(&mut *f).collect(),
            args: args.into_iter().map(&mut *f).collect(),
        },
        ExprKind::Index(b, i) => {
            let b = bx(b);
            ExprKind::Index(b, bx(i))
        }
        ExprKind::Member { base, field, arrow } => ExprKind::Member {
            base: bx(base),
            field,
            arrow,
        },
        ExprKind::InitList(items) => ExprKind::InitList(items.into_iter().map(&mut *f).collect()),
        ExprKind::Paren(x) => ExprKind::Paren(bx(x)),
        other => other,
    };
    Expr::new(kind, span)
}
