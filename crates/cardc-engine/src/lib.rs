//! The core rules engine: §7 Characters and §12 Liberation.
