//! The cardc command line and the build-script API.
