//! Library functions cuad differentiates from its own definitions: the cuComplex API
//! (`cuCmulf`, `cuCabsf`, ...), whose header cuad does not read, and the math functions with
//! pointer outputs (`modf`, `frexp`) or array inputs (`normf(dim, p)`, `rnorm`). The user's
//! code keeps calling the library; only the pullbacks (`cuCmulf_pullback`) come from these
//! bodies. A program that defines a function of the same name itself keeps its own.

use cuad_syntax::ast::{Function, Item};
use cuad_syntax::pp::PpOptions;
use cuad_syntax::{Diagnostics, SourceMap};

const PRELUDE: &str = r#"
__host__ __device__ inline float cuCrealf(cuFloatComplex a) { return a.x; }
__host__ __device__ inline float cuCimagf(cuFloatComplex a) { return a.y; }
__host__ __device__ inline cuFloatComplex make_cuFloatComplex(float r, float i) { return make_float2(r, i); }
__host__ __device__ inline cuFloatComplex make_cuComplex(float r, float i) { return make_float2(r, i); }
__host__ __device__ inline cuFloatComplex cuConjf(cuFloatComplex a) { return make_float2(a.x, -a.y); }
__host__ __device__ inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) { return make_float2(a.x + b.x, a.y + b.y); }
__host__ __device__ inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) { return make_float2(a.x - b.x, a.y - b.y); }
__host__ __device__ inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  float d = b.x * b.x + b.y * b.y;
  return make_float2((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d);
}
__host__ __device__ inline float cuCabsf(cuFloatComplex a) { return hypotf(a.x, a.y); }
__host__ __device__ inline cuFloatComplex cuCfmaf(cuFloatComplex a, cuFloatComplex b, cuFloatComplex c) {
  return make_float2(a.x * b.x - a.y * b.y + c.x, a.x * b.y + a.y * b.x + c.y);
}
__host__ __device__ inline double cuCreal(cuDoubleComplex a) { return a.x; }
__host__ __device__ inline double cuCimag(cuDoubleComplex a) { return a.y; }
__host__ __device__ inline cuDoubleComplex make_cuDoubleComplex(double r, double i) { return make_double2(r, i); }
__host__ __device__ inline cuDoubleComplex cuConj(cuDoubleComplex a) { return make_double2(a.x, -a.y); }
__host__ __device__ inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) { return make_double2(a.x + b.x, a.y + b.y); }
__host__ __device__ inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) { return make_double2(a.x - b.x, a.y - b.y); }
__host__ __device__ inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
__host__ __device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  double d = b.x * b.x + b.y * b.y;
  return make_double2((a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d);
}
__host__ __device__ inline double cuCabs(cuDoubleComplex a) { return hypot(a.x, a.y); }
__host__ __device__ inline cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex c) {
  return make_double2(a.x * b.x - a.y * b.y + c.x, a.x * b.y + a.y * b.x + c.y);
}
__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex a) { return make_double2((double)a.x, (double)a.y); }
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex a) { return make_float2((float)a.x, (float)a.y); }
__host__ __device__ inline float modff(float x, float* ip) { *ip = truncf(x); return x - truncf(x); }
__host__ __device__ inline double modf(double x, double* ip) { *ip = trunc(x); return x - trunc(x); }
__host__ __device__ inline float frexpf(float x, int* e) {
  if (x == 0.0f) { *e = 0; return x; }
  *e = ilogbf(x) + 1;
  return ldexpf(x, -*e);
}
__host__ __device__ inline double frexp(double x, int* e) {
  if (x == 0.0) { *e = 0; return x; }
  *e = ilogb(x) + 1;
  return ldexp(x, -*e);
}
__host__ __device__ inline float normf(int dim, const float* p) {
  float s = 0.0f;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return sqrtf(s);
}
__host__ __device__ inline float rnormf(int dim, const float* p) {
  float s = 0.0f;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return rsqrtf(s);
}
__host__ __device__ inline double norm(int dim, const double* p) {
  double s = 0.0;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return sqrt(s);
}
__host__ __device__ inline double rnorm(int dim, const double* p) {
  double s = 0.0;
  for (int j = 0; j < dim; j++) s += p[j] * p[j];
  return rsqrt(s);
}
"#;

/// The `__half2` / `__nv_bfloat162` API as the same operation on both halves, computed in float
/// and rounded once (exact for +, -, *, fma of 16-bit inputs up to that rounding, as CUDA's):
/// (pair type, half type, make, to float, from float, float-pair-to-pair, pair-to-float-pair,
/// from two floats, one float to both halves, from two halves, one half to both, low, high).
#[rustfmt::skip]
const PAIRS: &[[&str; 13]] = &[
    ["__half2", "__half", "make_half2", "__half2float", "__float2half", "__float22half2_rn",
     "__half22float2", "__floats2half2_rn", "__float2half2_rn", "__halves2half2", "__half2half2",
     "__low2half", "__high2half"],
    ["__nv_bfloat162", "__nv_bfloat16", "make_bfloat162", "__bfloat162float", "__float2bfloat16",
     "__float22bfloat162_rn", "__bfloat1622float2", "__floats2bfloat162_rn",
     "__float2bfloat162_rn", "__halves2bfloat162", "__bfloat162bfloat162", "__low2bfloat16",
     "__high2bfloat16"],
];

/// Element-wise operations of the pair API: name, then the float expression of the halves
/// `A`, `B`, `C` of its arguments.
#[rustfmt::skip]
const PAIR_OPS: &[(&str, &str)] = &[
    ("__hadd2", "A + B"), ("__hadd2_rn", "A + B"), ("__hsub2", "A - B"), ("__hsub2_rn", "A - B"),
    ("__hmul2", "A * B"), ("__hmul2_rn", "A * B"), ("__h2div", "A / B"), ("__hfma2", "A * B + C"),
    ("__hneg2", "-A"), ("__habs2", "fabsf(A)"), ("__hmax2", "fmaxf(A, B)"),
    ("__hmin2", "fminf(A, B)"), ("h2exp", "expf(A)"), ("h2exp2", "exp2f(A)"),
    ("h2exp10", "exp10f(A)"), ("h2log", "logf(A)"), ("h2log2", "log2f(A)"),
    ("h2log10", "log10f(A)"), ("h2sqrt", "sqrtf(A)"), ("h2rsqrt", "rsqrtf(A)"),
    ("h2rcp", "1.0f / A"), ("h2sin", "sinf(A)"), ("h2cos", "cosf(A)"), ("h2tanh", "tanhf(A)"),
];

/// Definitions of the pair API for both pair types.
fn pair_prelude() -> String {
    let mut out = String::new();
    for [p, h, make, tof, fromf, f22p, p2f2, fs2p, f2p, hs2p, h2p, low, high] in PAIRS {
        let part = |v: &str, f: &str| format!("{tof}({v}.{f})");
        for (name, expr) in PAIR_OPS {
            let vars: Vec<&str> = ["A", "B", "C"]
                .into_iter()
                .filter(|v| expr.contains(v))
                .collect();
            let params: Vec<String> = vars.iter().map(|v| format!("{p} {v}")).collect();
            let half = |f: &str| {
                let e = vars
                    .iter()
                    .fold(expr.to_string(), |e, v| e.replace(v, &part(v, f)));
                format!("{fromf}({e})")
            };
            out += &format!(
                "__host__ __device__ inline {p} {name}({}) {{ return {make}({}, {}); }}\n",
                params.join(", "),
                half("x"),
                half("y")
            );
        }
        let x = part("a", "x");
        let y = part("a", "y");
        out += &format!(
            "__host__ __device__ inline {p} {hs2p}({h} a, {h} b) {{ return {make}(a, b); }}
__host__ __device__ inline {p} {h2p}({h} a) {{ return {make}(a, a); }}
__host__ __device__ inline {h} {low}({p} a) {{ return a.x; }}
__host__ __device__ inline {h} {high}({p} a) {{ return a.y; }}
__host__ __device__ inline float __low2float({p} a) {{ return {x}; }}
__host__ __device__ inline float __high2float({p} a) {{ return {y}; }}
__host__ __device__ inline float2 {p2f2}({p} a) {{ return make_float2({x}, {y}); }}
__host__ __device__ inline {p} {f22p}(float2 a) {{ return {make}({fromf}(a.x), {fromf}(a.y)); }}
__host__ __device__ inline {p} {fs2p}(float a, float b) {{ return {make}({fromf}(a), {fromf}(b)); }}
__host__ __device__ inline {p} {f2p}(float a) {{ return {make}({fromf}(a), {fromf}(a)); }}
__host__ __device__ inline {p} __lowhigh2highlow({p} a) {{ return {make}(a.y, a.x); }}
"
        );
    }
    out
}

/// The prelude's functions (spans cleared: they point into no user file).
pub fn functions() -> Vec<Function> {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("cuad-prelude.cu", format!("{PRELUDE}{}", pair_prelude()));
    let tokens = cuad_syntax::pp::preprocess(&mut sm, file, &PpOptions::default(), &mut diags);
    let mut tu = cuad_syntax::parser::parse(&tokens, &mut diags);
    cuad_emit::strip_spans(&mut tu);
    tu.items
        .into_iter()
        .filter_map(|i| match i {
            Item::Function(f) => Some(f),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::PAIR_OPS;
    #[test]
    fn the_prelude_parses_into_functions() {
        let fs = super::functions();
        assert_eq!(fs.len(), 31 + 2 * (PAIR_OPS.len() + 11));
        assert!(fs.iter().any(|f| f.name == "cuComplexDoubleToFloat"));
        assert!(fs.iter().all(|f| f.body.is_some()));
    }
}
