// cuad: --fn csr_row_sums --wrt A
// Minimal: a host function taking a struct whose fields are an int index array and a
// double value array. cuad refuses: "cannot follow the derivative of `A.col` into `A_col`",
// although the int pointer field carries no derivative (only `val` does).
struct CsrHost {
  int nnz;
  const int* col;
  const double* val;
};

double csr_row_sums(CsrHost A) {
  double s = 0.0;
  for (int k = 0; k < A.nnz; ++k) s += A.val[k] * (1.0 + A.col[k]);
  return s;
}
