// cuad: --fn k --wrt u,out
// cuad: fwd --fn k --wrt u,out
// Minimal repro: a lambda declared inside a __device__ function template whose template
// argument is a non-type (int) parameter, called from a kernel. cuad reports "no derivative
// for `f_3_lambda_sq`: it has no body here" (grad and fwd); with a type template parameter
// instead (template <typename T>), or when the template itself is the --fn target, it works.
template <int H>
__device__ double f(const double* u) {
  double total = 0.0;
  auto sq = [&](double v) { return v * v; };
  for (int t = 0; t < H; ++t) total += sq(u[t]);
  return total;
}

__global__ void k(int n, const double* __restrict__ u, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f<3>(u + 3 * i);
}
