#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
#include <cstring>
using namespace cuad_test;

static std::vector<double> flat_dq(const std::vector<DualQuat>& b) {
  std::vector<double> o;
  for (const DualQuat& d : b)
    o.insert(o.end(), {d.real.w, d.real.x, d.real.y, d.real.z, d.dual.w, d.dual.x, d.dual.y, d.dual.z});
  return o;
}
static std::vector<DualQuat> unflat_dq(const std::vector<double>& o) {
  std::vector<DualQuat> b(o.size() / 8);
  for (size_t i = 0; i < b.size(); ++i) {
    const double* p = &o[8 * i];
    b[i].real = Quat{p[0], p[1], p[2], p[3]};
    b[i].dual = Quat{p[4], p[5], p[6], p[7]};
  }
  return b;
}
template <class V>
static std::vector<double> flatn(const std::vector<V>& v, int n) {
  std::vector<double> o(v.size() * n);
  std::memcpy(o.data(), v.data(), o.size() * sizeof(double));
  return o;
}
template <class V>
static std::vector<V> unflatn(const std::vector<double>& o, int n) {
  std::vector<V> v(o.size() / n);
  std::memcpy(v.data(), o.data(), o.size() * sizeof(double));
  return v;
}

int main() {
  Checker check("rw16v_dq_skinning");
  const int n_bones = 6, n_verts = 50;  // 2 blocks of 32, partial
  Rng rng(16009);
  std::vector<DualQuat> bones(n_bones);
  for (int b = 0; b < n_bones; ++b) {
    double ax = rng.uniform(-1, 1), ay = rng.uniform(-1, 1), az = rng.uniform(-1, 1);
    double an = std::sqrt(ax * ax + ay * ay + az * az), th = rng.uniform(0.2, 1.2);
    Quat r{std::cos(th / 2), std::sin(th / 2) * ax / an, std::sin(th / 2) * ay / an, std::sin(th / 2) * az / an};
    if (b % 3 == 2) r = Quat{-r.w, -r.x, -r.y, -r.z};  // antipodal representative
    double tx = rng.uniform(-0.5, 0.5), ty = rng.uniform(-0.5, 0.5), tz = rng.uniform(-0.5, 0.5);
    // d = 0.5 t r
    Quat d{0.5 * (-tx * r.x - ty * r.y - tz * r.z), 0.5 * (tx * r.w + ty * r.z - tz * r.y),
           0.5 * (-tx * r.z + ty * r.w + tz * r.x), 0.5 * (tx * r.y - ty * r.x + tz * r.w)};
    bones[b] = DualQuat{r, d};
  }
  std::vector<int4> bidx(n_verts);
  std::vector<double> wts(4 * n_verts), rest = rng.vec(3 * n_verts);
  for (int v = 0; v < n_verts; ++v) {
    bidx[v] = make_int4(v % n_bones, (v + 1) % n_bones, (v + 3) % n_bones, (v * 5 + 2) % n_bones);
    double s = 0;
    for (int k = 0; k < 4; ++k) s += (wts[4 * v + k] = rng.uniform(0.1, 1.0));
    for (int k = 0; k < 4; ++k) wts[4 * v + k] /= s;
  }
  // no bone's real part may be near orthogonal to a pivot (sign kink)
  for (int v = 0; v < n_verts; ++v) {
    const int ids[4] = {bidx[v].x, bidx[v].y, bidx[v].z, bidx[v].w};
    for (int k = 1; k < 4; ++k) {
      const Quat& a = bones[ids[k]].real; const Quat& p = bones[ids[0]].real;
      if (std::fabs(a.w * p.w + a.x * p.x + a.y * p.y + a.z * p.z) < 1e-3) { std::printf("sign kink\n"); return 2; }
    }
  }
  std::vector<double> fb = flat_dq(bones);
  DeviceArray<int4> d_bi(bidx);
  std::vector<double> sk0(3 * n_verts, 0.0), w = rng.vec(3 * n_verts);
  auto loss = [&] {
    DeviceArray<DualQuat> d_b(unflat_dq(fb));
    DeviceArray<double4> d_w(unflatn<double4>(wts, 4));
    DeviceArray<double3> d_r(unflatn<double3>(rest, 3)), d_s(unflatn<double3>(sk0, 3));
    CUAD_LAUNCH(dq_skin, 2, 32, d_b.ptr, n_bones, d_bi.ptr, d_w.ptr, d_r.ptr, n_verts, d_s.ptr);
    return dot(w, flatn(d_s.get(), 3));
  };
  DeviceArray<DualQuat> d_b(bones), a_b(unflat_dq(zeros<double>(fb.size())));
  DeviceArray<double4> d_w(unflatn<double4>(wts, 4)), a_w(unflatn<double4>(zeros<double>(wts.size()), 4));
  DeviceArray<double3> d_r(unflatn<double3>(rest, 3)), d_s(unflatn<double3>(sk0, 3)),
      a_r(unflatn<double3>(zeros<double>(rest.size()), 3)), a_s(unflatn<double3>(w, 3));
  CUAD_GRAD(CUAD_LAUNCH(dq_skin_grad_0_3_4_6, 2, 32, d_b.ptr, n_bones, d_bi.ptr, d_w.ptr, d_r.ptr, n_verts,
                        d_s.ptr, a_b.ptr, a_w.ptr, a_r.ptr, a_s.ptr));
  check.array("bones", flat_dq(a_b.get()), fd(fb, loss));
  check.array("weights", flatn(a_w.get(), 4), fd(wts, loss));
  check.array("rest", flatn(a_r.get(), 3), fd(rest, loss));
  check.array("skinned", flatn(a_s.get(), 3), zeros<double>(3 * n_verts));
  return check.finish();
}
