// cuad: --fn calibration_loss --wrt dh_host,q,measured
// cuad: fwd --fn calibration_loss --wrt dh_host,q,measured
// Kinematic calibration of a serial arm from measured end-effector positions: the host
// function copies the candidate DH table into __constant__ memory (cudaMemcpyToSymbol, the
// joint count into an int symbol that the kernel reads as its loop bound), launches a
// forward-kinematics kernel over all recorded configurations (one thread each: 4x4 DH
// transforms chained in a loop, with a per-joint encoder offset folded into the table's
// theta column) and a residual kernel applying a Cauchy robust loss, copies the residual
// terms back and sums them on the host.
#include <cuda_runtime.h>
#include <vector>

#define MAX_J 8

__constant__ double c_dh[MAX_J * 4];  // a, alpha, d, theta offset per joint
__constant__ int c_nj;

__device__ void dh_mul(double T[4][4], double a, double alpha, double d, double theta) {
  const double ct = cos(theta), st = sin(theta), ca = cos(alpha), sa = sin(alpha);
  const double A[4][4] = {{ct, -st * ca, st * sa, a * ct}, {st, ct * ca, -ct * sa, a * st}, {0.0, sa, ca, d},
                          {0.0, 0.0, 0.0, 1.0}};
  double R[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = 0.0;
      for (int k = 0; k < 4; ++k) s += T[i][k] * A[k][j];
      R[i][j] = s;
    }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) T[i][j] = R[i][j];
}

__global__ void fk_kernel(int n_conf, const double* __restrict__ q, double* __restrict__ ee) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_conf) return;
  double T[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  const int nj = c_nj;
  for (int j = 0; j < nj; ++j)
    dh_mul(T, c_dh[4 * j], c_dh[4 * j + 1], c_dh[4 * j + 2], q[c * MAX_J + j] + c_dh[4 * j + 3]);
  for (int k = 0; k < 3; ++k) ee[3 * c + k] = T[k][3];
}

__global__ void cauchy_residual(int n_conf, const double* __restrict__ ee, const double* __restrict__ measured,
                                double scale, double* __restrict__ rho) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_conf) return;
  double r2 = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double d = ee[3 * c + k] - measured[3 * c + k];
    r2 += d * d;
  }
  rho[c] = scale * scale * log1p(r2 / (scale * scale));
}

double calibration_loss(const double* dh_host, int nj, const double* q, const double* measured, int n_conf) {
  cudaMemcpyToSymbol(c_dh, dh_host, 4 * nj * sizeof(double));
  cudaMemcpyToSymbol(c_nj, &nj, sizeof(int));
  double *d_q, *d_meas, *d_ee, *d_rho;
  cudaMalloc(&d_q, n_conf * MAX_J * sizeof(double));
  cudaMalloc(&d_meas, 3 * n_conf * sizeof(double));
  cudaMalloc(&d_ee, 3 * n_conf * sizeof(double));
  cudaMalloc(&d_rho, n_conf * sizeof(double));
  cudaMemcpy(d_q, q, n_conf * MAX_J * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_meas, measured, 3 * n_conf * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 64, blocks = (n_conf + threads - 1) / threads;
  fk_kernel<<<blocks, threads>>>(n_conf, d_q, d_ee);
  cauchy_residual<<<blocks, threads>>>(n_conf, d_ee, d_meas, 0.05, d_rho);
  std::vector<double> rho(n_conf);
  cudaMemcpy(rho.data(), d_rho, n_conf * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_q);
  cudaFree(d_meas);
  cudaFree(d_ee);
  cudaFree(d_rho);
  double total = 0.0;
  for (int c = 0; c < n_conf; ++c) total += rho[c];
  return total / n_conf;
}
