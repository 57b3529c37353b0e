// clad/Differentiator/Differentiator.h - Clad-compatible front for cuad.
//
// Programs written for Clad (`auto g = clad::gradient(f, "out, in"); g.execute(...)` or
// `g.execute_kernel(grid, block, ...)`) build unchanged with `cuad build FILE.cu -o OUT.cu`.
// `clad::` is the same API as `cuad::` (see cuad/cuad.h).
#ifndef CUAD_CLAD_DIFFERENTIATOR_H
#define CUAD_CLAD_DIFFERENTIATOR_H

#include "../../cuad/cuad.h"

// Clad's CladConfig.h macro for functions on both sides, used by Clad programs (functors
// with custom pullbacks); also while cuad reads the program.
#ifndef CUDA_HOST_DEVICE
#if defined(__CUDACC__) || defined(__CUAD_PARSE__)
#define CUDA_HOST_DEVICE __host__ __device__
#else
#define CUDA_HOST_DEVICE
#endif
#endif

#ifndef __CUAD_PARSE__
// Clad's headers bring <iostream>, and Clad programs (its tensor_demo.cu) rely on it.
#include <iostream>

// A namespace of its own (not an alias), so programs can reopen it for
// `namespace clad { namespace custom_derivatives { ... } }`.
namespace clad {
using namespace ::cuad;
}
#endif

#endif  // CUAD_CLAD_DIFFERENTIATOR_H
