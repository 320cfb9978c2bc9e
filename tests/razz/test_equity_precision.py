"""``razz equity --precision P``: Monte Carlo in rounds until the hero's 95 % half-width is at most P points."""

import pytest
from click.testing import CliRunner

from razzmatazz.analysis.cli import main
from razzmatazz.analysis.razz.equities import equity
from razzmatazz.core.errors import InputError


def test_a_run_to_a_precision_is_one_run_of_that_many_trials():
    res = equity("A23", ["random", "random"], precision=0.5, seed=11)
    assert res.reached and res.half_width <= 0.5 and res.trials > 0
    same = equity("A23", ["random", "random"], trials=res.trials, seed=11)
    assert same.shares == res.shares  # the rounds are the trials of one run, in order
    assert res.as_dict()["half_width"] == pytest.approx(100 * (res.shares[0].ci95[1] - res.shares[0].ci95[0]) / 2)


def test_a_finer_precision_takes_more_trials_and_gets_there():
    coarse = equity("A23", ["random", "random"], precision=0.5, seed=11)
    fine = equity("A23", ["random", "random"], precision=0.2, seed=11)
    assert fine.reached and fine.half_width <= 0.2 < coarse.half_width and fine.trials > coarse.trials
    # the half-width falls as 1 / sqrt(trials): rounds sized from it overshoot by 10 % or a 10,000-trial step
    assert fine.trials <= coarse.trials * (coarse.half_width / 0.2) ** 2 * 1.25 + 10_000


def test_the_trial_cap_stops_a_run_that_cannot_get_there_and_says_so():
    res = equity("A23", ["random"], precision=0.01, trials=30_000, seed=3)
    assert res.trials == 30_000 and res.reached is False and res.half_width > 0.01
    out = CliRunner().invoke(
        main, ["razz", "equity", "A23", "--precision", "0.01", "--trials", "30000", "--seed", "3", "--quiet"]
    )
    assert out.exit_code == 0 and "precision not reached" in out.output and "30,000 trials" in out.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["--precision", "0"], "0.001 to 50"),
        (["--precision", "-1"], "0.001 to 50"),
        (["--precision", "0.1", "--vs", "xx8", "--exact"], "no sampling error"),
    ],
)
def test_a_precision_that_cannot_be_asked_is_one_line_and_exit_2(args, words):
    out = CliRunner().invoke(main, ["razz", "equity", "A2K", *args])
    assert out.exit_code == 2 and words in out.output and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1
    with pytest.raises(InputError):
        equity("A2K", ["xx8"], precision=0.1, exact_enum=True)
