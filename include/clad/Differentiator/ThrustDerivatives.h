// clad/Differentiator/ThrustDerivatives.h - the name of Clad's header of derivatives of thrust's
// algorithms. cuad has none yet: `cuad build` refuses requests w.r.t. thrust containers (and
// calls of thrust algorithms on values carrying derivatives) with a diagnostic at the source.
// Programs that include this header for Clad still build their other requests.
#ifndef CUAD_CLAD_THRUST_DERIVATIVES_H
#define CUAD_CLAD_THRUST_DERIVATIVES_H

#include "Differentiator.h"

#endif  // CUAD_CLAD_THRUST_DERIVATIVES_H
