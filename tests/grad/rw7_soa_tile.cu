// cuad: --fn push_particles --wrt p,vout
// cuad: fwd --fn push_particles --wrt p,vout
// Written for cuad in the style of particle / molecular-dynamics codes: a struct-of-arrays
// view (several pointers and a size) passed to the kernel by value, with methods that index
// it (one returning a reference that is assigned through), a parameter struct passed by value
// to the kernel and as a `const Params& __restrict__` to a device helper, and dynamic shared
// memory carved into a float tile followed by an int tile (`extern __shared__ unsigned char`).
struct ParticlesView {
  float* x;
  float* v;
  const int* species;
  int n;
  __device__ float& pos(int i) const { return x[i]; }
  __device__ float vel(int i) const { return v[i]; }
  __device__ int kind(int i) const { return species[i]; }
};

struct Params {
  float dt;
  float width;
  float charge[3];
};

__device__ float pair_force(const Params& __restrict__ prm, int kind, float dx) {
  return prm.charge[kind] * dx * __expf(-dx * dx / prm.width);
}

__global__ void push_particles(ParticlesView p, Params prm, float* __restrict__ vout) {
  extern __shared__ unsigned char smem[];
  float* s_x = reinterpret_cast<float*>(smem);
  int* s_k = reinterpret_cast<int*>(s_x + blockDim.x);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool live = i < p.n;
  s_x[threadIdx.x] = live ? p.pos(i) : 0.f;
  s_k[threadIdx.x] = live ? p.kind(i) : -1;
  __syncthreads();
  if (!live) return;
  const float xi = s_x[threadIdx.x];
  float f = 0.f;
  for (int j = 0; j < blockDim.x; ++j) {
    if (j == threadIdx.x || s_k[j] < 0) continue;
    f += pair_force(prm, s_k[j], s_x[j] - xi);
  }
  const float vn = p.vel(i) + prm.dt * f;
  vout[i] = vn;
  p.pos(i) = xi + prm.dt * vn;
}
