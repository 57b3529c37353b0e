// cuad: --fn kde_log_density --wrt logdens,samples,bw
// Gaussian kernel density estimate of a returns distribution, evaluated at query points: a host
// function that allocates device buffers, copies samples and queries in, launches a kernel that
// stages the samples through a shared-memory tile (with __syncthreads around each tile), and
// copies the log-density back. The bandwidth is a learned scalar passed by value.
#define KDE_TILE 32
#define INV_SQRT_2PI 0.3989422804014327

__global__ void kde_kernel(double* __restrict__ logdens, const double* __restrict__ samples,
                           const double* __restrict__ queries, double bw, int n_samples,
                           int n_q) {
  __shared__ double tile[KDE_TILE];
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  const double xq = q < n_q ? queries[q] : 0.0;
  const double inv_bw = 1.0 / bw;
  double acc = 0.0;
  for (int base = 0; base < n_samples; base += KDE_TILE) {
    const int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n_samples ? samples[j] : 0.0;
    __syncthreads();
    const int cnt = min(KDE_TILE, n_samples - base);
    for (int t = 0; t < cnt; ++t) {
      const double u = (xq - tile[t]) * inv_bw;
      acc += exp(-0.5 * u * u);
    }
    __syncthreads();
  }
  if (q < n_q) logdens[q] = log(acc * INV_SQRT_2PI * inv_bw / n_samples);
}

void kde_log_density(double* logdens, const double* samples, const double* queries, double bw,
                     int n_samples, int n_q) {
  double *d_s, *d_q, *d_out;
  cudaMalloc(&d_s, n_samples * sizeof(double));
  cudaMalloc(&d_q, n_q * sizeof(double));
  cudaMalloc(&d_out, n_q * sizeof(double));
  cudaMemcpy(d_s, samples, n_samples * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_q, queries, n_q * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n_q + KDE_TILE - 1) / KDE_TILE;
  kde_kernel<<<blocks, KDE_TILE>>>(d_out, d_s, d_q, bw, n_samples, n_q);
  cudaDeviceSynchronize();
  cudaMemcpy(logdens, d_out, n_q * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_s);
  cudaFree(d_q);
  cudaFree(d_out);
}
