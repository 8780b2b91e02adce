#!/usr/bin/env python3
"""logistic.py's L2 logistic regression agrees with scikit-learn's on the same data and penalty.

The risk fit (fit_risk.py) relies on tests/fit/logistic.py, written with the standard library only;
an independent implementation is the check that its Newton steps minimise the loss it claims to
(mean log loss + l2/2 |w|^2, bias not penalised). scikit-learn's LogisticRegression minimises
C * sum(log loss) + 1/2 |w|^2 with the intercept not penalised (lbfgs), so C = 1 / (n * l2) is the
same problem. The weights must agree within 1e-3, on data where the penalty matters (a small l2
and a strong one) and on features that are binary and correlated, as the engine's checks are.

CTest unit `test_logistic_sklearn`; exits 77 (CTest: skipped) when scikit-learn or NumPy is not
installed for this Python (Debian: python3-sklearn).
"""
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from logistic import fit_logistic, fit_nonnegative  # noqa: E402

SKIP = 77
TOLERANCE = 1e-3


def make_data(n, seed):
    """Binary and count features, two of them correlated, labels drawn from a known logistic model."""
    rng = random.Random(seed)
    true_w = [1.5, -0.8, 0.6, 0.0, 0.3]
    bias = -0.7
    x, y = [], []
    for _ in range(n):
        a = 1.0 if rng.random() < 0.3 else 0.0
        b = 1.0 if rng.random() < (0.6 if a else 0.2) else 0.0  # correlated with a
        c = float(rng.randint(0, 4))
        d = 1.0 if rng.random() < 0.05 else 0.0  # rare
        e = rng.gauss(0.0, 1.0)
        row = [a, b, c, d, e]
        z = bias + sum(w * v for w, v in zip(true_w, row))
        x.append(row)
        y.append(1 if rng.random() < 1.0 / (1.0 + math.exp(-z)) else 0)
    return x, y


def sklearn_fit(x, y, l2, positive=False):
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=1.0 / (len(x) * l2), solver="lbfgs", tol=1e-12, max_iter=10000)
    if not positive:
        model.fit(np.array(x), np.array(y))
        return [float(model.intercept_[0])] + [float(w) for w in model.coef_[0]]
    # Weights >= 0 by elimination: drop the negative ones and refit until none is negative (on this
    # data no dropped feature would come back, so this is the point fit_nonnegative's active set
    # reaches).
    active = list(range(len(x[0])))
    while True:
        model.fit(np.array([[r[j] for j in active] for r in x]), np.array(y))
        coef = [float(w) for w in model.coef_[0]]
        negative = [j for j, w in zip(active, coef) if w < 0]
        if not negative:
            full = [0.0] * len(x[0])
            for j, w in zip(active, coef):
                full[j] = w
            return [float(model.intercept_[0])] + full
        active = [j for j in active if j not in negative]


def largest_difference(a, b):
    return max(abs(p - q) for p, q in zip(a, b))


def main():
    try:
        import numpy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError as e:
        print("SKIP: scikit-learn/NumPy not installed for %s (%s)" % (sys.executable, e))
        return SKIP
    failures = 0
    x, y = make_data(600, seed=11)
    for l2 in (0.001, 0.1):
        ours, _ = fit_logistic(x, y, l2)
        theirs = sklearn_fit(x, y, l2)
        diff = largest_difference(ours, theirs)
        print("l2=%g  logistic.py %s\n        sklearn     %s\n        max |diff| %.2e" %
              (l2, [round(v, 4) for v in ours], [round(v, 4) for v in theirs], diff))
        failures += diff > TOLERANCE
        # The penalty must matter on this data, or the comparison would not test it.
        if l2 == 0.1:
            unpenalised, _ = fit_logistic(x, y, 0.001)
            if largest_difference(ours, unpenalised) < 0.05:
                print("FAIL: l2=0.1 barely moves the weights; the data does not test the penalty")
                failures += 1
    ours, _ = fit_nonnegative(x, y, 0.01)
    theirs = sklearn_fit(x, y, 0.01, positive=True)
    diff = largest_difference(ours, theirs)
    print("l2=0.01, weights >= 0  logistic.py %s\n                       sklearn     %s\n"
          "                       max |diff| %.2e" %
          ([round(v, 4) for v in ours], [round(v, 4) for v in theirs], diff))
    failures += diff > TOLERANCE
    if min(ours[1:]) < 0 or all(w > 0 for w in ours[1:]):
        print("FAIL: the constrained fit should hold at least one weight at 0 and none below")
        failures += 1
    print("FAIL" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
