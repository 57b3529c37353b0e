// cuad: fwd --fn kepler_orbit
// cuad: fwd --fn lambert_w
// cuad: --fn lambert_w
// Newton iterations inside kernels, differentiated in forward mode (an implicit function).
// 1: Kepler's equation E - e sin E = M solved with a fixed count of 8 Newton steps started at
// M + e sin M in a __device__ function, then the orbit position and speed (sqrt, sincos),
// with eccentricity, anomaly and semi-major axis per thread and a scalar gravitational
// parameter. 2: the Lambert W function, w e^w = z, by Halley/Newton steps in a while loop with
// a tolerance and an iteration cap (the trip count depends on the data), from a log1p start,
// then a quantity built from w; a branch picks a different start for small z. 3: the same
// kernel in reverse mode.
__device__ double kepler_E(double M, double e) {
  double E = M + e * sin(M);
  for (int it = 0; it < 8; ++it) {
    const double f = E - e * sin(E) - M;
    const double fp = 1.0 - e * cos(E);
    E = E - f / fp;
  }
  return E;
}

__global__ void kepler_orbit(int n, const double* M, const double* ecc, const double* a,
                             double mu, double* pos, double* speed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double e = ecc[i];
  const double E = kepler_E(M[i], e);
  const double cE = cos(E), sE = sin(E);
  const double r = a[i] * (1.0 - e * cE);
  pos[2 * i] = a[i] * (cE - e);
  pos[2 * i + 1] = a[i] * sqrt(1.0 - e * e) * sE;
  speed[i] = sqrt(mu * (2.0 / r - 1.0 / a[i]));
}

__device__ double lw_start(double z) {
  if (z < 0.5) return z * (1.0 - z);
  return log1p(z) * (1.0 - log1p(log1p(z)) / (2.0 + log1p(z)));
}

__global__ void lambert_w(int n, const double* z, double scale, double* w_out, int* iters) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double zi = scale * z[i];
  double w = lw_start(zi);
  double step = 1.0;
  int it = 0;
  while (fabs(step) > 1e-13 && it < 60) {
    const double ew = exp(w);
    const double f = w * ew - zi;
    const double fp = ew * (w + 1.0);
    step = f / (fp - (w + 2.0) * f / (2.0 * w + 2.0));
    w -= step;
    ++it;
  }
  iters[i] = it;
  w_out[i] = w * w + zi / (1.0 + w);
}
