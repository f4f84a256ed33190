"""The realistic corpus of the type-checking benchmark (``benchmarks/typecheck_corpus/``, ~2,000 lines of model,
training, data and metrics code) is clean in all five checkers and runs: the benchmark measures code that the
checkers accept and the runtime executes, and the corpus cannot rot as the stubs change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import checkers

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "benchmarks" / "typecheck_corpus"
FILES = sorted(CORPUS.glob("*.py"))

RUN = '''
import numpy as np
import arraytyping.numpy as anp
from arraytyping import bfloat16, float32
import data, metrics, training
from models import MlpConfig, TransformerConfig, init_transformer, transformer_encode

ds = data.synthetic_images(64, 4, 4, 3, 5, seed=1)
train, valid = ds.split(0.75)
stats = data.channel_statistics(train.images)
batch = next(data.image_batches(train, 16, stats, seed=0))
model = MlpConfig(in_features=48, hidden=(16,), num_classes=5)
state = training.init_train_state(model, seed=0)
assert training.gradient_check(state.params, batch, layer=0) < 1e-2  # hand-written backprop
for dtype in ("float32", "bfloat16"):
    cfg = training.TrainConfig(batch_size=16, epochs=1, peak_learning_rate=1e-2, warmup_steps=1, compute_dtype=dtype)
    st, hist = training.fit(model, cfg, train, valid, stats)
    assert st.step > 0 and hist.train and hist.valid
logits = training.mlp_apply(state.params, batch.images)
assert logits.dtype == np.float32
conf = metrics.confusion_matrix(metrics.predicted_classes(logits), batch.labels, 5)
assert int(conf.sum()) == 16
bins = metrics.calibration_bins(logits.astype(bfloat16), batch.labels, 5)
assert int(bins.counts.sum()) == 16
text = data.synthetic_text(4, 50, 12, seed=0)
tconf = TransformerConfig(vocab=50, width=16, heads=2, depth=1, max_length=12, num_classes=2)
tb = next(data.token_batches(text, 4))
out = transformer_encode(init_transformer(np.random.default_rng(0), tconf), tb.tokens, tb.lengths, tconf,
                         anp.zeros((), dtype=float32))
assert out.shape[:2] == (4, 12) and out.dtype == np.float32, (out.shape, out.dtype)
print("ok")
'''


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_corpus_is_clean(checker: str, tmp_path: Path) -> None:
    """No error in any checker (mypy strictly, as the corpus is written for ``--strict``)."""
    d = checkers.run(checker, FILES, tmp_path / "work", strict=checker.startswith("mypy"))
    assert not d.errors, d.raw[-3000:]


def test_corpus_runs() -> None:
    """A training run, the metrics and a transformer forward pass, on small data."""
    out = subprocess.run([sys.executable, "-c", RUN], cwd=CORPUS, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stdout[-2000:] + out.stderr[-3000:]
