//! The grammar recurses only through the nesting of blocks, which the pre-pass bounds.
//!
//! The parser's stack depth is therefore bounded by the input's block depth, at most
//! `MAX_DEPTH` (16) before a card is refused with `E0007` and not parsed
//! (`crates/cardc-syntax/src/lex.rs`), and never by the length of a sentence or a list. That
//! is what makes the parser safe without a stack probe on every rule call: pest is pinned to a
//! release without one (see the workspace's `Cargo.toml` and docs/performance.md). A new rule
//! that calls itself, directly or through others, fails here; the rule graph is read from the
//! same `.pest` text pest_derive compiles, with the generated half as the generator writes it
//! today.
//!
//! The grammar also never uses pest's stack (`PUSH`, `POP`, `PEEK`, `DROP`): pest 2.9.0 began
//! to snapshot that stack at every sequence, to restore it when the sequence fails, which only a
//! grammar that pushes needs and which cost this one an eighth of its instructions. The pin
//! to 2.8.6 rests on that; `the_grammar_never_uses_the_stack` fails on the first stack operation.
//!
//! And no literal of a choice is shadowed by an earlier one that begins it (`^"a" | ^"at"`),
//! which would make the later one dead text that reads as if it mattered
//! (`no_literal_is_shadowed_by_an_earlier_one`).
//!
//! A chain of joined objects (`Destroy target A and target B and …`, ruling R110) once
//! recursed: each `and_…` rule looked ahead for a whole `simple_effect`, which reads its own
//! joined objects. It now looks ahead for `lone_effect`, which does not, and
//! `crates/cardc-syntax/tests/robustness.rs` reads chains of 20,000.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// Every expression of `expr`, itself first. pest_meta's own `iter_top_down` does not look
/// inside `RestoreOnErr`, which its optimizer wraps around any branch that uses the stack:
/// exactly the expressions `stack_users` looks for.
fn walk<'e>(expr: &'e OptimizedExpr, out: &mut Vec<&'e OptimizedExpr>) {
    out.push(expr);
    match expr {
        OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
            walk(a, out);
            walk(b, out);
        }
        OptimizedExpr::PosPred(e)
        | OptimizedExpr::NegPred(e)
        | OptimizedExpr::Opt(e)
        | OptimizedExpr::Rep(e)
        | OptimizedExpr::Push(e)
        | OptimizedExpr::RestoreOnErr(e) => walk(e, out),
        _ => {}
    }
}

/// The expressions of a rule's body.
fn parts(expr: &OptimizedExpr) -> Vec<&OptimizedExpr> {
    let mut out = Vec::new();
    walk(expr, &mut out);
    out
}

/// The rules of `grammar`, as pest_derive optimises them before it writes the parser.
fn rules(grammar: &str) -> Vec<OptimizedRule> {
    let (_, rules) = pest_meta::parse_and_optimize(grammar).expect("the grammar compiles");
    rules
}

/// Each rule of `grammar` with the rules it calls.
fn graph(grammar: &str) -> BTreeMap<String, BTreeSet<String>> {
    rules(grammar)
        .iter()
        .map(|r| {
            let called = parts(&r.expr).into_iter().filter_map(|e| match e {
                OptimizedExpr::Ident(name) => Some(name.clone()),
                _ => None,
            });
            (r.name.clone(), called.collect())
        })
        .collect()
}

/// The rules of `grammar` that use pest's stack, each with the operation it uses.
fn stack_users(grammar: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for rule in &rules(grammar) {
        for e in parts(&rule.expr) {
            let op = match e {
                OptimizedExpr::Push(_) => Some("PUSH".to_owned()),
                OptimizedExpr::PeekSlice(..) => Some("PEEK[..]".to_owned()),
                OptimizedExpr::Ident(name)
                    if matches!(
                        name.as_str(),
                        "POP" | "POP_ALL" | "PEEK" | "PEEK_ALL" | "DROP"
                    ) =>
                {
                    Some(name.clone())
                }
                _ => None,
            };
            found.extend(op.map(|op| (rule.name.clone(), op)));
        }
    }
    found
}

/// The alternatives of a choice, in the order they are tried (pest nests `a | b | c` as
/// `Choice(a, Choice(b, c))`, or leaning the other way).
fn alternatives<'e>(expr: &'e OptimizedExpr, out: &mut Vec<&'e OptimizedExpr>) {
    match expr {
        OptimizedExpr::Choice(a, b) => {
            alternatives(a, out);
            alternatives(b, out);
        }
        other => out.push(other),
    }
}

/// The literals of `grammar` that can never be chosen: in a choice, a literal after one that
/// begins it (`^"a" | ^"at"`) is never tried on input it would match, since the earlier one
/// matches there first and a choice, once it has matched, is not tried again. Each is given
/// as (rule, the literal that shadows it, the literal shadowed).
fn shadowed_literals(grammar: &str) -> Vec<(String, String, String)> {
    // The text `earlier` always matches where `later` does.
    fn begins(earlier: &OptimizedExpr, later: &OptimizedExpr) -> bool {
        match (earlier, later) {
            (OptimizedExpr::Str(e), OptimizedExpr::Str(l)) => l.starts_with(e.as_str()),
            (OptimizedExpr::Insens(e), OptimizedExpr::Str(l) | OptimizedExpr::Insens(l)) => l
                .get(..e.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(e)),
            _ => false,
        }
    }
    let mut found = Vec::new();
    for rule in &rules(grammar) {
        for e in parts(&rule.expr) {
            // Every choice node, the inner ones of a nested choice too: those find again
            // pairs the outer one found, which `dedup` drops.
            let OptimizedExpr::Choice(..) = e else {
                continue;
            };
            let mut alts = Vec::new();
            alternatives(e, &mut alts);
            for (j, later) in alts.iter().enumerate() {
                if let Some(earlier) = alts[..j].iter().find(|earlier| begins(earlier, later)) {
                    found.push((rule.name.clone(), earlier.to_string(), later.to_string()));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// `grammar/cards.pest` and the half generated from the table, as pest_derive compiles them.
fn whole_grammar() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cards =
        std::fs::read_to_string(root.join("grammar/cards.pest")).expect("grammar/cards.pest");
    let table = std::fs::read_to_string(root.join(cardc_vocabgen::TABLE)).expect("the table");
    let table = cardc_vocabgen::table::read(&table).expect("the table reads");
    let vocabulary = cardc_vocabgen::emit::pest(&table);
    format!("{cards}\n{vocabulary}")
}

/// The strongly connected components of `graph` that hold a cycle (Tarjan's algorithm,
/// iteratively: the grammar has hundreds of rules).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let names: Vec<&String> = graph.keys().collect();
    let at: BTreeMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|m| at.get(m).copied())
                .collect()
        })
        .collect();
    let n = names.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut out) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some((v, edge)) = work.pop() {
            if edge == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = edges[v].get(edge) {
                work.push((v, edge + 1));
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    component.insert(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 || edges[v].contains(&v) {
                    out.push(component);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_grammar_recurses_only_through_nested_blocks() {
    let graph = graph(&whole_grammar());
    let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    // `balanced`: braces inside a line that is not an item; `card_body`/`face`: a face's
    // block inside a card's. Both nest once per `{`, which the pre-pass counts.
    assert_eq!(
        cycles(&graph),
        [set(&["balanced"]), set(&["card_body", "face"])],
        "a rule that recurses other than through a `{{`: the parser's stack would grow with \
         the input"
    );
}

#[test]
fn a_cycle_is_found() {
    // The finder itself, on a grammar with a self-call, a three-rule cycle and a chain.
    let grammar = "a = { \"x\" ~ a? }\nb = { c }\nc = { d | \"y\" }\nd = { \"(\" ~ b ~ \")\" }\ne = { a ~ b }";
    let found: Vec<Vec<String>> = cycles(&graph(grammar))
        .into_iter()
        .map(|c| c.into_iter().collect())
        .collect();
    assert_eq!(found, [vec!["a"], vec!["b", "c", "d"]]);
}

#[test]
fn the_grammar_never_uses_the_stack() {
    assert_eq!(
        stack_users(&whole_grammar()),
        [],
        "a rule uses pest's stack: pest 2.8.6 does not restore it when a sequence fails, so \
         the pin in the workspace's Cargo.toml no longer holds (docs/performance.md)"
    );
}

#[test]
fn a_stack_operation_is_found() {
    // The finder itself: a push, a peek, a pop and a drop, each in its own rule.
    let grammar = "a = { PUSH(\"x\") ~ b }\nb = { PEEK ~ c }\nc = { POP | DROP }\nd = { \"y\" }";
    let found = stack_users(grammar);
    let expect = [("a", "PUSH"), ("b", "PEEK"), ("c", "POP"), ("c", "DROP")];
    assert_eq!(found, expect.map(|(r, o)| (r.to_owned(), o.to_owned())));
}

#[test]
fn no_literal_is_shadowed_by_an_earlier_one() {
    // `reserved` once listed `a` before `at` and `control` before `controls`, so a
    // capitalised `At` after a kind was read as a word of the kind.
    assert_eq!(
        shadowed_literals(&whole_grammar()),
        [],
        "a literal of a choice can never be chosen: put it before the literal that begins it"
    );
}

#[test]
fn a_shadowed_literal_is_found() {
    let grammar = "a = { ^\"a\" | \"b\" | ^\"At\" }\nb = { \"c\" | ^\"cd\" | \"ce\" }\nc = { \"xy\" | \"x\" }";
    let found = shadowed_literals(grammar);
    let expect = [("a", "^\"a\"", "^\"At\""), ("b", "\"c\"", "\"ce\"")];
    assert_eq!(
        found,
        expect.map(|(r, e, l)| (r.to_owned(), e.to_owned(), l.to_owned()))
    );
}
