// cuad: --fn k<double,2> --wrt g,out
// cuad: fwd --fn k<double,2> --wrt g,out
// Lambdas bound to locals of a kernel template, as tiny-cuda-nn's kernel_grid reads a corner's
// features: `val` uses the value parameter N only in its body (nothing at the call can deduce
// it), `scale` uses neither parameter. cuad lifts each lambda to a function template over all
// the kernel's parameters and its instances pass them at the calls (`k_lambda_val<T, N>`).
template <typename T, int N>
__global__ void k(const T* __restrict__ g, T* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto val = [&](int j) {
    T s = 0;
    for (int f = 0; f < N; ++f) s += g[N * j + f] * g[N * j + f];
    return s;
  };
  auto scale = [](double v) { return 0.5 * v + 1.0; };
  out[i] = scale(val(i)) * g[N * i];
}
