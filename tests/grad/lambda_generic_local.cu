// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// Generic lambdas bound to locals (`[&](auto v)`, `[](const auto& a, const auto& b)`): each
// becomes a function template over its `auto` parameters, instantiated at its calls (`scale`
// with a double and with an int), its return type deduced per instance.
__global__ void k(const double* x, double* y) {
  const int i = threadIdx.x;
  const double s = 1.5;
  auto scale = [&](auto v) { return s * v * v; };
  auto mix = [](const auto& a, const auto& b) { return a * b + b; };
  y[i] = mix(scale(x[i]), sin(x[i])) + scale(i + 1) * x[i];
}
