// cuad: --fn swe_manning_step --wrt q,qn,p
// cuad: fwd --fn swe_manning_step --wrt q,qn,p
// One forward-Euler step of the 1-D shallow-water equations with Manning bed friction, the way
// a river model passes its data: the state as a struct of device pointers (depth, discharge),
// the physical and numerical parameters as a struct of reals by value, Rusanov fluxes from a
// __device__ helper returning a small struct, periodic neighbours by modulo, and the friction
// source n^2 g q|q| / h^(7/3) with pow. The new state goes to a second State.
#include <cuda_runtime.h>

struct State {
  double* h;
  double* q;
};

struct Params {
  double g;
  double manning;
  double dt;
  double dx;
};

struct Flux2 {
  double fh, fq;
};

__device__ Flux2 rusanov(double hl, double ql, double hr, double qr, double g) {
  const double ul = ql / hl, ur = qr / hr;
  const double a = fmax(fabs(ul) + sqrt(g * hl), fabs(ur) + sqrt(g * hr));
  Flux2 f;
  f.fh = 0.5 * (ql + qr) - 0.5 * a * (hr - hl);
  f.fq = 0.5 * (ql * ul + 0.5 * g * hl * hl + qr * ur + 0.5 * g * hr * hr) - 0.5 * a * (qr - ql);
  return f;
}

__global__ void swe_manning_step(State q, State qn, Params p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i + n - 1) % n, ip = (i + 1) % n;
  const Flux2 fl = rusanov(q.h[im], q.q[im], q.h[i], q.q[i], p.g);
  const Flux2 fr = rusanov(q.h[i], q.q[i], q.h[ip], q.q[ip], p.g);
  const double h = q.h[i], dis = q.q[i];
  const double r = p.dt / p.dx;
  const double fric = p.manning * p.manning * p.g * dis * fabs(dis) / pow(h, 7.0 / 3.0);
  qn.h[i] = h - r * (fr.fh - fl.fh);
  qn.q[i] = dis - r * (fr.fq - fl.fq) - p.dt * fric;
}
