//! Differentiation: analyses and reverse mode.
//!
//! Public API (used by the CLI's `grad` and `build` commands; keep it stable):
//! ```ignore
//! let mut d = Differentiator::new(&tu, &sm);
//! let info = d.gradient("kernel", Some(&["out".into(), "in".into()]), span)?; // "kernel_grad_0_1"
//! let out = d.finish(); // out.prototypes, out.definitions (helpers + all generated functions)
//! ```
//!
//! Modules, in pipeline order: `normalize` (structured control flow, hoisted locals),
//! `activity` and `index` (analyses), `reverse` (statements, loops, tapes), `calls`
//! (expressions, math rules from `rules`, pullbacks), `adjoint` (where adjoints live and the
//! accumulation strategy), `host` (CUDA runtime calls and launches), `helpers` (runtime code).

mod access;
mod accumulate;
mod activity;
mod address_calls;
mod address_tables;
mod adjoint;
mod aggregate;
mod alias_calls;
mod bindings;
mod block_merge;
mod builder;
mod calls;
mod cas_add;
mod commas;
mod cond_calls;
mod coop;
mod cub;
mod dead_shared;
mod dynamic_region;
mod effects;
mod extremum;
mod field_index;
mod forward;
mod fuse;
mod gather;
mod helpers;
mod host;
mod host_inline;
mod host_structs;
mod index;
mod inplace_launch;
mod instantiate;
mod jumps;
mod lambdas;
mod local_consts;
mod loop_effects;
mod loop_pragmas;
mod merge;
mod methods;
mod normalize;
mod operator_reads;
mod pointer_arrays;
mod prefetch;
mod prelude;
mod recompute;
mod ref_pointers;
mod replay;
mod reverse;
mod rules;
mod shared_view;
mod sincos;
mod symbols;
mod tile_reduce;
mod tile_replay;
mod tree_reverse;
mod trip_count;
mod usage;
mod vector_params;
mod vectors;
mod views;
mod warps;
mod write_extent;
mod zero_adjoints;

pub use access::Access;
use cuad_sema::Program;
use cuad_syntax::ast::{
    Expr, ExprKind, Function, Item, Param, TemplateArg, TranslationUnit, Ty, TyKind,
};
use cuad_syntax::{Diagnostic, SourceMap, Span};
use reverse::{generate, Helpers, Mode, Target};

/// Generated code for all requests made on one [`Differentiator`].
#[derive(Debug, Default, Clone)]
pub struct Generated {
    /// Forward declarations of every generated function (insertable before first use).
    pub prototypes: String,
    /// Helper code (tape, reductions) and the definitions of every generated function, to be
    /// placed after the input source.
    pub definitions: String,
}

/// Information about one gradient request's result, for the Clad-compatible API.
#[derive(Debug, Clone)]
pub struct GradInfo {
    /// Generated function name, e.g. `k_grad_0_2`.
    pub name: String,
    /// The name qualified with the primal's namespaces (`::phys::k_grad_0_2`), or `name`.
    pub qualified_name: String,
    /// The primal is a `__global__` kernel (use `execute_kernel`).
    pub is_kernel: bool,
    /// For a template's instance, its printed arguments (`float, 4`): the gradient is
    /// `qualified_name<template_args>`.
    pub template_args: Option<String>,
    /// Printed source of the generated function and the pullbacks it calls.
    pub code: String,
    /// Why each adjoint update got its accumulation strategy (`cuad grad --explain`).
    pub explanations: Vec<String>,
    /// What bindings need to call the primal and the generated function.
    pub interface: Interface,
    /// Warnings about the request (`--wrt` leaving out every output of a kernel).
    pub warnings: Vec<Diagnostic>,
}

/// The signatures of a differentiated function and of its derivative, for bindings that
/// call them from another language (`cuad grad --manifest`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Interface {
    /// The primal is a `__device__` function the host cannot call.
    pub device_only: bool,
    /// The primal's return type, typedefs resolved (`None` when no function was
    /// differentiated).
    pub return_type: Option<Ty>,
    /// The primal's parameters (of the requested instance), in order.
    pub params: Vec<ParamInfo>,
    /// The generated function's parameters, in order.
    pub derivative_params: Vec<Param>,
}

/// One parameter of a differentiated function, for bindings (`cuad grad --manifest`).
#[derive(Debug, Clone, PartialEq)]
pub struct ParamInfo {
    /// As declared (template parameters of an instance substituted).
    pub param: Param,
    /// Its type with typedefs and aliases resolved.
    pub canonical: Ty,
    /// For pointers and arrays: whether the function reads and writes their memory
    /// (conservative: both when unsure).
    pub access: Option<Access>,
}

pub struct Differentiator<'a> {
    prog: Program<'a>,
    #[allow(dead_code)]
    sm: &'a SourceMap,
    /// Generated functions in generation order: (key, function, enclosing namespaces of the
    /// primal, where the generated function goes too).
    done: Vec<(String, Function, Vec<Option<String>>)>,
    /// Keys of pullbacks in `done` made for calls that may split a warp (`Target::Pullback`).
    split_warp_keys: std::collections::HashSet<String>,
    helpers: Helpers,
    /// `__maxnreg__` for generated kernels (`cuad grad --max-registers`).
    max_registers: Option<u32>,
    /// Leave the seeds of outputs a kernel writes once per element (`cuad grad --keep-seeds`).
    keep_seeds: bool,
    /// Free stand-ins for methods; the generated code calls them, so those used are emitted.
    lowered: Vec<&'a Function>,
    /// Primary templates of gradients of templates: (name, declaration, namespaces).
    primary_templates: Vec<(String, Function, Vec<Option<String>>)>,
    /// Adjoint globals of active symbols (symbols.rs), declared before the definitions.
    adjoint_globals: Vec<String>,
}

impl<'a> Differentiator<'a> {
    pub fn new(tu: &'a TranslationUnit, sm: &'a SourceMap) -> Differentiator<'a> {
        let mut prog = Program::new(tu);
        // Free stand-ins for methods (methods.rs). The program borrows functions for the
        // translation unit's lifetime; these few live as long as the process (leaked).
        let mut stand_ins = methods::lower_all(tu, &prog);
        // Lambdas bound to locals as functions (lambdas.rs); a function whose lambdas cannot
        // be lifted reports why when it is differentiated.
        for f in all_functions(&tu.items) {
            stand_ins.extend(
                lambdas::lift_partial(&prog, f)
                    .0
                    .into_iter()
                    .flat_map(|l| std::iter::once(l.function).chain(l.instances)),
            );
        }
        // Functions taking a `thread_group`, specialised per group kind (coop.rs).
        for f in all_functions(&tu.items) {
            stand_ins.extend(coop::specializations(f));
        }
        // Kernels launched with one buffer for two pointer parameters, those merged
        // (inplace_launch.rs).
        stand_ins.extend(inplace_launch::variants(&prog, &all_functions(&tu.items)));
        // Host helpers taking a `std::vector` of reals by reference, as pointer and size
        // (vector_params.rs).
        stand_ins.extend(vector_params::pointer_copies(
            &prog,
            &all_functions(&tu.items),
        ));
        // Helpers called with one object for an input and an output parameter, those merged
        // (alias_calls.rs).
        let mut callers = all_functions(&tu.items);
        callers.extend(stand_ins.iter());
        let merged = alias_calls::variants(&prog, &callers);
        stand_ins.extend(merged);
        // Library functions cuad knows the bodies of (prelude.rs), unless the program has its own.
        let library: Vec<&'a Function> = prelude::functions()
            .into_iter()
            .filter(|f| prog.functions(&f.name).iter().all(|g| g.body.is_none()))
            .map(|f| &*Box::leak(Box::new(f)))
            .collect();
        for f in &library {
            prog.add_function(f);
        }
        let lowered: Vec<&'a Function> = stand_ins
            .into_iter()
            .map(|f| &*Box::leak(Box::new(f)))
            .collect();
        for f in &lowered {
            prog.add_function(f);
        }
        Differentiator {
            lowered,
            prog,
            sm,
            done: vec![],
            split_warp_keys: Default::default(),
            helpers: Helpers::default(),
            max_registers: None,
            keep_seeds: false,
            primary_templates: vec![],
            adjoint_globals: vec![],
        }
    }

    /// Caps the registers per thread of every generated kernel (`__maxnreg__(n)`), except
    /// kernels that carry the primal's `__launch_bounds__` (nvcc rejects both on one kernel).
    /// A gradient kernel often needs twice the forward's registers; when that halves its
    /// occupancy, a cap can pay for its spills (see docs/PERFORMANCE.md).
    pub fn set_max_registers(&mut self, n: u32) {
        self.max_registers = Some(n);
    }

    /// Kernel gradients leave the adjoint of an output array as given (instead of consuming
    /// it) when the kernel only writes that array, once per element and thread: what PyTorch
    /// and hand-written adjoints do, one store per element less.
    pub fn set_keep_seeds(&mut self, keep: bool) {
        self.keep_seeds = keep;
    }

    /// Requests the gradient of `function` w.r.t. `wrt` (parameter names; `None` = every
    /// parameter that can carry a derivative). `span` locates the request for diagnostics.
    pub fn gradient(
        &mut self,
        function: &str,
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        self.gradient_instance(function, &[], wrt, span)
    }

    /// The free function standing for the member function `method` of the struct named
    /// `owner` (unqualified), for requests of `&Owner::method`: its first parameter is the
    /// object. `None` when cuad keeps that method opaque (private fields, base classes, a
    /// parameter or local named like a field, a class template's method).
    pub fn method_stand_in(&self, owner: &str, method: &str) -> Option<String> {
        let name = methods::free_name(owner, method);
        let lowered = self.prog.functions(&name);
        let is_stand_in = |f: &&Function| {
            f.params.first().and_then(|p| p.name.as_deref()) == Some("self") && f.body.is_some()
        };
        (lowered.iter().any(is_stand_in) && lowered.len() == 1).then_some(name)
    }

    /// Whether the translation unit declares `name` (possibly qualified) as a type: a struct
    /// or class template, an alias, an enum (for reading template arguments written as text,
    /// `--fn 'k<Wrap<Sq>>'`).
    pub fn is_type_name(&self, name: &str) -> bool {
        self.prog.is_type_name(name)
    }

    /// The parameter count of the function `name` with a body, when exactly one has that
    /// name (e.g. a lambda lifted out of a function, `main_lambda_sq`).
    pub fn function_arity(&self, name: &str) -> Option<usize> {
        match self.prog.functions(name).as_slice() {
            [f] if f.body.is_some() => Some(f.params.len()),
            _ => None,
        }
    }

    /// Why the lambdas of the function `function` that cannot be lifted cannot be.
    pub fn lambda_problems(&self, function: &str) -> Vec<Diagnostic> {
        self.prog
            .functions(function)
            .iter()
            .flat_map(|f| lambdas::lift_partial(&self.prog, f).1)
            .collect()
    }

    /// The parameter names of the function `name` with a body, when exactly one has that
    /// name (a lifted lambda's captures follow its own parameters).
    pub fn function_param_names(&self, name: &str) -> Option<Vec<Option<String>>> {
        match self.prog.functions(name).as_slice() {
            [f] if f.body.is_some() => Some(f.params.iter().map(|p| p.name.clone()).collect()),
            _ => None,
        }
    }

    /// [`Self::gradient`] of a function template's instance named by explicit template
    /// arguments (`layer<float, 256>`). The gradient is an explicit specialization of a
    /// template with the primal's parameters (`layer_grad_0_1<float, 256>`), so callers name
    /// it the way they name the primal.
    pub fn gradient_instance(
        &mut self,
        function: &str,
        template_args: &[TemplateArg],
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        let primary = self.find_definition(function, span)?;
        let (func, specialization) = self.instance_of(primary, template_args, span)?;
        let func = &func;
        let _integers = activity::IntegerAdjoints::enable(self.wants_integer_adjoints(func, wrt));
        let wrt = self.wrt_indices(func, wrt, span)?;
        let mut name = grad_name(&self.prog, func, &wrt);
        // A static member function (`Phys::kinetic`): the owner is part of the name, as for
        // its pullbacks (`Phys_kinetic_grad`).
        if let (true, Some(owner)) = (primary.attrs.is_static, self.prog.method_owner(primary)) {
            name = format!("{}_{name}", calls::identifier_name(&owner));
        }
        if let Some(args) = &specialization {
            self.declare_primary_template(primary, &name, &wrt);
            name = format!("{name}<{args}>");
        }
        let mode = if func.attrs.global {
            Mode::Kernel
        } else if func.attrs.device && !func.attrs.host {
            Mode::Device
        } else {
            Mode::Host
        };
        let before = self.done.len();
        let mut explanations = Vec::new();
        if !self
            .done
            .iter()
            .any(|(k, _, _)| *k == self.instance_key(func, &name))
        {
            let target = Target::Grad {
                wrt,
                keep_seeds: self.keep_seeds,
                symbols: vec![],
            };
            self.generate_all(func, &name, mode, target, &mut explanations)?;
        }
        let mut info = self.generated_info(before, name, func, explanations);
        if mode == Mode::Kernel {
            info.warnings
                .extend(outputs_left_out(func, &info.interface));
        }
        Ok(info)
    }

    /// Requests the pushforward (forward mode, Jacobian-vector product) of `function` (an
    /// instance of a template when `template_args` is not empty) w.r.t. `wrt` (parameter
    /// names or indices; `None` = every parameter that can carry a derivative). The result
    /// is `NAME_pushforward` (`NAME_pushforward_<i>_<j>...` for a subset); see forward.rs.
    pub fn pushforward_instance(
        &mut self,
        function: &str,
        template_args: &[TemplateArg],
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        let primary = self.find_definition(function, span)?;
        let (func, specialization) = self.instance_of(primary, template_args, span)?;
        let wrt = self.wrt_indices(&func, wrt, span)?;
        let mut name = forward::pushforward_name(&self.prog, &func, &wrt);
        if let Some(args) = &specialization {
            // As for gradients: an explicit specialization of a declared primary template,
            // called as `NAME_pushforward<ARGS>(...)`.
            self.declare_primary_pushforward(primary, &name, &wrt);
            name = format!("{name}<{args}>");
        }
        let before = self.done.len();
        let mut queue = vec![(func.clone(), name.clone(), wrt, vec![])];
        let mut instances = InstanceCount::default();
        while let Some((mut f, n, w, symbols)) = queue.pop() {
            // `auto f(...)`: the return type deduced from the body
            if matches!(f.ret.kind, TyKind::Auto) {
                if let Some(ret) = self.prog.return_type(&f, &Default::default()) {
                    f.ret = ret;
                }
            }
            methods::qualify_class_scope(&self.prog, &mut f);
            let key = self.instance_key(&f, &n);
            if self.done.iter().any(|(d, _, _)| *d == key) {
                continue;
            }
            // Counted once made: many calls may request one derivative.
            instances.note(&f)?;
            let scope = self.lookup_scope(&f);
            let mut g = self.prog.with_lookup_scope(scope, || {
                forward::generate(&self.prog, &f, &n, &w, &symbols)
            })?;
            if n.contains('<') {
                g.function.template = Some(vec![]);
            }
            self.helpers.value_and_pushforward |= g.value_struct;
            self.helpers.digamma |= g.digamma;
            self.helpers.block_add |= g.smem_helper;
            self.helpers.zero_tangent |= g.zero_tangent;
            for decl in g.tangent_globals {
                if !self.adjoint_globals.contains(&decl) {
                    self.adjoint_globals.push(decl);
                }
            }
            let ns = namespace_path(&self.prog, &f);
            self.done.push((key, g.function, ns));
            for req in g.requests {
                if let (Some(primary), Some((base, _))) = (&req.primary, req.name.split_once('<')) {
                    self.declare_primary_pushforward(primary, base, &req.wrt);
                }
                queue.push((req.callee, req.name, req.wrt, req.symbols));
            }
        }
        Ok(self.generated_info(before, name, &func, vec![]))
    }

    /// What a request produced: the functions generated since `before` (callees first), and
    /// the generated name split from its template arguments (`f_grad<float, 2>`).
    fn generated_info(
        &self,
        before: usize,
        name: String,
        func: &Function,
        explanations: Vec<String>,
    ) -> GradInfo {
        let code = self.done[before..]
            .iter()
            .rev()
            .map(|(_, f, ns)| in_namespaces(ns, &cuad_emit::print_function(f)))
            .collect::<Vec<_>>()
            .join("\n");
        let key = self.instance_key(func, &name);
        let derivative_params = self
            .done
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, f, _)| f.params.clone())
            .unwrap_or_default();
        let access = access::param_access(&self.prog, func);
        let params = func
            .params
            .iter()
            .zip(access)
            .map(|(p, access)| ParamInfo {
                param: p.clone(),
                canonical: self.prog.canonical(&p.ty),
                access,
            })
            .collect();
        let (name, template_args) = match name.split_once('<') {
            Some((template, args)) => (
                template.to_string(),
                Some(args.strip_suffix('>').unwrap_or(args).to_string()),
            ),
            None => (name, None),
        };
        GradInfo {
            qualified_name: format!("{}{name}", qualifier(&namespace_path(&self.prog, func))),
            name,
            is_kernel: func.attrs.global,
            template_args,
            code,
            explanations,
            interface: Interface {
                device_only: func.attrs.device && !func.attrs.host && !func.attrs.global,
                return_type: Some(self.prog.canonical(&func.ret)),
                params,
                derivative_params,
            },
            warnings: vec![],
        }
    }

    /// The primary template of a pushforward of a template: the primal's template parameters
    /// and parameters, then the tangents (of the parameters' own types).
    fn declare_primary_pushforward(&mut self, primary: &Function, name: &str, wrt: &[usize]) {
        let ret =
            forward::return_ty(&self.prog, &primary.ret).unwrap_or_else(|| Ty::new(TyKind::Void));
        self.declare_primary(primary, name, wrt, ret, |p| {
            let mut ty = p.ty.clone();
            if let TyKind::Pointer { restrict, .. } = &mut ty.kind {
                *restrict = false; // as in forward::generate
            }
            ty
        });
    }

    /// Clad's `clad::differentiate(f, "x")`: `f_darg<i>`, a function with `f`'s parameters
    /// that returns d f / d x (the pushforward with the tangent of `x` seeded with 1, the
    /// others 0). `param` is a parameter name or index; it must be a real scalar.
    pub fn derivative(
        &mut self,
        function: &str,
        template_args: &[TemplateArg],
        param: &str,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        let primary = self.find_definition(function, span)?;
        let (func, _) = self.instance_of(primary, template_args, span)?;
        let err = |msg: String| vec![Diagnostic::error(span, msg)];
        if func.attrs.global {
            return Err(err(format!(
                "`{function}` is a kernel: differentiate it with `cuad fwd` (its pushforward) or `clad::gradient`"
            )));
        }
        let index = self.wrt_indices(&func, Some(&[param.to_string()]), span)?[0];
        let pty = self.prog.canonical(&func.params[index].ty);
        if !activity::is_real(&pty) {
            return Err(err(format!(
                "`clad::differentiate` of `{function}` w.r.t. `{param}`: cuad differentiates w.r.t. real scalar parameters only"
            )));
        }
        let ret = self.prog.canonical(&func.ret).with_const(false);
        if !activity::is_real(&ret) {
            return Err(err(format!(
                "`clad::differentiate` needs a function returning a real number; `{function}` returns `{}`",
                cuad_emit::print_ty(&func.ret)
            )));
        }
        let before = self.done.len();
        let pf =
            self.pushforward_instance(function, template_args, Some(&[param.to_string()]), span)?;
        let mut name = format!("{}_darg{index}", base_name(&self.prog, &func.name));
        if let Some(args) = &pf.template_args {
            // one wrapper per instance (`sq_darg0_double`), so its address is unambiguous
            let clean: String = args
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            name = format!("{name}_{clean}");
        }
        let callee = match &pf.template_args {
            Some(args) => format!("{}<{args}>", pf.qualified_name),
            None => pf.qualified_name.clone(),
        };
        let mut args: Vec<Expr> = func
            .params
            .iter()
            .map(|p| Expr::ident(p.name.as_deref().unwrap_or("_")))
            .collect();
        let one_ty = pty.clone().with_const(false);
        args.push(builder::real_lit(&one_ty, 1.0));
        let call = builder::call(&callee, args);
        let body = vec![cuad_syntax::ast::Stmt::synth(
            cuad_syntax::ast::StmtKind::Return(Some(builder::member(call, "pushforward", false))),
        )];
        let mut attrs = func.attrs.clone();
        attrs.constexpr = false;
        let wrapper = Function {
            attrs,
            template: None,
            ret,
            name: name.clone(),
            params: func
                .params
                .iter()
                .map(|p| Param {
                    default: None,
                    ..p.clone()
                })
                .collect(),
            is_const_method: false,
            ctor_inits: vec![],
            body: Some(body),
            span: Span::default(),
            name_span: Span::default(),
        };
        let ns = namespace_path(&self.prog, &func);
        let key = instance_key(&ns, &wrapper, &name);
        if !self.done.iter().any(|(k, _, _)| *k == key) {
            self.done.push((key, wrapper, ns.clone()));
        }
        let code = self.done[before..]
            .iter()
            .rev()
            .map(|(_, f, ns)| in_namespaces(ns, &cuad_emit::print_function(f)))
            .collect::<Vec<_>>()
            .join("\n");
        Ok(GradInfo {
            qualified_name: format!("{}{name}", qualifier(&ns)),
            name,
            is_kernel: false,
            template_args: None,
            code,
            explanations: vec![],
            // `clad::differentiate` only: no manifest
            interface: Interface::default(),
            warnings: vec![],
        })
    }

    /// `primary` itself, or for a template its instance for `args` (which must then bind every
    /// parameter) and the printed arguments.
    fn instance_of(
        &self,
        primary: &Function,
        args: &[TemplateArg],
        span: Span,
    ) -> Result<(Function, Option<String>), Vec<Diagnostic>> {
        let Some(params) = &primary.template else {
            if !args.is_empty() {
                return Err(vec![Diagnostic::error(
                    span,
                    format!("`{}` is not a template", primary.name),
                )]);
            }
            return Ok((primary.clone(), None));
        };
        let usage = || {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            format!(
                "name an instance of the template `{}`: --fn '{}<{}>' with the arguments its kernels are launched with",
                primary.name,
                primary.name,
                names.join(", ")
            )
        };
        if cuad_sema::packs::is_variadic(primary) {
            return Err(vec![Diagnostic::error(
                primary.name_span,
                variadic_request_message(&primary.name),
            )]);
        }
        if args.is_empty() {
            return Err(vec![Diagnostic::error(primary.name_span, usage())]);
        }
        let (types, values) = instantiate::bind_explicit(primary, args)
            .map_err(|e| vec![Diagnostic::error(span, format!("{e}; {}", usage()))])?;
        let instance = instantiate::instantiate_with_values(primary, &types, &values)
            .ok_or_else(|| vec![Diagnostic::error(span, usage())])?;
        Ok((instance, Some(print_template_args(args))))
    }

    /// The primary template of a gradient of a template (its explicit specializations are
    /// the generated instances): the primal's template parameters and parameters, then the
    /// adjoints.
    fn declare_primary_template(&mut self, primary: &Function, name: &str, wrt: &[usize]) {
        let global = primary.attrs.global;
        self.declare_primary(primary, name, wrt, Ty::new(TyKind::Void), |p| {
            let mut ty = reverse::adjoint_param_ty(&p.ty);
            if let (TyKind::Pointer { restrict, .. }, true) = (&mut ty.kind, global) {
                *restrict = true;
            }
            ty
        });
    }

    /// Declares (once per name) the primary template `name`: `primary`'s template parameters
    /// and parameters (without defaults), then one `_d_<p>` of type `derivative_ty(p)` per
    /// parameter in `wrt`, returning `ret`.
    fn declare_primary(
        &mut self,
        primary: &Function,
        name: &str,
        wrt: &[usize],
        ret: Ty,
        derivative_ty: impl Fn(&Param) -> Ty,
    ) {
        // Keyed by namespace too: `a::k_grad` and `b::k_grad` are two templates.
        let ns = namespace_path(&self.prog, primary);
        let key = format!("{}{name}", qualifier(&ns));
        if self.primary_templates.iter().any(|(n, _, _)| *n == key) {
            return;
        }
        let mut params: Vec<Param> = primary.params.clone();
        for &i in wrt {
            let p = &primary.params[i];
            let adjoint = adjoint::adj_name(p.name.as_deref().unwrap_or("p"));
            params.push(builder::param(&adjoint, derivative_ty(p)));
        }
        for p in &mut params {
            p.default = None;
        }
        let mut decl = builder::derived_function(primary, name, params, ret, None);
        decl.attrs.launch_bounds = None;
        self.primary_templates.push((key, decl, ns));
    }

    fn find_definition(&self, function: &str, span: Span) -> Result<&'a Function, Vec<Diagnostic>> {
        let candidates = self.prog.functions(function);
        // Overloads (llm.c names a kernel and its launcher alike): the request does not say
        // which one it means.
        let defined: Vec<&Function> = candidates
            .iter()
            .copied()
            .filter(|f| f.body.is_some())
            .collect();
        if defined.len() > 1 {
            return Err(defined
                .iter()
                .map(|f| {
                    Diagnostic::error(
                        f.name_span,
                        format!(
                            "`{function}` is overloaded ({} definitions): cuad cannot tell which one to differentiate; give the one you mean a name of its own",
                            defined.len()
                        ),
                    )
                })
                .collect());
        }
        candidates
            .iter()
            .copied()
            .find(|f| f.body.is_some())
            .ok_or_else(|| {
                if candidates.is_empty() {
                    // A function cuad could not model is kept verbatim (island.rs): say why.
                    if let Some((at, reason)) = opaque_defining(&self.prog.tu.items, function) {
                        let why = if reason.is_empty() {
                            String::new()
                        } else {
                            format!(" ({reason})")
                        };
                        return vec![Diagnostic::error(
                            at,
                            format!(
                                "`{function}` cannot be differentiated: cuad could not model \
                                 its definition{why}"
                            ),
                        )];
                    }
                }
                let msg = if candidates.is_empty() {
                    format!("no function named `{function}` in this file")
                } else {
                    format!("`{function}` is declared here but has no body to differentiate")
                };
                vec![Diagnostic::error(
                    candidates.first().map(|f| f.name_span).unwrap_or(span),
                    msg,
                )]
            })
    }

    /// Does the request name an integer parameter (or, naming none, leave only integer ones)?
    /// Clad differentiates integers too; cuad does for such requests only.
    fn wants_integer_adjoints(&self, func: &Function, wrt: Option<&[String]>) -> bool {
        let canonical = |p: &Param| self.prog.canonical(&p.ty);
        let integer = |p: &Param| {
            let ty = canonical(p);
            activity::is_integer_based(&ty) && !activity::is_differentiable(&self.prog, &ty)
        };
        match wrt {
            Some(names) => names.iter().any(|w| {
                let w = w.trim();
                func.params
                    .iter()
                    .enumerate()
                    .find(|(i, p)| p.name.as_deref() == Some(w) || w.parse::<usize>() == Ok(*i))
                    .is_some_and(|(_, p)| integer(p))
            }),
            None => {
                !func
                    .params
                    .iter()
                    .any(|p| activity::is_differentiable(&self.prog, &canonical(p)))
                    && func.params.iter().any(integer)
            }
        }
    }

    /// A parameter that is a library container of reals (`thrust::device_vector<double>`,
    /// `std::vector<float>`): cuad has no adjoints for containers (nor derivatives of thrust's
    /// algorithms), so a request w.r.t. one is refused with what to pass instead.
    fn container_param(&self, func: &Function, p: &Param) -> Option<Diagnostic> {
        let ty = self.prog.canonical(&p.ty);
        let elem = cuad_sema::builtins::container_element(&ty)?;
        if !activity::is_real(&self.prog.canonical(&elem)) {
            return None;
        }
        let TyKind::Named { name, .. } = &cuad_sema::types::strip_refs(&ty).kind else {
            return None;
        };
        Some(Diagnostic::error(
            p.span,
            format!(
                "parameter `{}` of `{}` is a `{name}`: cuad does not differentiate w.r.t. library \
                 containers (std::vector, thrust vectors) or through thrust's algorithms yet; \
                 take a pointer to the elements instead (`T*`: `v.data()`, \
                 `thrust::raw_pointer_cast(v.data())`) and compute with loops or kernels",
                p.name.as_deref().unwrap_or("?"),
                func.name
            ),
        ))
    }

    fn wrt_indices(
        &self,
        func: &Function,
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<Vec<usize>, Vec<Diagnostic>> {
        let names: Vec<Option<&str>> = func.params.iter().map(|p| p.name.as_deref()).collect();
        let Some(wrt) = wrt else {
            // Every parameter is requested: one that is a container would be silently left out.
            if let Some(d) = func
                .params
                .iter()
                .find_map(|p| self.container_param(func, p))
            {
                return Err(vec![d]);
            }
            let all: Vec<usize> = func
                .params
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    activity::is_differentiable(&self.prog, &self.prog.canonical(&p.ty))
                })
                .map(|(i, _)| i)
                .collect();
            if all.is_empty() {
                return Err(vec![Diagnostic::error(
                    func.name_span,
                    format!("no parameter of `{}` can carry a derivative (only real numbers, pointers to them and structs of them do)", func.name),
                )]);
            }
            return Ok(all);
        };
        let mut out = Vec::new();
        let mut errors = Vec::new();
        for w in wrt {
            let w = w.trim();
            let idx = names
                .iter()
                .position(|n| *n == Some(w))
                .or_else(|| w.parse::<usize>().ok().filter(|&i| i < names.len()));
            match idx {
                Some(i) if activity::is_differentiable(&self.prog, &self.prog.canonical(&func.params[i].ty)) => out.push(i),
                Some(i) => errors.push(self.container_param(func, &func.params[i]).unwrap_or_else(|| Diagnostic::error(
                    func.params[i].span,
                    format!("parameter `{w}` of `{}` cannot carry a derivative (not a real number or a pointer to one)", func.name),
                ))),
                None if w.contains('[') => errors.push(Diagnostic::error(span, format!("`{w}`: differentiating w.r.t. an array element is not supported; use the array"))),
                None => errors.push(Diagnostic::error(span, format!("`{}` has no parameter named `{w}`", func.name))),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Generates `func`'s derivative and, transitively, every pullback and kernel gradient it
    /// calls.
    fn generate_all(
        &mut self,
        func: &Function,
        name: &str,
        mode: Mode,
        target: Target,
        explanations: &mut Vec<String>,
    ) -> Result<(), Vec<Diagnostic>> {
        let mut queue = vec![(func.clone(), name.to_string(), mode, target)];
        let mut instances = InstanceCount::default();
        while let Some((mut f, n, m, t)) = queue.pop() {
            // `auto f(...)`: the return type deduced from the body (the pullback's `_d_y`).
            if matches!(f.ret.kind, TyKind::Auto) {
                if let Some(ret) = self.prog.return_type(&f, &Default::default()) {
                    f.ret = ret;
                }
            }
            methods::qualify_class_scope(&self.prog, &mut f);
            // Overloads (template instances) share a name: key by name and parameter types.
            let key = self.instance_key(&f, &n);
            // A pullback made for whole warps is made again when a call may split a warp.
            let split_warp = matches!(
                t,
                Target::Pullback {
                    split_warp: true,
                    ..
                }
            );
            let redo = match self.done.iter().position(|(d, _, _)| *d == key) {
                Some(_) if !split_warp || self.split_warp_keys.contains(&key) => continue,
                at => at,
            };
            if split_warp {
                self.split_warp_keys.insert(key.clone());
            }
            // Counted once made: many calls may request one derivative.
            instances.note(&f)?;
            let scope = self.lookup_scope(&f);
            let mut g = self
                .prog
                .with_lookup_scope(scope, || generate(&self.prog, &f, &n, m, &t))?;
            if m == Mode::Kernel && matches!(t, Target::Grad { .. }) {
                let callees = callees_read_block_index(&self.prog, &f);
                g.helpers.merge_blocks |= block_merge::rewrite(&mut g.function, callees);
            }
            if n.contains('<') {
                // an explicit specialization of the gradient's primary template
                g.function.template = Some(vec![]);
            }
            self.helpers.merge(g.helpers);
            explanations.extend(g.explanations.into_iter().map(|e| format!("{n}: {e}")));
            let ns = namespace_path(&self.prog, &f);
            match redo {
                Some(at) => self.done[at] = (key, g.function, ns),
                None => self.done.push((key, g.function, ns)),
            }
            for req in g.pullbacks {
                let target = Target::Pullback {
                    globals: req.globals,
                    mixed: req.mixed,
                    active: req.active,
                    caller_zeroes_region: req.caller_zeroes_region,
                    split_warp: req.split_warp,
                    symbols: req.symbols,
                };
                queue.push((req.callee, req.name, req.mode, target));
            }
            for k in g.extra_kernels {
                let key = instance_key(&[], &k, &k.name);
                if !self.done.iter().any(|(d, _, _)| *d == key) {
                    self.done.push((key, k, vec![]));
                }
            }
            for decl in g.adjoint_globals {
                if !self.adjoint_globals.contains(&decl) {
                    self.adjoint_globals.push(decl);
                }
            }
            for req in g.kernel_grads {
                let mut kn =
                    symbols::kernel_grad_name(&self.prog, &req.kernel, &req.wrt, &req.symbols);
                if let Some(primary) = &req.primary {
                    self.declare_primary_template(primary, &kn, &req.wrt);
                    kn = format!("{kn}<{}>", print_template_args(&req.template_args));
                }
                // A host gradient composes launches: each must consume its seeds.
                let target = Target::Grad {
                    wrt: req.wrt,
                    keep_seeds: false,
                    symbols: req.symbols,
                };
                queue.push((req.kernel, kn, Mode::Kernel, target));
            }
        }
        Ok(())
    }

    /// The named namespaces `f`'s body looks names up from (anonymous ones are transparent).
    fn lookup_scope(&self, f: &Function) -> Vec<String> {
        namespace_path(&self.prog, f)
            .into_iter()
            .flatten()
            .collect()
    }

    /// `instance_key` of the derivative `name` of `f`, in `f`'s namespaces.
    fn instance_key(&self, f: &Function, name: &str) -> String {
        instance_key(&namespace_path(&self.prog, f), f, name)
    }

    /// The names of the functions generated so far (unqualified).
    pub fn generated_names(&self) -> Vec<String> {
        self.done.iter().map(|(_, f, _)| f.name.clone()).collect()
    }

    /// All generated code so far.
    pub fn finish(mut self) -> Generated {
        for (_, f, _) in &mut self.done {
            if let Some(body) = &mut f.body {
                loop_pragmas::reattach(body);
            }
        }
        if let Some(n) = self.max_registers {
            for (_, f, _) in &mut self.done {
                if f.attrs.global && f.attrs.launch_bounds.is_none() {
                    f.attrs.max_registers =
                        Some(Box::new(Expr::synth(ExprKind::IntLit(n.to_string()))));
                }
            }
        }
        let mut prototypes = String::new();
        if self.helpers.value_and_pushforward {
            // Pushforward prototypes name the struct; prototypes may go before the helpers.
            prototypes.push_str(&helpers::helper_code(&Helpers {
                value_and_pushforward: true,
                ..Helpers::default()
            }));
        }
        for (_, f, ns) in &self.primary_templates {
            prototypes.push_str(&in_namespaces(ns, &cuad_emit::print_function(f)));
            prototypes.push('\n');
        }
        for (_, f, ns) in &self.done {
            let mut proto = f.clone();
            proto.body = None;
            prototypes.push_str(&in_namespaces(ns, &cuad_emit::print_function(&proto)));
            prototypes.push('\n');
        }
        let stand_ins = self.used_method_stand_ins();
        // Constructor stand-ins start from a zeroed object (methods.rs).
        self.helpers.zero_tangent |= stand_ins.contains("cuad_zero_tangent<");
        // The prototypes (below) carry `cuad_value_and_pushforward`.
        let mut definitions = helpers::helper_code(&Helpers {
            value_and_pushforward: false,
            ..self.helpers
        });
        definitions.push_str(&stand_ins);
        for decl in &self.adjoint_globals {
            definitions.push_str(decl);
            definitions.push('\n');
        }
        if !self.done.is_empty() {
            definitions.push_str(&prototypes);
            definitions.push('\n');
        }
        for (_, f, ns) in &self.done {
            definitions.push_str(&in_namespaces(ns, &cuad_emit::print_function(f)));
            definitions.push('\n');
        }
        Generated {
            prototypes,
            definitions,
        }
    }
}

impl Differentiator<'_> {
    /// Prototypes and definitions of the method stand-ins the generated code calls (directly
    /// or through other stand-ins).
    fn used_method_stand_ins(&self) -> String {
        let generated: String = self
            .done
            .iter()
            .map(|(_, f, _)| cuad_emit::print_function(f))
            .collect();
        let mut used: Vec<&Function> = Vec::new();
        let mut texts = vec![generated];
        while let Some(text) = texts.pop() {
            // Member operators' stand-ins are never emitted: next to the member they would
            // make `a * s` ambiguous, and the generated code calls only their pullbacks.
            for f in self
                .lowered
                .iter()
                .filter(|f| !f.name.starts_with("operator"))
            {
                // Every overload of a called name: the C++ compiler picks among them.
                let same =
                    |u: &Function| instance_key(&[], u, &u.name) == instance_key(&[], f, &f.name);
                if !used.iter().any(|u| same(u)) && calls_name(&text, &f.name) {
                    used.push(f);
                    texts.push(cuad_emit::print_function(f));
                }
            }
        }
        if used.is_empty() {
            return String::new();
        }
        let mut out = String::from(
            "// functions cuad rewrote (methods as free functions, specialized helpers), called by the generated code\n",
        );
        // A method of a struct in a namespace stands in that namespace, where the names its
        // signature and body use resolve; a using-declaration makes it callable from code
        // outside it (a kernel at file scope).
        for f in &used {
            let mut proto = (*f).clone();
            proto.body = None;
            let ns = namespace_path(&self.prog, f);
            out.push_str(&in_namespaces(&ns, &cuad_emit::print_function(&proto)));
            out.push('\n');
            let q = qualifier(&ns);
            if !q.is_empty() {
                out.push_str(&format!("using {q}{};\n", f.name));
            }
        }
        for f in &used {
            let ns = namespace_path(&self.prog, f);
            let mut f = (*f).clone();
            normalize::written_range_extents(&self.prog, &mut f);
            out.push_str(&in_namespaces(&ns, &cuad_emit::print_function(&f)));
            out.push('\n');
        }
        out
    }
}

/// Whether printed code calls `name(`, calls `name<...>(` with template arguments or launches
/// `name<<<`.
fn calls_name(text: &str, name: &str) -> bool {
    [format!("{name}("), format!("{name}<")].iter().any(|p| {
        text.match_indices(p.as_str()).any(|(i, _)| {
            !text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    })
}

/// The identity of a generated function: its namespaces (`a::f_pullback` and `b::f_pullback`
/// are two functions), its name and its parameter types (overloads, template instances).
fn instance_key(ns: &[Option<String>], f: &Function, name: &str) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| cuad_emit::print_ty(&p.ty))
        .collect();
    format!("{}{name}({})", qualifier(ns), params.join(","))
}

/// Whether a function `f` calls (directly or not) reads `blockIdx`: callees are looked up by
/// name, methods by their name too; names cuad cannot find are builtins.
fn callees_read_block_index(prog: &Program, f: &Function) -> bool {
    reachable_functions(prog, f).into_iter().any(|callee| {
        callee.body.iter().flatten().any(|s| {
            let mut reads = false;
            crate::usage::visit_stmt_exprs(s, &mut |e| {
                reads |= crate::usage::any_expr(
                    e,
                    &|x| matches!(&x.kind, ExprKind::Ident(n) if n == "blockIdx"),
                )
            });
            reads
        })
    })
}

/// The user functions `f` calls, transitively (every overload of each called name).
pub(crate) fn reachable_functions<'p>(prog: &'p Program, f: &Function) -> Vec<&'p Function> {
    let mut seen = crate::usage::Names::new();
    let mut stack = called_names(f);
    let mut out: Vec<&Function> = Vec::new();
    while let Some(name) = stack.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        for callee in prog.functions(&name) {
            stack.extend(called_names(callee));
            out.push(callee);
        }
    }
    out
}

/// The names `f`'s body calls: functions, and methods by their member name.
fn called_names(f: &Function) -> Vec<String> {
    let mut names = Vec::new();
    for s in f.body.iter().flatten() {
        crate::usage::visit_stmt_exprs(s, &mut |e| {
            crate::usage::walk_expr(e, &mut |x| {
                if let ExprKind::Call { callee, .. } = &x.kind {
                    match &callee.kind {
                        ExprKind::Ident(n) => {
                            names.push(n.rsplit("::").next().unwrap_or(n).to_string())
                        }
                        ExprKind::Member { field, .. } => names.push(field.clone()),
                        _ => {}
                    }
                }
            })
        });
    }
    names
}

/// The namespaces a function's generated code goes into: those enclosing its definition, then
/// those of an out-of-line definition's qualifier (`phys::f` defined at file scope).
pub(crate) fn namespace_path(prog: &Program, f: &Function) -> Vec<Option<String>> {
    let mut path = prog.namespace_of(f);
    if let Some((qual, _)) = f.name.rsplit_once("::") {
        let qual = qual.trim_start_matches("::");
        if !qual.is_empty() && prog.is_namespace(qual) {
            path.extend(qual.split("::").map(|p| Some(p.trim().to_string())));
        }
    }
    path
}

/// `::a::b::` for the named namespaces of `path` (anonymous ones are transparent), or "".
pub(crate) fn qualifier(path: &[Option<String>]) -> String {
    let named: Vec<&str> = path.iter().flatten().map(String::as_str).collect();
    if named.is_empty() {
        String::new()
    } else {
        format!("::{}::", named.join("::"))
    }
}

/// `ty` as written inside the namespaces `path`, spelled so that it means the same anywhere:
/// a type name declared in one of those namespaces gets its full qualification (`Vec3` ->
/// `::mylib::math::Vec3` for a parameter of `mylib::math::cross`), innermost first.
pub(crate) fn qualify_ty(prog: &Program, ty: &Ty, path: &[Option<String>]) -> Ty {
    let named: Vec<&str> = path.iter().flatten().map(String::as_str).collect();
    if named.is_empty() {
        return ty.clone();
    }
    let kind = match &ty.kind {
        TyKind::Named { name, args } => {
            let args = args
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => TemplateArg::Type(qualify_ty(prog, t, path)),
                    other => other.clone(),
                })
                .collect();
            let name = if name.starts_with("::") {
                name.clone()
            } else {
                (1..=named.len())
                    .rev()
                    .map(|k| format!("{}::{name}", named[..k].join("::")))
                    .find(|q| prog.is_type_name(q))
                    .map_or_else(|| name.clone(), |q| format!("::{q}"))
            };
            TyKind::Named { name, args }
        }
        TyKind::Pointer { pointee, restrict } => TyKind::Pointer {
            pointee: Box::new(qualify_ty(prog, pointee, path)),
            restrict: *restrict,
        },
        TyKind::LRef(t) => TyKind::LRef(Box::new(qualify_ty(prog, t, path))),
        TyKind::RRef(t) => TyKind::RRef(Box::new(qualify_ty(prog, t, path))),
        TyKind::Array { elem, len } => TyKind::Array {
            elem: Box::new(qualify_ty(prog, elem, path)),
            len: len.clone(),
        },
        other => other.clone(),
    };
    Ty { kind, ..ty.clone() }
}

/// The unqualified name of a function whose out-of-line definition names its namespace.
/// The name a struct's constructors have: a specialization's without its arguments (`Poly`
/// for `Poly<T, 1>`).
pub(crate) fn class_name(def: &cuad_syntax::ast::StructDef) -> Option<String> {
    let name = def.name.as_deref()?;
    Some(name.split('<').next().unwrap_or(name).trim().to_string())
}

pub(crate) fn base_name<'n>(prog: &Program, name: &'n str) -> &'n str {
    match name.rsplit_once("::") {
        Some((qual, base)) if prog.is_namespace(qual.trim_start_matches("::")) => base,
        _ => name,
    }
}

/// `float, 256`.
fn print_template_args(args: &[TemplateArg]) -> String {
    let printed: Vec<String> = args
        .iter()
        .map(|a| match a {
            TemplateArg::Type(t) => cuad_emit::print_ty(t),
            TemplateArg::Expr(e) => cuad_emit::print_expr(e),
        })
        .collect();
    printed.join(", ")
}

/// `code` wrapped in `namespace a { ... }` for each namespace of `path`.
fn in_namespaces(path: &[Option<String>], code: &str) -> String {
    let mut out = String::new();
    for ns in path {
        match ns {
            Some(n) => out.push_str(&format!("namespace {n} {{\n")),
            None => out.push_str("namespace {\n"),
        }
    }
    out.push_str(code);
    for ns in path.iter().rev() {
        out.push_str(&format!(
            "}} // namespace {}\n",
            ns.as_deref().unwrap_or("")
        ));
    }
    out
}

/// `NAME_grad` when `wrt` lists every parameter, else `NAME_grad_<i>_<j>...`.
pub(crate) fn grad_name(prog: &Program, func: &Function, wrt: &[usize]) -> String {
    let mut name = format!("{}_grad", base_name(prog, &func.name));
    if wrt.len() != func.params.len() {
        for i in wrt {
            name.push_str(&format!("_{i}"));
        }
    }
    name
}

/// The definition of `cuad_value_and_pushforward` (include-guarded), which pushforwards return;
/// for code that names it before the generated definitions.
pub fn value_and_pushforward_code() -> String {
    helpers::helper_code(&Helpers {
        value_and_pushforward: true,
        ..Helpers::default()
    })
}

/// Whether a type is `void` (used by the CLI for messages).
pub fn is_void(f: &Function) -> bool {
    matches!(f.ret.kind, TyKind::Void)
}

/// Every function with a body at namespace scope.
fn all_functions(items: &[cuad_syntax::ast::Item]) -> Vec<&Function> {
    let mut out = Vec::new();
    for item in items {
        match item {
            cuad_syntax::ast::Item::Function(f) if f.body.is_some() => out.push(f),
            cuad_syntax::ast::Item::Namespace { items, .. }
            | cuad_syntax::ast::Item::ExternC { items, .. } => out.extend(all_functions(items)),
            _ => {}
        }
    }
    out
}

/// Derivatives made per function for one request: a template whose instances call ever
/// new instances (`Sum<N>::run` calling `Sum<N - 1>::run`, ended by an explicit
/// specialization cuad does not model) would never stop.
#[derive(Default)]
struct InstanceCount(std::collections::HashMap<String, usize>);

impl InstanceCount {
    const LIMIT: usize = 64;

    fn note(&mut self, f: &Function) -> Result<(), Vec<Diagnostic>> {
        let count = self.0.entry(f.name.clone()).or_default();
        *count += 1;
        if *count <= Self::LIMIT {
            return Ok(());
        }
        Err(vec![Diagnostic::error(
            f.name_span,
            format!(
                "cuad stopped differentiating instances of `{}` after {}: each calls another (a recursion over template arguments that a specialization, which cuad does not model, would end?)",
                f.name,
                Self::LIMIT
            ),
        )])
    }
}

/// Does the file specialize class template `name` (explicitly or partially)? Specializations
/// cuad parses are structs named `name<...>`; others are kept verbatim.
pub(crate) fn class_has_specialization(items: &[Item], name: &str) -> bool {
    let spelled = format!("{name}<");
    items.iter().any(|item| match item {
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            class_has_specialization(items, name)
        }
        Item::Struct(s) => s.name.as_deref().is_some_and(|n| n.starts_with(&spelled)),
        Item::Opaque { text, .. } => {
            let compact: String = text.split_whitespace().collect();
            compact.starts_with("template<")
                && (compact.contains(&format!("struct{spelled}"))
                    || compact.contains(&format!("class{spelled}")))
        }
        _ => false,
    })
}

/// Does the file specialize class template `name` in a form the parser keeps verbatim
/// (whose members cuad cannot see, so it cannot tell which instances it serves)?
pub(crate) fn class_has_opaque_specialization(items: &[Item], name: &str) -> bool {
    let spelled = format!("{name}<");
    items.iter().any(|item| match item {
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            class_has_opaque_specialization(items, name)
        }
        Item::Opaque { text, .. } => {
            let compact: String = text.split_whitespace().collect();
            compact.starts_with("template<")
                && (compact.contains(&format!("struct{spelled}"))
                    || compact.contains(&format!("class{spelled}")))
        }
        _ => false,
    })
}

/// The span of an explicit specialization of the function template `name` (`template <>
/// double pown<0>(double x)`), which the parser keeps verbatim: instances of `name` would
/// be differentiated from the primary template instead (and a recursion that the
/// specialization ends would not end).
pub(crate) fn opaque_specialization(items: &[Item], name: &str) -> Option<Span> {
    let name = name.rsplit("::").next().unwrap_or(name);
    items.iter().find_map(|item| match item {
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => {
            opaque_specialization(items, name)
        }
        Item::Opaque { text, span, .. } => {
            let compact: String = text.split_whitespace().collect();
            let bytes = text.as_bytes();
            let is_ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
            let specializes = compact.starts_with("template<>")
                && text.match_indices(name).any(|(at, _)| {
                    let end = at + name.len();
                    (at == 0 || !is_ident(bytes[at - 1]))
                        && text[end..].trim_start().starts_with('<')
                });
            specializes.then_some(*span)
        }
        _ => None,
    })
}

/// A variadic template requested or launched directly (its instances are made only for calls
/// from differentiated code).
pub(crate) fn variadic_request_message(name: &str) -> String {
    format!(
        "`{name}` is a variadic template (`typename... Ts`): cuad instantiates variadic templates where differentiated code calls them, but does not differentiate one requested with --fn or launched as a kernel; call it from a non-variadic function or kernel"
    )
}

pub(crate) fn specialization_message(name: &str) -> String {
    format!("cuad cannot differentiate calls of `{name}`: it has an explicit specialization (`template <>`), which cuad does not model")
}

/// The span and reason of a top-level construct kept verbatim (`Item::Opaque`) that defines
/// a function named `name` (its text has `name (` followed later by a `{`).
fn opaque_defining(items: &[Item], name: &str) -> Option<(Span, String)> {
    items.iter().find_map(|item| match item {
        Item::Namespace { items, .. } | Item::ExternC { items, .. } => opaque_defining(items, name),
        Item::Opaque { text, span, reason } => {
            let bytes = text.as_bytes();
            let is_ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
            let defines = text.match_indices(name).any(|(at, _)| {
                let end = at + name.len();
                (at == 0 || !is_ident(bytes[at - 1]))
                    && text[end..].trim_start().starts_with('(')
                    && text[end..].contains('{')
            });
            defines.then(|| (*span, reason.clone()))
        }
        _ => None,
    })
}

/// A kernel's gradient takes the adjoints of its outputs from the `--wrt` parameters: when
/// none of the pointers it writes is among them, every adjoint it computes is zero.
fn outputs_left_out(func: &Function, interface: &Interface) -> Option<Diagnostic> {
    let seeded = |name: &str| {
        let adjoint = format!("_d_{name}");
        interface
            .derivative_params
            .iter()
            .any(|p| p.name.as_deref() == Some(adjoint.as_str()))
    };
    let written: Vec<&str> = interface
        .params
        .iter()
        .filter(|p| p.access.is_some_and(|a| a.writes))
        .filter_map(|p| p.param.name.as_deref())
        .collect();
    if written.is_empty() || written.iter().any(|n| seeded(n)) {
        return None;
    }
    let list = written
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let left_out = if written.len() == 1 {
        "which is not in --wrt"
    } else {
        "none of them in --wrt"
    };
    Some(Diagnostic::warning(
        func.name_span,
        format!("`{}` writes {list}, {left_out}: the gradient gets no output adjoint, so every adjoint it computes is zero (add the outputs to --wrt)", func.name),
    ))
}
