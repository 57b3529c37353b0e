// Header for the case defines_include: found through `-I helpers` on its `// cuad:` line.
#pragma once

__device__ inline double poly_step(double acc, double x, double c) { return acc * x + c; }
