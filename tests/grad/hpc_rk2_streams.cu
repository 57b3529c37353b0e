// cuad: --fn advect_rk2 --wrt c,vel
// Host-driven Heun (RK2) time integration of 1-D upwind advection: a stream, async copies,
// stage buffers k1/k2 and a saved state (DeviceToDevice), error checking with a macro,
// cudaGetLastError and cudaStreamSynchronize, launches on the stream.
#include <cstdio>
#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) printf("CUDA error %s\n", cudaGetErrorString(err_));   \
  } while (0)

__global__ void rhs_upwind(double* k, const double* c, const double* vel, double inv_dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int im = (i == 0) ? n - 1 : i - 1;
    int ip = (i == n - 1) ? 0 : i + 1;
    double v = vel[i];
    double dc = v > 0.0 ? c[i] - c[im] : c[ip] - c[i];
    k[i] = -v * dc * inv_dx;
  }
}

__global__ void stage(double* out, const double* c, const double* k, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c[i] + dt * k[i];
}

__global__ void combine(double* c, const double* c0, const double* k1, const double* k2, double dt,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = c0[i] + 0.5 * dt * (k1[i] + k2[i]);
}

void advect_rk2(double* c, const double* vel, double dt, double dx, int n, int steps) {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  size_t bytes = n * sizeof(double);
  double *d_c, *d_c0, *d_tmp, *d_k1, *d_k2, *d_v;
  CUDA_CHECK(cudaMalloc(&d_c, bytes));
  CUDA_CHECK(cudaMalloc(&d_c0, bytes));
  CUDA_CHECK(cudaMalloc(&d_tmp, bytes));
  CUDA_CHECK(cudaMalloc(&d_k1, bytes));
  CUDA_CHECK(cudaMalloc(&d_k2, bytes));
  CUDA_CHECK(cudaMalloc(&d_v, bytes));
  CUDA_CHECK(cudaMemcpyAsync(d_c, c, bytes, cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(d_v, vel, bytes, cudaMemcpyHostToDevice, stream));
  const int tpb = 32;
  const int nb = (n + tpb - 1) / tpb;
  for (int s = 0; s < steps; ++s) {
    CUDA_CHECK(cudaMemcpyAsync(d_c0, d_c, bytes, cudaMemcpyDeviceToDevice, stream));
    rhs_upwind<<<nb, tpb, 0, stream>>>(d_k1, d_c, d_v, 1.0 / dx, n);
    stage<<<nb, tpb, 0, stream>>>(d_tmp, d_c, d_k1, dt, n);
    rhs_upwind<<<nb, tpb, 0, stream>>>(d_k2, d_tmp, d_v, 1.0 / dx, n);
    combine<<<nb, tpb, 0, stream>>>(d_c, d_c0, d_k1, d_k2, dt, n);
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaMemcpyAsync(c, d_c, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  cudaFree(d_c);
  cudaFree(d_c0);
  cudaFree(d_tmp);
  cudaFree(d_k1);
  cudaFree(d_k2);
  cudaFree(d_v);
  cudaStreamDestroy(stream);
}
