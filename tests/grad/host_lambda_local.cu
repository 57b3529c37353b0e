// cuad: --fn scale_sq --wrt y,x,s
// cuad: fwd --fn scale_sq --wrt y,x,s
// cuad: --fn blocked --wrt y,x,a,b
// cuad: fwd --fn blocked --wrt y,x,a,b
// Extended `__device__` lambdas held in host locals and passed to kernel templates (Thrust-
// and CUB-style code builds the functor first, then launches): `scale_sq` passes a `[=]`
// lambda capturing a host scalar to `map<<<...>>>` (the functor type deduced); `blocked`
// passes a `__host__ __device__` lambda with explicit captures to a kernel template over
// BLOCK threads x ITEMS items per thread, launched with the leading template arguments written
// (`blocked_map<BLOCK, ITEMS><<<...>>>`, `Op` deduced), after calling the same lambda on the
// host for a bias. nvcc needs --extended-lambda.
template <class Op>
__global__ void map(const float* x, float* y, int n, Op op) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = op(x[i]);
}

template <int BLOCK, int ITEMS, class Op>
__global__ void blocked_map(const float* __restrict__ x, float* __restrict__ y, int n,
                            float bias, Op op) {
  const int base = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
  float items[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int c = base + k;
    items[k] = c < n ? op(x[c]) : 0.0f;
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int c = base + k;
    if (c < n) y[c] = items[k] + bias * x[c];
  }
}

void scale_sq(float* y, const float* x, float s, int n) {
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  auto op = [=] __device__(float v) { return s * v * v + v; };
  map<<<(n + 63) / 64, 64>>>(dx, dy, n, op);
  cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}

void blocked(float* y, const float* x, float a, float b, int n) {
  constexpr int BLOCK = 32, ITEMS = 4;
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
  auto op = [a, b] __host__ __device__(float v) { return a * sinf(v) + b * v * v; };
  const float bias = op(x[0]);
  const int grid = (n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS);
  blocked_map<BLOCK, ITEMS><<<grid, BLOCK>>>(dx, dy, n, bias, op);
  cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
