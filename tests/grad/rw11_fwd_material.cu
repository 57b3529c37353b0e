// cuad: fwd --fn material_update
// cuad: fwd --fn material_update --wrt mat,hist,stress
// cuad: fwd --fn yield_fn --wrt 1,2
// A per-element material update in the style of an explicit FEM code, in forward mode: a
// struct of material parameters by value, a local Newton iteration in a __device__ helper
// (while loop with a tolerance and an iteration cap), branches on the trial state (elastic or
// plastic), pow/log1p/atan2/fmax/sqrt, a loop over 3 components of a local array, and an
// in-place history array. Output 3: a __host__ __device__ value function.
#include <cuda_runtime.h>

struct Material {
  double E;      // stiffness
  double sy;     // yield stress
  double H;      // hardening
  double n_exp;  // hardening exponent
  int max_it;
};

__host__ __device__ double yield_fn(double s, double ep, double sy, double H) {
  double hard = H * log1p(ep) + 0.1 * sqrt(ep * ep + 1.0);
  return s * s - (sy + hard) * (sy + hard);
}

__device__ double return_map(double s_trial, double ep0, const Material& m) {
  // solve s_trial - E * dg - (sy + H * pow(ep0 + dg, n)) = 0 for dg by Newton
  double dg = 0.0;
  int it = 0;
  while (it < m.max_it) {
    double ep = ep0 + dg;
    double r = s_trial - m.E * dg - (m.sy + m.H * pow(ep, m.n_exp));
    double dr = -m.E - m.H * m.n_exp * pow(ep, m.n_exp - 1.0);
    double step = r / dr;
    dg -= step;
    if (fabs(step) < 1e-14) break;
    ++it;
  }
  return dg;
}

__global__ void material_update(int n, const double* strain, Material mat, double* hist,
                                double* stress) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  double eps[3];
  for (int c = 0; c < 3; ++c) eps[c] = strain[3 * e + c];
  double vol = (eps[0] + eps[1] + eps[2]) / 3.0;
  double dev2 = 0.0;
  for (int c = 0; c < 3; ++c) dev2 += (eps[c] - vol) * (eps[c] - vol);
  double eq = sqrt(dev2 + 1e-12);
  double ep0 = hist[e];
  double s_trial = mat.E * eq;
  double s;
  if (s_trial > mat.sy + mat.H * pow(ep0, mat.n_exp)) {
    double dg = return_map(s_trial, ep0, mat);
    hist[e] = ep0 + dg;
    s = s_trial - mat.E * dg;
  } else {
    s = s_trial;
  }
  double angle = atan2(eps[1] - eps[2], eps[0] - vol + 2.0);
  stress[2 * e] = fmax(s, 0.0) * cos(angle) + 3.0 * mat.E * vol;
  stress[2 * e + 1] = s * sin(angle);
}
