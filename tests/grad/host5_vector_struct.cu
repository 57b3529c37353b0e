// cuad: --fn pair_energy --wrt x,y
// cuad: fwd --fn pair_energy
// std::vector host staging buffers of structs: a user struct of reals and a CUDA vector type
// (double2), filled on the host, copied to the device and back.
#include <cuda_runtime.h>
#include <vector>

struct Pair {
  double a, b;
};

__global__ void combine(const Pair* p, double2* q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i] = make_double2(p[i].a * p[i].b, p[i].a + 0.5 * p[i].b * p[i].b);
}

double pair_energy(const double* x, const double* y, int n) {
  std::vector<Pair> hp(n);
  for (int i = 0; i < n; ++i) {
    hp[i].a = x[i];
    hp[i].b = y[i] - 0.3 * x[i];
  }
  Pair* d_p;
  double2* d_q;
  cudaMalloc(&d_p, n * sizeof(Pair));
  cudaMalloc(&d_q, n * sizeof(double2));
  cudaMemcpy(d_p, hp.data(), n * sizeof(Pair), cudaMemcpyHostToDevice);
  combine<<<(n + 31) / 32, 32>>>(d_p, d_q, n);
  std::vector<double2> hq(n);
  cudaMemcpy(hq.data(), d_q, n * sizeof(double2), cudaMemcpyDeviceToHost);
  double e = 0.0;
  for (size_t i = 0; i < hq.size(); ++i) e += hq[i].x * hq[i].y + 0.1 * hq[i].x;
  cudaFree(d_p);
  cudaFree(d_q);
  return e;
}
