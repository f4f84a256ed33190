"""Data loading: numpy arrays on the host, batches moved to the device as arrays of a known dtype.

Images arrive as uint8, labels as int64 (numpy's default integer), token sequences as int32 with their lengths;
statistics are plain Python floats.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float32, int32, uint8

ImagesU8 = npt.NDArray[np.uint8]
LabelsI64 = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]


class ImageBatch(NamedTuple):
    images: Array[float32]
    labels: Array[int32]


class TokenBatch(NamedTuple):
    tokens: Array[int32]
    lengths: Array[int32]
    labels: Array[int32]


class RegressionBatch(NamedTuple):
    features: Array[float32]
    targets: Array[float32]
    weights: Array[float32]


@dataclass(frozen=True)
class Normalization:
    """Per-channel statistics, computed once on the training set."""

    mean: tuple[float, ...]
    std: tuple[float, ...]

    def as_arrays(self) -> tuple[Array[float32], Array[float32]]:
        mean = anp.asarray(np.asarray(self.mean, dtype=np.float32))
        std = anp.asarray(np.asarray(self.std, dtype=np.float32))
        return mean, std


@dataclass
class ImageDataset:
    images: ImagesU8
    labels: LabelsI64
    num_classes: int

    def __len__(self) -> int:
        return int(self.images.shape[0])

    def split(self, fraction: float, seed: int = 0) -> tuple[ImageDataset, ImageDataset]:
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(self))
        cut = int(len(self) * fraction)
        first, second = order[:cut], order[cut:]
        return (ImageDataset(self.images[first], self.labels[first], self.num_classes),
                ImageDataset(self.images[second], self.labels[second], self.num_classes))


@dataclass
class TextDataset:
    sequences: list[list[int]]
    labels: list[int]
    vocab_size: int
    max_length: int = 128


def synthetic_images(n: int, height: int, width: int, channels: int, num_classes: int, seed: int = 0
                     ) -> ImageDataset:
    rng = np.random.default_rng(seed)
    images = rng.integers(0, 256, size=(n, height, width, channels), dtype=np.uint8)
    labels = rng.integers(0, num_classes, size=(n,))
    return ImageDataset(images, labels, num_classes)


def synthetic_text(n: int, vocab_size: int, max_length: int, seed: int = 0) -> TextDataset:
    rng = np.random.default_rng(seed)
    sequences: list[list[int]] = []
    labels: list[int] = []
    for _ in range(n):
        length = int(rng.integers(4, max_length))
        sequences.append([int(t) for t in rng.integers(1, vocab_size, size=length)])
        labels.append(int(rng.integers(0, 2)))
    return TextDataset(sequences, labels, vocab_size, max_length)


def channel_statistics(images: ImagesU8) -> Normalization:
    """Mean and standard deviation per channel, in [0, 1] units, as Python floats."""
    scaled = images.astype(np.float64) / 255.0
    axes = tuple(range(scaled.ndim - 1))
    mean = scaled.mean(axis=axes)
    std = scaled.std(axis=axes)
    return Normalization(tuple(float(m) for m in mean), tuple(max(float(s), 1e-6) for s in std))


def to_unit_range(images: Array[uint8]) -> Array[float32]:
    """uint8 pixels to float32 in [0, 1]: true division of an integer array gives float32."""
    return images / 255


def normalize(images: Array[uint8], stats: Normalization) -> Array[float32]:
    mean, std = stats.as_arrays()
    return (to_unit_range(images) - mean) / std


def normalize_bf16(images: Array[uint8], stats: Normalization) -> Array[bfloat16]:
    return normalize(images, stats).astype(bfloat16)


def image_batch(dataset: ImageDataset, index: npt.NDArray[np.intp], stats: Normalization) -> ImageBatch:
    pixels = anp.asarray(dataset.images[index])
    labels = anp.asarray(dataset.labels[index].astype(np.int32))
    images = normalize(pixels, stats)
    batch = images.shape[0]
    return ImageBatch(images.reshape(batch, -1), labels)


def batch_indices(n: int, batch_size: int, rng: np.random.Generator | None = None, drop_last: bool = True
                  ) -> Iterator[npt.NDArray[np.intp]]:
    order = rng.permutation(n) if rng is not None else np.arange(n)
    stop = n - n % batch_size if drop_last else n
    for start in range(0, stop, batch_size):
        yield order[start:start + batch_size]


def image_batches(dataset: ImageDataset, batch_size: int, stats: Normalization, seed: int | None = None
                  ) -> Iterator[ImageBatch]:
    rng = np.random.default_rng(seed) if seed is not None else None
    for index in batch_indices(len(dataset), batch_size, rng):
        yield image_batch(dataset, index, stats)


def pad_sequences(sequences: Sequence[Sequence[int]], max_length: int, pad: int = 0
                  ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    out = np.full((len(sequences), max_length), pad, dtype=np.int32)
    lengths = np.zeros(len(sequences), dtype=np.int32)
    for i, seq in enumerate(sequences):
        n = min(len(seq), max_length)
        out[i, :n] = seq[:n]
        lengths[i] = n
    return out, lengths


def token_batches(dataset: TextDataset, batch_size: int, seed: int = 0) -> Iterator[TokenBatch]:
    rng = np.random.default_rng(seed)
    for index in batch_indices(len(dataset.sequences), batch_size, rng):
        seqs = [dataset.sequences[int(i)] for i in index]
        tokens, lengths = pad_sequences(seqs, dataset.max_length)
        labels = np.asarray([dataset.labels[int(i)] for i in index], dtype=np.int32)
        yield TokenBatch(anp.asarray(tokens), anp.asarray(lengths), anp.asarray(labels))


def length_mask(lengths: Array[int32], max_length: int) -> Array[bool_]:
    positions = anp.arange(max_length).reshape(1, -1)
    return positions < lengths.reshape(-1, 1)


def bucket_by_length(dataset: TextDataset, boundaries: Sequence[int]) -> dict[int, list[int]]:
    buckets: dict[int, list[int]] = {b: [] for b in boundaries}
    for i, seq in enumerate(dataset.sequences):
        for b in boundaries:
            if len(seq) <= b:
                buckets[b].append(i)
                break
    return buckets


def synthetic_regression(n: int, features: int, noise: float = 0.1, seed: int = 0
                         ) -> tuple[Floats, Floats, Floats]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, features)).astype(np.float32)
    true_w = rng.normal(size=(features, 1)).astype(np.float32)
    y = (x @ true_w + noise * rng.normal(size=(n, 1))).astype(np.float32)
    weights = np.ones((n,), dtype=np.float32)
    return x, y, weights


def regression_batches(x: Floats, y: Floats, weights: Floats, batch_size: int, seed: int = 0
                       ) -> Iterator[RegressionBatch]:
    rng = np.random.default_rng(seed)
    for index in batch_indices(x.shape[0], batch_size, rng):
        yield RegressionBatch(anp.asarray(x[index]), anp.asarray(y[index]), anp.asarray(weights[index]))


def standardize(x: Array[float32], eps: float = 1e-6) -> tuple[Array[float32], Array[float32], Array[float32]]:
    mean = x.mean(axis=0)
    std = anp.sqrt(((x - mean) ** 2).mean(axis=0) + eps)
    return (x - mean) / std, mean, std


def augment_flip(images: Array[float32], flip: Array[bool_]) -> Array[float32]:
    """Horizontal flips of ``(batch, height, width, channels)`` images where ``flip`` holds."""
    flipped = images[:, :, ::-1, :]
    return anp.where(flip.reshape(-1, 1, 1, 1), flipped, images)


def augment_noise(images: Array[float32], noise: Floats, scale: float = 0.05) -> Array[float32]:
    return images + scale * anp.asarray(noise)


def augment_brightness(images: Array[float32], delta: float) -> Array[float32]:
    return anp.minimum(anp.maximum(images + delta, 0.0), 1.0)


def mixup(x: Array[float32], y: Array[float32], perm: npt.NDArray[np.intp], lam: float
          ) -> tuple[Array[float32], Array[float32]]:
    """Mixup with a host-side permutation and a Python-float mixing weight."""
    xp = anp.asarray(np.asarray(x)[perm])
    yp = anp.asarray(np.asarray(y)[perm])
    return lam * x + (1.0 - lam) * xp, lam * y + (1.0 - lam) * yp


def label_smoothing(one_hot: Array[float32], smoothing: float) -> Array[float32]:
    classes = one_hot.shape[-1]
    return one_hot * (1.0 - smoothing) + smoothing / classes


def class_weights(labels: LabelsI64, num_classes: int) -> Array[float32]:
    counts = np.bincount(labels, minlength=num_classes).astype(np.float32)
    weights = counts.sum() / np.maximum(counts, 1.0) / num_classes
    return anp.asarray(weights.astype(np.float32))


def steps_per_epoch(n: int, batch_size: int, drop_last: bool = True) -> int:
    return n // batch_size if drop_last else math.ceil(n / batch_size)


def to_host(x: Array[Any]) -> npt.NDArray[Any]:
    return np.asarray(x)


def summary(batch: ImageBatch) -> dict[str, float]:
    images = batch.images
    return {
        "mean": float(images.mean()),
        "std": float(anp.sqrt(((images - images.mean()) ** 2).mean())),
        "min": float(images.min()),
        "max": float(images.max()),
        "classes": float(anp.max(batch.labels)) + 1.0,
    }
