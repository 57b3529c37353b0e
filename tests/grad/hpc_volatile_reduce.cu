// cuad: --fn l2_misfit --wrt model,obs
// Host function returning a least-squares misfit; the reduction kernel is a template on the
// block size (helper not a template: see hpc_template_reduce) with the classic unrolled shared-memory tree and a volatile warp tail (reduce6
// style, in its race-free form: each step reads, __syncwarp(), writes, __syncwarp(), as Volta and later need); the host launches an explicit instance and sums the per-block partials on the host.
__device__ void warp_reduce(volatile double* s, unsigned int tid) {
  double v = s[tid];
  { v += s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp(); }
  { v += s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp(); }
  { v += s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp(); }
  { v += s[tid + 4]; __syncwarp(); s[tid] = v; __syncwarp(); }
  { v += s[tid + 2]; __syncwarp(); s[tid] = v; __syncwarp(); }
  { v += s[tid + 1]; __syncwarp(); s[tid] = v; __syncwarp(); }
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
  if (tid < 32) warp_reduce(s, tid);
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
