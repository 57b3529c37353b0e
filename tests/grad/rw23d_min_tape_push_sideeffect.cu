// cuad: --fn bucket_order_sum --wrt w
// Minimal: a counting-sort style placement `order[slot[key[i]]++] = i;` into a std::vector in
// a host function. The gradient tapes the overwritten element with
// `_tape_int.push(order[slot[key[i]]++]);` right before the store, so the post-increment runs
// twice per iteration (and again in the reverse restore `order[slot[key[i]]++] = pop()`): the
// permutation is built wrong and written out of bounds (heap corruption, crash). With plain
// local arrays nothing is taped and the case passes.
#include <vector>

double bucket_order_sum(const double* w, const int* key, int n) {
  std::vector<int> slot = {0, 4, 8};  // three buckets of four
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[slot[key[i]]++] = i;
  double s = 0.0;
  for (int j = 0; j < n; ++j) s += (j + 1) * w[order[j]] * w[order[j]];
  return s;
}
