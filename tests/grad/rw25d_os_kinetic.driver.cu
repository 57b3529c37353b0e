#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr int LA = 1, LB = 1;
#define GRAD_KERNEL overlap_kinetic_block_grad_4_5_6_7_8<1, 1>
#else
constexpr int LA = 2, LB = 0;
#define GRAD_KERNEL overlap_kinetic_block_grad_4_5_6_7_8<2, 0>
#endif

int main() {
  Checker check("rw25d_os_kinetic");
  Rng rng(25406 + CUAD_OUTPUT);
  const int n_shell = 3;
  const std::vector<int> prim_start = {0, 2, 3, 6};
  const int n_prim = 6;
  std::vector<double> expo = {2.3, 0.41, 0.9, 5.1, 1.2, 0.33};
  std::vector<double> coef = rng.vec(n_prim, 0.3, 1.0);
  std::vector<double> centers = rng.vec(3 * n_shell, -1.0, 1.0);
  // all ordered pairs, including a shell with itself
  std::vector<int> pa, pb;
  for (int a = 0; a < n_shell; ++a)
    for (int b = 0; b < n_shell; ++b) pa.push_back(a), pb.push_back(b);
  const int n_pairs = (int)pa.size();
  const int NA = (LA + 1) * (LA + 2) / 2, NB = (LB + 1) * (LB + 2) / 2, m = n_pairs * NA * NB;
  const std::vector<double> ws = rng.vec(m), wt = rng.vec(m);
  auto loss = [&] {
    DeviceArray<int> da(pa), db(pb), dps(prim_start);
    DeviceArray<double> de(expo), dc(coef), dce(centers), dS(zeros<double>(m)), dT(zeros<double>(m));
    CUAD_LAUNCH((overlap_kinetic_block<LA, LB>), 1, 32, n_pairs, da.ptr, db.ptr, dps.ptr, de.ptr, dc.ptr, dce.ptr,
                dS.ptr, dT.ptr);
    return dot(ws, dS.get()) + dot(wt, dT.get());
  };
  DeviceArray<int> da(pa), db(pb), dps(prim_start);
  DeviceArray<double> de(expo), dc(coef), dce(centers), dS(zeros<double>(m)), dT(zeros<double>(m)),
      ge(zeros<double>(n_prim)), gc(zeros<double>(n_prim)), gce(zeros<double>(3 * n_shell)), gS(ws), gT(wt);
  CUAD_GRAD(CUAD_LAUNCH((GRAD_KERNEL), 1, 32, n_pairs, da.ptr, db.ptr, dps.ptr, de.ptr, dc.ptr, dce.ptr, dS.ptr,
                        dT.ptr, ge.ptr, gc.ptr, gce.ptr, gS.ptr, gT.ptr));
  check.array("expo", ge.get(), fd(expo, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("centers", gce.get(), fd(centers, loss));
  check.array("S", gS.get(), zeros<double>(m));
  check.array("T", gT.get(), zeros<double>(m));
  return check.finish();
}
