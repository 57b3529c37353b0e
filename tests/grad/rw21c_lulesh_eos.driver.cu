#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_lulesh_eos");
  const int n = 48;
  EosParams prm{1e-7, 1e-7, 1e-7, -1e15, 0.0, 1e9, 1.0};
  Rng rng(21037);
  std::vector<double> e_old(n), delvc(n), p_old(n), q_old(n), comp(n), comp_half(n), qq(n), ql(n),
      work(n, 0.0), vnew(n);
  for (int i = 0; i < n; ++i) {
    const bool compress = (i % 2 == 0);
    const bool cold = (i % 6 == 5);  // a negative energy: the pressure floor pmin holds
    e_old[i] = cold ? rng.uniform(-2.0, -1.0) : rng.uniform(1.0, 3.0);
    delvc[i] = compress ? rng.uniform(-0.08, -0.02) : rng.uniform(0.02, 0.08);
    p_old[i] = rng.uniform(0.5, 2.0);
    q_old[i] = compress ? rng.uniform(0.05, 0.3) : 0.0;
    comp[i] = rng.uniform(0.05, 0.3);
    comp_half[i] = 0.5 * comp[i] + rng.uniform(0.0, 0.05);
    qq[i] = rng.uniform(0.01, 0.1);
    ql[i] = rng.uniform(0.1, 0.5);
    vnew[i] = 1.0 / (1.0 + comp[i]);
  }
  auto run = [&](const std::vector<double>& a, const std::vector<double>& b, const std::vector<double>& c,
                 const std::vector<double>& d, const std::vector<double>& e, const std::vector<double>& f,
                 const std::vector<double>& g, const std::vector<double>& h, const std::vector<double>& v) {
    DeviceArray<double> d0(a), d1(b), d2(c), d3(d), d4(e), d5(f), d6(g), d7(h), dwk(work), dv(v),
        pn(zeros<double>(n)), en(zeros<double>(n)), qn(zeros<double>(n)), s(zeros<double>(n));
    CUAD_LAUNCH(eval_eos, 2, 32, d0.ptr, d1.ptr, d2.ptr, d3.ptr, d4.ptr, d5.ptr, d6.ptr, d7.ptr, dwk.ptr,
                dv.ptr, pn.ptr, en.ptr, qn.ptr, s.ptr, prm, n);
    std::vector<double> out = pn.get();
    for (auto* x : {&en, &qn, &s}) {
      std::vector<double> y = x->get();
      out.insert(out.end(), y.begin(), y.end());
    }
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] { return dot(w, run(e_old, delvc, p_old, q_old, comp, comp_half, qq, ql, vnew)); };
  DeviceArray<double> d0(e_old), d1(delvc), d2(p_old), d3(q_old), d4(comp), d5(comp_half), d6(qq),
      d7(ql), dwk(work), dv(vnew), pn(zeros<double>(n)), en(zeros<double>(n)), qn(zeros<double>(n)),
      s(zeros<double>(n));
  std::vector<double> w0(w.begin(), w.begin() + n), w1(w.begin() + n, w.begin() + 2 * n),
      w2(w.begin() + 2 * n, w.begin() + 3 * n), w3(w.begin() + 3 * n, w.end());
  DeviceArray<double> a0(zeros<double>(n)), a1(zeros<double>(n)), a2(zeros<double>(n)), a3(zeros<double>(n)),
      a4(zeros<double>(n)), a5(zeros<double>(n)), a6(zeros<double>(n)), a7(zeros<double>(n)),
      av(zeros<double>(n)), apn(w0), aen(w1), aqn(w2), as(w3);
  CUAD_GRAD(CUAD_LAUNCH(eval_eos_grad_0_1_2_3_4_5_6_7_9_10_11_12_13, 2, 32, d0.ptr, d1.ptr, d2.ptr,
                        d3.ptr, d4.ptr, d5.ptr, d6.ptr, d7.ptr, dwk.ptr, dv.ptr, pn.ptr, en.ptr, qn.ptr,
                        s.ptr, prm, n, a0.ptr, a1.ptr, a2.ptr, a3.ptr, a4.ptr, a5.ptr, a6.ptr, a7.ptr,
                        av.ptr, apn.ptr, aen.ptr, aqn.ptr, as.ptr));
  check.array("e_old", a0.get(), fd(e_old, loss));
  check.array("delvc", a1.get(), fd(delvc, loss));
  check.array("p_old", a2.get(), fd(p_old, loss));
  check.array("q_old", a3.get(), fd(q_old, loss));
  check.array("comp", a4.get(), fd(comp, loss));
  check.array("comp_half", a5.get(), fd(comp_half, loss));
  check.array("qq_old", a6.get(), fd(qq, loss));
  check.array("ql_old", a7.get(), fd(ql, loss));
  check.array("vnew", av.get(), fd(vnew, loss));
  for (auto* x : {&apn, &aen, &aqn, &as}) check.array("outputs", x->get(), zeros<double>(n));
#else
  std::vector<std::vector<double>> v;
  for (int k = 0; k < 9; ++k) v.push_back(rng.vec(n, -0.01, 0.01));
  auto outputs_at = [&](double t) {
    return run(along(e_old, t, v[0]), along(delvc, t, v[1]), along(p_old, t, v[2]), along(q_old, t, v[3]),
               along(comp, t, v[4]), along(comp_half, t, v[5]), along(qq, t, v[6]), along(ql, t, v[7]),
               along(vnew, t, v[8]));
  };
  DeviceArray<double> d0(e_old), d1(delvc), d2(p_old), d3(q_old), d4(comp), d5(comp_half), d6(qq),
      d7(ql), dwk(work), dv(vnew), pn(zeros<double>(n)), en(zeros<double>(n)), qn(zeros<double>(n)),
      s(zeros<double>(n));
  DeviceArray<double> t0(v[0]), t1(v[1]), t2(v[2]), t3(v[3]), t4(v[4]), t5(v[5]), t6(v[6]), t7(v[7]),
      tv(v[8]), tpn(n, 3.0), ten(n, 3.0), tqn(n, 3.0), ts(n, 3.0);
  CUAD_GRAD(CUAD_LAUNCH(eval_eos_pushforward_0_1_2_3_4_5_6_7_9_10_11_12_13, 2, 32, d0.ptr, d1.ptr,
                        d2.ptr, d3.ptr, d4.ptr, d5.ptr, d6.ptr, d7.ptr, dwk.ptr, dv.ptr, pn.ptr, en.ptr,
                        qn.ptr, s.ptr, prm, n, t0.ptr, t1.ptr, t2.ptr, t3.ptr, t4.ptr, t5.ptr, t6.ptr,
                        t7.ptr, tv.ptr, tpn.ptr, ten.ptr, tqn.ptr, ts.ptr));
  std::vector<double> got = tpn.get();
  for (auto* x : {&ten, &tqn, &ts}) {
    std::vector<double> y = x->get();
    got.insert(got.end(), y.begin(), y.end());
  }
  check.array("p, e, q, ss tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
