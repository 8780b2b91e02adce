"""The reliability diagram of `fit_risk.py validate --svg` (one curve per weights file)."""


def write_reliability_svg(path, curves, report):
    """Reliability diagram: observed share of wrong predictions against the mean score per bin."""
    w, h, left, top, size = 640, 600, 80, 84, 440
    colours = {"fitted": "#1f6fb4", "baseline": "#c0392b"}
    titles = {"fitted": "fitted on train (this script)", "baseline": "old: fitted on dev even rows"}
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="13">' % (w, h), '<rect width="100%" height="100%" fill="white"/>']
    o.append('<text x="%d" y="24" font-size="15">Risk score reliability, Spider dev GPT-4 (DIN-SQL), '
             '%d cases</text>' % (left, report["cases"]))

    def px(v):
        return left + v * size

    def py(v):
        return top + (1 - v) * size

    for k in range(11):
        v = k / 10
        o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>' % (px(v), py(0), px(v), py(1)))
        o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#eee"/>' % (px(0), py(v), px(1), py(v)))
        o.append('<text x="%.1f" y="%.1f" text-anchor="middle">%.1f</text>' % (px(v), py(0) + 18, v))
        o.append('<text x="%.1f" y="%.1f" text-anchor="end">%.1f</text>' % (px(0) - 6, py(v) + 4, v))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (left, top, size, size))
    o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="5,4"/>'
             % (px(0), py(0), px(1), py(1)))
    # Cases per bin of the fitted model, as bars along the bottom (share of all cases, x 0.5).
    bins = curves["fitted"][0]
    total = sum(b["cases"] for b in bins)
    for b in bins:
        if b["cases"]:
            hgt = 0.5 * b["cases"] / total
            o.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#1f6fb4" opacity="0.15"/>'
                     % (px(b["low"]) + 2, py(hgt), size / 10 - 4, py(0) - py(hgt)))
            o.append('<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10" fill="#1f6fb4">%d</text>'
                     % (px((b["low"] + b["high"]) / 2), py(hgt) - 3, b["cases"]))
    for label, (bins, ece) in curves.items():
        pts = [(px(b["mean_score"]), py(b["wrong_rate"])) for b in bins if b["cases"]]
        c = colours[label]
        o.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                 % (c, " ".join("%.1f,%.1f" % p for p in pts)))
        for p in pts:
            o.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s"/>' % (p[0], p[1], c))
    ly = 46
    for label, (bins, ece) in curves.items():
        r = report[label]
        o.append('<text x="%d" y="%d" fill="%s">%s: ECE %.3f, AUROC all %.3f / executable %.3f</text>'
                 % (left, ly, colours[label], titles[label], ece, r["auroc_all"], r["auroc_executable"]))
        ly += 18
    o.append('<text x="%.1f" y="%d" text-anchor="middle">mean risk score in the bin (10 equal-width bins)</text>'
             % (px(0.5), h - 40))
    o.append('<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">share of the bin '
             'that is wrong (EX, set)</text>' % (py(0.5), py(0.5)))
    o.append('<text x="%d" y="%d" font-size="11" fill="#666">bars: cases per bin (fitted model); dashed: '
             'perfect calibration</text>' % (left, h - 16))
    o.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")
