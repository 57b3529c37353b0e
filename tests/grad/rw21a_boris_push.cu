// cuad: --fn push_particles --wrt x0,v0,field,x_out,v_out
// A Boris particle pusher as in a small PIC/tracing code: the field parameters (uniform E and
// B, plus the strength of a linear focusing field E += -k x) live in a __constant__ array
// filled with cudaMemcpyToSymbol; particles are structure-of-arrays xyz buffers; double3
// helpers with hand-written operators; a host time loop with cudaGetLastError and
// cudaDeviceSynchronize after each step, and a host-side diagnostic of the kinetic energy
// printed at the end.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                             \
  do {                                                                               \
    cudaError_t e = (call);                                                          \
    if (e != cudaSuccess) {                                                          \
      fprintf(stderr, "CUDA error: %s (%s:%d)\n", cudaGetErrorString(e), __FILE__,    \
              __LINE__);                                                             \
      exit(EXIT_FAILURE);                                                            \
    }                                                                                \
  } while (0)

// [0..2] E0, [3..5] B, [6] focusing strength k
__constant__ double c_field[7];

__device__ __forceinline__ double3 operator+(double3 a, double3 b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__device__ __forceinline__ double3 operator*(double s, double3 a) {
  return make_double3(s * a.x, s * a.y, s * a.z);
}
__device__ __forceinline__ double3 cross(double3 a, double3 b) {
  return make_double3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__device__ __forceinline__ double dot3(double3 a, double3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

__global__ void boris_step(double* __restrict__ px, double* __restrict__ py,
                           double* __restrict__ pz, double* __restrict__ vx,
                           double* __restrict__ vy, double* __restrict__ vz, double qm,
                           double dt, int n) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  double3 x = make_double3(px[p], py[p], pz[p]);
  double3 v = make_double3(vx[p], vy[p], vz[p]);
  const double k = c_field[6];
  const double3 E = make_double3(c_field[0] - k * x.x, c_field[1] - k * x.y, c_field[2] - k * x.z);
  const double3 B = make_double3(c_field[3], c_field[4], c_field[5]);
  const double h = 0.5 * qm * dt;
  const double3 v_minus = v + h * E;
  const double3 t = h * B;
  const double3 s = (2.0 / (1.0 + dot3(t, t))) * t;
  const double3 v_prime = v_minus + cross(v_minus, t);
  const double3 v_plus = v_minus + cross(v_prime, s);
  v = v_plus + h * E;
  x = x + dt * v;
  px[p] = x.x; py[p] = x.y; pz[p] = x.z;
  vx[p] = v.x; vy[p] = v.y; vz[p] = v.z;
}

void push_particles(const double* x0, const double* v0, const double* field, double qm,
                    double* x_out, double* v_out, int n, int nsteps, double dt) {
  if (n <= 0) return;
  const size_t bytes = n * sizeof(double);
  CUDA_CHECK(cudaMemcpyToSymbol(c_field, field, 7 * sizeof(double)));

  double* d_buf = nullptr;  // one allocation, six component arrays
  CUDA_CHECK(cudaMalloc(&d_buf, 6 * bytes));
  double* d_px = d_buf;
  double* d_py = d_buf + n;
  double* d_pz = d_buf + 2 * n;
  double* d_vx = d_buf + 3 * n;
  double* d_vy = d_buf + 4 * n;
  double* d_vz = d_buf + 5 * n;
  // host layout is AoS xyzxyz...: stage into SoA on the host
  std::vector<double> stage(6 * n);
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < 3; ++c) {
      stage[c * n + p] = x0[3 * p + c];
      stage[(3 + c) * n + p] = v0[3 * p + c];
    }
  }
  CUDA_CHECK(cudaMemcpy(d_buf, stage.data(), 6 * bytes, cudaMemcpyHostToDevice));

  const int threads = 128;
  const int blocks = (n + threads - 1) / threads;
  for (int it = 0; it < nsteps; ++it) {
    boris_step<<<blocks, threads>>>(d_px, d_py, d_pz, d_vx, d_vy, d_vz, qm, dt, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
  }

  CUDA_CHECK(cudaMemcpy(stage.data(), d_buf, 6 * bytes, cudaMemcpyDeviceToHost));
  double ekin = 0.0;
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < 3; ++c) {
      x_out[3 * p + c] = stage[c * n + p];
      v_out[3 * p + c] = stage[(3 + c) * n + p];
      ekin += 0.5 * v_out[3 * p + c] * v_out[3 * p + c];
    }
  }
  printf("boris: %d particles, %d steps, E_kin = %.6f\n", n, nsteps, ekin);
  CUDA_CHECK(cudaFree(d_buf));
}
