// cuad: --fn relax_managed --wrt x,k
// Unified memory: buffers from cudaMallocManaged are filled on the host, updated by a kernel
// in place several times with cudaDeviceSynchronize, and read back on the host directly.
__global__ void relax(double* x, const double* k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] - 0.1 * k[i] * sin(x[i]);
}

double relax_managed(const double* x, const double* k, int n, int iters) {
  double *m_x, *m_k;
  cudaMallocManaged(&m_x, n * sizeof(double));
  cudaMallocManaged(&m_k, n * sizeof(double));
  for (int i = 0; i < n; ++i) {
    m_x[i] = x[i];
    m_k[i] = k[i];
  }
  for (int it = 0; it < iters; ++it) relax<<<(n + 31) / 32, 32>>>(m_x, m_k, n);
  cudaDeviceSynchronize();
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += m_x[i] * m_x[i];
  cudaFree(m_x);
  cudaFree(m_k);
  return s;
}
