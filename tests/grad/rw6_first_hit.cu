// cuad: --fn render --wrt spheres,img
// cuad: fwd --fn render --wrt spheres,img
// Written for cuad in the style of a GPU ray caster's two-pass nearest-hit search: one thread
// per (ray, sphere) pair publishes a packed integer key (quantized distance, sphere index)
// with `atomicMin`, flags the ray with `atomicExch` on an int and counts hits with
// `atomicAdd` on an unsigned; a second kernel decodes the winner and shades it with the
// differentiable geometry. Host code with cudaMemset(0x7f) "infinity" keys, `extern "C"`
// linkage, `static __device__ __forceinline__` helpers and `__restrict__` pointers.
#include <cstdint>

static __device__ __forceinline__ double hit_distance(const double* __restrict__ s,
                                                      double ox, double oy, double oz) {
  // ray from (ox, oy, oz) along +z; sphere (cx, cy, cz, r)
  const double dx = s[0] - ox, dy = s[1] - oy, dz = s[2] - oz;
  const double b = dz;
  const double c = dx * dx + dy * dy + dz * dz - s[3] * s[3];
  const double disc = b * b - c;
  return disc > 0.0 ? b - sqrt(disc) : -1.0;
}

extern "C" __global__ void nearest_hit(const double* __restrict__ spheres,
                                       const double* __restrict__ rays, int* __restrict__ best,
                                       int* __restrict__ flag, unsigned* __restrict__ hits,
                                       int nr, int ns) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nr * ns) return;
  const int ray = t / ns, s = t % ns;
  const double d = hit_distance(spheres + 4 * s, rays[3 * ray], rays[3 * ray + 1], rays[3 * ray + 2]);
  if (d > 0.0) {
    const int key = (int)(d * 1024.0) * 64 + s;  // nearest first, then the lower index
    atomicMin(&best[ray], key);
    atomicExch(&flag[ray], 1);
    atomicAdd(hits, 1u);
  }
}

extern "C" __global__ void shade(const double* __restrict__ spheres,
                                 const double* __restrict__ rays, const int* __restrict__ best,
                                 const int* __restrict__ flag, double* __restrict__ img, int nr) {
  const int ray = blockIdx.x * blockDim.x + threadIdx.x;
  if (ray >= nr) return;
  if (!flag[ray]) {
    img[ray] = 0.0;
    return;
  }
  const int s = best[ray] % 64;
  const double* __restrict__ sp = spheres + 4 * s;
  const double d = hit_distance(sp, rays[3 * ray], rays[3 * ray + 1], rays[3 * ray + 2]);
  // normal's z component at the hit point: Lambert shading towards -z, fading with distance
  const double nz = (rays[3 * ray + 2] + d - sp[2]) / sp[3];
  img[ray] = -nz * exp(-0.1 * d);
}

void render(const double* spheres, const double* rays, double* img, int nr, int ns) {
  double *d_s, *d_r, *d_img;
  int *d_best, *d_flag;
  unsigned* d_hits;
  cudaMalloc(&d_s, 4 * ns * sizeof(double));
  cudaMalloc(&d_r, 3 * nr * sizeof(double));
  cudaMalloc(&d_img, nr * sizeof(double));
  cudaMalloc(&d_best, nr * sizeof(int));
  cudaMalloc(&d_flag, nr * sizeof(int));
  cudaMalloc(&d_hits, sizeof(unsigned));
  cudaMemcpy(d_s, spheres, 4 * ns * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_r, rays, 3 * nr * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_best, 0x7f, nr * sizeof(int));
  cudaMemset(d_flag, 0, nr * sizeof(int));
  cudaMemset(d_hits, 0, sizeof(unsigned));
  nearest_hit<<<(nr * ns + 63) / 64, 64>>>(d_s, d_r, d_best, d_flag, d_hits, nr, ns);
  shade<<<(nr + 31) / 32, 32>>>(d_s, d_r, d_best, d_flag, d_img, nr);
  cudaMemcpy(img, d_img, nr * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_s);
  cudaFree(d_r);
  cudaFree(d_img);
  cudaFree(d_best);
  cudaFree(d_flag);
  cudaFree(d_hits);
}
