//! The typed IR of cards, lowering from the AST, and the canonical rules text.
