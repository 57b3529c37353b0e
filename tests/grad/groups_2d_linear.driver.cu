#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Runs the gradient with one block shape and checks every adjoint against finite differences.
static void check_shape(Checker& check, dim3 block) {
  const int rows = 11, cols = 13, in = 5;
  const dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  Rng rng(700 + block.x);
  std::vector<double> x = rng.vec(rows * in), W = rng.vec(cols * in), b = rng.vec(cols),
                      out = rng.vec(rows * cols), w = rng.vec(rows * cols);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x), d_W(W), d_b(b);
    CUAD_LAUNCH(linear_bias_2d, grid, block, d_out.ptr, d_x.ptr, d_W.ptr, d_b.ptr, rows, cols, in);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), d_W(W), d_b(b), a_out(w), a_x(zeros<double>(rows * in)),
      a_W(zeros<double>(cols * in)), a_b(zeros<double>(cols));
  CUAD_GRAD(CUAD_LAUNCH(linear_bias_2d_grad_0_1_2_3, grid, block, d_out.ptr, d_x.ptr, d_W.ptr, d_b.ptr, rows, cols,
                        in, a_out.ptr, a_x.ptr, a_W.ptr, a_b.ptr));
  const std::string shape = std::to_string(block.x) + "x" + std::to_string(block.y) + " ";
  check.array(shape + "x", a_x.get(), fd(x, loss));
  check.array(shape + "W", a_W.get(), fd(W, loss));
  check.array(shape + "b", a_b.get(), fd(b, loss));
}

int main() {
  Checker check("groups_2d_linear");
  check_shape(check, dim3(8, 4));
  check_shape(check, dim3(6, 5));
  return check.finish();
}
