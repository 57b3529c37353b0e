//! Keeps a loop pragma (`#pragma unroll`) right before its loop. The generators put tape
//! saves and trip counters between a pragma and the loop it preceded; nvcc then drops the
//! pragma with warning #20058 ("must precede a loop") and the loop is not unrolled.

use cuad_syntax::ast::{Stmt, StmtKind};

/// Moves every loop pragma of `body` (nested lists included) down to the next loop of its
/// statement list; one with no loop after it is dropped (it would only draw the warning).
pub fn reattach(body: &mut Vec<Stmt>) {
    let mut i = 0;
    while i < body.len() {
        if is_loop_pragma(&body[i]) && !body.get(i + 1).is_some_and(is_loop) {
            let pragma = body.remove(i);
            let next_loop = body[i..]
                .iter()
                .take_while(|s| !is_loop_pragma(s))
                .position(is_loop);
            if let Some(offset) = next_loop {
                body.insert(i + offset, pragma);
                i += offset + 1;
            }
            continue;
        }
        i += 1;
    }
    body.iter_mut().for_each(reattach_nested);
}

fn reattach_nested(s: &mut Stmt) {
    match &mut s.kind {
        StmtKind::Block(list) => reattach(list),
        StmtKind::Switch { cases, .. } => cases.iter_mut().for_each(|c| reattach(&mut c.body)),
        _ => s.for_each_child_mut(&mut reattach_nested),
    }
}

fn is_loop(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. }
    )
}

fn is_loop_pragma(s: &Stmt) -> bool {
    let StmtKind::Pragma(text) = &s.kind else {
        return false;
    };
    let words = text.trim().trim_start_matches('#').trim_start();
    let Some(rest) = words.strip_prefix("pragma") else {
        return false;
    };
    let rest = rest.trim_start();
    rest.starts_with("unroll") || rest.starts_with("nounroll")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuad_syntax::ast::Expr;

    fn pragma() -> Stmt {
        Stmt::synth(StmtKind::Pragma("#pragma unroll 4".into()))
    }
    fn expr() -> Stmt {
        Stmt::synth(StmtKind::Expr(Expr::ident("x")))
    }
    fn for_loop() -> Stmt {
        Stmt::synth(StmtKind::For {
            init: None,
            cond: None,
            step: None,
            body: Box::new(Stmt::synth(StmtKind::Block(vec![]))),
        })
    }

    #[test]
    fn pragma_moves_down_to_its_loop() {
        let mut body = vec![pragma(), expr(), expr(), for_loop(), expr()];
        reattach(&mut body);
        assert!(matches!(body[0].kind, StmtKind::Expr(_)));
        assert!(matches!(body[1].kind, StmtKind::Expr(_)));
        assert!(is_loop_pragma(&body[2]));
        assert!(is_loop(&body[3]));
        assert_eq!(body.len(), 5);
    }

    #[test]
    fn pragma_without_a_loop_after_it_is_dropped() {
        let mut body = vec![expr(), pragma(), expr()];
        reattach(&mut body);
        assert_eq!(body.len(), 2);
        assert!(!body.iter().any(is_loop_pragma));
    }

    #[test]
    fn nested_lists_are_fixed_too() {
        let inner = Stmt::synth(StmtKind::Block(vec![pragma(), expr(), for_loop()]));
        let mut body = vec![inner];
        reattach(&mut body);
        let StmtKind::Block(list) = &body[0].kind else {
            panic!("block expected")
        };
        assert!(is_loop_pragma(&list[1]) && is_loop(&list[2]));
    }
}
