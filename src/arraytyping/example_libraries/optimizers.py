"""``arraytyping.example_libraries.optimizers``: JAX 0.10.2's ``jax.example_libraries.optimizers``, examples of
how to write optimizers with JAX (``(init_fun, update_fun, get_params)`` triples over pytrees of arrays)."""

from arraytyping._src.example_libraries.optimizers import (
    adagrad, adam, adamax, clip_grads, constant, exponential_decay, InitFn, inverse_time_decay, JoinPoint, l2_norm,
    make_schedule, momentum, nesterov, Optimizer, optimizer, OptimizerState, pack_optimizer_state, Params, ParamsFn,
    piecewise_constant, polynomial_decay, rmsprop, rmsprop_momentum, Schedule, sgd, sm3, State, Step,
    unpack_optimizer_state, UpdateFn, Updates, Array, safe_map, safe_zip, unzip2,
)
from arraytyping._src.example_libraries.optimizers import safe_map as map, safe_zip as zip  # noqa: A004 - JAX's names

__all__ = [
    "adagrad", "adam", "adamax", "clip_grads", "constant", "exponential_decay", "InitFn", "inverse_time_decay",
    "JoinPoint", "l2_norm", "make_schedule", "momentum", "nesterov", "Optimizer", "optimizer", "OptimizerState",
    "pack_optimizer_state", "Params", "ParamsFn", "piecewise_constant", "polynomial_decay", "rmsprop",
    "rmsprop_momentum", "Schedule", "sgd", "sm3", "State", "Step", "unpack_optimizer_state", "UpdateFn", "Updates",
    "Array", "map", "safe_map", "safe_zip", "unzip2", "zip",
]
