//! The derivative rule table for the math library (cmath and the CUDA math API).
//!
//! Every differentiable builtin is one row: its base name and the partial derivatives with
//! respect to each argument, written in terms of the arguments. `f` variants (`sinf`),
//! `std::`-qualified names and fast intrinsics (`__sinf`) map onto the same rows; the
//! derivative code calls the float or double flavour matching the argument type.

use crate::builder::*;
use cuad_syntax::ast::*;

/// Precision flavour of a math call, so derivatives call matching functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavour {
    Double,
    Float,
    /// `__sinf`-style fast intrinsics (float).
    Intrinsic,
}

pub struct MathCall<'a> {
    pub base: &'a str,
    pub flavour: Flavour,
}

/// Recognizes a math-library call name: `sin`, `sinf`, `std::sin`, `::sinf`, `__sinf`.
pub fn classify(name: &str) -> Option<MathCall<'static>> {
    let name = name.trim_start_matches("::");
    let name = name.strip_prefix("std::").unwrap_or(name);
    if let Some(call) = rounded_intrinsic(name) {
        return Some(call);
    }
    if let Some(call) = half_arithmetic(name) {
        return Some(call);
    }
    if let Some(rest) = name.strip_prefix("__") {
        let base = rest.strip_suffix('f')?;
        let row = ROWS.iter().find(|r| r.name == base && r.intrinsic)?;
        return Some(MathCall {
            base: row.name,
            flavour: Flavour::Intrinsic,
        });
    }
    if let Some(row) = ROWS.iter().find(|r| r.name == name) {
        return Some(MathCall {
            base: row.name,
            flavour: Flavour::Double,
        });
    }
    let base = name.strip_suffix('f')?;
    let row = ROWS.iter().find(|r| r.name == base)?;
    Some(MathCall {
        base: row.name,
        flavour: Flavour::Float,
    })
}

/// IEEE-rounded arithmetic intrinsics (`__fmul_rn`, `__dadd_rz`, `__fmaf_rn`, `__frcp_rd`,
/// `__dsqrt_ru`, `__frsqrt_rn`...): the rounding mode does not change the derivative.
fn rounded_intrinsic(name: &str) -> Option<MathCall<'static>> {
    let rest = name.strip_prefix("__")?;
    let (op, mode) = rest.split_at(rest.len().checked_sub(3)?);
    if !matches!(mode, "_rn" | "_rz" | "_ru" | "_rd") {
        return None;
    }
    let (flavour, op) = match op {
        "fmaf" => (Flavour::Float, "fma"),
        "fma" => (Flavour::Double, "fma"),
        _ if op.starts_with('f') => (Flavour::Float, &op[1..]),
        _ if op.starts_with('d') => (Flavour::Double, &op[1..]),
        _ => return None,
    };
    let base = match op {
        "add" => "rounded add",
        "sub" => "rounded sub",
        "mul" => "rounded mul",
        "div" => "fdivide",
        "rcp" => "rounded rcp",
        "sqrt" => "sqrt",
        "rsqrt" => "rsqrt",
        "fma" => "fma",
        _ => return None,
    };
    Some(MathCall { base, flavour })
}

/// `__half` / `__nv_bfloat16` arithmetic intrinsics (`__hadd`, `__hmul_rn`, `__hfma`): the
/// rounding to 16 bits does not change the derivative. (`_sat` variants clamp: not here.)
fn half_arithmetic(name: &str) -> Option<MathCall<'static>> {
    let op = name.strip_prefix("__h")?;
    let op = op.strip_suffix("_rn").unwrap_or(op);
    let base = match op {
        "add" => "rounded add",
        "sub" => "rounded sub",
        "mul" => "rounded mul",
        "div" => "fdivide",
        "fma" => "fma",
        _ => return None,
    };
    Some(MathCall {
        base,
        flavour: Flavour::Float,
    })
}

/// Non-differentiable (piecewise constant or integer-valued) math functions, and CUDA's
/// rounding conversions to integers (`__float2int_rn`, `__double2ll_rd`, ...).
pub fn is_piecewise_constant(name: &str) -> bool {
    let name = name.trim_start_matches("::");
    if is_rounding_to_integer(name) {
        return true;
    }
    let name = name.strip_prefix("std::").unwrap_or(name);
    let base = name.strip_suffix('f').unwrap_or(name);
    matches!(
        base,
        "floor"
            | "ceil"
            | "trunc"
            | "round"
            | "rint"
            | "nearbyint"
            | "lround"
            | "llround"
            | "lrint"
            | "signbit"
            | "isnan"
            | "isinf"
            | "isfinite"
            | "ilogb"
            | "logb"
    )
}

/// `__float2int_rn`, `__double2ull_rz`: a float or double rounded to an integer type in one
/// of the four rounding modes.
fn is_rounding_to_integer(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("__float2")
        .or_else(|| name.strip_prefix("__double2"))
    else {
        return false;
    };
    let Some((to, mode)) = rest.split_once('_') else {
        return false;
    };
    matches!(to, "int" | "uint" | "ll" | "ull") && matches!(mode, "rn" | "rz" | "ru" | "rd")
}

/// `(f(n - 1, x) - f(n + 1, x)) * 0.5`, the derivative of the Bessel function `f(n, x)` in x.
fn bessel_n(c: &Ctx, f: &str, a: &[Expr]) -> Expr {
    let order = |op| binary(op, paren(a[0].clone()), int_lit(1));
    let lower = c.f(f, vec![order(BinOp::Sub), a[1].clone()]);
    let upper = c.f(f, vec![order(BinOp::Add), a[1].clone()]);
    mul(paren(sub(lower, upper)), c.lit(0.5))
}

struct Row {
    name: &'static str,
    arity: usize,
    /// Has a `__namef` fast intrinsic.
    intrinsic: bool,
    partials: fn(&Ctx, &[Expr]) -> Vec<Expr>,
}

/// Builds calls in the right flavour and literals in the right type.
pub struct Ctx {
    pub flavour: Flavour,
    pub ty: Ty,
}

impl Ctx {
    fn f(&self, base: &str, args: Vec<Expr>) -> Expr {
        let name = match self.flavour {
            Flavour::Double => base.to_string(),
            Flavour::Float => format!("{base}f"),
            Flavour::Intrinsic if matches!(base, "exp" | "log" | "sin" | "cos" | "pow") => {
                format!("__{base}f")
            }
            Flavour::Intrinsic => format!("{base}f"),
        };
        call(&name, args)
    }
    fn lit(&self, v: f64) -> Expr {
        // `__half * float` is ambiguous in CUDA's operators: a 16-bit literal is converted
        match &self.ty.kind {
            TyKind::Half | TyKind::BFloat16 => Expr::synth(ExprKind::Cast {
                kind: CastKind::Functional,
                ty: self.ty.clone().with_const(false),
                expr: Box::new(real_lit(&self.ty, v)),
            }),
            _ => real_lit(&self.ty, v),
        }
    }
}

fn sq(e: &Expr) -> Expr {
    binary(BinOp::Mul, paren(e.clone()), paren(e.clone()))
}
fn div(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Div, a, paren(b))
}
fn sub(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Sub, a, paren(b))
}
fn add(a: Expr, b: Expr) -> Expr {
    binary(BinOp::Add, a, b)
}
fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    paren(Expr::synth(ExprKind::Cond(
        Box::new(c),
        Box::new(a),
        Box::new(b),
    )))
}
fn cmp(op: BinOp, a: &Expr, b: Expr) -> Expr {
    binary(op, paren(a.clone()), b)
}

/// Is `e` a constant other than zero: a numeric literal (`3`, `-2.0`, `(double)2`, `1.5f`)
/// or arithmetic of them (`1.0f / 2.4f`)?
fn nonzero_constant(e: &Expr) -> bool {
    fn value(e: &Expr) -> Option<f64> {
        match &e.strip_parens().kind {
            ExprKind::IntLit(t) | ExprKind::FloatLit(t) => t
                .trim_end_matches(['f', 'F', 'l', 'L', 'u', 'U'])
                .parse::<f64>()
                .ok(),
            ExprKind::Unary(UnOp::Neg, x) => value(x).map(|v| -v),
            ExprKind::Unary(UnOp::Plus, x) | ExprKind::Cast { expr: x, .. } => value(x),
            ExprKind::Binary(op, l, r) => {
                let (l, r) = (value(l)?, value(r)?);
                match op {
                    BinOp::Add => Some(l + r),
                    BinOp::Sub => Some(l - r),
                    BinOp::Mul => Some(l * r),
                    BinOp::Div => Some(l / r),
                    _ => None,
                }
            }
            _ => None,
        }
    }
    value(e).is_some_and(|v| v != 0.0 && v.is_finite())
}

const LN2: f64 = std::f64::consts::LN_2;
const LN10: f64 = std::f64::consts::LN_10;
const TWO_OVER_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;
const INV_SQRT_2PI: f64 = 0.398_942_280_401_432_7;

#[rustfmt::skip]
static ROWS: &[Row] = &[
    Row { name: "sin", arity: 1, intrinsic: true, partials: |c, a| vec![c.f("cos", vec![a[0].clone()])] },
    Row { name: "cos", arity: 1, intrinsic: true, partials: |c, a| vec![neg(c.f("sin", vec![a[0].clone()]))] },
    Row { name: "sinpi", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.lit(std::f64::consts::PI), c.f("cospi", vec![a[0].clone()]))] },
    Row { name: "cospi", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.lit(-std::f64::consts::PI), c.f("sinpi", vec![a[0].clone()]))] },
    Row { name: "tan", arity: 1, intrinsic: true, partials: |c, a| vec![div(c.lit(1.0), sq(&c.f("cos", vec![a[0].clone()])))] },
    Row { name: "asin", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), c.f("sqrt", vec![sub(c.lit(1.0), sq(&a[0]))]))] },
    Row { name: "acos", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(-1.0), c.f("sqrt", vec![sub(c.lit(1.0), sq(&a[0]))]))] },
    Row { name: "atan", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), add(c.lit(1.0), sq(&a[0])))] },
    Row { name: "atan2", arity: 2, intrinsic: false, partials: |_, a| {
        let den = add(sq(&a[0]), sq(&a[1]));
        vec![div(paren(a[1].clone()), den.clone()), neg(div(paren(a[0].clone()), den))]
    } },
    Row { name: "sinh", arity: 1, intrinsic: false, partials: |c, a| vec![c.f("cosh", vec![a[0].clone()])] },
    Row { name: "cosh", arity: 1, intrinsic: false, partials: |c, a| vec![c.f("sinh", vec![a[0].clone()])] },
    Row { name: "tanh", arity: 1, intrinsic: false, partials: |c, a| vec![sub(c.lit(1.0), sq(&c.f("tanh", vec![a[0].clone()])))] },
    Row { name: "asinh", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), c.f("sqrt", vec![add(sq(&a[0]), c.lit(1.0))]))] },
    Row { name: "acosh", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), c.f("sqrt", vec![sub(sq(&a[0]), c.lit(1.0))]))] },
    Row { name: "atanh", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), sub(c.lit(1.0), sq(&a[0])))] },
    Row { name: "exp", arity: 1, intrinsic: true, partials: |c, a| vec![c.f("exp", vec![a[0].clone()])] },
    Row { name: "exp2", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.f("exp2", vec![a[0].clone()]), c.lit(LN2))] },
    Row { name: "exp10", arity: 1, intrinsic: true, partials: |c, a| vec![mul(c.f("exp10", vec![a[0].clone()]), c.lit(LN10))] },
    Row { name: "expm1", arity: 1, intrinsic: false, partials: |c, a| vec![c.f("exp", vec![a[0].clone()])] },
    Row { name: "log", arity: 1, intrinsic: true, partials: |c, a| vec![div(c.lit(1.0), a[0].clone())] },
    Row { name: "log2", arity: 1, intrinsic: true, partials: |c, a| vec![div(c.lit(1.0 / LN2), a[0].clone())] },
    Row { name: "log10", arity: 1, intrinsic: true, partials: |c, a| vec![div(c.lit(1.0 / LN10), a[0].clone())] },
    Row { name: "log1p", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), add(c.lit(1.0), a[0].clone()))] },
    Row { name: "pow", arity: 2, intrinsic: true, partials: |c, a| {
        let slope = mul(paren(a[1].clone()), c.f("pow", vec![a[0].clone(), sub(a[1].clone(), c.lit(1.0))]));
        // d/dx x^0 = 0, where `e * pow(x, e - 1)` is 0 * inf = NaN at x = 0 (mass-action
        // rates `pow(c, nu)` with nu = 0 for a species a reaction does not use).
        let dx = if nonzero_constant(&a[1]) {
            slope
        } else {
            cond(binary(BinOp::Eq, paren(a[1].clone()), c.lit(0.0)), c.lit(0.0), slope)
        };
        let dy = cond(cmp(BinOp::Gt, &a[0], c.lit(0.0)),
            mul(c.f("pow", vec![a[0].clone(), a[1].clone()]), c.f("log", vec![a[0].clone()])), c.lit(0.0));
        vec![dx, dy]
    } },
    Row { name: "sqrt", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(0.5), c.f("sqrt", vec![a[0].clone()]))] },
    Row { name: "rsqrt", arity: 1, intrinsic: false, partials: |c, a| vec![div(mul(c.lit(-0.5), c.f("rsqrt", vec![a[0].clone()])), a[0].clone())] },
    // Bessel functions: J0' = -J1, J1' = J0 - J1/x (Y likewise), I0' = I1, I1' = I0 - I1/x.
    Row { name: "j0", arity: 1, intrinsic: false, partials: |c, a| vec![neg(c.f("j1", vec![a[0].clone()]))] },
    Row { name: "j1", arity: 1, intrinsic: false, partials: |c, a| vec![sub(c.f("j0", vec![a[0].clone()]), div(c.f("j1", vec![a[0].clone()]), paren(a[0].clone())))] },
    Row { name: "y0", arity: 1, intrinsic: false, partials: |c, a| vec![neg(c.f("y1", vec![a[0].clone()]))] },
    Row { name: "y1", arity: 1, intrinsic: false, partials: |c, a| vec![sub(c.f("y0", vec![a[0].clone()]), div(c.f("y1", vec![a[0].clone()]), paren(a[0].clone())))] },
    // `jn(n, x)`, `yn(n, x)`: d/dx = (f(n-1, x) - f(n+1, x)) / 2; the order is an integer.
    Row { name: "jn", arity: 2, intrinsic: false, partials: |c, a| vec![c.lit(0.0), bessel_n(c, "jn", a)] },
    Row { name: "yn", arity: 2, intrinsic: false, partials: |c, a| vec![c.lit(0.0), bessel_n(c, "yn", a)] },
    Row { name: "cyl_bessel_i0", arity: 1, intrinsic: false, partials: |c, a| vec![c.f("cyl_bessel_i1", vec![a[0].clone()])] },
    Row { name: "cyl_bessel_i1", arity: 1, intrinsic: false, partials: |c, a| vec![sub(c.f("cyl_bessel_i0", vec![a[0].clone()]), div(c.f("cyl_bessel_i1", vec![a[0].clone()]), paren(a[0].clone())))] },
    Row { name: "cbrt", arity: 1, intrinsic: false, partials: |c, a| vec![div(c.lit(1.0), mul(c.lit(3.0), sq(&c.f("cbrt", vec![a[0].clone()]))))] },
    Row { name: "rcbrt", arity: 1, intrinsic: false, partials: |c, a| vec![div(neg(c.f("rcbrt", vec![a[0].clone()])), mul(c.lit(3.0), paren(a[0].clone())))] },
    Row { name: "hypot", arity: 2, intrinsic: false, partials: |c, a| {
        let h = c.f("hypot", vec![a[0].clone(), a[1].clone()]);
        vec![div(paren(a[0].clone()), h.clone()), div(paren(a[1].clone()), h)]
    } },
    Row { name: "fabs", arity: 1, intrinsic: false, partials: |c, a| vec![cond(cmp(BinOp::Ge, &a[0], c.lit(0.0)), c.lit(1.0), c.lit(-1.0))] },
    Row { name: "fmin", arity: 2, intrinsic: false, partials: |c, a| {
        let first = cmp(BinOp::Le, &a[0], paren(a[1].clone()));
        vec![cond(first.clone(), c.lit(1.0), c.lit(0.0)), cond(first, c.lit(0.0), c.lit(1.0))]
    } },
    Row { name: "fmax", arity: 2, intrinsic: false, partials: |c, a| {
        let first = cmp(BinOp::Ge, &a[0], paren(a[1].clone()));
        vec![cond(first.clone(), c.lit(1.0), c.lit(0.0)), cond(first, c.lit(0.0), c.lit(1.0))]
    } },
    Row { name: "fma", arity: 3, intrinsic: false, partials: |c, a| vec![a[1].clone(), a[0].clone(), c.lit(1.0)] },
    Row { name: "erf", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.lit(TWO_OVER_SQRT_PI), c.f("exp", vec![neg(sq(&a[0]))]))] },
    Row { name: "erfc", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.lit(-TWO_OVER_SQRT_PI), c.f("exp", vec![neg(sq(&a[0]))]))] },
    Row { name: "normcdf", arity: 1, intrinsic: false, partials: |c, a| vec![mul(c.lit(INV_SQRT_2PI), c.f("exp", vec![mul(c.lit(-0.5), sq(&a[0]))]))] },
    Row { name: "erfinv", arity: 1, intrinsic: false, partials: |c, a| {
        let r = c.f("erfinv", vec![a[0].clone()]);
        vec![mul(c.lit(1.0 / TWO_OVER_SQRT_PI), c.f("exp", vec![sq(&r)]))]
    } },
    Row { name: "normcdfinv", arity: 1, intrinsic: false, partials: |c, a| {
        let r = c.f("normcdfinv", vec![a[0].clone()]);
        vec![div(c.f("exp", vec![mul(c.lit(0.5), sq(&r))]), c.lit(INV_SQRT_2PI))]
    } },
    Row { name: "fmod", arity: 2, intrinsic: false, partials: |c, a| {
        vec![c.lit(1.0), neg(c.f("trunc", vec![div(paren(a[0].clone()), a[1].clone())]))]
    } },
    Row { name: "fdivide", arity: 2, intrinsic: true, partials: |c, a| {
        vec![div(c.lit(1.0), a[1].clone()), neg(div(paren(a[0].clone()), sq(&a[1])))]
    } },
    Row { name: "saturate", arity: 1, intrinsic: true, partials: |c, a| {
        let inside = binary(BinOp::And, cmp(BinOp::Gt, &a[0], c.lit(0.0)), cmp(BinOp::Lt, &a[0], c.lit(1.0)));
        vec![cond(inside, c.lit(1.0), c.lit(0.0))]
    } },
    Row { name: "erfcinv", arity: 1, intrinsic: false, partials: |c, a| {
        let r = c.f("erfcinv", vec![a[0].clone()]);
        vec![mul(c.lit(-1.0 / TWO_OVER_SQRT_PI), c.f("exp", vec![sq(&r)]))]
    } },
    Row { name: "erfcx", arity: 1, intrinsic: false, partials: |c, a| {
        let r = c.f("erfcx", vec![a[0].clone()]);
        vec![sub(mul(mul(c.lit(2.0), paren(a[0].clone())), r), c.lit(TWO_OVER_SQRT_PI))]
    } },
    Row { name: "rhypot", arity: 2, intrinsic: false, partials: |c, a| {
        let r = c.f("rhypot", vec![a[0].clone(), a[1].clone()]);
        let r3 = mul(mul(r.clone(), r.clone()), r);
        vec![neg(mul(paren(a[0].clone()), r3.clone())), neg(mul(paren(a[1].clone()), r3))]
    } },
    Row { name: "norm3d", arity: 3, intrinsic: false, partials: |c, a| {
        let n = c.f("norm3d", a.to_vec());
        a.iter().map(|x| div(paren(x.clone()), n.clone())).collect()
    } },
    Row { name: "norm4d", arity: 4, intrinsic: false, partials: |c, a| {
        let n = c.f("norm4d", a.to_vec());
        a.iter().map(|x| div(paren(x.clone()), n.clone())).collect()
    } },
    Row { name: "rnorm3d", arity: 3, intrinsic: false, partials: |c, a| {
        let r = c.f("rnorm3d", a.to_vec());
        let r3 = mul(mul(r.clone(), r.clone()), r);
        a.iter().map(|x| neg(mul(paren(x.clone()), r3.clone()))).collect()
    } },
    Row { name: "rnorm4d", arity: 4, intrinsic: false, partials: |c, a| {
        let r = c.f("rnorm4d", a.to_vec());
        let r3 = mul(mul(r.clone(), r.clone()), r);
        a.iter().map(|x| neg(mul(paren(x.clone()), r3.clone()))).collect()
    } },
    Row { name: "fdim", arity: 2, intrinsic: false, partials: |c, a| {
        let above = cmp(BinOp::Gt, &a[0], paren(a[1].clone()));
        vec![cond(above.clone(), c.lit(1.0), c.lit(0.0)), cond(above, c.lit(-1.0), c.lit(0.0))]
    } },
    Row { name: "remainder", arity: 2, intrinsic: false, partials: |c, a| {
        vec![c.lit(1.0), neg(c.f("rint", vec![div(paren(a[0].clone()), a[1].clone())]))]
    } },
    // `ldexp(x, n)` and `scalbn(x, n)`: the exponent is an integer (its partial is never used).
    Row { name: "ldexp", arity: 2, intrinsic: false, partials: |c, a| {
        vec![c.f("ldexp", vec![c.lit(1.0), a[1].clone()]), c.lit(0.0)]
    } },
    Row { name: "scalbn", arity: 2, intrinsic: false, partials: |c, a| {
        vec![c.f("scalbn", vec![c.lit(1.0), a[1].clone()]), c.lit(0.0)]
    } },
    // Digamma has no CUDA math function: `cuad_digamma` is emitted with the runtime helpers.
    Row { name: "lgamma", arity: 1, intrinsic: false, partials: |_, a| {
        vec![call("cuad_digamma", vec![a[0].clone()])]
    } },
    Row { name: "tgamma", arity: 1, intrinsic: false, partials: |c, a| {
        vec![mul(c.f("tgamma", vec![a[0].clone()]), call("cuad_digamma", vec![a[0].clone()]))]
    } },
    // Rounded-arithmetic intrinsics (names no user function can have; see `rounded_intrinsic`).
    Row { name: "rounded add", arity: 2, intrinsic: false, partials: |c, _| vec![c.lit(1.0), c.lit(1.0)] },
    Row { name: "rounded sub", arity: 2, intrinsic: false, partials: |c, _| vec![c.lit(1.0), c.lit(-1.0)] },
    Row { name: "rounded mul", arity: 2, intrinsic: false, partials: |_, a| vec![a[1].clone(), a[0].clone()] },
    Row { name: "rounded rcp", arity: 1, intrinsic: false, partials: |c, a| vec![neg(div(c.lit(1.0), sq(&a[0])))] },
    Row { name: "copysign", arity: 2, intrinsic: false, partials: |c, a| {
        let same = binary(BinOp::Eq,
            paren(cmp(BinOp::Lt, &a[0], c.lit(0.0))), paren(cmp(BinOp::Lt, &a[1], c.lit(0.0))));
        vec![cond(same, c.lit(1.0), c.lit(-1.0)), c.lit(0.0)]
    } },
];

/// Partial derivatives of a math call with respect to each argument, or `None` if the
/// function is not in the table or is called with the wrong number of arguments.
pub fn partials(call: &MathCall, ty: &Ty, args: &[Expr]) -> Option<Vec<Expr>> {
    let row = ROWS.iter().find(|r| r.name == call.base)?;
    if row.arity != args.len() {
        return None;
    }
    let ctx = Ctx {
        flavour: call.flavour,
        ty: ty.clone(),
    };
    Some((row.partials)(&ctx, args))
}

/// `min`/`max`/`abs` (the `std::` overloads) on real arguments behave like `fmin`/`fmax`/`fabs`.
pub fn min_max_alias(name: &str) -> Option<&'static str> {
    match name
        .trim_start_matches("::")
        .strip_prefix("std::")
        .unwrap_or(name.trim_start_matches("::"))
    {
        "min" => Some("fmin"),
        "max" => Some("fmax"),
        "abs" => Some("fabs"),
        _ => None,
    }
}

/// Whether a derivative of this row calls `cuad_digamma` (a runtime helper).
pub fn needs_digamma(call: &MathCall) -> bool {
    matches!(call.base, "lgamma" | "tgamma")
}

/// Math-library calls without side effects (safe to drop when their value is unused).
pub fn is_pure_math(name: &str) -> bool {
    classify(name).is_some() || is_piecewise_constant(name) || min_max_alias(name).is_some()
}
