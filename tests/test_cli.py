"""The `automa` command, driven as a user would (click's runner, in-process)."""

import json

from click.testing import CliRunner

from automa.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_games_lists_registered_games():
    result = run("games")
    assert result.exit_code == 0
    assert "tiny_goofspiel" in result.output and "2-3 players" in result.output
    assert "--param cards" not in result.output or "cards" in result.output


def _strip_timing(text):
    rows = []
    for line in text.splitlines():
        record = json.loads(line)
        record.pop("wall_time")
        rows.append(record)
    return rows


def test_tournament_writes_records_that_replay_and_reproduce(tmp_path):
    out1, out2 = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = [
        "tournament",
        "tiny_goofspiel",
        "--players",
        "3",
        "--bots",
        "random,greedy,mcts:iterations=20,c=1.0",
        "--games",
        "6",
        "--seed",
        "7",
    ]
    first = run(*args, "--out", str(out1))
    assert first.exit_code == 0, first.output
    assert "mcts:iterations=20,c=1.0" in first.output and "95% Wilson" in first.output
    assert len(out1.read_text().splitlines()) == 6
    run(*args, "--out", str(out2))
    assert _strip_timing(out1.read_text()) == _strip_timing(out2.read_text())
    replay = run("replay", str(out1), "--verify")
    assert replay.exit_code == 0 and "all 6 records replay exactly" in replay.output


def test_replay_verify_fails_on_a_tampered_record(tmp_path):
    out = tmp_path / "a.jsonl"
    run("tournament", "tiny_goofspiel", "--bots", "random,random", "--games", "2", "--out", str(out))
    lines = out.read_text().splitlines()
    record = json.loads(lines[1])
    record["scores"][0][0] += 1
    lines[1] = json.dumps(record)
    out.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(main, ["replay", str(out), "--verify"])
    assert result.exit_code != 0
    assert "MISMATCH: scores" in result.output and "1 of 2 records failed" in result.output


def test_replay_names_an_action_that_no_longer_replays(tmp_path):
    out = tmp_path / "a.jsonl"
    run("tournament", "tiny_goofspiel", "--bots", "random,random", "--games", "1", "--out", str(out))
    record = json.loads(out.read_text())
    record["actions"][0][0] = ["bid", 99]
    out.write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(main, ["replay", str(out), "--verify"])
    assert result.exit_code != 0 and "action 0" in result.output and "not legal on replay" in result.output


def test_tournament_report_writes_csv(tmp_path):
    out = tmp_path / "t.jsonl"
    result = run(
        "tournament",
        "tiny_goofspiel",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--out",
        str(out),
        "--report",
    )
    assert result.exit_code == 0 and (tmp_path / "t.csv").exists()
    assert "ratings" in result.output


def test_bad_arguments_say_what_is_allowed(tmp_path):
    runner = CliRunner()
    r = runner.invoke(main, ["tournament", "chess", "--bots", "random"])
    assert r.exit_code != 0 and "unknown game 'chess'; available:" in r.output
    r = runner.invoke(main, ["tournament", "tiny_goofspiel", "--bots", "random,alphazero"])
    assert r.exit_code != 0 and "unknown bot 'alphazero'" in r.output
    r = runner.invoke(main, ["tournament", "tiny_goofspiel", "--bots", "random", "--players", "9"])
    assert r.exit_code != 0 and "takes 2-3 players, got 9" in r.output
    r = runner.invoke(main, ["tournament", "tiny_goofspiel", "--bots", "random", "-p", "cards"])
    assert r.exit_code != 0 and "NAME=VALUE" in r.output
    r = runner.invoke(main, ["tournament", "tiny_goofspiel", "--bots", "random", "--rotation", "spin"])
    assert r.exit_code != 0 and "rotate" in r.output and "permute" in r.output


def test_bench_reports_every_figure():
    result = run("bench", "tiny_goofspiel", "--seconds", "0.2", "--json")
    figures = json.loads(result.output)
    for key in (
        "games_per_s",
        "raw_actions_per_s",
        "clone_us",
        "mcts_iterations_per_s",
        "mcts_efficiency",
        "ismcts_efficiency",
    ):
        assert figures[key] > 0


def test_bench_bot_reports_its_time_per_move():
    """`automa bench GAME --bot SPEC` times every move of SPEC over whole games: how the
    expert level's answer time is checked against its one-second median (issue #18)."""
    result = run("bench", "pulitzer", "--mode", "solo", "--bot", "level:expert", "--games", "1", "--json")
    figures = json.loads(result.output)
    assert figures["bot"] == "level:expert" and figures["games"] == 1 and figures["moves"] > 40
    assert 0 <= figures["median_s"] <= figures["p90_s"] <= figures["max_s"]
    text = run("bench", "tiny_goofspiel", "--bot", "greedy", "--games", "2").output
    assert "greedy: median" in text and "per move, over" in text and "of 2 games" in text
    bad = CliRunner().invoke(main, ["bench", "pulitzer", "--bot", "level:brutal"])
    assert bad.exit_code != 0 and "unknown level 'brutal'" in bad.output and "Traceback" not in bad.output


def test_play_with_scripted_input_reaches_the_final_scores():
    # cards=3: three decisions for the human; garbage is re-prompted, never fatal
    result = run(
        "play",
        "tiny_goofspiel",
        "-p",
        "cards=3",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        "4",
        input="banana\n0\n99\n1\n1\nbid\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("not an action here") >= 3
    assert "final scores" in result.output and "seat 1 (random): bid" in result.output


def test_play_quit_and_end_of_input_keep_the_game(tmp_path, monkeypatch):
    """quit and Ctrl-D (end of input) leave a game the database keeps, and say how to resume
    it; with nobody to answer, nothing is lost."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    for keys in ("q\n", ""):
        r = CliRunner().invoke(
            main, ["play", "tiny_goofspiel", "--seat", "human", "--seat", "random", "--seed", "1"], input=keys
        )
        assert r.exit_code == 0 and "leave? [" in r.output and "automa play --resume" in r.output
    from automa.store import Store

    kept = Store(tmp_path / "automa" / "automa.db").games(status="in_progress", source="terminal")
    assert len(kept) == 2 and all(g["game"] == "tiny_goofspiel" for g in kept)
