// cuad: --fn k --wrt x,y,out
// A branch whose body changes its own condition's variable through a reference argument of a
// call: the reverse pass must take the branch the forward pass took (scripts/fuzz, seed 10).
__device__ void shrink(double p, double& r) { r = erf(r) + 0.5 * r - p; }

__global__ void k(int n, const double* x, const double* y, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double t = x[i];
    double u = y[i];
    if (t > -0.3) {
      shrink(u * u, t);
    } else {
      u = sin(u) * t;
    }
    out[i] = t * u + cos(t);
  }
}
