// cuad: --fn math_binary --wrt x,y
// Two-argument math functions, one selected at a time by a one-hot `sel`.
__host__ __device__ double math_binary(const double* sel, double x, double y) {
  return sel[0] * pow(x, y) + sel[1] * fmin(x, y) + sel[2] * fmax(x, y) + sel[3] * hypot(x, y) +
         sel[4] * atan2(y, x) + sel[5] * fma(x, y, x * x) + sel[6] * pow(2.0, y) +
         sel[7] * pow(x, 2) + sel[8] * x / y + sel[9] * fmin(y * y, x) * fmax(x, 0.5 * y);
}
