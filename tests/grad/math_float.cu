// cuad: --fn math_float_k --wrt out,xy
// Single-precision math: the f variants and the fast device intrinsics, one term at a time
// (one-hot `sel`); thread i evaluates point (xy[2i], xy[2i+1]).
__device__ float math_float(const float* sel, float x, float y) {
  return sel[0] * sinf(x) + sel[1] * cosf(x) + sel[2] * tanf(x) + sel[3] * expf(x) +
         sel[4] * logf(x) + sel[5] * sqrtf(x) + sel[6] * powf(x, y) + sel[7] * tanhf(x) +
         sel[8] * erff(x) + sel[9] * fabsf(x - 0.5f) + sel[10] * fminf(x, y) +
         sel[11] * fmaxf(x, y) + sel[12] * hypotf(x, y) + sel[13] * atan2f(y, x) +
         sel[14] * fmaf(x, y, y) + sel[15] * cbrtf(x) + sel[16] * log1pf(x) +
         sel[17] * expm1f(x) + sel[18] * rsqrtf(x) + sel[19] * __expf(x) +
         sel[20] * __fdividef(x, y) + sel[21] * __sinf(x) + sel[22] * __cosf(x) +
         sel[23] * __logf(x) + sel[24] * __powf(x, y) + sel[25] * sinf(x) * cosf(y);
}

__global__ void math_float_k(float* out, const float* sel, const float* xy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = math_float(sel, xy[2 * i], xy[2 * i + 1]);
}
