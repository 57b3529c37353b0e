// cuad: --fn material_pressure --wrt p,rho,e,gam
// Multi-material EOS selected with a switch on an integer material id (ideal gas, stiffened
// gas, Tait, default); fallthrough into a shared clamp; a device helper returning a struct.
struct EosOut {
  double p;
  double c2;
};

__device__ EosOut ideal_gas(double rho, double e, double g) {
  EosOut o;
  o.p = (g - 1.0) * rho * e;
  o.c2 = g * (g - 1.0) * e;
  return o;
}

__device__ EosOut stiffened(double rho, double e, double g, double pinf) {
  EosOut o = ideal_gas(rho, e, g);
  o.p -= g * pinf;
  o.c2 += g * pinf / rho;
  return o;
}

__global__ void material_pressure(double* p, const int* mat, const double* rho, const double* e,
                                  const double* gam, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double r = rho[i], ei = e[i], g = gam[i];
  EosOut o;
  switch (mat[i]) {
    case 0:
      o = ideal_gas(r, ei, g);
      break;
    case 1:
      o = stiffened(r, ei, g, 0.3);
      break;
    case 2: {
      double ratio = r / 1.2;
      o.p = 0.8 * (pow(ratio, 7.0) - 1.0);
      o.c2 = 5.6 * pow(ratio, 6.0) / 1.2;
      break;
    }
    default:
      o.p = r * ei;
      o.c2 = ei;
  }
  p[i] = o.p + 0.1 * r * sqrt(o.c2);
}
