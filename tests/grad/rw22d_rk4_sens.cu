// cuad: fwd --fn integrate
// cuad: fwd --fn integrate --wrt prm,y,obs
// cuad: --fn integrate
// cuad: fwd --fn erk_lorenz
// cuad: --fn erk_lorenz
// Parameter sensitivity of a Lotka-Volterra model: one thread integrates one trajectory with
// classic RK4 over 150 steps. The model parameters come in a struct by value (an int step
// count beside the reals), the right-hand side is a __device__ function writing through
// pointers, the step updates the state through references, and an observable (the time
// integral of x*y by the trapezoidal rule plus the final prey count) is written beside the
// state. 1: every tangent; 2: tangents of the parameters and of the state only (x0 carries
// none); 3: the same kernel in reverse mode. 4: a generic explicit Runge-Kutta integrator of
// the Lorenz system in the style of ODE libraries: a Butcher tableau in __constant__ memory
// (not differentiated), the stage derivatives in a local 2-D array k[NS][NEQ] whose rows are
// passed to the right-hand side as its output pointer (`lorenz(p, tmp, k[st])`), nested stage
// loops; 5: the same kernel in reverse mode.
struct LVParams {
  double alpha, beta, gamma, delta;
  double dt;
  int steps;
};

__device__ void lv_rhs(const LVParams& p, double x, double y, double* fx, double* fy) {
  *fx = p.alpha * x - p.beta * x * y;
  *fy = p.delta * x * y - p.gamma * y;
}

__device__ void rk4_step(const LVParams& p, double& x, double& y) {
  double k1x, k1y, k2x, k2y, k3x, k3y, k4x, k4y;
  const double h = p.dt;
  lv_rhs(p, x, y, &k1x, &k1y);
  lv_rhs(p, x + 0.5 * h * k1x, y + 0.5 * h * k1y, &k2x, &k2y);
  lv_rhs(p, x + 0.5 * h * k2x, y + 0.5 * h * k2y, &k3x, &k3y);
  lv_rhs(p, x + h * k3x, y + h * k3y, &k4x, &k4y);
  x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
  y += h / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y);
}

__global__ void integrate(int n, LVParams prm, const double* x0, double* y, double* obs) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = x0[i];
  double yy = y[i];
  double prev = x * yy;
  double integral = 0.0;
  for (int s = 0; s < prm.steps; ++s) {
    rk4_step(prm, x, yy);
    const double cur = x * yy;
    integral += 0.5 * prm.dt * (prev + cur);
    prev = cur;
  }
  y[i] = yy;
  obs[i] = integral + x;
}

#define NEQ 3
#define NS 4
__constant__ double c_a[NS][NS] = {{0, 0, 0, 0}, {0.5, 0, 0, 0}, {0, 0.5, 0, 0}, {0, 0, 1, 0}};
__constant__ double c_b[NS] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};

struct Lorenz {
  double sigma, rho, beta;
};

__device__ void lorenz(const Lorenz& p, const double* y, double* f) {
  f[0] = p.sigma * (y[1] - y[0]);
  f[1] = y[0] * (p.rho - y[2]) - y[1];
  f[2] = y[0] * y[1] - p.beta * y[2];
}

__global__ void erk_lorenz(int n, Lorenz p, double dt, int steps, double* state) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double y[NEQ], k[NS][NEQ], tmp[NEQ];
  for (int e = 0; e < NEQ; ++e) y[e] = state[NEQ * i + e];
  for (int s = 0; s < steps; ++s) {
    for (int st = 0; st < NS; ++st) {
      for (int e = 0; e < NEQ; ++e) {
        double acc = y[e];
        for (int j = 0; j < st; ++j) acc += dt * c_a[st][j] * k[j][e];
        tmp[e] = acc;
      }
      lorenz(p, tmp, k[st]);
    }
    for (int e = 0; e < NEQ; ++e)
      for (int st = 0; st < NS; ++st) y[e] += dt * c_b[st] * k[st][e];
  }
  for (int e = 0; e < NEQ; ++e) state[NEQ * i + e] = y[e];
}
