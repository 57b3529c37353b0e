// cuad: --fn asian_barrier_mc --wrt S0,sigma,rate,payoff,price
// Monte Carlo pricing of an up-and-out arithmetic Asian call under GBM, one path per thread,
// with a precomputed array of standard normals (path-major), log-Euler steps, a running
// average, a discrete barrier check that kills the path, discounting and an atomicAdd into
// the price estimate.
__global__ void asian_barrier_mc(double* __restrict__ payoff, double* price,
                                 const double* __restrict__ Z, double S0, double sigma,
                                 double rate, double K, double barrier, double T, int n_steps,
                                 int n_paths) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const double dt = T / n_steps;
  const double drift = (rate - 0.5 * sigma * sigma) * dt;
  const double vol = sigma * sqrt(dt);
  double s = S0;
  double running = 0.0;
  bool alive = true;
  for (int t = 0; t < n_steps; ++t) {
    s *= exp(drift + vol * Z[p * n_steps + t]);
    running += s;
    if (s >= barrier) {
      alive = false;
      break;
    }
  }
  double avg = running / n_steps;
  double disc = exp(-rate * T);
  double v = alive ? disc * fmax(avg - K, 0.0) : 0.0;
  payoff[p] = v;
  atomicAdd(price, v / n_paths);
}
