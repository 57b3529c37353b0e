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
//! the command line writes, so plain `nvcc` compiles it. [`derive()`] generates several
//! derivatives of one file into one source (one copy of the shared helpers).

use cuad_syntax::pp::{self, PpOptions};
use cuad_syntax::{Diagnostics, SourceMap, Span};
use std::fmt;
use std::path::PathBuf;

/// The source file to differentiate and the options that apply to all its derivatives.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// The `.cu` file to read (never written).
    pub file: PathBuf,
    /// `-I` directories (`#include "..."` also searches the including file's folder).
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

impl Input {
    /// `file` with every option at its default.
    pub fn new(file: impl Into<PathBuf>) -> Input {
        Input {
            file: file.into(),
            ..Input::default()
        }
    }
}

/// Reverse mode (gradients) or forward mode (pushforwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `cuad grad`: `NAME_grad_<indices>`, adjoints `_d_p` after the parameters.
    Reverse,
    /// `cuad fwd`: `NAME_pushforward_<indices>`, tangents `_d_p` after the parameters.
    Forward,
}

/// One derivative to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Derivative {
    pub mode: Mode,
    /// The function or kernel, possibly qualified (`phys::step`) or a template's instance
    /// (`layer<float, 256>`).
    pub function: String,
    /// Parameters to differentiate with respect to; `None`: every parameter that can carry a
    /// derivative.
    pub wrt: Option<Vec<String>>,
}

/// One derivative of one file: the arguments of `cuad grad` / `cuad fwd`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    pub input: Input,
    /// As [`Derivative::function`].
    pub function: String,
    /// As [`Derivative::wrt`].
    pub wrt: Option<Vec<String>>,
}

impl Request {
    /// A request for `function` in `file` with every other field at its default.
    pub fn new(file: impl Into<PathBuf>, function: impl Into<String>) -> Request {
        Request {
            input: Input::new(file),
            function: function.into(),
            wrt: None,
        }
    }

    fn derivative(&self, mode: Mode) -> Derivative {
        Derivative {
            mode,
            function: self.function.clone(),
            wrt: self.wrt.clone(),
        }
    }
}

/// A generated function.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub mode: Mode,
    /// The generated function, qualified with its namespaces (`phys::k_grad_0`); a template
    /// instance's derivative is this name followed by `template_args` in angle brackets.
    pub function: String,
    /// For a template's instance, its printed arguments (`float, 4`).
    pub template_args: Option<String>,
    /// The function differentiated is a `__global__` kernel (so is the generated one).
    pub is_kernel: bool,
    /// Why each adjoint update got its accumulation strategy (`cuad grad --explain`).
    pub explanations: Vec<String>,
    /// The primal's and the generated function's signatures (`cuad grad --manifest`).
    pub interface: cuad_diff::Interface,
}

/// A successful derivation.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The input file followed by the generated code: what `cuad grad`/`cuad fwd` print.
    pub source: String,
    /// The functions asked for, in the order asked (the helpers they call are not listed).
    pub generated: Vec<Generated>,
    /// Every file read: the input and the headers it included (for build-script reruns).
    pub files_read: Vec<PathBuf>,
    /// Rendered warnings (`file:line:col: warning: ...` with the source line and a caret);
    /// empty when there are none.
    pub warnings: String,
}

impl Output {
    /// The first (for [`grad`] and [`fwd`], the only) generated function's qualified name.
    pub fn function(&self) -> &str {
        &self.generated[0].function
    }
}

/// Why a derivation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input file could not be read.
    Read,
    /// The request itself is malformed (unreadable template arguments in a function name,
    /// `max_registers` out of range, no derivative asked for).
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
    derive(&request.input, &[request.derivative(Mode::Reverse)])
}

/// Forward mode (`cuad fwd`): the pushforward of `request.function`.
pub fn fwd(request: &Request) -> Result<Output, Error> {
    derive(&request.input, &[request.derivative(Mode::Forward)])
}

/// Every derivative in `derivatives` of the functions of `input`, in one source: the input,
/// then one `// ---- generated by cuad: ...` line per derivative, then the generated code.
pub fn derive(input: &Input, derivatives: &[Derivative]) -> Result<Output, Error> {
    let error = |kind, message: String| Error { kind, message };
    if derivatives.is_empty() {
        return Err(error(
            ErrorKind::Request,
            "error: no derivative requested\n".into(),
        ));
    }
    if let Some(n) = input.max_registers {
        if !(16..=255).contains(&n) {
            return Err(error(
                ErrorKind::Request,
                format!("error: `max_registers` must be from 16 to 255, not {n}\n"),
            ));
        }
    }
    let text = std::fs::read_to_string(&input.file).map_err(|e| {
        error(
            ErrorKind::Read,
            format!("error: cannot read {}: {e}\n", input.file.display()),
        )
    })?;
    let options = PpOptions {
        include_dirs: input.include_dirs.clone(),
        defines: input.defines.clone(),
        undefines: input.undefines.clone(),
    };
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add(&input.file, text);
    let tokens = pp::preprocess(&mut sm, file, &options, &mut diags);
    let tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    if diags.has_errors() {
        return Err(error(ErrorKind::Diagnostics, diags.render(&sm)));
    }
    let files_read = sm
        .files()
        .map(|f| f.path.clone())
        .filter(|p| p.is_file())
        .collect();
    let mut out = sm.file(file).text.clone();
    if !out.ends_with('\n') {
        out.push('\n');
    }
    // `layer<float, 256>`: an instance of a function template. The arguments are read once the
    // program is known, so that its type names (`Wrap` in `k<Wrap<Sq>>`) parse as types.
    let mut written_args = Vec::new();
    for derivative in derivatives {
        let function = &derivative.function;
        written_args.push(match function.find('<') {
            Some(at) if function.trim_end().ends_with('>') => {
                let text = function[at..].to_string();
                let args_file = sm.add("<--fn template arguments>", text.clone());
                let mut local = Diagnostics::default();
                let tokens = cuad_syntax::lexer::lex(args_file, &text, &mut local);
                Some((at, tokens, local))
            }
            _ => None,
        });
    }
    let mut d = cuad_diff::Differentiator::new(&tu, &sm);
    let mut names = Vec::new();
    for (derivative, written) in derivatives.iter().zip(written_args) {
        let function = &derivative.function;
        names.push(match written {
            Some((at, tokens, mut local)) => {
                let is_type = |name: &str| d.is_type_name(name);
                match cuad_syntax::parser::parse_template_args_text_with(
                    &tokens, &is_type, &mut local,
                ) {
                    Some(args) if !local.has_errors() => (function[..at].trim().to_string(), args),
                    _ => {
                        return Err(error(
                            ErrorKind::Request,
                            format!(
                            "{}error: cannot read the template arguments of `--fn {function}`\n",
                            local.render(&sm)
                        ),
                        ))
                    }
                }
            }
            None => (function.clone(), vec![]),
        });
    }
    d.set_keep_seeds(input.keep_seeds);
    if let Some(n) = input.max_registers {
        d.set_max_registers(n);
    }
    let mut generated = Vec::new();
    for (derivative, (name, template_args)) in derivatives.iter().zip(&names) {
        let wrt = derivative.wrt.as_deref();
        let info = match derivative.mode {
            Mode::Reverse => d.gradient_instance(name, template_args, wrt, Span::default()),
            Mode::Forward => d.pushforward_instance(name, template_args, wrt, Span::default()),
        };
        let info = info.map_err(|errors| {
            for e in errors {
                diags.push(e);
            }
            error(ErrorKind::Diagnostics, diags.render(&sm))
        })?;
        for w in &info.warnings {
            diags.push(w.clone());
        }
        let function = info.qualified_name.trim_start_matches("::").to_string();
        out.push_str(&format!(
            "\n// ---- generated by cuad: {} of `{name}` is `{function}` ----\n",
            match derivative.mode {
                Mode::Reverse => "gradient",
                Mode::Forward => "pushforward",
            },
        ));
        generated.push(Generated {
            mode: derivative.mode,
            function,
            template_args: info.template_args,
            is_kernel: info.is_kernel,
            explanations: info.explanations,
            interface: info.interface,
        });
    }
    out.push_str(&d.finish().definitions);
    Ok(Output {
        source: out,
        generated,
        files_read,
        warnings: diags.render(&sm),
    })
}
