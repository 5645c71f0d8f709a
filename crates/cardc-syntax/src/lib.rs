//! The card language front end: pest grammar to an AST with byte spans.
