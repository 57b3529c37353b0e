// cuad: --fn horner_stencil --wrt out,u,c
// Per-thread local arrays indexed by loop counters: a 5-point window gathered from global
// memory, a local coefficient array filled in a loop, Horner evaluation walking it backwards.
#define DEG 4
__global__ void horner_stencil(double* out, const double* u, const double* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double win[5];
  for (int k = 0; k < 5; ++k) {
    int j = i + k - 2;
    j = j < 0 ? 0 : (j >= n ? n - 1 : j);
    win[k] = u[j];
  }
  double coef[DEG + 1];
  for (int k = 0; k <= DEG; ++k) coef[k] = c[k] * win[k];
  double x = 0.5 * (win[1] + win[3]);
  double p = coef[DEG];
  for (int k = DEG - 1; k >= 0; --k) p = p * x + coef[k];
  out[i] = p;
}
