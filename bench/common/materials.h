// Material tables shared by the XSBench- and RSBench-style drivers: 12 materials, each a
// list of distinct nuclides with concentrations (row-major, max_nucs columns).
#pragma once
#include <vector>

#include "bench.cuh"

struct Materials {
  static constexpr int kCount = 12;
  int max_nucs = 0;
  std::vector<int> num_nucs;  // per material
  std::vector<int> nucs;      // [kCount * max_nucs]
  std::vector<double> conc;   // [kCount * max_nucs]
};

// Material 0 (the "fuel") holds the first 34 nuclides; the others draw distinct nuclides at
// random. Every nuclide index is < n_nuclides.
inline Materials make_materials(int n_nuclides, uint64_t seed) {
  const int counts[Materials::kCount] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
  Materials m;
  m.max_nucs = 34;
  m.num_nucs.assign(counts, counts + Materials::kCount);
  m.nucs.assign(Materials::kCount * m.max_nucs, 0);
  m.conc.assign(Materials::kCount * m.max_nucs, 0.0);
  bench::Rng rng(seed);
  for (int mat = 0; mat < Materials::kCount; ++mat) {
    std::vector<int> pool(n_nuclides);
    for (int k = 0; k < n_nuclides; ++k) pool[k] = k;
    for (int j = 0; j < counts[mat]; ++j) {
      const int pick = mat == 0 ? j : j + rng.below(n_nuclides - j);
      std::swap(pool[j], pool[pick]);
      m.nucs[mat * m.max_nucs + j] = pool[j];
      m.conc[mat * m.max_nucs + j] = rng.uniform(0.1, 1.0);
    }
  }
  return m;
}

// Position of nuclide `nuc` in material `mat`, or -1.
inline int nuclide_slot(const Materials& m, int mat, int nuc) {
  for (int j = 0; j < m.num_nucs[mat]; ++j)
    if (m.nucs[mat * m.max_nucs + j] == nuc) return j;
  return -1;
}
