// cuad: --fn lam_device --wrt x,s,y
// cuad: fwd --fn lam_device --wrt x,s,y
// cuad: --fn lam_host --wrt x,scale,y
// cuad: fwd --fn lam_host --wrt x,scale,y
// Written for cuad in the style of codes that pass lambdas to small templates: an `apply`
// helper called with an extended `__device__` lambda, a by-reference lambda and a local
// lambda; a `for_each_elem` visitor whose lambda adds into a local of the kernel by reference;
// and a kernel template `map` launched from a host function with a `__device__` lambda
// capturing a host scalar (nvcc needs --extended-lambda).
template <class F>
__device__ float apply(F f, float x) {
  return f(x);
}

template <class Op>
__device__ void for_each_elem(const float* p, int n, Op op) {
  for (int j = 0; j < n; ++j) op(p[j]);
}

template <class F>
__global__ void map(F f, float* y, const float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = f(x[i]);
}

__global__ void lam_device(float* y, const float* x, const float* s, int n, int m) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float a = s[0] * x[i * m];
  float acc = 0.0f;
  for_each_elem(x + i * m, m, [&](float v) { acc += a * v * v; });
  const float b = apply([=] __device__(float v) { return v * a + s[1]; }, acc);
  auto sq = [&](float v) { return v * v * acc; };
  y[i] = apply(sq, b) + apply([&](float v) { return sinf(v) * a; }, x[i * m + 1]);
}

void lam_host(float* y, const float* x, float scale, int n) {
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  map<<<(n + 63) / 64, 64>>>([=] __device__(float v) { return scale * v * v + v; }, dy, dx, n);
  cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
