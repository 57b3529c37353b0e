// cuad: --fn math_basic --wrt x
// One derivative rule per term: the driver selects one term at a time with a one-hot `sel`.
__host__ __device__ double math_basic(const double* sel, double x) {
  return sel[0] * sin(x) + sel[1] * cos(x) + sel[2] * tan(x) + sel[3] * exp(x) +
         sel[4] * log(x) + sel[5] * sqrt(x) + sel[6] * fabs(x - 0.5) + sel[7] * pow(x, 3.0) +
         sel[8] * tanh(x) + sel[9] * erf(x) + sel[10] * cbrt(x) + sel[11] * log1p(x) +
         sel[12] * expm1(x) + sel[13] * rsqrt(x) + sel[14] * atan(x) + sel[15] * asin(x) +
         sel[16] * acos(x) + sel[17] * sinh(x) + sel[18] * cosh(x) + sel[19] * erfc(x) +
         sel[20] * log2(x) + sel[21] * log10(x) + sel[22] * exp2(x) + sel[23] * x * x;
}
