// cuad: --fn primitive_from_conserved
// cuad: fwd --fn primitive_from_conserved
// cuad: --fn stiffened_sound_speed --wrt p,rho,g
// A compressible-flow code's conserved-to-primitive conversion, differentiated on its own as a
// __device__ function (not through a kernel): the user's own kernel calls the pullback per cell.
// The function takes the conserved state by const pointer and the gas by const reference,
// returns the pressure, writes the velocity through a pointer out-parameter and the sound
// speed through a reference; it calls a helper with an early return (pressure floor) and
// another helper that loops over components. Output 2 is the pushforward, output 3 the
// gradient of the helper alone.
struct Gas {
  double gamma;
  double pinf;  // stiffened-gas reference pressure
};

__device__ __forceinline__ double kinetic_energy(const double* __restrict__ mom, double inv_rho,
                                                 double* __restrict__ vel) {
  double ke = 0.0;
#pragma unroll
  for (int d = 0; d < 3; ++d) {
    vel[d] = mom[d] * inv_rho;
    ke += 0.5 * mom[d] * vel[d];
  }
  return ke;
}

__device__ double stiffened_sound_speed(double p, double rho, const Gas& g) {
  const double a2 = g.gamma * (p + g.pinf) / rho;
  if (a2 < 1e-14) return 1e-7;  // vacuum: floor
  return sqrt(a2);
}

__device__ double primitive_from_conserved(const double* U, const Gas& g, double* vel,
                                           double& cs) {
  const double rho = U[0];
  const double inv_rho = 1.0 / rho;
  const double ke = kinetic_energy(U + 1, inv_rho, vel);
  const double eint = U[4] - ke;
  double p = (g.gamma - 1.0) * eint - g.gamma * g.pinf;
  if (p < 1e-10) {
    p = 1e-10;
    cs = stiffened_sound_speed(p, rho, g);
    return p;
  }
  cs = stiffened_sound_speed(p, rho, g);
  return p;
}
