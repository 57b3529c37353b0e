// cuad: --fn morse_energy --wrt pos,params,energy
// Written for cuad in the style of a molecular-dynamics pair kernel with cell lists: a small
// `Vec3` struct with operator[] (const and non-const), operator-, operator* and a dot helper,
// periodic boundaries through the minimum image (`rint`), a linked-list cell structure
// (`head`/`next` arrays built on the host) walked over the 27 neighbour cells with wrapped cell
// indices, a Morse potential shifted to zero at the cutoff, half the pair energy per particle.
struct Vec3 {
  double c[3];
  __host__ __device__ double& operator[](int k) { return c[k]; }
  __host__ __device__ double operator[](int k) const { return c[k]; }
};

__device__ Vec3 operator-(const Vec3& a, const Vec3& b) {
  Vec3 r;
  for (int k = 0; k < 3; ++k) r[k] = a[k] - b[k];
  return r;
}

__device__ Vec3 operator*(double s, const Vec3& a) {
  Vec3 r;
  for (int k = 0; k < 3; ++k) r[k] = s * a[k];
  return r;
}

__device__ double dot3(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

__device__ __forceinline__ Vec3 load_vec(const double* __restrict__ p, int i) {
  Vec3 v;
  for (int k = 0; k < 3; ++k) v[k] = p[3 * i + k];
  return v;
}

__device__ double morse(double r, double depth, double width, double r0) {
  const double e = 1.0 - exp(-width * (r - r0));
  return depth * e * e;
}

__global__ void morse_energy(const double* __restrict__ pos, const int* __restrict__ head,
                             const int* __restrict__ next, const double* params, double box,
                             int ncell, double rc, int n, double* energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double depth = params[0], width = params[1], r0 = params[2];
  const double shift = morse(rc, depth, width, r0);
  const Vec3 pi = load_vec(pos, i);
  const double cell_size = box / ncell;
  int ci[3];
  for (int k = 0; k < 3; ++k) ci[k] = (int)floor(pi[k] / cell_size);
  double e = 0.0;
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int cx = (ci[0] + dx + ncell) % ncell, cy = (ci[1] + dy + ncell) % ncell,
                  cz = (ci[2] + dz + ncell) % ncell;
        for (int j = head[(cz * ncell + cy) * ncell + cx]; j >= 0; j = next[j]) {
          if (j == i) continue;
          Vec3 d = pi - load_vec(pos, j);
          for (int k = 0; k < 3; ++k) d[k] -= box * rint(d[k] / box);
          const double r2 = dot3(d, d);
          if (r2 < rc * rc) e += 0.5 * (morse(sqrt(r2), depth, width, r0) - shift);
        }
      }
  energy[i] = e;
}
