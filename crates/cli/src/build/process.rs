//! Turning each request into a generated function and a rewrite of the request's text.

use super::matrix;
use super::requests::{self, Request, RequestKind};
use super::wrt::{self, WrtItem};
use cuad_diff::{Differentiator, GradInfo};
use cuad_syntax::ast::{
    Expr, ExprKind, Function, Init, Item, Stmt, StmtKind, TemplateArg, TranslationUnit, Ty, TyKind,
    UnOp, VarDecl,
};
use cuad_syntax::source::Severity;
use cuad_syntax::{Diagnostic, Diagnostics, FileId, SourceMap, Span};
use std::collections::HashMap;

/// A replacement of the byte range `lo..hi` of the main file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub lo: usize,
    pub hi: usize,
    pub text: String,
}

/// What the output needs from the requests.
#[derive(Debug, Default)]
pub struct Plan {
    /// One per gradient request: the call rewritten into a function object.
    pub replacements: Vec<Edit>,
    /// `static const char NAME[]` holding each generated function's source, for `getCode()`.
    pub code_constants: Vec<(String, String)>,
    /// Index of the first top-level item holding a gradient request (prototypes go before it).
    pub first_item: Option<usize>,
    /// Spans of the differentiated functions.
    pub primal_spans: Vec<Span>,
    /// Prototypes and definitions of the Jacobian and Hessian wrappers (matrix.rs).
    pub wrapper_prototypes: String,
    pub wrapper_definitions: String,
    /// A Hessian's gradients take `cuad_value_and_pushforward` (defined in the appended
    /// forward-mode code, after the prototypes).
    pub names_value_struct: bool,
}

/// Handles every request; problems go to `diags`.
pub fn plan(
    sm: &SourceMap,
    main: FileId,
    tu: &TranslationUnit,
    found: &[Request],
    engine: &mut Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Plan {
    let mut plan = Plan::default();
    let mut done: HashMap<(String, Option<Vec<String>>), GradInfo> = HashMap::new();
    for request in found {
        let Some((target, wrt)) = read_request(sm, main, tu, request, engine, diags) else {
            continue;
        };
        if matches!(request.kind, RequestKind::Jacobian | RequestKind::Hessian) {
            let diagonal = diagonal_only(sm, request);
            let wrt = wrt.as_deref();
            matrix_request(
                tu, request, &target, wrt, diagonal, engine, &mut plan, diags,
            );
            continue;
        }
        let forward = request.kind == RequestKind::Differentiate;
        let param = match forward {
            true => match differentiated_param(tu, request, &target, wrt.as_deref(), diags) {
                Some(p) => Some(p),
                None => continue,
            },
            false => None,
        };
        // Gradients and derivatives of one function are different functions.
        let kind = if forward { "d:" } else { "" };
        let key = (format!("{kind}{}", target.key), wrt.clone());
        let generate = |engine: &mut Differentiator<'_>| match &param {
            Some(p) => engine.derivative(
                &target.function,
                &target.template_args,
                p,
                request.call_span,
            ),
            None => engine.gradient_instance(
                &target.function,
                &target.template_args,
                wrt.as_deref(),
                request.call_span,
            ),
        };
        let info = match done.get(&key) {
            Some(info) => info.clone(),
            None => match generate(engine) {
                Ok(mut info) => {
                    // A template's instance: the gradient is named with its arguments.
                    if let Some(args) = info.template_args.take() {
                        info.qualified_name = format!("{}<{args}>", info.qualified_name);
                    }
                    // Two spellings of one request (`"x, y"`, `"y,x"`, `"0, 1"`) give the
                    // same function; the engine returns its code only the first time.
                    let constant = code_constant_name(&info.qualified_name);
                    if !plan
                        .code_constants
                        .iter()
                        .any(|(name, _)| *name == constant)
                    {
                        plan.code_constants.push((constant, info.code.clone()));
                    }
                    done.insert(key, info.clone());
                    info
                }
                Err(problems) => {
                    problems.into_iter().for_each(|d| diags.push(d));
                    continue;
                }
            },
        };
        plan.primal_spans.push(target.primal_span);
        plan.first_item = match (plan.first_item, request.top_item) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        plan.replacements.push(Edit {
            lo: request.call_span.lo as usize,
            hi: request.call_span.hi as usize,
            text: match &target.bound {
                Bound::Nothing => function_object(
                    &info.qualified_name,
                    info.is_kernel && doubles_dynamic_shared(&plan, &info.qualified_name),
                    info.is_kernel,
                    target.method_primals,
                    !info.is_kernel && device_callable(&plan, &info.qualified_name),
                ),
                bound => bound_function_object(
                    &info.qualified_name,
                    bound,
                    target.method_primals,
                    target.method_params.len(),
                ),
            },
        });
    }
    plan
}

/// A `clad::jacobian` / `clad::hessian` request: the gradient it is assembled from (of the
/// function, or of the Hessian's direction function the pre-pass added), the wrapper that
/// fills the matrix, and the request rewritten into its function object.
#[allow(clippy::too_many_arguments)]
fn matrix_request(
    tu: &TranslationUnit,
    request: &Request,
    target: &Target,
    wrt: Option<&[String]>,
    diagonal: bool,
    engine: &mut Differentiator<'_>,
    plan: &mut Plan,
    diags: &mut Diagnostics,
) -> Option<()> {
    let span = request.call_span;
    let f = matrix::matrix_function(tu, request, target, diags)?;
    let report = |diags: &mut Diagnostics, problems: Vec<Diagnostic>| {
        problems.into_iter().for_each(|d| diags.push(d));
    };
    let (wrapper, code) = if request.kind == RequestKind::Jacobian {
        let spec = matrix::jacobian_spec(request, f, wrt, diags)?;
        let info = engine
            .gradient(&target.function, Some(&spec.gradient_wrt(f)), span)
            .map_err(|p| report(diags, p))
            .ok()?;
        // The sweeps rerun `f` on the same inputs: it must not change them.
        let last = f.params.len() - 1;
        for (p, info) in f.params.iter().zip(&info.interface.params).take(last) {
            if info.access.is_some_and(|a| a.writes) {
                diags.error(
                    span,
                    format!(
                        "`{}`: `{}` writes to `{}`, which is not its output (the last parameter)",
                        request.api,
                        f.name,
                        p.name.as_deref().unwrap_or_default()
                    ),
                );
                return None;
            }
        }
        let reads_output = info.interface.params[last].access.is_none_or(|a| a.reads);
        let wrapper = matrix::jacobian_wrapper(
            &target.function,
            f,
            &spec,
            &info.qualified_name,
            reads_output,
        );
        (wrapper, info.code)
    } else {
        let spec = matrix::hessian_params(request, f, wrt, diags)?;
        let direction = matrix::direction_name(&target.function, f, &spec);
        let names = spec.names(f);
        let info = match engine.gradient(&direction, Some(&names), span) {
            Ok(info) => info,
            Err(problems) => {
                report(diags, problems);
                diags.push(
                    Diagnostic::error(
                        span,
                        format!("cuad cannot differentiate the forward mode of `{}` again, as `{}` needs", f.name, request.api),
                    )
                    .with_note("the errors above are in the pushforward cuad generated for it"),
                );
                return None;
            }
        };
        plan.names_value_struct = true;
        let wrapper =
            matrix::hessian_wrapper(&target.function, f, &spec, &info.qualified_name, diagonal);
        (wrapper, info.code)
    };
    let constant = code_constant_name(&wrapper.name);
    if !plan
        .code_constants
        .iter()
        .any(|(name, _)| *name == constant)
    {
        plan.code_constants
            .push((constant.clone(), format!("{}\n{code}", wrapper.definition)));
        plan.wrapper_prototypes.push_str(&wrapper.prototype);
        plan.wrapper_definitions.push_str(&wrapper.definition);
        plan.wrapper_definitions.push('\n');
    }
    plan.primal_spans.push(target.primal_span);
    plan.first_item = match (plan.first_item, request.top_item) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let global = format!("::{}", wrapper.name);
    let device = if wrapper.device {
        format!("<&{global}>")
    } else {
        String::new()
    };
    plan.replacements.push(Edit {
        lo: span.lo as usize,
        hi: span.hi as usize,
        text: format!(
            "::cuad::detail::make_matrix_function{device}(&{global}, CUAD_CODE_OF({constant}))"
        ),
    });
    Some(())
}

/// The direction functions of the program's `clad::hessian` requests and the pushforwards
/// they call (their `_d_*` names renamed `_a_*`), to append to the program before it is read
/// again (see matrix.rs). Empty when there are none; `None` after errors.
pub fn hessian_prepass(
    sm: &SourceMap,
    main: FileId,
    tu: &TranslationUnit,
    found: &[Request],
    diags: &mut Diagnostics,
) -> Option<String> {
    let mut engine = Differentiator::new(tu, sm);
    let mut directions = String::new();
    let mut done = Vec::new();
    let mut ok = true;
    for request in found.iter().filter(|r| r.kind == RequestKind::Hessian) {
        // Problems with the request itself are reported by `plan`, when the program is read
        // again.
        let mut quiet = Diagnostics::default();
        let Some((target, wrt)) = read_request(sm, main, tu, request, &engine, &mut quiet) else {
            continue;
        };
        let Some(f) = matrix::matrix_function(tu, request, &target, &mut quiet) else {
            continue;
        };
        let Some(spec) = matrix::hessian_params(request, f, wrt.as_deref(), &mut quiet) else {
            continue;
        };
        let name = matrix::direction_name(&target.function, f, &spec);
        if done.contains(&name) {
            continue;
        }
        let names = spec.names(f);
        match engine.pushforward_instance(&target.function, &[], Some(&names), request.call_span) {
            Ok(info) => {
                directions.push_str(&matrix::direction_function(
                    &target.function,
                    f,
                    &spec,
                    &info.qualified_name,
                ));
                done.push(name);
            }
            Err(problems) => {
                problems.into_iter().for_each(|d| diags.push(d));
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    if done.is_empty() {
        return Some(String::new());
    }
    let functions = engine.generated_names();
    let generated = engine.finish();
    Some(format!(
        "\n// ---- cuad build: forward mode for clad::hessian (tangents renamed _a_*) ----\n{}\n{}",
        matrix::rename_generated(&generated.definitions, &functions),
        matrix::rename_generated(&directions, &functions)
    ))
}

/// The one parameter a `clad::differentiate(f, "x")` request names (a name or an index;
/// none for a function of one parameter).
fn differentiated_param(
    tu: &TranslationUnit,
    request: &Request,
    target: &Target,
    wrt: Option<&[String]>,
    diags: &mut Diagnostics,
) -> Option<String> {
    let span = request.call_span;
    if target.method_primals.is_some() {
        diags.error(
            span,
            format!(
                "`{}` of a member function is not supported by cuad yet",
                request.api
            ),
        );
        return None;
    }
    match wrt {
        Some([one]) => Some(one.clone()),
        Some(_) => {
            diags.error(
                span,
                format!(
                    "`{}` takes one parameter to differentiate with respect to",
                    request.api
                ),
            );
            None
        }
        None => {
            let params = requests::find_function(&tu.items, &target.function)
                .map(|f| f.params.clone())
                .unwrap_or_default();
            match params.as_slice() {
                [p] => p.name.clone(),
                _ => {
                    diags.error(
                        span,
                        format!(
                            "`{}` needs the parameter to differentiate with respect to, e.g. `{}({}, \"x\")`",
                            request.api, request.api, target.key
                        ),
                    );
                    None
                }
            }
        }
    }
}

/// Does the gradient kernel keep adjoints of `extern __shared__` arrays in the second half of
/// the dynamic shared memory (so its launch needs twice the primal's size)?
fn doubles_dynamic_shared(plan: &Plan, function: &str) -> bool {
    let constant = code_constant_name(function);
    plan.code_constants
        .iter()
        .any(|(name, code)| *name == constant && code.contains("cuad_dynamic_smem_bytes()"))
}

/// Is the generated function a `__device__` one (callable in device code)?
fn device_callable(plan: &Plan, function: &str) -> bool {
    let constant = code_constant_name(function);
    plan.code_constants.iter().any(|(name, code)| {
        *name == constant
            && code
                .lines()
                .next()
                .is_some_and(|l| l.contains("__device__"))
    })
}

/// The expression that replaces a request. `method_primals`: for a member function, the
/// number of the stand-in's primal parameters (the object and the method's). `device_fn`:
/// the function is also named as a template argument, so the object works when passed to a
/// kernel (a function pointer taken on the host is the host function's address).
fn function_object(
    name: &str,
    double_shared: bool,
    is_kernel: bool,
    method_primals: Option<usize>,
    device_fn: bool,
) -> String {
    // Qualified from the global namespace: a local variable may have the gradient's name
    // (`auto f_grad = clad::gradient(f);`).
    let global = format!("::{}", name.trim_start_matches("::"));
    // Device code (a request inside a kernel) cannot read the host string holding the code.
    let code = format!("CUAD_CODE_OF({})", code_constant_name(name));
    match method_primals {
        Some(n) => format!("::cuad::detail::make_method_gradient<{n}>(&{global}, {code})"),
        None if double_shared => {
            format!("::cuad::detail::make_gradient<{is_kernel}, 2>(&{global}, {code})")
        }
        None if device_fn => {
            format!("::cuad::detail::make_gradient<{is_kernel}, 1, &{global}>(&{global}, {code})")
        }
        None => format!("::cuad::detail::make_gradient<{is_kernel}>(&{global}, {code})"),
    }
}

/// The expression that replaces a request of a functor object or of a lambda with captures:
/// the function object also holds the object or the captured variables (by address, so it
/// sees their values when executed, as Clad's does).
fn bound_function_object(
    name: &str,
    bound: &Bound,
    method_primals: Option<usize>,
    params: usize,
) -> String {
    let global = format!("::{}", name.trim_start_matches("::"));
    let code = format!("CUAD_CODE_OF({})", code_constant_name(name));
    match bound {
        Bound::Object(object) => format!(
            "::cuad::detail::make_functor_gradient<{}>(&{global}, {code}, &({object}))",
            method_primals.unwrap_or(params + 1)
        ),
        Bound::Captures(names) => {
            let mut text =
                format!("::cuad::detail::make_capture_gradient<{params}>(&{global}, {code}");
            for n in names {
                text.push_str(&format!(", &{n}"));
            }
            text.push(')');
            text
        }
        Bound::Nothing => function_object(name, false, false, method_primals, false),
    }
}

pub fn code_constant_name(function: &str) -> String {
    let sanitized: String = function
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("cuad_code_{}", sanitized.trim_start_matches('_'))
}

/// What a request differentiates.
pub struct Target {
    /// The function the engine differentiates (for a member function, its free stand-in).
    pub function: String,
    /// Explicit template arguments of a template's instance (`sq<double>`).
    pub template_args: Vec<TemplateArg>,
    /// The target as written, whitespace removed (requests with equal keys share a gradient).
    key: String,
    /// For a member function: the count of the stand-in's primal parameters (object first).
    pub method_primals: Option<usize>,
    /// The method's own parameter names (indices in the request count from its first).
    method_params: Vec<Option<String>>,
    /// What the function object holds besides the gradient.
    bound: Bound,
    primal_span: Span,
}

impl Target {
    /// A function named as it is (no object or captures bound).
    pub fn is_plain(&self) -> bool {
        self.bound == Bound::Nothing
    }
}

/// State a request's function object carries for `execute`.
#[derive(Clone, Debug, Default, PartialEq)]
enum Bound {
    #[default]
    Nothing,
    /// A functor object (its name in the request's scope): passed first.
    Object(String),
    /// A lambda's captured variables, passed after its parameters.
    Captures(Vec<String>),
}

/// Checks one request and reads the target and the parameter list from it.
fn read_request(
    sm: &SourceMap,
    main: FileId,
    tu: &TranslationUnit,
    request: &Request,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<(Target, Option<Vec<String>>)> {
    let span = request.call_span;
    if request.kind == RequestKind::Unsupported {
        diags.error(
            span,
            format!(
                "`{}` is not supported by cuad yet; only `clad::gradient` (reverse mode), `clad::differentiate` (forward mode), `clad::jacobian` and `clad::hessian` are",
                request.api
            ),
        );
        return None;
    }
    check_location(sm, main, request, diags)?;
    if request.has_template_args && !diagonal_only(sm, request) {
        diags.push(Diagnostic::warning(
            span,
            format!(
                "template arguments of `{}` (Clad options) are ignored by cuad",
                request.api
            ),
        ));
    }
    let (target, spec) = match request.args.as_slice() {
        [target] => (target, None),
        [target, spec] => (target, Some(spec)),
        _ => {
            diags.error(
                span,
                format!(
                    "`{}` takes a function and an optional parameter list",
                    request.api
                ),
            );
            return None;
        }
    };
    let target = read_target(sm, tu, request, target, engine, diags)?;
    let wrt = match spec {
        None => None,
        Some(spec) => resolve_wrt(
            sm,
            tu,
            &target,
            spec,
            request.kind == RequestKind::Hessian,
            diags,
        )?,
    };
    // A lambda with captures is differentiated with respect to its own parameters only.
    let wrt = match (&target.bound, wrt) {
        (Bound::Captures(captures), wrt) => {
            let own: Vec<String> = target.method_params.iter().flatten().cloned().collect();
            let names = wrt.unwrap_or_else(|| own.clone());
            if let Some(c) = names.iter().find(|n| captures.contains(n)) {
                diags.error(
                    spec.map_or(span, |s| s.span),
                    format!("`{c}` is captured by the lambda, not one of its parameters; cuad differentiates a lambda with respect to its parameters"),
                );
                return None;
            }
            Some(names)
        }
        (_, wrt) => wrt,
    };
    // Clad's gradient of a member function always has the object's adjoint (`_d_this`).
    let wrt = match (wrt, target.method_primals) {
        (Some(mut names), Some(_)) => {
            names.insert(0, "self".to_string());
            Some(names)
        }
        (wrt, _) => wrt,
    };
    Some((target, wrt))
}

/// `clad::hessian<clad::opts::diagonal_only>(f)`: the Hessian's diagonal only (n entries).
fn diagonal_only(sm: &SourceMap, request: &Request) -> bool {
    request.kind == RequestKind::Hessian
        && request.has_template_args
        && sm.snippet(request.callee_span).contains("diagonal_only")
}

/// Requests are rewritten in the main file's text, so they must be spelled out there.
fn check_location(
    sm: &SourceMap,
    main: FileId,
    request: &Request,
    diags: &mut Diagnostics,
) -> Option<()> {
    let call_span = request.call_span;
    if call_span.file != main {
        let message = format!(
            "`{}` requests are only supported in the file given to `cuad build`",
            request.api
        );
        diags.error(call_span, message);
        return None;
    }
    let spelled: String = sm.snippet(request.callee_span).split_whitespace().collect();
    // The callee may carry Clad's options: `clad::gradient<clad::opts::disable_tbr>`.
    let name = spelled
        .trim_start_matches('(')
        .split('<')
        .next()
        .unwrap_or_default();
    if name != request.api || !sm.snippet(call_span).ends_with(')') {
        diags.push(
            Diagnostic::error(
                call_span,
                format!("`{}` request inside a macro expansion", request.api),
            )
            .with_note("write the request directly in the source so cuad can rewrite it"),
        );
        return None;
    }
    Some(())
}

/// `f`, `&f`, `ns::f`, `f<float>`, `&S::method`: what to differentiate.
fn read_target(
    sm: &SourceMap,
    tu: &TranslationUnit,
    request: &Request,
    target: &Expr,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<Target> {
    let mut e = target.strip_parens();
    if let ExprKind::Unary(UnOp::AddrOf, inner) = &e.kind {
        e = inner.strip_parens();
    }
    let ExprKind::Ident(written) = &e.kind else {
        diags.push(
            Diagnostic::error(
                target.span,
                "expected the name of a function to differentiate",
            )
            .with_note(
                "lambdas and functor objects are not supported by cuad; request a named function",
            ),
        );
        return None;
    };
    let key: String = written.split_whitespace().collect();
    // `Box<double>::energy`: a method of a class template's instance; the arguments are the
    // class's.
    if let Some((owner, method)) = instance_method(written) {
        let class_args = template_args_of(sm, e, engine, diags)?;
        return class_template_method(
            tu,
            &owner,
            &method,
            class_args,
            key,
            target.span,
            engine,
            diags,
        );
    }
    let (name, template_args) = match written.find('<') {
        Some(at) => (
            written[..at].trim().to_string(),
            template_args_of(sm, e, engine, diags)?,
        ),
        None => (written.clone(), vec![]),
    };
    let mut found = Target {
        function: name.clone(),
        template_args,
        key,
        method_primals: None,
        method_params: vec![],
        bound: Bound::Nothing,
        primal_span: e.span,
    };
    // `S::f` names a member function even when its body is written outside the struct
    // (`double S::f(double x) const {...}` reads like a free function named `S::f`).
    let method = requests::find_method(&tu.items, &name);
    if let (Some(f), None) = (requests::find_function(&tu.items, &name), &method) {
        found.primal_span = f.span;
        return Some(found);
    }
    if let Some(local) = local_target(tu, request.call_span, &name) {
        return lambda_target(found, local, target.span, tu, engine, diags);
    }
    let Some((owner, methods)) = method else {
        return Some(found); // the engine reports the missing function
    };
    let owner_name = owner.name.clone().unwrap_or_default();
    let fail = |diags: &mut Diagnostics, message: String| {
        diags.push(Diagnostic::error(target.span, message));
        None
    };
    let method = match methods.as_slice() {
        [] => {
            return fail(
                diags,
                format!(
                    "`{owner_name}` has no member function named `{}`",
                    name.rsplit("::").next().unwrap_or(&name)
                ),
            )
        }
        [m] => *m,
        _ => {
            return fail(
                diags,
                format!("`{name}` is overloaded; cuad cannot tell which member function is meant"),
            )
        }
    };
    if !found.template_args.is_empty() || owner.template.is_some() || method.template.is_some() {
        return fail(
            diags,
            format!("cuad cannot differentiate member functions of templates yet (`{name}`)"),
        );
    }
    if method.attrs.is_static {
        // A static member function is a function: executed without an object, as in Clad.
        if method.body.is_none() {
            return fail(
                diags,
                format!("cuad cannot differentiate `{name}` yet: its body is outside the struct; define it inside `{owner_name}`"),
            );
        }
        found.primal_span = method.span;
        return Some(found);
    }
    if method.body.is_none() {
        return fail(
            diags,
            format!("cuad cannot differentiate `{name}` yet: its body is outside the struct; define it inside `{owner_name}`"),
        );
    }
    let Some(stand_in) = engine.method_stand_in(&owner_name, &method.name) else {
        diags.push(
            Diagnostic::error(target.span, format!("cuad cannot differentiate the member function `{name}`"))
                .with_note(format!(
                    "cuad differentiates methods of structs whose members are public and that have no base \
                     classes, when no parameter or local is named like a field of `{owner_name}`"
                )),
        );
        return None;
    };
    found.function = stand_in;
    found.method_primals = Some(method.params.len() + 1);
    found.method_params = method.params.iter().map(|p| p.name.clone()).collect();
    found.primal_span = method.span;
    Some(found)
}

/// `Box<double>::energy` -> (`Box`, `energy`): a name whose last component follows the
/// closing `>` of the owner's template arguments.
fn instance_method(written: &str) -> Option<(String, String)> {
    let close = written.rfind('>')?;
    let method = written[close + 1..].trim().strip_prefix("::")?.trim();
    let at = written.find('<')?;
    let owner = written[..at].trim();
    let is_name = |s: &str| {
        !s.is_empty()
            && s.split("::")
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_'))
    };
    (is_name(owner) && is_name(method) && !method.contains("::"))
        .then(|| (owner.to_string(), method.to_string()))
}

/// A request of a method of a class template's instance (`&Box<double>::energy`): the
/// method's stand-in (a function template over the class's parameters, methods.rs) at the
/// class's arguments, executed with the object first as for any method.
#[allow(clippy::too_many_arguments)]
fn class_template_method(
    tu: &TranslationUnit,
    owner: &str,
    method: &str,
    class_args: Vec<TemplateArg>,
    key: String,
    span: Span,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<Target> {
    let name = format!("{owner}::{method}");
    let fail = |diags: &mut Diagnostics, message: String| {
        diags.push(Diagnostic::error(span, message));
        None
    };
    let Some((s, methods)) = requests::find_method(&tu.items, &name) else {
        return fail(
            diags,
            format!("no class template named `{owner}` in this file"),
        );
    };
    let Some(params) = s.template.as_deref() else {
        return fail(diags, format!("`{owner}` is not a class template"));
    };
    let m = match methods.as_slice() {
        [] => {
            return fail(
                diags,
                format!("`{owner}` has no member function named `{method}`"),
            )
        }
        [m] => *m,
        _ => {
            return fail(
                diags,
                format!("`{name}` is overloaded; cuad cannot tell which member function is meant"),
            )
        }
    };
    if m.template.is_some() {
        return fail(
            diags,
            format!("cuad cannot differentiate member function templates yet (`{name}`)"),
        );
    }
    if class_args.len() > params.len() {
        return fail(
            diags,
            format!(
                "`{owner}` has {} template parameter(s), {} argument(s) given",
                params.len(),
                class_args.len()
            ),
        );
    }
    let owner_name = s.name.clone().unwrap_or_default();
    let static_or_bodiless = if m.attrs.is_static {
        Some("static member functions of class templates")
    } else if m.body.is_none() {
        Some("member functions whose body is outside the class template")
    } else {
        None
    };
    if let Some(what) = static_or_bodiless {
        return fail(
            diags,
            format!("cuad cannot differentiate {what} yet (`{name}`)"),
        );
    }
    let Some(stand_in) = engine.method_stand_in(&owner_name, method) else {
        diags.push(
            Diagnostic::error(span, format!("cuad cannot differentiate the member function `{name}`"))
                .with_note(format!(
                    "cuad differentiates methods of structs whose members are public and that have no base \
                     classes, when no parameter or local is named like a field of `{owner_name}`"
                )),
        );
        return None;
    };
    Some(Target {
        function: stand_in,
        template_args: class_args,
        key,
        method_primals: Some(m.params.len() + 1),
        method_params: m.params.iter().map(|p| p.name.clone()).collect(),
        bound: Bound::Nothing,
        primal_span: m.span,
    })
}

/// A local variable that a request names, in the function holding the request.
struct Local<'a> {
    function: &'a Function,
    init: Option<&'a Init>,
    ty: Option<&'a Ty>,
}

fn local_target<'a>(tu: &'a TranslationUnit, at: Span, name: &str) -> Option<Local<'a>> {
    if name.contains("::") {
        return None;
    }
    let function = enclosing_function(&tu.items, at)?;
    let mut var = None;
    let found = function
        .body
        .iter()
        .flatten()
        .any(|s| find_local(s, name, &mut var));
    if let (true, Some(v)) = (found, var) {
        return Some(Local {
            function,
            init: v.init.as_ref(),
            ty: Some(&v.ty),
        });
    }
    // A functor object passed in (`void run(const Model& m) { clad::gradient(m); }`).
    let param = function
        .params
        .iter()
        .find(|p| p.name.as_deref() == Some(name))?;
    Some(Local {
        function,
        init: None,
        ty: Some(&param.ty),
    })
}

fn enclosing_function(items: &[Item], at: Span) -> Option<&Function> {
    let inside = |s: Span| s.file == at.file && s.lo <= at.lo && at.hi <= s.hi;
    items.iter().find_map(|item| match item {
        Item::Function(f) if inside(f.span) && f.body.is_some() => Some(f),
        Item::Namespace { items, span, .. } | Item::ExternC { items, span, .. }
            if inside(*span) =>
        {
            enclosing_function(items, at)
        }
        _ => None,
    })
}

fn find_local<'a>(stmt: &'a Stmt, name: &str, var: &mut Option<&'a VarDecl>) -> bool {
    let any = |stmts: &'a [Stmt], var: &mut Option<&'a VarDecl>| {
        stmts.iter().any(|s| find_local(s, name, var))
    };
    match &stmt.kind {
        StmtKind::Decl(d) => match d.vars.iter().find(|v| v.name == name) {
            Some(v) => {
                *var = Some(v);
                true
            }
            None => false,
        },
        StmtKind::Block(stmts) => any(stmts, var),
        StmtKind::If { then, els, .. } => {
            find_local(then, name, var) || els.iter().any(|e| find_local(e, name, var))
        }
        StmtKind::For { init, body, .. } => {
            init.iter().any(|s| find_local(s, name, var)) || find_local(body, name, var)
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => {
            find_local(body, name, var)
        }
        StmtKind::Switch { cases, .. } => cases.iter().any(|c| any(&c.body, var)),
        _ => false,
    }
}

/// A request of a lambda bound to a local (`auto f = [&](double x) {...};
/// clad::gradient(f)`): the function cuad lifts it into (lambdas.rs), differentiated with
/// respect to the lambda's parameters; its captures are the lifted function's trailing
/// parameters, which the function object passes (by address, as the lambda sees them: a
/// by-value capture is lifted only when the variable never changes). A local or parameter of
/// a struct type with `operator()` is a functor object (`functor_target`).
fn lambda_target(
    mut found: Target,
    local: Local<'_>,
    span: Span,
    tu: &TranslationUnit,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<Target> {
    let name = found.function.clone();
    let Some(Init::Assign(Expr {
        kind: ExprKind::Lambda(lambda),
        span: lambda_span,
    })) = local.init
    else {
        if let Some(ty) = local.ty {
            return functor_target(found, ty, span, tu, engine, diags);
        }
        diags.push(
            Diagnostic::error(span, format!("`{name}` is a variable, not a function"))
                .with_note("cuad differentiates named functions, member functions (`&S::f`), functor objects and lambdas bound to locals"),
        );
        return None;
    };
    let lifted = format!("{}_lambda_{name}", local.function.name.replace("::", "_"));
    let Some(params) = engine.function_param_names(&lifted) else {
        // The lifter says why (for this lambda, at its definition).
        let problems: Vec<Diagnostic> = engine
            .lambda_problems(&local.function.name)
            .into_iter()
            .filter(|d| d.span == *lambda_span)
            .collect();
        if problems.is_empty() {
            diags.error(
                span,
                format!("cuad cannot differentiate the lambda `{name}`"),
            );
        }
        problems.into_iter().for_each(|d| diags.push(d));
        return None;
    };
    let own = lambda.params.len();
    let captures: Vec<String> = params[own.min(params.len())..]
        .iter()
        .map(|p| p.clone().unwrap_or_default())
        .collect();
    found.key = lifted.clone();
    found.function = lifted;
    found.primal_span = *lambda_span;
    if !captures.is_empty() {
        found.method_params = params[..own].to_vec();
        found.bound = Bound::Captures(captures);
    }
    Some(found)
}

/// A request of a functor object (`clad::gradient(E)` / `(&E)` with `E` of a struct type
/// with `operator()`): its call operator's stand-in, executed with `E` bound, as in Clad
/// (`execute(args..., &d_E, &d_args...)`).
fn functor_target(
    mut found: Target,
    ty: &Ty,
    span: Span,
    tu: &TranslationUnit,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<Target> {
    let object = found.function.clone();
    let mut t = ty;
    while let TyKind::LRef(inner) | TyKind::RRef(inner) = &t.kind {
        t = inner;
    }
    let fail = |diags: &mut Diagnostics, message: String| {
        diags.push(Diagnostic::error(span, message));
        None
    };
    let TyKind::Named {
        name: type_name,
        args,
    } = &t.kind
    else {
        return fail(
            diags,
            format!("`{object}` is a variable, not a function (cuad differentiates functor objects declared with their struct type, not `auto`)"),
        );
    };
    let call_name = format!("{type_name}::operator()");
    let Some((owner, methods)) = requests::find_method(&tu.items, &call_name) else {
        return fail(
            diags,
            format!("`{object}` is a variable, not a function (no struct `{type_name}` with `operator()` in this file)"),
        );
    };
    let owner_name = owner.name.clone().unwrap_or_default();
    let m = match methods.as_slice() {
        [] => {
            return fail(
                diags,
                format!("`{object}` is not a functor: `{owner_name}` has no `operator()`"),
            )
        }
        [m] => *m,
        _ => {
            return fail(
                diags,
                format!(
                    "`{owner_name}::operator()` is overloaded; cuad cannot tell which one is meant"
                ),
            )
        }
    };
    if m.template.is_some() || m.body.is_none() || args.is_empty() != owner.template.is_none() {
        return fail(
            diags,
            format!("cuad cannot differentiate `{owner_name}::operator()` yet (a template, or defined outside the struct)"),
        );
    }
    let Some(stand_in) = engine.method_stand_in(&owner_name, "operator_call") else {
        diags.push(
            Diagnostic::error(span, format!("cuad cannot differentiate `{owner_name}::operator()`"))
                .with_note(format!(
                    "cuad differentiates methods of structs whose members are public and that have no base \
                     classes, when no parameter or local is named like a field of `{owner_name}`"
                )),
        );
        return None;
    };
    let mut plain = t.clone();
    plain.is_const = false;
    plain.is_volatile = false;
    found.key = format!("{}::operator()", cuad_emit::print_ty(&plain));
    found.function = stand_in;
    found.template_args = args.clone();
    found.method_primals = Some(m.params.len() + 1);
    found.method_params = m.params.iter().map(|p| p.name.clone()).collect();
    found.bound = Bound::Object(object);
    found.primal_span = m.span;
    Some(found)
}

/// The explicit template arguments of `f<float, 4>` (the identifier `e` as written).
fn template_args_of(
    sm: &SourceMap,
    e: &Expr,
    engine: &Differentiator<'_>,
    diags: &mut Diagnostics,
) -> Option<Vec<TemplateArg>> {
    let text = sm.snippet(e.span);
    let Some(at) = text.find('<') else {
        diags.error(e.span, "cannot read the template arguments of this request");
        return None;
    };
    // `Box<double>::energy`: the arguments end at the last `>`.
    let end = text.rfind('>').map_or(text.len(), |i| i + 1).max(at);
    let mut local = Diagnostics::default();
    let shift = e.span.lo + at as u32;
    let mut tokens = cuad_syntax::lexer::lex(e.span.file, &text[at..end], &mut local);
    for t in &mut tokens {
        t.span = Span::new(e.span.file, t.span.lo + shift, t.span.hi + shift);
    }
    // The program's type names, so that nested template-ids (`k<Wrap<Sq>>`) read as types.
    let is_type = |name: &str| engine.is_type_name(name);
    match cuad_syntax::parser::parse_template_args_text_with(&tokens, &is_type, &mut local) {
        Some(args) if !local.has_errors() => Some(args),
        _ => {
            diags.push(
                Diagnostic::error(e.span, "cannot read the template arguments of this request")
                    .with_note("write them as types or integer constants, e.g. `k<float, 256>`"),
            );
            None
        }
    }
}

/// The parameter list as names; `None` means every parameter.
fn resolve_wrt(
    sm: &SourceMap,
    tu: &TranslationUnit,
    target: &Target,
    spec: &Expr,
    ranges: bool,
    diags: &mut Diagnostics,
) -> Option<Option<Vec<String>>> {
    let items = match &spec.strip_parens().kind {
        ExprKind::StrLit(lit) => parse_spec_string(sm, spec.span, lit, diags)?,
        ExprKind::IntLit(text) => match text.parse::<usize>() {
            Ok(i) => vec![WrtItem::Index(i)],
            Err(_) => {
                diags.error(spec.span, "expected a parameter index");
                return None;
            }
        },
        _ => {
            diags.push(
                Diagnostic::error(spec.span, "the parameter list must be a string literal")
                    .with_note("for example \"out, in\" or \"x,y\""),
            );
            return None;
        }
    };
    if items.is_empty() {
        return Some(None);
    }
    let mut names = Vec::new();
    for item in items {
        match item {
            WrtItem::Name(n) => names.push(n),
            WrtItem::Range(n, lo, hi) if ranges => names.push(format!("{n}[{lo}:{hi}]")),
            WrtItem::Range(n, lo, hi) => {
                diags.error(
                    spec.span,
                    format!("array ranges (`{n}[{lo}:{hi}]`) are only supported by `clad::hessian` in cuad; request the whole array `{n}`"),
                );
                return None;
            }
            WrtItem::Index(i) => names.push(param_at(tu, target, i, spec.span, diags)?),
        }
    }
    Some(Some(names))
}

fn parse_spec_string(
    sm: &SourceMap,
    span: Span,
    lit: &str,
    diags: &mut Diagnostics,
) -> Option<Vec<WrtItem>> {
    let Some(content) = wrt::string_literal_content(lit) else {
        diags.error(
            span,
            "unsupported string literal form for the parameter list",
        );
        return None;
    };
    match wrt::parse_wrt(&content) {
        Ok(items) => Some(items),
        Err(errors) => {
            // Point into the literal when its text is exactly `"content"`.
            let exact = sm.snippet(span) == format!("\"{content}\"");
            for e in errors {
                let at = if exact {
                    Span::new(
                        span.file,
                        span.lo + 1 + e.range.0 as u32,
                        span.lo + 1 + e.range.1 as u32,
                    )
                } else {
                    span
                };
                diags.error(at, e.message);
            }
            None
        }
    }
}

fn param_at(
    tu: &TranslationUnit,
    target: &Target,
    index: usize,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<String> {
    let function = &target.function;
    let params: Vec<Option<String>> =
        if target.method_primals.is_some() || target.bound != Bound::Nothing {
            target.method_params.clone()
        } else if let Some(f) = requests::find_function(&tu.items, function) {
            f.params.iter().map(|p| p.name.clone()).collect()
        } else {
            diags.error(
                span,
                format!("no function `{function}` to take parameter {index} of"),
            );
            return None;
        };
    match params.get(index).cloned() {
        Some(Some(name)) => Some(name),
        Some(None) => {
            diags.error(
                span,
                format!("parameter {index} of `{function}` has no name"),
            );
            None
        }
        None => {
            let count = params.len();
            diags.error(
                span,
                format!("`{function}` has {count} parameters; index {index} is out of range"),
            );
            None
        }
    }
}

/// Parser problems do not stop `cuad build` (the parser keeps what it does not understand
/// verbatim, for nvcc to compile). Inside the differentiated functions they are errors; in
/// the host code that holds the requests they are dropped (any C++ is fine there); elsewhere
/// they stay warnings, as such code may be called by a differentiated function.
pub fn report_parse_problems(
    parse: Diagnostics,
    tu: &TranslationUnit,
    found: &[Request],
    plan: &Plan,
    diags: &mut Diagnostics,
) {
    let contains =
        |s: Span, at: Span| s.file == at.file && s.lo <= at.lo && at.lo < s.hi.max(s.lo + 1);
    let request_items: Vec<Span> = found
        .iter()
        .filter_map(|r| r.top_item.and_then(|i| tu.items.get(i)))
        .map(requests::item_span)
        .collect();
    for mut d in parse.list {
        if plan.primal_spans.iter().any(|&s| contains(s, d.span)) {
            d.severity = Severity::Error;
        } else if request_items.iter().any(|&s| contains(s, d.span)) {
            continue;
        }
        diags.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn function_object_text() {
        assert_eq!(
            function_object("k_grad_0_1", false, true, None, false),
            "::cuad::detail::make_gradient<true>(&::k_grad_0_1, CUAD_CODE_OF(cuad_code_k_grad_0_1))"
        );
        // A device-callable gradient is also a template argument: called in a kernel, the
        // object uses the device function, not the host address it was made with.
        assert_eq!(
            function_object("f_grad", false, false, None, true),
            "::cuad::detail::make_gradient<false, 1, &::f_grad>(&::f_grad, CUAD_CODE_OF(cuad_code_f_grad))"
        );
        assert_eq!(
            function_object("k_grad_0_1", false, true, None, false),
            "::cuad::detail::make_gradient<true>(&::k_grad_0_1, CUAD_CODE_OF(cuad_code_k_grad_0_1))"
        );
        assert_eq!(
            function_object("S_f_grad", false, false, Some(3), false),
            "::cuad::detail::make_method_gradient<3>(&::S_f_grad, CUAD_CODE_OF(cuad_code_S_f_grad))"
        );
        assert_eq!(code_constant_name("ns::f_grad"), "cuad_code_ns__f_grad");
        assert_eq!(
            bound_function_object("E_operator_call_grad", &Bound::Object("E".into()), Some(3), 2),
            "::cuad::detail::make_functor_gradient<3>(&::E_operator_call_grad, CUAD_CODE_OF(cuad_code_E_operator_call_grad), &(E))"
        );
        assert_eq!(
            bound_function_object("main_lambda_f_grad", &Bound::Captures(vec!["k".into(), "m".into()]), None, 1),
            "::cuad::detail::make_capture_gradient<1>(&::main_lambda_f_grad, CUAD_CODE_OF(cuad_code_main_lambda_f_grad), &k, &m)"
        );
    }
}
