//! Forward mode: the pushforward (Jacobian-vector product) of one function.
//!
//! The body is normalized as for reverse mode (`normalize`: structured returns, hoisted
//! locals, `x *= e` -> `x = x * e`), activity says which variables carry tangents, then each
//! statement is preceded by the statements that update the tangents it changes. Tangent code
//! runs before the primal statement, so it reads the values the statement reads.
//!
//! Contract (see README.md): `NAME_pushforward[_<i>_<j>...]` takes the primal parameters,
//! then one tangent `_d_p` of the same type per parameter in `wrt`; void functions write
//! tangents through tangent pointers/references, value functions return
//! `cuad_value_and_pushforward<T, T>{value, pushforward}`.

mod calls;
mod exprs;

use crate::activity::{active_vars, depends_on_active, is_differentiable};
use crate::adjoint::adj_name;
use crate::builder::*;
use crate::normalize::{normalize, Local};
use crate::reverse::TypeScope;
use crate::usage::{lvalue_root, Names};
use cuad_sema::types::strip_refs;
use cuad_sema::Program;
use cuad_syntax::ast::*;
use cuad_syntax::{Diagnostic, Span};
use std::collections::HashMap;

/// The name of the runtime struct value functions' pushforwards return.
pub const VALUE_AND_PUSHFORWARD: &str = "cuad_value_and_pushforward";

/// A pushforward the generated code calls or launches.
#[derive(Clone, Debug)]
pub struct PushforwardReq {
    pub callee: Function,
    pub name: String,
    pub wrt: Vec<usize>,
    /// Active symbols the kernel reads (its pushforward is the variant reading their
    /// tangents, symbols.rs).
    pub symbols: Vec<String>,
    /// For a kernel template's instance: the template (`name` is `NAME<ARGS>`, an explicit
    /// specialization of a primary template to declare).
    pub primary: Option<Function>,
}

pub struct Generated {
    pub function: Function,
    pub requests: Vec<PushforwardReq>,
    /// The output needs `cuad_value_and_pushforward` / `cuad_digamma`.
    pub value_struct: bool,
    pub digamma: bool,
    /// The runtime helper `cuad_dynamic_smem_bytes` (tangents of `extern __shared__`).
    pub smem_helper: bool,
    /// The helper `cuad_zero_tangent<T>()` (zero tangents of structs with constructors).
    pub zero_tangent: bool,
    /// Declarations of the tangent globals of active symbols (`__device__ float _d_c[3];`).
    pub tangent_globals: Vec<String>,
}

/// State of one pushforward being generated.
struct Fwd<'p, 'a> {
    prog: &'p Program<'a>,
    types: HashMap<String, Ty>,
    /// Variables carrying tangents.
    active: Names,
    /// Parameter names (memory behind a parameter without a tangent cannot get one).
    params: Names,
    requests: Vec<PushforwardReq>,
    errors: Vec<Diagnostic>,
    /// Return type of a value function (its pushforward returns value and tangent).
    ret: Option<Ty>,
    digamma: bool,
    tmp: usize,
    /// Temporaries holding a pushforward's result (`auto _t1 = f_pushforward(...)`).
    hoisted: Names,
    /// Tangents of `extern __shared__` arrays use `cuad_dynamic_smem_bytes()`.
    smem_helper: bool,
    zero_tangent: std::cell::Cell<bool>,
    /// `extern __shared__` arrays (the tangents of real views of them are the second half).
    extern_shared: Names,
    /// Symbols carrying tangents: in a kernel, those of its variant; in a host function, those
    /// a copy fills from values with tangents (symbols.rs).
    symbols: Names,
    tangent_globals: Vec<String>,
}

/// `NAME_pushforward` when `wrt` is every parameter that can carry a derivative, else
/// `NAME_pushforward_<i>_<j>...`.
pub fn pushforward_name(prog: &Program, func: &Function, wrt: &[usize]) -> String {
    let base = crate::calls::identifier_name(crate::base_name(prog, &func.name));
    let mut name = format!("{base}_pushforward");
    if wrt != differentiable_params(prog, func).as_slice() {
        for i in wrt {
            name.push_str(&format!("_{i}"));
        }
    }
    name
}

/// [`pushforward_name`] of a called function: a static member of a struct (`Mish::apply`)
/// has its owner in the name, or the members of two structs with one name and signature would
/// share (and call) one pushforward.
pub fn callee_pushforward_name(prog: &Program, func: &Function, wrt: &[usize]) -> String {
    let name = pushforward_name(prog, func, wrt);
    match prog.method_owner(func) {
        Some(owner) if func.attrs.is_static && !func.name.contains("::") => {
            let owner = owner.rsplit("::").next().unwrap_or(&owner);
            format!("{}_{name}", crate::calls::identifier_name(owner))
        }
        _ => name,
    }
}

/// Indices of the parameters that can carry a tangent.
pub fn differentiable_params(prog: &Program, func: &Function) -> Vec<usize> {
    func.params
        .iter()
        .enumerate()
        .filter(|(_, p)| is_differentiable(prog, &prog.canonical(&p.ty)))
        .map(|(i, _)| i)
        .collect()
}

/// The pushforward's return type for a function returning `ret` (None: void).
/// Integers and booleans: a pushforward returns them with a zero tangent (a function like
/// `int locate(..., float* frac)` is called for what it writes).
pub(crate) fn is_integral(t: &Ty) -> bool {
    matches!(t.kind, TyKind::Int { .. } | TyKind::Bool)
}

pub fn return_ty(prog: &Program, ret: &Ty) -> Option<Ty> {
    if matches!(ret.kind, TyKind::Void) {
        return None;
    }
    // `T& f(T& a)` returns the referent's value (and its tangent).
    let t = strip_refs(&prog.canonical(ret)).clone().with_const(false);
    Some(Ty::new(TyKind::Named {
        name: VALUE_AND_PUSHFORWARD.into(),
        args: vec![TemplateArg::Type(t.clone()), TemplateArg::Type(t)],
    }))
}

pub fn generate(
    prog: &Program,
    func: &Function,
    name: &str,
    wrt: &[usize],
    symbols: &[String],
) -> Result<Generated, Vec<Diagnostic>> {
    let Some(body) = &func.body else {
        return Err(vec![Diagnostic::error(
            func.name_span,
            format!("`{}` has no body to differentiate", func.name),
        )]);
    };
    let is_value = !matches!(func.ret.kind, TyKind::Void);
    if is_value {
        let ret = prog.canonical(&func.ret);
        let referent = match &ret.kind {
            TyKind::LRef(t) => t,
            _ => &ret,
        };
        if matches!(
            referent.kind,
            TyKind::LRef(_) | TyKind::RRef(_) | TyKind::Pointer { .. }
        ) || !(is_differentiable(prog, referent) || is_integral(referent))
        {
            return Err(vec![Diagnostic::error(
                func.name_span,
                format!(
                    "forward mode: `{}` returns `{}`; only void functions and functions returning real values (or structs of them) or integers have a pushforward",
                    func.name,
                    cuad_emit::print_ty(&func.ret)
                ),
            )]);
        }
    }
    let mut norm = normalize(prog, func, body)?;
    let params: Vec<(String, Ty)> = func
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                p.name.clone().unwrap_or_else(|| format!("_p{i}")),
                prog.canonical(&p.ty),
            )
        })
        .collect();
    let mut types: HashMap<String, Ty> = params.iter().cloned().collect();
    for l in &norm.locals {
        types.insert(l.name.clone(), l.ty.clone());
    }
    // A kernel variant's active symbols are read like global arrays whose tangents are the
    // globals `_d_<symbol>`.
    for sym in symbols {
        if let Ok((ty, _)) = crate::symbols::tangent_symbol(prog, sym) {
            types.insert(sym.clone(), ty);
        }
    }
    let object_type = |e: &Expr| {
        prog.type_of(e, &TypeScope(&types))
            .map(|t| prog.canonical(&t))
    };
    for s in &mut norm.body {
        crate::methods::lower_calls(s, prog, &object_type);
    }
    crate::field_index::lower(prog, &mut norm.body, &object_type)?;
    // Helpers returning an address into their argument are that address (address_calls.rs).
    let declares = |n: &str| types.contains_key(n);
    let scope = crate::address_calls::CallerScope {
        type_of: &object_type,
        declares: &declares,
    };
    crate::address_calls::inline_address_calls(prog, &mut norm.body, &scope);
    let mut seeds: Names = wrt.iter().map(|&i| params[i].0.clone()).collect();
    seeds.extend(symbols.iter().cloned());
    let mut activity_types = types.clone();
    for (n, t) in &params {
        activity_types.insert(format!("__param:{n}"), t.clone());
    }
    let is_host = !func.attrs.global && !func.attrs.device;
    let (active, symbols) = if is_host {
        host_activity(prog, &norm.body, &activity_types, seeds)
    } else {
        let active = active_vars(prog, &norm.body, &activity_types, &seeds);
        (active, symbols.iter().cloned().collect())
    };
    let mut g = Fwd {
        prog,
        types,
        active,
        params: params.iter().map(|(n, _)| n.clone()).collect(),
        requests: vec![],
        errors: vec![],
        ret: is_value.then(|| {
            strip_refs(&prog.canonical(&func.ret))
                .clone()
                .with_const(false)
        }),
        digamma: false,
        tmp: 0,
        hoisted: Names::new(),
        smem_helper: false,
        zero_tangent: std::cell::Cell::new(false),
        extern_shared: Names::new(),
        symbols,
        tangent_globals: vec![],
    };
    g.errors
        .extend(crate::activity::bit_cast_errors(&norm.body, &g.active));
    g.errors.extend(crate::activity::raw_bytes_errors(
        prog,
        &norm.body,
        &g.types,
        &g.active,
        &norm.locals,
        false,
    ));
    for (span, name) in
        crate::activity::container_stores(prog, &norm.body, &g.types, &params, &g.active)
    {
        g.errors.push(Diagnostic::error(
            span,
            format!("forward mode: cuad cannot differentiate values stored into `{name}`: it stays a library container (grown, passed or copied whole, or sized in a loop by values it changes), whose elements have no tangent; use it as a fixed buffer (`{name}[i]`, `{name}.data()`, `{name}.size()`, sized once: outside loops, or at its declaration from values the loops leave alone) or a pointer from malloc/new[]"),
        ));
    }
    // A local of a type cuad does not know (`__nv_fp8_e4m3`, an unresolved alias) gets no
    // tangent: assigning it a varied value would drop the derivative.
    let unknown =
        crate::activity::unknown_type_receivers(prog, &norm.body, &g.types, &params, &g.active);
    for (span, name, message) in unknown {
        g.errors.push(Diagnostic::error(
            crate::reverse::diagnostic_span(span, body, &name, func),
            format!("forward mode: {message}"),
        ));
    }
    g.errors.extend(crate::activity::union_errors(
        prog,
        &g.types,
        &g.active,
        func.name_span,
    ));
    let mut out = using_directives(body);
    out.extend(g.local_decls(&norm.locals, body, func.name_span));
    let mut code = Vec::new();
    if is_host {
        // What a symbol kernels write holds when the function starts does not depend on its
        // inputs (atomics add into it, stores may cover part of it): its tangent starts at 0.
        let written = crate::symbols::kernel_written_symbols(prog, &norm.body);
        let active: Vec<String> = g.symbols.intersection(&written).cloned().collect();
        for sym in active {
            if g.declare_tangent_symbol(&sym, func.name_span) {
                let bytes = Expr::synth(ExprKind::SizeofExpr(Box::new(ident(&adj_name(&sym)))));
                code.push(g.clear_symbol_tangent(&sym, None, bytes));
            }
        }
    }
    g.block(&norm.body, &mut code);
    out.extend(code);
    crate::sincos::fuse(&mut out, &params);
    if !g.errors.is_empty() {
        return Err(g.errors);
    }
    let mut out_params: Vec<Param> = func
        .params
        .iter()
        .zip(&params)
        .map(|(p, (n, _))| Param {
            name: Some(n.clone()),
            ty: p.ty.clone(),
            default: None,
            span: p.span,
        })
        .collect();
    for &i in wrt {
        let (n, _) = &params[i];
        let mut ty = func.params[i].ty.clone();
        if let TyKind::Pointer { restrict, .. } = &mut ty.kind {
            // Tangent buffers may alias each other (in-place updates pass the same one).
            *restrict = false;
        }
        out_params.push(param(&adj_name(n), ty));
    }
    let ret = return_ty(prog, &func.ret).unwrap_or_else(|| Ty::new(TyKind::Void));
    let function = derived_function(func, name, out_params, ret, Some(out));
    Ok(Generated {
        function,
        requests: g.requests,
        value_struct: is_value,
        digamma: g.digamma,
        smem_helper: g.smem_helper,
        zero_tangent: g.zero_tangent.get(),
        tangent_globals: g.tangent_globals,
    })
}

/// A host function's active variables and active symbols: a symbol a copy fills from a value
/// carrying a tangent is active, as is one kernels write with such values; and so are the
/// buffers that launches of kernels reading it write and the variables copies from it fill
/// (activity.rs does not see the symbol flow into them).
fn host_activity(
    prog: &Program,
    body: &[Stmt],
    types: &HashMap<String, Ty>,
    mut seeds: Names,
) -> (Names, Names) {
    let is_buffer = |n: &str| {
        !types.contains_key(&format!("__param:{n}"))
            && types.get(n).is_some_and(|t| {
                matches!(t.kind, TyKind::Pointer { .. }) && is_differentiable(prog, t)
            })
    };
    loop {
        let active = active_vars(prog, body, types, &seeds);
        let mut symbols: Names = crate::symbols::filled_from_active(body, &active)
            .into_iter()
            .collect();
        // Symbols kernels write with values carrying tangents, until none is added (a kernel
        // reading one may write another).
        loop {
            let written = crate::symbols::written_with_tangents(prog, body, &active, &symbols);
            if written.iter().all(|w| symbols.contains(w)) {
                break;
            }
            symbols.extend(written);
        }
        let mut written = crate::symbols::launch_outputs(prog, body, &symbols, &is_buffer);
        written.extend(crate::symbols::copied_back(body, &symbols));
        if written.iter().all(|w| active.contains(w)) {
            return (active, symbols);
        }
        seeds.extend(written);
    }
}

/// The name `_tN.value` goes by in the type map.
fn hoisted_value_name(t: &str) -> String {
    format!("{t}.value")
}

/// `nullptr`, `NULL`, `0`, possibly cast.
fn is_null(e: &Expr) -> bool {
    match &e.strip_parens().kind {
        ExprKind::Nullptr => true,
        ExprKind::IntLit(v) => v == "0",
        ExprKind::Ident(n) => n == "NULL",
        ExprKind::Cast { expr, .. } => is_null(expr),
        _ => false,
    }
}

/// The using-directives of a body, repeated at the top of the generated function.
fn using_directives(body: &[Stmt]) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = Vec::new();
    for s in body {
        s.visit(&mut |s| {
            if matches!(s.kind, StmtKind::Using(_)) && !out.iter().any(|o| o.kind == s.kind) {
                out.push(Stmt::synth(s.kind.clone()));
            }
        });
    }
    out
}

impl Fwd<'_, '_> {
    fn error(&mut self, span: Span, msg: impl Into<String>) {
        // one error per construct (a call is looked at for its value and for its tangent)
        if self.errors.iter().any(|d| d.span == span) {
            return;
        }
        self.errors.push(Diagnostic::error(
            span,
            format!("forward mode: {}", msg.into()),
        ));
    }

    fn fresh(&mut self, base: &str) -> String {
        self.tmp += 1;
        format!("{base}{}", self.tmp)
    }

    fn type_of(&self, e: &Expr) -> Option<Ty> {
        let e = match self.hoisted.is_empty() {
            true => std::borrow::Cow::Borrowed(e),
            false => std::borrow::Cow::Owned(self.typed_hoists(e)),
        };
        self.prog
            .type_of(&e, &TypeScope(&self.types))
            .map(|t| self.prog.canonical(&t))
    }

    /// `e` with each `_tN.value` read as a variable of the call's type (sema cannot see
    /// into `cuad_value_and_pushforward`).
    fn typed_hoists(&self, e: &Expr) -> Expr {
        let mut e = e.clone();
        fn walk(e: &mut Expr, hoisted: &Names) {
            if let ExprKind::Member { base, field, .. } = &e.kind {
                if let ExprKind::Ident(t) = &base.kind {
                    if field == "value" && hoisted.contains(t) {
                        *e = ident(&hoisted_value_name(t));
                        return;
                    }
                }
            }
            match &mut e.kind {
                ExprKind::Unary(_, x)
                | ExprKind::Paren(x)
                | ExprKind::Cast { expr: x, .. }
                | ExprKind::Member { base: x, .. } => walk(x, hoisted),
                ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) | ExprKind::Assign(_, a, b) => {
                    walk(a, hoisted);
                    walk(b, hoisted);
                }
                ExprKind::Cond(a, b, c) => {
                    walk(a, hoisted);
                    walk(b, hoisted);
                    walk(c, hoisted);
                }
                ExprKind::Call { args, .. } | ExprKind::InitList(args) => {
                    args.iter_mut().for_each(|a| walk(a, hoisted))
                }
                _ => {}
            }
        }
        walk(&mut e, &self.hoisted);
        e
    }

    /// Hoisted locals, each active one followed by its zero tangent.
    fn local_decls(&mut self, locals: &[Local], body: &[Stmt], fallback: Span) -> Vec<Stmt> {
        let mut out = Vec::new();
        for l in locals {
            let mut init = l.init.clone();
            if init.is_none()
                && !l.specs.shared
                && !crate::calls::user_constructors(self.prog, &l.ty).is_empty()
                && !crate::calls::has_user_default_constructor(self.prog, &l.ty)
            {
                // a hoisted `Cplx z(0, 0)` of a struct without default constructor: declared
                // with a placeholder value, assigned where the source declares it
                init = Some(Init::Assign(self.zero_of(&l.ty.clone().with_const(false))));
            }
            let ty = l.spelled.clone().unwrap_or_else(|| l.ty.clone());
            out.push(decl_with(l.specs.clone(), ty, &l.name, init));
            if l.specs.shared && l.specs.is_extern {
                self.extern_shared.insert(l.name.clone());
            }
            if !self.active.contains(&l.name) {
                continue;
            }
            if l.specs.shared && l.specs.is_extern {
                // Every `extern __shared__` array is the launch's one dynamic region: the
                // tangent is its second half (the pushforward is launched with twice the size).
                let TyKind::Array { elem, .. } = &l.ty.kind else {
                    self.error(
                        crate::reverse::declaration_span(body, &l.name).unwrap_or(fallback),
                        "an `extern __shared__` declaration that is not an array",
                    );
                    continue;
                };
                let ptr = Ty::pointer_to((**elem).clone().with_const(false));
                let bytes = call("cuad_dynamic_smem_bytes", vec![]);
                let char_ptr = Ty::pointer_to(Ty::new(TyKind::Int {
                    kind: IntKind::Char,
                    signed: None,
                }));
                let second_half = binary(
                    BinOp::Add,
                    Expr::synth(ExprKind::Cast {
                        kind: CastKind::Reinterpret,
                        ty: char_ptr,
                        expr: Box::new(ident(&l.name)),
                    }),
                    binary(BinOp::Div, bytes, int_lit(2)),
                );
                out.push(decl(
                    ptr.clone().with_const(true),
                    &adj_name(&l.name),
                    Some(Expr::synth(ExprKind::Cast {
                        kind: CastKind::Reinterpret,
                        ty: ptr,
                        expr: Box::new(second_half),
                    })),
                ));
                self.smem_helper = true;
                continue;
            }
            // the primal's type: a tangent pointer points where the primal's does
            let ty = l.ty.clone().with_const(false);
            let specs = DeclSpecs {
                shared: l.specs.shared,
                ..Default::default()
            };
            // `__shared__` arrays cannot be initialized; their tangents are written before
            // they are read, as the primal's are.
            let init = (!l.specs.shared).then(|| Init::Assign(self.zero_of(&ty)));
            out.push(decl_with(specs, ty, &adj_name(&l.name), init));
        }
        out
    }

    /// `reinterpret_cast<T*>(buf)` or `(T*)(buf + off)` of an `extern __shared__` buffer
    /// (`unsigned char buf[]`, active when values with tangents are stored through the view):
    /// the view's tangent is the same view of the second half of the dynamic shared memory.
    pub(super) fn raw_shared_view_tangent(&mut self, ty: &Ty, inner: &Expr) -> Option<Expr> {
        let (n, offset) = match &inner.strip_parens().kind {
            ExprKind::Ident(n) => (n, None),
            ExprKind::Binary(BinOp::Add, l, off) => match &l.strip_parens().kind {
                ExprKind::Ident(n) => (n, Some((**off).clone())),
                _ => return None,
            },
            _ => return None,
        };
        if !self.extern_shared.contains(n) {
            return None;
        }
        // the offset counts elements of the buffer
        let elem = match (&offset, self.types.get(n).map(|t| &t.kind)) {
            (None, _) => None,
            (Some(_), Some(TyKind::Array { elem, .. })) => Some((**elem).clone()),
            (Some(_), _) => return None,
        };
        if !matches!(self.prog.canonical(ty).kind, TyKind::Pointer { .. }) {
            return None;
        }
        let char_ptr = Ty::pointer_to(Ty::new(TyKind::Int {
            kind: IntKind::Char,
            signed: None,
        }));
        let second_half = binary(
            BinOp::Add,
            Expr::synth(ExprKind::Cast {
                kind: CastKind::Reinterpret,
                ty: char_ptr,
                expr: Box::new(ident(n)),
            }),
            binary(
                BinOp::Div,
                call("cuad_dynamic_smem_bytes", vec![]),
                int_lit(2),
            ),
        );
        self.smem_helper = true;
        let view = match (elem, offset) {
            (Some(elem), Some(off)) => binary(
                BinOp::Add,
                Expr::synth(ExprKind::Cast {
                    kind: CastKind::Reinterpret,
                    ty: Ty::pointer_to(elem),
                    expr: Box::new(second_half),
                }),
                paren(off),
            ),
            _ => second_half,
        };
        Some(Expr::synth(ExprKind::Cast {
            kind: CastKind::Reinterpret,
            ty: ty.clone(),
            expr: Box::new(view),
        }))
    }

    /// A zero tangent of type `ty`.
    pub(super) fn zero_of(&self, ty: &Ty) -> Expr {
        match &ty.kind {
            TyKind::Half
            | TyKind::BFloat16
            | TyKind::Float
            | TyKind::Double
            | TyKind::LongDouble => real_zero(ty),
            TyKind::Int { .. } | TyKind::Bool => int_lit(0),
            TyKind::Pointer { .. } => Expr::synth(ExprKind::Nullptr),
            TyKind::Array { .. } => Expr::synth(ExprKind::InitList(vec![])),
            _ if self.constructed(ty, 0) => {
                // `S{}` would run `S() : x(1) {}`: every byte zero instead
                self.zero_tangent.set(true);
                let mut t = ty.clone().with_const(false);
                t.is_volatile = false;
                Expr::synth(ExprKind::Call {
                    callee: Box::new(ident("cuad_zero_tangent")),
                    template_args: vec![TemplateArg::Type(t)],
                    args: vec![],
                })
            }
            _ => Expr::synth(ExprKind::Cast {
                kind: CastKind::Functional,
                ty: ty.clone().with_const(false),
                expr: Box::new(Expr::synth(ExprKind::InitList(vec![]))),
            }),
        }
    }

    /// Does `ty` (a struct, or one of its fields, arrays included) have user constructors?
    fn constructed(&self, ty: &Ty, depth: u32) -> bool {
        crate::zero_adjoints::constructed(self.prog, ty, depth)
    }

    fn block(&mut self, stmts: &[Stmt], out: &mut Vec<Stmt>) {
        for s in stmts {
            self.stmt(s, out);
        }
    }

    fn sub_block(&mut self, s: &Stmt) -> Stmt {
        let mut out = Vec::new();
        match &s.kind {
            StmtKind::Block(b) => self.block(b, &mut out),
            _ => self.stmt(s, &mut out),
        }
        // normalized branches are often a block holding one block
        while let [Stmt {
            kind: StmtKind::Block(inner),
            ..
        }] = out.as_mut_slice()
        {
            out = std::mem::take(inner);
        }
        Stmt::new(StmtKind::Block(out), s.span)
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<Stmt>) {
        match &s.kind {
            StmtKind::Expr(e) => self.expr_stmt(s, e, out),
            StmtKind::Decl(d) => {
                for v in &d.vars {
                    if !self.active.contains(&v.name) {
                        continue;
                    }
                    let init = match &v.init {
                        Some(Init::Assign(e)) => self.tangent(e),
                        Some(_) => {
                            self.error(v.span, "this initializer form of an active local is not supported; use `= e`");
                            None
                        }
                        None => None,
                    };
                    let ty = v.ty.clone().with_const(false);
                    let init = init.unwrap_or_else(|| self.zero_of(&ty));
                    out.push(decl(ty, &adj_name(&v.name), Some(init)));
                }
                out.push(s.clone());
            }
            StmtKind::Block(b) => {
                let mut inner = Vec::new();
                self.block(b, &mut inner);
                out.push(Stmt::new(StmtKind::Block(inner), s.span));
            }
            StmtKind::If { cond, then, els } => {
                // calls in the always evaluated part of the condition (`f(x, t) && t < b`)
                // run as pushforwards right before the `if`
                let cond = &self.hoist_calls(cond, out);
                self.no_active_effects(cond);
                let then = Box::new(self.sub_block(then));
                let els = els.as_ref().map(|e| Box::new(self.sub_block(e)));
                out.push(Stmt::new(
                    StmtKind::If {
                        cond: cond.clone(),
                        then,
                        els,
                    },
                    s.span,
                ));
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let init = init.as_ref().map(|i| {
                    let mut v = Vec::new();
                    self.stmt(i, &mut v);
                    // A block (`for (int a = 0, b = 1; ...)` once hoisted) cannot stand in the
                    // header: it runs before the loop.
                    match v.as_slice() {
                        [Stmt {
                            kind: StmtKind::Expr(_) | StmtKind::Decl(_),
                            ..
                        }] => Box::new(v.remove(0)),
                        _ => {
                            out.extend(v);
                            Box::new(Stmt::synth(StmtKind::Empty))
                        }
                    }
                });
                // An `Empty` init prints as `;` inside `for (`; keep the loop well-formed.
                let init = init.filter(|i| !matches!(i.kind, StmtKind::Empty));
                if let Some(c) = cond {
                    self.no_active_effects(c);
                }
                let step = step.as_ref().map(|st| self.step_with_tangents(st));
                let body = Box::new(self.sub_block(body));
                out.push(Stmt::new(
                    StmtKind::For {
                        init,
                        cond: cond.clone(),
                        step,
                        body,
                    },
                    s.span,
                ));
            }
            StmtKind::While { cond, body } => {
                self.no_active_effects(cond);
                let body = Box::new(self.sub_block(body));
                out.push(Stmt::new(
                    StmtKind::While {
                        cond: cond.clone(),
                        body,
                    },
                    s.span,
                ));
            }
            StmtKind::DoWhile { body, cond } => {
                self.no_active_effects(cond);
                let body = Box::new(self.sub_block(body));
                out.push(Stmt::new(
                    StmtKind::DoWhile {
                        body,
                        cond: cond.clone(),
                    },
                    s.span,
                ));
            }
            StmtKind::Return(Some(e)) => match self.ret.clone() {
                Some(ret) => {
                    let (value, tangent) = self.value_and_tangent(e, out);
                    let tangent = tangent.unwrap_or_else(|| self.zero_of(&ret));
                    let result = Expr::synth(ExprKind::Cast {
                        kind: CastKind::Functional,
                        ty: return_ty(self.prog, &ret).expect("value function"),
                        expr: Box::new(Expr::synth(ExprKind::InitList(vec![value, tangent]))),
                    });
                    out.push(Stmt::new(StmtKind::Return(Some(result)), s.span));
                }
                None => out.push(s.clone()),
            },
            StmtKind::Switch { .. } => {
                self.error(s.span, "`switch` left after normalization");
            }
            // at the top of the generated function (`using_directives`); a using-declaration
            // twice in one scope (`using ns::real;`) is a redeclaration
            StmtKind::Using(_) => {}
            _ => out.push(s.clone()),
        }
    }

    /// The value and tangent of a returned expression; a returned call of a user function
    /// calls its pushforward once and takes both from it.
    fn value_and_tangent(&mut self, e: &Expr, out: &mut Vec<Stmt>) -> (Expr, Option<Expr>) {
        let e = self.hoist_calls(e, out);
        let t = self.tangent(&e);
        (e, t)
    }

    /// Calls of user functions whose arguments carry tangents, where `e` evaluates them
    /// unconditionally, become `auto _tN = f_pushforward(...);` before the statement; `e`
    /// reads `_tN.value` and its tangent `_tN.pushforward`. One call computes both, so a
    /// callee that writes memory runs once.
    fn hoist_calls(&mut self, e: &Expr, out: &mut Vec<Stmt>) -> Expr {
        let mut e = e.clone();
        self.hoist_in(&mut e, out);
        e
    }

    fn hoist_in(&mut self, e: &mut Expr, out: &mut Vec<Stmt>) {
        match &mut e.kind {
            // only the first operand is always evaluated
            ExprKind::Cond(first, _, _)
            | ExprKind::Binary(BinOp::And | BinOp::Or | BinOp::Comma, first, _) => {
                return self.hoist_in(first, out)
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::Cast { expr: x, .. } => {
                self.hoist_in(x, out)
            }
            ExprKind::Member { base, .. } => self.hoist_in(base, out),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.hoist_in(a, out);
                self.hoist_in(b, out);
            }
            ExprKind::Call { args, .. } | ExprKind::InitList(args) => {
                args.iter_mut().for_each(|a| self.hoist_in(a, out))
            }
            _ => return,
        }
        // `a * s` on structs: `operator*(a, s)`, differentiated as a call; one without a
        // tangent stays as written (a member operator has no free function to call).
        let operator = self
            .user_operator_call(e)
            .map(|call| std::mem::replace(e, call));
        if !matches!(e.kind, ExprKind::Call { .. }) {
            return;
        }
        let value_ty = self.type_of(e);
        let pushforward = self.pushforward_call(e);
        if let (None, Some(written)) = (&pushforward, operator) {
            *e = written;
            return;
        }
        if let Some(call) = pushforward {
            let t = self.fresh("_t");
            out.push(decl(Ty::new(TyKind::Auto), &t, Some(call)));
            self.hoisted.insert(t.clone());
            if let Some(ty) = value_ty {
                self.types.insert(hoisted_value_name(&t), ty);
            }
            *e = member(ident(&t), "value", false);
        } else if let ExprKind::Call { callee, args, .. } = &e.kind {
            // `x * curand_normal(&s)`, `l + gumbel(s)` with a helper advancing `s`: the value
            // and the tangent read one evaluation.
            let stateful = matches!(&callee.kind, ExprKind::Ident(n)
                if crate::calls::stateful_library_call(self.prog, n, args, &|a| self.type_of(a)))
                || self.callee_writes_memory(e);
            let value_ty = value_ty.filter(|t| !matches!(t.kind, TyKind::Void | TyKind::Auto));
            if let (true, Some(ty)) = (stateful, value_ty) {
                let t = self.fresh("_t");
                out.push(decl(ty.clone().with_const(false), &t, Some(e.clone())));
                self.types.insert(t.clone(), ty);
                *e = ident(&t);
            }
        }
    }

    /// `++p` on a pointer with a tangent: the same step of its shadow (`++_d_p`).
    fn pointer_step_tangent(&mut self, e: &Expr) -> Option<Expr> {
        let ExprKind::Unary(op @ (UnOp::PreInc | UnOp::PostInc | UnOp::PreDec | UnOp::PostDec), x) =
            &e.kind
        else {
            return None;
        };
        let is_pointer = self
            .type_of(x)
            .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }));
        if !is_pointer {
            return None;
        }
        Some(unary(*op, self.tangent_lvalue(x)?))
    }

    /// A loop step; pointer steps (`++p`, `p++, q++`) step their shadows too.
    fn step_with_tangents(&mut self, step: &Expr) -> Expr {
        match &step.strip_parens().kind {
            ExprKind::Binary(BinOp::Comma, a, b) => binary(
                BinOp::Comma,
                self.step_with_tangents(a),
                self.step_with_tangents(b),
            ),
            _ => match self.pointer_step_tangent(step.strip_parens()) {
                Some(t) => binary(BinOp::Comma, step.clone(), t),
                None => self.active_step(step).unwrap_or_else(|| {
                    self.no_active_effects(step);
                    step.clone()
                }),
            },
        }
    }

    /// A step updating a differentiated value (`t -= h` on a `double` counter): the
    /// statements its assignment generates, joined by commas, when they are all expressions.
    fn active_step(&mut self, step: &Expr) -> Option<Expr> {
        let target = match &step.strip_parens().kind {
            ExprKind::Assign(_, l, _)
            | ExprKind::Unary(UnOp::PreInc | UnOp::PostInc | UnOp::PreDec | UnOp::PostDec, l) => l,
            _ => return None,
        };
        if !lvalue_root(target).is_some_and(|n| self.active.contains(n)) {
            return None;
        }
        let mut stmts = Vec::new();
        self.expr_stmt(&expr_stmt(step.clone()), step, &mut stmts);
        let exprs = stmts.into_iter().map(|s| match s.kind {
            StmtKind::Expr(e) => Some(e),
            _ => None,
        });
        exprs
            .collect::<Option<Vec<_>>>()?
            .into_iter()
            .reduce(|a, b| binary(BinOp::Comma, a, b))
    }

    /// Does `e` read a value with a tangent: an active variable, or the result of a hoisted
    /// pushforward call (`_t1.value`)?
    pub(super) fn depends(&self, e: &Expr) -> bool {
        depends_on_active(e, &self.active)
            || crate::usage::any_expr(
                e,
                &|x| matches!(&x.kind, ExprKind::Ident(n) if self.hoisted.contains(n)),
            )
    }

    /// Assignments (and pointer steps) of differentiated values nested in an expression
    /// (`z = (b += x, b * c)`, conditions, loop steps) would need tangents in the middle of it.
    fn no_nested_assignments(&mut self, e: &Expr) {
        let active = &self.active;
        let bad = crate::usage::any_expr(e, &|x| match &x.kind {
            ExprKind::Assign(_, l, r) => {
                lvalue_root(l).is_some_and(|n| active.contains(n)) || depends_on_active(r, active)
            }
            // a pointer with a shadow moved inside an expression
            ExprKind::Unary(UnOp::PreInc | UnOp::PostInc | UnOp::PreDec | UnOp::PostDec, v) => {
                lvalue_root(v).is_some_and(|n| active.contains(n))
            }
            _ => false,
        });
        if bad {
            self.error(
                e.span,
                "an assignment of a differentiated value inside an expression (a condition, loop step, comma operand or argument) is not supported; make it a statement of its own",
            );
        }
    }

    /// Conditions and loop steps: assignments in them would need tangents too.
    fn no_active_effects(&mut self, e: &Expr) {
        self.no_nested_assignments(e);
        // A call there runs only as the primal: it must not update memory with tangents.
        let mut writing_calls = Vec::new();
        crate::usage::walk_expr(e, &mut |x| {
            if matches!(x.kind, ExprKind::Call { .. })
                && self.depends(x)
                && self.callee_writes_memory(x)
            {
                writing_calls.push(x.span);
            }
        });
        for span in writing_calls {
            self.error(
                span,
                "a call that writes through a pointer or reference is not supported in a condition, loop step or discarded expression here; call it in a statement of its own",
            );
        }
    }

    fn expr_stmt(&mut self, s: &Stmt, e: &Expr, out: &mut Vec<Stmt>) {
        match &e.strip_parens().kind {
            ExprKind::Assign(op, l, r) => self.assignment(s, *op, l, r, out),
            ExprKind::Call { .. } | ExprKind::Launch { .. } => {
                if let ExprKind::Call { args, .. } = &e.strip_parens().kind {
                    args.iter().for_each(|a| self.no_nested_assignments(a));
                }
                let hoisted = match &e.strip_parens().kind {
                    ExprKind::Call {
                        callee,
                        template_args,
                        args,
                    } if !calls::is_runtime_call(e) => Expr::new(
                        ExprKind::Call {
                            callee: callee.clone(),
                            template_args: template_args.clone(),
                            args: args.iter().map(|a| self.hoist_calls(a, out)).collect(),
                        },
                        e.span,
                    ),
                    _ => e.clone(),
                };
                let (s, e) = (
                    &Stmt::new(StmtKind::Expr(hoisted.clone()), s.span),
                    &hoisted,
                );
                if let Some(replacement) = self.call_stmt(e, out) {
                    out.push(Stmt::new(StmtKind::Expr(replacement), s.span));
                    return;
                }
                out.push(s.clone());
            }
            ExprKind::Unary(UnOp::PreInc | UnOp::PostInc | UnOp::PreDec | UnOp::PostDec, _) => {
                // `x++` on a real adds a constant: the tangent is unchanged; a pointer's
                // tangent (its shadow) moves with it.
                if let Some(t) = self.pointer_step_tangent(e.strip_parens()) {
                    out.push(expr_stmt(t));
                }
                out.push(s.clone());
            }
            _ => {
                self.no_active_effects(e);
                out.push(s.clone());
            }
        }
    }

    fn assignment(&mut self, s: &Stmt, op: Option<BinOp>, l: &Expr, r: &Expr, out: &mut Vec<Stmt>) {
        self.no_nested_assignments(r);
        // CUDA runtime calls whose status is kept (`err = cudaMalloc(...)`).
        if let ExprKind::Call { .. } = &r.strip_parens().kind {
            if calls::is_runtime_call(r) {
                if let Some(replacement) = self.call_stmt(r, out) {
                    let e = Expr::synth(ExprKind::Assign(
                        op,
                        Box::new(l.clone()),
                        Box::new(replacement),
                    ));
                    out.push(Stmt::new(StmtKind::Expr(e), s.span));
                    return;
                }
                out.push(s.clone());
                return;
            }
        }
        let root = lvalue_root(l).map(str::to_string);
        let root_active = root.as_ref().is_some_and(|n| self.active.contains(n));
        let hoisted = self.hoist_calls(r, out);
        let (s, r) = match hoisted != *r {
            true => {
                let e = Expr::synth(ExprKind::Assign(
                    op,
                    Box::new(l.clone()),
                    Box::new(hoisted.clone()),
                ));
                (&Stmt::new(StmtKind::Expr(e), s.span), &hoisted)
            }
            false => (s, r),
        };
        let l_ty = self.type_of(l);
        let l_differentiable = l_ty
            .as_ref()
            .is_none_or(|t| is_differentiable(self.prog, t));
        if !root_active || !l_differentiable {
            if self.depends(r) && l_differentiable {
                self.inactive_store(l, root.as_deref());
            }
            out.push(s.clone());
            return;
        }
        let Some(tl) = self.tangent_lvalue(l) else {
            self.error(l.span, "cannot find where the tangent of this value lives");
            return;
        };
        let tr = self.tangent(r);
        if let (None, Some(t), Some(rt)) = (op, &l_ty, self.type_of(r)) {
            let lt = self.prog.canonical(t);
            let rt = self.prog.canonical(&rt);
            let converts = matches!(lt.kind, TyKind::Named { .. })
                && !matches!(rt.kind, TyKind::Named { .. } | TyKind::Auto)
                && !matches!(r.strip_parens().kind, ExprKind::InitList(_));
            // `S s = x;` / `S s(x);`: an implicit converting constructor
            if converts
                && self
                    .constructor_is_linear(r, &lt, std::slice::from_ref(r))
                    .is_none()
            {
                return;
            }
        }
        match op {
            None => {
                let is_pointer = l_ty
                    .as_ref()
                    .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. }));
                let value = match tr {
                    Some(t) => t,
                    None if is_pointer && is_null(r) => Expr::synth(ExprKind::Nullptr),
                    None if is_pointer => match calls::allocation(r) {
                        Some(alloc) => alloc,
                        None => {
                            self.error(
                                r.span,
                                "this pointer may point to memory without a tangent (or cuad cannot tell which)",
                            );
                            return;
                        }
                    },
                    None => {
                        let ty = l_ty.clone().unwrap_or_else(|| Ty::new(TyKind::Double));
                        self.zero_of(&ty)
                    }
                };
                out.push(expr_stmt(assign(tl, value)));
            }
            Some(BinOp::Add | BinOp::Sub)
                if l_ty
                    .as_ref()
                    .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. })) =>
            {
                // `p += k`: the shadow moves by the same offset
                out.push(expr_stmt(compound(op.expect("compound"), tl, r.clone())));
            }
            Some(BinOp::Add | BinOp::Sub) => {
                if let Some(t) = tr {
                    out.push(expr_stmt(compound(op.expect("compound"), tl, t)));
                }
            }
            Some(_) => {
                self.error(
                    s.span,
                    "this compound assignment of a differentiated value is not supported",
                );
            }
        }
        out.push(s.clone());
    }

    /// A store of a value that depends on the inputs into memory that has no tangent.
    fn inactive_store(&mut self, l: &Expr, root: Option<&str>) {
        let Some(root) = root else {
            // A store through a call returning a reference (an accessor cuad could not
            // inline): dropping its tangent would be silently wrong.
            self.error(
                l.span,
                format!(
                    "cuad cannot tell where the tangent of `{}` lives",
                    cuad_emit::print_expr(l)
                ),
            );
            return;
        };
        let is_memory = !crate::usage::is_plain_var(l);
        if self.params.contains(root) {
            self.error(
                l.span,
                format!(
                    "`{root}` receives values that depend on the differentiated parameters but has no tangent; add `{root}` to --wrt"
                ),
            );
        } else if is_memory {
            self.error(
                l.span,
                format!("`{root}` receives values that depend on the differentiated parameters, but cuad cannot tell where its tangent lives"),
            );
        } else if !self.types.contains_key(root) && self.prog.global_type(root).is_some() {
            // a `__device__` global scalar has no tangent: later reads would see none
            self.error(
                l.span,
                format!("`{root}` is a global variable and receives values that depend on the differentiated parameters; forward mode gives global variables no tangent (pass the memory as a parameter)"),
            );
        }
    }
}
