"""Training and evaluation loops written by hand: explicit gradients (closed form through the MLP and the linear
heads, central finite differences for checks), schedules, clipping by global norm, an EMA of the parameters,
dynamic loss scaling for float16/bfloat16 compute, checkpoints as dicts of host arrays, and epoch loops over the
data module's batches.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

import arraytyping.numpy as anp
from arraytyping import Array, bfloat16, bool_, float16, float32, floating, int32
from data import (ImageBatch, ImageDataset, Normalization, RegressionBatch, TokenBatch, TextDataset, image_batches,
                  regression_batches, steps_per_epoch, token_batches)
from layers import DenseParams, dense, dense_f32, relu
from losses import cross_entropy_grad, softmax_cross_entropy, weighted_mean_squared_error
from metrics import MetricAccumulator, accuracy, expected_calibration_error, calibration_bins
from models import MlpConfig, MlpParams, TransformerConfig, TransformerParams, init_mlp, mlp_apply, \
    transformer_encode
from optim import AdamConfig, AdamState, Params, Schedule, adam, cosine_decay, init_adam

F = TypeVar("F", bound=floating)

Checkpoint = dict[str, npt.NDArray[np.float32]]


# --- Parameters as flat tuples, dicts and checkpoints ------------------------------------------------------------


def mlp_to_tuple(params: MlpParams) -> Params:
    flat: list[Array[float32]] = []
    for layer in (*params.hidden, params.head):
        flat.extend((layer.w, layer.b))
    return tuple(flat)


def tuple_to_mlp(flat: Params, like: MlpParams) -> MlpParams:
    layers = [DenseParams(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
    if len(layers) != len(like.hidden) + 1:
        raise ValueError(f"expected {2 * (len(like.hidden) + 1)} arrays, got {len(flat)}")
    return MlpParams(tuple(layers[:-1]), layers[-1])


def named_parameters(params: MlpParams) -> dict[str, Array[float32]]:
    named = {f"hidden_{i}/{k}": v for i, layer in enumerate(params.hidden) for k, v in layer._asdict().items()}
    named["head/w"] = params.head.w
    named["head/b"] = params.head.b
    return named


def to_checkpoint(params: MlpParams) -> Checkpoint:
    return {name: np.asarray(value, dtype=np.float32) for name, value in named_parameters(params).items()}


def from_checkpoint(checkpoint: Mapping[str, npt.NDArray[np.float32]]) -> MlpParams:
    depth = sum(1 for name in checkpoint if name.startswith("hidden_") and name.endswith("/w"))
    hidden = tuple(DenseParams(anp.asarray(checkpoint[f"hidden_{i}/w"]), anp.asarray(checkpoint[f"hidden_{i}/b"]))
                   for i in range(depth))
    return MlpParams(hidden, DenseParams(anp.asarray(checkpoint["head/w"]), anp.asarray(checkpoint["head/b"])))


def save_checkpoint(path: str, params: MlpParams, step: int) -> None:
    arrays: dict[str, Any] = {"step": np.asarray(step), **to_checkpoint(params)}
    np.savez(path, **arrays)


def load_checkpoint(path: str) -> tuple[MlpParams, int]:
    with np.load(path) as archive:
        arrays = {name: archive[name].astype(np.float32) for name in archive.files if name != "step"}
        step = int(archive["step"])
    return from_checkpoint(arrays), step


def cast_params(params: Params, dtype: type[F]) -> tuple[Array[F], ...]:
    return tuple(p.astype(dtype) for p in params)


# --- Learning-rate schedules -------------------------------------------------------------------------------------


def inverse_sqrt(peak: float, warmup_steps: int) -> Schedule:
    def schedule(step: int) -> float:
        step = max(step, 1)
        return peak * min(step / warmup_steps, math.sqrt(warmup_steps / step))
    return schedule


def cosine_with_restarts(peak: float, cycle_steps: int, decay: float = 0.5) -> Schedule:
    def schedule(step: int) -> float:
        cycle, position = divmod(step, cycle_steps)
        return peak * decay ** cycle * 0.5 * (1.0 + math.cos(math.pi * position / cycle_steps))
    return schedule


# --- Gradients: clipping, finiteness, EMA ------------------------------------------------------------------------


def global_norm_f32(grads: tuple[Array[F], ...]) -> Array[float32]:
    """The global norm of gradients of any floating dtype, accumulated in float32."""
    total = anp.zeros((), dtype=float32)
    for g in grads:
        g32 = g.astype(float32)
        total = total + (g32 * g32).sum()
    return anp.sqrt(total)


def clip_grads(grads: tuple[Array[F], ...], max_norm: float) -> tuple[tuple[Array[F], ...], Array[float32]]:
    norm = global_norm_f32(grads)
    scale = anp.minimum(max_norm / (norm + 1e-6), 1.0)
    return tuple(g * scale.astype(g.dtype) for g in grads), norm


def grads_finite(grads: tuple[Array[F], ...]) -> Array[bool_]:
    ok = anp.ones((), dtype=bool_)
    for g in grads:
        ok = ok & ((g == g) & (anp.abs(g.astype(float32)) < 3.0e38)).all()
    return ok


def ema_decay_at(step: int, decay: float) -> float:
    """The warmed-up EMA decay: small at first so that the average forgets the initialisation quickly."""
    return min(decay, (1.0 + step) / (10.0 + step))


def ema_params(ema: MlpParams, params: MlpParams, decay: float) -> MlpParams:
    def blend(e: DenseParams, p: DenseParams) -> DenseParams:
        return DenseParams(decay * e.w + (1.0 - decay) * p.w, e.b * decay + p.b * (1.0 - decay))
    hidden = tuple(blend(e, p) for e, p in zip(ema.hidden, params.hidden))
    return MlpParams(hidden, blend(ema.head, params.head))


# --- Dynamic loss scaling ----------------------------------------------------------------------------------------


class LossScale(NamedTuple):
    scale: Array[float32]
    good_steps: Array[int32]


def init_loss_scale(initial: float = 2.0 ** 15) -> LossScale:
    return LossScale(anp.full((), initial, dtype=float32), anp.zeros((), dtype=int32))


def update_loss_scale(state: LossScale, finite: Array[bool_], growth_interval: int = 2000, factor: float = 2.0
                      ) -> LossScale:
    """Halve on overflow; double after ``growth_interval`` finite steps in a row."""
    grow = state.good_steps + 1 >= growth_interval
    grown = anp.where(grow, state.scale * factor, state.scale)
    scale = anp.where(finite, grown, state.scale / factor)
    good_steps = anp.where(finite & ~grow, state.good_steps + 1, 0)
    return LossScale(anp.maximum(scale, 1.0), good_steps)


def fits_in(x: Array[float32], like: Array[F]) -> Array[bool_]:
    """Whether casting ``x`` to the dtype of ``like`` keeps it finite (float16 overflows above 65504)."""
    cast = x.astype(like.dtype).astype(float32)
    return (anp.abs(cast) < 3.0e38).all() & (cast == cast).all()


# --- Forward and backward passes ---------------------------------------------------------------------------------


class ForwardBackward(NamedTuple):
    loss: Array[float32]
    logits: Array[float32]
    grads: MlpParams


def mlp_forward_backward(params: MlpParams, batch: ImageBatch) -> ForwardBackward:
    """Loss, logits and gradients of a ReLU MLP with softmax cross-entropy, backpropagated by hand in float32."""
    inputs: list[Array[float32]] = []
    pre_activations: list[Array[float32]] = []
    h = batch.images
    for layer in params.hidden:
        inputs.append(h)
        z = dense_f32(layer, h)
        pre_activations.append(z)
        h = relu(z)
    logits = dense_f32(params.head, h)
    loss = softmax_cross_entropy(logits, batch.labels)
    delta = cross_entropy_grad(logits, batch.labels)
    head = DenseParams(h.T @ delta, delta.sum(axis=0))
    delta = delta @ params.head.w.T
    grads: list[DenseParams] = []
    for layer, x, z in zip(reversed(params.hidden), reversed(inputs), reversed(pre_activations)):
        delta = anp.where(z > 0, delta, 0.0)
        grads.append(DenseParams(x.T @ delta, delta.sum(axis=0)))
        delta = delta @ layer.w.T
    return ForwardBackward(loss, logits, MlpParams(tuple(reversed(grads)), head))


def mlp_forward_backward_mixed(params: MlpParams, batch: ImageBatch, like: Array[F], loss_scale: Array[float32]
                               ) -> tuple[ForwardBackward, Array[bool_]]:
    """The same in a low-precision compute dtype: activations and backward products in the dtype of ``like``, the
    head and the loss in float32, the loss gradient multiplied by ``loss_scale`` before it goes down."""
    inputs: list[Array[F]] = []
    pre_activations: list[Array[F]] = []
    h = batch.images.astype(like.dtype)
    for layer in params.hidden:
        inputs.append(h)
        z = dense(layer, h)
        pre_activations.append(z)
        h = relu(z)
    features = h.astype(float32)
    logits = dense_f32(params.head, features)
    loss = softmax_cross_entropy(logits, batch.labels)
    delta = cross_entropy_grad(logits, batch.labels) * loss_scale
    head = DenseParams(features.T @ delta / loss_scale, delta.sum(axis=0) / loss_scale)
    finite = fits_in(delta @ params.head.w.T, like)
    delta_low = (delta @ params.head.w.T).astype(like.dtype)
    grads: list[DenseParams] = []
    for layer, x, z in zip(reversed(params.hidden), reversed(inputs), reversed(pre_activations)):
        delta_low = anp.where(z > 0, delta_low, 0.0)
        w_grad = (x.T @ delta_low).astype(float32) / loss_scale
        b_grad = delta_low.astype(float32).sum(axis=0) / loss_scale
        grads.append(DenseParams(w_grad, b_grad))
        delta_low = delta_low @ layer.w.astype(like.dtype).T
    fb = ForwardBackward(loss, logits, MlpParams(tuple(reversed(grads)), head))
    return fb, finite & grads_finite(mlp_to_tuple(fb.grads))


def finite_difference_grad(loss_fn: Callable[[Array[float32]], Array[float32]], x: Array[float32],
                           eps: float = 1e-3) -> Array[float32]:
    """Central differences, one coordinate at a time: for gradient checks on small parameters."""
    n = x.size
    grads = np.zeros((n,), dtype=np.float32)
    for i in range(n):
        basis = (anp.arange(n) == i).astype(float32).reshape(x.shape)
        plus = loss_fn(x + eps * basis)
        minus = loss_fn(x - eps * basis)
        grads[i] = float((plus - minus) / (2.0 * eps))
    return anp.asarray(grads).reshape(x.shape)


def gradient_check(params: MlpParams, batch: ImageBatch, layer: int = 0, eps: float = 1e-3) -> float:
    """Relative error between the hand-written bias gradient of one hidden layer and central differences."""
    analytic = mlp_forward_backward(params, batch).grads.hidden[layer].b

    def loss_of_bias(b: Array[float32]) -> Array[float32]:
        hidden = list(params.hidden)
        hidden[layer] = hidden[layer]._replace(b=b)
        logits = mlp_apply(params._replace(hidden=tuple(hidden)), batch.images)
        return softmax_cross_entropy(logits, batch.labels)

    numeric = finite_difference_grad(loss_of_bias, params.hidden[layer].b, eps)
    error = anp.abs(analytic - numeric).max()
    scale = anp.maximum(anp.abs(analytic).max() + anp.abs(numeric).max(), 1e-8)
    return float(error / scale)


# --- Train states and steps ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainConfig:
    batch_size: int = 64
    epochs: int = 10
    peak_learning_rate: float = 3e-3
    warmup_steps: int = 100
    weight_decay: float = 1e-4
    max_grad_norm: float = 1.0
    ema_decay: float = 0.999
    compute_dtype: Literal["float32", "bfloat16", "float16"] = "float32"
    seed: int = 0


@dataclass
class MlpTrainState:
    params: MlpParams
    opt: AdamState
    ema: MlpParams
    loss_scale: LossScale = field(default_factory=init_loss_scale)
    step: int = 0
    skipped: int = 0


def init_train_state(config: MlpConfig, seed: int = 0) -> MlpTrainState:
    params = init_mlp(np.random.default_rng(seed), config)
    return MlpTrainState(params, init_adam(mlp_to_tuple(params)), params)


def apply_gradients(state: MlpTrainState, grads: MlpParams, config: TrainConfig, schedule: Schedule
                    ) -> tuple[MlpTrainState, Array[float32]]:
    flat, norm = clip_grads(mlp_to_tuple(grads), config.max_grad_norm)
    adam_config = AdamConfig(learning_rate=schedule(state.step), weight_decay=config.weight_decay)
    new_flat, opt = adam(mlp_to_tuple(state.params), flat, state.opt, adam_config)
    params = tuple_to_mlp(new_flat, state.params)
    ema = ema_params(state.ema, params, ema_decay_at(state.step, config.ema_decay))
    return replace(state, params=params, opt=opt, ema=ema, step=state.step + 1), norm


def train_step(state: MlpTrainState, batch: ImageBatch, config: TrainConfig, schedule: Schedule
               ) -> tuple[MlpTrainState, dict[str, Array[float32]]]:
    fb = mlp_forward_backward(state.params, batch)
    state, norm = apply_gradients(state, fb.grads, config, schedule)
    return state, {"loss": fb.loss, "accuracy": accuracy(fb.logits, batch.labels), "grad_norm": norm}


def train_step_mixed(state: MlpTrainState, batch: ImageBatch, config: TrainConfig, schedule: Schedule,
                     like: Array[F]) -> tuple[MlpTrainState, dict[str, Array[float32]]]:
    """A step in a low-precision compute dtype; non-finite gradients skip the update and halve the loss scale."""
    fb, finite = mlp_forward_backward_mixed(state.params, batch, like, state.loss_scale.scale)
    loss_scale = update_loss_scale(state.loss_scale, finite)
    logs = {"loss": fb.loss, "accuracy": accuracy(fb.logits, batch.labels), "loss_scale": loss_scale.scale}
    if not bool(finite):
        return replace(state, loss_scale=loss_scale, skipped=state.skipped + 1), logs
    new_state, norm = apply_gradients(state, fb.grads, config, schedule)
    logs["grad_norm"] = norm
    return replace(new_state, loss_scale=loss_scale), logs


def train_step_bf16(state: MlpTrainState, batch: ImageBatch, config: TrainConfig, schedule: Schedule
                    ) -> tuple[MlpTrainState, dict[str, Array[float32]]]:
    return train_step_mixed(state, batch, config, schedule, anp.zeros((), dtype=bfloat16))


def train_step_f16(state: MlpTrainState, batch: ImageBatch, config: TrainConfig, schedule: Schedule
                   ) -> tuple[MlpTrainState, dict[str, Array[float32]]]:
    return train_step_mixed(state, batch, config, schedule, anp.zeros((), dtype=float16))


def eval_step(params: MlpParams, batch: ImageBatch) -> dict[str, Array[float32]]:
    logits = mlp_apply(params, batch.images)
    bins = calibration_bins(logits, batch.labels, num_bins=10)
    return {
        "loss": softmax_cross_entropy(logits, batch.labels),
        "accuracy": accuracy(logits, batch.labels),
        "ece": expected_calibration_error(bins),
    }


# --- Epoch loops --------------------------------------------------------------------------------------------------


@dataclass
class History:
    train: list[dict[str, float]] = field(default_factory=list[dict[str, float]])
    valid: list[dict[str, float]] = field(default_factory=list[dict[str, float]])


def train_epoch(state: MlpTrainState, dataset: ImageDataset, stats: Normalization, config: TrainConfig,
                schedule: Schedule, epoch: int) -> tuple[MlpTrainState, dict[str, float]]:
    meter = MetricAccumulator()
    for batch in image_batches(dataset, config.batch_size, stats, seed=config.seed + epoch):
        if config.compute_dtype == "bfloat16":
            state, logs = train_step_bf16(state, batch, config, schedule)
        elif config.compute_dtype == "float16":
            state, logs = train_step_f16(state, batch, config, schedule)
        else:
            state, logs = train_step(state, batch, config, schedule)
        meter.update(logs, weight=batch.labels.shape[0])
    return state, meter.compute()


def evaluate(params: MlpParams, dataset: ImageDataset, stats: Normalization, batch_size: int) -> dict[str, float]:
    meter = MetricAccumulator()
    for batch in image_batches(dataset, batch_size, stats):
        meter.update(eval_step(params, batch), weight=batch.labels.shape[0])
    return meter.compute()


def fit(model: MlpConfig, config: TrainConfig, train: ImageDataset, valid: ImageDataset, stats: Normalization
        ) -> tuple[MlpTrainState, History]:
    total = config.epochs * steps_per_epoch(len(train), config.batch_size)
    schedule = cosine_decay(config.peak_learning_rate, total, config.warmup_steps)
    state = init_train_state(model, config.seed)
    history = History()
    for epoch in range(config.epochs):
        state, train_logs = train_epoch(state, train, stats, config, schedule, epoch)
        history.train.append(train_logs)
        history.valid.append(evaluate(state.ema, valid, stats, config.batch_size))
        if not math.isfinite(train_logs["loss"]):
            break
    return state, history


# --- Linear models: regression and a linear probe on frozen transformer features ---------------------------------


class LinearParams(NamedTuple):
    w: Array[float32]
    b: Array[float32]


def init_linear(features: int, outputs: int) -> LinearParams:
    return LinearParams(anp.zeros((features, outputs), dtype=float32), anp.zeros((outputs,), dtype=float32))


def linear_regression_step(params: LinearParams, batch: RegressionBatch, learning_rate: float
                           ) -> tuple[LinearParams, Array[float32]]:
    """Weighted least squares by gradient descent, with the gradient in closed form."""
    predictions = batch.features @ params.w + params.b
    loss = weighted_mean_squared_error(predictions, batch.targets, batch.weights)
    residual = (predictions - batch.targets) * batch.weights.reshape(-1, 1)
    scale = 2.0 / anp.maximum(batch.weights.sum(), 1e-8)
    grad_w = batch.features.T @ residual * scale
    grad_b = residual.sum(axis=0) * scale
    return LinearParams(params.w - learning_rate * grad_w, params.b - learning_rate * grad_b), loss


def fit_linear_regression(x: npt.NDArray[np.float32], y: npt.NDArray[np.float32], weights: npt.NDArray[np.float32],
                          epochs: int, learning_rate: float = 0.1, batch_size: int = 32) -> LinearParams:
    params = init_linear(x.shape[1], y.shape[1])
    for epoch in range(epochs):
        for batch in regression_batches(x, y, weights, batch_size, seed=epoch):
            params, _ = linear_regression_step(params, batch, learning_rate)
    return params


def pooled_features(params: TransformerParams, batch: TokenBatch, config: TransformerConfig, like: Array[F]
                    ) -> Array[float32]:
    """Mean of the encoder's features over the real tokens, in float32 whatever the compute dtype."""
    features = transformer_encode(params, batch.tokens, batch.lengths, config, like).astype(float32)
    valid = (anp.arange(batch.tokens.shape[1]).reshape(1, -1) < batch.lengths.reshape(-1, 1)).astype(float32)
    return (features * valid.reshape(*valid.shape, 1)).sum(axis=1) / anp.maximum(valid.sum(axis=1, keepdims=True), 1.0)


def probe_step(head: LinearParams, features: Array[float32], labels: Array[int32], learning_rate: float,
               l2: float = 1e-4) -> tuple[LinearParams, Array[float32]]:
    logits = features @ head.w + head.b
    loss = softmax_cross_entropy(logits, labels) + 0.5 * l2 * (head.w * head.w).sum()
    delta = cross_entropy_grad(logits, labels)
    grad_w = features.T @ delta + l2 * head.w
    return LinearParams(head.w - learning_rate * grad_w, head.b - learning_rate * delta.sum(axis=0)), loss


def train_probe(params: TransformerParams, config: TransformerConfig, dataset: TextDataset, epochs: int,
                learning_rate: float = 0.5, batch_size: int = 16) -> Iterator[tuple[int, LinearParams, float]]:
    """Trains a linear head on frozen bfloat16 features, yielding the head and its mean loss after each epoch."""
    head = init_linear(config.width, config.num_classes)
    like = anp.zeros((), dtype=bfloat16)
    for epoch in range(epochs):
        losses: list[float] = []
        for batch in token_batches(dataset, batch_size, seed=epoch):
            features = pooled_features(params, batch, config, like)
            head, loss = probe_step(head, features, batch.labels, learning_rate)
            losses.append(float(loss))
        yield epoch, head, sum(losses) / max(len(losses), 1)
