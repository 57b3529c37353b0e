// cuad: fwd --fn l2_misfit
// Forward mode of a host function returning a value computed on the device: it launches an
// explicit instance of a kernel template (its pushforward is the instance of a declared
// primary template) whose block reduction ends in a volatile warp tail (a called template).
template <unsigned int BS>
__device__ void warp_reduce(volatile double* s, unsigned int tid) {
  double v = s[tid];
  if (BS >= 64) { v += s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }
  if (BS >= 32) { v += s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }
  if (BS >= 16) { v += s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }
  if (BS >= 8) { v += s[tid + 4]; __syncwarp(); s[tid] = v; __syncwarp(); }
  if (BS >= 4) { v += s[tid + 2]; __syncwarp(); s[tid] = v; __syncwarp(); }
  if (BS >= 2) { v += s[tid + 1]; __syncwarp(); s[tid] = v; __syncwarp(); }
}

template <unsigned int BS>
__global__ void misfit_partial(double* partial, const double* model, const double* obs, int n) {
  __shared__ double s[BS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * BS + tid;
  double r = 0.0;
  if (i < n) {
    double d = model[i] - obs[i];
    r = d * d;
  }
  s[tid] = r;
  __syncthreads();
  if (BS >= 128) {
    if (tid < 64) s[tid] += s[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warp_reduce<BS>(s, tid);
  if (tid == 0) partial[blockIdx.x] = s[0];
}

double l2_misfit(const double* model, const double* obs, int n) {
  const int nb = (n + 127) / 128;
  double *d_m, *d_o, *d_p;
  cudaMalloc(&d_m, n * sizeof(double));
  cudaMalloc(&d_o, n * sizeof(double));
  cudaMalloc(&d_p, nb * sizeof(double));
  cudaMemcpy(d_m, model, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_o, obs, n * sizeof(double), cudaMemcpyHostToDevice);
  misfit_partial<128><<<nb, 128>>>(d_p, d_m, d_o, n);
  double h[8];
  cudaMemcpy(h, d_p, nb * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int b = 0; b < nb; ++b) total += h[b];
  cudaFree(d_m);
  cudaFree(d_o);
  cudaFree(d_p);
  return 0.5 * total;
}
