// cuad: --fn integrate --wrt bodies,k,dt,e
// cuad: fwd --fn integrate
// Structured bindings by reference: `auto& [x, v] = bodies[i]` writes through the names
// into the struct array element (before and after a helper call that changes it), a helper
// binding `auto& [..]` to its reference parameter, `const auto& [..]` reading a struct
// parameter, `auto&& [..]` of an lvalue, and `for (auto& [c, s] : acc)` updating a local
// array of structs in place. 2: the same kernel in forward mode.
struct Body {
  double x;
  double v;
  double m;
};
struct Acc {
  double c, s;
};

__device__ void kick(Body& b, double k, double dt) {
  auto& [x, v, m] = b;
  v -= k * x / m * dt;
  x += v * dt;
}

__device__ double energy(const Body& b, double k) {
  const auto& [x, v, m] = b;
  return 0.5 * m * v * v + 0.5 * k * x * x;
}

__global__ void integrate(Body* bodies, const double* k, double dt, double* e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto& [x, v, m] = bodies[i];
  v = v + 0.5 * sin(x) * dt;
  kick(bodies[i], k[i], dt);
  x = x + 0.1 * v * m;
  auto&& [x2, v2, m2] = bodies[i];
  m2 = m2 * (1.0 + 0.01 * x2 * v2);
  Acc acc[2] = {{x, v}, {v, m}};
  for (auto& [c, s] : acc) {
    c = c * s + dt;
    s = s + c;
  }
  e[i] = energy(bodies[i], k[i]) + acc[0].c * acc[1].s + acc[1].c;
}
