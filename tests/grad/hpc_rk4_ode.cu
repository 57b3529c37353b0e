// cuad: --fn rk4_lotka --wrt state,params
// Per-thread RK4 integration of a Lotka-Volterra system; the state is overwritten every step.
struct Params { double alpha, beta, gamma, delta; };

__device__ void rhs(const Params& p, double x, double y, double& fx, double& fy) {
  fx = p.alpha * x - p.beta * x * y;
  fy = p.delta * x * y - p.gamma * y;
}

__global__ void rk4_lotka(double* state, const double* params, double h, int nsteps, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Params p;
  p.alpha = params[4 * t];
  p.beta = params[4 * t + 1];
  p.gamma = params[4 * t + 2];
  p.delta = params[4 * t + 3];
  double x = state[2 * t], y = state[2 * t + 1];
  for (int s = 0; s < nsteps; ++s) {
    double k1x, k1y, k2x, k2y, k3x, k3y, k4x, k4y;
    rhs(p, x, y, k1x, k1y);
    rhs(p, x + 0.5 * h * k1x, y + 0.5 * h * k1y, k2x, k2y);
    rhs(p, x + 0.5 * h * k2x, y + 0.5 * h * k2y, k3x, k3y);
    rhs(p, x + h * k3x, y + h * k3y, k4x, k4y);
    x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    y += h / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y);
  }
  state[2 * t] = x;
  state[2 * t + 1] = y;
}
