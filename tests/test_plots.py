"""``--plot FILE.png``: pictures drawn from real runs, checked against the runs' numbers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from splitpot.cli import main
from splitpot.plots import DPI, FIGURE_SIZE, plot_data

pytest.importorskip("matplotlib")
Image = pytest.importorskip("PIL.Image")

SIZE = (int(FIGURE_SIZE[0] * DPI), int(FIGURE_SIZE[1] * DPI))


def test_play_session_plot_holds_every_stack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.png"
    argv = ["play", "seven-card-stud-high-low", "--players", "4", "--hands", "6", "--seed", "12"]
    assert main([*argv, "--json", "--plot", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)  # stdout stays pure JSON
    with Image.open(path) as image:
        assert image.format == "PNG" and image.size == SIZE
    data = plot_data(str(path))
    points = [doc["starting_stacks"]] + [hand["final_stacks"] for hand in doc["hands"]]
    assert data["series"] == {f"P{s}": [p[s] for p in points] for s in range(4)}
    assert data["title"] == "seven-card-stud-high-low: stacks over 6 hands"
    assert main([*argv, "--plain", "--plot", str(tmp_path / "again.png")]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"plot: {tmp_path / 'again.png'}")


def test_dealers_choice_session_plot_is_titled_for_the_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dc.png"
    argv = ["play", "dealers-choice", "--players", "3", "--hands", "4", "--seed", "5", "--json"]
    assert main([*argv, "--plot", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    data = plot_data(str(path))
    points = [doc["starting_stacks"]] + [hand["final_stacks"] for hand in doc["hands"]]
    assert data["series"] == {f"P{s}": [p[s] for p in points] for s in range(3)}
    assert data["title"] == "dealers-choice: stacks over 4 hands"


def test_equity_plot_holds_every_chance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "equity.png"
    hands = ["Ah 2c 3d 8s 8c", "Kd Kc 9s 9h 4c", "7h 6h 5d"]
    assert (
        main(
            [
                "equity",
                "--game",
                "seven-card-stud-8",
                *hands,
                "--samples",
                "20000",
                "--seed",
                "3",
                "--json",
                "--plot",
                str(path),
            ]
        )
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    with Image.open(path) as image:
        assert image.size == SIZE
    data = plot_data(str(path))
    assert data["game"] == "seven-card-stud-8" and data["outcomes"] == doc["outcomes"] == 20000
    assert [h["cards"] for h in data["hands"]] == hands
    fields = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")
    assert [[h[f] for f in fields] for h in data["hands"]] == [[p[f] for f in fields] for p in doc["players"]]


def test_equity_plot_draws_the_bars_it_reports(tmp_path: Path) -> None:
    from splitpot.equity import equity
    from splitpot.plots import equity_plot

    result = equity("lowball", ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"])
    figure = equity_plot(result, str(tmp_path / "low.png"))
    axes = figure.axes[0]
    heights = [round(patch.get_height(), 9) for patch in axes.patches]
    # lowball: low win, low tie (stacked), scoop, share, each for the two hands
    wins = [round(100 * p.low_win, 9) for p in result]
    assert heights[:2] == wins and heights[-2:] == [round(100 * p.share, 9) for p in result]
    assert [t.get_text() for t in axes.get_xticklabels()] == ["Ah 2c 3d 4s", "7c 6d 5h 3c 2d"]


def test_a_missing_matplotlib_is_named_with_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    path = tmp_path / "x.png"
    assert main(["play", "seven-card-stud", "--hands", "2", "--plot", str(path)]) == 2
    err = capsys.readouterr().err
    assert 'pip install "splitpot[plot]"' in err and "matplotlib" in err
    assert main(["equity", "--game", "lowball", "Ah 2c 3d 4s", "7c 6d 5h 3c 2d", "--plot", str(path)]) == 2
    captured = capsys.readouterr()
    assert 'pip install "splitpot[plot]"' in captured.err and captured.out == ""
    assert not path.exists()
