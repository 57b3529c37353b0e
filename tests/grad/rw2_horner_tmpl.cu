// cuad: --fn poly_activation<float,6> --wrt y,x,coef
// Polynomial activation with a compile-time degree: a templated Horner helper (explicit template
// arguments at the call) with #pragma unroll over the coefficients, which the kernel first copies
// into a register array;
// grid-stride loop; the odd part is taken with copysignf(poly(|x|), x).
template <typename T, int DEG>
__device__ __forceinline__ T horner(const T* c, T v) {
  T acc = c[DEG];
#pragma unroll
  for (int k = DEG - 1; k >= 0; --k) acc = acc * v + c[k];
  return acc;
}

template <typename T, int DEG>
__global__ void poly_activation(T* __restrict__ y, const T* __restrict__ x,
                                const T* __restrict__ coef, int n) {
  T c[DEG + 1];
#pragma unroll
  for (int k = 0; k <= DEG; ++k) c[k] = coef[k];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const T v = x[i];
    y[i] = copysignf(horner<T, DEG>(c, fabsf(v)), v);
  }
}
