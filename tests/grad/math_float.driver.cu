#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("math_float");
  const char* names[] = {"sinf",    "cosf",   "tanf",    "expf",   "logf",   "sqrtf",  "powf",
                         "tanhf",   "erff",   "fabsf",   "fminf",  "fmaxf",  "hypotf", "atan2f",
                         "fmaf",    "cbrtf",  "log1pf",  "expm1f", "rsqrtf", "__expf", "__fdividef",
                         "__sinf",  "__cosf", "__logf",  "__powf", "sincos"};
  const int terms = 26, n = 3;
  std::vector<float> xy = {0.63f, 1.45f, 1.2f, 0.35f, 0.31f, 0.77f};
  std::vector<float> out(n, 0.0f), w = {0.9f, -0.7f, 1.1f};
  for (int t = 0; t < terms; ++t) {
    std::vector<float> sel(terms, 0.0f);
    sel[t] = 1.0f;
    DeviceArray<float> d_sel(sel);
    auto loss = [&] {
      DeviceArray<float> d_out(out), d_xy(xy);
      CUAD_LAUNCH(math_float_k, 1, 32, d_out.ptr, d_sel.ptr, d_xy.ptr, n);
      return dot(w, d_out.get());
    };
    DeviceArray<float> d_out(out), d_xy(xy), a_out(w), a_xy(zeros<float>(2 * n));
    CUAD_GRAD(CUAD_LAUNCH(math_float_k_grad_0_2, 1, 32, d_out.ptr, d_sel.ptr, d_xy.ptr, n,
                          a_out.ptr, a_xy.ptr));
    check.array(names[t], a_xy.get(), fd(xy, loss));
  }
  return check.finish();
}
