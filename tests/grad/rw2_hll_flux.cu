// cuad: --fn swe_hll_update --wrt hn,hun,h,hu,dt
// 1-D shallow-water equations, one finite-volume step with HLL fluxes: each thread owns a cell
// and computes the fluxes through its two faces (transmissive boundaries by clamping the
// neighbour index); wave-speed estimates with fminf/fmaxf, the three HLL branches on the sign
// of the speeds, a struct returning both flux components.
struct Flux {
  float h, hu;
};

__device__ Flux hll(float hl, float hul, float hr, float hur, float g) {
  const float ul = hul / hl, ur = hur / hr;
  const float cl = sqrtf(g * hl), cr = sqrtf(g * hr);
  const float sl = fminf(ul - cl, ur - cr);
  const float sr = fmaxf(ul + cl, ur + cr);
  const float fl0 = hul, fl1 = hul * ul + 0.5f * g * hl * hl;
  const float fr0 = hur, fr1 = hur * ur + 0.5f * g * hr * hr;
  Flux f;
  if (sl >= 0.0f) {
    f.h = fl0;
    f.hu = fl1;
  } else if (sr <= 0.0f) {
    f.h = fr0;
    f.hu = fr1;
  } else {
    const float inv = 1.0f / (sr - sl);
    f.h = (sr * fl0 - sl * fr0 + sl * sr * (hr - hl)) * inv;
    f.hu = (sr * fl1 - sl * fr1 + sl * sr * (hur - hul)) * inv;
  }
  return f;
}

__global__ void swe_hll_update(float* hn, float* hun, const float* h, const float* hu, float dt,
                               float dx, float g, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = max(i - 1, 0);
  const int ip = min(i + 1, n - 1);
  const Flux fw = hll(h[im], hu[im], h[i], hu[i], g);
  const Flux fe = hll(h[i], hu[i], h[ip], hu[ip], g);
  const float r = dt / dx;
  hn[i] = h[i] - r * (fe.h - fw.h);
  hun[i] = hu[i] - r * (fe.hu - fw.hu);
}
