// cuad: --fn k<double> --wrt x,out
// A static member function of a class template named through the kernel's template
// parameter (`std::numeric_limits<T>::lowest()`): the instance calls
// `std::numeric_limits<double>::lowest()` (it was copied with `T`, which did not compile).
#include <limits>
template <typename T>
__global__ void k(const T* x, T* out) {
  int i = threadIdx.x;
  T m = i < 6 ? x[i] : std::numeric_limits<T>::lowest();
  out[i] = m > T(0) ? m * x[i] : T(0);
}
