// cuad: --fn iter_n --wrt out,in
// An ordinary object-like macro named N (very common in CUDA code) next to a loop that
// overwrites a scalar (needs a tape): the generated runtime helpers must still compile.
#define N 6
__global__ void iter_n(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  for (int s = 0; s < N; ++s) x = sin(x) + 0.5 * x;
  out[i] = x;
}
