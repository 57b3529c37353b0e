// cuad: --fn k --wrt x,out
// The type of a static constexpr data member of a class template instance
// (`Scale<double>::kA`, declared `static constexpr T kA`) is `double` (the reverse pass
// declared its temporaries as `T _r1`, which did not compile).
template <typename T>
struct Scale {
  static constexpr T kA = T(0.5);
};
__global__ void k(const double* x, double* out) {
  int i = threadIdx.x;
  out[i] = Scale<double>::kA * x[i] * x[i] * x[i];
}
