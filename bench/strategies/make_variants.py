"""Builds strategies.cu: cuad's gradients of kernels.cu plus 'naive' copies in which every
adjoint update is an atomicAdd (what a tool without the analysis emits), and a timing driver."""
import re, subprocess, sys
cuad = sys.argv[1]
out = subprocess.run([cuad, "grad", "kernels.cu", "--fn", "scale", "--wrt", "out,in,val"], capture_output=True, text=True, check=True).stdout
# A second request on the same file: append only its generated part.
shade = subprocess.run([cuad, "grad", "kernels.cu", "--fn", "shade", "--wrt", "out,img,gain"], capture_output=True, text=True, check=True).stdout
shade_fn = shade[shade.index("__global__ void shade_grad_0_1_2(float* out, const float* img, float gain, int width, int height, float* __restrict__ _d_out, float* __restrict__ _d_img, float* __restrict__ _d_gain) {"):]
src = out + "\n" + shade_fn

def naive(fn_text, name):
    t = fn_text.replace("_grad_0_1_2(", f"_naive(", 1)
    # plain `+=` into adjoint memory -> atomicAdd
    t = re.sub(r"(_d_\w+\[[^\]]+\]) \+= (.*);", r"atomicAdd(&\1, \2);", t)
    # per-block register sums -> one atomic per thread into the scalar adjoint
    for reg, ptr in re.findall(r"cuad_block_add\((\w+), (\w+)\);", t):
        pass
    for ptr, reg in re.findall(r"cuad_block_add\((\w+), (\w+)\);", t):
        t = re.sub(rf"{reg} \+= (.*);", rf"atomicAdd({ptr}, \1);", t)
        t = t.replace(f"cuad_block_add({ptr}, {reg});", "")
    return t

def function(text, name):
    start = text.index(f"__global__ void {name}(float* out")
    start = text.index("{", text.index(")", start)) - text[:text.index("{", text.index(")", start))][::-1].index("\n")
    end = text.index("\n}\n", start) + 3
    return text[start:end]

for name in ["scale_grad_0_1_2", "shade_grad_0_1_2"]:
    body = function(src, name)
    src += "\n" + naive(body, name)
src += open("driver.inc").read()
open("strategies.cu", "w").write(src)
