"""Losses and their hand-written gradients with respect to the logits or predictions.

Losses reduce in float32 whatever dtype the logits were computed in.
"""

from __future__ import annotations

from typing import TypeVar

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, floating, int32
from layers import log_softmax, one_hot, sigmoid, softmax

F = TypeVar("F", bound=floating)


def mean_squared_error(predictions: Array[float32], targets: Array[float32]) -> Array[float32]:
    diff = predictions - targets
    return (diff * diff).mean()


def weighted_mean_squared_error(predictions: Array[float32], targets: Array[float32], weights: Array[float32]
                                ) -> Array[float32]:
    per_example = ((predictions - targets) ** 2).sum(axis=-1)
    return (per_example * weights).sum() / anp.maximum(weights.sum(), 1e-8)


def mean_absolute_error(predictions: Array[float32], targets: Array[float32]) -> Array[float32]:
    return anp.abs(predictions - targets).mean()


def huber(predictions: Array[float32], targets: Array[float32], delta: float = 1.0) -> Array[float32]:
    err = anp.abs(predictions - targets)
    quadratic = 0.5 * err * err
    linear = delta * (err - 0.5 * delta)
    return anp.where(err <= delta, quadratic, linear).mean()


def softmax_cross_entropy(logits: Array[float32], labels: Array[int32]) -> Array[float32]:
    """Mean cross-entropy of integer labels."""
    targets = one_hot(labels, logits.shape[-1])
    return -(targets * log_softmax(logits)).sum(axis=-1).mean()


def softmax_cross_entropy_any(logits: Array[F], labels: Array[int32]) -> Array[float32]:
    """Logits of any floating dtype: the loss is computed in float32."""
    return softmax_cross_entropy(logits.astype(float32), labels)


def smoothed_cross_entropy(logits: Array[float32], labels: Array[int32], smoothing: float = 0.1
                           ) -> Array[float32]:
    classes = logits.shape[-1]
    targets = one_hot(labels, classes) * (1.0 - smoothing) + smoothing / classes
    return -(targets * log_softmax(logits)).sum(axis=-1).mean()


def masked_cross_entropy(logits: Array[float32], labels: Array[int32], mask: Array[bool_]) -> Array[float32]:
    """Per-token cross-entropy averaged over the positions where ``mask`` holds."""
    targets = one_hot(labels.reshape(-1), logits.shape[-1])
    flat = logits.reshape(-1, logits.shape[-1])
    per_token = -(targets * log_softmax(flat)).sum(axis=-1)
    weights = mask.reshape(-1).astype(float32)
    return (per_token * weights).sum() / anp.maximum(weights.sum(), 1.0)


def binary_cross_entropy_with_logits(logits: Array[float32], targets: Array[float32]) -> Array[float32]:
    """Stable form: ``max(x, 0) - x * t + log(1 + exp(-|x|))``."""
    loss = anp.maximum(logits, 0.0) - logits * targets + anp.log(1.0 + anp.exp(-anp.abs(logits)))
    return loss.mean()


def focal_loss(logits: Array[float32], targets: Array[float32], gamma: float = 2.0, alpha: float = 0.25
               ) -> Array[float32]:
    p = sigmoid(logits)
    pt = anp.where(targets > 0.5, p, 1.0 - p)
    weight = anp.where(targets > 0.5, alpha, 1.0 - alpha)
    return (-weight * (1.0 - pt) ** gamma * anp.log(anp.maximum(pt, 1e-8))).mean()


def kl_divergence(logits_p: Array[float32], logits_q: Array[float32]) -> Array[float32]:
    log_p = log_softmax(logits_p)
    log_q = log_softmax(logits_q)
    return (anp.exp(log_p) * (log_p - log_q)).sum(axis=-1).mean()


def distillation_loss(student: Array[float32], teacher: Array[float32], temperature: float = 2.0
                      ) -> Array[float32]:
    return kl_divergence(teacher / temperature, student / temperature) * temperature ** 2


def cross_entropy_grad(logits: Array[float32], labels: Array[int32]) -> Array[float32]:
    """Gradient of the mean cross-entropy with respect to the logits: ``(softmax - one_hot) / batch``."""
    batch = logits.shape[0]
    return (softmax(logits) - one_hot(labels, logits.shape[-1])) / batch


def mse_grad(predictions: Array[float32], targets: Array[float32]) -> Array[float32]:
    return 2.0 * (predictions - targets) / predictions.size


def l2_penalty(weights: tuple[Array[float32], ...], coefficient: float) -> Array[float32]:
    total = anp.zeros((), dtype=float32)
    for w in weights:
        total = total + (w * w).sum()
    return 0.5 * coefficient * total


def contrastive_loss(a: Array[float32], b: Array[float32], temperature: float = 0.1) -> Array[float32]:
    """InfoNCE between two batches of embeddings: matching rows are the positives."""
    a_n = a / anp.sqrt((a * a).sum(axis=-1, keepdims=True) + 1e-8)
    b_n = b / anp.sqrt((b * b).sum(axis=-1, keepdims=True) + 1e-8)
    logits = (a_n @ b_n.T) / temperature
    labels = anp.arange(a.shape[0])
    return 0.5 * (softmax_cross_entropy(logits, labels) + softmax_cross_entropy(logits.T, labels))
