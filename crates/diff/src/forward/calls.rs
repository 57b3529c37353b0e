//! Forward mode of calls: math functions (`rules.rs`), warp shuffles, cached loads, atomics,
//! user functions (their pushforwards, generated or custom), kernel launches and the CUDA
//! runtime calls of host code (tangent buffers allocated, copied, cleared and freed with the
//! primal ones).

use super::{callee_pushforward_name, Fwd, PushforwardReq};
use crate::activity::is_differentiable;
use crate::address_calls::{AddressCall, CallerScope};
use crate::builder::*;
use crate::rules;
use cuad_syntax::ast::*;
use cuad_syntax::Span;

/// `cudaMalloc(...)` and the other CUDA runtime calls (their tangents are runtime calls too).
pub(super) fn is_runtime_call(e: &Expr) -> bool {
    matches!(callee_name(e), Some(n) if n.starts_with("cuda"))
}

fn callee_name(e: &Expr) -> Option<&str> {
    match &e.strip_parens().kind {
        ExprKind::Call { callee, .. } => match &callee.kind {
            ExprKind::Ident(n) => Some(n.as_str()),
            _ => None,
        },
        _ => None,
    }
}

/// `malloc(n)` / `(T*)calloc(k, n)`: a tangent buffer is allocated the same way.
pub(super) fn allocation(e: &Expr) -> Option<Expr> {
    let mut inner = e.strip_parens();
    while let ExprKind::Cast { expr, .. } = &inner.kind {
        inner = expr.strip_parens();
    }
    matches!(callee_name(inner), Some("malloc" | "calloc")).then(|| e.clone())
}

fn with_args(e: &Expr, args: Vec<Expr>) -> Expr {
    match &e.strip_parens().kind {
        ExprKind::Call {
            callee,
            template_args,
            ..
        } => Expr::synth(ExprKind::Call {
            callee: callee.clone(),
            template_args: template_args.clone(),
            args,
        }),
        _ => e.clone(),
    }
}

const SHUFFLES: &[(&str, usize)] = &[
    ("__shfl_sync", 1),
    ("__shfl_up_sync", 1),
    ("__shfl_down_sync", 1),
    ("__shfl_xor_sync", 1),
    ("__shfl", 0),
    ("__shfl_up", 0),
    ("__shfl_down", 0),
    ("__shfl_xor", 0),
];

const ATOMIC_ADDS: &[&str] = &[
    "atomicAdd",
    "atomicAdd_block",
    "atomicAdd_system",
    "atomicSub",
];

/// A parameter the callee may store through: a pointer or reference to non-const, or an
/// array parameter (`double a[4][4]`, a pointer) of non-const elements.
fn writable_param(ty: &Ty) -> bool {
    match &ty.kind {
        TyKind::Pointer { pointee, .. } => !pointee.is_const_object(),
        TyKind::LRef(t) => !t.is_const,
        TyKind::Array { elem, .. } => match &elem.kind {
            TyKind::Array { .. } => writable_param(elem),
            _ => !elem.is_const,
        },
        _ => false,
    }
}

impl Fwd<'_, '_> {
    /// Tangent of a pointer argument seen through casts (`(void**)&p` -> `(void**)&_d_p`).
    fn pointer_arg_tangent(&mut self, a: &Expr) -> Option<Expr> {
        match &a.kind {
            ExprKind::Cast { kind, ty, expr } => Some(Expr::synth(ExprKind::Cast {
                kind: *kind,
                ty: ty.clone(),
                expr: Box::new(self.pointer_arg_tangent(expr)?),
            })),
            ExprKind::Paren(x) => self.pointer_arg_tangent(x).map(paren),
            ExprKind::Unary(UnOp::AddrOf, x) => self.tangent_lvalue(x).map(addr_of),
            _ => self.tangent(a),
        }
    }

    /// A call statement: tangent statements go to `out`; `Some(e)` replaces the primal call
    /// (a pushforward that also computes the primal).
    pub(super) fn call_stmt(&mut self, e: &Expr, out: &mut Vec<Stmt>) -> Option<Expr> {
        let e = e.strip_parens();
        if let ExprKind::Launch {
            kernel,
            template_args,
            config,
            args,
        } = &e.kind
        {
            let launch = self.launch(e, kernel, template_args, config, args);
            // tangents of `extern __shared__` arrays doubled the dynamic shared memory
            let doubled = |l: &Expr| match &l.kind {
                ExprKind::Launch { config: c, .. } => c.get(2) != config.get(2),
                _ => false,
            };
            if let Some(l) = launch.as_ref().filter(|l| doubled(l)) {
                out.extend(crate::host::opt_in_dynamic_shared(l));
            }
            return launch;
        }
        let ExprKind::Call { args, .. } = &e.kind else {
            return None;
        };
        let name = callee_name(e).unwrap_or("").to_string();
        let base = name.trim_start_matches("::");
        if ATOMIC_ADDS.contains(&base) && args.len() == 2 {
            let taddr = self.pointer_arg_tangent(&args[0]);
            let tv = self.tangent(&args[1]);
            match (taddr, tv) {
                (Some(a), Some(v)) => out.push(expr_stmt(call(&name, vec![a, v]))),
                (None, Some(_)) => {
                    let target = match &args[0].strip_parens().kind {
                        ExprKind::Unary(UnOp::AddrOf, x) => (**x).clone(),
                        _ => args[0].clone(),
                    };
                    let root = crate::usage::lvalue_root(&target).map(str::to_string);
                    self.inactive_store(&target, root.as_deref());
                }
                _ => {}
            }
            return None;
        }
        if cuad_sema::builtins::is_atomic(base) && self.any_active_arg(args) {
            self.error(
                e.span,
                format!("`{base}` of differentiated values has no derivative in forward mode"),
            );
            return None;
        }
        // 3-D and array memory: descriptors cuad does not follow may carry any tangent.
        if (base.contains("3D") || base.contains("Array"))
            && (base.starts_with("cuda") || base.starts_with("make_cuda"))
            && !self.active.is_empty()
        {
            self.error(
                e.span,
                format!("cuad cannot differentiate through `{base}` yet (3-D and array memory are reached through descriptors it does not follow); use cudaMallocPitch/cudaMemcpy2D with rows `z * height + y`, or linear buffers"),
            );
            return None;
        }
        if is_runtime_call(e) || matches!(base, "free" | "memcpy" | "memset") {
            self.runtime_call(e, base, args, out);
            return None;
        }
        if let Some(pf) = self.pushforward_call(e) {
            return Some(pf);
        }
        // Other calls (printf, barriers) read values; a call that may store through an
        // active pointer would need a derivative.
        let writes_active = args.iter().any(|a| {
            self.tangent_of_pointer_like(a)
                && !matches!(
                    self.type_of(a).map(|t| t.kind),
                    Some(TyKind::Pointer { ref pointee, .. }) if pointee.is_const_object()
                )
        });
        if writes_active && !self.is_known_function(&name) {
            self.error(
                e.span,
                format!("`{base}` receives memory that carries tangents and cuad has no derivative for it"),
            );
        }
        None
    }

    fn is_known_function(&self, name: &str) -> bool {
        name.starts_with("__syncthreads") || name.starts_with("__syncwarp") || name == "printf"
    }

    fn tangent_of_pointer_like(&mut self, a: &Expr) -> bool {
        let is_ptr = matches!(a.strip_parens().kind, ExprKind::Unary(UnOp::AddrOf, _))
            || self
                .type_of(a)
                .is_some_and(|t| matches!(t.kind, TyKind::Pointer { .. } | TyKind::Array { .. }));
        is_ptr && self.pointer_arg_tangent(a).is_some()
    }

    fn any_active_arg(&self, args: &[Expr]) -> bool {
        args.iter().any(|a| self.depends(a))
    }

    fn runtime_call(&mut self, e: &Expr, base: &str, args: &[Expr], out: &mut Vec<Stmt>) {
        match base {
            "cudaMalloc" | "cudaMallocManaged" | "cudaMallocHost" | "cudaMallocAsync" => {
                if let Some(tp) = args.first().and_then(|p| self.pointer_arg_tangent(p)) {
                    let mut a = args.to_vec();
                    a[0] = tp;
                    out.push(expr_stmt(with_args(e, a)));
                }
            }
            "cudaFree" | "cudaFreeHost" | "cudaFreeAsync" | "free" => {
                if let Some(tp) = args.first().and_then(|p| self.tangent(p)) {
                    let mut a = args.to_vec();
                    a[0] = tp;
                    out.push(expr_stmt(with_args(e, a)));
                }
            }
            "cudaMemset" | "cudaMemsetAsync" | "memset" if args.len() >= 3 => {
                if let Some(tp) = self.pointer_arg_tangent(&args[0]) {
                    let mut a = args.to_vec();
                    a[0] = tp;
                    a[1] = int_lit(0);
                    out.push(expr_stmt(with_args(e, a)));
                }
            }
            // The tangent buffer gets the same pitch (it depends only on the width).
            "cudaMallocPitch" if args.len() == 4 => {
                if let Some(tp) = self.pointer_arg_tangent(&args[0]) {
                    let mut a = args.to_vec();
                    a[0] = tp;
                    out.push(expr_stmt(with_args(e, a)));
                }
            }
            "cudaMemset2D" | "cudaMemset2DAsync" if args.len() >= 5 => {
                if let Some(tp) = self.pointer_arg_tangent(&args[0]) {
                    let mut a = args.to_vec();
                    a[0] = tp;
                    a[2] = int_lit(0);
                    out.push(expr_stmt(with_args(e, a)));
                }
            }
            "cudaMemcpy2D" | "cudaMemcpy2DAsync" if args.len() >= 7 => {
                let tdst = self.pointer_arg_tangent(&args[0]);
                let tsrc = self.pointer_arg_tangent(&args[2]);
                let to_host = cuad_emit::print_expr(&args[6]).ends_with("ToHost");
                match (tdst, tsrc) {
                    (Some(d), Some(s)) => {
                        let mut a = args.to_vec();
                        a[0] = d;
                        a[2] = s;
                        out.push(expr_stmt(with_args(e, a)));
                    }
                    // an inactive source on the device: the copied rows have zero tangent
                    (Some(d), None) if !to_host => out.push(expr_stmt(call(
                        "cudaMemset2D",
                        vec![d, args[1].clone(), int_lit(0), args[4].clone(), args[5].clone()],
                    ))),
                    (Some(_), None) => self.error(
                        e.span,
                        "forward mode: a `cudaMemcpy2D` of memory without tangents into host memory with tangents is not supported".to_string(),
                    ),
                    (None, Some(_)) => match crate::usage::lvalue_root(&args[0]) {
                        Some(root) => {
                            let root = root.to_string();
                            let mut target = index(args[0].clone(), int_lit(0));
                            target.span = args[0].span;
                            self.inactive_store(&target, Some(&root));
                        }
                        None => self.error(
                            args[0].span,
                            format!(
                                "cuad cannot tell where the tangent of the buffer `{}` lives (keep device and host buffers in pointer variables of this function, or in its parameters)",
                                cuad_emit::print_expr(&args[0])
                            ),
                        ),
                    },
                    (None, None) => {}
                }
            }
            "cudaMemcpy" | "cudaMemcpyAsync" | "memcpy" if args.len() >= 3 => {
                let tdst = self.pointer_arg_tangent(&args[0]);
                let tsrc = self.pointer_arg_tangent(&args[1]);
                match (tdst, tsrc) {
                    (Some(d), Some(s)) => {
                        let mut a = args.to_vec();
                        a[0] = d;
                        a[1] = s;
                        out.push(expr_stmt(with_args(e, a)));
                    }
                    (Some(d), None) => {
                        // an inactive source: the copied entries have zero tangent
                        let to_host = args
                            .get(3)
                            .is_some_and(|k| cuad_emit::print_expr(k).ends_with("ToHost"))
                            || base == "memcpy";
                        let clear = if to_host { "memset" } else { "cudaMemset" };
                        out.push(expr_stmt(call(clear, vec![d, int_lit(0), args[2].clone()])));
                    }
                    (None, Some(_)) => {
                        let root = crate::usage::lvalue_root(&args[0]).map(str::to_string);
                        let mut target = index(args[0].clone(), int_lit(0));
                        target.span = args[0].span;
                        match root {
                            Some(root) => self.inactive_store(&target, Some(&root)),
                            // `h.data()`, `v.ptr`: no variable to give a tangent to
                            None => self.error(
                                args[0].span,
                                format!(
                                    "cuad cannot tell where the tangent of the buffer `{}` lives (keep device and host buffers in pointer variables of this function, or in its parameters)",
                                    cuad_emit::print_expr(&args[0])
                                ),
                            ),
                        }
                    }
                    (None, None) => {}
                }
            }
            "cudaMemcpyToSymbol" | "cudaMemcpyToSymbolAsync" if args.len() >= 3 => {
                self.copy_to_symbol(e, args, out)
            }
            // The destination receives the symbol's tangent (host_activity made it active).
            "cudaMemcpyFromSymbol" | "cudaMemcpyFromSymbolAsync"
                if crate::usage::lvalue_root(&args[1])
                    .is_some_and(|n| self.symbols.contains(n)) =>
            {
                self.copy_from_symbol(e, args, out)
            }
            _ => {
                if self.any_active_arg(args) && base.starts_with("cudaMemcpy") {
                    self.error(
                        e.span,
                        format!("`{base}` of memory that carries tangents is not supported in forward mode"),
                    );
                }
            }
        }
    }

    /// `cudaMemcpyToSymbol(c, src, bytes[, offset[, kind[, stream]]])` into an active symbol:
    /// the same copy of `src`'s tangent into `_d_c`, or, when `src` carries none, the copied
    /// bytes of `_d_c` cleared (symbols.rs).
    fn copy_to_symbol(&mut self, e: &Expr, args: &[Expr], out: &mut Vec<Stmt>) {
        let Some(sym) = crate::usage::lvalue_root(&args[0])
            .filter(|n| self.symbols.contains(*n))
            .map(str::to_string)
        else {
            return;
        };
        let ty = match crate::symbols::tangent_symbol(self.prog, &sym) {
            Ok((ty, _)) => ty,
            Err(why) => {
                self.error(
                    e.span,
                    format!("cuad cannot differentiate through this `cudaMemcpyToSymbol`: {why}"),
                );
                return;
            }
        };
        if !matches!(&args[0].strip_parens().kind, ExprKind::Ident(_)) {
            self.error(
                e.span,
                format!("cuad cannot differentiate through this `cudaMemcpyToSymbol`: `{}` is not a symbol named directly", cuad_emit::print_expr(&args[0])),
            );
            return;
        }
        let global = crate::symbols::derivative_global(&sym, &ty);
        if !self.tangent_globals.contains(&global) {
            self.tangent_globals.push(global);
        }
        let d_sym = ident(&crate::adjoint::adj_name(&sym));
        match self.pointer_arg_tangent(&args[1]) {
            Some(tsrc) => {
                let mut a = args.to_vec();
                a[0] = d_sym;
                a[1] = tsrc;
                out.push(expr_stmt(with_args(e, a)));
            }
            None => {
                let clear = self.clear_symbol_tangent(&sym, args.get(3), args[2].clone());
                out.push(clear);
            }
        }
    }

    /// `{ void* p; cudaGetSymbolAddress(&p, _d_c); cudaMemset((char*)p + offset, 0, bytes); }`:
    /// clears `bytes` of the tangent of the symbol `sym` at `offset`.
    pub(super) fn clear_symbol_tangent(
        &mut self,
        sym: &str,
        offset: Option<&Expr>,
        bytes: Expr,
    ) -> Stmt {
        let p = self.fresh("_cuad_sym");
        let void_ptr = Ty::pointer_to(Ty::new(TyKind::Void));
        let char_ptr = Ty::pointer_to(Ty::new(TyKind::Int {
            kind: IntKind::Char,
            signed: None,
        }));
        let at = Expr::synth(ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: char_ptr,
            expr: Box::new(ident(&p)),
        });
        let at = match offset {
            Some(offset) => binary(BinOp::Add, at, paren(offset.clone())),
            None => at,
        };
        let d_sym = ident(&crate::adjoint::adj_name(sym));
        block(vec![
            decl(void_ptr, &p, Some(Expr::synth(ExprKind::Nullptr))),
            expr_stmt(call(
                "cudaGetSymbolAddress",
                vec![addr_of(ident(&p)), d_sym],
            )),
            expr_stmt(call("cudaMemset", vec![at, int_lit(0), bytes])),
        ])
    }

    /// `cudaMemcpyFromSymbol(dst, c, bytes[, offset[, kind[, stream]]])` of an active symbol:
    /// the same copy of `_d_c` into `dst`'s tangent.
    fn copy_from_symbol(&mut self, e: &Expr, args: &[Expr], out: &mut Vec<Stmt>) {
        let Some(sym) = crate::usage::lvalue_root(&args[1]).map(str::to_string) else {
            return;
        };
        if !matches!(&args[1].strip_parens().kind, ExprKind::Ident(_)) {
            self.error(
                e.span,
                format!("cuad cannot differentiate through this `cudaMemcpyFromSymbol`: `{}` is not a symbol named directly", cuad_emit::print_expr(&args[1])),
            );
            return;
        }
        if !self.declare_tangent_symbol(&sym, e.span) {
            return;
        }
        let Some(tdst) = self.pointer_arg_tangent(&args[0]) else {
            self.error(
                args[0].span,
                format!(
                    "cuad cannot tell where the tangent of `{}` lives (copy the symbol into a variable or buffer of this function, or a parameter)",
                    cuad_emit::print_expr(&args[0])
                ),
            );
            return;
        };
        let mut a = args.to_vec();
        a[0] = tdst;
        a[1] = ident(&crate::adjoint::adj_name(&sym));
        out.push(expr_stmt(with_args(e, a)));
    }

    /// Declares the tangent global `_d_c` of the active symbol `c` (once); false, with a
    /// located error, when forward mode keeps no tangent for its type.
    pub(super) fn declare_tangent_symbol(&mut self, sym: &str, at: cuad_syntax::Span) -> bool {
        match crate::symbols::tangent_symbol(self.prog, sym) {
            Ok((ty, _)) => {
                let global = crate::symbols::derivative_global(sym, &ty);
                if !self.tangent_globals.contains(&global) {
                    self.tangent_globals.push(global);
                }
                true
            }
            Err(why) => {
                self.error(at, why);
                false
            }
        }
    }

    /// `k<<<cfg>>>(args)` -> `k_pushforward_<i>...<<<cfg>>>(args, tangents)`.
    fn launch(
        &mut self,
        e: &Expr,
        kernel: &Expr,
        template_args: &[TemplateArg],
        config: &[Expr],
        args: &[Expr],
    ) -> Option<Expr> {
        let ExprKind::Ident(name) = &kernel.kind else {
            return None;
        };
        let callee = self
            .prog
            .functions(name)
            .into_iter()
            .find(|f| f.body.is_some() && f.attrs.global)?;
        if cuad_sema::packs::is_variadic(callee) {
            self.error(e.span, crate::variadic_request_message(name));
            return None;
        }
        // A kernel template's launch names its arguments: its pushforward is the explicit
        // specialization for them of a declared primary template.
        let (callee, primary) = match &callee.template {
            Some(_) => {
                let instance = crate::instantiate::bind_explicit(callee, template_args)
                    .ok()
                    .and_then(|(types, values)| {
                        crate::instantiate::instantiate_with_values(callee, &types, &values)
                    });
                let Some(instance) = instance else {
                    self.error(
                        e.span,
                        format!("write every template argument of this launch of `{name}` (cuad does not deduce them)"),
                    );
                    return None;
                };
                (instance, Some(callee.clone()))
            }
            None => (callee.clone(), None),
        };
        let callee = &callee;
        // Active symbols the kernel names: its pushforward is the variant reading their
        // tangents and writing them where it writes the symbol (so even with no argument
        // carrying a tangent: `g_sum = 0` clears `_d_g_sum`).
        let symbols = crate::symbols::read_symbols(self.prog, &self.symbols, callee);
        if let Some(message) = crate::symbols::racy_symbol_read(self.prog, callee, &self.symbols) {
            self.error(e.span, message);
            return None;
        }
        for sym in &symbols {
            self.declare_tangent_symbol(sym, e.span);
        }
        let (wrt, tangents) = self.argument_tangents(callee, args);
        let writes = !crate::symbols::launch_writes(self.prog, callee, &self.symbols).is_empty();
        if wrt.is_empty() && !writes {
            return None;
        }
        let pf = match primary {
            Some(primary) => self.request_instance(callee, &wrt, &symbols, primary, template_args),
            None => self.request(callee, &wrt, &symbols),
        };
        let mut all = args.to_vec();
        all.extend(tangents);
        let mut config = config.to_vec();
        if let (true, Some(bytes)) = (
            crate::dynamic_region::reaches_dynamic_shared(self.prog, callee),
            config.get_mut(2),
        ) {
            // the tangents of `extern __shared__` arrays live in the second half
            *bytes = binary(BinOp::Mul, int_lit(2), paren(bytes.clone()));
        }
        Some(Expr::synth(ExprKind::Launch {
            kernel: Box::new(ident(&pf)),
            template_args: template_args.to_vec(),
            config,
            args: all,
        }))
    }

    /// The parameters of `callee` whose arguments carry tangents, and those tangents.
    fn argument_tangents(&mut self, callee: &Function, args: &[Expr]) -> (Vec<usize>, Vec<Expr>) {
        let mut wrt = Vec::new();
        let mut tangents = Vec::new();
        for (j, (p, a)) in callee.params.iter().zip(args).enumerate() {
            let pty = self.prog.canonical(&p.ty);
            if !is_differentiable(self.prog, &pty) {
                let name = p.name.as_deref().unwrap_or("");
                let unknown =
                    crate::activity::unknown_param_message(self.prog, &callee.name, name, &pty);
                if let Some(message) = unknown.filter(|_| self.tangent(a).is_some()) {
                    self.error(a.span, message);
                }
                continue;
            }
            // a `const T&` binds rvalues too (`f(x * 2)`, `g(_t1.value)`)
            let t = match &pty.kind {
                TyKind::LRef(inner) | TyKind::RRef(inner) if !inner.is_const => {
                    self.tangent_lvalue(a)
                }
                _ => self.tangent(a),
            };
            if let Some(t) = t {
                wrt.push(j);
                tangents.push(t);
            }
        }
        (wrt, tangents)
    }

    /// Queues the pushforward of a kernel template's instance (`k_pushforward<float, 4>`);
    /// returns the template's name to launch with the same arguments.
    fn request_instance(
        &mut self,
        instance: &Function,
        wrt: &[usize],
        symbols: &[String],
        primary: Function,
        template_args: &[TemplateArg],
    ) -> String {
        let name =
            crate::symbols::via_symbols(callee_pushforward_name(self.prog, instance, wrt), symbols);
        let printed: Vec<String> = template_args
            .iter()
            .map(|a| match a {
                TemplateArg::Type(t) => cuad_emit::print_ty(t),
                TemplateArg::Expr(e) => cuad_emit::print_expr(e),
            })
            .collect();
        let req = PushforwardReq {
            callee: instance.clone(),
            name: format!("{name}<{}>", printed.join(", ")),
            wrt: wrt.to_vec(),
            symbols: symbols.to_vec(),
            primary: Some(primary),
        };
        if !self.requests.iter().any(|r| r.name == req.name) {
            self.requests.push(req);
        }
        let ns = crate::namespace_path(self.prog, instance);
        format!("{}{name}", crate::qualifier(&ns))
    }

    /// Queues a pushforward and returns the name to call it by.
    fn request(&mut self, callee: &Function, wrt: &[usize], symbols: &[String]) -> String {
        let name =
            crate::symbols::via_symbols(callee_pushforward_name(self.prog, callee, wrt), symbols);
        let req = PushforwardReq {
            callee: callee.clone(),
            name: name.clone(),
            wrt: wrt.to_vec(),
            symbols: symbols.to_vec(),
            primary: None,
        };
        if !self
            .requests
            .iter()
            .any(|r| r.name == req.name && r.callee.params == req.callee.params)
        {
            self.requests.push(req);
        }
        let ns = crate::namespace_path(self.prog, callee);
        format!("{}{name}", crate::qualifier(&ns))
    }

    /// A user-provided `NAME_pushforward` (in `cuad::custom_derivatives`,
    /// `clad::custom_derivatives`, or next to the function).
    fn find_custom(&self, name: &str) -> Option<(String, usize)> {
        let base = name.trim_start_matches("::");
        for ns in [
            "cuad::custom_derivatives::",
            "clad::custom_derivatives::",
            "",
        ] {
            let qualified = format!("{ns}{base}_pushforward");
            if let Some(f) = self.prog.functions(&qualified).first() {
                return Some((qualified, f.params.len()));
            }
        }
        None
    }

    /// `e` as a call of an address helper (address_calls.rs), read in this function's terms.
    pub(super) fn address_call(&self, e: &Expr) -> AddressCall {
        let type_of = |x: &Expr| self.type_of(x);
        let declares = |n: &str| self.types.contains_key(n);
        let scope = CallerScope {
            type_of: &type_of,
            declares: &declares,
        };
        crate::address_calls::address_call(self.prog, e, &scope)
    }

    /// The tangent of a call; a helper returning a pointer that is not an address helper
    /// (those are written out before: `inline_address_calls`) has none.
    pub(super) fn address_call_tangent(&mut self, e: &Expr, args: &[Expr]) -> Option<Expr> {
        match self.address_call(e) {
            AddressCall::Unsupported(why) => {
                if self.any_active_arg(args) {
                    self.error(e.span, why);
                }
                None
            }
            _ => self.call_tangent(e),
        }
    }

    /// A call of a user function with arguments that carry tangents: the call of its
    /// pushforward (which also computes the value).
    pub(super) fn pushforward_call(&mut self, e: &Expr) -> Option<Expr> {
        let e = e.strip_parens();
        // A helper returning a pointer has no pushforward: its tangent is an address
        // (`address_call_tangent`), or it is an error.
        match self.address_call(e) {
            AddressCall::NotOne => {}
            AddressCall::Inlined(_) => return None,
            AddressCall::Unsupported(why) => {
                if let ExprKind::Call { args, .. } = &e.kind {
                    if self.any_active_arg(args) {
                        self.error(e.span, why);
                    }
                }
                return None;
            }
        }
        let ExprKind::Call {
            callee,
            template_args,
            args,
        } = &e.kind
        else {
            return None;
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return None;
        };
        // A host helper launching kernels that read an active symbol would launch their plain
        // pushforwards.
        let host_callee = self
            .prog
            .functions(name)
            .iter()
            .any(|f| !f.attrs.global && !f.attrs.device);
        if host_callee {
            if let Some(message) = crate::symbols::host_call_problem(self.prog, name, &self.symbols)
            {
                self.error(e.span, message);
                return None;
            }
        }
        if let Some((custom, arity)) = self.find_custom(name) {
            return self.custom_call(&custom, arity, name, args, e.span);
        }
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let (f, bindings) = self
            .prog
            .resolve_call_with(name, template_args, &arg_types)
            .filter(|(f, _)| f.body.is_some())?;
        if !self.any_active_arg(args) {
            let symbols = crate::symbols::read_symbols(self.prog, &self.symbols, f);
            self.symbols_unreached(name, &symbols, e.span);
            return None;
        }
        let instance;
        let f = match f.template {
            Some(_) if crate::opaque_specialization(&self.prog.tu.items, &f.name).is_some() => {
                // the primary template is not what the specialized instances run
                self.error(e.span, crate::specialization_message(name));
                return None;
            }
            Some(_) => match self.instance(f, &bindings, template_args, &arg_types) {
                Some(i) => {
                    instance = i;
                    &instance
                }
                None => {
                    self.error(e.span, crate::lambdas::undeduced_message(name, args));
                    return None;
                }
            },
            None => f,
        };
        // `auto f(...)`: the return type deduced from the body
        let deduced;
        let f = match &f.ret.kind {
            TyKind::Auto => match self.prog.return_type(f, &Default::default()) {
                Some(ret) => {
                    let mut g = f.clone();
                    g.ret = ret;
                    deduced = g;
                    &deduced
                }
                None => f,
            },
            _ => f,
        };
        // Parameters left to their defaults: the pushforward has no defaults.
        let mut args = args.clone();
        for p in f.params.iter().skip(args.len()) {
            match &p.default {
                Some(d) => args.push(d.clone()),
                None => return None,
            }
        }
        let args = &args;
        let (wrt, tangents) = self.argument_tangents(f, args);
        // A callee reading active symbols (of a kernel variant) takes their tangents too.
        let symbols = crate::symbols::read_symbols(self.prog, &self.symbols, f);
        if wrt.is_empty() {
            self.symbols_unreached(name, &symbols, e.span);
            return None;
        }
        let ret = cuad_sema::types::strip_refs(&self.prog.canonical(&f.ret)).clone();
        if !matches!(ret.kind, TyKind::Void) && !is_differentiable(self.prog, &ret) {
            let writes = wrt
                .iter()
                .any(|&j| writable_param(&self.prog.canonical(&f.params[j].ty)));
            if !writes {
                if crate::activity::unknown_type(self.prog, &ret) {
                    let ty = crate::activity::type_name(&ret);
                    self.error(
                        e.span,
                        format!("cuad cannot tell whether the value of `{name}` (of type `{ty}`, which cuad does not know) carries the derivative of its arguments; use a real type (float, double, a struct of the file)"),
                    );
                }
                return None;
            }
            if !super::is_integral(&ret) {
                self.error(
                    e.span,
                    format!("`{name}` returns a value that is neither real nor an integer and takes memory that carries tangents"),
                );
                return None;
            }
        }
        let pf = self.request(f, &wrt, &symbols);
        let mut all = args.to_vec();
        all.extend(tangents);
        Some(call(&pf, all))
    }

    /// An error for a call of `name`, which reads the active `symbols`, that carries no
    /// tangent: cuad makes pushforwards at calls with tangent arguments only.
    fn symbols_unreached(&mut self, name: &str, symbols: &[String], at: cuad_syntax::Span) {
        if let Some(sym) = symbols.first() {
            self.error(at, crate::symbols::unreached_message(name, sym));
        }
    }

    /// Does the called user function take memory it may write (a pointer to non-const or a
    /// non-const reference)?
    pub(super) fn callee_writes_memory(&self, e: &Expr) -> bool {
        let ExprKind::Call {
            callee,
            template_args,
            args,
        } = &e.kind
        else {
            return false;
        };
        let ExprKind::Ident(name) = &callee.kind else {
            return false;
        };
        // An address helper only computes an address (any other helper returning a pointer
        // is an error at the call).
        if !matches!(self.address_call(e), AddressCall::NotOne) {
            return false;
        }
        let arg_types: Vec<Option<Ty>> = args.iter().map(|a| self.type_of(a)).collect();
        let Some((f, _)) = self.prog.resolve_call_with(name, template_args, &arg_types) else {
            return false;
        };
        f.params
            .iter()
            .any(|p| writable_param(&self.prog.canonical(&p.ty)))
    }

    /// The instance of the function template `f` a call uses. Instances whose parameter types
    /// agree get distinct names (`reduce_256`, `load_V_2`: `instance_suffix`).
    fn instance(
        &self,
        f: &Function,
        bindings: &cuad_sema::Bindings,
        template_args: &[TemplateArg],
        arg_types: &[Option<Ty>],
    ) -> Option<Function> {
        let mut values = self.prog.deduce_values(f, arg_types);
        if let Ok((_, explicit)) = crate::instantiate::bind_explicit_prefix(f, template_args) {
            values.extend(explicit);
        }
        let mut inst = crate::instantiate::instantiate_with_values(f, bindings, &values)?;
        inst.name
            .push_str(&crate::instantiate::instance_suffix(f, bindings, &values));
        Some(inst)
    }

    /// A custom pushforward takes a tangent per parameter (Clad: `f_pushforward(x, n, _d_x,
    /// _d_n)`) or per real parameter; missing tangents are zero.
    fn custom_call(
        &mut self,
        custom: &str,
        arity: usize,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Option<Expr> {
        if !self.any_active_arg(args) {
            return None;
        }
        let every = arity == 2 * args.len();
        let mut all = args.to_vec();
        for a in args {
            let ty = self.type_of(a);
            let real = ty.as_ref().is_none_or(|t| is_differentiable(self.prog, t));
            if !every && !real {
                continue;
            }
            let t = self.tangent(a).unwrap_or_else(|| match &ty {
                Some(t) => self.zero_of(t),
                None => int_lit(0),
            });
            all.push(t);
        }
        if all.len() != arity {
            self.error(
                span,
                format!("the custom derivative `{custom}` of `{name}` takes {arity} parameters; cuad passes the arguments, then one tangent per argument"),
            );
            return None;
        }
        Some(call(custom, all))
    }

    /// Tangent of a call expression.
    pub(super) fn call_tangent(&mut self, e: &Expr) -> Option<Expr> {
        let ExprKind::Call { callee, args, .. } = &e.kind else {
            return None;
        };
        if let Some(pf) = self.pushforward_call(e) {
            // The primal expression calls the function too: it must not write memory.
            if self.callee_writes_memory(e) {
                self.error(
                    e.span,
                    "this call writes through a pointer or reference and is evaluated conditionally; assign its result to a variable first (`t = f(...);`)",
                );
            }
            return Some(member(pf, "pushforward", false));
        }
        let ExprKind::Ident(name) = &callee.kind else {
            return self.unknown_call(e, args);
        };
        let base = name.trim_start_matches("::");
        if cuad_sema::builtins::is_atomic(base) && self.any_active_arg(args) {
            // its statement form adds the tangent too; inside an expression it would not
            self.error(
                e.span,
                format!("the value of `{base}` on differentiated memory is not supported; call `{base}` as a statement of its own"),
            );
            return None;
        }
        if let Some(&(_, at)) = SHUFFLES.iter().find(|(n, _)| *n == base) {
            let t = self.tangent(args.get(at)?)?;
            let mut a = args.clone();
            a[at] = t;
            return Some(with_args(e, a));
        }
        // a conversion between floating-point formats (`__half2float`) converts the tangent
        if crate::calls::conversion_back(base).is_some() && args.len() == 1 {
            let t = self.tangent(&args[0])?;
            return Some(with_args(e, vec![t]));
        }
        if base.starts_with("__ld") && args.len() == 1 {
            let t = self.tangent(&args[0])?;
            return Some(with_args(e, vec![t]));
        }
        if crate::calls::is_real_vector_maker(base) {
            let ts: Vec<Option<Expr>> = args.iter().map(|a| self.tangent(a)).collect();
            if ts.iter().all(Option::is_none) {
                return None;
            }
            let zero = |a: &Expr| real_zero(&self.type_of(a).unwrap_or(Ty::new(TyKind::Float)));
            let a = ts
                .into_iter()
                .zip(args)
                .map(|(t, a)| t.unwrap_or_else(|| zero(a)))
                .collect();
            return Some(with_args(e, a));
        }
        if rules::is_piecewise_constant(name) {
            return None;
        }
        let math = rules::classify(name).or_else(|| {
            rules::min_max_alias(name)
                .filter(|_| {
                    self.type_of(e)
                        .is_some_and(|t| crate::activity::is_real(&t))
                })
                .and_then(rules::classify)
        });
        if let Some(m) = math {
            let ty = self.type_of(e).unwrap_or(Ty::new(TyKind::Double));
            let Some(partials) = rules::partials(&m, &ty, args) else {
                return self.unknown_call(e, args);
            };
            if rules::needs_digamma(&m) {
                self.digamma = true;
            }
            let mut sum: Option<Expr> = None;
            for (p, a) in partials.into_iter().zip(args) {
                let Some(t) = self.tangent(a) else { continue };
                let term = mul(paren(p), paren(t));
                sum = Some(match sum {
                    Some(s) => binary(BinOp::Add, s, term),
                    None => term,
                });
            }
            return sum;
        }
        self.unknown_call(e, args)
    }

    fn unknown_call(&mut self, e: &Expr, args: &[Expr]) -> Option<Expr> {
        if self.any_active_arg(args) {
            let (name, explicit) = match &e.kind {
                ExprKind::Call {
                    callee,
                    template_args,
                    ..
                } => (cuad_emit::print_expr(callee), template_args.len()),
                _ => (String::new(), 0),
            };
            if let Some(problem) = self.prog.pack_problem(&name, args.len(), explicit) {
                let (span, message) =
                    crate::calls::pack_problem_message(&name, args.len(), problem);
                self.error(span, message);
                self.error(
                    e.span,
                    format!("cannot differentiate the call of `{name}`: its instance for these arguments is not valid (see the error in `{name}`)"),
                );
                return None;
            }
            self.error(
                e.span,
                format!("no derivative for `{name}`: it has no body here and no custom derivative; define `cuad::custom_derivatives::{name}_pushforward`"),
            );
        }
        None
    }
}
