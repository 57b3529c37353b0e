// cuad: --fn refs --wrt out,ps,w
// Local references: to an array-of-structs element, to an element shared by threads
// (`w[i % m]`), to the output (updated twice), one per loop iteration, and a const reference
// to a temporary (a copy).
struct P {
  double x;
  double v;
};

__global__ void refs(double* out, const P* ps, const double* w, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const P& p = ps[i];
    const double& wi = w[i % m];
    double& o = out[i];
    const double& s = p.x * wi;
    o = p.v * s + sin(p.x);
    o += wi * p.v;
    for (int k = 0; k < 3; ++k) {
      double& acc = out[n + i * 3 + k];
      acc = wi * k + o * p.x;
    }
  }
}
