//! How many elements a kernel writes through a pointer parameter, from the guards around its
//! stores: `if (i < n) x[i] = ...` (or `if (i >= n) return;`, or a grid-stride loop `for (i =
//! ...; i < n; i += stride)`) writes `x[0 .. n)`. A host function that updates a buffer it did
//! not allocate (a caller's device pointer, updated in place in a time loop) checkpoints that
//! many elements before the launch.
//!
//! Every use of the parameter must be an element access `x[e]` (or `&x[e]` given to an atomic);
//! every store's index must be, up to a constant offset `k`, a guarded value `a < b` with `b`
//! the same in every thread (`x[i + 1]` under `i < n - 1` writes below `n`), or a constant
//! multiple of one (`x[2 * i + 1]` under `i < n` writes below `2 * n`), or row-major
//! (`x[j * nx + i]` under `i < nx - 1` and `j < ny - 1` writes below `(ny - 1) * nx`), or a
//! choice of such indices (`x[s == 0 ? 0 : n - 1]`, each arm under its side of the
//! condition). Indices are taken to be non-negative. Anything else gives no extent.

use crate::builder::int_lit;
use crate::index::{build_env, facts, Atom, IndexEnv, Poly};
use cuad_sema::Program;
use cuad_syntax::ast::*;
use std::collections::HashSet;

/// The count of elements `kernel` writes through pointer parameter `param` (or the pointer
/// field `p.f` of a struct parameter `p`), as an expression over the kernel's parameters (and
/// their fields); `None` when the stores are not all bounded that way.
pub fn written_extent(prog: &Program, kernel: &Function, param: &str) -> Option<Expr> {
    let (extents, names) = store_bounds(prog, kernel, param)?;
    if extents.is_empty() {
        return None;
    }
    let names: HashSet<&str> = names.iter().map(String::as_str).collect();
    let mut distinct: Vec<Poly> = vec![];
    // Extents a constant apart (`2 * n - 1` and `2 * n`) keep the larger.
    for e in extents {
        match distinct
            .iter_mut()
            .find(|d| e.sub(d).as_constant().is_some())
        {
            Some(d) if e.sub(d).as_constant() > Some(0) => *d = e,
            Some(_) => {}
            None => distinct.push(e),
        }
    }
    let exprs: Vec<Expr> = distinct
        .iter()
        .map(|p| poly_expr(p, &names, &|n| is_file_constant(prog, n)))
        .collect::<Option<_>>()?;
    exprs.into_iter().reduce(max_extent)
}

/// Does `kernel` never write through `param` (a pointer parameter or field path `s.x`)?
/// False when it may.
pub fn never_written(prog: &Program, kernel: &Function, param: &str) -> bool {
    store_bounds(prog, kernel, param).is_some_and(|(extents, _)| extents.is_empty())
}

/// The exclusive bounds of the stores through `param`, and the kernel's parameter names;
/// `None` when a store or use is unbounded.
fn store_bounds(
    prog: &Program,
    kernel: &Function,
    param: &str,
) -> Option<(Vec<Poly>, Vec<String>)> {
    let body = kernel.body.as_ref()?;
    let norm = crate::normalize::normalize(prog, kernel, body).ok()?;
    let params: Vec<(String, Ty)> = kernel
        .params
        .iter()
        .filter_map(|p| Some((p.name.clone()?, prog.canonical(&p.ty))))
        .collect();
    let by_reference = crate::calls::reference_writes(prog, &norm.body);
    let mut env = build_env(
        &params,
        &norm.body,
        &HashSet::new(),
        true,
        &[],
        &by_reference,
    );
    // The fields of a struct parameter never written are the same in every thread (`s.n`).
    let mut fields = vec![];
    for (name, ty) in &params {
        if env.uniform_names.contains(name) {
            fields.extend(
                prog.fields(ty)
                    .into_iter()
                    .map(|(f, _)| format!("{name}.{f}")),
            );
        }
    }
    env.uniform_names.extend(fields);
    // File-scope integer constants (`constexpr int N = 8;`) are the same in every thread, and
    // host code names them too.
    let mut named = crate::usage::Names::new();
    for s in &norm.body {
        crate::usage::visit_stmt_exprs(s, &mut |e| crate::usage::reads(e, &mut named));
    }
    env.uniform_names.extend(
        named
            .into_iter()
            .filter(|n| !params.iter().any(|(p, _)| p == n) && is_file_constant(prog, n)),
    );
    let mut walk = Walk {
        env: &env,
        param,
        facts: vec![],
        extents: vec![],
        unbounded: false,
    };
    walk.block(&norm.body);
    if walk.unbounded {
        return None;
    }
    Some((walk.extents, params.into_iter().map(|(n, _)| n).collect()))
}

/// `(a > b ? a : b)`: the larger of two extents (`a` when both are written alike).
pub fn max_extent(a: Expr, b: Expr) -> Expr {
    if cuad_emit::print_expr(&a) == cuad_emit::print_expr(&b) {
        return a;
    }
    let cond = crate::builder::binary(BinOp::Gt, a.clone(), b.clone());
    crate::builder::paren(Expr::synth(ExprKind::Cond(
        Box::new(cond),
        Box::new(a),
        Box::new(b),
    )))
}

/// `e` with the function's parameters replaced by the call's arguments (`params` and `args`
/// of one length).
pub fn bind_params(e: &mut Expr, params: &[Param], args: &[Expr]) {
    crate::methods::map_expr(e, &mut |x| {
        let ExprKind::Ident(n) = &x.kind else {
            return;
        };
        if let Some(k) = params.iter().position(|p| p.name.as_deref() == Some(n)) {
            *x = crate::builder::paren(args[k].clone());
        }
    });
}

struct Walk<'a> {
    env: &'a IndexEnv,
    param: &'a str,
    /// Guard facts `a < b` that hold where the walk is.
    facts: Vec<(Poly, Poly)>,
    /// Exclusive upper bounds of the stores seen.
    extents: Vec<Poly>,
    /// A store or use whose extent is unknown.
    unbounded: bool,
}

impl Walk<'_> {
    fn block(&mut self, stmts: &[Stmt]) {
        stmts.iter().for_each(|s| self.stmt(s));
    }

    fn guarded(&mut self, cond: &Expr, negated: bool, s: &Stmt) {
        let depth = self.facts.len();
        facts(self.env, cond, negated, &mut self.facts);
        self.stmt(s);
        self.facts.truncate(depth);
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.guarded(cond, false, then);
                if let Some(e) = els {
                    self.guarded(cond, true, e);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                match cond {
                    Some(c) => {
                        self.expr(c);
                        self.guarded(c, false, body);
                    }
                    None => self.stmt(body),
                }
            }
            StmtKind::While { cond, body } => {
                self.expr(cond);
                self.guarded(cond, false, body);
            }
            StmtKind::Block(b) => self.block(b),
            _ => {
                crate::usage::visit_stmt_exprs(s, &mut |e| self.expr(e));
                s.for_each_child(&mut |x| self.stmt(x));
            }
        }
    }

    /// Notes the stores through the parameter in `e`; any use of it other than an element
    /// access makes the extent unknown.
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Assign(_, l, r) => {
                match self.element_index(l) {
                    Some(i) => self.store(i),
                    None => self.expr(l),
                }
                self.expr(r);
            }
            ExprKind::Unary(
                UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec | UnOp::AddrOf,
                x,
            ) if self.element_index(x).is_some() => {
                let i = self.element_index(x).expect("checked");
                self.store(i);
            }
            ExprKind::Index(b, i) if self.is_param(b) => self.expr(i),
            // An atomic on the first element (`atomicAdd(p, v)`, `atomicAdd(s.e, v)`).
            ExprKind::Call { args, .. }
                if crate::host::callee_name(e).is_some_and(cuad_sema::builtins::is_atomic)
                    && args.first().is_some_and(|a| self.is_param(a)) =>
            {
                self.store(&int_lit(0));
                args[1..].iter().for_each(|a| self.expr(a));
            }
            _ if self.is_param(e) => self.unbounded = true,
            // The struct holding the field, used whole (passed to a function that may write
            // through it).
            ExprKind::Ident(n) if self.param.split('.').next() == Some(n) => self.unbounded = true,
            // Its other fields.
            ExprKind::Member { base, .. }
                if matches!(&base.strip_parens().kind, ExprKind::Ident(n)
                    if self.param.split('.').next() == Some(n)) => {}
            _ => crate::usage::for_each_child(e, &mut |x| self.expr(x)),
        }
    }

    /// Is `e` the parameter (`x`, or the field path `s.x`)?
    fn is_param(&self, e: &Expr) -> bool {
        match &e.strip_parens().kind {
            ExprKind::Ident(n) => n == self.param,
            ExprKind::Member {
                base,
                field,
                arrow: false,
            } => self.param.rsplit_once('.').is_some_and(|(b, f)| {
                f == field && matches!(&base.strip_parens().kind, ExprKind::Ident(n) if n == b)
            }),
            _ => false,
        }
    }

    /// `i` of the element access `param[i]`.
    fn element_index<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        match &e.strip_parens().kind {
            ExprKind::Index(b, i) if self.is_param(b) => Some(i),
            _ => None,
        }
    }

    fn store(&mut self, index: &Expr) {
        self.expr(index);
        self.store_at(index, 0);
    }

    /// Bounds the store at `index`: a choice (`s == 0 ? 0 : n - 1`, also through a local
    /// defined once) stores at one of its arms, each bounded under its side of the condition.
    fn store_at(&mut self, index: &Expr, depth: usize) {
        if let Some((c, a, b)) = choice(self.env, index, depth) {
            for (arm, negated) in [(a, false), (b, true)] {
                let known = self.facts.len();
                facts(self.env, c, negated, &mut self.facts);
                self.store_at(arm, depth + 1);
                self.facts.truncate(known);
            }
            return;
        }
        let p = self.env.poly(index);
        let bound = self
            .bound(&p)
            .or_else(|| self.row_major_bound(&p))
            .or_else(|| fixed_bound(&p));
        match bound {
            Some(b) => self.extents.push(b),
            None => self.unbounded = true,
        }
    }
}

impl Walk<'_> {
    /// `c * b - c + k + 1` for an index `c * a + k` under a guard `a < b` (`b` uniform,
    /// `c >= 1` a constant): `b + k` for `a + k`, `2 * b - 1` for `2 * a`.
    fn bound(&self, p: &Poly) -> Option<Poly> {
        self.facts.iter().rev().find_map(|(a, b)| {
            if !b.is_uniform() {
                return None;
            }
            let (atoms, unit) = a.0.iter().find(|(atoms, _)| !atoms.is_empty())?;
            let scaled = p.0.get(atoms)?;
            if *unit == 0 || scaled % unit != 0 || scaled / unit < 1 {
                return None;
            }
            let c = Poly::constant(scaled / unit);
            let offset = p.sub(&a.mul(&c)).as_constant()?;
            Some(b.mul(&c).add(&Poly::constant(offset + 1)).sub(&c))
        })
    }

    /// `h * w` for a row-major index `r * w + c` under guards `c < w - k` (`k >= 0` a
    /// constant: interior points `c < w - 1` too) and `r < h` (`w` one uniform name or product
    /// of names, `h` uniform).
    fn row_major_bound(&self, p: &Poly) -> Option<Poly> {
        self.facts.iter().rev().find_map(|(c, b)| {
            let k = b.0.get(&vec![]).copied().unwrap_or(0);
            let w = b.sub(&Poly::constant(k));
            let [(atoms, 1)] = w.0.iter().collect::<Vec<_>>()[..] else {
                return None;
            };
            if k > 0 || !w.is_uniform() || atoms.is_empty() {
                return None;
            }
            let row = divide(&p.sub(c), atoms)?;
            let (_, h) = self
                .facts
                .iter()
                .find(|(r, h)| *r == row && h.is_uniform())?;
            Some(h.mul(&w))
        })
    }
}

/// The condition and arms of `index` when it is a `?:`, or a local defined once as one.
fn choice<'e>(
    env: &'e IndexEnv,
    index: &'e Expr,
    depth: usize,
) -> Option<(&'e Expr, &'e Expr, &'e Expr)> {
    match &index.strip_parens().kind {
        ExprKind::Cond(c, a, b) => Some((c, a, b)),
        ExprKind::Ident(n) if depth < 16 => choice(env, env.defs.get(n)?, depth + 1),
        _ => None,
    }
}

/// `k + 1` for an index `k` the same in every thread (`t[0]` or `t[n]` under `if (i == 0)`),
/// `gridDim.x + k` for a
/// per-block index `blockIdx.x + k` (`partial[blockIdx.x]`, any dimension).
fn fixed_bound(p: &Poly) -> Option<Poly> {
    if let Some(k) = p.as_constant() {
        return (k >= 0).then(|| Poly::constant(k + 1));
    }
    if p.is_uniform() {
        return Some(p.add(&Poly::constant(1)));
    }
    (0..3u8).find_map(|d| {
        let offset = p
            .sub(&Poly::atom(Atom::Builtin("blockIdx", d)))
            .as_constant()?;
        Some(Poly::atom(Atom::Builtin("gridDim", d)).add(&Poly::constant(offset)))
    })
}

/// `q / m` for a monomial `m` dividing every monomial of `q`.
fn divide(q: &Poly, m: &[Atom]) -> Option<Poly> {
    let mut out = Poly::default();
    for (atoms, coefficient) in &q.0 {
        let mut rest = atoms.clone();
        for a in m {
            let at = rest.iter().position(|x| x == a)?;
            rest.remove(at);
        }
        out = out.add(&Poly(std::collections::BTreeMap::from([(
            rest,
            *coefficient,
        )])));
    }
    Some(out)
}

/// Stand-ins for `gridDim.x/y/z` in an extent, replaced by the launch's grid at the launch.
const GRID_DIMS: [&str; 3] = ["__cuad_grid_x", "__cuad_grid_y", "__cuad_grid_z"];

/// A polynomial over the kernel's parameters as an expression.
/// A file-scope integer constant (`constexpr int N = 8;`): host code names it as kernels do.
fn is_file_constant(prog: &Program, name: &str) -> bool {
    prog.is_integer_constant(name)
}

fn poly_expr(p: &Poly, params: &HashSet<&str>, is_constant: &dyn Fn(&str) -> bool) -> Option<Expr> {
    use crate::builder::*;
    let mut sum: Option<Expr> = None;
    for (monomial, coefficient) in &p.0 {
        let mut term: Option<Expr> =
            (coefficient.abs() != 1 || monomial.is_empty()).then(|| int_lit(coefficient.abs()));
        for atom in monomial {
            let factor = match atom {
                Atom::Uniform(name) if params.contains(name.as_str()) || is_constant(name) => {
                    ident(name)
                }
                // A field of a struct parameter (`s.n`).
                Atom::Uniform(name) => match name.split_once('.') {
                    Some((p, f))
                        if params.contains(p)
                            && f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                    {
                        member(ident(p), f, false)
                    }
                    _ => return None,
                },
                Atom::Builtin("gridDim", d) => ident(GRID_DIMS[*d as usize]),
                _ => return None,
            };
            term = Some(match term {
                Some(t) => binary(BinOp::Mul, t, factor),
                None => factor,
            });
        }
        let term = term?;
        sum = Some(match (sum, *coefficient < 0) {
            (None, false) => term,
            (None, true) => neg(term),
            (Some(s), false) => binary(BinOp::Add, s, term),
            (Some(s), true) => binary(BinOp::Sub, s, term),
        });
    }
    Some(sum.unwrap_or_else(|| int_lit(0)))
}

/// [`written_extent`] at a launch: the kernel's parameters replaced by the launch's arguments.
pub fn launch_extent(
    prog: &Program,
    kernel: &Function,
    param: &str,
    grid: &Expr,
    args: &[Expr],
) -> Option<Expr> {
    let mut extent = written_extent(prog, kernel, param)?;
    if args.len() != kernel.params.len() {
        return None;
    }
    bind_params(&mut extent, &kernel.params, args);
    crate::methods::map_expr(&mut extent, &mut |e| {
        let ExprKind::Ident(n) = &e.kind else {
            return;
        };
        if let Some(d) = GRID_DIMS.iter().position(|g| g == n) {
            // `dim3(grid).x`: the grid may be a `dim3` or an integer
            let dims = Expr::synth(ExprKind::Cast {
                kind: CastKind::Functional,
                ty: Ty::named("dim3"),
                expr: Box::new(grid.clone()),
            });
            *e = crate::builder::member(dims, ["x", "y", "z"][d], false);
        }
    });
    Some(extent)
}
