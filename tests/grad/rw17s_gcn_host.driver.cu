#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_gcn_host");
  // 19 nodes, an undirected random graph (symmetric CSR, no self loops, node 7 isolated),
  // 5 input features, 9 hidden (two GEMM tiles wide), 3 classes, 12 labelled nodes.
  const int n = 19, fin = 5, fhid = 9, ncls = 3;
  Rng rng(17003);
  std::vector<std::vector<int>> adj(n);
  for (int e = 0; e < 30; ++e) {
    const int a = (int)rng.uniform(0, n - 1e-9), b = (int)rng.uniform(0, n - 1e-9);
    if (a == b || a == 7 || b == 7) continue;
    bool dup = false;
    for (int v : adj[a]) dup |= v == b;
    if (dup) continue;
    adj[a].push_back(b);
    adj[b].push_back(a);
  }
  std::vector<int> rowptr = {0}, col;
  for (int i = 0; i < n; ++i) {
    for (int v : adj[i]) col.push_back(v);
    rowptr.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<int> labels(n);
  int n_lab = 0;
  for (int i = 0; i < n; ++i) {
    labels[i] = i % 3 == 2 ? -1 : (int)rng.uniform(0, ncls - 1e-9);
    n_lab += labels[i] >= 0;
  }
  std::vector<double> X = rng.vec(n * fin), W1 = rng.vec(fin * fhid, -0.7, 0.7),
                      b1 = rng.vec(fhid, -0.2, 0.2), W2 = rng.vec(fhid * ncls, -0.9, 0.9),
                      b2 = rng.vec(ncls, -0.2, 0.2);
  auto loss = [&] {
    return gcn_train_loss(X.data(), W1.data(), b1.data(), W2.data(), b2.data(), rowptr.data(),
                          col.data(), labels.data(), n, nnz, fin, fhid, ncls, n_lab);
  };
  std::vector<double> gX(n * fin, 0.0), gW1(fin * fhid, 0.0), gb1(fhid, 0.0),
      gW2(fhid * ncls, 0.0), gb2(ncls, 0.0);
  CUAD_GRAD(gcn_train_loss_grad_0_1_2_3_4(X.data(), W1.data(), b1.data(), W2.data(), b2.data(),
                                          rowptr.data(), col.data(), labels.data(), n, nnz, fin,
                                          fhid, ncls, n_lab, gX.data(), gW1.data(), gb1.data(),
                                          gW2.data(), gb2.data()));
  check.array("X", gX, fd(X, loss));
  check.array("W1", gW1, fd(W1, loss));
  check.array("b1", gb1, fd(b1, loss));
  check.array("W2", gW2, fd(W2, loss));
  check.array("b2", gb2, fd(b2, loss));
  return check.finish();
}
