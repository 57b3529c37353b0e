// cuad: --fn simulate_cloth --wrt x,v,springs
// A spring-mass cloth for a small graphics demo. Points and velocities are a user vector
// type V3 (free operators, a scalar-on-the-left multiply, member length()), springs an array of
// structs {a, b, rest, k} whose rest lengths and stiffnesses are what we tune. Per step the
// host launches: gravity into the force buffer, one thread per spring adding Hooke + spring
// damping forces to both ends with atomicAdd on the V3 components, then an integrator that
// skips pinned nodes and bounces a node off the floor (never reached with these inputs).
// Host memory in, several steps, host memory out.
#include <cuda_runtime.h>

struct V3 {
  float x, y, z;
};

__host__ __device__ inline V3 mk(float x, float y, float z) {
  V3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__host__ __device__ inline V3 operator+(V3 a, V3 b) { return mk(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline V3 operator-(V3 a, V3 b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline V3 operator*(float s, V3 a) { return mk(s * a.x, s * a.y, s * a.z); }
__host__ __device__ inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline float length(V3 a) { return sqrtf(dot(a, a)); }

struct Spring {
  int a, b;
  float rest;
  float k;
};

__global__ void apply_gravity(V3* __restrict__ f, const float* __restrict__ mass, float g, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f[i] = mk(0.0f, -g * mass[i], 0.0f);
}

__global__ void spring_forces(const V3* __restrict__ x, const V3* __restrict__ v,
                              const Spring* __restrict__ springs, int ns, float damping,
                              V3* __restrict__ f) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= ns) return;
  const Spring sp = springs[s];
  const V3 d = x[sp.b] - x[sp.a];
  const float len = length(d);
  const V3 dir = (1.0f / len) * d;
  const float rel_v = dot(v[sp.b] - v[sp.a], dir);
  const float mag = sp.k * (len - sp.rest) + damping * rel_v;
  const V3 fa = mag * dir;
  atomicAdd(&f[sp.a].x, fa.x);
  atomicAdd(&f[sp.a].y, fa.y);
  atomicAdd(&f[sp.a].z, fa.z);
  atomicAdd(&f[sp.b].x, -fa.x);
  atomicAdd(&f[sp.b].y, -fa.y);
  atomicAdd(&f[sp.b].z, -fa.z);
}

__global__ void integrate(V3* __restrict__ x, V3* __restrict__ v, const V3* __restrict__ f,
                          const float* __restrict__ mass, const int* __restrict__ pinned, float dt,
                          float restitution, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || pinned[i]) return;
  V3 vi = v[i] + (dt / mass[i]) * f[i];
  V3 xi = x[i] + dt * vi;
  if (xi.y < 0.0f) {
    xi.y = -xi.y;
    vi.y = -restitution * vi.y;
  }
  v[i] = vi;
  x[i] = xi;
}

void simulate_cloth(V3* x, V3* v, const Spring* springs, const float* mass, const int* pinned, int n,
                    int ns, float dt, int steps) {
  const float g = 9.81f, damping = 0.05f, restitution = 0.5f;
  V3 *d_x, *d_v, *d_f;
  Spring* d_springs;
  float* d_mass;
  int* d_pinned;
  cudaMalloc(&d_x, n * sizeof(V3));
  cudaMalloc(&d_v, n * sizeof(V3));
  cudaMalloc(&d_f, n * sizeof(V3));
  cudaMalloc(&d_springs, ns * sizeof(Spring));
  cudaMalloc(&d_mass, n * sizeof(float));
  cudaMalloc(&d_pinned, n * sizeof(int));
  cudaMemcpy(d_x, x, n * sizeof(V3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, n * sizeof(V3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_springs, springs, ns * sizeof(Spring), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mass, mass, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pinned, pinned, n * sizeof(int), cudaMemcpyHostToDevice);
  const int tb = 64;
  for (int s = 0; s < steps; ++s) {
    apply_gravity<<<(n + tb - 1) / tb, tb>>>(d_f, d_mass, g, n);
    spring_forces<<<(ns + tb - 1) / tb, tb>>>(d_x, d_v, d_springs, ns, damping, d_f);
    integrate<<<(n + tb - 1) / tb, tb>>>(d_x, d_v, d_f, d_mass, d_pinned, dt, restitution, n);
  }
  cudaMemcpy(x, d_x, n * sizeof(V3), cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, n * sizeof(V3), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_springs);
  cudaFree(d_mass);
  cudaFree(d_pinned);
}
