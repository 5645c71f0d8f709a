//! IR to printable proof sheets through Tera templates.
