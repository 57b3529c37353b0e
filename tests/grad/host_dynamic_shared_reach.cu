// cuad: --fn run --wrt x,y
// cuad: fwd --fn run
// cuad: --fn k_view --wrt x,out
// cuad: fwd --fn k_view
// Kernels that reach the dynamic shared memory without declaring an `extern __shared__` array
// themselves: `k_view` through cuda-samples' `SharedMemory<T>` struct (a conversion operator
// returning the array, used through an alias), `k_helper` through a `__device__` helper that
// declares it. Their derivatives keep the adjoints (tangents) in the second half of the
// dynamic region, so every launch of them needs twice the primal's bytes: the host function's
// gradient and pushforward used to launch them with the primal's size, so the adjoints
// overwrote the primal's shared data. Outputs 3 and 4 launch the derivatives of `k_view`
// directly, with twice the bytes, as the README's launch contract says.
template <class T>
struct SharedMemory {
  __device__ operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};
using SharedDoubles = SharedMemory<double>;

__global__ void k_view(const double* x, double* out) {
  double* s = SharedDoubles();
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = x[i] * x[i];
  __syncthreads();
  out[i] = s[t] * s[(t + 1) % blockDim.x] + x[i];
}

__device__ double smooth(const double* x, unsigned i) {
  extern __shared__ double buf[];
  unsigned t = threadIdx.x;
  buf[t] = sin(x[i]);
  __syncthreads();
  return buf[t] + 0.5 * buf[t ^ 1u];
}

__global__ void k_helper(const double* x, double* y) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = smooth(x, i) * x[i];
}

void run(const double* x, double* y, int n) {
  double *dx, *dt, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dt, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  k_view<<<n / 32, 32, 32 * sizeof(double)>>>(dx, dt);
  k_helper<<<n / 32, 32, 32 * sizeof(double)>>>(dt, dy);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dt);
  cudaFree(dy);
}
