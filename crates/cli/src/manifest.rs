//! `cuad grad/fwd --manifest PATH`: a JSON description of the primal and the generated
//! function, for bindings that call them from another language (integrations/torch).
//!
//! ```json
//! {"version": 1, "mode": "grad",
//!  "primal": {"name": "saxpy", "qualified_name": "saxpy", "template_args": null,
//!             "kind": "kernel", "return_type": "void",
//!             "params": [{"index": 0, "name": "y", "type": "float*", "category": "pointer",
//!                         "element": "float", "const": false, "reads": true, "writes": true},
//!                        ...]},
//!  "derivative": {"name": "saxpy_grad_0_1_2", "qualified_name": "saxpy_grad_0_1_2",
//!                 "template_args": null, "callee": "saxpy_grad_0_1_2",
//!                 "params": [{"index": 0, "name": "y", "type": "float*", "role": "primal",
//!                             "primal": 0}, ...,
//!                            {"index": 4, "name": "_d_y", "type": "float*",
//!                             "role": "adjoint", "primal": 0}, ...]}}
//! ```
//! `kind` is `kernel`, `host` or `device`; `return_type` has typedefs resolved; `category` is `pointer` (pointers and arrays),
//! `scalar` (arithmetic types and their typedefs), `struct` (other named types) or `other`
//! (references); `element` is the pointee's (or scalar's) type with typedefs resolved and
//! without `const`; `reads`/`writes` (pointers only) say whether the function reads and
//! writes that memory (both when cuad cannot tell). A derivative parameter's `role` is
//! `primal`, `adjoint` (`cuad grad`) or `tangent` (`cuad fwd`).

use cuad_api::{Generated, Mode};
use cuad_syntax::ast::{Ty, TyKind};

/// The manifest of `generated`, the derivative of `function` (as given to `--fn`).
pub fn render(generated: &Generated, function: &str) -> String {
    let mut j = Json::default();
    j.open('{');
    j.key("version");
    j.raw("1");
    j.key("mode");
    j.string(match generated.mode {
        Mode::Reverse => "grad",
        Mode::Forward => "fwd",
    });
    j.key("primal");
    primal(&mut j, generated, function);
    j.key("derivative");
    derivative(&mut j, generated);
    j.close('}');
    j.out.push('\n');
    j.out
}

fn primal(j: &mut Json, g: &Generated, function: &str) {
    let without_args = function.split('<').next().unwrap_or(function);
    let name = without_args
        .rsplit("::")
        .next()
        .unwrap_or(without_args)
        .trim();
    // The generated function sits in the primal's namespaces: its qualifier is the primal's.
    let qualifier = g.function.rsplit_once("::").map_or("", |(q, _)| q);
    let i = &g.interface;
    j.open('{');
    j.key("name");
    j.string(name);
    j.key("qualified_name");
    j.string(&if qualifier.is_empty() {
        name.to_string()
    } else {
        format!("{qualifier}::{name}")
    });
    j.key("template_args");
    j.opt_string(g.template_args.as_deref());
    j.key("kind");
    j.string(if g.is_kernel {
        "kernel"
    } else if i.device_only {
        "device"
    } else {
        "host"
    });
    j.key("return_type");
    j.opt_string(i.return_type.as_ref().map(cuad_emit::print_ty).as_deref());
    j.key("params");
    j.open('[');
    for (index, p) in i.params.iter().enumerate() {
        j.item();
        j.open('{');
        j.key("index");
        j.raw(&index.to_string());
        j.key("name");
        j.opt_string(p.param.name.as_deref());
        j.key("type");
        j.string(&cuad_emit::print_ty(&p.param.ty));
        let (category, element, is_const) = classify(&p.canonical);
        j.key("category");
        j.string(category);
        j.key("element");
        j.opt_string(element.as_deref());
        j.key("const");
        j.raw(if is_const { "true" } else { "false" });
        if let Some(a) = p.access {
            j.key("reads");
            j.raw(if a.reads { "true" } else { "false" });
            j.key("writes");
            j.raw(if a.writes { "true" } else { "false" });
        }
        j.close('}');
    }
    j.close(']');
    j.close('}');
}

fn derivative(j: &mut Json, g: &Generated) {
    let i = &g.interface;
    j.open('{');
    j.key("name");
    j.string(g.function.rsplit("::").next().unwrap_or(&g.function));
    j.key("qualified_name");
    j.string(&g.function);
    j.key("template_args");
    j.opt_string(g.template_args.as_deref());
    j.key("callee");
    j.string(&match &g.template_args {
        Some(args) => format!("{}<{args}>", g.function),
        None => g.function.clone(),
    });
    j.key("params");
    j.open('[');
    let primal_index = |name: &str| {
        i.params
            .iter()
            .position(|p| p.param.name.as_deref() == Some(name))
    };
    for (index, p) in i.derivative_params.iter().enumerate() {
        let name = p.name.as_deref().unwrap_or("");
        // The primal's parameters come first, then one `_d_<param>` per listed parameter.
        let (role, primal) = if index < i.params.len() {
            ("primal", Some(index))
        } else {
            let role = match g.mode {
                Mode::Reverse => "adjoint",
                Mode::Forward => "tangent",
            };
            (role, name.strip_prefix("_d_").and_then(primal_index))
        };
        j.item();
        j.open('{');
        j.key("index");
        j.raw(&index.to_string());
        j.key("name");
        j.string(name);
        j.key("type");
        j.string(&cuad_emit::print_ty(&p.ty));
        j.key("role");
        j.string(role);
        j.key("primal");
        match primal {
            Some(k) => j.raw(&k.to_string()),
            None => j.raw("null"),
        }
        j.close('}');
    }
    j.close(']');
    j.close('}');
}

/// (category, element type, const) of a parameter's canonical type.
fn classify(ty: &Ty) -> (&'static str, Option<String>, bool) {
    let element = |t: &Ty| {
        let mut t = t.clone();
        t.is_const = false;
        t.is_volatile = false;
        cuad_emit::print_ty(&t)
    };
    match &ty.kind {
        TyKind::Pointer { pointee: e, .. } | TyKind::Array { elem: e, .. } => {
            ("pointer", Some(element(e)), e.is_const)
        }
        TyKind::Bool
        | TyKind::Int { .. }
        | TyKind::Half
        | TyKind::BFloat16
        | TyKind::Float
        | TyKind::Double
        | TyKind::LongDouble => ("scalar", Some(element(ty)), ty.is_const),
        TyKind::Named { name, .. } if is_scalar_name(name) => {
            ("scalar", Some(element(ty)), ty.is_const)
        }
        TyKind::Named { .. } => ("struct", Some(element(ty)), ty.is_const),
        _ => ("other", None, ty.is_const),
    }
}

/// Library typedefs of integers and CUDA's half types: scalars, not structs.
fn is_scalar_name(name: &str) -> bool {
    let name = name.trim_start_matches("std::");
    matches!(
        name,
        "size_t" | "ptrdiff_t" | "ssize_t" | "intptr_t" | "uintptr_t" | "__half" | "half"
    ) || (name.starts_with("int") || name.starts_with("uint")) && name.ends_with("_t")
}

/// A small JSON writer: objects and arrays with commas placed by `key` and `item`.
#[derive(Default)]
struct Json {
    out: String,
    /// Per open container: has it an element yet?
    nonempty: Vec<bool>,
}

impl Json {
    fn open(&mut self, c: char) {
        self.out.push(c);
        self.nonempty.push(false);
    }

    fn close(&mut self, c: char) {
        self.nonempty.pop();
        self.out.push(c);
    }

    fn separator(&mut self) {
        if let Some(seen) = self.nonempty.last_mut() {
            if *seen {
                self.out.push_str(", ");
            }
            *seen = true;
        }
    }

    fn key(&mut self, k: &str) {
        self.separator();
        self.push_string(k);
        self.out.push_str(": ");
    }

    /// An array element follows.
    fn item(&mut self) {
        self.separator();
    }

    fn raw(&mut self, v: &str) {
        self.out.push_str(v);
    }

    fn string(&mut self, s: &str) {
        self.push_string(s);
    }

    fn opt_string(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.push_string(s),
            None => self.out.push_str("null"),
        }
    }

    fn push_string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 => self.out.push_str(&format!("\\u{:04x}", c as u32)),
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }
}
