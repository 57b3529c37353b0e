//! The headers cuad ships (`include/`): embedded in the binary, found on disk for
//! `cuad --include-dir`, and inlined into the output of `cuad build`.

use std::path::{Path, PathBuf};

/// `include/cuad/cuad.h`: the gradient function object and the request fallback.
pub const CUAD_H: &str = include_str!("../../../../include/cuad/cuad.h");
/// `include/clad/Differentiator/Differentiator.h`: `namespace clad = cuad`.
pub const CLAD_H: &str = include_str!("../../../../include/clad/Differentiator/Differentiator.h");

/// `include/clad/Differentiator/ArrayRef.h`: Clad's header of `clad::array_ref` (Clad's test
/// utilities include it), the same API.
pub const CLAD_ARRAY_REF_H: &str =
    include_str!("../../../../include/clad/Differentiator/ArrayRef.h");

/// `include/clad/Differentiator/ThrustDerivatives.h`: the name of Clad's thrust header (cuad
/// has no thrust derivatives; see the file), the same API.
pub const CLAD_THRUST_H: &str =
    include_str!("../../../../include/clad/Differentiator/ThrustDerivatives.h");

/// Header paths (relative to the include folder) that a request program may include.
const API_HEADERS: [(&str, &str); 4] = [
    ("cuad/cuad.h", CUAD_H),
    ("clad/Differentiator/Differentiator.h", CLAD_H),
    ("clad/Differentiator/ArrayRef.h", CLAD_ARRAY_REF_H),
    ("clad/Differentiator/ThrustDerivatives.h", CLAD_THRUST_H),
];

/// Macro defined while cuad parses a program: the API headers then declare nothing.
pub const PARSE_MACRO: &str = "__CUAD_PARSE__";

/// The folder holding cuad's headers, for `nvcc -I"$(cuad --include-dir)"`.
///
/// Looked for in this order: `$CUAD_INCLUDE_DIR`, `<exe dir>/../include` (installed layout),
/// `<exe dir>/../../include` (`target/<profile>/cuad` in the repository), the repository the
/// binary was built from; when none holds the headers, the embedded copies are written to a
/// folder under the system temp dir.
pub fn include_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("CUAD_INCLUDE_DIR") {
        return Ok(PathBuf::from(dir));
    }
    if let Some(found) = candidate_dirs().into_iter().find(|d| holds_headers(d)) {
        return Ok(found.canonicalize().unwrap_or(found));
    }
    materialize_embedded()
}

fn candidate_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        dirs.push(exe_dir.join("../include"));
        dirs.push(exe_dir.join("../../include"));
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../include"));
    dirs
}

fn holds_headers(dir: &Path) -> bool {
    API_HEADERS.iter().all(|(rel, _)| dir.join(rel).is_file())
}

/// Writes the embedded headers to `<tmp>/cuad-<version>-include` (rewritten when stale).
fn materialize_embedded() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("cuad-{}-include", env!("CARGO_PKG_VERSION")));
    for (rel, text) in API_HEADERS {
        let path = dir.join(rel);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text) {
            continue;
        }
        let write = || -> std::io::Result<()> {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, text)
        };
        write().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(dir)
}

/// The text that replaces the program's `#include` of the API header: both headers, the
/// relative include between them resolved, so the output needs no `-I`.
pub fn inlined_api() -> String {
    let clad_body: String = CLAD_H
        .lines()
        .map(|line| {
            if is_include_of(line, "cuad/cuad.h") {
                CUAD_H.trim_end()
            } else {
                line
            }
        })
        .flat_map(|text| [text, "\n"])
        .collect();
    format!(
        "// ---- begin cuad API header (inlined by `cuad build`; also in `cuad --include-dir`) ----\n\
         {clad_body}\
         // ---- end cuad API header ----\n"
    )
}

/// Does this source line `#include` one of the API headers? Returns its path as written.
pub fn api_include(line: &str) -> Option<&'static str> {
    API_HEADERS
        .iter()
        .map(|(rel, _)| *rel)
        .find(|rel| is_include_of(line, rel))
}

/// `#include "x/rel"` or `<rel>` (any prefix folders, e.g. `../../cuad/cuad.h`).
fn is_include_of(line: &str, rel: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('#') else {
        return false;
    };
    let Some(rest) = rest.trim_start().strip_prefix("include") else {
        return false;
    };
    let rest = rest.trim();
    let (open, close) = match rest.chars().next() {
        Some('"') => ('"', '"'),
        Some('<') => ('<', '>'),
        _ => return false,
    };
    let Some(path) = rest.strip_prefix(open).and_then(|r| r.split(close).next()) else {
        return false;
    };
    path == rel || path.ends_with(&format!("/{rel}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_api_includes() {
        assert_eq!(
            api_include("#include \"clad/Differentiator/Differentiator.h\""),
            Some("clad/Differentiator/Differentiator.h")
        );
        assert_eq!(
            api_include("  #  include <cuad/cuad.h> // api"),
            Some("cuad/cuad.h")
        );
        assert_eq!(
            api_include("#include \"../../cuad/cuad.h\""),
            Some("cuad/cuad.h")
        );
        assert_eq!(
            api_include("#include \"clad/Differentiator/ArrayRef.h\""),
            Some("clad/Differentiator/ArrayRef.h")
        );
        assert_eq!(api_include("#include <cuda_runtime.h>"), None);
        assert_eq!(api_include("// #include <cuad/cuad.h>"), None);
        assert_eq!(api_include("#include \"mycuad/cuad.h.in\""), None);
    }

    #[test]
    fn inlined_api_is_self_contained() {
        let text = inlined_api();
        assert!(text.contains("using namespace ::cuad;"));
        assert!(text.contains("class CladFunction"));
        assert!(
            !text.lines().any(|l| api_include(l).is_some()),
            "no include of an API header left"
        );
        // cuad.h comes before the clad namespace that refers to it.
        assert!(text.find("class CladFunction") < text.find("using namespace ::cuad;"));
    }

    #[test]
    fn include_dir_holds_the_headers() {
        let dir = include_dir().expect("include dir");
        for (rel, _) in API_HEADERS {
            assert!(
                dir.join(rel).is_file(),
                "{} missing in {}",
                rel,
                dir.display()
            );
        }
    }
}
