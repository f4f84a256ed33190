"""Batching (``vmap``): the batching interpreter (``batching``) and its rules, one module per
primitive family."""
