// cuad: --fn weighted_energy --wrt x,w,energy,bins
// cuad: fwd --fn weighted_energy
// cuad: --fn float_total --wrt v,total
// Written for cuad in the style of older molecular-dynamics / CFD codes that predate native
// double atomicAdd: a helper picks the hardware atomic under `#if __CUDA_ARCH__ >= 600` and
// falls back to the programming guide's atomicCAS loop otherwise (cuad, like a host compile,
// sees the loop: it is differentiated as the atomicAdd it implements); a float variant with
// `__float_as_uint` under another name is used unconditionally. The kernels accumulate a
// grid-wide energy, per-bin values and a float total through them. `static __device__ __forceinline__`
// helpers, `__restrict__` pointers and a size_t grid index.
#include <cstddef>

static __device__ __forceinline__ double atomic_add_f64(double* address, double val) {
#if __CUDA_ARCH__ >= 600
  return atomicAdd(address, val);
#else
  unsigned long long int* address_as_ull = (unsigned long long int*)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
#endif
}

// float variant, CAS loop on the unsigned bits, the sum written `old + val`
__device__ float atomic_add_f32_cas(float* addr, float val) {
  unsigned int* bits = reinterpret_cast<unsigned int*>(addr);
  unsigned int old = *bits;
  unsigned int assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_uint(__uint_as_float(assumed) + val));
  } while (old != assumed);
  return __uint_as_float(old);
}

static __device__ __forceinline__ double pair_energy(double r2, double eps) {
  const double inv = 1.0 / (r2 + eps);
  return inv * inv - inv;
}

__global__ void weighted_energy(const double* __restrict__ x, const double* __restrict__ w,
                                double* __restrict__ energy, double* __restrict__ bins,
                                size_t n, int nbins) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double r2 = x[i] * x[i] + 0.5;
  const double e = w[i % 4] * pair_energy(r2, 0.25);
  atomic_add_f64(energy, e);
  atomic_add_f64(&bins[i % nbins], x[i] * e);
}

__global__ void float_total(const float* __restrict__ v, float* __restrict__ total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomic_add_f32_cas(total, v[i] * v[i] + 0.5f * v[i]);
}
