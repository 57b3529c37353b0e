// cuad: --fn f --wrt x,out
// Batches launched with the offset written integer first (`b * n + m`): the same pointer as
// `m + b * n`, traced to the buffer `m` (it was an error).
__global__ void sq(const double* x, double* s, int n) {
  int i = threadIdx.x;
  if (i < n) s[i] = x[i] * x[i];
}
void f(const double* x, int n, int nb, double* out) {
  double *d_x, *m;
  cudaMalloc(&d_x, nb * n * sizeof(double));
  cudaMalloc(&m, nb * n * sizeof(double));
  cudaMemcpy(d_x, x, nb * n * sizeof(double), cudaMemcpyHostToDevice);
  for (int b = 0; b < nb; ++b) sq<<<1, 32>>>(d_x + b * n, b * n + m, n);
  cudaMemcpy(out, m, nb * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(m);
}
