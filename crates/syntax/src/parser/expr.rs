//! Expressions by precedence climbing, with C++ casts, calls with explicit template
//! arguments and CUDA kernel launches.

use super::lookahead::{is_reserved, is_type_keyword};
use super::ty::SpecCtx;
use super::{PResult, Parser};
use crate::ast::{BinOp, CastKind, Expr, ExprKind, TemplateArg, Ty, TyKind, UnOp};
use crate::token::TokenKind;

/// Speculative template-argument parses may nest this deep (keeps `a<b<c<...` linear).
const MAX_SPECULATION: u32 = 4;

/// Binding strength of binary operators (higher binds tighter); all left-associative.
fn binary_op(text: &str) -> Option<(u8, BinOp)> {
    Some(match text {
        "||" => (1, BinOp::Or),
        "&&" => (2, BinOp::And),
        "|" => (3, BinOp::BitOr),
        "^" => (4, BinOp::BitXor),
        "&" => (5, BinOp::BitAnd),
        "==" => (6, BinOp::Eq),
        "!=" => (6, BinOp::Ne),
        "<" => (7, BinOp::Lt),
        ">" => (7, BinOp::Gt),
        "<=" => (7, BinOp::Le),
        ">=" => (7, BinOp::Ge),
        "<<" => (8, BinOp::Shl),
        "+" => (9, BinOp::Add),
        "-" => (9, BinOp::Sub),
        "*" => (10, BinOp::Mul),
        "/" => (10, BinOp::Div),
        "%" => (10, BinOp::Rem),
        _ => return None,
    })
}

fn assign_op(text: &str) -> Option<Option<BinOp>> {
    Some(match text {
        "=" => None,
        "+=" => Some(BinOp::Add),
        "-=" => Some(BinOp::Sub),
        "*=" => Some(BinOp::Mul),
        "/=" => Some(BinOp::Div),
        "%=" => Some(BinOp::Rem),
        "<<=" => Some(BinOp::Shl),
        ">>=" => Some(BinOp::Shr),
        "&=" => Some(BinOp::BitAnd),
        "^=" => Some(BinOp::BitXor),
        "|=" => Some(BinOp::BitOr),
        _ => return None,
    })
}

fn unary_op(text: &str) -> Option<UnOp> {
    Some(match text {
        "-" => UnOp::Neg,
        "+" => UnOp::Plus,
        "!" => UnOp::Not,
        "~" => UnOp::BitNot,
        "*" => UnOp::Deref,
        "&" => UnOp::AddrOf,
        "++" => UnOp::PreInc,
        "--" => UnOp::PreDec,
        _ => return None,
    })
}

/// `"ab" "cd"` -> `"abcd"`; prefixed or raw literals are joined with a space instead.
fn concat_strings(mut acc: String, next: &str) -> String {
    let plain = |s: &str| s.len() >= 2 && s.starts_with('"') && s.ends_with('"');
    if plain(&acc) && plain(next) {
        acc.pop();
        acc.push_str(&next[1..]);
    } else {
        acc.push(' ');
        acc.push_str(next);
    }
    acc
}

impl Parser<'_, '_> {
    /// A full expression, comma operator included.
    pub(crate) fn parse_expr(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let mut lhs = self.parse_assign()?;
        while self.at(",") && !self.gt_ends && !self.nth_is(1, "...") {
            self.bump();
            let rhs = self.parse_assign()?;
            lhs = Expr::new(
                ExprKind::Binary(BinOp::Comma, Box::new(lhs), Box::new(rhs)),
                self.span_from(start),
            );
        }
        Ok(lhs)
    }

    /// Assignment, conditional or brace list (right-associative); no top-level comma.
    pub(crate) fn parse_assign(&mut self) -> PResult<Expr> {
        self.nested(|p| p.parse_assign_inner())
    }

    fn parse_assign_inner(&mut self) -> PResult<Expr> {
        let start = self.pos;
        if self.at("{") {
            let items = self.parse_brace_items()?;
            return Ok(Expr::new(ExprKind::InitList(items), self.span_from(start)));
        }
        if self.at("throw") {
            return self.unsupported("exceptions (`throw`) are");
        }
        let lhs = self.parse_binary(1)?;
        if self.eat("?") {
            let then = self.without_gt_end(|p| p.parse_expr())?;
            self.expect(":", "in conditional expression")?;
            let els = self.parse_assign()?;
            let kind = ExprKind::Cond(Box::new(lhs), Box::new(then), Box::new(els));
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        let t = *self.peek();
        if t.kind == TokenKind::Punct {
            if let Some(op) = assign_op(t.text) {
                if self.nth_is(1, "...") {
                    return self.unsupported("fold expressions over assignment operators are");
                }
                self.bump();
                let rhs = self.parse_assign()?;
                return Ok(Expr::new(
                    ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    self.span_from(start),
                ));
            }
        }
        Ok(lhs)
    }

    /// The binary operator at the cursor with its token count (`>` `>` is `>>`).
    fn peek_binary_op(&self) -> Option<(u8, BinOp, usize)> {
        let t = self.peek();
        if t.kind != TokenKind::Punct {
            return None;
        }
        if t.text == ">" {
            let second = self.nth(1);
            if second.is(">") && second.glued {
                let launch_close = self.nth(2).is(">") && self.nth(2).glued;
                return (!launch_close && !self.gt_ends).then_some((8, BinOp::Shr, 2));
            }
            if self.gt_ends {
                return None;
            }
        }
        binary_op(t.text).map(|(prec, op)| (prec, op, 1))
    }

    fn parse_binary(&mut self, min_prec: u8) -> PResult<Expr> {
        let start = self.pos;
        let mut lhs = self.parse_unary()?;
        while let Some((prec, op, ntoks)) = self.peek_binary_op() {
            // `op ...` belongs to a fold expression (`(vs + ...)`), left to `parse_paren`.
            if prec < min_prec || self.nth_is(ntoks, "...") {
                break;
            }
            for _ in 0..ntoks {
                self.bump();
            }
            let rhs = self.parse_binary(prec + 1)?;
            lhs = Expr::new(
                ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                self.span_from(start),
            );
        }
        Ok(lhs)
    }

    fn parse_unary(&mut self) -> PResult<Expr> {
        self.nested(|p| p.parse_unary_inner())
    }

    fn parse_unary_inner(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let t = *self.peek();
        if t.kind == TokenKind::Punct {
            if let Some(op) = unary_op(t.text) {
                self.bump();
                let operand = self.parse_unary()?;
                return Ok(Expr::new(
                    ExprKind::Unary(op, Box::new(operand)),
                    self.span_from(start),
                ));
            }
            if t.text == "(" && self.is_type_start_at(self.pos + 1) {
                if let Some(ty) = self.try_paren_type() {
                    if self.at("{") {
                        return self.compound_literal(ty, start);
                    }
                    let operand = self.parse_unary()?;
                    let kind = ExprKind::Cast {
                        kind: CastKind::CStyle,
                        ty,
                        expr: Box::new(operand),
                    };
                    return Ok(Expr::new(kind, self.span_from(start)));
                }
            }
        }
        match t.text {
            "sizeof" if t.is_ident() => self.parse_sizeof(),
            "new" if t.is_ident() => self.parse_new(),
            "delete" if t.is_ident() => self.parse_delete(),
            _ => self.parse_postfix(),
        }
    }

    /// A C99 compound literal `(T){a, b}` (a GNU extension in C++, which nvcc accepts), with
    /// its postfix operators (`(V){a, b}.x`): the temporary `T{a, b}` (qualifiers dropped:
    /// `(const V){...}` is a `V`), so later stages see a braced functional cast. Array
    /// literals (`(float[]){a, b}`) have no such form.
    fn compound_literal(&mut self, mut ty: Ty, start: usize) -> PResult<Expr> {
        if matches!(ty.kind, TyKind::Array { .. }) {
            return self.unsupported("array compound literals are");
        }
        ty.is_const = false;
        ty.is_volatile = false;
        let literal = self.functional_cast(ty, start)?;
        self.postfix_ops(start, literal, None)
    }

    /// `new T[n]` / `new T` of an arithmetic or pointer type `T` (no constructors run): read as
    /// `(T*)malloc((n) * sizeof(T))`, which `delete` frees (`free`), so the rest of cuad
    /// sees a `malloc` buffer.
    fn parse_new(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.bump();
        if self.at("(") || self.at("::") {
            return self.unsupported("placement `new` is");
        }
        let ty = self.parse_type_id()?;
        let (elem, count) = match ty.kind {
            TyKind::Array {
                elem,
                len: Some(len),
            } => (*elem, Some(*len)),
            _ => (ty, None),
        };
        let plain = matches!(
            elem.kind,
            TyKind::Float
                | TyKind::Double
                | TyKind::Half
                | TyKind::BFloat16
                | TyKind::LongDouble
                | TyKind::Int { .. }
                | TyKind::Bool
                | TyKind::Pointer { .. }
        );
        if !plain || self.at("(") || self.at("{") {
            return self.unsupported(
                "`new` with constructors or initializers (only `new T[n]` of arithmetic or pointer types) is",
            );
        }
        let span = self.span_from(start);
        let at = |kind: ExprKind| Expr::new(kind, span);
        let size = at(ExprKind::SizeofType(elem.clone()));
        let bytes = match count {
            Some(n) => at(ExprKind::Binary(
                BinOp::Mul,
                Box::new(at(ExprKind::Paren(Box::new(n)))),
                Box::new(size),
            )),
            None => size,
        };
        let alloc = at(ExprKind::Call {
            callee: Box::new(at(ExprKind::Ident("malloc".into()))),
            template_args: vec![],
            args: vec![bytes],
        });
        Ok(at(ExprKind::Cast {
            kind: CastKind::CStyle,
            ty: Ty::pointer_to(elem),
            expr: Box::new(alloc),
        }))
    }

    /// `delete p` / `delete[] p`: `free(p)` (see `parse_new`).
    fn parse_delete(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.bump();
        if self.eat("[") {
            self.expect("]", "after `delete[`")?;
        }
        let operand = self.parse_unary()?;
        let span = self.span_from(start);
        Ok(Expr::new(
            ExprKind::Call {
                callee: Box::new(Expr::new(ExprKind::Ident("free".into()), span)),
                template_args: vec![],
                args: vec![operand],
            },
            span,
        ))
    }

    /// At `(`: `(type)` consumed when the parentheses hold exactly a type; otherwise the
    /// cursor is left unchanged.
    fn try_paren_type(&mut self) -> Option<Ty> {
        let save = self.pos;
        self.bump();
        let ty = self.without_gt_end(|p| p.parse_type_id());
        match ty {
            Ok(ty) if self.eat(")") => Some(ty),
            _ => {
                self.pos = save;
                None
            }
        }
    }

    fn parse_sizeof(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.bump();
        if self.eat("...") {
            self.expect("(", "after `sizeof...`")?;
            let (name, _) = self.expect_ident("in `sizeof...`")?;
            self.expect(")", "after the pack in `sizeof...`")?;
            return Ok(Expr::new(ExprKind::SizeofPack(name), self.span_from(start)));
        }
        if self.at("(") && self.is_type_start_at(self.pos + 1) {
            if let Some(ty) = self.try_paren_type() {
                return Ok(Expr::new(ExprKind::SizeofType(ty), self.span_from(start)));
            }
        }
        let operand = self.parse_unary()?;
        Ok(Expr::new(
            ExprKind::SizeofExpr(Box::new(operand)),
            self.span_from(start),
        ))
    }

    fn parse_postfix(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let (expr, targs) = self.parse_primary()?;
        self.postfix_ops(start, expr, targs)
    }

    /// The postfix operators (calls, launches, `[]`, `.`/`->`, `++`/`--`) after `expr`, which
    /// starts at token `start` and may carry template arguments for a call.
    fn postfix_ops(
        &mut self,
        start: usize,
        mut expr: Expr,
        mut targs: Option<Vec<TemplateArg>>,
    ) -> PResult<Expr> {
        loop {
            let t = *self.peek();
            if t.kind != TokenKind::Punct {
                break;
            }
            let kind = match t.text {
                "(" => {
                    let args = self.parse_call_args()?;
                    let template_args = targs.take().unwrap_or_default();
                    ExprKind::Call {
                        callee: Box::new(expr),
                        template_args,
                        args,
                    }
                }
                "<<<" => self.parse_launch(expr, targs.take().unwrap_or_default())?,
                "[" => {
                    self.bump();
                    let index = self.without_gt_end(|p| p.parse_expr())?;
                    self.expect("]", "after subscript")?;
                    ExprKind::Index(Box::new(expr), Box::new(index))
                }
                "." | "->" => {
                    self.bump();
                    // `g.template scale<float>(x)`: the keyword only says `<` opens arguments.
                    let template_keyword = self.eat("template");
                    if self.at("~") || self.at("operator") {
                        return self.unsupported("this member access form is");
                    }
                    let (field, _) = self.expect_ident(&format!("after `{}`", t.text))?;
                    if self.at("<") {
                        if template_keyword {
                            targs = Some(self.parse_template_args()?);
                        } else if self.may_have_template_args(&field, false) {
                            targs = self.try_template_args(&field, false);
                            self.reject_pack_in_template_args()?;
                        }
                    }
                    ExprKind::Member {
                        base: Box::new(expr),
                        field,
                        arrow: t.text == "->",
                    }
                }
                "++" | "--" => {
                    self.bump();
                    let op = if t.text == "++" {
                        UnOp::PostInc
                    } else {
                        UnOp::PostDec
                    };
                    ExprKind::Unary(op, Box::new(expr))
                }
                _ => break,
            };
            expr = Expr::new(kind, self.span_from(start));
        }
        if targs.is_some() {
            return self.err_here("expected `(` after template arguments");
        }
        Ok(expr)
    }

    /// At `(`: comma-separated arguments up to `)`.
    pub(crate) fn parse_call_args(&mut self) -> PResult<Vec<Expr>> {
        self.expect("(", "to open argument list")?;
        self.without_gt_end(|p| {
            let mut args = Vec::new();
            if p.eat(")") {
                return Ok(args);
            }
            loop {
                args.push(p.parse_list_item()?);
                if p.eat(",") {
                    continue;
                }
                p.expect(")", "to close argument list")?;
                return Ok(args);
            }
        })
    }

    /// One argument or braced item: an assignment expression, or a pack expansion
    /// `pattern...`.
    fn parse_list_item(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let item = self.parse_assign()?;
        if self.eat("...") {
            return Ok(Expr::new(
                ExprKind::PackExpansion(Box::new(item)),
                self.span_from(start),
            ));
        }
        Ok(item)
    }

    /// At `{`: initializer-list items up to `}` (trailing comma allowed).
    pub(crate) fn parse_brace_items(&mut self) -> PResult<Vec<Expr>> {
        self.expect("{", "to open initializer list")?;
        self.without_gt_end(|p| {
            let mut items = Vec::new();
            loop {
                if p.eat("}") {
                    return Ok(items);
                }
                if p.at(".") || p.at("[") {
                    return p.unsupported("designated initializers are");
                }
                items.push(p.parse_list_item()?);
                if !p.eat(",") {
                    p.expect("}", "to close initializer list")?;
                    return Ok(items);
                }
            }
        })
    }

    /// At `<<<`: `<<<grid, block[, shmem[, stream]]>>>(args)`.
    fn parse_launch(&mut self, kernel: Expr, template_args: Vec<TemplateArg>) -> PResult<ExprKind> {
        let open = self.bump().span;
        let config = self.without_gt_end(|p| {
            let mut config = vec![p.parse_assign()?];
            while p.eat(",") {
                config.push(p.parse_assign()?);
            }
            Ok(config)
        })?;
        let closes = self.at(">") && self.nth(1).glued && self.nth(2).glued && self.nth_is(2, ">");
        if !closes {
            return self.err_here("expected `>>>` to close kernel launch configuration");
        }
        for _ in 0..3 {
            self.bump();
        }
        if !(2..=4).contains(&config.len()) {
            let msg = format!(
                "a kernel launch takes 2 to 4 configuration arguments, found {}",
                config.len()
            );
            return Err(super::PErr { span: open, msg });
        }
        let args = self.parse_call_args()?;
        Ok(ExprKind::Launch {
            kernel: Box::new(kernel),
            template_args,
            config,
            args,
        })
    }

    /// A primary expression; for `f<T>` also the template arguments waiting for `(`/`<<<`.
    fn parse_primary(&mut self) -> PResult<(Expr, Option<Vec<TemplateArg>>)> {
        let start = self.pos;
        let t = *self.peek();
        let literal = match t.kind {
            TokenKind::Int => Some(ExprKind::IntLit(t.text.to_string())),
            TokenKind::Float => Some(ExprKind::FloatLit(t.text.to_string())),
            TokenKind::Char => Some(ExprKind::CharLit(t.text.to_string())),
            TokenKind::Str => Some(self.string_literal()),
            TokenKind::Directive => {
                return self.err_here("unexpected preprocessor directive in expression")
            }
            TokenKind::Eof => return self.err_here("expected expression"),
            _ => None,
        };
        if let Some(kind) = literal {
            if t.kind != TokenKind::Str {
                self.bump();
            }
            return Ok((Expr::new(kind, self.span_from(start)), None));
        }
        if t.kind == TokenKind::Punct {
            let kind = match t.text {
                "(" => self.parse_paren()?,
                "{" => ExprKind::InitList(self.parse_brace_items()?),
                "[" => self.parse_lambda()?,
                "::" => return self.parse_name_expr(),
                _ => return self.err_here("expected expression"),
            };
            return Ok((Expr::new(kind, self.span_from(start)), None));
        }
        let kind = match t.text {
            "true" | "false" => ExprKind::BoolLit(t.text == "true"),
            "nullptr" => ExprKind::Nullptr,
            "this" => ExprKind::Ident("this".to_string()),
            "static_cast" | "reinterpret_cast" | "const_cast" | "dynamic_cast" => {
                return Ok((self.parse_named_cast()?, None));
            }
            w if is_type_keyword(w) => return Ok((self.parse_keyword_type_cast()?, None)),
            "operator" => return self.err_here("operator overloads are not modelled"),
            "typeid" | "decltype" | "alignof" | "co_await" | "requires" => {
                return self.unsupported(&format!("`{}` is", t.text));
            }
            w if is_reserved(w) => {
                return self.err_here(format!("expected expression, found `{w}`"))
            }
            _ => return self.parse_name_expr(),
        };
        self.bump();
        Ok((Expr::new(kind, self.span_from(start)), None))
    }

    /// Adjacent string literals become one node.
    fn string_literal(&mut self) -> ExprKind {
        let mut text = self.bump().text.to_string();
        while self.peek().kind == TokenKind::Str {
            text = concat_strings(text, self.bump().text);
        }
        ExprKind::StrLit(text)
    }

    fn parse_paren(&mut self) -> PResult<ExprKind> {
        self.bump();
        self.without_gt_end(|p| {
            if p.at("...") {
                // `(... op rhs)`: a unary left fold.
                p.bump();
                let op = p.fold_operator()?;
                let rhs = p.parse_fold_operand()?;
                p.expect(")", "to close fold expression")?;
                return Ok(ExprKind::Fold {
                    op,
                    lhs: None,
                    rhs: Some(Box::new(rhs)),
                });
            }
            let inner = p.parse_expr()?;
            if p.fold_operator_at().is_some() && p.nth_is(p.fold_operator_len(), "...") {
                // `(lhs op ...)` or `(lhs op ... op rhs)`.
                let op = p.fold_operator()?;
                p.expect("...", "in fold expression")?;
                let rhs = if p.at(")") {
                    None
                } else {
                    let second = p.fold_operator()?;
                    if second != op {
                        return p.err_here(
                            "both operators of a binary fold expression must be the same",
                        );
                    }
                    Some(Box::new(p.parse_fold_operand()?))
                };
                p.expect(")", "to close fold expression")?;
                return Ok(ExprKind::Fold {
                    op,
                    lhs: Some(Box::new(inner)),
                    rhs,
                });
            }
            p.expect(")", "to close parenthesized expression")?;
            Ok(ExprKind::Paren(Box::new(inner)))
        })
    }

    /// The binary operator of a fold expression at the cursor (`,` included).
    fn fold_operator_at(&self) -> Option<BinOp> {
        let t = self.peek();
        if t.kind != TokenKind::Punct {
            return None;
        }
        if t.text == "," {
            return Some(BinOp::Comma);
        }
        self.peek_binary_op().map(|(_, op, _)| op)
    }

    /// Tokens of the fold operator at the cursor (`>` `>` is `>>`).
    fn fold_operator_len(&self) -> usize {
        match self.peek_binary_op() {
            Some((_, _, n)) if !self.at(",") => n,
            _ => 1,
        }
    }

    /// Consumes the operator of a fold expression.
    fn fold_operator(&mut self) -> PResult<BinOp> {
        let Some(op) = self.fold_operator_at() else {
            if self.peek().kind == TokenKind::Punct && assign_op(self.peek().text).is_some() {
                return self.unsupported("fold expressions over assignment operators are");
            }
            return self.err_here("expected a binary operator in fold expression");
        };
        for _ in 0..self.fold_operator_len() {
            self.bump();
        }
        Ok(op)
    }

    /// The operand of a fold expression after its operator: the pack's pattern or the initial
    /// value.
    fn parse_fold_operand(&mut self) -> PResult<Expr> {
        self.parse_binary(1)
    }

    /// `static_cast<T>(e)` and friends.
    fn parse_named_cast(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let kind = match self.bump().text {
            "static_cast" => CastKind::Static,
            "reinterpret_cast" => CastKind::Reinterpret,
            "const_cast" => CastKind::Const,
            _ => CastKind::Dynamic,
        };
        self.expect("<", "after cast keyword")?;
        let ty = self.with_gt_end(|p| p.parse_type_id())?;
        self.expect(">", "after cast type")?;
        self.expect("(", "after cast type")?;
        let expr = self.without_gt_end(|p| p.parse_expr())?;
        self.expect(")", "to close cast")?;
        Ok(Expr::new(
            ExprKind::Cast {
                kind,
                ty,
                expr: Box::new(expr),
            },
            self.span_from(start),
        ))
    }

    /// `float(x)`, `int{3}`, `unsigned(x)`.
    fn parse_keyword_type_cast(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let ty = self
            .parse_specs(SpecCtx::TypeId)?
            .ty
            .unwrap_or_else(|| Ty::new(TyKind::Void));
        if !(self.at("(") || self.at("{")) {
            return self.err_here("expected `(` after type name in expression");
        }
        self.functional_cast(ty, start)
    }

    /// `T(a)`, `T(a, b)` (a comma expression operand), `T()` / `T{...}` (an init list).
    fn functional_cast(&mut self, ty: Ty, start: usize) -> PResult<Expr> {
        let operand = if self.at("{") {
            let brace = self.pos;
            let items = self.parse_brace_items()?;
            Expr::new(ExprKind::InitList(items), self.span_from(brace))
        } else {
            let open = self.pos;
            let mut args = self.parse_call_args()?.into_iter();
            match args.next() {
                None => Expr::new(ExprKind::InitList(Vec::new()), self.span_from(open)),
                Some(first) => args.fold(first, |acc, next| {
                    let span = acc.span.to(next.span);
                    Expr::new(
                        ExprKind::Binary(BinOp::Comma, Box::new(acc), Box::new(next)),
                        span,
                    )
                }),
            }
        };
        let kind = ExprKind::Cast {
            kind: CastKind::Functional,
            ty,
            expr: Box::new(operand),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// A (qualified) name, possibly with template arguments: a variable, a function (to be
    /// called), a functional cast `T(x)` / `T{..}`, or `A<int>::member` kept as spelled.
    fn parse_name_expr(&mut self) -> PResult<(Expr, Option<Vec<TemplateArg>>)> {
        let start = self.pos;
        let Some(name) = self.take_name() else {
            return self.err_here("expected identifier");
        };
        let is_type = self.types.is_type(&name);
        let mut targs = None;
        if self.at("<") && self.may_have_template_args(&name, is_type) {
            targs = self.try_template_args(&name, is_type);
            self.reject_pack_in_template_args()?;
        }
        if targs.is_some() && self.at("::") {
            return self.verbatim_qualified_name(start);
        }
        // `name<args>{...}` can only be a functional cast (`cg::plus<float>{}`), even where
        // the name is not known as a type (declared in a header cuad does not read).
        let braced_template = targs.is_some() && self.at("{");
        if (is_type && (self.at("(") || self.at("{"))) || braced_template {
            let args = targs.unwrap_or_default();
            let ty = match (self.injected_type(&name, &args), name.as_str()) {
                (Some(ty), _) => ty,
                (None, "half" | "__half") if args.is_empty() => Ty::new(TyKind::Half),
                (None, "nv_bfloat16" | "__nv_bfloat16") if args.is_empty() => {
                    Ty::new(TyKind::BFloat16)
                }
                (None, _) => Ty::new(TyKind::Named { name, args }),
            };
            return Ok((self.functional_cast(ty, start)?, None));
        }
        let expr = Expr::new(ExprKind::Ident(name), self.span_from(start));
        if targs.is_some() && !(self.at("(") || self.at("<<<")) {
            let text = self.text_of(start, self.pos);
            return Ok((
                Expr::new(ExprKind::Ident(text), self.span_from(start)),
                None,
            ));
        }
        Ok((expr, targs))
    }

    /// `A<int>::value`, `std::numeric_limits<float>::max`: an identifier spelled as written.
    fn verbatim_qualified_name(
        &mut self,
        start: usize,
    ) -> PResult<(Expr, Option<Vec<TemplateArg>>)> {
        while self.at("::") {
            self.bump();
            self.expect_ident("after `::`")?;
            if self.at("<") {
                self.parse_template_args()?;
            }
        }
        let text: String = self
            .text_of(start, self.pos)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        Ok((
            Expr::new(ExprKind::Ident(text), self.span_from(start)),
            None,
        ))
    }

    /// Whether `name <` may open template arguments (cheap check before speculating).
    fn may_have_template_args(&self, name: &str, is_type: bool) -> bool {
        if self.speculation >= MAX_SPECULATION {
            return false;
        }
        if is_type || name.contains(':') || self.templates.contains(name) {
            return true;
        }
        let next = self.nth(1);
        matches!(
            next.kind,
            TokenKind::Int | TokenKind::Float | TokenKind::Char
        ) || next.is(">")
            || self.is_type_start_at(self.pos + 1)
    }

    /// Parses `<...>` speculatively; keeps it only if it is plausibly template arguments
    /// (rewinds otherwise, so `a < b` stays a comparison).
    fn try_template_args(&mut self, name: &str, is_type: bool) -> Option<Vec<TemplateArg>> {
        let save = self.pos;
        let outer_pack = self.pack_in_template_args.take();
        self.speculation += 1;
        let args = self.parse_template_args();
        self.speculation -= 1;
        let pack = std::mem::replace(&mut self.pack_in_template_args, outer_pack);
        // `ns::kHalf<T>`: templates are recorded by their own name
        let last = name.rsplit("::").next().unwrap_or(name);
        let trusted = is_type || self.templates.contains(name) || self.templates.contains(last);
        let followed = self.at("(") || self.at("<<<") || self.at("::") || self.at("{");
        let qualified = name.contains(':');
        match args {
            Ok(args)
                if trusted || followed && (qualified || args.iter().all(plain_template_arg)) =>
            {
                if let Some(at) = pack {
                    // Reported when the arguments are used (`parse_postfix`).
                    self.pack_in_template_args.get_or_insert(at);
                }
                Some(args)
            }
            _ => {
                self.pos = save;
                None
            }
        }
    }

    /// `f<Ts...>(vs...)`: template arguments that expand a pack are not modelled.
    fn reject_pack_in_template_args(&mut self) -> PResult<()> {
        match self.pack_in_template_args.take() {
            Some(span) => Err(super::PErr {
                span,
                msg: format!("{} not supported by cuad", super::ty::PACK_IN_TEMPLATE_ARGS),
            }),
            None => Ok(()),
        }
    }

    /// `[&, x](float v) -> float { ... }` (also `[=] __device__ (...) {...}`).
    fn parse_lambda(&mut self) -> PResult<ExprKind> {
        self.expect("[", "to open a lambda")?;
        let mut default_capture = None;
        let mut captures = Vec::new();
        while !self.eat("]") {
            if (self.at("&") || self.at("=")) && (self.nth_is(1, ",") || self.nth_is(1, "]")) {
                default_capture = self.peek().text.chars().next();
                self.bump();
            } else {
                let by_ref = self.eat("&");
                if self.at("this") || self.at("*") {
                    return self.unsupported("lambdas capturing `this` are");
                }
                let Some(name) = self.take_name() else {
                    return self.err_here("expected a captured name");
                };
                if self.at("=") || self.at("{") || self.at("(") {
                    return self.unsupported("lambda init-captures are");
                }
                captures.push((name, by_ref));
            }
            if !self.eat(",") && !self.at("]") {
                return self.err_here("expected `,` or `]` in a lambda capture list");
            }
        }
        let (mut device, mut host) = (false, false);
        while self.at("__device__") || self.at("__host__") {
            device |= self.at("__device__");
            host |= self.at("__host__");
            self.bump();
        }
        let params = if self.at("(") {
            self.parse_params()?
        } else {
            vec![]
        };
        let mut ret = None;
        loop {
            match self.peek().text {
                "__device__" | "__host__" | "constexpr" => {
                    device |= self.at("__device__");
                    host |= self.at("__host__");
                    self.bump();
                }
                "noexcept" => {
                    self.bump();
                    if self.at("(") {
                        self.skip_balanced();
                    }
                }
                "mutable" => return self.unsupported("`mutable` lambdas are"),
                "->" => {
                    self.bump();
                    ret = Some(self.parse_type_id()?);
                }
                _ => break,
            }
        }
        if !self.at("{") {
            return self.err_here("expected `{` to open the lambda's body");
        }
        let body = self.parse_block()?;
        Ok(ExprKind::Lambda(Box::new(crate::ast::Lambda {
            default_capture,
            captures,
            params,
            ret,
            body,
            device,
            host,
        })))
    }
}

/// Template arguments that cannot be mistaken for comparison operands: types and literals.
fn plain_template_arg(arg: &TemplateArg) -> bool {
    match arg {
        TemplateArg::Type(_) => true,
        TemplateArg::Expr(e) => matches!(
            e.kind,
            ExprKind::IntLit(_)
                | ExprKind::FloatLit(_)
                | ExprKind::CharLit(_)
                | ExprKind::BoolLit(_)
        ),
    }
}
