// cuad: --fn mc_paths --wrt payoff,s0,z,sigma,r
// Monte-Carlo-like geometric Brownian motion paths with given normals z; per-thread loop of
// steps with exp/log/sqrt/pow, an Asian-style running average and a smooth payoff.
__global__ void mc_paths(double* payoff, const double* s0, const double* z, double sigma, double r,
                         double T, int nsteps, int npaths) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npaths) return;
  double dt = T / nsteps;
  double sq = sqrt(dt);
  double logS = log(s0[p]);
  double avg = 0.0;
  for (int k = 0; k < nsteps; ++k) {
    logS += (r - 0.5 * sigma * sigma) * dt + sigma * sq * z[p * nsteps + k];
    double S = exp(logS);
    avg += S / nsteps;
  }
  double strike = 1.0;
  double x = avg - strike;
  // softplus payoff, then discount
  double soft = log1p(exp(4.0 * x)) / 4.0;
  payoff[p] = exp(-r * T) * pow(soft, 1.5);
}
