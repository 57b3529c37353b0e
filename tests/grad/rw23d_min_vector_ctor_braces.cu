// cuad: --fn normalized_bin_weights --wrt w
// cuad: fwd --fn normalized_bin_weights --wrt w
// Minimal: a host function declares `std::vector<int> cnt(nbins, 0)` (nbins zeros). The
// gradient declares the vector first and assigns `cnt = std::vector<int>{nbins, 0};`, a
// two-element vector {nbins, 0} (initializer-list constructor): the counts then index out of
// bounds. Forward mode emits the same.
#include <vector>

double normalized_bin_weights(const double* w, const int* bin, int n, int nbins) {
  std::vector<int> cnt(nbins, 0);
  for (int i = 0; i < n; ++i) cnt[bin[i]] += 1;
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += w[i] * w[i] / cnt[bin[i]];
  return s;
}
