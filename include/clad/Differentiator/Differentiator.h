// clad/Differentiator/Differentiator.h - Clad-compatible front for cuad.
//
// Programs written for Clad (`auto g = clad::gradient(f, "out, in"); g.execute(...)` or
// `g.execute_kernel(grid, block, ...)`) build unchanged with `cuad build FILE.cu -o OUT.cu`.
// `clad::` is the same API as `cuad::` (see cuad/cuad.h).
#ifndef CUAD_CLAD_DIFFERENTIATOR_H
#define CUAD_CLAD_DIFFERENTIATOR_H

#include "../../cuad/cuad.h"

#ifndef __CUAD_PARSE__
// A namespace of its own (not an alias), so programs can reopen it for
// `namespace clad { namespace custom_derivatives { ... } }`.
namespace clad {
using namespace ::cuad;
}
#endif

#endif  // CUAD_CLAD_DIFFERENTIATOR_H
