//! Turning each request into a generated function and a rewrite of the request's text.

use super::requests::{self, Request, RequestKind};
use super::wrt::{self, WrtItem};
use cuad_diff::{Differentiator, GradInfo};
use cuad_syntax::ast::{Expr, ExprKind, TranslationUnit, UnOp};
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
        let Some((function, wrt)) = read_request(sm, main, tu, request, diags) else {
            continue;
        };
        let key = (function.clone(), wrt.clone());
        let info = match done.get(&key) {
            Some(info) => info.clone(),
            None => match engine.gradient(&function, wrt.as_deref(), request.call_span) {
                Ok(info) => {
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
        if let Some(f) = requests::find_function(&tu.items, &function) {
            plan.primal_spans.push(f.span);
        }
        plan.first_item = match (plan.first_item, request.top_item) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        plan.replacements.push(Edit {
            lo: request.call_span.lo as usize,
            hi: request.call_span.hi as usize,
            text: function_object(&info.qualified_name, info.is_kernel),
        });
    }
    plan
}

/// The expression that replaces a request.
fn function_object(name: &str, is_kernel: bool) -> String {
    // Qualified from the global namespace: a local variable may have the gradient's name
    // (`auto f_grad = clad::gradient(f);`).
    let global = format!("::{}", name.trim_start_matches("::"));
    format!(
        "::cuad::detail::make_gradient<{is_kernel}>(&{global}, {})",
        code_constant_name(name)
    )
}

pub fn code_constant_name(function: &str) -> String {
    let sanitized: String = function
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("cuad_code_{}", sanitized.trim_start_matches('_'))
}

/// Checks one request and reads the function name and the parameter list from it.
fn read_request(
    sm: &SourceMap,
    main: FileId,
    tu: &TranslationUnit,
    request: &Request,
    diags: &mut Diagnostics,
) -> Option<(String, Option<Vec<String>>)> {
    let span = request.call_span;
    if request.kind == RequestKind::Unsupported {
        diags.error(
            span,
            format!(
                "`{}` is not supported by cuad yet; only `clad::gradient` (reverse mode) is",
                request.api
            ),
        );
        return None;
    }
    check_location(sm, main, request, diags)?;
    if request.has_template_args {
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
    let function = function_name(target, diags)?;
    let wrt = match spec {
        None => None,
        Some(spec) => resolve_wrt(sm, tu, &function, spec, diags)?,
    };
    Some((function, wrt))
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
    if spelled.trim_start_matches('(') != request.api || !sm.snippet(call_span).ends_with(')') {
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

/// `f`, `&f`, `ns::f`: the name of the function to differentiate.
fn function_name(target: &Expr, diags: &mut Diagnostics) -> Option<String> {
    let mut e = target.strip_parens();
    if let ExprKind::Unary(UnOp::AddrOf, inner) = &e.kind {
        e = inner.strip_parens();
    }
    match &e.kind {
        ExprKind::Ident(name) => Some(name.clone()),
        _ => {
            diags.push(
                Diagnostic::error(
                    target.span,
                    "expected the name of a function to differentiate",
                )
                .with_note("lambdas, functors and member functions are not supported by cuad"),
            );
            None
        }
    }
}

/// The parameter list as names; `None` means every parameter.
fn resolve_wrt(
    sm: &SourceMap,
    tu: &TranslationUnit,
    function: &str,
    spec: &Expr,
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
            WrtItem::Index(i) => names.push(param_at(tu, function, i, spec.span, diags)?),
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
    function: &str,
    index: usize,
    span: Span,
    diags: &mut Diagnostics,
) -> Option<String> {
    let Some(f) = requests::find_function(&tu.items, function) else {
        diags.error(
            span,
            format!("no function `{function}` to take parameter {index} of"),
        );
        return None;
    };
    match f.params.get(index).map(|p| p.name.clone()) {
        Some(Some(name)) => Some(name),
        Some(None) => {
            diags.error(
                span,
                format!("parameter {index} of `{function}` has no name"),
            );
            None
        }
        None => {
            let count = f.params.len();
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
            function_object("k_grad_0_1", true),
            "::cuad::detail::make_gradient<true>(&::k_grad_0_1, cuad_code_k_grad_0_1)"
        );
        assert_eq!(code_constant_name("ns::f_grad"), "cuad_code_ns__f_grad");
    }
}
