#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The kernel builds its Philox states from (seed, row, epoch): every run draws the same numbers.
static std::vector<float4> pack(const std::vector<float>& f) {
  std::vector<float4> v(f.size() / 4);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = make_float4(f[4 * i], f[4 * i + 1], f[4 * i + 2], f[4 * i + 3]);
  return v;
}
static std::vector<float> unpack(const std::vector<float4>& v) {
  std::vector<float> f;
  for (const float4& x : v) f.insert(f.end(), {x.x, x.y, x.z, x.w});
  return f;
}

int main() {
  Checker check("rw8_curand_philox_mix");
  const int n4 = 50;
  const unsigned long long seed = 7, epoch = 3;
  Rng rng(4242);
  std::vector<float> in = rng.vec<float>(4 * n4), amp = rng.vec<float>(4, 0.1, 0.5),
                     out0 = zeros<float>(4 * n4);
  float mix = 0.35f;
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(4 * n4);
  auto loss = [&] {
    DeviceArray<float4> din(pack(in)), dout(pack(out0));
    DeviceArray<float> damp(amp);
    CUAD_LAUNCH(noise_mix, 2, 32, din.ptr, dout.ptr, damp.ptr, mix, seed, epoch, n4);
    return dot(wo, unpack(dout.get()));
  };
  DeviceArray<float4> din(pack(in)), dout(pack(out0)), ain(pack(zeros<float>(4 * n4))),
      aout(pack(wo));
  DeviceArray<float> damp(amp), aamp(zeros<float>(4));
  DeviceScalar<float> amix(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(noise_mix_grad_0_1_2_3, 2, 32, din.ptr, dout.ptr, damp.ptr, mix, seed,
                        epoch, n4, ain.ptr, aout.ptr, aamp.ptr, amix.ptr));
  check.array("in", unpack(ain.get()), fd(in, loss));
  check.array("amp", aamp.get(), fd(amp, loss));
  check.scalar("mix", amix.value(), fd(mix, loss));
  check.array("out", unpack(aout.get()), fd(out0, loss));
#else
  const std::vector<float> vin = rng.vec<float>(4 * n4), vamp = rng.vec<float>(4),
                           vout = rng.vec<float>(4 * n4);
  const float vmix = -0.4f;
  auto outputs_at = [&](double t) {
    DeviceArray<float4> din(pack(along(in, t, vin))), dout(pack(out0));
    DeviceArray<float> damp(along(amp, t, vamp));
    CUAD_LAUNCH(noise_mix, 2, 32, din.ptr, dout.ptr, damp.ptr, along(mix, t, vmix), seed, epoch,
                n4);
    return as_doubles(unpack(dout.get()));
  };
  DeviceArray<float4> din(pack(in)), dout(pack(out0)), tin(pack(vin)), tout(pack(vout));
  DeviceArray<float> damp(amp), tamp(vamp);
  CUAD_GRAD(CUAD_LAUNCH(noise_mix_pushforward, 2, 32, din.ptr, dout.ptr, damp.ptr, mix, seed,
                        epoch, n4, tin.ptr, tout.ptr, tamp.ptr, vmix));
  check.array("out", unpack(tout.get()), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
