// Driver for workload 3, Black-Scholes calls and puts (kernels/black_scholes.cu).
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "black_scholes_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN black_scholes_grad_0_1_2_3_4_5_6
#endif
#else
#include "../kernels/black_scholes.cu"
#endif

// Polynomial CND (same formula as the primal) and its exact derivative.
__device__ void cnd_with_derivative(float d, float& c, float& dc) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f,
              A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267794f, L = 0.2316419f;
  const float k = 1.0f / (1.0f + L * fabsf(d));
  const float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
  const float dpoly_dk = A1 + k * (2.0f * A2 + k * (3.0f * A3 + k * (4.0f * A4 + k * 5.0f * A5)));
  const float dk_dd = -L * k * k * (d >= 0.0f ? 1.0f : -1.0f);
  const float g = RSQRT2PI * expf(-0.5f * d * d);
  const float tail = g * poly;
  const float dtail = -d * g * poly + g * dpoly_dk * dk_dd;
  c = d > 0.0f ? 1.0f - tail : tail;
  dc = d > 0.0f ? -dtail : dtail;
}

// Hand-written adjoint: per-option adjoints with plain +=; the rate and volatility adjoints
// are reduced per thread, per block, then one atomicAdd per block each.
__global__ void black_scholes_adj(const float* spot, const float* strike, const float* years, float rate,
                                  float vol, int n, const float* d_call, const float* d_put, float* d_spot,
                                  float* d_strike, float* d_years, float* d_rate, float* d_vol) {
  float acc_rate = 0.0f, acc_vol = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float s = spot[i], x = strike[i], t = years[i];
    const float sqrt_t = sqrtf(t);
    const float den = vol * sqrt_t;
    const float num = logf(s / x) + (rate + 0.5f * vol * vol) * t;
    const float d1 = num / den;
    const float d2 = d1 - den;
    float n1, dn1, n2, dn2;
    cnd_with_derivative(d1, n1, dn1);
    cnd_with_derivative(d2, n2, dn2);
    const float disc = expf(-rate * t);
    const float dc = d_call[i], dp = d_put[i];
    // call = s n1 - x disc n2 ; put = x disc (1 - n2) - s (1 - n1)
    const float a_n1 = (dc + dp) * s;
    const float a_n2 = -(dc + dp) * x * disc;
    const float a_disc = -dc * x * n2 + dp * x * (1.0f - n2);
    float a_s = dc * n1 - dp * (1.0f - n1);
    float a_x = -dc * disc * n2 + dp * disc * (1.0f - n2);
    const float a_d2 = a_n2 * dn2;
    const float a_d1 = a_n1 * dn1 + a_d2;
    const float a_den = -a_d1 * d1 / den - a_d2;
    const float a_num = a_d1 / den;
    a_s += a_num / s;
    a_x -= a_num / x;
    float a_t = a_num * (rate + 0.5f * vol * vol) - a_disc * rate * disc;
    const float a_sqrt_t = a_den * vol;
    a_t += a_sqrt_t * 0.5f / sqrt_t;
    acc_rate += a_num * t - a_disc * t * disc;
    acc_vol += a_num * vol * t + a_den * sqrt_t;
    d_spot[i] += a_s;
    d_strike[i] += a_x;
    d_years[i] += a_t;
  }
  bench::block_atomic_add(acc_rate, d_rate);
  bench::block_atomic_add(acc_vol, d_vol);
}

int main() {
  using namespace bench;
  Result r("black_scholes");
  current_result() = &r;
  device_info(r);
  const int n = 1 << 26;
  r.num("n", n);
  float rate = 0.02f, vol = 0.30f;
  float* spot = dalloc<float>(n);
  float* strike = dalloc<float>(n);
  float* years = dalloc<float>(n);
  float* call = dalloc<float>(n);
  float* put = dalloc<float>(n);
  float* seed_call = dalloc<float>(n);
  float* seed_put = dalloc<float>(n);
  float* h_ds = dalloc<float>(n);
  float* h_dx = dalloc<float>(n);
  float* h_dt = dalloc<float>(n);
  float* h_dr = dalloc<float>(1);
  float* h_dv = dalloc<float>(1);
  fill_uniform(spot, n, 21, 5.0, 30.0);
  fill_uniform(strike, n, 22, 1.0, 100.0);
  fill_uniform(years, n, 23, 0.25, 10.0);
  fill_uniform(seed_call, n, 24, 0.5, 1.5);
  fill_uniform(seed_put, n, 25, 0.2, 0.6);
  const int threads = 256, blocks = (n + threads - 1) / threads, sgrid = stride_grid();

  auto forward = [&] { black_scholes<<<blocks, threads>>>(call, put, spot, strike, years, rate, vol, n); };
  auto hand_prep = [&] { dzero(h_ds, n); dzero(h_dx, n); dzero(h_dt, n); dzero(h_dr, 1); dzero(h_dv, 1); };
  auto hand = [&] {
    black_scholes_adj<<<sgrid, threads>>>(spot, strike, years, rate, vol, n, seed_call, seed_put, h_ds, h_dx, h_dt,
                                          h_dr, h_dv);
  };

  Outputs outs;
  outs.add(call, seed_call, n);
  outs.add(put, seed_put, n);
  const auto idx = sample_indices(n, 6, 13);
  const auto fd_s = fd_at(spot, idx, 1e-2, 1e-3, forward, outs);
  const auto fd_x = fd_at(strike, idx, 1e-2, 1e-3, forward, outs);
  const auto fd_t = fd_at(years, idx, 1e-2, 1e-3, forward, outs);
  const double fd_r = fd_derivative(scalar_of(rate), forward, outs, 1e-3);
  const double fd_v = fd_derivative(scalar_of(vol), forward, outs, 1e-3);

  // FD of float prices: error about ulp(price) / h, so the absolute tolerance is loose.
  auto check_all = [&](Checks& c, const char* who, float* ds, float* dx, float* dt, float* dr, float* dv) {
    const std::string w = who;
    c.list(w + " d_spot vs FD", values_at(ds, idx), fd_s, 1e-2, 5e-3);
    c.list(w + " d_strike vs FD", values_at(dx, idx), fd_x, 1e-2, 5e-3);
    c.list(w + " d_years vs FD", values_at(dt, idx), fd_t, 1e-2, 5e-3);
    c.add(w + " d_rate vs FD", read1(dr), fd_r, 3e-3, 0.0);
    c.add(w + " d_vol vs FD", read1(dv), fd_v, 3e-3, 0.0);
  };
  Checks hand_checks;
  hand_prep();
  hand();
  CK(cudaDeviceSynchronize());
  check_all(hand_checks, "hand", h_ds, h_dx, h_dt, h_dr, h_dv);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* d_call = dalloc<float>(n);
  float* d_put = dalloc<float>(n);
  float* ds = dalloc<float>(n);
  float* dx = dalloc<float>(n);
  float* dt = dalloc<float>(n);
  float* dr = dalloc<float>(1);
  float* dv = dalloc<float>(1);
  auto grad_prep = [&] {
    dcopy(d_call, seed_call, n);
    dcopy(d_put, seed_put, n);
    dzero(ds, n);
    dzero(dx, n);
    dzero(dt, n);
    dzero(dr, 1);
    dzero(dv, 1);
  };
  auto grad = [&] {
    GRAD_FN<<<blocks, threads>>>(call, put, spot, strike, years, rate, vol, n, d_call, d_put, ds, dx, dt, dr, dv);
  };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  check_all(cuad_checks, "cuad", ds, dx, dt, dr, dv);
  cuad_checks.arrays("cuad d_spot vs hand", ds, h_ds, n, 1e-3, 1e-4);
  cuad_checks.arrays("cuad d_strike vs hand", dx, h_dx, n, 1e-3, 1e-4);
  cuad_checks.arrays("cuad d_years vs hand", dt, h_dt, n, 1e-3, 1e-4);
  cuad_checks.add("cuad d_rate vs hand", read1(dr), read1(h_dr), 2e-3, 0.0);
  cuad_checks.add("cuad d_vol vs hand", read1(dv), read1(h_dv), 2e-3, 0.0);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
