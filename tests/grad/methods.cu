// cuad: --fn simulate --wrt p,e,dt
// Methods of a user struct: const methods calling each other (`energy` calls `potential`), a
// method updating fields in a loop (`step`), called on a local copy and on an array element
// through `->`. cuad differentiates them as free functions taking the object by reference.
struct Particle {
  double x, v, m;
  __device__ double energy() const { return 0.5 * m * v * v + potential(); }
  __device__ double potential() const { return m * x * x * this->x; }
  __device__ void step(double dt) {
    v -= dt * 2.0 * sin(x);
    x += dt * v;
  }
};

__global__ void simulate(Particle* p, double* e, int n, double dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Particle q = p[i];
    for (int s = 0; s < 4; ++s) q.step(dt);
    Particle* orig = &p[i];
    e[i] = q.energy() + orig->potential();
    p[i] = q;
  }
}
