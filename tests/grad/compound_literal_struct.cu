// cuad: --fn k
// cuad: fwd --fn k
// cuad: --fn bonds
// cuad: fwd --fn bonds
// C99 compound literals `(T){...}`, which nvcc accepts in C++: read as the temporaries
// `T{...}` they are. Returned from a helper, passed as arguments, `const`-qualified, nested,
// member-accessed (`(V){a, b}.y`), assigned, of a scalar type, of a CUDA vector type, and of a
// typedef'd anonymous struct inside a macro (old C-style molecular-mechanics code).
#include <cuda_runtime.h>

struct V {
  double x, y;
};
struct Seg {
  V a, b;
};

__device__ V add(V a, V b) { return (V){a.x + b.x, a.y * b.y}; }
__device__ double len2(Seg s) {
  double dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
  return dx * dx + dy * dy;
}

__global__ void k(const double* p, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V r = add((V){p[2 * i], p[2 * i + 1]}, (const V){p[2 * i + 1], 2.0});
    Seg s = (Seg){(V){p[2 * i], 1.0}, r};
    V q;
    q = (V){r.y, (double){p[2 * i]} * 3.0};
    double2 h = (double2){q.x, q.y * r.x};
    out[i] = r.x * r.y + len2(s) + (V){q.x, p[2 * i + 1] * q.y}.y + h.x * h.y;
  }
}

typedef struct { float x, y, z; } vec3;
#define SUB(a, b) ((vec3){(a).x - (b).x, (a).y - (b).y, (a).z - (b).z})
#define DOT(a, b) ((a).x * (b).x + (a).y * (b).y + (a).z * (b).z)

__global__ void bonds(const vec3* pos, const int* partner, float* energy, vec3* force, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vec3 d = SUB(pos[i], pos[partner[i]]);
    float r2 = DOT(d, d);
    energy[i] = 0.5f * r2 * r2;
    force[i] = (vec3){-2.0f * r2 * d.x, -2.0f * r2 * d.y, -2.0f * r2 * d.z};
  }
}
