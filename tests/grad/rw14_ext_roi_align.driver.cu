#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_ext_roi_align");
  const int B = 2, C = 3, H = 9, W = 11, PH = 3, PW = 2, K = 4;
  const double scale = 0.5;
  const int64_t nthreads = (int64_t)K * C * PH * PW;
  Rng rng(14003);
  std::vector<double> input = rng.vec(B * C * H * W, -1.0, 1.0), output = zeros<double>(nthreads);
  // [batch, x1, y1, x2, y2] in image coordinates (twice the feature map); the last box sticks
  // out of the map on the right and bottom (samples past W or H give zeros, clamps at W - 1).
  // Coordinates are chosen so that no sample lands within the finite-difference step of an
  // integer cell boundary.
  std::vector<double> rois = {0, 2.13, 3.07, 13.71, 12.93,   //
                              1, 0.37, 0.61, 9.29, 15.17,    //
                              1, 5.41, 1.83, 18.77, 7.39,    //
                              0, 12.27, 10.69, 23.53, 21.11};
  const std::vector<double> w = rng.vec(nthreads);
  for (int sr : {2, 0}) {  // fixed and adaptive sampling grids
    auto loss = [&] {
      DeviceArray<double> x(input), r(rois), o(output);
      CUAD_LAUNCH(roi_align_forward_kernel<double>, 3, 32, nthreads, x.ptr, scale, C, H, W, PH,
                  PW, sr, true, r.ptr, o.ptr);
      return dot(w, o.get());
    };
    DeviceArray<double> x(input), r(rois), o(output), a_x(zeros<double>(input.size())),
        a_r(zeros<double>(rois.size())), a_o(w);
    CUAD_GRAD(CUAD_LAUNCH(roi_align_forward_kernel_grad_1_10_11<double>, 3, 32, nthreads, x.ptr,
                          scale, C, H, W, PH, PW, sr, true, r.ptr, o.ptr, a_x.ptr, a_r.ptr,
                          a_o.ptr));
    const std::string tag = sr ? "(sr=2)" : "(adaptive)";
    check.array("input" + tag, a_x.get(), fd(input, loss));
    check.array("output" + tag, a_o.get(), fd(output, loss));
    // The batch index column is an integer stored as a real: its adjoint must be zero.
    std::vector<double> g = a_r.get(), g_coord, fd_coord;
    for (int k = 0; k < K; ++k) {
      check.expect(g[k * 5] == 0.0, "zero adjoint for the roi batch index");
      for (int j = 1; j < 5; ++j) {
        g_coord.push_back(g[k * 5 + j]);
        fd_coord.push_back(fd(rois[k * 5 + j], loss));
      }
    }
    check.array("rois" + tag, g_coord, fd_coord);
  }
  return check.finish();
}
