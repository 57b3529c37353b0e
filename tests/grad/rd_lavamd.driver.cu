#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_lavamd");
  // 2 x 2 x 1 boxes, each the neighbour of the other three
  const int nb = 4, np = nb * NUMBER_PAR_PER_BOX;
  Rng rng(1999);
  std::vector<box_str> boxes(nb);
  for (int b = 0; b < nb; ++b) {
    box_str& B = boxes[b];
    B.x = b % 2;
    B.y = b / 2;
    B.z = 0;
    B.number = b;
    B.offset = (long)b * NUMBER_PAR_PER_BOX;
    B.nn = 0;
    for (int o = 0; o < nb; ++o) {
      if (o == b) continue;
      nei_str& n = B.nei[B.nn++];
      n.x = o % 2;
      n.y = o / 2;
      n.z = 0;
      n.number = o;
      n.offset = (long)o * NUMBER_PAR_PER_BOX;
    }
  }
  // rv as 4 doubles per particle: v = |r|^2 / 2, positions inside the particle's box
  std::vector<double> rv(4 * np), qv = rng.vec(np, 0.1, 1.0), fv = rng.vec(4 * np);
  for (int p = 0; p < np; ++p) {
    const int b = p / NUMBER_PAR_PER_BOX;
    const double x = (b % 2) + rng.uniform(0.0, 1.0), y = (b / 2) + rng.uniform(0.0, 1.0),
                 z = rng.uniform(0.0, 1.0);
    rv[4 * p + 1] = x;
    rv[4 * p + 2] = y;
    rv[4 * p + 3] = z;
    rv[4 * p] = 0.5 * (x * x + y * y + z * z);
  }
  double alpha = 0.5;
  dim_str dims;
  dims.number_boxes = nb;
  const std::vector<double> w = rng.vec(4 * np);
  DeviceArray<box_str> dbox(boxes);
  auto loss = [&] {
    DeviceArray<double> drv(rv), dqv(qv), dfv(fv);
    par_str par;
    par.alpha = alpha;
    CUAD_LAUNCH(kernel_gpu_cuda, nb, NUMBER_THREADS, par, dims, dbox.ptr,
                (FOUR_VECTOR*)drv.ptr, dqv.ptr, (FOUR_VECTOR*)dfv.ptr);
    return dot(w, dfv.get());
  };
  DeviceArray<double> drv(rv), dqv(qv), dfv(fv), arv(zeros<double>(4 * np)),
      aqv(zeros<double>(np)), afv(w);
  par_str par, a_par;
  par.alpha = alpha;
  a_par.alpha = 0.0;
  DeviceArray<par_str> d_apar(std::vector<par_str>{a_par});
  CUAD_GRAD(CUAD_LAUNCH(kernel_gpu_cuda_grad_0_3_4_5, nb, NUMBER_THREADS, par, dims, dbox.ptr,
                        (FOUR_VECTOR*)drv.ptr, dqv.ptr, (FOUR_VECTOR*)dfv.ptr, d_apar.ptr,
                        (FOUR_VECTOR*)arv.ptr, aqv.ptr, (FOUR_VECTOR*)afv.ptr));
  check.array("rv", arv.get(), fd(rv, loss));
  check.array("qv", aqv.get(), fd(qv, loss));
  check.array("fv", afv.get(), fd(fv, loss));
  check.scalar("alpha", d_apar.get()[0].alpha, fd(alpha, loss));
  return check.finish();
}
