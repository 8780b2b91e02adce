"""The logistic regression of the risk fit (fit_risk.py): L2-penalised, Newton's method, weights
held at or above 0 by an active set, an optional fixed offset per row; and the measures the fit
reports (AUROC, log loss, calibration bins). Python 3 standard library only."""
import math


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def solve(a, b):
    """Solves a x = b (a symmetric positive definite here) by Gaussian elimination with pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    out = [0.0] * n
    for c in range(n - 1, -1, -1):
        out[c] = (m[c][n] - sum(m[c][k] * out[k] for k in range(c + 1, n))) / m[c][c]
    return out


def fit_logistic(x, y, l2, iterations=50, tol=1e-10, offset=None):
    """Newton's method on mean log loss + l2/2 |w|^2 (bias, index 0, not penalised). `offset`: a fixed
    log-odds term per case (the part of the model fitted elsewhere)."""
    n, d = len(x), len(x[0]) + 1
    rows = [[1.0] + r for r in x]
    offset = offset or [0.0] * n
    theta = [0.0] * d
    prior = sum(y) / n
    theta[0] = math.log(prior / (1 - prior))
    for it in range(iterations):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for r, t, o in zip(rows, y, offset):
            p = sigmoid(o + sum(a * b for a, b in zip(theta, r)))
            e, w = p - t, p * (1 - p)
            for i in range(d):
                if r[i]:
                    grad[i] += e * r[i]
                    wi = w * r[i]
                    for j in range(i, d):
                        if r[j]:
                            hess[i][j] += wi * r[j]
        for i in range(d):
            grad[i] /= n
            for j in range(i, d):
                hess[i][j] /= n
                hess[j][i] = hess[i][j]
            if i > 0:
                grad[i] += l2 * theta[i]
                hess[i][i] += l2
        step = solve(hess, grad)
        theta = [a - b for a, b in zip(theta, step)]
        if max(abs(s) for s in step) < tol:
            return theta, it + 1
    return theta, iterations


def fit_nonnegative(x, y, l2, offset=None):
    """fit_logistic with every weight >= 0 (the bias is free): an active set. Features whose
    weight comes out negative leave the set, and a left-out feature comes back when the loss
    gradient at the solution asks it to rise (the KKT condition), until neither happens."""
    d = len(x[0])
    offset = offset or [0.0] * len(x)
    active = list(range(d))
    full, bias, steps = [0.0] * d, 0.0, 0
    for _ in range(4 * d):
        theta, it = fit_logistic([[r[j] for j in active] for r in x], y, l2, offset=offset)
        steps += it
        bias, full = theta[0], [0.0] * d
        for k, j in enumerate(active):
            full[j] = theta[k + 1]
        negative = [j for j in active if full[j] < 0]
        if negative:
            active = [j for j in active if j not in negative]
            continue
        grad = {j: 0.0 for j in range(d) if j not in active}
        for r, t, o in zip(x, y, offset):
            e = sigmoid(o + bias + sum(a * b for a, b in zip(full, r))) - t
            for j in grad:
                grad[j] += e * r[j]
        rise = [j for j, g in grad.items() if g / len(x) < -1e-9]
        if not rise:
            break
        active = sorted(active + rise)
    return [bias] + [max(0.0, w) for w in full], steps


def log_loss(theta, x, y):
    s = 0.0
    for r, t in zip(x, y):
        p = min(max(sigmoid(theta[0] + sum(a * b for a, b in zip(theta[1:], r))), 1e-15), 1 - 1e-15)
        s -= t * math.log(p) + (1 - t) * math.log(1 - p)
    return s / len(x)


# ---------------------------------------------------------------- measures

def auroc(scores, wrong):
    """Mann-Whitney AUROC, ties count one half (the engine's hs::eval::auroc, for checking)."""
    pairs = sorted(zip(scores, wrong))
    pos = sum(wrong)
    neg = len(wrong) - pos
    if not pos or not neg:
        return None
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        avg = (i + 1 + j) / 2.0
        rank_sum += avg * sum(1 for k in range(i, j) if pairs[k][1])
        i = j
    return (rank_sum - pos * (pos + 1) / 2.0) / (pos * neg)


def calibration(scores, wrong, bins=10):
    """Equal-width bins over [0, 1] (1 in the last); ECE = case-weighted mean |score - rate|."""
    b = [[0, 0.0, 0] for _ in range(bins)]
    for s, w in zip(scores, wrong):
        k = min(bins - 1, int(s * bins))
        b[k][0] += 1
        b[k][1] += s
        b[k][2] += 1 if w else 0
    out, ece = [], 0.0
    for k, (n, ssum, pos) in enumerate(b):
        mean = ssum / n if n else None
        rate = pos / n if n else None
        if n:
            ece += n / len(scores) * abs(mean - rate)
        out.append({"low": k / bins, "high": (k + 1) / bins, "cases": n, "mean_score": mean, "wrong_rate": rate})
    return ece, out
