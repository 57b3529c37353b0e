// cuad: --fn brownian_dynamics --wrt x0,a,diffusion,obs
// Written for cuad in the style of a Brownian-dynamics (overdamped Langevin) particle code:
// particles in a double-well potential U(x) = a (x^2 - 1)^2, each step drawing a normal by
// Marsaglia's polar method (a rejection loop whose trip count depends on the draws) inside a
// `__device__` step helper that takes the state by reference, the walk stopping early when a
// particle escapes (a trip count that depends on the differentiated position), and the
// observable <x^2> summed with atomics.
#include <curand_kernel.h>

__global__ void seed_particles(curandState* states, unsigned long long seed, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &states[i]);
}

__device__ double polar_normal(curandState& s) {
  double u, v, r2;
  do {
    u = 2.0 * curand_uniform_double(&s) - 1.0;
    v = 2.0 * curand_uniform_double(&s) - 1.0;
    r2 = u * u + v * v;
  } while (r2 >= 1.0 || r2 == 0.0);
  return u * sqrt(-2.0 * log(r2) / r2);
}

__device__ double langevin_step(double x, double a, double diffusion, double dt, curandState& s) {
  const double force = -4.0 * a * x * (x * x - 1.0);
  return x + force * dt + sqrt(2.0 * diffusion * dt) * polar_normal(s);
}

__global__ void brownian_dynamics(curandState* states, const double* x0, const double* a,
                                  const double* diffusion, double dt, int max_steps, int n,
                                  double* obs) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandState s = states[i];
  double x = x0[i];
  int k = 0;
  while (k < max_steps && fabs(x) < 2.5) {
    x = langevin_step(x, a[0], diffusion[0], dt, s);
    ++k;
  }
  states[i] = s;
  atomicAdd(obs, x * x / n);
  atomicAdd(obs + 1, (double)k / n);
}
