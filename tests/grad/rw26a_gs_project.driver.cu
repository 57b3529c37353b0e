#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

typedef double Real;
typedef Vec3<Real> V3;
typedef Camera<Real> Cam;
typedef Splat<Real> Sp;
static const int kCam = sizeof(Cam) / sizeof(Real);
static const int kSp = sizeof(Sp) / sizeof(Real);
static_assert(kCam == 19 && kSp == 7, "plain blocks of doubles");

template <class S>
static std::vector<S> as(const std::vector<Real>& v) {
  std::vector<S> out(v.size() * sizeof(Real) / sizeof(S));
  std::memcpy(out.data(), v.data(), v.size() * sizeof(Real));
  return out;
}
template <class S>
static std::vector<Real> flat(const std::vector<S>& v) {
  std::vector<Real> out(v.size() * sizeof(S) / sizeof(Real));
  std::memcpy(out.data(), v.data(), v.size() * sizeof(S));
  return out;
}

#if CUAD_OUTPUT == 2
__global__ void cov_kernel(int n, const Mat3<Real>* cov, const V3* pc, Cam cam, Real* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  project_cov(cov[i], pc[i], cam, out + 3 * i);
}
#if !defined(CUAD_SELFTEST)
__global__ void cov_grad_kernel(int n, const Mat3<Real>* cov, const V3* pc, Cam cam, const Real* w,
                                Mat3<Real>* gcov, V3* gpc, Real* gcam) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Mat3<Real> dcov;
  std::memset(&dcov, 0, sizeof(dcov));
  V3 dpc{0, 0, 0};
  Cam dcam;
  std::memset(&dcam, 0, sizeof(dcam));
  Real out[3];
  Real dout[3] = {w[3 * i], w[3 * i + 1], w[3 * i + 2]};
  project_cov_grad<Real>(cov[i], pc[i], cam, out, &dcov, &dpc, &dcam, dout);
  gcov[i] = dcov;
  gpc[i] = dpc;
  const Real* src = reinterpret_cast<const Real*>(&dcam);
  for (int k = 0; k < kCam; ++k) atomicAdd(&gcam[k], src[k]);
}
#endif
#endif

int main() {
  Checker check("rw26a_gs_project");
  Rng rng(26101);
  const int n = 22;
  // camera: a slightly rotated view
  const double a = 0.12, b = -0.07;
  std::vector<Real> cam = {std::cos(a), 0.0, std::sin(a), b * std::sin(a), 1.0, -b, -std::sin(a), b, std::cos(a),
                           0.1, -0.05, 0.2, 300.0, 280.0, 64.0, 48.0, 0.6, 0.5, 0.4};
  std::vector<Real> means(3 * n), ls(3 * n), quats(4 * n), opac(n);
  for (int i = 0; i < n; ++i) {
    const double z = (i % 9 == 4) ? rng.uniform(-1.0, 0.0) : rng.uniform(2.0, 5.0);
    means[3 * i] = rng.uniform(-0.4, 0.4) * std::fabs(z);
    means[3 * i + 1] = rng.uniform(-0.3, 0.3) * std::fabs(z);
    means[3 * i + 2] = z;
    for (int k = 0; k < 3; ++k) ls[3 * i + k] = rng.uniform(-3.0, -1.5);
    for (int k = 0; k < 4; ++k) quats[4 * i + k] = rng.uniform(-1.0, 1.0);
    quats[4 * i] += 1.5;
    opac[i] = rng.uniform(-2.0, 2.0);
  }
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto run = [&](const std::vector<Real>& m, const std::vector<Real>& l, const std::vector<Real>& q,
                 const std::vector<Real>& o, const std::vector<Real>& c, std::vector<int>* radii) {
    DeviceArray<V3> dm(as<V3>(m)), dl(as<V3>(l));
    DeviceArray<Real> dq(q), dop(o);
    DeviceArray<Sp> ds(as<Sp>(zeros<Real>(kSp * n)));
    DeviceArray<int> dr(std::vector<int>(n, -1));
    CUAD_LAUNCH(preprocess<Real>, 2, 16, n, dm.ptr, dl.ptr, dq.ptr, dop.ptr, as<Cam>(c)[0], ds.ptr, dr.ptr);
    if (radii) *radii = dr.get();
    return flat(ds.get());
  };
  {
    std::vector<int> radii;
    run(means, ls, quats, opac, cam, &radii);
    int culled = 0;
    for (int r : radii) culled += r == 0;
    check.expect(culled >= 2 && culled < n, "some Gaussians culled, most projected");
  }
#endif
#if CUAD_OUTPUT == 1
  const std::vector<Real> w = rng.vec(kSp * n);
  auto loss = [&] { return dot(w, run(means, ls, quats, opac, cam, nullptr)); };
  DeviceArray<V3> dm(as<V3>(means)), dl(as<V3>(ls)), gm(as<V3>(zeros<Real>(3 * n))), gl(as<V3>(zeros<Real>(3 * n)));
  DeviceArray<Real> dq(quats), dop(opac), gq(zeros<Real>(4 * n)), gop(zeros<Real>(n));
  DeviceArray<Sp> ds(as<Sp>(zeros<Real>(kSp * n))), gs(as<Sp>(w));
  DeviceArray<int> dr(std::vector<int>(n, -1));
  DeviceArray<Cam> gc(as<Cam>(zeros<Real>(kCam)));
  CUAD_GRAD(CUAD_LAUNCH(preprocess_grad_1_2_3_4_5_6<Real>, 2, 16, n, dm.ptr, dl.ptr, dq.ptr, dop.ptr,
                        as<Cam>(cam)[0], ds.ptr, dr.ptr, gm.ptr, gl.ptr, gq.ptr, gop.ptr, gc.ptr, gs.ptr));
  check.array("means", flat(gm.get()), fd(means, loss));
  check.array("log_scales", flat(gl.get()), fd(ls, loss));
  check.array("quats", gq.get(), fd(quats, loss));
  check.array("opac_logit", gop.get(), fd(opac, loss));
  check.array("cam", flat(gc.get()), fd(cam, loss));
  check.array("splats (only written)", flat(gs.get()), zeros<double>(kSp * n));
#elif CUAD_OUTPUT == 2
  // camera-space points and SPD covariances
  std::vector<Real> cov(9 * n), pc(3 * n);
  for (int i = 0; i < n; ++i) {
    double A[9];
    for (int k = 0; k < 9; ++k) A[k] = rng.uniform(-0.3, 0.3);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        double s = r == c ? 0.02 : 0.0;
        for (int k = 0; k < 3; ++k) s += A[3 * r + k] * A[3 * c + k];
        cov[9 * i + 3 * r + c] = s;
      }
    const double z = rng.uniform(1.5, 4.0);
    // every 5th point outside the clamp window in x (x/z > 0.78)
    pc[3 * i] = (i % 5 == 2 ? rng.uniform(0.9, 1.2) : rng.uniform(-0.6, 0.6)) * z;
    pc[3 * i + 1] = rng.uniform(-0.5, 0.5) * z;
    pc[3 * i + 2] = z;
  }
  const std::vector<Real> w = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<Mat3<Real>> dcov(as<Mat3<Real>>(cov));
    DeviceArray<V3> dpc(as<V3>(pc));
    DeviceArray<Real> out(zeros<Real>(3 * n));
    CUAD_LAUNCH(cov_kernel, 1, 32, n, dcov.ptr, dpc.ptr, as<Cam>(cam)[0], out.ptr);
    return dot(w, out.get());
  };
  DeviceArray<Mat3<Real>> dcov(as<Mat3<Real>>(cov)), gcov(as<Mat3<Real>>(zeros<Real>(9 * n)));
  DeviceArray<V3> dpc(as<V3>(pc)), gpc(as<V3>(zeros<Real>(3 * n)));
  DeviceArray<Real> dw(w), gcam(zeros<Real>(kCam));
  CUAD_GRAD(CUAD_LAUNCH(cov_grad_kernel, 1, 32, n, dcov.ptr, dpc.ptr, as<Cam>(cam)[0], dw.ptr, gcov.ptr, gpc.ptr,
                        gcam.ptr));
  check.array("cov", flat(gcov.get()), fd(cov, loss));
  check.array("pc", flat(gpc.get()), fd(pc, loss));
  check.array("cam", gcam.get(), fd(cam, loss));
#else
  const std::vector<Real> vm = rng.vec(3 * n), vl = rng.vec(3 * n), vq = rng.vec(4 * n), vo = rng.vec(n);
  auto outputs_at = [&](double t) {
    return run(along(means, t, vm), along(ls, t, vl), along(quats, t, vq), along(opac, t, vo), cam, nullptr);
  };
  DeviceArray<V3> dm(as<V3>(means)), dl(as<V3>(ls)), tm(as<V3>(vm)), tl(as<V3>(vl));
  DeviceArray<Real> dq(quats), dop(opac), tq(vq), top(vo);
  DeviceArray<Sp> ds(as<Sp>(zeros<Real>(kSp * n))), ts(as<Sp>(zeros<Real>(kSp * n)));
  DeviceArray<int> dr(std::vector<int>(n, -1));
  CUAD_GRAD(CUAD_LAUNCH(preprocess_pushforward_1_2_3_4_6<Real>, 2, 16, n, dm.ptr, dl.ptr, dq.ptr, dop.ptr,
                        as<Cam>(cam)[0], ds.ptr, dr.ptr, tm.ptr, tl.ptr, tq.ptr, top.ptr, ts.ptr));
  check.array("splats tangent", flat(ts.get()), directional_fd<Real>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("splats value", flat(ds.get()), run(means, ls, quats, opac, cam, nullptr));
#endif
#endif
  return check.finish();
}
