// Enums (plain, scoped, with explicit underlying types), nested namespaces, a namespace
// alias, using-declarations and using-directives around device code.
#include <cstdint>

namespace physics {
namespace units {
constexpr double kBoltzmann = 1.380649e-23;
constexpr double kAvogadro = 6.02214076e23;
} // namespace units

enum class Boundary : std::uint8_t { Periodic, Reflecting, Absorbing };
enum Phase { Solid, Liquid, Gas };

struct State {
  double temperature;
  double pressure;
  Phase phase;
};

__device__ inline double ideal_gas_density(const State &s, double molar_mass) {
  return s.pressure * molar_mass / (units::kBoltzmann * units::kAvogadro * s.temperature);
}

__device__ inline int wrap(int i, int n, Boundary b) {
  if (i >= 0 && i < n)
    return i;
  switch (b) {
  case Boundary::Periodic:
    return (i % n + n) % n;
  case Boundary::Reflecting:
    return i < 0 ? -i - 1 : 2 * n - i - 1;
  case Boundary::Absorbing:
  default:
    return -1;
  }
}
} // namespace physics

namespace ph = physics;
using physics::State;

namespace kernels {
using namespace physics;

__global__ void density(const State *states, double *rho, double molar_mass, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    rho[i] = states[i].phase == Gas ? ideal_gas_density(states[i], molar_mass) : 1000.0;
}

__global__ void shift(const float *in, float *out, int offset, ph::Boundary b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j = ph::wrap(i + offset, n, b);
    out[i] = j < 0 ? 0.0f : in[j];
  }
}
} // namespace kernels

void run_shift(const float *d_in, float *d_out, int n) {
  kernels::shift<<<(n + 255) / 256, 256>>>(d_in, d_out, 3, ph::Boundary::Periodic, n);
}
