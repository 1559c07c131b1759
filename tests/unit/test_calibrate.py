"""The confidence's fitting (``pyapp.eval.calibrate``): weights stay on the side known before any data,
and the figure of merit is measured on sets left out of the fit, never on the sets fitted."""
from __future__ import annotations

import random

from pyapp.eval import calibrate


def _lines(sets: int = 4, n: int = 40, seed: int = 7):
    """Synthetic turns: a right answer delivers what was asked more often; each set has its own pass rate."""
    rng = random.Random(seed)
    out = []
    for s in range(sets):
        rate = 0.5 + 0.1 * s
        for i in range(n):
            ok = rng.random() < rate
            delivered = (0.8 if ok else 0.3) + rng.random() * 0.3
            out.append({"set": f"set-{s}", "id": f"{s}-{i}", "ok": ok, "score": None, "kind": "answer",
                        "features": {"path": "retrieval", "delivered": min(1.0, delivered),
                                     "weak_lead": rng.random() < 0.5}})
    return out


def test_leaving_one_set_out_scores_every_set_with_a_fit_that_never_saw_it() -> None:
    lines = _lines()
    result = calibrate.leave_one_set_out(lines, [f"set-{s}" for s in range(4)], l2=1.0)
    assert set(result["per_set"]) == {f"set-{s}" for s in range(4)}
    assert result["worst"] <= result["mean"] and result["mean"] > 0.9


def test_a_weight_is_kept_on_its_known_side_whatever_the_data() -> None:
    import numpy as np

    lines = _lines()
    for line in lines:  # make the trouble sign look helpful in these data
        line["features"]["weak_lead"] = bool(line["ok"])
    keys, _, w = calibrate._fit_sets(lines, [f"set-{s}" for s in range(4)], 1.0, True)
    weights = dict(zip(keys, np.round(w, 4)))
    assert weights["weak_lead"] == 0.0 and weights["delivered"] > 0.0


def test_the_sets_held_out_for_the_calibration_are_never_in_the_default_fit() -> None:
    assert not set(calibrate.HELD_OUT) & set(calibrate.TRAIN)
    assert calibrate.main(["fit", "--features", "/nonexistent", "--train", "answers-real"]) == 2


def test_a_set_with_too_few_failures_is_not_scored_left_out() -> None:
    lines = _lines()
    for line in lines:  # set-3 keeps one wrong answer only: its AUC would be a single rank
        if line["set"] == "set-3":
            line["ok"] = True
    lines[-1]["ok"] = False
    result = calibrate.leave_one_set_out(lines, [f"set-{s}" for s in range(4)], l2=1.0)
    assert "set-3" not in result["per_set"] and set(result["per_set"]) == {"set-0", "set-1", "set-2"}
