// cuad: fwd --fn step
// Struct parameters: a struct by value (its tangent is the same struct) and an array of
// structs (a tangent array of the same structs); integer fields carry nothing.
struct Params {
  double dt;
  double damping;
  int steps;
};
struct Particle {
  double pos;
  double vel;
};

__global__ void step(int n, Params p, Particle* ps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle q = ps[i];
  for (int s = 0; s < p.steps; ++s) {
    double force = -q.pos - p.damping * q.vel;
    q.vel = q.vel + p.dt * force;
    q.pos = q.pos + p.dt * q.vel;
  }
  ps[i] = q;
}
