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

mod activity;
mod adjoint;
mod builder;
mod calls;
mod fuse;
mod helpers;
mod host;
mod index;
mod instantiate;
mod jumps;
mod merge;
mod normalize;
mod recompute;
mod replay;
mod reverse;
mod rules;
mod usage;

use cuad_sema::Program;
use cuad_syntax::ast::{Expr, ExprKind, Function, TranslationUnit, TyKind};
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
    /// The primal is a `__global__` kernel (use `execute_kernel`).
    pub is_kernel: bool,
    /// Printed source of the generated function and the pullbacks it calls.
    pub code: String,
    /// Why each adjoint update got its accumulation strategy (`cuad grad --explain`).
    pub explanations: Vec<String>,
}

pub struct Differentiator<'a> {
    prog: Program<'a>,
    #[allow(dead_code)]
    sm: &'a SourceMap,
    /// Generated functions in generation order: (name, function).
    done: Vec<(String, Function)>,
    helpers: Helpers,
    /// `__maxnreg__` for generated kernels (`cuad grad --max-registers`).
    max_registers: Option<u32>,
}

impl<'a> Differentiator<'a> {
    pub fn new(tu: &'a TranslationUnit, sm: &'a SourceMap) -> Differentiator<'a> {
        Differentiator {
            prog: Program::new(tu),
            sm,
            done: vec![],
            helpers: Helpers::default(),
            max_registers: None,
        }
    }

    /// Caps the registers per thread of every generated kernel (`__maxnreg__(n)`), except
    /// kernels that carry the primal's `__launch_bounds__` (nvcc rejects both on one kernel).
    /// A gradient kernel often needs twice the forward's registers; when that halves its
    /// occupancy, a cap can pay for its spills (see docs/PERFORMANCE.md).
    pub fn set_max_registers(&mut self, n: u32) {
        self.max_registers = Some(n);
    }

    /// Requests the gradient of `function` w.r.t. `wrt` (parameter names; `None` = every
    /// parameter that can carry a derivative). `span` locates the request for diagnostics.
    pub fn gradient(
        &mut self,
        function: &str,
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        let func = self.find_definition(function, span)?;
        let wrt = self.wrt_indices(func, wrt, span)?;
        let name = grad_name(func, &wrt);
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
            .any(|(k, _)| *k == instance_key(func, &name))
        {
            self.generate_all(func, &name, mode, Target::Grad { wrt }, &mut explanations)?;
        }
        let code = self.done[before..]
            .iter()
            .rev()
            .map(|(_, f)| cuad_emit::print_function(f))
            .collect::<Vec<_>>()
            .join("\n");
        Ok(GradInfo {
            name,
            is_kernel: func.attrs.global,
            code,
            explanations,
        })
    }

    fn find_definition(&self, function: &str, span: Span) -> Result<&'a Function, Vec<Diagnostic>> {
        let candidates = self.prog.functions(function);
        candidates
            .iter()
            .copied()
            .find(|f| f.body.is_some())
            .ok_or_else(|| {
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

    fn wrt_indices(
        &self,
        func: &Function,
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<Vec<usize>, Vec<Diagnostic>> {
        let names: Vec<Option<&str>> = func.params.iter().map(|p| p.name.as_deref()).collect();
        let Some(wrt) = wrt else {
            return Ok(func
                .params
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    activity::is_differentiable(&self.prog, &self.prog.canonical(&p.ty))
                })
                .map(|(i, _)| i)
                .collect());
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
                Some(i) => errors.push(Diagnostic::error(
                    func.params[i].span,
                    format!("parameter `{w}` of `{}` cannot carry a derivative (not a real number or a pointer to one)", func.name),
                )),
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
        func: &'a Function,
        name: &str,
        mode: Mode,
        target: Target,
        explanations: &mut Vec<String>,
    ) -> Result<(), Vec<Diagnostic>> {
        let mut queue = vec![(func.clone(), name.to_string(), mode, target)];
        while let Some((f, n, m, t)) = queue.pop() {
            // Overloads (template instances) share a name: key by name and parameter types.
            let key = instance_key(&f, &n);
            if self.done.iter().any(|(d, _)| *d == key) {
                continue;
            }
            let g = generate(&self.prog, &f, &n, m, &t)?;
            self.helpers.merge(g.helpers);
            explanations.extend(g.explanations.into_iter().map(|e| format!("{n}: {e}")));
            self.done.push((key, g.function));
            for req in g.pullbacks {
                let target = Target::Pullback {
                    globals: req.globals,
                    active: req.active,
                };
                queue.push((req.callee, req.name, req.mode, target));
            }
            for (kernel, wrt) in g.kernel_grads {
                if let Some(k) = self
                    .prog
                    .functions(&kernel)
                    .into_iter()
                    .find(|c| c.body.is_some())
                {
                    let kn = grad_name(k, &wrt);
                    queue.push((k.clone(), kn, Mode::Kernel, Target::Grad { wrt }));
                }
            }
        }
        Ok(())
    }

    /// All generated code so far.
    pub fn finish(mut self) -> Generated {
        if let Some(n) = self.max_registers {
            for (_, f) in &mut self.done {
                if f.attrs.global && f.attrs.launch_bounds.is_none() {
                    f.attrs.max_registers =
                        Some(Box::new(Expr::synth(ExprKind::IntLit(n.to_string()))));
                }
            }
        }
        let mut prototypes = String::new();
        for (_, f) in &self.done {
            let mut proto = f.clone();
            proto.body = None;
            prototypes.push_str(&cuad_emit::print_function(&proto));
            prototypes.push('\n');
        }
        let mut definitions = helpers::helper_code(&self.helpers);
        if !self.done.is_empty() {
            definitions.push_str(&prototypes);
            definitions.push('\n');
        }
        for (_, f) in &self.done {
            definitions.push_str(&cuad_emit::print_function(f));
            definitions.push('\n');
        }
        Generated {
            prototypes,
            definitions,
        }
    }
}

fn instance_key(f: &Function, name: &str) -> String {
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| cuad_emit::print_ty(&p.ty))
        .collect();
    format!("{name}({})", params.join(","))
}

/// `NAME_grad` when `wrt` lists every parameter, else `NAME_grad_<i>_<j>...`.
pub fn grad_name(func: &Function, wrt: &[usize]) -> String {
    if wrt.len() == func.params.len() {
        return format!("{}_grad", func.name);
    }
    let mut name = format!("{}_grad", func.name);
    for i in wrt {
        name.push_str(&format!("_{i}"));
    }
    name
}

/// Whether a type is `void` (used by the CLI for messages).
pub fn is_void(f: &Function) -> bool {
    matches!(f.ret.kind, TyKind::Void)
}
