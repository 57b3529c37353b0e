// RSBench-style multipole evaluation: complex arithmetic through a user struct and plain
// helper functions (no operators), summing pole contributions per window.
typedef struct {
  double r;
  double i;
} RSComplex;

typedef struct {
  RSComplex MP_EA;
  RSComplex MP_RT;
  RSComplex MP_RA;
  RSComplex MP_RF;
  short int l_value;
} Pole;

typedef struct {
  double T;
  double A;
  double F;
  int start;
  int end;
} Window;

__device__ RSComplex c_add(RSComplex A, RSComplex B) {
  RSComplex C;
  C.r = A.r + B.r;
  C.i = A.i + B.i;
  return C;
}

__device__ RSComplex c_sub(RSComplex A, RSComplex B) {
  RSComplex C;
  C.r = A.r - B.r;
  C.i = A.i - B.i;
  return C;
}

__device__ RSComplex c_mul(RSComplex A, RSComplex B) {
  double a = A.r, b = A.i, c = B.r, d = B.i;
  RSComplex C;
  C.r = (a * c) - (b * d);
  C.i = (a * d) + (b * c);
  return C;
}

__device__ RSComplex c_div(RSComplex A, RSComplex B) {
  double a = A.r, b = A.i, c = B.r, d = B.i;
  double denom = c * c + d * d;
  RSComplex C;
  C.r = ((a * c) + (b * d)) / denom;
  C.i = ((b * c) - (a * d)) / denom;
  return C;
}

__device__ double c_abs(RSComplex A) { return sqrt(A.r * A.r + A.i * A.i); }

__device__ RSComplex c_exp(RSComplex z) {
  double l = exp(z.r);
  RSComplex out = {l * cos(z.i), l * sin(z.i)};
  return out;
}

__device__ void calculate_sig_T(int nuc, double E, const double *pseudo_K0RS, int n_l,
                                RSComplex *sigTfactors) {
  for (int i = 0; i < n_l; i++) {
    double phi = pseudo_K0RS[nuc * n_l + i] * sqrt(E);
    if (i == 1)
      phi -= -atan(phi);
    else if (i == 2)
      phi -= atan(3.0 * phi / (3.0 - phi * phi));
    phi *= 2.0;
    sigTfactors[i].r = cos(phi);
    sigTfactors[i].i = -sin(phi);
  }
}

__global__ void rs_micro_xs(const Pole *poles, const Window *windows, const double *pseudo_K0RS,
                            const double *energies, double *sig_t, double *sig_a, int nuc,
                            int n_windows, int lookups) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= lookups)
    return;
  double E = energies[tid];
  int window = (int)(E * n_windows);
  if (window >= n_windows)
    window = n_windows - 1;
  Window w = windows[window];
  double t = w.T * E, a = w.A * E;
  RSComplex sigTfactors[4];
  calculate_sig_T(nuc, E, pseudo_K0RS, 4, sigTfactors);
  RSComplex E_c = {E, 0.0};
  RSComplex one_i = {0.0, 1.0};
  for (int p = w.start; p < w.end; p++) {
    Pole pole = poles[p];
    RSComplex psi = c_div(one_i, c_sub(pole.MP_EA, E_c));
    RSComplex CDUM = c_mul(psi, sigTfactors[pole.l_value]);
    t += c_mul(pole.MP_RT, CDUM).r;
    a += c_mul(pole.MP_RA, psi).r;
  }
  RSComplex damp = c_exp(c_mul(E_c, one_i));
  sig_t[tid] = t * c_abs(damp);
  sig_a[tid] = a;
}
