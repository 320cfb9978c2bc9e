"""``razzmatazz report``: the files, self-contained HTML, findings read back from the tables, provenance,
bad input, atomic writing, and the pages in headless Chromium (installed here when missing).

The report of every game with a section (the three shipped games and the toy game the suite registers) is made
once per module at a small test scale (the games compile in their own processes, side by side); every check reads
what it wrote.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from razzmatazz.analysis import games
from razzmatazz.analysis.report.findings import FORMATS
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, hidden_leftovers, snapshot

SEED = 11
SCALE = 0.03
GAMES = tuple(g for g in games.names() if games.game(g).report)
"""The registered games with a report section."""
STRONG_GAMES = tuple(g for g in GAMES if g in games.SHIPPED)
"""The games whose sections state verdicts under strong play: the shipped ones (the toy game's states none)."""
CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
ALLOWED_LITERALS = ("95 %", "1/k", "($5,000 units)", "bb/100", "per 100 hands")
"""Fixed words with digits that templates may hold (units and the interval level), never a result."""


class _Install:
    """``apt-get install chromium chromium-driver`` started early, so that it overlaps the report's run."""

    command = ["apt-get", "install", "-y", "-q", "chromium", "chromium-driver"]

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if not (CHROMIUM.exists() and DRIVER.exists()) and shutil.which("apt-get"):
            self.proc = subprocess.Popen(
                self.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=self.env
            )

    def wait(self) -> None:
        """Chromium is installed, or the test fails saying why."""
        if CHROMIUM.exists() and DRIVER.exists():
            return
        if not shutil.which("apt-get"):
            pytest.fail(f"{CHROMIUM} is missing and apt-get is not available to install chromium chromium-driver")
        log = self.proc.communicate(timeout=900)[0] if self.proc else ""
        if not (CHROMIUM.exists() and DRIVER.exists()):  # the package lists may be missing or old
            update = subprocess.run(
                ["apt-get", "update", "-q"], capture_output=True, text=True, env=self.env, timeout=600
            )
            again = subprocess.run(self.command, capture_output=True, text=True, env=self.env, timeout=900)
            log += update.stdout + update.stderr + again.stdout + again.stderr
        if not (CHROMIUM.exists() and DRIVER.exists()):
            pytest.fail(
                "could not install Debian's chromium and chromium-driver for the browser test "
                f"(apt-get install -y chromium chromium-driver):\n{log[-3000:]}"
            )


@pytest.fixture(scope="module")
def install() -> _Install:
    return _Install()


@pytest.fixture(scope="module")
def made(tmp_path_factory, install):
    """The report of every game with a section, at test scale."""
    from razzmatazz.analysis.report import build_report

    out = tmp_path_factory.mktemp("report") / "all"
    return build_report("all", out, quick=True, seed=SEED, scale=SCALE)


@pytest.fixture(scope="module")
def tables(made) -> dict[str, pd.DataFrame]:
    return {p.stem: pd.read_parquet(p) for p in made.directory.rglob("*.parquet")}


def _cli():
    """The razzmatazz group with the report command (registered here if the group does not have it yet)."""
    from razzmatazz.analysis.cli import _Cli, main
    from razzmatazz.analysis.cli.report import report

    if "report" in main.commands:
        return main
    group = _Cli("razzmatazz")
    group.add_command(report)
    return group


def invoke(args: list[str]):
    return CliRunner().invoke(_cli(), [str(a) for a in args], prog_name="razzmatazz")


# ----------------------------------------------------------------------------- files


def page(made, game: str, fmt: str = "html") -> Path:
    """A game's page: in the game's own folder of the report."""
    return made.directory / game / f"{game}.{fmt}"


def test_every_expected_file_is_written_and_listed(made):
    d = made.directory
    assert made.main == d / "index.html"
    meta = json.loads((d / "manifest.json").read_text())
    listed = set(meta["files"])
    for name in ("index.html", "index.md", "findings.csv", *(f"{g}/{g}.{x}" for g in GAMES for x in ("html", "md"))):
        assert name in listed and (d / name).is_file(), name
    assert {p.name for p in d.iterdir()} == {n.split("/")[0] for n in listed} | {"manifest.json"}
    assert {p.relative_to(d).as_posix() for p in d.rglob("*") if p.is_file()} == listed | {"manifest.json"}
    for g in GAMES:  # one folder per game: its pages, figures and tables, and nothing of another game's
        mine = {n for n in listed if n.startswith(f"{g}/")}
        assert {f"{g}/{g}_policies.parquet", f"{g}/{g}_policies.csv"} <= mine
        assert all(n.split("/")[1].startswith(g) for n in mine), mine
        pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page(made, g, "md").read_text())
        assert pictures and all(p.startswith(f"{g}-") and f"{g}/{p}" in listed for p in pictures), pictures
    top = {n for n in listed if "/" not in n}
    assert top == {"index.html", "index.md", "findings.parquet", "findings.csv"}, top
    assert not hidden_leftovers(d)


def test_the_html_is_self_contained(made):
    for html_page in made.directory.rglob("*.html"):
        html = html_page.read_text()
        links = re.findall(r'\b(?:src|href)\s*=\s*"([^"]*)"', html)
        assert links
        for link in links:
            assert link.startswith("data:image/png;base64,") or re.fullmatch(
                r"(\.\./)?([a-z]+/)?[a-z]+\.(html|md)", link
            ), link
            assert link.startswith("data:") or (html_page.parent / link).is_file(), (html_page, link)
        assert "<link" not in html and "<script" not in html and "url(" not in html and "@import" not in html
        assert "http://" not in html and "https://" not in html


# ----------------------------------------------------------------------------- findings


def test_every_finding_is_its_template_filled_from_the_written_tables(made, tables):
    findings = pd.read_csv(made.directory / "findings.csv")
    assert set(findings.game) == set(GAMES) and len(findings) > 30
    for f in findings.itertuples():
        template = f.template
        for literal in ALLOWED_LITERALS:
            template = template.replace(literal, "")
        assert not re.search(r"\d", re.sub(r"\{\w+\}", "", template)), f"a number written by hand: {f.template}"
        refs = json.loads(f.refs)
        texts = {}
        for r in refs:
            value = tables[r["table"]][r["column"]].iloc[r["row"]]
            value = value.item() if hasattr(value, "item") else value
            assert FORMATS[r["fmt"]](value) == r["text"], (f.text, r)
            texts[r["name"]] = r["text"]
        assert f.template.format(**texts) == f.text
        assert f.text in page(made, f.game).read_text().replace("&#39;", "'")


def test_riffifi_best_policy_sentences_read_back(made, tables):
    text = page(made, "riffifi", "md").read_text()
    pol = tables["riffifi_policies"]
    pattern = r"- (\S+) wins ([\d.]+) % of (\d)-player games \(95 % CI ([\d.]+)–([\d.]+) %, ([\d,]+) games"
    found = re.findall(pattern, text)
    assert len(found) == 3
    for name, rate, n, lo, hi, played in found:
        part = pol[(pol.players == int(n)) & ~pol.officer]
        best = part.loc[part.win_rate.idxmax()]
        assert best.policy == name and int(played.replace(",", "")) == best.games
        for shown, value in ((rate, best.win_rate), (lo, best.win_low), (hi, best.win_high)):
            assert float(shown) == pytest.approx(100 * value, abs=0.051)


def test_razz_lead_sentence_states_what_the_comparisons_table_says(made, tables):
    text = page(made, "razz", "md").read_text()
    m = re.search(
        r"(\S+) is ahead of (\S+) by ([\d.]+) bb/100 \(95 % CI (\S+) to (\S+); simultaneous over (\d+) "
        r"comparisons (\S+) to (\S+)\): the lead is (not )?established",
        text,
    )
    assert m
    comp = tables["razz_comparisons"]
    row = comp[(comp.policy == m[1]) & (comp.versus == m[2])].iloc[0]
    assert float(m[3]) == pytest.approx(row.difference, abs=0.051)
    assert float(m[7]) == pytest.approx(row.simultaneous_low, abs=0.051)
    assert int(m[6]) == row.family == len(comp)
    assert (m[9] is None) == bool(row.established) == (row.simultaneous_low > 0)
    pol = tables["razz_policies"].sort_values("bb_per_100", ascending=False)
    assert [m[1], m[2]] == list(pol.policy[:2])


def test_sentences_follow_the_data(tables):
    from razzmatazz.analysis.riffifi.report import riffifi_topics

    changed = {k: v.copy() for k, v in tables.items()}
    before = [f.text for t in riffifi_topics(changed) for f in t.findings]
    pol = changed["riffifi_policies"]
    last = pol[(pol.players == 4) & ~pol.officer].win_rate.idxmin()
    pol.loc[last, ["win_rate", "win_low", "win_high"]] = [0.987, 0.95, 0.999]
    off = changed["riffifi_officer_effect"]
    off.loc[0, ["advantage", "ci_low", "ci_high", "established"]] = [1.5, 1.25, 1.75, True]
    after = [f.text for t in riffifi_topics(changed) for f in t.findings]
    name = pol.at[last, "policy"]
    assert f"{name} wins 98.7 % of 4-player games (95 % CI 95.0–99.9 %" in " ".join(after)
    assert not any(f"{name} wins 98.7 %" in t for t in before)
    assert any("+1.50 chips a deal" in t and "the effect is established" in t for t in after)


def test_razzia_carries_a_strong_play_verdict_per_headline_finding(made, tables):
    from razzmatazz.analysis.razzia.report import CROUPIER, HAGGLING, POLICE, RANKING
    from razzmatazz.analysis.report.findings import VERDICTS

    v = tables["razzia_verdicts"]
    assert sorted(zip(v.finding, v.players)) == sorted(
        (f, n) for f in (POLICE, RANKING, HAGGLING, CROUPIER) for n in (3, 5, 7)
    )
    assert set(v.verdict) <= set(VERDICTS)
    lineups = tables["razzia_strong_lineups"]
    assert all(x.split(", ").count("search") == 1 for x in lineups.lineup) and len(lineups) == 6
    findings = pd.read_csv(made.directory / "findings.csv")
    said = findings[(findings.game == "razzia") & (findings.topic == "Under strong play")].text.tolist()
    assert len(said) == len(v)
    for r, text in zip(v.itertuples(), said):
        assert text.startswith(f"Under strong play, {r.finding} with {r.players} players ({r.mix}): {r.higher} minus")
        assert f"in place of {r.seated} it is {FORMATS[r.fmt](r.strong_difference)}" in text
        assert f": {r.verdict}" in text and text.endswith(".")
    assert "Findings under strong play" in page(made, "razzia").read_text()


@pytest.mark.parametrize("game", STRONG_GAMES)
def test_a_verdict_only_where_the_strong_seat_leads_its_table(made, tables, game):
    """The gate: every verdict but 'no verdict' stands on the strong seat's established lead over every other
    policy at its table in that run (strong_lead_low > 0), and every 'no verdict' sentence says why."""
    from razzmatazz.analysis.report.findings import NO_VERDICT, VERDICTS

    v = tables[f"{game}_verdicts"]
    assert len(v) and set(v.verdict) <= set(VERDICTS) and "strong_lead_low" in v.columns
    assert (v[v.verdict != NO_VERDICT].strong_lead_low > 0).all()
    assert v.strong_difference.notna().all(), "a finding not measured under strong play (its labels not found?)"
    assert not (v[v.verdict == NO_VERDICT].strong_lead_low > 0).any()
    findings = pd.read_csv(made.directory / "findings.csv")
    said = " ".join(findings[(findings.game == game) & (findings.topic == "Under strong play")].text)
    assert "nan" not in said
    assert said.count(f"{NO_VERDICT} (search is not established stronger") + said.count(
        f"{NO_VERDICT} (no run measured"
    ) == int((v.verdict == NO_VERDICT).sum())


def test_every_rate_in_the_displayed_tables_has_its_interval(made):
    html = page(made, "razzia").read_text()
    cells = re.findall(r"<td>([^<]*%[^<]*)</td>", html)
    assert cells and all("(" in c and " to " in c for c in cells), [c for c in cells if " to " not in c][:5]


def test_precision_is_stated(made):
    text = page(made, "razz", "md").read_text()
    assert re.search(
        r"Razz policy results: [\d,]+ hands, chosen for a 95 % half-width of at most 6\.0 bb/100; "
        r"the half-widths reached run from [\d.]+ to [\d.]+ bb/100",
        text,
    )


# ----------------------------------------------------------------------------- provenance


def test_provenance_lists_seed_counts_versions_commit(made, tables):
    from razzmatazz.analysis.store import git_commit, versions

    for name in ("index.html", "razz/razz.html", "razzia/razzia.md", "riffifi/riffifi.md"):
        text = (made.directory / name).read_text()
        assert "root seed" in text and f"--seed {SEED}" in text
        assert f"{int(tables['razz_policies'].hands.iloc[0]):,} hands" in text
        assert f"{int(tables['riffifi_policies'].games.min()):,} games per player count and variant" in text
        assert "trials per Monte Carlo cell" in text
        for name in ("numpy", "numba", "pandas", "matplotlib"):
            assert versions()[name] in text
        assert metadata.version("jinja2") in text
        commit = git_commit()["commit"]
        assert (commit or "unknown") in text
        assert re.search(r"run time.{0,40}\d+(\.\d+)? s in all", text, re.S)
    meta = json.loads((made.directory / "manifest.json").read_text())
    shipped = [r for r in meta["runs"] if r["game"] in games.SHIPPED]
    assert meta["seed"] == SEED and meta["kind"] == "report" and len(shipped) == 15  # 4 + 4 + 4, a ladder each
    assert [r["what"] for r in shipped].count("skill ladder") == 3 and meta["plugin"] is None


# ----------------------------------------------------------------------------- the command


def test_cli_makes_a_new_run_folder_and_says_where(tmp_path, monkeypatch, made):
    from razzmatazz.analysis.report import build

    monkeypatch.chdir(tmp_path)
    quick = build.sizes_for
    monkeypatch.setattr(build, "sizes_for", lambda q, scale=1.0: quick(q, SCALE))  # the command, at test scale
    result = invoke(["report", "riffifi", "--quick", "--seed", "5", "--quiet", "--threads", "1"])
    assert_ok(result)
    line = result.stdout.strip()
    assert re.fullmatch(r"report: results/report/\d{8}-\d{6}(-\d+)?/riffifi/riffifi\.html", line), line
    shown = tmp_path / line.split(": ", 1)[1]
    assert shown.is_file() and (tmp_path / "results/report/latest/riffifi/riffifi.html").is_file()
    assert "razzmatazz report riffifi --quick --seed 5" in shown.read_text()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["poker"], "unknown game 'poker'"),
        (["all", "--threads", "0"], "threads"),
        (["razz", "--seed", "-1"], "seed"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, fragment):
    out = tmp_path / "out"
    result = invoke(["report", *args, "--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert not out.exists()


def test_an_unwritable_or_foreign_output_is_refused_untouched(tmp_path):
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "keep.txt").write_text("keep")
    for out, fragment in ((file, "not a directory"), (folder, "does not hold a razzmatazz result")):
        before = snapshot(tmp_path)
        result = invoke(["report", "all", "--quick", "--out", out, "--seed", "1"])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
        assert snapshot(tmp_path) == before


def test_a_failed_run_leaves_nothing_and_keeps_the_previous_result(tmp_path, monkeypatch, made):
    from dataclasses import replace

    from razzmatazz.analysis.report import build_report

    out = tmp_path / "r"
    first = build_report("riffifi", out, quick=True, seed=2, scale=SCALE)
    before = snapshot(out)

    def broken(tables, directory):
        (directory / "riffifi-half.png").write_bytes(b"half")
        raise RuntimeError("drawing failed")

    section = importlib.import_module(games.game("riffifi").report)
    monkeypatch.setattr(section, "SECTION", replace(section.SECTION, figures=broken))
    with pytest.raises(RuntimeError, match="drawing failed"):
        build_report("riffifi", out, quick=True, seed=3, scale=SCALE)
    assert snapshot(out) == before and first.main.is_file() and not hidden_leftovers(out)
    with pytest.raises(RuntimeError, match="drawing failed"):
        build_report("riffifi", tmp_path / "new", quick=True, seed=3, scale=SCALE)
    assert not (tmp_path / "new").exists() and not hidden_leftovers(tmp_path / "new")


# ----------------------------------------------------------------------------- in a browser

CHECK_PAGE = """
const images = [...document.images];
const width = window.innerWidth;
const outside = [...document.querySelectorAll('body *')]
    .filter(e => !e.parentElement.closest('.scroll'))
    .filter(e => e.getBoundingClientRect().right > width + 0.5 || e.getBoundingClientRect().left < -0.5)
    .map(e => e.tagName + (e.className ? '.' + e.className : ''));
return {images: images.length, broken: images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt),
        scrollWidth: document.documentElement.scrollWidth, width: width, outside: outside,
        height: document.documentElement.scrollHeight, text: document.body.innerText.length};
"""


def test_the_pages_load_in_chromium_with_every_image_and_nothing_cut_off(made, install):
    install.wait()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1280,1000",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    try:
        for page in ("index", *GAMES):
            driver.set_window_size(1280, 1000)
            driver.get((made.directory / ("index.html" if page == "index" else f"{page}/{page}.html")).as_uri())
            info = driver.execute_script(CHECK_PAGE)
            assert info["broken"] == [], (page, info)
            assert info["images"] >= (0 if page == "index" else 3 if page in games.SHIPPED else 1), (page, info)
            assert info["scrollWidth"] <= info["width"] and info["outside"] == [], (page, info)
            assert info["text"] > 1000
            driver.set_window_size(1280, min(info["height"] + 150, 16000))
            shot = made.directory.parent / f"{page}-screenshot.png"
            assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        driver.quit()
