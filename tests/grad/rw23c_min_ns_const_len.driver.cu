#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static std::vector<ph::B> unpack(const std::vector<double>& v) {
  std::vector<ph::B> b(v.size() / 3);
  std::memcpy(b.data(), v.data(), v.size() * sizeof(double));
  return b;
}
static std::vector<double> pack(const std::vector<ph::B>& b) {
  std::vector<double> v(b.size() * 3);
  std::memcpy(v.data(), b.data(), v.size() * sizeof(double));
  return v;
}

int main() {
  Checker check("rw23c_min_ns_const_len");
  Rng rng(23399);
  const int nb = 3, n = 8;
  std::vector<double> b = rng.vec(3 * nb), out = rng.vec(n), w = rng.vec(n);
  std::vector<int> idx(n);
  for (int i = 0; i < n; ++i) idx[i] = (i * 2) % nb;
  auto loss = [&] {
    DeviceArray<ph::B> db(unpack(b));
    DeviceArray<int> di(idx);
    DeviceArray<double> dout(out);
    CUAD_LAUNCH(ph::k, 1, 32, db.ptr, di.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<ph::B> db(unpack(b)), ab(unpack(zeros<double>(3 * nb)));
  DeviceArray<int> di(idx);
  DeviceArray<double> dout(out), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(ph::k_grad_0_2, 1, 32, db.ptr, di.ptr, dout.ptr, n, ab.ptr, aout.ptr));
  check.array("b", pack(ab.get()), fd(b, loss));
  check.array("out", aout.get(), fd(out, loss));
  return check.finish();
}
