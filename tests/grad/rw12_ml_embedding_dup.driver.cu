#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Vectors of floats viewed as float4 device arrays.
static std::vector<float4> pack(const std::vector<float>& v) {
  std::vector<float4> r(v.size() / 4);
  for (size_t i = 0; i < r.size(); ++i) r[i] = float4{v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
  return r;
}
static std::vector<float> unpack(const std::vector<float4>& v) {
  std::vector<float> r;
  for (const float4& f : v) r.insert(r.end(), {f.x, f.y, f.z, f.w});
  return r;
}

int main() {
  Checker check("rw12_ml_embedding_dup");
  const int B = 2, T = 6, C = 16, C4 = C / 4, V = 5;
  const int n4 = B * T * C4, block = 32, grid = (n4 + block - 1) / block;
  // ids repeat within and across sequences (V = 5 < B * T = 12); id 4 never appears.
  const std::vector<int> tokens = {0, 3, 3, 1, 0, 3, 2, 2, 0, 1, 3, 3};
  Rng rng(12008);
  std::vector<float> wte = rng.vec<float>(V * C), wpe = rng.vec<float>(T * C),
                     out = zeros<float>(B * T * C);
  float scale = 4.0f;  // sqrt(C)
  DeviceArray<int> d_tok(tokens);
#if CUAD_OUTPUT == 2
  std::vector<float> v_te = rng.vec<float>(V * C), v_pe = rng.vec<float>(T * C);
  const float v_s = 0.3f;
  auto outputs_at = [&](double t) {
    DeviceArray<float4> o(pack(out)), te(pack(along(wte, t, v_te))), pe(pack(along(wpe, t, v_pe)));
    CUAD_LAUNCH(embed_pos_f4, grid, block, o.ptr, d_tok.ptr, te.ptr, pe.ptr, along(scale, t, v_s),
                B, T, C4);
    return as_doubles(unpack(o.get()));
  };
  DeviceArray<float4> o(pack(out)), te(pack(wte)), pe(pack(wpe)), t_o(pack(out)), t_te(pack(v_te)),
      t_pe(pack(v_pe));
  CUAD_GRAD(CUAD_LAUNCH(embed_pos_f4_pushforward, grid, block, o.ptr, d_tok.ptr, te.ptr, pe.ptr,
                        scale, B, T, C4, t_o.ptr, t_te.ptr, t_pe.ptr, v_s));
  check.array("out", unpack(t_o.get()), directional_fd<float>(outputs_at));
#else
  const std::vector<float> w = rng.vec<float>(B * T * C);
  auto loss = [&] {
    DeviceArray<float4> o(pack(out)), te(pack(wte)), pe(pack(wpe));
    CUAD_LAUNCH(embed_pos_f4, grid, block, o.ptr, d_tok.ptr, te.ptr, pe.ptr, scale, B, T, C4);
    return dot(w, unpack(o.get()));
  };
  DeviceArray<float4> o(pack(out)), te(pack(wte)), pe(pack(wpe)), a_o(pack(w)),
      a_te(pack(zeros<float>(V * C))), a_pe(pack(zeros<float>(T * C)));
  DeviceScalar<float> a_s(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(embed_pos_f4_grad_0_2_3_4, grid, block, o.ptr, d_tok.ptr, te.ptr, pe.ptr,
                        scale, B, T, C4, a_o.ptr, a_te.ptr, a_pe.ptr, a_s.ptr));
  check.array("wte", unpack(a_te.get()), fd(wte, loss));
  check.array("wpe", unpack(a_pe.get()), fd(wpe, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  check.array("out", unpack(a_o.get()), fd(out, loss));
#endif
  return check.finish();
}
