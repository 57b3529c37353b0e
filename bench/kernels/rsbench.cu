// Workload 6: multipole cross-section lookup in the style of RSBench (double).
// For each lookup (energy, material): for every nuclide of the material, find the energy
// window (data dependent), loop over the window's poles and accumulate pole residues times
// a Faddeeva-function approximation. Complex numbers are a user struct with device helpers;
// the Faddeeva approximation takes a rare asymptotic branch for |z| > 6.
// Differentiated with: cuad grad rsbench.cu --fn rs_lookup --wrt macro_xs,poles

struct Cplx {
  double r;
  double i;
};

struct Pole {
  Cplx MP_EA;
  Cplx MP_RT;
  Cplx MP_RA;
  Cplx MP_RF;
  int l_value;
};

struct Window {
  double T;
  double A;
  double F;
  int start;
  int end;
};

__device__ Cplx c_make(double r, double i) {
  Cplx c;
  c.r = r;
  c.i = i;
  return c;
}

__device__ Cplx c_add(Cplx a, Cplx b) { return c_make(a.r + b.r, a.i + b.i); }

__device__ Cplx c_sub(Cplx a, Cplx b) { return c_make(a.r - b.r, a.i - b.i); }

__device__ Cplx c_mul(Cplx a, Cplx b) { return c_make(a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r); }

__device__ Cplx c_div(Cplx a, Cplx b) {
  double den = b.r * b.r + b.i * b.i;
  return c_make((a.r * b.r + a.i * b.i) / den, (a.i * b.r - a.r * b.i) / den);
}

__device__ Cplx c_scale(Cplx a, double s) { return c_make(a.r * s, a.i * s); }

__device__ double c_abs(Cplx a) { return sqrt(a.r * a.r + a.i * a.i); }

// Faddeeva function w(z) for Im z >= 0: a two-pole asymptotic form for large |z|,
// otherwise a rational (Pade-type) approximation in Z = -i z evaluated by Horner's rule.
__device__ Cplx faddeeva(Cplx z) {
  if (c_abs(z) > 6.0) {
    Cplx z2 = c_mul(z, z);
    Cplx t1 = c_div(c_make(0.5124242, 0.0), c_sub(z2, c_make(0.2752551, 0.0)));
    Cplx t2 = c_div(c_make(0.05176536, 0.0), c_sub(z2, c_make(2.724745, 0.0)));
    return c_mul(c_mul(c_make(0.0, 1.0), z), c_add(t1, t2));
  }
  const double p[7] = {122.607931777104326, 214.382388694706425, 181.928533092181549,
                       93.155580458138441,  30.180142196210589,  5.912626209773153,
                       0.564189583562615};
  const double q[8] = {122.60793177387535, 352.730625110963558, 457.334478783897737,
                       348.703917719495792, 170.354001821091472, 53.992906912940207,
                       10.479857114260399, 1.0};
  Cplx zz = c_make(z.i, -z.r);
  Cplx num = c_make(p[6], 0.0);
  for (int k = 5; k >= 0; --k) {
    num = c_add(c_mul(num, zz), c_make(p[k], 0.0));
  }
  Cplx den = c_make(q[7], 0.0);
  for (int k = 6; k >= 0; --k) {
    den = c_add(c_mul(den, zz), c_make(q[k], 0.0));
  }
  return c_div(num, den);
}

// Microscopic total, absorption and fission cross sections of one nuclide at energy e.
__device__ void micro_xs(double e, int nuc, const Pole* poles, const Window* windows,
                         const Cplx* sigt_factor, const double* dopp, int n_poles, int n_windows,
                         double* xs) {
  double sqrt_e = sqrt(e);
  int w = (int)(sqrt_e * n_windows);
  if (w > n_windows - 1) {
    w = n_windows - 1;
  }
  Window win = windows[nuc * n_windows + w];
  double sig_t = e * win.T;
  double sig_a = e * win.A;
  double sig_f = e * win.F;
  double d = dopp[nuc];
  for (int p = win.start; p < win.end; ++p) {
    Pole pole = poles[nuc * n_poles + p];
    Cplx z = c_scale(c_sub(c_make(sqrt_e, 0.0), pole.MP_EA), d);
    Cplx w_z = faddeeva(z);
    sig_t += c_mul(c_mul(pole.MP_RT, w_z), sigt_factor[pole.l_value]).r;
    sig_a += c_mul(pole.MP_RA, w_z).r;
    sig_f += c_mul(pole.MP_RF, w_z).r;
  }
  xs[0] = sig_t;
  xs[1] = sig_a;
  xs[2] = sig_f;
  xs[3] = sig_t - sig_a;
}

__global__ void rs_lookup(double* macro_xs, const Pole* poles, const Window* windows,
                          const Cplx* sigt_factor, const double* dopp, const int* mat_nucs,
                          const double* mat_conc, const int* num_nucs, const double* energies,
                          const int* mats, int n_poles, int n_windows, int max_nucs, int lookups) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < lookups) {
    double e = energies[i];
    int m = mats[i];
    double acc[4];
    for (int k = 0; k < 4; ++k) {
      acc[k] = 0.0;
    }
    for (int j = 0; j < num_nucs[m]; ++j) {
      int nuc = mat_nucs[m * max_nucs + j];
      double conc = mat_conc[m * max_nucs + j];
      double xs[4];
      micro_xs(e, nuc, poles, windows, sigt_factor, dopp, n_poles, n_windows, xs);
      for (int k = 0; k < 4; ++k) {
        acc[k] += conc * xs[k];
      }
    }
    for (int k = 0; k < 4; ++k) {
      macro_xs[i * 4 + k] = acc[k];
    }
  }
}
