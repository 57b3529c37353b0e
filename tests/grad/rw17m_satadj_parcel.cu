// cuad: --fn saturation_adjust --wrt state,consts,cond_rate
// cuad: fwd --fn saturation_adjust --wrt state,consts,cond_rate
// Saturation adjustment of a bulk cloud microphysics scheme: per grid cell (grid-stride),
// temperature, vapour and cloud water are adjusted so that the vapour is at saturation when
// cloud water is present. A Parcel struct with member functions that modify it in place
// (condense), a Tetens-formula saturation mixing ratio with constexpr coefficients, a Newton
// iteration on the condensate amount in a while loop with a tolerance and an iteration cap,
// a local lambda for the latent-heating residual, std::min / std::max clamps (cannot
// evaporate more cloud than exists), a switch on a per-cell regime flag, thermodynamic
// constants in a struct passed by pointer (differentiated).
#include <cuda_runtime.h>
#include <algorithm>

struct Thermo {
  double lv;   // latent heat / cp (K per kg/kg), scaled
  double eps;  // Rd / Rv
  double p0;   // reference pressure factor
};

struct Parcel {
  double T, qv, qc;

  __device__ void condense(double dq, double lv_cp) {
    qv -= dq;
    qc += dq;
    T += lv_cp * dq;
  }
  __device__ double total_water() const { return qv + qc; }
};

__device__ __forceinline__ double qsat(double T, double p, const Thermo& th) {
  constexpr double a = 17.27, b = 35.86, T0 = 273.16, es0 = 6.1078;
  const double es = es0 * exp(a * (T - T0) / (T - b));
  return th.eps * es / (p - (1.0 - th.eps) * es);
}

__device__ double adjust_cell(Parcel& pc, double p, const Thermo& th, int max_it) {
  auto residual = [&](double dq) {
    return pc.qv - dq - qsat(pc.T + th.lv * dq, p, th);
  };
  double dq = 0.0;
  int it = 0;
  double r = residual(dq);
  while (fabs(r) > 1e-13 && it < max_it) {
    const double h = 1e-7;
    const double drdq = (residual(dq + h) - residual(dq - h)) / (2.0 * h);
    dq -= r / drdq;
    r = residual(dq);
    ++it;
  }
  // no more evaporation than the cloud water available
  dq = std::max(dq, -pc.qc);
  pc.condense(dq, th.lv);
  return dq;
}

__global__ void saturation_adjust(double* __restrict__ state, const double* __restrict__ pres,
                                  const int* __restrict__ regime, const Thermo* consts,
                                  double* __restrict__ cond_rate, double inv_dt, int n) {
  const Thermo th = *consts;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    Parcel pc{state[3 * i], state[3 * i + 1], state[3 * i + 2]};
    const double p = pres[i] * th.p0;
    double dq = 0.0;
    switch (regime[i]) {
      case 0:  // clear sky, subsaturated: nothing to do
        break;
      case 1:  // saturated or cloudy: full adjustment
        dq = adjust_cell(pc, p, th, 20);
        break;
      default:  // mixed-phase placeholder: half the adjustment
        dq = 0.5 * adjust_cell(pc, p, th, 20);
        break;
    }
    state[3 * i] = pc.T;
    state[3 * i + 1] = pc.qv;
    state[3 * i + 2] = std::min(pc.qc, pc.total_water());
    cond_rate[i] = dq * inv_dt;
  }
}
