// cuad: --fn lambda_calls_lambda --wrt x,out
// cuad: fwd --fn lambda_calls_lambda --wrt x,out
// Minimal: a lambda that calls another local lambda of the same kernel. cuad refuses it:
// "no derivative for `sq`: it has no body here and no custom derivative; define
// `cuad::custom_derivatives::sq_pullback`" (and `..._pushforward` in forward mode), although
// `sq`'s body is right there. When the outer lambda returns the inner one's result without a
// written return type (`[&](double v) { return sq(v) + v; }`), the error is instead "cuad
// cannot tell the type this lambda returns: write it (`-> T`)".
#include <cuda_runtime.h>

__global__ void lambda_calls_lambda(const double* __restrict__ x, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto sq = [](double v) { return v * v; };
  double acc = 0.0;
  auto add = [&](double v) { acc += sq(v); };
  add(x[i]);
  add(2.0 * x[i] + 1.0);
  out[i] = acc;
}
