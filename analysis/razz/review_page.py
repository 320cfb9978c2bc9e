"""``razz review --out DIR``: the review as a page in the report's style, its tables, its JSON and its chart."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.razz import review as RV

CHART = "loss_by_street.png"
PAGE = "review.html"
JSON = "review.json"


def loss_figure(by_street: list[dict], hero: str) -> Figure:
    """The hero's summed loss on each street in big bets, with its 95 % interval."""
    import matplotlib.pyplot as plt

    from razzmatazz.analysis.figures import STYLE

    with plt.rc_context(STYLE):
        fig = Figure(figsize=(7, 3.6))
        ax = fig.add_subplot()
        names = [RP.STREET_NAMES[r["street"]] for r in by_street]
        loss = [r["loss"] for r in by_street]
        err = [[r["loss"] - r["loss_low"] for r in by_street], [r["loss_high"] - r["loss"] for r in by_street]]
        ax.bar(names, loss, yerr=err, color="#3b6fb6", capsize=4)
        ax.axhline(0, color="#1d2330", linewidth=0.8)
        ax.set_ylabel("big bets lost (95 %)")
        ax.set_title(f"{hero}: estimated loss against the search player, by street", parse_math=False)
        fig.tight_layout()
    return fig


def _rows(rows: list[dict], key: str) -> list[list[str]]:
    def name(v: object) -> str:
        return RP.STREET_NAMES[v] if key == "street" else str(v)  # type: ignore[index]

    return [
        [
            name(r[key]),
            r["decisions"],
            r["differ"],
            f"{r['loss']:+.2f}",
            f"[{r['loss_low']:+.2f}, {r['loss_high']:+.2f}]",
        ]
        for r in rows
    ]


def _displays(data: dict) -> list[dict]:
    s = data["summary"]
    head = ["decisions", "made otherwise", "loss (big bets)", "95 % interval"]
    displays = [
        {"title": f"By {t}", "caption": "", "columns": [t, *head], "rows": _rows(s[k], key)}
        for t, k, key in (
            ("street", "by_street", "street"),
            ("door card", "by_door", "door"),
            ("situation", "by_situation", "situation"),
        )
    ]
    differ = [d for d in data["decisions"] if d["hero_move"] != d["best_move"]]
    displays.append(
        {
            "title": "Decisions made otherwise",
            "caption": "Each legal move's value: the chips the hero ends the hand with, in big bets, 95 % interval.",
            "columns": ["hand", "street", "cards", "situation", "hero", "search", "loss", "values"],
            "rows": [
                [
                    d["hand_id"],
                    RP.STREET_NAMES[d["street"]],
                    d["cards"],
                    d["situation"],
                    d["hero_move"],
                    d["best_move"],
                    f"{d['loss']:+.2f} [{d['loss_low']:+.2f}, {d['loss_high']:+.2f}]",
                    "; ".join(f"{m} {v['mean']:+.2f}" for m, v in d["values"].items()),
                ]
                for d in differ
            ],
        }
    )
    if data["stats"]:
        keys = [k for k in data["stats"][0] if k != "player"]
        displays.append(
            {
                "title": "Tracker statistics",
                "caption": "Every player of the hands read (razz stats gives the same).",
                "columns": ["player", *keys],
                "rows": [[r["player"], *(_cell(r[k]) for k in keys)] for r in data["stats"]],
            }
        )
    return displays


def _cell(v: object) -> str:
    return "-" if v is None else f"{v:.2f}" if isinstance(v, float) else str(v)


def render(data: dict, chart: Path) -> str:
    """The review page, its chart inlined."""
    from razzmatazz.analysis.report.build import data_uri, templates

    s = data["summary"]
    findings = [
        f"{data['hero']} made {s['differ']:,} of {s['decisions']:,} decisions otherwise than {data['search']}.",
        f"Estimated loss: {s['bb_per_100_lost']:+.1f} big bets per 100 hands [{s['low']:+.1f}, {s['high']:+.1f}] "
        f"over {s['hands']:,} hands.",
    ]
    if s["absent"] or s["not_reviewed"]:
        findings.append(
            f"{s['absent']:,} hands without the hero skipped; {s['not_reviewed']:,} decisions not reviewed."
        )
    lead = (
        f"At each decision of {data['hero']}, what {data['search']} would do from the hero's own view (the hidden "
        f"cards drawn, never read from the file), each legal move valued on {data['samples']:,} samples with the "
        f"other seats played as {data['field_model']}, and the hero's loss where the hero chose otherwise."
    )
    return (
        templates()
        .get_template("review.html.j2")
        .render(
            title=f"Review of {data['hero']}",
            lead=lead,
            findings=findings,
            figure={"src": data_uri(chart), "caption": "Summed loss by street, big bets, 95 % interval."},
            displays=_displays(data),
            provenance={
                "search": data["search"],
                "field model": data["field_model"],
                "samples a decision": data["samples"],
                "seed": data["seed"],
                "hands refused": len(data["errors"]),
            },
        )
    )


def write(out: Path, data: dict) -> list[Path]:
    """The review folder, written at once: the page, its JSON, the chart, the decisions and summaries as tables."""
    from razzmatazz.analysis.figures import save
    from razzmatazz.analysis.store import manifest, write_result

    s = data["summary"]
    tables = {
        "decisions": pd.DataFrame(data["decisions"], columns=RV.DECISION_COLUMNS),
        **{k: pd.DataFrame(s[k], columns=[k[3:], *RV.GROUP_COLUMNS]) for k in ("by_street", "by_door", "by_situation")},
    }

    def draw(directory: Path) -> list[str]:
        save(loss_figure(s["by_street"], data["hero"]), directory / CHART)
        (directory / PAGE).write_text(render(data, directory / CHART))
        (directory / JSON).write_text(json.dumps(data, indent=2) + "\n")
        return [CHART, PAGE, JSON]

    meta = manifest(kind="razz-review", hero=data["hero"], seed=data["seed"], search=data["search"])
    return write_result(out, tables, meta, draw)
