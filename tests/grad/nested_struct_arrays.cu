// cuad: --fn net --wrt L,x,y
// One struct shared by all threads holding an array of structs holding an array
// (`L->units[u].w[k]`), passed to a device function by const reference: its adjoint is a
// scratch per call, added atomically. Then a while loop and a do-while loop.
struct Inner { double w[3]; double b; };
struct Layer { Inner units[2]; double scale; };
__device__ double act(const Inner& u, const double* x) {
  double s = u.b;
  for (int k = 0; k < 3; ++k) s += u.w[k] * x[k];
  return s > 0.0 ? s : 0.01 * s;
}
__global__ void net(const Layer* L, const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* xi = &x[3 * i];
  double acc = 0.0;
  for (int u = 0; u < 2; ++u) acc += act(L->units[u], xi);
  double v = acc * L->scale;
  int it = 0;
  while (v > 1.0 && it < 10) { v = v * 0.5 + 0.1; ++it; }
  do { v = v - 0.01 * v * v; } while (v > 2.0);
  y[i] = v;
}
