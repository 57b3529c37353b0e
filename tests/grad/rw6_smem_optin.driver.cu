#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// On a GPU (nvcc), rows of 12300 floats need 49 KiB of dynamic shared memory per block (the
// primal opts in) and the derivative kernels 98 KiB (they must opt in too); the adjoint is
// then checked at every 997th entry (193 column steps per thread: the reverse pass tapes more
// than the default 256 entries, hence CUAD_TAPE_CAPACITY on the request line). The CPU
// emulation runs short rows, every entry checked.
#if defined(__CUDACC__)
#define COLS 12300
#define STRIDE 997
#else
#define COLS 150
#define STRIDE 1
#endif

int main() {
  Checker check("rw6_smem_optin");
  const int rows = 3, cols = COLS;
  Rng rng(6073);
  // weights scaled with the row length: softmax outputs are about 1 / cols
  std::vector<float> x = rng.vec<float>(rows * cols, -2.0, 2.0), y0 = zeros<float>(rows * cols),
                     w = rng.vec<float>(rows * cols, -cols / 50.0, cols / 50.0);
  auto run = [&](const std::vector<float>& xv) {
    std::vector<float> y(rows * cols);
    softmax_rows(xv.data(), y.data(), rows, cols);
    return y;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  std::vector<float> a_x = zeros<float>(rows * cols), a_y = w, y = y0;
  CUAD_GRAD(softmax_rows_grad_0_1(x.data(), y.data(), rows, cols, a_x.data(), a_y.data()));
  std::vector<float> got_x, got_y;
  std::vector<double> fd_x, fd_y;
  for (int i = 0; i < rows * cols; i += STRIDE) {
    got_x.push_back(a_x[i]);
    fd_x.push_back(fd(x[i], loss));
    got_y.push_back(a_y[i]);
    fd_y.push_back(fd(y0[i], loss));
  }
  check.array("x", got_x, fd_x);
  check.array("y", got_y, fd_y);
#else
  std::vector<float> v = rng.vec<float>(rows * cols), t_y = zeros<float>(rows * cols), y = y0;
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, v))); };
  CUAD_GRAD(softmax_rows_pushforward(x.data(), y.data(), rows, cols, v.data(), t_y.data()));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
