// Seed 003: a benign read race becomes a write race in the gradient
// (`parallel_for` is the slide's pseudo-keyword; a macro turns it into a plain loop).
#define parallel_for for

 void set(double* ar, double val) {


  parallel_for(int i=0; i<10; i++)

    ar[i] = val;

}

double gradient_set(double* ar, double* d_ar, 
                    double val) {

  double d_val = 0.0; 

  parallel_for(int i=0; i<10; i++)

    ar[i] = val;


  parallel_for(int i=0; i<10; i++) {

    d_val += d_ar[i];

    d_ar[i] = 0.0;

  }


  return d_val;

}
