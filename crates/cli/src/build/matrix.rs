//! `clad::jacobian` and `clad::hessian`: derivative matrices assembled from cuad's first-order
//! modes by small generated wrappers.
//!
//! Jacobian of `void f(x, a, out)` (the last parameter is the output array, as in Clad): the
//! gradient of `f` w.r.t. the inputs and `out`, run once per output entry with that entry's
//! adjoint seeded with 1, fills one row per run (`f_jac`).
//!
//! Hessian of a real function: reverse mode over forward mode, as Clad does. A pre-pass
//! generates the pushforward of `f`; its code is appended to the program with its names
//! `_d_*` renamed `_a_*` (reverse mode names adjoints `_d_<name>`, which would clash), next to
//! a direction function `f_hessian_dir(args..., _a_x, _a_y) = f_pushforward(...).pushforward`.
//! The program is read again, and the gradient of the direction function along the unit
//! vector of parameter `i` is row `i` of the Hessian (`f_hessian`). Every entry is exact.

use super::process::Target;
use super::requests::{self, Request};
use cuad_syntax::ast::{Expr, ExprKind, Function, Ty, TyKind};
use cuad_syntax::Diagnostics;

/// Real element types cuad builds matrices of.
fn is_real(ty: &Ty) -> bool {
    matches!(ty.kind, TyKind::Float | TyKind::Double | TyKind::LongDouble)
}

/// The element type of a pointer or array parameter.
fn element(ty: &Ty) -> Option<&Ty> {
    match &ty.kind {
        TyKind::Pointer { pointee, .. } => Some(pointee),
        TyKind::Array { elem, .. } => Some(elem),
        _ => None,
    }
}

fn plain(ty: &Ty) -> String {
    cuad_emit::print_ty(&ty.clone().with_const(false))
}

/// The function a Jacobian or Hessian request names: a plain (non-template) function with a
/// body, not a kernel, member function, lambda or functor.
pub fn matrix_function<'a>(
    tu: &'a cuad_syntax::ast::TranslationUnit,
    request: &Request,
    target: &Target,
    diags: &mut Diagnostics,
) -> Option<&'a Function> {
    let span = request.call_span;
    let what = if target.method_primals.is_some() || !target.is_plain() {
        Some("member functions, lambdas and functor objects")
    } else if !target.template_args.is_empty() {
        Some("template instances")
    } else {
        None
    };
    if let Some(what) = what {
        diags.error(
            span,
            format!("`{}` of {what} is not supported by cuad yet", request.api),
        );
        return None;
    }
    let Some(f) = requests::find_function(&tu.items, &target.function).filter(|f| f.body.is_some())
    else {
        diags.error(
            span,
            format!("no definition of `{}` in this file", target.function),
        );
        return None;
    };
    if f.attrs.global {
        diags.error(
            span,
            format!(
                "`{}` is a kernel: `{}` takes host or `__device__` functions; use `clad::gradient` for kernels",
                target.function, request.api
            ),
        );
        return None;
    }
    if f.template.is_some() {
        diags.error(
            span,
            format!(
                "`{}` of template instances is not supported by cuad yet",
                request.api
            ),
        );
        return None;
    }
    if let Some(i) = f.params.iter().position(|p| p.name.is_none()) {
        diags.error(
            span,
            format!(
                "parameter {i} of `{}` has no name; `{}` needs named parameters",
                target.function, request.api
            ),
        );
        return None;
    }
    Some(f)
}

fn param_names(f: &Function) -> Vec<String> {
    f.params
        .iter()
        .map(|p| p.name.clone().unwrap_or_default())
        .collect()
}

/// `f_jac`, `f_hessian` when every parameter is listed, else with the listed indices
/// (`f_hessian_0_2`), as gradients are named; qualified names become identifiers.
fn wrapper_name(function: &str, what: &str, listed: &[usize], params: usize) -> String {
    let base = function.trim_start_matches("::").replace("::", "_");
    let mut name = format!("{base}_{what}");
    if listed.len() != params {
        for i in listed {
            name.push_str(&format!("_{i}"));
        }
    }
    name
}

/// `__host__ __device__ ` / `__device__ ` as the primal has them.
fn attrs(f: &Function) -> &'static str {
    match (f.attrs.device, f.attrs.host) {
        (true, true) => "__host__ __device__ ",
        (true, false) => "__device__ ",
        _ => "",
    }
}

fn decls(f: &Function) -> Vec<String> {
    f.params
        .iter()
        .map(|p| cuad_emit::print_decl(&p.ty, p.name.as_deref().unwrap_or_default()))
        .collect()
}

/// One variable group of a Hessian: a real scalar parameter, or entries `lo..=hi` of an array
/// parameter (`"arr[0:2]"`, Clad's inclusive range) with `len` entries in all.
#[derive(Clone, Debug, PartialEq)]
pub enum Slot {
    Scalar(usize),
    Range {
        index: usize,
        lo: u64,
        hi: u64,
        len: u64,
    },
}

impl Slot {
    fn index(&self) -> usize {
        match self {
            Slot::Scalar(i) | Slot::Range { index: i, .. } => *i,
        }
    }

    /// The Hessian's rows (and columns) this group gives.
    fn width(&self) -> u64 {
        match self {
            Slot::Scalar(_) => 1,
            Slot::Range { lo, hi, .. } => hi - lo + 1,
        }
    }
}

/// What a Hessian is taken with respect to, in parameter order.
pub struct HessianSpec {
    pub slots: Vec<Slot>,
}

impl HessianSpec {
    /// The parameters' indices and names (the pushforward's and the gradient's `wrt`).
    pub fn indices(&self) -> Vec<usize> {
        self.slots.iter().map(Slot::index).collect()
    }

    pub fn names(&self, f: &Function) -> Vec<String> {
        let names = param_names(f);
        self.slots
            .iter()
            .map(|s| names[s.index()].clone())
            .collect()
    }
}

/// `arr[lo:hi]` as `resolve_wrt` passes a range on.
fn parse_range(entry: &str) -> Option<(&str, u64, u64)> {
    let (name, rest) = entry.split_once('[')?;
    let (lo, hi) = rest.strip_suffix(']')?.split_once(':')?;
    Some((name, lo.trim().parse().ok()?, hi.trim().parse().ok()?))
}

/// The variables of a Hessian: the listed ones (real scalar parameters, index ranges of
/// arrays of reals whose size cuad knows), or every real scalar parameter.
pub fn hessian_params(
    request: &Request,
    f: &Function,
    wrt: Option<&[String]>,
    diags: &mut Diagnostics,
) -> Option<HessianSpec> {
    let span = request.call_span;
    let api = &request.api;
    if !is_real(&f.ret) {
        diags.error(
            span,
            format!(
                "`{api}` needs a function returning a real number; `{}` returns `{}`",
                f.name,
                cuad_emit::print_ty(&f.ret)
            ),
        );
        return None;
    }
    let names = param_names(f);
    let mut slots = match wrt {
        None => (0..f.params.len())
            .filter(|&i| is_real(&f.params[i].ty))
            .map(Slot::Scalar)
            .collect(),
        Some(wrt) => {
            let mut out: Vec<Slot> = Vec::new();
            for entry in wrt {
                let (n, range) = match parse_range(entry) {
                    Some((n, lo, hi)) => (n, Some((lo, hi))),
                    None => (entry.as_str(), None),
                };
                let Some(i) = names.iter().position(|p| p == n) else {
                    diags.error(span, format!("`{}` has no parameter `{n}`", f.name));
                    return None;
                };
                if out.iter().any(|s| s.index() == i) {
                    diags.error(span, format!("`{api}`: `{n}` is listed twice"));
                    return None;
                }
                let ty = &f.params[i].ty;
                let slot = match range {
                    None if is_real(ty) => Slot::Scalar(i),
                    None => {
                        let hint = match element(ty).is_some_and(is_real) {
                            true => format!("; list a range of its entries, e.g. `{n}[0:1]`"),
                            false => String::new(),
                        };
                        diags.error(
                            span,
                            format!(
                                "`{api}` w.r.t. `{n}`: cuad computes Hessians w.r.t. real scalar parameters and ranges of arrays of reals (`{n}` is `{}`){hint}",
                                cuad_emit::print_ty(ty)
                            ),
                        );
                        return None;
                    }
                    Some((lo, hi)) => {
                        if !element(ty).is_some_and(is_real) {
                            diags.error(span, format!("`{api}`: `{n}` is not an array of reals"));
                            return None;
                        }
                        let Some(len) = array_len(f, i) else {
                            diags.error(
                                span,
                                format!("`{api}`: cuad cannot tell how many entries of `{n}` `{}` reads; declare it with its size or index it with constants only", f.name),
                            );
                            return None;
                        };
                        if lo > hi || hi >= len {
                            diags.error(
                                span,
                                format!("`{api}`: the range `{entry}` is not within the {len} entries of `{n}` (ranges are inclusive)"),
                            );
                            return None;
                        }
                        Slot::Range {
                            index: i,
                            lo,
                            hi,
                            len,
                        }
                    }
                };
                out.push(slot);
            }
            out
        }
    };
    slots.sort_by_key(Slot::index);
    if slots.is_empty() {
        diags.error(
            span,
            format!(
                "`{}` has no real scalar parameter to take a Hessian with respect to",
                f.name
            ),
        );
        return None;
    }
    Some(HessianSpec { slots })
}

/// The direction function's name for a Hessian request.
pub fn direction_name(function: &str, f: &Function, spec: &HessianSpec) -> String {
    wrapper_name(function, "hessian_dir", &spec.indices(), f.params.len())
}

/// `T f_hessian_dir(params..., T _a_x, T* _a_arr...) { return PF(params..., _a_x,
/// _a_arr...).pushforward; }` (its tangents named as in the renamed pushforward code; an
/// array's tangent has the array's type).
pub fn direction_function(
    function: &str,
    f: &Function,
    spec: &HessianSpec,
    pushforward: &str,
) -> String {
    let names = param_names(f);
    let mut params = decls(f);
    let mut args = names.clone();
    for i in spec.indices() {
        let ty = &f.params[i].ty;
        let tangent = format!("_a_{}", names[i]);
        params.push(match is_real(ty) {
            true => format!("{} {tangent}", plain(ty)),
            false => cuad_emit::print_decl(ty, &tangent),
        });
        args.push(tangent);
    }
    format!(
        "{}{} {}({}) {{\n    return ::{}({}).pushforward;\n}}\n",
        attrs(f),
        plain(&f.ret),
        direction_name(function, f, spec),
        params.join(", "),
        pushforward.trim_start_matches("::"),
        args.join(", ")
    )
}

/// Renames the pre-pass's code so that the program read again can be differentiated by
/// another engine: tangents `_d_*` become `_a_*` (reverse mode names adjoints `_d_<name>`),
/// temporaries `_t<N>` and `_cuad_*` become `_at<N>` and `_acuad_*` (reverse mode makes its
/// own), and the generated functions (`functions`) get `_hess` appended (the main pass may
/// generate functions of the same names for other requests).
pub fn rename_generated(code: &str, functions: &[String]) -> String {
    let mut out = String::with_capacity(code.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let w = std::mem::take(word);
        let temp = w
            .strip_prefix("_t")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if functions.contains(&w) {
            out.push_str(&w);
            out.push_str("_hess");
        } else if let Some(rest) = w.strip_prefix("_d_") {
            out.push_str("_a_");
            out.push_str(rest);
        } else if temp || w.starts_with("_cuad_") {
            out.push_str("_a");
            out.push_str(&w[1..]);
        } else {
            out.push_str(&w);
        }
    };
    for c in code.chars() {
        // Identifiers, and numbers (`1e_d` cannot occur; `2.0f` stays one word).
        if c == '_' || c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// A generated wrapper: its name, prototype and definition.
pub struct Wrapper {
    pub name: String,
    pub prototype: String,
    pub definition: String,
    pub device: bool,
}

fn wrapper(f: &Function, name: String, matrix_param: String, body: String) -> Wrapper {
    let mut params = decls(f);
    params.push(matrix_param);
    let head = format!("{}void {name}({})", attrs(f), params.join(", "));
    Wrapper {
        prototype: format!("{head};\n"),
        definition: format!("{head} {{\n{body}}}\n"),
        name,
        device: f.attrs.device,
    }
}

/// `f_hessian(params..., T* hessianMatrix)`: row `k` is the gradient of the direction
/// function (`gradient`) along the unit vector of the `k`-th variable (a scalar parameter or
/// an array entry of a listed range), read at the variables' columns. `diagonal`
/// (`clad::opts::diagonal_only`): `f_hessian_diag` keeps entry `k` of row `k` only.
pub fn hessian_wrapper(
    function: &str,
    f: &Function,
    spec: &HessianSpec,
    gradient: &str,
    diagonal: bool,
) -> Wrapper {
    let names = param_names(f);
    let n: u64 = spec.slots.iter().map(Slot::width).sum();
    let t = plain(&f.ret);
    // Where column `c` of row `_cuad_k` goes.
    let target = |c: String| match diagonal {
        true => format!("_cuad_row[{c}]"),
        false => format!("hessianMatrix[_cuad_k * {n} + {c}]"),
    };
    let mut body = format!(
        "    // Row k: the gradient of the derivative of `{}` along its k-th variable.\n",
        f.name
    );
    // Tangent arrays live across rows (one entry set at a time).
    for slot in &spec.slots {
        if let Slot::Range { index, len, .. } = slot {
            let elem = plain(element(&f.params[*index].ty).expect("checked range"));
            body.push_str(&format!("    {elem} _t_{}[{len}] = {{}};\n", names[*index]));
        }
    }
    body.push_str(&format!(
        "    for (int _cuad_k = 0; _cuad_k < {n}; ++_cuad_k) {{\n"
    ));
    if diagonal {
        body.push_str(&format!("        {t} _cuad_row[{n}];\n"));
    }
    let mut tangents = Vec::new();
    let mut adjoints = Vec::new();
    let mut reads = Vec::new();
    let mut first = 0u64;
    for slot in &spec.slots {
        let name = &names[slot.index()];
        match slot {
            Slot::Scalar(i) => {
                body.push_str(&format!(
                    "        {} _d_{name} = 0;\n",
                    plain(&f.params[*i].ty)
                ));
                tangents.push(format!("_cuad_k == {first}"));
                adjoints.push(format!("&_d_{name}"));
                reads.push(format!(
                    "        {} = _d_{name};\n",
                    target(first.to_string())
                ));
            }
            Slot::Range { index, lo, hi, len } => {
                let elem = plain(element(&f.params[*index].ty).expect("checked range"));
                body.push_str(&format!("        {elem} _d_{name}[{len}] = {{}};\n"));
                body.push_str(&format!(
                    "        for (int _cuad_j = {lo}; _cuad_j <= {hi}; ++_cuad_j) _t_{name}[_cuad_j] = _cuad_k == {first} + _cuad_j - {lo};\n"
                ));
                tangents.push(format!("_t_{name}"));
                adjoints.push(format!("_d_{name}"));
                reads.push(format!(
                    "        for (int _cuad_j = {lo}; _cuad_j <= {hi}; ++_cuad_j) {} = _d_{name}[_cuad_j];\n",
                    target(format!("{first} + _cuad_j - {lo}"))
                ));
            }
        }
        first += slot.width();
    }
    let mut args = names.clone();
    args.extend(tangents);
    args.extend(adjoints);
    body.push_str(&format!(
        "        ::{}({});\n",
        gradient.trim_start_matches("::"),
        args.join(", ")
    ));
    body.extend(reads);
    if diagonal {
        body.push_str("        hessianMatrix[_cuad_k] = _cuad_row[_cuad_k];\n");
    }
    body.push_str("    }\n");
    let mut name = hessian_name(function, f, spec);
    if diagonal {
        name.push_str("_diag");
    }
    wrapper(f, name, format!("{t}* hessianMatrix"), body)
}

/// `f_hessian`, `f_hessian_0_2`, and with ranges in the name (`f_hessian_0r1_2_1` for
/// `"arr[1:2], k"`): requests of different ranges of one array are different functions.
fn hessian_name(function: &str, f: &Function, spec: &HessianSpec) -> String {
    let ranged = spec.slots.iter().any(|s| matches!(s, Slot::Range { .. }));
    if !ranged {
        return wrapper_name(function, "hessian", &spec.indices(), f.params.len());
    }
    let mut name = format!(
        "{}_hessian",
        function.trim_start_matches("::").replace("::", "_")
    );
    for slot in &spec.slots {
        name.push_str(&match slot {
            Slot::Scalar(i) => format!("_{i}"),
            Slot::Range { index, lo, hi, .. } => format!("_{index}r{lo}_{hi}"),
        });
    }
    name
}

/// One input of a Jacobian: its parameter index and entry count (`None`: a scalar).
struct Input {
    index: usize,
    len: Option<u64>,
}

/// Entries of an array parameter: its declared length (`double a[3]`), else one more than the
/// largest constant index of the body's accesses when every use is `p[K]` with a constant K.
fn array_len(f: &Function, index: usize) -> Option<u64> {
    let p = &f.params[index];
    if let TyKind::Array { len: Some(len), .. } = &p.ty.kind {
        return int_value(len);
    }
    let name = p.name.as_deref()?;
    let mut max: Option<u64> = None;
    let mut other_use = false;
    requests::walk_function(f, &mut |e: &Expr| match &e.kind {
        ExprKind::Index(base, idx) if is_ident(base, name) => {
            match int_value(idx) {
                Some(k) => max = Some(max.map_or(k, |m| m.max(k))),
                None => other_use = true,
            }
            // The index is walked on its own (it may read other arrays).
            requests::walk_expr(idx, &mut |e: &Expr| {
                other_use |= is_ident(e, name);
                false
            });
            true
        }
        _ => {
            other_use |= is_ident(e, name);
            false
        }
    });
    max.filter(|_| !other_use).map(|m| m + 1)
}

fn is_ident(e: &Expr, name: &str) -> bool {
    matches!(&e.strip_parens().kind, ExprKind::Ident(n) if n == name)
}

fn int_value(e: &Expr) -> Option<u64> {
    let ExprKind::IntLit(text) = &e.strip_parens().kind else {
        return None;
    };
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    digits.parse().ok()
}

/// What a Jacobian request needs: the inputs (in parameter order), the output parameter and
/// its entry count. `wrt` lists the inputs (default: every real scalar, pointer or array
/// parameter but the output).
pub struct JacobianSpec {
    inputs: Vec<Input>,
    output: usize,
    rows: u64,
}

impl JacobianSpec {
    /// The gradient's parameter list: the inputs, then the output.
    pub fn gradient_wrt(&self, f: &Function) -> Vec<String> {
        let names = param_names(f);
        self.inputs
            .iter()
            .map(|i| names[i.index].clone())
            .chain(std::iter::once(names[self.output].clone()))
            .collect()
    }
}

pub fn jacobian_spec(
    request: &Request,
    f: &Function,
    wrt: Option<&[String]>,
    diags: &mut Diagnostics,
) -> Option<JacobianSpec> {
    let span = request.call_span;
    let api = &request.api;
    let names = param_names(f);
    let output = f.params.len().checked_sub(1);
    let out_elem = output.and_then(|o| element(&f.params[o].ty));
    let (Some(output), Some(out_elem)) = (output, out_elem) else {
        diags.error(
            span,
            format!("`{api}` needs a function whose last parameter is its output array, e.g. `void {}(double x, double y, double* out)`", f.name),
        );
        return None;
    };
    if !matches!(f.ret.kind, TyKind::Void) {
        diags.error(
            span,
            format!("`{api}` needs a `void` function that writes its outputs to its last parameter; `{}` returns `{}`", f.name, cuad_emit::print_ty(&f.ret)),
        );
        return None;
    }
    if !is_real(out_elem) || out_elem.is_const {
        diags.error(
            span,
            format!(
                "`{api}`: the last parameter of `{}` must be a writable array of real numbers",
                f.name
            ),
        );
        return None;
    }
    let Some(rows) = array_len(f, output) else {
        diags.error(
            span,
            format!(
                "`{api}`: cuad cannot tell how many entries `{}` writes to `{}`; declare it with its size (`double {}[3]`) or index it with constants only",
                f.name, names[output], names[output]
            ),
        );
        return None;
    };
    let candidates: Vec<usize> = match wrt {
        None => (0..output)
            .filter(|&i| {
                let ty = &f.params[i].ty;
                is_real(ty) || element(ty).is_some_and(is_real)
            })
            .collect(),
        Some(wrt) => {
            let mut out = Vec::new();
            for n in wrt {
                match names.iter().position(|p| p == n) {
                    Some(i) if i == output => {
                        diags.error(
                            span,
                            format!("`{api}`: `{n}` is the output; list the inputs"),
                        );
                        return None;
                    }
                    Some(i) => out.push(i),
                    None => {
                        diags.error(span, format!("`{}` has no parameter `{n}`", f.name));
                        return None;
                    }
                }
            }
            out.sort_unstable();
            out
        }
    };
    let mut inputs = Vec::new();
    for index in candidates {
        let ty = &f.params[index].ty;
        let len = if is_real(ty) {
            None
        } else if element(ty).is_some_and(is_real) {
            match array_len(f, index) {
                Some(n) => Some(n),
                None => {
                    diags.error(
                        span,
                        format!("`{api}`: cuad cannot tell how many entries of `{}` `{}` reads; declare it with its size or index it with constants only", names[index], f.name),
                    );
                    return None;
                }
            }
        } else {
            diags.error(
                span,
                format!(
                    "`{api}` w.r.t. `{}`: inputs must be real scalars or arrays of reals (`{}`)",
                    names[index],
                    cuad_emit::print_ty(ty)
                ),
            );
            return None;
        };
        inputs.push(Input { index, len });
    }
    if inputs.is_empty() {
        diags.error(
            span,
            format!("`{api}`: `{}` has no input to differentiate", f.name),
        );
        return None;
    }
    Some(JacobianSpec {
        inputs,
        output,
        rows,
    })
}

/// `f_jac(params..., T* jacobianMatrix)`: one reverse sweep per output entry; the primal runs
/// last, so the outputs hold its results as with Clad. When `f` reads its output, the entry
/// values are kept and written back before each sweep (a gradient may leave other values).
pub fn jacobian_wrapper(
    function: &str,
    f: &Function,
    spec: &JacobianSpec,
    gradient: &str,
    reads_output: bool,
) -> Wrapper {
    let names = param_names(f);
    let out = &names[spec.output];
    let t = plain(element(&f.params[spec.output].ty).expect("checked output"));
    let rows = spec.rows;
    let cols: u64 = spec.inputs.iter().map(|i| i.len.unwrap_or(1)).sum();
    let restore = format!(
        "for (int _cuad_k = 0; _cuad_k < {rows}; ++_cuad_k) {out}[_cuad_k] = _cuad_out0[_cuad_k];\n"
    );
    let mut body = format!(
        "    // Row r: the gradient of `{out}[r]` (one reverse sweep with its adjoint seeded).\n"
    );
    if reads_output {
        body.push_str(&format!("    {t} _cuad_out0[{rows}];\n    for (int _cuad_k = 0; _cuad_k < {rows}; ++_cuad_k) _cuad_out0[_cuad_k] = {out}[_cuad_k];\n"));
    }
    body.push_str(&format!(
        "    for (int _cuad_r = 0; _cuad_r < {rows}; ++_cuad_r) {{\n"
    ));
    if reads_output {
        body.push_str(&format!("        {restore}"));
    }
    let mut adjoints = Vec::new();
    for input in &spec.inputs {
        let name = &names[input.index];
        let ty = &f.params[input.index].ty;
        match input.len {
            None => {
                body.push_str(&format!("        {} _d_{name} = 0;\n", plain(ty)));
                adjoints.push(format!("&_d_{name}"));
            }
            Some(n) => {
                let elem = plain(element(ty).expect("checked input"));
                body.push_str(&format!("        {elem} _d_{name}[{n}] = {{}};\n"));
                adjoints.push(format!("_d_{name}"));
            }
        }
    }
    body.push_str(&format!(
        "        {t} _d_{out}[{rows}] = {{}};\n        _d_{out}[_cuad_r] = 1;\n"
    ));
    adjoints.push(format!("_d_{out}"));
    let mut args = names.clone();
    args.extend(adjoints);
    body.push_str(&format!(
        "        ::{}({});\n",
        gradient.trim_start_matches("::"),
        args.join(", ")
    ));
    let mut col = 0;
    for input in &spec.inputs {
        let name = &names[input.index];
        match input.len {
            None => {
                body.push_str(&format!(
                    "        jacobianMatrix[_cuad_r * {cols} + {col}] = _d_{name};\n"
                ));
                col += 1;
            }
            Some(n) => {
                body.push_str(&format!(
                    "        for (int _cuad_k = 0; _cuad_k < {n}; ++_cuad_k) jacobianMatrix[_cuad_r * {cols} + {col} + _cuad_k] = _d_{name}[_cuad_k];\n"
                ));
                col += n;
            }
        }
    }
    body.push_str("    }\n");
    if reads_output {
        body.push_str(&format!("    {restore}"));
    }
    body.push_str(&format!(
        "    ::{}({});\n",
        function.trim_start_matches("::"),
        names.join(", ")
    ));
    let listed: Vec<usize> = spec.inputs.iter().map(|i| i.index).collect();
    let name = wrapper_name(function, "jac", &listed, spec.output);
    wrapper(f, name, format!("{t}* jacobianMatrix"), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_generated_identifiers_only() {
        let names = vec!["g_pushforward".to_string()];
        assert_eq!(
            rename_generated(
                "auto _t1 = ::g_pushforward(_d_x, a_d_y, _d__d_z, _tx, _cuad_sin0); // _d_",
                &names
            ),
            "auto _at1 = ::g_pushforward_hess(_a_x, a_d_y, _a__d_z, _tx, _acuad_sin0); // _a_"
        );
    }

    fn parse_function(src: &str) -> Function {
        let mut diags = Diagnostics::default();
        let tokens = cuad_syntax::lexer::lex(cuad_syntax::FileId(0), src, &mut diags);
        let tu = cuad_syntax::parser::parse(&tokens, &mut diags);
        match tu.items.into_iter().next() {
            Some(cuad_syntax::ast::Item::Function(f)) => f,
            other => panic!("not a function: {other:?}"),
        }
    }

    #[test]
    fn array_sizes_from_declarations_or_constant_indices() {
        let f = parse_function(
            "void f(double* a, double b[4], double* c, int n, double* d) {\n\
             \x20 d[1] = a[0] * a[2] + b[0];\n\
             \x20 c[n] = 1;\n\
             \x20 g(d);\n\
             }",
        );
        assert_eq!(array_len(&f, 0), Some(3));
        assert_eq!(array_len(&f, 1), Some(4));
        assert_eq!(array_len(&f, 2), None, "a variable index");
        assert_eq!(array_len(&f, 4), None, "passed on whole");
    }

    #[test]
    fn wrapper_names_follow_gradients() {
        assert_eq!(wrapper_name("f", "jac", &[0, 1], 2), "f_jac");
        assert_eq!(
            wrapper_name("::ns::f", "hessian", &[0, 2], 3),
            "ns_f_hessian_0_2"
        );
    }
}
