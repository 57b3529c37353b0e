//! Which pointer parameters a function reads and writes through (`cuad grad --manifest`):
//! framework bindings need it to tell inputs, outputs and arrays updated in place apart.
//!
//! Conservative: a pointer copied into a variable, reassigned, captured by a lambda or handed
//! to a function cuad cannot see into counts as read and written. Calls and launches of
//! functions with bodies are followed (their parameter at that position); `cudaMemcpy` and
//! `cudaMemset` write their destination and read their source.

use crate::usage::{is_plain_var, lvalue_root};
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
        name,
        depth,
        memo,
    };
    let mut acc = Access::default();
    for s in body {
        if crate::usage::any_stmt(s, &|st| scan.binds_reference(st)) {
            acc.add(Access::BOTH);
        }
        crate::usage::visit_stmt_exprs(s, &mut |e| scan.top(e, &mut acc));
    }
    memo.borrow_mut().insert(key, acc);
    acc
}

struct Scan<'p, 'a> {
    prog: &'p Program<'a>,
    /// The parameter followed.
    name: &'p str,
    depth: usize,
    memo: &'p Memo,
}

impl Scan<'_, '_> {
    /// `float& r = p[i];`: a reference into the memory, whose uses are not followed.
    fn binds_reference(&self, s: &Stmt) -> bool {
        if let StmtKind::Bindings(b) = &s.kind {
            let by_reference = matches!(&b.ty.kind, TyKind::LRef(t) if !t.is_const)
                || matches!(b.ty.kind, TyKind::RRef(_));
            return by_reference && lvalue_root(&b.init) == Some(self.name);
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
            by_reference && inits.iter().any(|e| lvalue_root(e) == Some(self.name))
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
        match &e.strip_parens().kind {
            ExprKind::Ident(n) => n == self.name,
            ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) => self.pointer_root(l),
            ExprKind::Cast { expr, .. } => self.pointer_root(expr),
            ExprKind::Unary(UnOp::AddrOf, x) => lvalue_root(x) == Some(self.name),
            _ => false,
        }
    }

    fn expr(&self, e: &Expr, acc: &mut Access) {
        match &e.kind {
            ExprKind::Ident(n) if n == self.name => acc.reads = true,
            ExprKind::Assign(op, l, r) => {
                if lvalue_root(l) == Some(self.name) {
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
                if lvalue_root(x) == Some(self.name) =>
            {
                acc.add(Access::BOTH);
                self.lvalue_parts(x, acc);
            }
            ExprKind::Call { callee, args, .. } => {
                // a method called on an element (`p[i].normalize()`) may change it
                if let ExprKind::Member { base, .. } = &callee.kind {
                    if lvalue_root(base) == Some(self.name) {
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
                            mentions |= matches!(&y.kind, ExprKind::Ident(n) if n == self.name)
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
                if lvalue_root(a) == Some(self.name)
                    && self.may_bind_reference(callee, k, args.len())
                {
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
