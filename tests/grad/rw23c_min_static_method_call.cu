// cuad: --fn k --wrt x,m,y
// cuad: fwd --fn k --wrt x,m,y
// Minimal: a static member function called from another (non-static) member function of the
// same struct. cuad refuses: "cannot differentiate this call of a method of `M` ... (a struct
// with private data members or base classes, or a parameter or local named like a field)",
// none of which holds; forward mode says "no derivative for `self.well` ... define
// `cuad::custom_derivatives::self.well_pushforward`". Writing `M::well(...)` inside the
// method fails the same way; calling `M::well(m.D, ...)` from the kernel works.
struct M {
  double D;
  static __device__ double well(double depth, double x) { return depth * (x * x - 2.0 * x); }
  __device__ double operator()(double r) const { return well(D, exp(-r)); }
};
__global__ void k(const double* x, M m, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = m(x[i]);
}
