// cuad: --fn film_spectrum --wrt n_re,n_im,thick,refl,mean_r
// cuad: --fn tmm_reflectance --wrt n_re,n_im,thick
// cuad: fwd --fn film_spectrum --wrt n_re,n_im,thick,refl,mean_r
// Thin-film interference of a multilayer coating by the characteristic-matrix (transfer
// matrix) method, as an optics design code writes it: a small complex class template with
// member and friend operators (+, -, *, /, *=), conj/abs2/exp/sqrt helpers (sincos for the
// phase), oblique incidence through Snell's law in complex form (absorbing layers), s
// polarisation, one thread per (wavelength, angle) sample. Each thread multiplies 2x2 complex
// matrices over its stack; the number of layers a sample sees is the coating's layer count
// (runtime). The kernel writes the reflectance of every sample and adds the band average
// into one scalar with atomicAdd.
#include <cuda_runtime.h>

template <typename T>
struct Cx {
  T re, im;
  __host__ __device__ Cx() : re(0), im(0) {}
  __host__ __device__ Cx(T r, T i) : re(r), im(i) {}
  __host__ __device__ Cx operator+(const Cx& o) const { return Cx(re + o.re, im + o.im); }
  __host__ __device__ Cx operator-(const Cx& o) const { return Cx(re - o.re, im - o.im); }
  __host__ __device__ Cx operator*(const Cx& o) const {
    return Cx(re * o.re - im * o.im, re * o.im + im * o.re);
  }
  __host__ __device__ Cx& operator*=(const Cx& o) {
    const T r = re * o.re - im * o.im;
    im = re * o.im + im * o.re;
    re = r;
    return *this;
  }
  __host__ __device__ T abs2() const { return re * re + im * im; }
  __host__ __device__ Cx conj() const { return Cx(re, -im); }
};

template <typename T>
__host__ __device__ Cx<T> operator/(const Cx<T>& a, const Cx<T>& b) {
  const Cx<T> num = a * b.conj();
  const T d = b.abs2();
  return Cx<T>(num.re / d, num.im / d);
}

template <typename T>
__host__ __device__ Cx<T> operator*(T s, const Cx<T>& a) { return Cx<T>(s * a.re, s * a.im); }

__device__ inline Cx<double> cexp_i(const Cx<double>& z) {  // exp(i z)
  double s, c;
  sincos(z.re, &s, &c);
  const double m = exp(-z.im);
  return Cx<double>(m * c, m * s);
}

// principal square root, away from the negative real axis
__device__ inline Cx<double> csqrt(const Cx<double>& z) {
  const double r = sqrt(z.abs2());
  const double a = sqrt(0.5 * (r + z.re));
  return Cx<double>(a, 0.5 * z.im / a);
}

// Reflectance of a stack between air and a glass substrate for one wavelength and angle.
__device__ double tmm_reflectance(const double* n_re, const double* n_im, const double* thick,
                                  int nlayers, double lambda, double sin0, double n_sub) {
  const double two_pi = 6.283185307179586;
  const Cx<double> one(1.0, 0.0);
  const Cx<double> s2(sin0 * sin0, 0.0);
  const Cx<double> eta0 = csqrt(one - s2);  // n0 cos(theta0), n0 = 1
  Cx<double> m00 = one, m01, m10, m11 = one;
  for (int l = 0; l < nlayers; ++l) {
    const Cx<double> n(n_re[l], n_im[l]);
    const Cx<double> eta = csqrt(n * n - s2);  // n cos(theta)
    const Cx<double> delta = (two_pi * thick[l] / lambda) * eta;
    const Cx<double> ep = cexp_i(delta), em = one / ep;
    const Cx<double> cs = 0.5 * (ep + em);
    const Cx<double> sn = Cx<double>(0.0, -0.5) * (ep - em);  // sin(delta)
    const Cx<double> isn(-sn.im, sn.re);                       // i sin(delta)
    // [m] <- [m] * [[cos, i sin / eta], [i eta sin, cos]]
    const Cx<double> a00 = m00 * cs + m01 * (isn * eta);
    const Cx<double> a01 = m00 * (isn / eta) + m01 * cs;
    const Cx<double> a10 = m10 * cs + m11 * (isn * eta);
    const Cx<double> a11 = m10 * (isn / eta);
    m00 = a00;
    m01 = a01;
    m10 = a10;
    m11 *= cs;
    m11 = m11 + a11;
  }
  const Cx<double> etas = csqrt(Cx<double>(n_sub * n_sub, 0.0) - s2);
  const Cx<double> b = m00 + m01 * etas, c = m10 + m11 * etas;
  const Cx<double> r = (eta0 * b - c) / (eta0 * b + c);
  return r.abs2();
}

__global__ void film_spectrum(const double* n_re, const double* n_im, const double* thick,
                              int nlayers, const double* lambdas, int nlam, const double* sines,
                              int nang, double n_sub, double* refl, double* mean_r) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= nlam * nang) return;
  const int il = k / nang, ia = k % nang;
  const double R = tmm_reflectance(n_re, n_im, thick, nlayers, lambdas[il], sines[ia], n_sub);
  refl[k] = R;
  atomicAdd(mean_r, R / (nlam * nang));
}
