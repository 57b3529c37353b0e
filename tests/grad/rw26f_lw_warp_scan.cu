// cuad: --fn lw_column<double> --wrt temp,tau,emis_sfc,heating,olr
// cuad: fwd --fn lw_column<float>
// Longwave (no-scattering two-stream) radiative transfer with one warp per atmospheric column
// and one lane per layer (32 layers, lane 0 at the top). Each layer's flux update is the
// affine map F -> t F + (1 - t) B (transmissivity t = exp(-1.66 tau), Planck flux B = sigma
// T^4), so the downward sweep is an inclusive warp scan of affine maps with __shfl_up_sync
// and the upward sweep from the surface a reversed scan with __shfl_down_sync. The surface
// emits with emissivity emis_sfc and reflects the rest of the downward flux. Heating rates
// come from the flux divergence with the interface fluxes exchanged between neighbouring
// lanes; lane 0 writes the outgoing longwave radiation. Templated on precision.
#include <cuda_runtime.h>

constexpr unsigned kFull = 0xffffffffu;
constexpr int kLev = 32;

template <typename Real>
struct Affine {
  Real a, b;  // x -> a x + b
};

// apply `first`, then `second`
template <typename Real>
__device__ __forceinline__ Affine<Real> then(Affine<Real> first, Affine<Real> second) {
  return Affine<Real>{first.a * second.a, second.a * first.b + second.b};
}

template <typename Real>
__device__ Affine<Real> scan_from_top(Affine<Real> v, int lane) {
#pragma unroll
  for (int off = 1; off < kLev; off <<= 1) {
    const Real a = __shfl_up_sync(kFull, v.a, off);
    const Real b = __shfl_up_sync(kFull, v.b, off);
    if (lane >= off) v = then(Affine<Real>{a, b}, v);
  }
  return v;
}

template <typename Real>
__device__ Affine<Real> scan_from_bottom(Affine<Real> v, int lane) {
#pragma unroll
  for (int off = 1; off < kLev; off <<= 1) {
    const Real a = __shfl_down_sync(kFull, v.a, off);
    const Real b = __shfl_down_sync(kFull, v.b, off);
    if (lane + off < kLev) v = then(Affine<Real>{a, b}, v);
  }
  return v;
}

template <typename Real>
__global__ void lw_column(int ncol, const Real* __restrict__ temp, const Real* __restrict__ tau,
                          const Real* __restrict__ dp, Real emis_sfc, Real* __restrict__ heating,
                          Real* __restrict__ olr) {
  const Real sigma = Real(5.670374e-8), g_cp = Real(9.81 / 1004.0 * 86400.0);  // K/day
  const int lane = threadIdx.x & (kLev - 1);
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) / kLev;
  if (col >= ncol) return;  // whole warps only
  const int idx = col * kLev + lane;
  const Real T = temp[idx];
  const Real t = exp(Real(-1.66) * tau[idx]);
  const Real B = sigma * T * T * T * T;
  const Affine<Real> layer{t, (Real(1) - t) * B};

  // downward flux at the bottom of each layer (zero at the top of the atmosphere)
  const Real fdn_bot = scan_from_top(layer, lane).b;
  const Real fdn_sfc = __shfl_sync(kFull, fdn_bot, kLev - 1);
  const Real tsfc = __shfl_sync(kFull, T, kLev - 1) + Real(2);
  const Real fup_sfc = emis_sfc * sigma * tsfc * tsfc * tsfc * tsfc + (Real(1) - emis_sfc) * fdn_sfc;

  // upward flux at the top of each layer: the composed maps of the layers below applied to
  // the surface emission
  const Affine<Real> below = scan_from_bottom(layer, lane);
  const Real fup_top = below.a * fup_sfc + below.b;

  Real fdn_top = __shfl_up_sync(kFull, fdn_bot, 1);
  if (lane == 0) fdn_top = Real(0);
  Real fup_bot = __shfl_down_sync(kFull, fup_top, 1);
  if (lane == kLev - 1) fup_bot = fup_sfc;

  const Real absorbed = (fdn_top - fup_top) - (fdn_bot - fup_bot);
  heating[idx] = g_cp * absorbed / dp[idx];
  if (lane == 0) olr[col] = fup_top;
}
