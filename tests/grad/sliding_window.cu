// cuad: --fn window --wrt out,w,x,z
// Loop counters in adjoint addresses: `w[i + k]` (a sliding window: thread i at k = 1 and
// thread i + 1 at k = 0 meet, so the adjoint needs atomics), `x[i * 3 + k]` with k < 3 (stays
// within the thread's own stride: plain +=), `z[i * 3 + k]` with k < 5 (overlaps the next
// thread's: atomics) and `z[i * 3 + k]` with k < 3 (the same text, but the array is also
// updated by the overlapping loop: atomics too).
__global__ void window(double* out, const double* w, const double* x, const double* z, int n,
                       int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = 0.0;
    for (int k = 0; k < width; ++k) acc += w[i + k] * w[i + k];
    for (int k = 0; k < 3; ++k) acc += sin(x[i * 3 + k]);
    for (int k = 0; k < 5; ++k) acc += 0.5 * z[i * 3 + k] * acc;
    for (int k = 0; k < 3; ++k) acc += cos(z[i * 3 + k]);
    out[i] = acc;
  }
}
