// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// Lambdas calling an earlier local lambda: the inner one's captures (s by value) become the outer's, and an outer lambda's return type is deduced through the inner call.
__global__ void k(const double* __restrict__ x, double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double s = x[i] + 0.5;
  auto sq = [=](double v) { return s * v * v; };
  double acc = 0.0;
  auto add = [&](double v) { acc += sq(v); };
  auto cube = [&](double v) { return sq(v) * v; };
  add(x[i]);
  add(2.0 * x[i] + 1.0);
  out[i] = acc + cube(x[i]);
}
