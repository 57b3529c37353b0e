// clad/Differentiator/ArrayRef.h - Clad's header of `clad::array_ref`, which cuad's
// Differentiator.h defines (Clad's test utilities include this one by name).
#ifndef CUAD_CLAD_ARRAY_REF_H
#define CUAD_CLAD_ARRAY_REF_H

#include "Differentiator.h"

#endif  // CUAD_CLAD_ARRAY_REF_H
