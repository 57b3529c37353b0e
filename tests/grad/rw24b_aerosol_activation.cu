// cuad: fwd --fn activate_cells
// cuad: --fn activate_cells --wrt modes,temp,updraft,nact,smax_out
// cuad: fwd --fn max_supersaturation
// Aerosol activation in a cloud microphysics scheme (Abdul-Razzak & Ghan 2000 style, in
// nondimensional units): lognormal aerosol modes (number, geometric radius, width,
// hygroscopicity) feed a maximum-supersaturation estimate built from non-integer powers
// (powf 1.5 and 0.75), and the activated number is a sum of erfcf terms. The number of modes
// differs per cell; the per-mode critical supersaturations are kept in a local array for the
// second pass; a __host__ __device__ function returns the maximum supersaturation and writes
// the per-mode critical values through a pointer. Forward mode gives the sensitivity to the
// aerosol and dynamics inputs (the perturbations a parameter study applies); reverse mode
// the adjoint used for emulator training.
#include <cuda_runtime.h>
#include <cmath>

#define MAX_MODES 4

struct Mode {
  float number;  // N_i
  float radius;  // r_g,i
  float sigma;   // geometric standard deviation (> 1)
  float kappa;   // hygroscopicity
};

struct Dynamics {
  float alpha;  // supersaturation source per unit updraft
  float G;      // growth coefficient
  float A;      // Kelvin coefficient
};

__host__ __device__ inline Dynamics dynamics(float T) {
  Dynamics d;
  d.alpha = 0.8f * expf(-0.5f / T) / T;
  d.G = 1.0f / (1.0f + 0.3f * T * T);
  d.A = 0.6f / T;
  return d;
}

// Critical supersaturation of one mode.
__host__ __device__ inline float critical_s(const Mode& m, float A) {
  return 2.0f / sqrtf(m.kappa) * powf(A / (3.0f * m.radius), 1.5f);
}

__host__ __device__ float max_supersaturation(const Mode* modes, int nmode, float T, float w,
                                              float* sc) {
  const Dynamics d = dynamics(T);
  const float aw = d.alpha * w / d.G;
  const float zeta = 2.0f / 3.0f * d.A * sqrtf(aw);
  float acc = 0.0f;
  for (int i = 0; i < nmode; ++i) {
    const Mode m = modes[i];
    const float ls = logf(m.sigma);
    const float f = 0.5f * expf(2.5f * ls * ls);
    const float g = 1.0f + 0.25f * ls;
    const float eta = powf(aw, 1.5f) / (6.2831853f * m.number);
    const float s = critical_s(m, d.A);
    sc[i] = s;
    acc += (f * powf(zeta / eta, 1.5f) + g * powf(s * s / (eta + 3.0f * zeta), 0.75f)) / (s * s);
  }
  return rsqrtf(acc);
}

__global__ void activate_cells(const Mode* __restrict__ modes, const int* __restrict__ nmodes,
                               const float* __restrict__ temp, const float* __restrict__ updraft,
                               float* __restrict__ nact, float* __restrict__ smax_out, int ncell) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncell) return;
  const int nm = nmodes[c];
  const Mode* cm = modes + c * MAX_MODES;
  float sc[MAX_MODES];
  const float smax = max_supersaturation(cm, nm, temp[c], updraft[c], sc);
  float n = 0.0f;
  for (int i = 0; i < nm; ++i) {
    const float u = 2.0f * logf(sc[i] / smax) / (3.0f * 1.41421356f * logf(cm[i].sigma));
    n += cm[i].number * 0.5f * erfcf(u);
  }
  nact[c] = n;
  smax_out[c] = smax;
}
