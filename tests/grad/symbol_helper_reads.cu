// cuad: --fn run_field --wrt coef,gain,x,y
// cuad: fwd --fn run_field
// Constants in symbols read by `__device__` helpers, not by the kernel itself: a polynomial
// table in constant memory read two calls deep (`response` -> `poly`), and a `__device__`
// gain read by a helper that returns its result through a reference. Every call carries a
// value with derivatives, so the helpers' pullbacks and pushforwards add into (read) the
// symbols' adjoints (tangents) as well.
#define NCOEF 4

__constant__ float c_coef[NCOEF];
__device__ float g_gain;

__device__ float poly(float t) {
  float acc = c_coef[NCOEF - 1];
  for (int k = NCOEF - 2; k >= 0; --k) acc = acc * t + c_coef[k];
  return acc;
}

__device__ float response(float t) { return tanhf(poly(t)) + 0.1f * t; }

__device__ void amplify(float v, float& out) { out = g_gain * v * v + v; }

__global__ void field(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = response(x[i]);
  float a;
  amplify(r, a);
  y[i] = a + 0.5f * y[i];
}

void run_field(const float* coef, float gain, const float* x, float* y, int n) {
  float *d_x = nullptr, *d_y = nullptr;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpyToSymbol(c_coef, coef, NCOEF * sizeof(float));
  cudaMemcpyToSymbol(g_gain, &gain, sizeof(float));
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, y, n * sizeof(float), cudaMemcpyHostToDevice);
  field<<<(n + 63) / 64, 64>>>(d_x, d_y, n);
  cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
