//! Library functions cuad differentiates from its own definitions: the cuComplex API
//! (`cuCmulf`, `cuCabsf`, ...), whose header cuad does not read, and the math functions with
//! pointer outputs (`modf`, `frexp`). The user's code keeps calling
//! the library; only the pullbacks (`cuCmulf_pullback`) come from these bodies. A program that
//! defines a function of the same name itself keeps its own.

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
"#;

/// The prelude's functions (spans cleared: they point into no user file).
pub fn functions() -> Vec<Function> {
    let mut sm = SourceMap::new();
    let mut diags = Diagnostics::default();
    let file = sm.add("cuad-prelude.cu", PRELUDE.to_string());
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
    #[test]
    fn the_prelude_parses_into_functions() {
        let fs = super::functions();
        assert_eq!(fs.len(), 27);
        assert!(fs.iter().any(|f| f.name == "cuComplexDoubleToFloat"));
        assert!(fs.iter().all(|f| f.body.is_some()));
    }
}
