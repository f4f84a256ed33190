"""The transformations of jaxprs: automatic differentiation and batching, each an interpreter with its
machinery and its rule table, one module of rules per primitive family."""
