// cuad: fwd --fn k
// A struct passed and returned by value through a device function in a loop, a field of a
// returned struct (`step(p, 0.1).m`), a pointer-writing call, a store through a local
// pointer, a write-back of one field, and a do-while with continue.
struct P { double m; double v; int id; };
__device__ P step(P p, double dt) {
  P q = p;
  q.v = p.v - dt * p.m * p.v;
  q.m = p.m + dt * q.v;
  return q;
}
__device__ void upd(double* p, double a) { *p = *p * a + 1.0; }
__global__ void k(int n, P* ps, const double* dt, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P p = ps[i];
  for (int s = 0; s < 3; ++s) p = step(p, dt[0]);
  double w = p.m;
  upd(&w, p.v);
  ps[i].v = p.v;
  double* o = out + i;
  *o = w + step(p, 0.1).m;
  int c = 0;
  do {
    ++c;
    if (c == 2) continue;
    out[i] += 0.5 * p.m;
  } while (c < 4);
}
