// cuad: --fn advance --wrt ps,dt
// A kernel over an array of structs: read a whole struct, update fields, write it back.
struct Particle {
  double x;
  double v;
  int id;
};

__global__ void advance(Particle* ps, double dt, double drag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle p = ps[i];
  p.v = p.v - drag * p.v * fabs(p.v) * dt;
  p.x += p.v * dt;
  ps[i] = p;
}
