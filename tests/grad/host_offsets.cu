// cuad: --fn run --wrt h,a
// A host function that works on two halves of one allocation (`d` and `d + n`): a kernel
// updates the second half in place (cuad checkpoints the whole buffer), then a dot-product
// kernel with dynamic shared memory reads both halves; the result comes back to the host.
__global__ void scale(double* v, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * a + 1.0;
}
__global__ void dotk(const double* a, const double* b, double* out, int n) {
  extern __shared__ double sm[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  sm[t] = i < n ? a[i] * b[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) sm[t] += sm[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(out, sm[0]);
}
double run(const double* h, int n, double a) {
  double *d, *dout;
  cudaMalloc(&d, 2 * n * sizeof(double));
  cudaMalloc(&dout, sizeof(double));
  cudaMemset(dout, 0, sizeof(double));
  cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d + n, h, n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<(n + 63) / 64, 64>>>(d + n, a, n);
  dotk<<<(n + 63) / 64, 64, 64 * sizeof(double)>>>(d, d + n, dout, n);
  double result;
  cudaMemcpy(&result, dout, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d);
  cudaFree(dout);
  return result;
}
