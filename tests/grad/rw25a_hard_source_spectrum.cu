// cuad: --fn transmission_spectrum --wrt eps_r,amp,t0,power
// cuad: fwd --fn transmission_spectrum --wrt eps_r,amp,t0,power
// Transmission through a 1-D dielectric stack by FDTD with a hard source, as a quick photonic
// crystal script does it: each step the source cell's Ez is overwritten from the host with
// cudaMemcpy (a Gaussian pulse whose amplitude and delay are parameters), the field at the
// probe cell behind the stack is copied back one value per step into a host std::vector, and
// the host computes the power spectrum of the probe signal at a list of frequencies with a
// direct DFT (cos/sin sums), writes it to the caller's array and returns the total transmitted
// power. Simple first-order absorbing ends (the end cell takes its neighbour's previous value).
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define NT_BLOCK 32

__global__ void upd_h(double* hy, const double* __restrict__ ez, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) hy[i] += 0.5 * (ez[i + 1] - ez[i]);
}

__global__ void upd_e(double* ez, const double* __restrict__ hy, const double* __restrict__ eps, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) ez[i] += 0.5 / eps[i] * (hy[i] - hy[i - 1]);
}

__global__ void abc_ends(double* ez, double* ends, int n) {
  ez[0] = ends[0];
  ends[0] = ez[1];
  ez[n - 1] = ends[1];
  ends[1] = ez[n - 2];
}

double transmission_spectrum(const double* eps_r, double amp, double t0, int n, int nt, int src, int probe,
                             const double* freqs, int nf, double* power) {
  double *d_ez, *d_hy, *d_eps, *d_ends;
  cudaMalloc(&d_ez, n * sizeof(double));
  cudaMalloc(&d_hy, n * sizeof(double));
  cudaMalloc(&d_eps, n * sizeof(double));
  cudaMalloc(&d_ends, 2 * sizeof(double));
  cudaMemset(d_ez, 0, n * sizeof(double));
  cudaMemset(d_hy, 0, n * sizeof(double));
  cudaMemset(d_ends, 0, 2 * sizeof(double));
  cudaMemcpy(d_eps, eps_r, n * sizeof(double), cudaMemcpyHostToDevice);
  std::vector<double> signal(nt);
  const int blocks = (n + NT_BLOCK - 1) / NT_BLOCK;
  for (int t = 0; t < nt; ++t) {
    upd_h<<<blocks, NT_BLOCK>>>(d_hy, d_ez, n);
    upd_e<<<blocks, NT_BLOCK>>>(d_ez, d_hy, d_eps, n);
    abc_ends<<<1, 1>>>(d_ez, d_ends, n);
    const double a = (t - t0) / 6.0;
    const double s = amp * exp(-a * a);
    cudaMemcpy(d_ez + src, &s, sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(&signal[t], d_ez + probe, sizeof(double), cudaMemcpyDeviceToHost);
  }
  double total = 0.0;
  for (int f = 0; f < nf; ++f) {
    double re = 0.0, im = 0.0;
    for (int t = 0; t < nt; ++t) {
      re += signal[t] * cos(freqs[f] * t);
      im -= signal[t] * sin(freqs[f] * t);
    }
    power[f] = re * re + im * im;
    total += power[f];
  }
  cudaFree(d_ez);
  cudaFree(d_hy);
  cudaFree(d_eps);
  cudaFree(d_ends);
  return total;
}
