"""Evaluation metrics: accuracy, top-k counts, confusion matrices, precision/recall/F1, calibration, running means,
perplexity, regression metrics and per-class statistics.

Logits may come in any floating dtype; probabilities and rates are float32, counts int32. Aggregates that outlive a
batch are kept on the host as Python floats.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

import arraytyping.numpy as anp
from arraytyping import Array, bool_, float32, floating, int32
from data import ImageBatch
from layers import log_softmax, one_hot, softmax

F = TypeVar("F", bound=floating)


# --- Classification: accuracy and ranks ------------------------------------------------------------------------


def predicted_classes(logits: Array[F]) -> Array[int32]:
    """The argmax, taken on the host: the logits go back to numpy, the indices come back as int32."""
    host = np.asarray(logits.astype(float32))
    return anp.asarray(np.asarray(np.argmax(host, axis=-1), dtype=np.int32))


def correct(logits: Array[F], labels: Array[int32]) -> Array[bool_]:
    return predicted_classes(logits) == labels


def accuracy(logits: Array[F], labels: Array[int32]) -> Array[float32]:
    return correct(logits, labels).mean()


def rank_of_label(logits: Array[F], labels: Array[int32]) -> Array[int32]:
    """How many classes score strictly above the true one: 0 is a top-1 hit."""
    scores = logits.astype(float32)
    true_score = (scores * one_hot(labels, scores.shape[-1])).sum(axis=-1, keepdims=True)
    return (scores > true_score).sum(axis=-1)


def top_k_accuracy(logits: Array[F], labels: Array[int32], k: int = 5) -> Array[float32]:
    return (rank_of_label(logits, labels) < k).mean()


def top_k_counts(logits: Array[F], labels: Array[int32], ks: Sequence[int] = (1, 5)) -> dict[int, int]:
    ranks = rank_of_label(logits, labels)
    return {k: int((ranks < k).sum()) for k in ks}


def mean_reciprocal_rank(logits: Array[F], labels: Array[int32]) -> Array[float32]:
    ranks = rank_of_label(logits, labels)
    return (1.0 / (ranks + 1)).mean()


# --- Confusion counts, precision, recall and F1 -------------------------------------------------------------------


class ClassCounts(NamedTuple):
    true_positive: Array[int32]
    false_positive: Array[int32]
    false_negative: Array[int32]
    support: Array[int32]


class PrecisionRecall(NamedTuple):
    precision: Array[float32]
    recall: Array[float32]
    f1: Array[float32]


class BinaryCounts(NamedTuple):
    tp: Array[int32]
    fp: Array[int32]
    fn: Array[int32]
    tn: Array[int32]


def confusion_matrix(predictions: Array[int32], labels: Array[int32], num_classes: int) -> Array[int32]:
    """``counts[i, j]``: the examples of true class ``i`` predicted as class ``j``."""
    truth = one_hot(labels, num_classes)
    predicted = one_hot(predictions, num_classes)
    return (truth.T @ predicted).astype(int32)


def class_counts(confusion: Array[int32]) -> ClassCounts:
    num_classes = confusion.shape[0]
    classes = anp.arange(num_classes)
    diagonal = classes.reshape(-1, 1) == classes.reshape(1, -1)
    tp = anp.where(diagonal, confusion, 0).sum(axis=1)
    predicted = confusion.sum(axis=0)
    actual = confusion.sum(axis=1)
    return ClassCounts(tp, predicted - tp, actual - tp, actual)


def safe_divide(numerator: Array[int32], denominator: Array[int32]) -> Array[float32]:
    """Zero where the denominator is zero, like scikit-learn's ``zero_division=0``."""
    num = numerator.astype(float32)
    den = denominator.astype(float32)
    return anp.where(den > 0, num / anp.maximum(den, 1.0), 0.0)


def precision_recall_f1(counts: ClassCounts) -> PrecisionRecall:
    precision = safe_divide(counts.true_positive, counts.true_positive + counts.false_positive)
    recall = safe_divide(counts.true_positive, counts.true_positive + counts.false_negative)
    total = precision + recall
    f1 = anp.where(total > 0, 2.0 * precision * recall / anp.maximum(total, 1e-12), 0.0)
    return PrecisionRecall(precision, recall, f1)


def micro_f1(counts: ClassCounts) -> Array[float32]:
    """Pooled over classes; for single-label problems this is the accuracy."""
    tp = counts.true_positive.sum().astype(float32)
    fp = counts.false_positive.sum().astype(float32)
    fn = counts.false_negative.sum().astype(float32)
    return 2.0 * tp / anp.maximum(2.0 * tp + fp + fn, 1.0)


def binary_counts(scores: Array[F], targets: Array[bool_], threshold: float = 0.5) -> BinaryCounts:
    predicted = scores > threshold
    return BinaryCounts(
        tp=(predicted & targets).sum(),
        fp=(predicted & ~targets).sum(),
        fn=(~predicted & targets).sum(),
        tn=(~predicted & ~targets).sum(),
    )


def balanced_accuracy(counts: BinaryCounts) -> Array[float32]:
    sensitivity = counts.tp / anp.maximum(counts.tp + counts.fn, 1)
    specificity = counts.tn / anp.maximum(counts.tn + counts.fp, 1)
    return 0.5 * (sensitivity + specificity)


def matthews_correlation(counts: BinaryCounts) -> Array[float32]:
    tp, fp, fn, tn = (c.astype(float32) for c in counts)
    numerator = tp * tn - fp * fn
    denominator = anp.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return anp.where(denominator > 0, numerator / anp.maximum(denominator, 1e-12), 0.0)


# --- Calibration -----------------------------------------------------------------------------------------------


class CalibrationBins(NamedTuple):
    counts: Array[int32]
    confidence: Array[float32]
    accuracy: Array[float32]


def calibration_bins(logits: Array[F], labels: Array[int32], num_bins: int = 15) -> CalibrationBins:
    """Equal-width confidence bins: per bin, how many predictions, their mean confidence and their accuracy."""
    probs = softmax(logits.astype(float32))
    confidence = probs.max(axis=-1).reshape(-1, 1)
    hits = correct(logits, labels).astype(float32).reshape(-1, 1)
    edges = anp.linspace(0.0, 1.0, num_bins + 1)
    members = (confidence > edges[:-1].reshape(1, -1)) & (confidence <= edges[1:].reshape(1, -1))
    weights = members.astype(float32)
    totals = anp.maximum(weights.sum(axis=0), 1.0)
    mean_confidence = (weights * confidence).sum(axis=0) / totals
    bin_accuracy = (weights * hits).sum(axis=0) / totals
    return CalibrationBins(members.sum(axis=0), mean_confidence, bin_accuracy)


def expected_calibration_error(bins: CalibrationBins) -> Array[float32]:
    n = bins.counts.astype(float32)
    gap = anp.abs(bins.accuracy - bins.confidence)
    return (gap * n).sum() / anp.maximum(n.sum(), 1.0)


def brier_score(logits: Array[F], labels: Array[int32]) -> Array[float32]:
    probs = softmax(logits).astype(float32)
    targets = one_hot(labels, logits.shape[-1])
    return ((probs - targets) ** 2).sum(axis=-1).mean()


def predictive_entropy(logits: Array[F]) -> Array[F]:
    """Entropy of each predictive distribution, in the logits' dtype."""
    log_p = log_softmax(logits)
    return -(anp.exp(log_p) * log_p).sum(axis=-1)


# --- Language modelling -----------------------------------------------------------------------------------------


def token_log_likelihood(logits: Array[F], tokens: Array[int32]) -> Array[float32]:
    """The log-probability of each observed token, ``(batch, length)``, computed in float32."""
    batch, length, vocab = logits.shape
    log_p = log_softmax(logits.astype(float32))
    targets = one_hot(tokens, vocab).reshape(batch, length, vocab)
    return (log_p * targets).sum(axis=-1)


def mean_token_nll(logits: Array[F], tokens: Array[int32], mask: Array[bool_]) -> Array[float32]:
    weights = mask.astype(float32)
    return -(token_log_likelihood(logits, tokens) * weights).sum() / anp.maximum(weights.sum(), 1.0)


def perplexity(logits: Array[F], tokens: Array[int32], mask: Array[bool_]) -> Array[float32]:
    return anp.exp(mean_token_nll(logits, tokens, mask))


def sequence_perplexities(logits: Array[F], tokens: Array[int32], lengths: Array[int32]) -> Array[float32]:
    """One perplexity per sequence, over its first ``length`` tokens."""
    positions = anp.arange(tokens.shape[1]).reshape(1, -1)
    weights = (positions < lengths.reshape(-1, 1)).astype(float32)
    nll = -(token_log_likelihood(logits, tokens) * weights).sum(axis=1)
    return anp.exp(nll / anp.maximum(lengths, 1))


# --- Regression ---------------------------------------------------------------------------------------------------


class RegressionReport(NamedTuple):
    mse: Array[float32]
    rmse: Array[float32]
    mae: Array[float32]
    r2: Array[float32]
    max_error: Array[float32]


def r2_score(predictions: Array[F], targets: Array[F]) -> Array[F]:
    residual = ((targets - predictions) ** 2).sum()
    total = ((targets - targets.mean()) ** 2).sum()
    return 1.0 - residual / anp.maximum(total, 1e-12)


def regression_report(predictions: Array[float32], targets: Array[float32]) -> RegressionReport:
    errors = predictions - targets
    mse = (errors * errors).mean()
    return RegressionReport(
        mse=mse,
        rmse=anp.sqrt(mse),
        mae=anp.abs(errors).mean(),
        r2=r2_score(predictions, targets),
        max_error=anp.abs(errors).max(),
    )


# --- Per-class statistics ---------------------------------------------------------------------------------------


def per_class_mean(values: Array[F], labels: Array[int32], num_classes: int) -> Array[F]:
    """The mean of ``values`` (one per example) over each class's examples; zero for absent classes."""
    members = one_hot(labels, num_classes).astype(values.dtype)
    sums = (members * values.reshape(-1, 1)).sum(axis=0)
    return sums / anp.maximum(members.sum(axis=0), 1.0)


def per_class_accuracy(predictions: Array[int32], labels: Array[int32], num_classes: int) -> Array[float32]:
    counts = class_counts(confusion_matrix(predictions, labels, num_classes))
    return safe_divide(counts.true_positive, counts.support)


def classification_report(logits: Array[F], labels: Array[int32], names: Sequence[str]) -> dict[str, dict[str, float]]:
    predictions = predicted_classes(logits)
    counts = class_counts(confusion_matrix(predictions, labels, len(names)))
    scores = precision_recall_f1(counts)
    host: dict[str, npt.NDArray[np.float32]] = {
        "precision": np.asarray(scores.precision, dtype=np.float32),
        "recall": np.asarray(scores.recall, dtype=np.float32),
        "f1": np.asarray(scores.f1, dtype=np.float32),
    }
    support = np.asarray(counts.support)
    report = {name: {key: float(values[i]) for key, values in host.items()} for i, name in enumerate(names)}
    for i, name in enumerate(names):
        report[name]["support"] = float(support[i])
    report["macro avg"] = {key: float(values.mean()) for key, values in host.items()}
    return report


# --- Running aggregates -----------------------------------------------------------------------------------------


@dataclass
class RunningMean:
    """A streaming average on the host; batches weigh by their size."""

    total: float = 0.0
    count: float = 0.0

    def update(self, value: Array[float32] | float, weight: float = 1.0) -> None:
        self.total += float(value) * weight
        self.count += weight

    @property
    def value(self) -> float:
        return self.total / self.count if self.count > 0 else math.nan


@dataclass
class MetricAccumulator:
    means: dict[str, RunningMean] = field(default_factory=dict[str, RunningMean])

    def update(self, values: Mapping[str, Array[float32] | float], weight: float = 1.0) -> None:
        for name, value in values.items():
            self.means.setdefault(name, RunningMean()).update(value, weight)

    def compute(self) -> dict[str, float]:
        return {name: mean.value for name, mean in self.means.items()}


class DeviceMean(NamedTuple):
    total: Array[float32]
    weight: Array[float32]


def device_mean_update(state: DeviceMean, values: Array[F], mask: Array[bool_] | None = None) -> DeviceMean:
    v = values.astype(float32)
    if mask is None:
        return DeviceMean(state.total + v.sum(), state.weight + v.size)
    w = mask.astype(float32)
    return DeviceMean(state.total + (v * w).sum(), state.weight + w.sum())


def device_mean_value(state: DeviceMean) -> Array[float32]:
    return state.total / anp.maximum(state.weight, 1.0)


def image_batch_metrics(logits: Array[F], batch: ImageBatch) -> dict[str, Array[float32]]:
    return {
        "accuracy": accuracy(logits, batch.labels),
        "top5": top_k_accuracy(logits, batch.labels, 5),
        "brier": brier_score(logits, batch.labels),
        "entropy": predictive_entropy(logits).astype(float32).mean(),
    }
