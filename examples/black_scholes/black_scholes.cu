// Black-Scholes option prices and their sensitivities ("Greeks") by cuad.
//
// blackScholes prices a European call and put for every option (spot S, strike X, time to
// expiry T; rate r and volatility v shared by all), with the polynomial approximation of the
// normal CDF used by NVIDIA's CUDA sample. One clad::gradient request differentiates the
// kernel; two launches of the gradient (seed on the calls, then on the puts) give per-option
// dPrice/dS, dPrice/dX, dPrice/dT and the sums over all options of dPrice/dr and dPrice/dv.
// Everything is compared with the closed-form Greeks computed in double on the host.
//
//   cuad build black_scholes.cu -o black_scholes_grad.cu
//   nvcc -arch=sm_90 -O3 black_scholes_grad.cu -o black_scholes && ./black_scholes [N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "clad/Differentiator/Differentiator.h"

// Cumulative normal distribution, Abramowitz & Stegun 26.2.17 (absolute error < 7.5e-8).
__device__ float cnd(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  // |d|, written with the same test as the branch below: at d == 0 exactly (which float
  // arithmetic does produce) the derivative then follows the side the branch takes. With
  // fabsf(d), whose derivative cuad takes as +1 at 0, the two sides would disagree there.
  float ad = d > 0 ? d : -d;
  float k = 1.0f / (1.0f + 0.2316419f * ad);
  float tail = RSQRT2PI * expf(-0.5f * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  float p = tail;
  if (d > 0) {
    p = 1.0f - tail;
  }
  return p;
}

__global__ void blackScholes(float* call, float* put, const float* S, const float* X,
                             const float* T, float r, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float sqrtT = sqrtf(T[i]);
    float d1 = (logf(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float cndD1 = cnd(d1);
    float cndD2 = cnd(d2);
    float expRT = expf(-r * T[i]);
    call[i] = S[i] * cndD1 - X[i] * expRT * cndD2;
    put[i] = X[i] * expRT * (1.0f - cndD2) - S[i] * (1.0f - cndD1);
  }
}

// ------------------------------------------------------------------ host side

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t err_ = (call);                                                         \
    if (err_ != cudaSuccess) {                                                         \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__); \
      std::exit(2);                                                                    \
    }                                                                                  \
  } while (0)

// Closed-form prices and Greeks (double precision, exact normal CDF).
struct Greeks {
  double price, delta, dstrike, dtime, vega, rho;
};

static double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
static double normal_pdf(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI); }

static void analytic(double S, double X, double T, double r, double v, Greeks* call, Greeks* put) {
  double sqrtT = std::sqrt(T);
  double d1 = (std::log(S / X) + (r + 0.5 * v * v) * T) / (v * sqrtT);
  double d2 = d1 - v * sqrtT;
  double disc = std::exp(-r * T);
  double n1 = normal_cdf(d1), n2 = normal_cdf(d2), pdf1 = normal_pdf(d1);
  double common_dtime = S * pdf1 * v / (2.0 * sqrtT);
  *call = {S * n1 - X * disc * n2, n1, -disc * n2, common_dtime + r * X * disc * n2,
           S * pdf1 * sqrtT, X * T * disc * n2};
  *put = {X * disc * (1.0 - n2) - S * (1.0 - n1), n1 - 1.0, disc * (1.0 - n2),
          common_dtime - r * X * disc * (1.0 - n2), S * pdf1 * sqrtT, -X * T * disc * (1.0 - n2)};
}

// Largest |got - want| and |got - want| / max(1, |want|) over a series.
struct MaxError {
  const char* name;
  bool is_sum;  // accumulated over all options in float: allow for that rounding
  double abs = 0, rel = 0;
  int worst = -1;  // option with the largest relative error
  double worst_got = 0, worst_want = 0;
  void add(double got, double want, int option = -1) {
    double e = std::fabs(got - want);
    double r = std::isnan(got) ? INFINITY : e / std::fmax(1.0, std::fabs(want));
    abs = std::fmax(abs, e);
    if (r > rel || worst < 0) {
      worst = option;
      worst_got = got;
      worst_want = want;
    }
    rel = std::fmax(rel, r);
  }
};

static float* device_copy(const std::vector<float>& host) {
  float* d = nullptr;
  CHECK(cudaMalloc(&d, host.size() * sizeof(float)));
  CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  return d;
}

static std::vector<float> host_copy(const float* d, int n) {
  std::vector<float> h(n);
  CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}

static float uniform(unsigned* state, float lo, float hi) {
  *state = *state * 1664525u + 1013904223u;
  return lo + (hi - lo) * ((*state >> 8) / 16777216.0f);
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4096;
  const float r = 0.02f, v = 0.30f;
  std::vector<float> S(n), X(n), T(n);
  unsigned seed = 12345u;
  for (int i = 0; i < n; ++i) {
    S[i] = uniform(&seed, 5.0f, 30.0f);
    X[i] = uniform(&seed, 1.0f, 100.0f);
    T[i] = uniform(&seed, 0.25f, 10.0f);
  }

  auto grad = clad::gradient(blackScholes, "call, put, S, X, T, r, v");

  float *d_S = device_copy(S), *d_X = device_copy(X), *d_T = device_copy(T);
  std::vector<float> zeros(n, 0.0f), ones(n, 1.0f);
  float *d_call = device_copy(zeros), *d_put = device_copy(zeros);
  float *g_S = device_copy(zeros), *g_X = device_copy(zeros), *g_T = device_copy(zeros);
  float *g_call = device_copy(zeros), *g_put = device_copy(zeros);
  float *g_r = nullptr, *g_v = nullptr;
  CHECK(cudaMalloc(&g_r, sizeof(float)));
  CHECK(cudaMalloc(&g_v, sizeof(float)));

  const int block = 128, grid = (n + block - 1) / block;
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float forward_ms = 0, gradient_ms[2] = {0, 0};

  // Forward pass alone, for the timing line (after a warm-up launch: lazy module loading).
  blackScholes<<<grid, block>>>(d_call, d_put, d_S, d_X, d_T, r, v, n);
  CHECK(cudaEventRecord(start));
  blackScholes<<<grid, block>>>(d_call, d_put, d_S, d_X, d_T, r, v, n);
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  CHECK(cudaEventElapsedTime(&forward_ms, start, stop));
  std::vector<float> call = host_copy(d_call, n), put = host_copy(d_put, n);

  // Gradient seeded on the calls (side 0), then on the puts (side 1).
  std::vector<float> dS[2], dX[2], dT[2];
  float dr[2], dv[2];
  for (int side = 0; side < 2; ++side) {
    for (float* g : {g_S, g_X, g_T}) CHECK(cudaMemset(g, 0, n * sizeof(float)));
    CHECK(cudaMemset(g_r, 0, sizeof(float)));
    CHECK(cudaMemset(g_v, 0, sizeof(float)));
    CHECK(cudaMemcpy(g_call, (side == 0 ? ones : zeros).data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(g_put, (side == 1 ? ones : zeros).data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaEventRecord(start));
    grad.execute_kernel(dim3(grid), dim3(block), d_call, d_put, d_S, d_X, d_T, r, v, n, g_call,
                        g_put, g_S, g_X, g_T, g_r, g_v);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaGetLastError());
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaEventElapsedTime(&gradient_ms[side], start, stop));
    dS[side] = host_copy(g_S, n);
    dX[side] = host_copy(g_X, n);
    dT[side] = host_copy(g_T, n);
    dr[side] = host_copy(g_r, 1)[0];
    dv[side] = host_copy(g_v, 1)[0];
  }

  MaxError rows[12] = {{"call price", false},           {"put price", false},
                       {"call dC/dS (delta)", false},   {"put dP/dS (delta)", false},
                       {"call dC/dX", false},           {"put dP/dX", false},
                       {"call dC/dT", false},           {"put dP/dT", false},
                       {"sum call dC/dv (vega)", true}, {"sum put dP/dv (vega)", true},
                       {"sum call dC/dr (rho)", true},  {"sum put dP/dr (rho)", true}};
  double vega_sum[2] = {0, 0}, rho_sum[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    Greeks g[2];
    analytic(S[i], X[i], T[i], r, v, &g[0], &g[1]);
    rows[0].add(call[i], g[0].price, i);
    rows[1].add(put[i], g[1].price, i);
    for (int side = 0; side < 2; ++side) {
      rows[2 + side].add(dS[side][i], g[side].delta, i);
      rows[4 + side].add(dX[side][i], g[side].dstrike, i);
      rows[6 + side].add(dT[side][i], g[side].dtime, i);
      vega_sum[side] += g[side].vega;
      rho_sum[side] += g[side].rho;
    }
  }
  for (int side = 0; side < 2; ++side) {
    rows[8 + side].add(dv[side], vega_sum[side]);
    rows[10 + side].add(dr[side], rho_sum[side]);
  }

  // Per option: float arithmetic and the polynomial CDF. Sums over n options: the adjoints of
  // the shared r and v are accumulated in float, whose rounding grows with n.
  const double tolerance = 2e-3;
  const double sum_tolerance = tolerance + n * 0.5 * 5.96e-8;
  bool pass = true;
  std::printf("Black-Scholes with cuad: %d options, float, r = %.2f, v = %.2f\n", n, r, v);
  std::printf("%-24s %14s %14s %10s\n", "quantity", "max abs error", "max rel error", "tolerance");
  for (const MaxError& row : rows) {
    double tol = row.is_sum ? sum_tolerance : tolerance;
    std::printf("%-24s %14.3e %14.3e %10.1e\n", row.name, row.abs, row.rel, tol);
    pass = pass && row.rel <= tol;
  }
  for (const MaxError& row : rows) {
    double tol = row.is_sum ? sum_tolerance : tolerance;
    if (row.rel > tol && row.worst >= 0) {
      int i = row.worst;
      std::printf("worst %s: option %d (S %.9g, X %.9g, T %.9g): got %.9g, exact %.9g\n",
                  row.name, i, S[i], X[i], T[i], row.worst_got, row.worst_want);
    }
  }
  std::printf("forward %.3f ms, gradient %.3f ms (calls) %.3f ms (puts)\n", forward_ms,
              gradient_ms[0], gradient_ms[1]);
  std::printf("result: %s (errors relative to max(1, |exact|))\n", pass ? "PASS" : "FAIL");

  for (float* p : {d_S, d_X, d_T, d_call, d_put, g_S, g_X, g_T, g_call, g_put, g_r, g_v}) {
    CHECK(cudaFree(p));
  }
  return pass ? 0 : 1;
}
