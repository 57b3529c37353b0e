// cuad: --fn rbf_predict<double,GaussianRBF<double>> --wrt Xq,X,alpha,k,out
// cuad: --fn rbf_predict<double,Matern32<double>> --wrt Xq,X,alpha,k,out
// cuad: fwd --fn rbf_predict<double,Matern32<double>>
// Kernel-ridge / Gaussian-process prediction as GPU kernel libraries write it: the covariance
// is a functor with hyper-parameter fields and a const `operator()(r2)`, passed by value to a
// kernel template; math goes through a traits class specialized per precision
// (`real_traits<double>::exp`, `real_traits<float>::sqrt`: the CRTP-free way to pick `exp` or
// `expf`). One thread per query point: squared distance to every training point, then
// out[q] = sum_j alpha[j] * k(r2).
#include <cuda_runtime.h>

template <typename T>
struct real_traits;

template <>
struct real_traits<double> {
  static __device__ double exp(double x) { return ::exp(x); }
  static __device__ double sqrt(double x) { return ::sqrt(x); }
};

template <>
struct real_traits<float> {
  static __device__ float exp(float x) { return ::expf(x); }
  static __device__ float sqrt(float x) { return ::sqrtf(x); }
};

template <typename T>
struct GaussianRBF {
  T variance;
  T inv_two_ell2;
  __device__ T operator()(T r2) const { return variance * real_traits<T>::exp(-r2 * inv_two_ell2); }
};

template <typename T>
struct Matern32 {
  T variance;
  T ell;
  __device__ T operator()(T r2) const {
    const T s = T(1.7320508075688772) * real_traits<T>::sqrt(r2) / ell;
    return variance * (T(1) + s) * real_traits<T>::exp(-s);
  }
};

template <typename T, typename Kernel>
__global__ void rbf_predict(const T* __restrict__ Xq, const T* __restrict__ X,
                            const T* __restrict__ alpha, Kernel k, T* __restrict__ out, int nq,
                            int n, int d) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= nq) return;
  T acc = T(0);
  for (int j = 0; j < n; ++j) {
    T r2 = T(0);
    for (int c = 0; c < d; ++c) {
      const T diff = Xq[q * d + c] - X[j * d + c];
      r2 += diff * diff;
    }
    acc += alpha[j] * k(r2);
  }
  out[q] = acc;
}
