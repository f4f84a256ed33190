"""Optimisers over parameter tuples: SGD, momentum, Adam and AdamW, gradient clipping and learning-rate
schedules. Optimiser states are NamedTuples and dataclasses of float32 arrays with an int32 step counter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

import arraytyping.numpy as anp
from arraytyping import Array, float32, int32

Params = tuple[Array[float32], ...]
Schedule = Callable[[int], float]


class MomentumState(NamedTuple):
    velocity: Params


class AdamState(NamedTuple):
    step: Array[int32]
    mu: Params
    nu: Params


@dataclass(frozen=True)
class AdamConfig:
    learning_rate: float = 1e-3
    b1: float = 0.9
    b2: float = 0.999
    eps: float = 1e-8
    weight_decay: float = 0.0


@dataclass(frozen=True)
class TrainState:
    params: Params
    opt: AdamState
    step: int = 0
    loss_scale: float = 2.0 ** 15

    def next(self, params: Params, opt: AdamState) -> TrainState:
        return replace(self, params=params, opt=opt, step=self.step + 1)


def zeros_like_params(params: Params) -> Params:
    return tuple(anp.zeros_like(p) for p in params)


def sgd(params: Params, grads: Params, learning_rate: float) -> Params:
    return tuple(p - learning_rate * g for p, g in zip(params, grads))


def init_momentum(params: Params) -> MomentumState:
    return MomentumState(zeros_like_params(params))


def momentum(params: Params, grads: Params, state: MomentumState, learning_rate: float, beta: float = 0.9,
             nesterov: bool = False) -> tuple[Params, MomentumState]:
    velocity = tuple(beta * v + g for v, g in zip(state.velocity, grads))
    if nesterov:
        steps = tuple(g + beta * v for g, v in zip(grads, velocity))
    else:
        steps = velocity
    new_params = tuple(p - learning_rate * s for p, s in zip(params, steps))
    return new_params, MomentumState(velocity)


def init_adam(params: Params) -> AdamState:
    return AdamState(anp.zeros((), dtype=int32), zeros_like_params(params), zeros_like_params(params))


def adam(params: Params, grads: Params, state: AdamState, config: AdamConfig) -> tuple[Params, AdamState]:
    step = state.step + 1
    t = step.astype(float32)
    mu = tuple(config.b1 * m + (1.0 - config.b1) * g for m, g in zip(state.mu, grads))
    nu = tuple(config.b2 * v + (1.0 - config.b2) * g * g for v, g in zip(state.nu, grads))
    mu_hat_scale = 1.0 / (1.0 - config.b1 ** t)
    nu_hat_scale = 1.0 / (1.0 - config.b2 ** t)
    new_params = tuple(
        p - config.learning_rate * (m * mu_hat_scale / (anp.sqrt(v * nu_hat_scale) + config.eps)
                                    + config.weight_decay * p)
        for p, m, v in zip(params, mu, nu)
    )
    return new_params, AdamState(step, mu, nu)


def global_norm(grads: Params) -> Array[float32]:
    total = anp.zeros((), dtype=float32)
    for g in grads:
        total = total + (g * g).sum()
    return anp.sqrt(total)


def clip_by_global_norm(grads: Params, max_norm: float) -> tuple[Params, Array[float32]]:
    norm = global_norm(grads)
    scale = anp.minimum(1.0, max_norm / (norm + 1e-6))
    return tuple(g * scale for g in grads), norm


def clip_elementwise(grads: Params, bound: float) -> Params:
    return tuple(anp.minimum(anp.maximum(g, -bound), bound) for g in grads)


def all_finite(grads: Params) -> Array[float32]:
    """1.0 when every gradient entry is finite, else 0.0 (NaN compares unequal to itself)."""
    ok = anp.ones((), dtype=float32)
    for g in grads:
        finite = (g == g) & (anp.abs(g) < 3.0e38)
        ok = ok * finite.all().astype(float32)
    return ok


def constant_schedule(value: float) -> Schedule:
    return lambda step: value


def linear_warmup(peak: float, warmup_steps: int) -> Schedule:
    def schedule(step: int) -> float:
        return peak * min(1.0, (step + 1) / max(warmup_steps, 1))
    return schedule


def cosine_decay(peak: float, total_steps: int, warmup_steps: int = 0, floor: float = 0.0) -> Schedule:
    def schedule(step: int) -> float:
        if step < warmup_steps:
            return peak * (step + 1) / warmup_steps
        progress = min(1.0, (step - warmup_steps) / max(total_steps - warmup_steps, 1))
        return floor + 0.5 * (peak - floor) * (1.0 + math.cos(math.pi * progress))
    return schedule


def exponential_decay(initial: float, decay_rate: float, decay_steps: int) -> Schedule:
    return lambda step: initial * decay_rate ** (step / decay_steps)


def ema_update(ema: Params, params: Params, decay: float = 0.999) -> Params:
    """Exponential moving average of the parameters, for evaluation."""
    return tuple(decay * e + (1.0 - decay) * p for e, p in zip(ema, params))


def weight_decay_mask(params: Params) -> tuple[bool, ...]:
    """Decay matrices, not biases or norm scales."""
    return tuple(p.ndim >= 2 for p in params)


def apply_weight_decay(params: Params, mask: tuple[bool, ...], rate: float) -> Params:
    return tuple(p * (1.0 - rate) if decay else p for p, decay in zip(params, mask))
