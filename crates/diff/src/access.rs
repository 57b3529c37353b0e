//! Which pointer parameters a function reads and writes through (`cuad grad --manifest`):
//! framework bindings need it to tell inputs, outputs and arrays updated in place apart.
//!
//! Conservative: a pointer copied into a variable, reassigned, captured by a lambda or handed
//! to a function cuad cannot see into counts as read and written. Calls and launches of
//! functions with bodies are followed (their parameter at that position); `cudaMemcpy` and
//! `cudaMemset` write their destination and read their source.

use crate::usage::{is_plain_var, lvalue_root, Names};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// How a function uses the memory behind one pointer parameter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Access {
    pub reads: bool,
    pub writes: bool,
}

impl Access {
    const BOTH: Access = Access {
        reads: true,
        writes: true,
    };

    fn add(&mut self, other: Access) {
        self.reads |= other.reads;
        self.writes |= other.writes;
    }
}

/// Calls followed before giving up (deep call chains): then both.
const MAX_DEPTH: usize = 8;

/// Results per (function, parameter), shared by one `param_access`: each is scanned once, and
/// one being scanned (recursion) counts as both.
type Memo = RefCell<HashMap<(*const Function, usize), Access>>;

/// `Some` access for each pointer or array parameter of `f`, `None` for the others.
pub fn param_access(prog: &Program, f: &Function) -> Vec<Option<Access>> {
    let memo = Memo::default();
    (0..f.params.len())
        .map(|j| is_pointer(prog, &f.params[j].ty).then(|| access_of(prog, f, j, 0, &memo)))
        .collect()
}

fn is_pointer(prog: &Program, ty: &Ty) -> bool {
    matches!(
        prog.canonical(ty).kind,
        TyKind::Pointer { .. } | TyKind::Array { .. }
    )
}

/// How `f` uses the memory behind its `j`-th parameter.
fn access_of(prog: &Program, f: &Function, j: usize, depth: usize, memo: &Memo) -> Access {
    let (Some(name), Some(body)) = (f.params.get(j).and_then(|p| p.name.as_deref()), &f.body)
    else {
        return Access::BOTH;
    };
    let key = (f as *const Function, j);
    if let Some(known) = memo.borrow().get(&key) {
        return *known;
    }
    if depth > MAX_DEPTH {
        return Access::BOTH;
    }
    memo.borrow_mut().insert(key, Access::BOTH);
    let scan = Scan {
        prog,
        names: aliases(body, name),
        param: name,
        depth,
        memo,
    };
    let mut acc = Access::default();
    for s in body {
        if crate::usage::any_stmt(s, &|st| scan.binds_reference(st)) {
            acc.add(Access::BOTH);
        }
        scan.stmt(s, &mut acc);
    }
    memo.borrow_mut().insert(key, acc);
    acc
}

/// `param` and the pointer locals of `body` that only ever hold addresses in its memory
/// (`double* p = v;`, `q = p + k`), each declared once and never incremented, updated or
/// given by address: their uses are uses of `param`'s memory.
fn aliases(body: &[Stmt], param: &str) -> Names {
    let mut declared: HashMap<String, usize> = HashMap::new();
    let mut defs: HashMap<String, Vec<Expr>> = HashMap::new();
    let mut unfit = Names::new();
    for s in body {
        s.visit(&mut |st| {
            if let StmtKind::Decl(d) = &st.kind {
                for v in &d.vars {
                    *declared.entry(v.name.clone()).or_default() += 1;
                    if !matches!(v.ty.kind, TyKind::Pointer { .. }) {
                        unfit.insert(v.name.clone());
                    }
                    match &v.init {
                        Some(Init::Assign(e)) => {
                            defs.entry(v.name.clone()).or_default().push(e.clone())
                        }
                        Some(_) => {
                            unfit.insert(v.name.clone());
                        }
                        None => {}
                    }
                }
            }
        });
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign(None, l, r) => {
                    if let ExprKind::Ident(n) = &l.strip_parens().kind {
                        defs.entry(n.clone()).or_default().push((**r).clone());
                    }
                }
                ExprKind::Assign(Some(_), l, _)
                | ExprKind::Unary(
                    UnOp::AddrOf | UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec,
                    l,
                ) => {
                    if let ExprKind::Ident(n) = &l.strip_parens().kind {
                        unfit.insert(n.clone());
                    }
                }
                _ => {}
            })
        });
    }
    let mut names = Names::from([param.to_string()]);
    loop {
        let more: Vec<String> = declared
            .iter()
            .filter(|(n, count)| **count == 1 && !unfit.contains(*n) && !names.contains(*n))
            .filter(|(n, _)| {
                defs.get(*n)
                    .is_some_and(|ds| ds.iter().all(|d| pointer_root(d, &names)))
            })
            .map(|(n, _)| n.clone())
            .collect();
        if more.is_empty() {
            return names;
        }
        names.extend(more);
    }
}

/// Is `e` a pointer value derived from one of `names` (`p`, `p + k`, `&p[i]`, a cast)?
fn pointer_root(e: &Expr, names: &Names) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Ident(n) => names.contains(n),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => pointer_root(l, names),
        ExprKind::Cast { expr, .. } => pointer_root(expr, names),
        ExprKind::Unary(UnOp::AddrOf, x) => lvalue_root(x).is_some_and(|r| names.contains(r)),
        _ => false,
    }
}

struct Scan<'p, 'a> {
    prog: &'p Program<'a>,
    /// The parameter followed and the locals pointing into its memory (`aliases`).
    names: Names,
    /// The parameter.
    param: &'p str,
    depth: usize,
    memo: &'p Memo,
}

impl Scan<'_, '_> {
    fn follows(&self, root: Option<&str>) -> bool {
        root.is_some_and(|r| self.names.contains(r))
    }

    /// Is `l` one of the alias locals itself (not memory through it)?
    fn is_alias(&self, l: &Expr) -> bool {
        matches!(&l.strip_parens().kind, ExprKind::Ident(n) if n != self.param && self.names.contains(n))
    }

    /// The expressions of `s` and its nested statements; an alias's definition only reads.
    fn stmt(&self, s: &Stmt, acc: &mut Access) {
        match &s.kind {
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    let inits: Vec<&Expr> = match &v.init {
                        Some(Init::Assign(e)) => vec![e],
                        Some(Init::Brace(es)) | Some(Init::Paren(es)) => es.iter().collect(),
                        None => vec![],
                    };
                    for e in inits {
                        if self.names.contains(&v.name) {
                            self.address_parts(e, acc);
                        } else {
                            self.top(e, acc);
                        }
                    }
                }
            }
            StmtKind::Block(_) => s.for_each_child(&mut |c| self.stmt(c, acc)),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. } => {
                self.top(cond, acc);
                s.for_each_child(&mut |c| self.stmt(c, acc));
            }
            StmtKind::For { cond, step, .. } => {
                cond.iter()
                    .chain(step.iter())
                    .for_each(|e| self.top(e, acc));
                s.for_each_child(&mut |c| self.stmt(c, acc));
            }
            StmtKind::Switch { cond, cases } => {
                self.top(cond, acc);
                cases
                    .iter()
                    .filter_map(|c| c.label.as_ref())
                    .for_each(|l| self.top(l, acc));
                s.for_each_child(&mut |c| self.stmt(c, acc));
            }
            _ => crate::usage::visit_stmt_exprs(s, &mut |e| self.top(e, acc)),
        }
    }

    /// `float& r = p[i];`: a reference into the memory, whose uses are not followed.
    fn binds_reference(&self, s: &Stmt) -> bool {
        if let StmtKind::Bindings(b) = &s.kind {
            let by_reference = matches!(&b.ty.kind, TyKind::LRef(t) if !t.is_const)
                || matches!(b.ty.kind, TyKind::RRef(_));
            return by_reference && self.follows(lvalue_root(&b.init));
        }
        let StmtKind::Decl(d) = &s.kind else {
            return false;
        };
        d.vars.iter().any(|v| {
            let by_reference = matches!(&v.ty.kind, TyKind::LRef(t) if !t.is_const)
                || matches!(v.ty.kind, TyKind::RRef(_));
            let inits: Vec<&Expr> = match &v.init {
                Some(Init::Assign(e)) => vec![e],
                Some(Init::Brace(es)) | Some(Init::Paren(es)) => es.iter().collect(),
                None => vec![],
            };
            by_reference && inits.iter().any(|e| self.follows(lvalue_root(e)))
        })
    }

    /// A statement's expression: a declaration's initializer that copies the pointer aliases it.
    fn top(&self, e: &Expr, acc: &mut Access) {
        if self.pointer_root(e) {
            acc.add(Access::BOTH);
        }
        self.expr(e, acc);
    }

    /// Is `e` a pointer value derived from the parameter (`p`, `p + k`, `&p[i]`, a cast)?
    fn pointer_root(&self, e: &Expr) -> bool {
        pointer_root(e, &self.names)
    }

    fn expr(&self, e: &Expr, acc: &mut Access) {
        match &e.kind {
            ExprKind::Ident(n) if self.names.contains(n) => acc.reads = true,
            // an alias pointed elsewhere in the memory (`aliases`): no access
            ExprKind::Assign(None, l, r) if self.is_alias(l) => self.address_parts(r, acc),
            ExprKind::Assign(op, l, r) => {
                if self.follows(lvalue_root(l)) {
                    if is_plain_var(l) {
                        // the pointer itself reassigned: where it points is unknown
                        acc.add(Access::BOTH);
                    }
                    acc.writes = true;
                    acc.reads |= op.is_some();
                    self.lvalue_parts(l, acc);
                } else {
                    self.expr(l, acc);
                }
                if self.pointer_root(r) {
                    acc.add(Access::BOTH);
                }
                self.expr(r, acc);
            }
            ExprKind::Unary(UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec, x)
                if self.follows(lvalue_root(x)) =>
            {
                acc.add(Access::BOTH);
                self.lvalue_parts(x, acc);
            }
            ExprKind::Call { callee, args, .. } => {
                // a method called on an element (`p[i].normalize()`) may change it
                if let ExprKind::Member { base, .. } = &callee.kind {
                    if self.follows(lvalue_root(base)) {
                        acc.add(Access::BOTH);
                    }
                }
                self.expr(callee, acc);
                let name = match &callee.kind {
                    ExprKind::Ident(n) => Some(n.as_str()),
                    _ => None,
                };
                self.args(name, args, acc);
            }
            ExprKind::Launch {
                kernel,
                config,
                args,
                ..
            } => {
                config.iter().for_each(|c| self.expr(c, acc));
                let name = match &kernel.kind {
                    ExprKind::Ident(n) => Some(n.as_str()),
                    _ => None,
                };
                self.args(name, args, acc);
            }
            ExprKind::Lambda(l) => {
                let mut mentions = false;
                for s in &l.body {
                    crate::usage::visit_stmt_exprs(s, &mut |x| {
                        crate::usage::walk_expr(x, &mut |y| {
                            mentions |=
                                matches!(&y.kind, ExprKind::Ident(n) if self.names.contains(n))
                        })
                    });
                }
                if mentions {
                    acc.add(Access::BOTH);
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::SizeofExpr(x) => {
                self.expr(x, acc)
            }
            ExprKind::Cast { expr, .. } => self.expr(expr, acc),
            ExprKind::Binary(_, l, r) | ExprKind::Index(l, r) => {
                self.expr(l, acc);
                self.expr(r, acc);
            }
            ExprKind::Cond(c, a, b) => {
                self.expr(c, acc);
                // `c ? p : q` is a pointer value: its uses are not followed
                if self.pointer_root(a) || self.pointer_root(b) {
                    acc.add(Access::BOTH);
                }
                self.expr(a, acc);
                self.expr(b, acc);
            }
            ExprKind::Member { base, .. } => self.expr(base, acc),
            ExprKind::InitList(items) => items.iter().for_each(|x| {
                if self.pointer_root(x) {
                    acc.add(Access::BOTH);
                }
                self.expr(x, acc)
            }),
            _ => {}
        }
    }

    /// The parts of an address in the memory (`v + k`, `&v[i]`) other than the pointer: the
    /// definition of an alias reads no memory.
    fn address_parts(&self, e: &Expr, acc: &mut Access) {
        match &e.strip_parens().kind {
            ExprKind::Unary(UnOp::AddrOf, x) => self.lvalue_parts(x, acc),
            _ => self.lvalue_parts(e, acc),
        }
    }

    /// The parts of a stored-to lvalue rooted at the parameter other than the parameter
    /// (indices; `p[q[i]]` reads `q`).
    fn lvalue_parts(&self, l: &Expr, acc: &mut Access) {
        match &l.kind {
            ExprKind::Index(b, i) => {
                self.lvalue_parts(b, acc);
                self.expr(i, acc);
            }
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Deref, x) => self.lvalue_parts(x, acc),
            ExprKind::Member { base, .. } => self.lvalue_parts(base, acc),
            ExprKind::Cast { expr, .. } => self.lvalue_parts(expr, acc),
            ExprKind::Binary(_, x, k) => {
                self.lvalue_parts(x, acc);
                self.expr(k, acc);
            }
            _ => {}
        }
    }

    /// Arguments of a call or launch of `callee`: the parameter passed as a pointer gets the
    /// callee's use of that parameter.
    fn args(&self, callee: Option<&str>, args: &[Expr], acc: &mut Access) {
        for (k, a) in args.iter().enumerate() {
            if self.pointer_root(a) {
                acc.add(self.callee_access(callee, k, args.len()));
                self.lvalue_parts(a.strip_parens(), acc);
                if let ExprKind::Unary(UnOp::AddrOf, x) = &a.strip_parens().kind {
                    self.lvalue_parts(x, acc);
                }
            } else {
                if self.follows(lvalue_root(a)) && self.may_bind_reference(callee, k, args.len()) {
                    acc.add(Access::BOTH);
                }
                self.expr(a, acc);
            }
        }
    }

    /// May the callee take its `k`-th argument, an lvalue in the memory (`p[i]`), by
    /// non-const reference? Known when it is a user function with a body or a library
    /// function cuad knows.
    fn may_bind_reference(&self, callee: Option<&str>, k: usize, arity: usize) -> bool {
        let Some(name) = callee else {
            return true;
        };
        let with_body: Vec<&Function> = self
            .prog
            .functions_for_call(name, arity)
            .into_iter()
            .filter(|f| f.body.is_some() && f.params.len() == arity)
            .collect();
        match with_body.as_slice() {
            [f] => match &f.params[k].ty.kind {
                TyKind::LRef(t) => !t.is_const,
                TyKind::RRef(_) => true,
                _ => false,
            },
            // the CUDA and C++ library functions cuad knows take values or pointers, but
            // for those that exchange their arguments
            [] => {
                cuad_sema::builtins::function(name).is_none()
                    || matches!(name.rsplit("::").next(), Some("swap" | "exchange"))
            }
            _ => true,
        }
    }

    fn callee_access(&self, callee: Option<&str>, k: usize, arity: usize) -> Access {
        let Some(name) = callee else {
            return Access::BOTH;
        };
        let read = Access {
            reads: true,
            writes: false,
        };
        let write = Access {
            reads: false,
            writes: true,
        };
        match (name, k) {
            ("cudaMemcpy" | "cudaMemcpyAsync", 0) => return write,
            ("cudaMemcpy" | "cudaMemcpyAsync", 1) => return read,
            ("cudaMemset" | "cudaMemsetAsync", 0) => return write,
            ("cudaFree", _) => return Access::default(),
            ("__ldg" | "__ldcg" | "__ldca" | "__ldcs" | "__ldlu" | "__ldcv", 0) => return read,
            ("__stcs" | "__stcg" | "__stwb" | "__stwt", 0) => return write,
            _ => {}
        }
        let with_body: Vec<&Function> = self
            .prog
            .functions_for_call(name, arity)
            .into_iter()
            .filter(|f| f.body.is_some() && f.params.len() == arity)
            .collect();
        match with_body.as_slice() {
            [f] => access_of(self.prog, f, k, self.depth + 1, self.memo),
            _ => Access::BOTH,
        }
    }
}
