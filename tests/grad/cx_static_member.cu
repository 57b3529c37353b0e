// cuad: --fn statics --wrt y,x
// Static member functions of two different structs with the same name and signature, called as
// `Sq::apply` and `Triple::apply`.
struct Sq {
  static __device__ double apply(double v) { return v * v; }
};
struct Triple {
  static __device__ double apply(double v) { return 3.0 * v; }
};

__global__ void statics(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Sq::apply(x[i]) + Triple::apply(x[i] * x[i]) + 0.5 * y[i];
}
