// cuad: --fn step --wrt states,forces,dt
// A device function taking a struct by reference (updated in place, with array fields) and
// a `const double*` into an array (`&forces[3 * i]`, read as force[0..2]), called in a loop.
struct State { double pos[3]; double vel[3]; };
__device__ void integrate(State& s, const double* force, double dt) {
  for (int d = 0; d < 3; ++d) {
    s.vel[d] += dt * force[d];
    s.pos[d] += dt * s.vel[d];
  }
}
__global__ void step(State* states, const double* forces, double dt, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    State s = states[i];
    for (int t = 0; t < steps; ++t) integrate(s, &forces[3 * i], dt);
    states[i] = s;
  }
}
