"""The exact tables shipped in analysis/razz/data/ (heads-up starts, door-card chart): cells enumerated again."""

import shutil

import numpy as np
import pytest

from razzmatazz.analysis.razz import equities as EQ
from razzmatazz.core.razz import exact
from razzmatazz.core.razz.deal import make_deal

LABELS = [EQ.start_label(s) for s in exact.multisets(3)[0]]
SAMPLE = ["A23", "A2K", "QKK", "777", "A45", "89T"]


@pytest.mark.parametrize("start", SAMPLE)
def test_a_heads_up_cell_is_the_enumeration_of_its_deals(start):
    row = EQ.exact_table("heads_up", LABELS).set_index("start").loc[start]
    assert (row.wins, row.ties, row.deals) == exact.heads_up(make_deal(start, ["random"]))


@pytest.mark.parametrize("start, door", [("A23", "8"), ("A23", "A"), ("QKK", "K"), ("89T", "5")])
def test_a_door_cell_is_the_enumeration_of_its_deals(start, door):
    table = EQ.exact_table("doors", LABELS, 13)
    row = table[(table.start == start) & (table.door == door)].iloc[0]
    assert (row.wins, row.ties, row.deals) == exact.heads_up(make_deal(start, ["xx" + door]))


def test_the_tables_agree_with_each_other_and_rank_the_starts():
    hu = EQ.exact_table("heads_up", LABELS)
    chart = EQ.door_table()
    # against a random hand = the door chart weighted by how many cards of each rank are unseen
    vs_random = chart.drop_duplicates("start").set_index("start")["vs_random"]
    eq = (hu.wins + hu.ties / 2) / hu.deals
    assert np.allclose(vs_random.loc[hu.start].to_numpy(), eq.to_numpy(), rtol=0, atol=1e-12)
    column = EQ._exact_column(exact.multisets(3)[0], LABELS).set_index("hand")
    assert column.loc["A23", "equity"] == pytest.approx(0.7346821402453717, abs=1e-15)
    assert column["equity"].idxmax() == "A23" and column["exact"].all()


def test_a_damaged_table_is_refused_naming_the_file(tmp_path, monkeypatch):
    shutil.copy(EQ.DATA / "heads_up.csv", tmp_path / "heads_up.csv")
    lines = (tmp_path / "heads_up.csv").read_text().splitlines()
    lines[5] = lines[5].replace(",", ",-", 1)
    (tmp_path / "heads_up.csv").write_text("\n".join(lines))
    monkeypatch.setattr(EQ, "DATA", tmp_path)
    with pytest.raises(ValueError, match="heads_up.csv is damaged"):
        EQ.exact_table("heads_up", LABELS)
