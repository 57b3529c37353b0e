// expect-error: deadlock
// Threads of one block waiting at different barriers (a __syncthreads inside a branch taken by
// part of a warp, the others at a warp barrier) cannot make progress.
__global__ void split_barrier(double* p) {
  if (threadIdx.x < 16) {
    __syncthreads();
  } else {
    __syncwarp();
  }
  p[threadIdx.x] = 1.0;
}

int main() {
  double* p;
  cudaMalloc(&p, 32 * sizeof(double));
  split_barrier<<<1, 32>>>(p);
  return 0;
}
