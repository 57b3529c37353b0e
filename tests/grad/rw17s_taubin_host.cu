// cuad: --fn taubin_smooth --wrt pos_in,edge_w,lambda,mu,pos_out
// Taubin (lambda|mu) mesh smoothing on the vertex graph, as a geometry-processing code writes
// it: vertex positions are an array of a small `Vec3` struct with __host__ __device__
// operators, the one-ring is a CSR adjacency with per-edge weights, a __device__ helper
// returns the weighted one-ring centroid, boundary vertices are pinned by a flag array, and
// the host alternates a shrinking (lambda) and an inflating (mu < 0) Laplacian step,
// ping-ponging two device buffers with std::swap.
#include <cuda_runtime.h>
#include <utility>

struct Vec3 {
  double x, y, z;
};

__host__ __device__ inline Vec3 operator+(const Vec3& a, const Vec3& b) {
  return Vec3{a.x + b.x, a.y + b.y, a.z + b.z};
}
__host__ __device__ inline Vec3 operator-(const Vec3& a, const Vec3& b) {
  return Vec3{a.x - b.x, a.y - b.y, a.z - b.z};
}
__host__ __device__ inline Vec3 operator*(double s, const Vec3& a) {
  return Vec3{s * a.x, s * a.y, s * a.z};
}

__device__ Vec3 ring_centroid(const Vec3* __restrict__ p, const int* __restrict__ ptr,
                              const int* __restrict__ adj, const double* __restrict__ w, int i) {
  Vec3 acc{0.0, 0.0, 0.0};
  double wsum = 0.0;
  for (int k = ptr[i]; k < ptr[i + 1]; ++k) {
    acc = acc + w[k] * p[adj[k]];
    wsum += w[k];
  }
  return (1.0 / wsum) * acc;
}

__global__ void laplacian_step(const Vec3* __restrict__ p, Vec3* __restrict__ q,
                               const int* __restrict__ ptr, const int* __restrict__ adj,
                               const double* __restrict__ w,
                               const unsigned char* __restrict__ pinned, int nv, double factor) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nv) return;
  if (pinned[i] || ptr[i] == ptr[i + 1]) {
    q[i] = p[i];
    return;
  }
  const Vec3 c = ring_centroid(p, ptr, adj, w, i);
  q[i] = p[i] + factor * (c - p[i]);
}

void taubin_smooth(const Vec3* pos_in, Vec3* pos_out, const int* ptr, const int* adj,
                   const double* edge_w, const unsigned char* pinned, int nv, int nnz,
                   double lambda, double mu, int iters) {
  Vec3 *d_a, *d_b;
  int *d_ptr, *d_adj;
  double* d_w;
  unsigned char* d_pin;
  cudaMalloc(&d_a, nv * sizeof(Vec3));
  cudaMalloc(&d_b, nv * sizeof(Vec3));
  cudaMalloc(&d_ptr, (nv + 1) * sizeof(int));
  cudaMalloc(&d_adj, nnz * sizeof(int));
  cudaMalloc(&d_w, nnz * sizeof(double));
  cudaMalloc(&d_pin, nv * sizeof(unsigned char));
  cudaMemcpy(d_a, pos_in, nv * sizeof(Vec3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ptr, ptr, (nv + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_adj, adj, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, edge_w, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pin, pinned, nv * sizeof(unsigned char), cudaMemcpyHostToDevice);

  const int threads = 32, blocks = (nv + threads - 1) / threads;
  for (int it = 0; it < iters; ++it) {
    laplacian_step<<<blocks, threads>>>(d_a, d_b, d_ptr, d_adj, d_w, d_pin, nv, lambda);
    std::swap(d_a, d_b);
    laplacian_step<<<blocks, threads>>>(d_a, d_b, d_ptr, d_adj, d_w, d_pin, nv, mu);
    std::swap(d_a, d_b);
  }
  cudaMemcpy(pos_out, d_a, nv * sizeof(Vec3), cudaMemcpyDeviceToHost);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_ptr);
  cudaFree(d_adj);
  cudaFree(d_w);
  cudaFree(d_pin);
}
