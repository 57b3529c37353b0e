//! In-process API of cuad: what `cuad grad` and `cuad fwd` do, as library calls.
//!
//! ```no_run
//! let request = cuad_api::Request {
//!     wrt: Some(vec!["x".into()]),
//!     ..cuad_api::Request::new("kernels/saxpy.cu", "saxpy")
//! };
//! match cuad_api::grad(&request) {
//!     Ok(out) => std::fs::write("saxpy_grad.cu", &out.source).unwrap(),
//!     Err(e) => eprint!("{e}"),
//! }
//! ```
//!
//! The generated source is the input file followed by the generated functions, exactly what
//! the command line writes, so plain `nvcc` compiles it.

use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::{Diagnostics, SourceMap, Span};
use std::fmt;
use std::path::PathBuf;

/// What to differentiate: the arguments of `cuad grad` / `cuad fwd`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// The `.cu` file to read (never written).
    pub file: PathBuf,
    /// The function or kernel, possibly qualified (`phys::step`) or a template's instance
    /// (`layer<float, 256>`).
    pub function: String,
    /// Parameters to differentiate with respect to; `None`: every parameter that can carry a
    /// derivative.
    pub wrt: Option<Vec<String>>,
    /// `-I` directories.
    pub include_dirs: Vec<PathBuf>,
    /// `-D NAME[=VALUE]` macros.
    pub defines: Vec<(String, Option<String>)>,
    /// `-U NAME` macros.
    pub undefines: Vec<String>,
    /// Outputs a kernel writes once per element keep their adjoint (`--keep-seeds`).
    pub keep_seeds: bool,
    /// `__maxnreg__(N)` on the generated kernels, N from 16 to 255 (`--max-registers`).
    pub max_registers: Option<u32>,
}

impl Request {
    /// A request for `function` in `file` with every other field at its default.
    pub fn new(file: impl Into<PathBuf>, function: impl Into<String>) -> Request {
        Request {
            file: file.into(),
            function: function.into(),
            ..Request::default()
        }
    }
}

/// A successful derivation.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The input file followed by the generated code: what `cuad grad`/`cuad fwd` print.
    pub source: String,
    /// The generated function, qualified with its namespaces (`phys::k_grad_0`); a template
    /// instance's gradient is this name followed by `template_args` in angle brackets.
    pub function: String,
    /// For a template's instance, its printed arguments (`float, 4`).
    pub template_args: Option<String>,
    /// The function differentiated is a `__global__` kernel (so is the generated one).
    pub is_kernel: bool,
    /// Rendered warnings (`file:line:col: warning: ...` with the source line and a caret);
    /// empty when there are none.
    pub warnings: String,
    /// Why each adjoint update got its accumulation strategy (`cuad grad --explain`).
    pub explanations: Vec<String>,
}

/// Why a derivation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input file could not be read.
    Read,
    /// The request itself is malformed (unreadable template arguments in `function`,
    /// `max_registers` out of range).
    Request,
    /// The source or the differentiation reported errors.
    Diagnostics,
}

/// A failed derivation: `message` holds the rendered diagnostics (`file:line:col: error: ...`,
/// the source line and a caret under the construct), as the command line prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Reverse mode (`cuad grad`): the gradient of `request.function`.
pub fn grad(request: &Request) -> Result<Output, Error> {
    derive(request, Direction::Reverse)
}

/// Forward mode (`cuad fwd`): the pushforward of `request.function`.
pub fn fwd(request: &Request) -> Result<Output, Error> {
    derive(request, Direction::Forward)
}

#[derive(Clone, Copy, PartialEq)]
enum Direction {
    Reverse,
    Forward,
}

fn derive(request: &Request, direction: Direction) -> Result<Output, Error> {
    let error = |kind, message: String| Error { kind, message };
    if let Some(n) = request.max_registers {
        if !(16..=255).contains(&n) {
            return Err(error(
                ErrorKind::Request,
                format!("error: `max_registers` must be from 16 to 255, not {n}\n"),
            ));
        }
    }
    let text = std::fs::read_to_string(&request.file).map_err(|e| {
        error(
            ErrorKind::Read,
            format!("error: cannot read {}: {e}\n", request.file.display()),
        )
    })?;
    let options = PpOptions {
        include_dirs: request.include_dirs.clone(),
        defines: request.defines.clone(),
        undefines: request.undefines.clone(),
    };
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add(&request.file, text);
    let tokens = pp::preprocess(&mut sm, file, &options, &mut diags);
    let tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    if diags.has_errors() {
        return Err(error(ErrorKind::Diagnostics, diags.render(&sm)));
    }
    let source = sm.file(file).text.clone();
    let function = &request.function;
    // `layer<float, 256>`: an instance of a function template.
    let (name, template_args) = match function.find('<') {
        Some(at) if function.trim_end().ends_with('>') => {
            let text = function[at..].to_string();
            let args_file = sm.add("<--fn template arguments>", text.clone());
            let tokens = cuad_syntax::lexer::lex(args_file, &text, &mut diags);
            match cuad_syntax::parser::parse_template_args_text(&tokens, &mut diags) {
                Some(args) if !diags.has_errors() => (function[..at].trim().to_string(), args),
                _ => {
                    return Err(error(
                        ErrorKind::Request,
                        format!(
                            "{}error: cannot read the template arguments of `--fn {function}`\n",
                            diags.render(&sm)
                        ),
                    ))
                }
            }
        }
        _ => (function.clone(), vec![]),
    };
    let mut d = cuad_diff::Differentiator::new(&tu, &sm);
    d.set_keep_seeds(request.keep_seeds);
    if let Some(n) = request.max_registers {
        d.set_max_registers(n);
    }
    let wrt = request.wrt.as_deref();
    let info = match direction {
        Direction::Reverse => d.gradient_instance(&name, &template_args, wrt, Span::default()),
        Direction::Forward => d.pushforward_instance(&name, &template_args, wrt, Span::default()),
    };
    let info = info.map_err(|errors| {
        for e in errors {
            diags.push(e);
        }
        error(ErrorKind::Diagnostics, diags.render(&sm))
    })?;
    let generated = d.finish();
    let qualified = info.qualified_name.trim_start_matches("::").to_string();
    let mut out = source;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!(
        "\n// ---- generated by cuad: {} of `{name}` is `{qualified}` ----\n",
        match direction {
            Direction::Reverse => "gradient",
            Direction::Forward => "pushforward",
        },
    ));
    out.push_str(&generated.definitions);
    Ok(Output {
        source: out,
        function: qualified,
        template_args: info.template_args,
        is_kernel: info.is_kernel,
        warnings: diags.render(&sm),
        explanations: info.explanations,
    })
}
