// cuad: --fn oit_resolve --wrt frag_rgba,frag_depth,out
// cuad: --fn oit_resolve --wrt frag_rgba,gain,out
// Order-independent transparency resolved with a per-pixel k-buffer (the resolve pass of
// GPU OIT renderers): each pixel gathers its K fragments (premultiplied-free RGBA and depth)
// from a per-pixel fragment list into local arrays, sorts them by depth with an insertion
// sort that moves whole Fragment structs (a local array of structs, data-dependent swaps),
// then composites front to back with "under" blending; the fragment color is brightened by
// a member function that updates the struct in place (Fragment::tone(gain)) and the
// running color is a small struct with an in-place accumulate method.
#include <cuda_runtime.h>

#define K 6

struct Fragment {
  double r, g, b, a;
  double z;
  __device__ void tone(double gain) {  // in-place exposure curve
    r = 1.0 - exp(-gain * r);
    g = 1.0 - exp(-gain * g);
    b = 1.0 - exp(-gain * b);
  }
};

struct Accum {
  double r, g, b, T;
  __device__ void under(const Fragment& f) {
    r += T * f.a * f.r;
    g += T * f.a * f.g;
    b += T * f.a * f.b;
    T *= 1.0 - f.a;
  }
};

__global__ void oit_resolve(const double4* __restrict__ frag_rgba, const double* __restrict__ frag_depth,
                            const int* __restrict__ frag_count, int n_pix, double gain,
                            double4* __restrict__ out) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pix) return;
  const int n = frag_count[p];
  Fragment f[K];
  for (int k = 0; k < n; ++k) {
    const double4 c = frag_rgba[p * K + k];
    f[k] = Fragment{c.x, c.y, c.z, c.w, frag_depth[p * K + k]};
  }
  // insertion sort by depth, nearest first
  for (int i = 1; i < n; ++i) {
    Fragment key = f[i];
    int j = i - 1;
    while (j >= 0 && f[j].z > key.z) {
      f[j + 1] = f[j];
      --j;
    }
    f[j + 1] = key;
  }
  Accum acc{0.0, 0.0, 0.0, 1.0};
  for (int k = 0; k < n; ++k) {
    f[k].tone(gain);
    acc.under(f[k]);
  }
  out[p] = make_double4(acc.r, acc.g, acc.b, 1.0 - acc.T);
}
