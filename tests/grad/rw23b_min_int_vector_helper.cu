// cuad: --fn pos_sq_sum --wrt x
// Minimal: a host helper fills a std::vector<int> of indices (push_back) chosen by comparing
// differentiable values. The indices are integers and carry no derivative, but cuad refuses:
// "cannot differentiate values stored into `idx`: it stays a library container ...".
#include <vector>

static void pick_positive(const double* x, int n, std::vector<int>& idx) {
  idx.clear();
  for (int i = 0; i < n; ++i)
    if (x[i] > 0.0) idx.push_back(i);
}

double pos_sq_sum(const double* x, int n) {
  std::vector<int> idx;
  pick_positive(x, n, idx);
  double s = 0.0;
  for (size_t k = 0; k < idx.size(); ++k) s += x[idx[k]] * x[idx[k]];
  return s;
}
