// cuad's own program for `clad::jacobian` and `clad::hessian` (written for this repository):
// Jacobians of functions writing an output array (scalar inputs, an array input, both
// `execute` forms: a row-major pointer and `clad::matrix`), Hessians of real functions (math
// functions, loops, a helper call, a parameter subset, an array range, `clad::array_ref`,
// `diagonal_only`), and both requested in a kernel for `__device__` functions. The printed
// entries are exact derivatives (derived with sympy, rounded to the printed digits); the
// program also compares the matrices with central finite differences of the functions
// themselves. The expected output is this file's `// CHECK-EXEC:` lines, checked by
// crates/cli/tests/build.rs (clad_jacobian_hessian) and scripts/clad-gpu.sh.
#include <cmath>
#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

// Scalar inputs; the output's size is read from its constant indices.
void polar(double r, double theta, double* out) {
  out[0] = r * cos(theta);
  out[1] = r * sin(theta);
  out[2] = r * r * exp(-theta);
}

// An array input (its size read from the constant indices), an output declared with its size.
void mix(double s, const double* w, double out[2]) {
  out[0] = s * w[0] * w[1] + log(w[2]);
  out[1] = pow(w[1], 3) - s * s * w[2];
}

// An output that is also read (accumulated into).
void accumulate(double a, double b, double* acc) {
  acc[0] += a * b;
  acc[1] = acc[0] * a;
}

__host__ __device__ double bump(double u, double v) { return exp(-u * v) + u / (1.0 + v * v); }

// Three variables, a loop, math functions and a helper call.
double energy(double x, double y, double z) {
  double acc = 0;
  for (int k = 1; k <= 3; ++k) acc += sin(k * x) * pow(y, k) / k;
  return acc + log(1.0 + x * x + z * z) + bump(x, y * z);
}

// A loop that overwrites the value it reads.
double horner(double x, double y) {
  double r = 1;
  for (int i = 0; i < 4; ++i) r = r * x + y * i;
  return r + exp(x * y);
}

// Least squares of an exponential model: data arrays and a count pass through, the Hessian is
// w.r.t. the two model parameters.
double fit(double a, double b, const double* xs, const double* ys, int n) {
  double loss = 0;
  for (int i = 0; i < n; ++i) {
    double r = a * exp(b * xs[i]) - ys[i];
    loss += r * r;
  }
  return loss;
}

// An array of known size (its declared length) and a scalar.
double spring(double pos[3], double k) {
  double d = pos[0] - pos[1];
  return 0.5 * k * d * d + exp(pos[2] * k) + pos[1] * pos[2];
}

__device__ float rosen(float a, float b) {
  return (1.0f - a) * (1.0f - a) + 100.0f * (b - a * a) * (b - a * a);
}

__device__ void field(float a, float b, float* o) {
  o[0] = a * b;
  o[1] = a + b * b;
}

__global__ void device_matrices(const float* pts, float* hess, float* jac, int n) {
  int i = threadIdx.x;
  if (i < n) {
    auto h = clad::hessian(rosen);
    h.execute(pts[2 * i], pts[2 * i + 1], hess + 4 * i);
    auto j = clad::jacobian(field);
    float o[2];
    j.execute(pts[2 * i], pts[2 * i + 1], o, jac + 4 * i);
  }
}

// Largest difference between `m` (n x n) and central second differences of `f` at `p`.
template <typename F>
double hessian_error(F f, const double* p, int n, const double* m) {
  const double h = 1e-4;
  double worst = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double q[3];
      auto at = [&](double di, double dj) {
        for (int k = 0; k < n; ++k) q[k] = p[k];
        q[i] += di;
        q[j] += dj;
        return f(q);
      };
      double fd = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h);
      worst = fmax(worst, fabs(fd - m[i * n + j]));
    }
  return worst;
}

void print_matrix(const char* name, const double* m, int rows, int cols) {
  printf("%s:", name);
  for (int k = 0; k < rows * cols; ++k) printf(" %.6f", m[k]);
  printf("\n");
}

int main() {
  // ---- Jacobians ----
  auto jp = clad::jacobian(polar);
  double out[3], jac[6];
  jp.execute(2.0, 0.5, out, jac);
  print_matrix("polar", jac, 3, 2);
  // CHECK-EXEC: polar: 0.877583 -0.958851 0.479426 1.755165 2.426123 -2.426123
  printf("polar out: %.6f %.6f %.6f\n", out[0], out[1], out[2]);
  // CHECK-EXEC: polar out: 1.755165 0.958851 2.426123

  auto jm = clad::jacobian(mix);
  clad::matrix<double> m(2, 4);
  double w[3] = {1.5, -0.5, 2.0}, o2[2];
  jm.execute(0.8, w, o2, &m);
  printf("mix:");
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c) printf(" %.6f", m[r][c]);
  printf("\n");
  // CHECK-EXEC: mix: -0.750000 -0.400000 1.200000 0.500000 -3.200000 0.000000 0.750000 -0.640000

  auto ja = clad::jacobian(accumulate, "a, b");
  double acc[2] = {1.0, 0.0}, ja_m[4];
  ja.execute(2.0, 3.0, acc, ja_m);
  print_matrix("accumulate", ja_m, 2, 2);
  // CHECK-EXEC: accumulate: 3.000000 2.000000 13.000000 4.000000
  printf("accumulate out: %.6f %.6f\n", acc[0], acc[1]);
  // CHECK-EXEC: accumulate out: 7.000000 14.000000

  // Central differences of the Jacobians.
  double worst = 0;
  {
    const double h = 1e-6;
    double p[2] = {2.0, 0.5};
    for (int c = 0; c < 2; ++c) {
      double hi[3], lo[3];
      p[c] += h;
      polar(p[0], p[1], hi);
      p[c] -= 2 * h;
      polar(p[0], p[1], lo);
      p[c] += h;
      for (int r = 0; r < 3; ++r) worst = fmax(worst, fabs((hi[r] - lo[r]) / (2 * h) - jac[r * 2 + c]));
    }
    double in[4] = {0.8, 1.5, -0.5, 2.0};
    for (int c = 0; c < 4; ++c) {
      double hi[2], lo[2];
      in[c] += h;
      mix(in[0], in + 1, hi);
      in[c] -= 2 * h;
      mix(in[0], in + 1, lo);
      in[c] += h;
      for (int r = 0; r < 2; ++r) worst = fmax(worst, fabs((hi[r] - lo[r]) / (2 * h) - m[r][c]));
    }
  }
  printf("jacobians match finite differences: %s\n", worst < 1e-6 ? "yes" : "no");
  // CHECK-EXEC: jacobians match finite differences: yes

  // ---- Hessians ----
  auto he = clad::hessian(energy);
  double pe[3] = {0.7, 1.1, 0.4}, hess[9];
  he.execute(pe[0], pe[1], pe[2], hess);
  print_matrix("energy", hess, 3, 3);
  // CHECK-EXEC: energy: -5.905749 -1.144319 -1.650254 -1.144319 2.886908 -0.940224 -1.650254 -0.940224 0.995177
  double e_err = hessian_error([](const double* q) { return energy(q[0], q[1], q[2]); }, pe, 3, hess);

  auto hxz = clad::hessian(energy, "x, z");
  double sub[4];
  hxz.execute(pe[0], pe[1], pe[2], clad::array_ref<double>(sub, 4));
  print_matrix("energy x,z", sub, 2, 2);
  // CHECK-EXEC: energy x,z: -5.905749 -1.650254 -1.650254 0.995177

  // Clad's option for the diagonal only (n entries).
  auto hd = clad::hessian<clad::opts::diagonal_only>(energy);
  double diag[3];
  hd.execute(pe[0], pe[1], pe[2], diag);
  print_matrix("energy diagonal", diag, 1, 3);
  // CHECK-EXEC: energy diagonal: -5.905749 2.886908 0.995177

  auto hh = clad::hessian(horner);
  clad::matrix<double> hm(2, 2);
  double ph[2] = {0.9, -0.6};
  hh.execute(ph[0], ph[1], &hm);
  printf("horner: %.6f %.6f %.6f %.6f\n", hm[0][0], hm[0][1], hm[1][0], hm[1][1]);
  // CHECK-EXEC: horner: 8.729789 4.068064 4.068064 0.472026
  double h_err = hessian_error([](const double* q) { return horner(q[0], q[1]); }, ph, 2, hm.data());
  printf("hessians match finite differences: %s\n", fmax(e_err, h_err) < 1e-5 ? "yes" : "no");
  // CHECK-EXEC: hessians match finite differences: yes

  auto hf = clad::hessian(fit, "a, b");
  double xs[3] = {0.0, 0.5, 1.0}, ys[3] = {1.0, 1.8, 2.9}, hfm[4];
  hf.execute(1.1, 0.9, xs, ys, 3, hfm);
  print_matrix("fit", hfm, 2, 2);
  // CHECK-EXEC: fit: 19.018501 14.940916 14.940916 15.011517

  // Ranges of an array's entries (inclusive, as in Clad) next to a scalar.
  auto hs = clad::hessian(spring, "pos[1:2], k");
  double pos[3] = {1.0, 0.25, -0.4}, hsm[9];
  hs.execute(pos, 2.0, hsm);
  print_matrix("spring", hsm, 3, 3);
  // CHECK-EXEC: spring: 2.000000 1.000000 -0.750000 1.000000 1.797316 0.089866 -0.750000 0.089866 0.071893
  const double ps[3] = {0.25, -0.4, 2.0};
  double s_err = hessian_error(
      [](const double* q) {
        double p[3] = {1.0, q[0], q[1]};
        return spring(p, q[2]);
      },
      ps, 3, hsm);
  printf("range hessian matches finite differences: %s\n", s_err < 1e-5 ? "yes" : "no");
  // CHECK-EXEC: range hessian matches finite differences: yes

  // ---- Requests in a kernel, for __device__ functions ----
  const int n = 2;
  float hpts[2 * n] = {1.0f, 1.0f, -0.5f, 2.0f};
  float *pts, *dhess, *djac;
  cudaMalloc(&pts, sizeof(hpts));
  cudaMalloc(&dhess, 4 * n * sizeof(float));
  cudaMalloc(&djac, 4 * n * sizeof(float));
  cudaMemcpy(pts, hpts, sizeof(hpts), cudaMemcpyHostToDevice);
  device_matrices<<<1, 32>>>(pts, dhess, djac, n);
  float hh_dev[4 * n], hj_dev[4 * n];
  cudaMemcpy(hh_dev, dhess, sizeof(hh_dev), cudaMemcpyDeviceToHost);
  cudaMemcpy(hj_dev, djac, sizeof(hj_dev), cudaMemcpyDeviceToHost);
  cudaFree(pts);
  cudaFree(dhess);
  cudaFree(djac);
  for (int i = 0; i < n; ++i)
    printf("rosen %d: %.3f %.3f %.3f %.3f\n", i, hh_dev[4 * i], hh_dev[4 * i + 1],
           hh_dev[4 * i + 2], hh_dev[4 * i + 3]);
  // CHECK-EXEC: rosen 0: 802.000 -400.000 -400.000 200.000
  // CHECK-EXEC-NEXT: rosen 1: -498.000 200.000 200.000 200.000
  for (int i = 0; i < n; ++i)
    printf("field %d: %.3f %.3f %.3f %.3f\n", i, hj_dev[4 * i], hj_dev[4 * i + 1],
           hj_dev[4 * i + 2], hj_dev[4 * i + 3]);
  // CHECK-EXEC: field 0: 1.000 1.000 1.000 2.000
  // CHECK-EXEC-NEXT: field 1: 2.000 -0.500 1.000 4.000
  return 0;
}
