// expect-error: out-of-bounds write
// A kernel writing one element past the end of its allocation is reported after the launch.
__global__ void past_end(double* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) p[i] = 1.0;
}

int main() {
  double* p;
  cudaMalloc(&p, 10 * sizeof(double));
  past_end<<<1, 32>>>(p, 10);
  cudaDeviceSynchronize();
  return 0;
}
