// cuad: --fn run_square --wrt out,in
// Host function (seeds' section 7): cudaMalloc, copy in, launch, copy out, cudaFree.
__global__ void square_kernel(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i] + 1.0;
}

void run_square(double* out, const double* in, int n) {
  double *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMemcpy(d_in, in, n * sizeof(double), cudaMemcpyHostToDevice);
  square_kernel<<<(n + 63) / 64, 64>>>(d_out, d_in, n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
}
