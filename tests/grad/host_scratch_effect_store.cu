// cuad: --fn two_views --wrt x_h,y_h
// A host loop reuses a scratch buffer one kernel only writes, with a value whose computation
// has an effect (a helper counting its calls with an atomic): the gradient kernel keeps that
// store, so the host gradient copies the saved scratch back again after it for the earlier
// view's reverse (the store was left overwriting the restored buffer before).
__device__ double sq_count(double v, double a, int* cnt) { atomicAdd(cnt, 1); return a * v * v; }
__global__ void square_scale(const double* __restrict__ x, double a, double* __restrict__ s, int* cnt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i] = sq_count(x[i], a, cnt);
}
__global__ void accum_sq(const double* __restrict__ s, const double* __restrict__ x, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += s[i] * x[i];
}
void two_views(const double* x_h, int n, double* y_h) {
  double *d_x, *d_y, *d_s; int* cnt;
  cudaMalloc(&d_x, n * sizeof(double)); cudaMalloc(&d_s, n * sizeof(double)); cudaMalloc(&d_y, n * sizeof(double)); cudaMalloc(&cnt, sizeof(int));
  cudaMemcpy(d_x, x_h, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_y, 0, n * sizeof(double));
  for (int v = 0; v < 2; ++v) {
    square_scale<<<1, 32>>>(d_x, 1.0 + v, d_s, cnt, n);
    accum_sq<<<1, 32>>>(d_s, d_x, d_y, n);
  }
  cudaMemcpy(y_h, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x); cudaFree(d_s); cudaFree(d_y); cudaFree(cnt);
}
