// cuad: --fn accumulate_sources --wrt field,amp
// Host function with an early-return guard, a zeroed accumulator (cudaMemset) that a 2-D
// kernel accumulates into with += over source terms, and a device-side struct helper.
struct Src {
  double x, y, a;
};

__device__ Src make_src(const double* amp, int s, int nsrc) {
  Src r;
  r.x = (s + 0.5) / nsrc;
  r.y = 1.0 - (s + 0.5) / nsrc;
  r.a = amp[s];
  return r;
}

__global__ void add_sources(double* acc, const double* amp, int nsrc, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  double x = (i + 0.5) / nx, y = (j + 0.5) / ny;
  for (int s = 0; s < nsrc; ++s) {
    Src src = make_src(amp, s, nsrc);
    double r2 = (x - src.x) * (x - src.x) + (y - src.y) * (y - src.y);
    acc[j * nx + i] += src.a * exp(-20.0 * r2);
  }
}

__global__ void apply(double* field, const double* acc, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) field[k] = tanh(field[k] + acc[k]);
}

void accumulate_sources(double* field, const double* amp, int nsrc, int nx, int ny) {
  if (nx <= 0 || ny <= 0) return;
  int n = nx * ny;
  double *d_f, *d_acc, *d_amp;
  cudaMalloc(&d_f, n * sizeof(double));
  cudaMalloc(&d_acc, n * sizeof(double));
  cudaMalloc(&d_amp, nsrc * sizeof(double));
  cudaMemcpy(d_f, field, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_amp, amp, nsrc * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_acc, 0, n * sizeof(double));
  add_sources<<<dim3((nx + 7) / 8, (ny + 7) / 8), dim3(8, 8)>>>(d_acc, d_amp, nsrc, nx, ny);
  apply<<<(n + 63) / 64, 64>>>(d_f, d_acc, n);
  cudaMemcpy(field, d_f, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_f);
  cudaFree(d_acc);
  cudaFree(d_amp);
}
