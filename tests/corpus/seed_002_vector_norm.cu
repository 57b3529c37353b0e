// Seed 002: vector normalization before (O(n^2)) and after (O(n)) hoisting mag out of the
// loop. `double[] x` is spelled `double x[]`; n is a global; the versions sit in namespaces.
extern int n;

//Compute magnitude in O(n)

double mag(double x[]);

namespace quadratic {
//Compute norm in O(n^2)

void norm(double out[], double in[]) {


  for (int i=0; i<n; i++) {

    out[i] = in[i] / mag(in);

  }

}
}

namespace linear {
//Compute norm in O(n)

void norm(double out[], double in[]) {

  double res = mag(in);

  for (int i=0; i<n; i++) {

    out[i] = in[i] / res;

  }

}
}
