// Seed 003: a foreign function differentiated for PyTorch/TensorFlow through Enzyme
// (Enzyme's activity markers and entry point are declared here).
#include <cstddef>

extern int diffe_dup;
extern int diffe_dupnoneed;
void __enzyme_autodiff(void (*)(float*, size_t, float*), ...);

// Input tensor + size, and output tensor 

void f(float* inp, size_t n, float* out);


// diffe_dupnoneed specifies not recomputing the output

void diffef(float* inp, float* d_inp, size_t n, float* d_out) { 

  __enzyme_autodiff(f, diffe_dup, inp, d_inp, n, diffe_dupnoneed, (float*)0, d_out);

}
