//! Differentiation: analyses and reverse mode.
//!
//! Public API (used by the CLI's `grad` and `build` commands; keep it stable):
//! ```ignore
//! let mut d = Differentiator::new(&tu, &sm);
//! let name = d.gradient("kernel", Some(&["out".into(), "in".into()]), span)?; // -> "kernel_grad_0_1"
//! let out = d.finish(); // out.prototypes, out.definitions (helpers + all generated functions)
//! ```

use cuad_syntax::ast::TranslationUnit;
use cuad_syntax::{Diagnostic, SourceMap, Span};

/// Generated code for all requests made on one [`Differentiator`].
#[derive(Debug, Default, Clone)]
pub struct Generated {
    /// Forward declarations of every generated function (insertable before first use).
    pub prototypes: String,
    /// Helper code (tape, reductions) and the definitions of every generated function,
    /// in dependency order, to be placed after the input source.
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
}

pub struct Differentiator<'a> {
    tu: &'a TranslationUnit,
    #[allow(dead_code)]
    sm: &'a SourceMap,
}

impl<'a> Differentiator<'a> {
    pub fn new(tu: &'a TranslationUnit, sm: &'a SourceMap) -> Differentiator<'a> {
        Differentiator { tu, sm }
    }

    /// Requests the gradient of `function` w.r.t. `wrt` (parameter names; `None` = every
    /// parameter that can carry a derivative). `span` locates the request for diagnostics.
    pub fn gradient(
        &mut self,
        function: &str,
        wrt: Option<&[String]>,
        span: Span,
    ) -> Result<GradInfo, Vec<Diagnostic>> {
        let _ = (self.tu, function, wrt);
        Err(vec![Diagnostic::error(span, "reverse mode is not implemented yet")])
    }

    /// All generated code so far.
    pub fn finish(self) -> Generated {
        Generated::default()
    }
}
