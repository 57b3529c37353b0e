// cuad: --fn array_power<double> --wrt amp,pos,tau,theta,power
// cuad: fwd --fn array_power<double> --wrt amp,pos,tau,theta,power
// Written for cuad in the style of beamforming / scattering codes with their own complex
// type: `Complex<T>` with a constexpr constructor taking default arguments and a member
// initializer list, `operator+=`, free `operator*` and `operator/` (complex division through
// the conjugate and `norm2`), `expi(phase)` built from `std::cos` / `std::sin`, and a
// `constexpr` wavenumber. Each thread evaluates the power of an array factor at angle theta:
//   AF = sum_n amp_n exp(i k pos_n sin(theta)) / (1 + i omega tau_n),   power = |AF|^2.
#include <cmath>

template <typename T>
struct Complex {
  T re, im;
  __host__ __device__ constexpr Complex(T r = T(0), T i = T(0)) : re(r), im(i) {}
  __host__ __device__ Complex& operator+=(const Complex& o) {
    re += o.re;
    im += o.im;
    return *this;
  }
};

template <typename T>
__host__ __device__ constexpr Complex<T> operator*(const Complex<T>& a, const Complex<T>& b) {
  return Complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
template <typename T>
__host__ __device__ constexpr Complex<T> operator*(T s, const Complex<T>& a) {
  return Complex<T>(s * a.re, s * a.im);
}
template <typename T>
__host__ __device__ constexpr Complex<T> conj(const Complex<T>& a) {
  return Complex<T>(a.re, -a.im);
}
template <typename T>
__host__ __device__ constexpr T norm2(const Complex<T>& a) {
  return a.re * a.re + a.im * a.im;
}
template <typename T>
__host__ __device__ Complex<T> operator/(const Complex<T>& a, const Complex<T>& b) {
  const T inv = T(1) / norm2(b);
  return inv * (a * conj(b));
}
template <typename T>
__device__ __forceinline__ Complex<T> expi(T phase) {
  return Complex<T>(std::cos(phase), std::sin(phase));
}

constexpr double kTwoPi = 6.283185307179586;
constexpr double kWavelength = 0.5;
constexpr double kWavenumber = kTwoPi / kWavelength;

template <typename T>
__global__ void array_power(const T* __restrict__ amp, const T* __restrict__ pos,
                            const T* __restrict__ tau, const T* __restrict__ theta,
                            T* __restrict__ power, T omega, int n_elem, int n_dirs) {
  const int d = blockIdx.x * blockDim.x + threadIdx.x;
  if (d >= n_dirs) return;
  const T s = std::sin(theta[d]);
  Complex<T> af;  // default arguments: 0 + 0i
  for (int e = 0; e < n_elem; ++e) {
    const Complex<T> response = Complex<T>(T(1)) / Complex<T>(T(1), omega * tau[e]);
    af += amp[e] * (expi(T(kWavenumber) * pos[e] * s) * response);
  }
  power[d] = norm2(af);
}
