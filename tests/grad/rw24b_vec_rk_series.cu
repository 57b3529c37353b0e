// cuad: fwd --fn kinetics_rk
// cuad: --fn kinetics_rk --wrt y0,theta,yT
// cuad: fwd --fn expint_e1
// A header-only style ODE toolkit: a small template vector type `Vec<N>` (array member,
// free operator+ and scalar operator*, a dot product), a right-hand side functor for a
// Michaelis-Menten / Hill enzyme cascade returning Vec<N> by value, and RK4 written with
// the operators (k2 = f(y + (0.5 * h) * k1), ...). A temperature-dependent inhibition term
// uses the exponential integral E1(x), computed by a power series whose loop advances two
// real values in its increment (`++k, term *= -x / k`) and stops on a data-dependent test,
// or by a continued fraction (do-while) for large arguments. Forward mode of the kernel and
// of E1 itself; reverse mode of the kernel.
#include <cuda_runtime.h>
#include <cmath>

template <int N>
struct Vec {
  double v[N];
};

template <int N>
__device__ Vec<N> operator+(const Vec<N>& a, const Vec<N>& b) {
  Vec<N> r;
  for (int i = 0; i < N; ++i) r.v[i] = a.v[i] + b.v[i];
  return r;
}

template <int N>
__device__ Vec<N> operator*(double s, const Vec<N>& a) {
  Vec<N> r;
  for (int i = 0; i < N; ++i) r.v[i] = s * a.v[i];
  return r;
}

// Exponential integral E1(x) for x > 0.
__host__ __device__ double expint_e1(double x) {
  if (x <= 1.0) {
    double sum = 0.0, term = -x;
    int k = 1;
    for (; fabs(term) > 1e-17 * fabs(sum) + 1e-300 && k < 60; ++k, term *= -x / k)
      sum -= term / k;
    return -0.5772156649015329 - log(x) + sum;
  }
  // Lentz continued fraction
  double b = x + 1.0, c = 1e300, d = 1.0 / b, h = d;
  int i = 1;
  do {
    const double an = -(double)i * i;
    b += 2.0;
    d = 1.0 / (an * d + b);
    c = b + an / c;
    const double del = c * d;
    h *= del;
    if (fabs(del - 1.0) < 1e-16) break;
  } while (++i < 200);
  return h * exp(-x);
}

struct Cascade {
  double vmax[3], km[3], hill, ki, temp;
  __device__ Vec<4> operator()(const Vec<4>& y) const {
    Vec<4> d;
    const double inhib = 1.0 / (1.0 + pow(y.v[3] / ki, hill)) * (1.0 + 0.2 * expint_e1(temp));
    const double r0 = vmax[0] * y.v[0] / (km[0] + y.v[0]) * inhib;
    const double r1 = vmax[1] * y.v[1] / (km[1] + y.v[1]);
    const double r2 = vmax[2] * y.v[2] / (km[2] + y.v[2]);
    d.v[0] = -r0;
    d.v[1] = r0 - r1;
    d.v[2] = r1 - r2;
    d.v[3] = r2 - 0.1 * y.v[3];
    return d;
  }
};

template <class F, int N>
__device__ Vec<N> rk4(const F& f, const Vec<N>& y, double h) {
  const Vec<N> k1 = f(y);
  const Vec<N> k2 = f(y + (0.5 * h) * k1);
  const Vec<N> k3 = f(y + (0.5 * h) * k2);
  const Vec<N> k4 = f(y + h * k3);
  return y + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

__global__ void kinetics_rk(const double* __restrict__ y0, const double* __restrict__ theta,
                            double* __restrict__ yT, int nsteps, double h, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  const double* th = theta + 9 * e;
  Cascade f;
  for (int i = 0; i < 3; ++i) {
    f.vmax[i] = th[i];
    f.km[i] = th[3 + i];
  }
  f.hill = th[6];
  f.ki = th[7];
  f.temp = th[8];
  Vec<4> y;
  for (int i = 0; i < 4; ++i) y.v[i] = y0[4 * e + i];
  for (int s = 0; s < nsteps; ++s) y = rk4(f, y, h);
  for (int i = 0; i < 4; ++i) yT[4 * e + i] = y.v[i];
}
