"""A player's record: the games they finished, read back from the database as the table
`automa stats` prints and the web app's player page draws.

Why here and not in the store: the store keeps rows; what a row means to a player (which
setting they faced, how sure a win rate is, whether their scores are going up) is worded
once here for the terminal and the browser alike.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from automa.play.session import game_result
from automa.rules.core import AutomaError, game_class
from automa.search import records
from automa.search.stats import wilson_interval
from automa.store import Store, StoreError, default_path, state_dir

#: the meta key that says the JSONL history in the state folder was read in
HISTORY_IMPORTED = "history_imported"


def open_store(db: str | Path | None = None, import_history: bool = True) -> Store:
    """The database the commands share (`--db`, else the state folder's); the state folder's
    own database reads in the JSONL history of its games folder the first time (see
    `import_history_from`)."""
    store = Store(db or default_path())
    if import_history and db is None and not store.read_only and store.get_meta(HISTORY_IMPORTED) is None:
        import_history_from(store, state_dir() / "games")
    return store


def import_history_from(store: Store, folder: Path, player: str | None = None) -> int:
    """Read in, once, the finished games' records a terminal wrote before games were kept in
    the database (`<state>/games/*.jsonl`); their human seats belong to `player` (default:
    the login name's).  A record already read in is not read again; a file that cannot be
    read is skipped (it stays where it is).  Returns the number of games read in."""
    from automa.store import default_player

    player = player or default_player()
    count = 0
    for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else []:
        try:
            lines = list(records.read_lines(path))
        except (records.RecordError, OSError, UnicodeDecodeError):
            continue
        for line in lines:
            rec = line.record
            if rec is None or rec.get("status") != "ok":
                continue
            if store_record(store, rec, player, source="import", created=_mtime(path)):
                count += 1
    store.set_meta(HISTORY_IMPORTED, json.dumps({"at": time.time(), "games": count, "folder": str(folder)}))
    return count


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return time.time()


def record_id(rec: dict) -> str:
    """A finished record's id in the database: the same record always gets the same id."""
    key = json.dumps([rec["game"], rec["params"], rec["seed"], rec["seats"], rec["actions"]], sort_keys=True)
    return "r" + hashlib.sha256(key.encode()).hexdigest()[:11]


def store_record(store: Store, rec: dict, player: str, source: str, created: float | None = None) -> bool:
    """Keep one finished JSONL record as a game of `player` (each 'human' seat); False when it
    is already kept or does not replay with the installed rules."""
    game_id = record_id(rec)
    if store.load(game_id) is not None:
        return False
    try:
        state = records.replay(rec)
        game = records.game_from_record(rec)
    except (records.RecordError, AutomaError, KeyError, TypeError, ValueError):
        return False
    if not state.is_terminal():
        return False
    when = created if created is not None else time.time()
    head = {
        "game": rec["game"],
        "params": rec["params"],
        "seed": rec["seed"],
        "bot_seed": rec.get("bot_seed", 0),
        "seats": rec["seats"],
        "keys": {},
        "chosen": True,
        "status": "finished",
        "source": source,
        "players": {s: player for s, spec in enumerate(rec["seats"]) if spec == "human"},
        "result": game_result(game, state),
        "created": when,
        "finished": when,
    }
    store.record(game_id, head, [tuple(a) for a in rec["actions"]], {})
    return True


def export_record(stored: dict) -> dict:
    """A finished game from the database as today's JSONL record (`automa replay` reads it;
    `--verify` replays it)."""
    if stored["status"] != "finished":
        raise AutomaError(
            f"game {stored['id']} is not finished: resume it with automa play --resume {stored['id']}"
            if stored.get("source") == "terminal"
            else f"game {stored['id']} is not finished"
        )
    rec = {
        "game": stored["game"],
        "params": stored["params"],
        "seed": stored["seed"],
        "seats": stored["seats"],
        "actions": stored["actions"],
    }
    game = records.game_from_record(rec)
    state = records.replay(rec)
    outcome = state.outcome()
    out = {
        "format": records.RECORD_FORMAT,
        "version": records.library_version(),
        "rules_hash": game.rules_hash(),
        **rec,
        "status": "ok",
        "scores": [list(x) for x in state.scores()],
        "ranks": list(outcome.ranks),
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "wall_time": 0.0,
    }
    out["bot_seed"] = stored["bot_seed"]
    out["id"] = stored["id"]
    out["players"] = {str(k): v for k, v in stored["players"].items()}
    return out


# --------------------------------------------------------------------------- what a row means


def mode_of(row: dict) -> str:
    """The mode and player count a game was played in, e.g. 'solo' or 'standard, 4 players'."""
    params = row["params"]
    mode = str(params.get("mode", ""))
    count = params.get("players")
    if count in (None, 1) or mode == "solo":
        return mode or "solo"
    return f"{mode}, {count}p" if mode else f"{count}p"


def setting_of(row: dict) -> str:
    """What the player faced, in the words of the command line: the adaptive choice when
    there was one ('auto: 4,2,2'); else the parameters that differ from the mode's defaults
    and the other seats' bots ('times_mix=4,2,2', 'vs mumanbot:hard')."""
    if row.get("auto"):
        auto = row["auto"]
        return f"auto: {auto.get('knob', '')} {auto.get('label', '?')}".replace(":  ", ": ")
    parts = []
    try:
        cls = game_class(row["game"])
        params = row["params"]
        defaults = cls.make_params(mode=params.get("mode"), players=params.get("players")).to_json()
        for key in sorted(params):
            if key in ("mode", "players"):
                continue
            if params[key] != defaults.get(key):
                parts.append(f"{key}={_value_text(params[key])}")
    except (AutomaError, KeyError, TypeError, ValueError):
        pass
    seat = row.get("seat", -1)
    others = [spec for s, spec in enumerate(row["seats"]) if s != seat and spec != "human"]
    if others:
        counted = sorted(set(others), key=others.index)
        parts.append(
            "vs "
            + ", ".join(
                f"{spec} x{others.count(spec)}" if others.count(spec) > 1 else spec for spec in counted
            )
        )
    return "; ".join(parts) or "default"


def _value_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


@dataclass
class Line:
    """One game, mode and setting of a player's record."""

    game: str
    mode: str
    setting: str
    games: int
    wins: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict:
        low, high = self.interval
        return {
            "game": self.game,
            "mode": self.mode,
            "setting": self.setting,
            "games": self.games,
            "wins": self.wins,
            "rate": round(self.rate, 4),
            "interval": [round(low, 4), round(high, 4)],
        }


@dataclass
class Trend:
    """How a player's scores in one game and mode move: the mean, the last ten's mean and
    the least-squares slope per game (None with fewer than 3 games)."""

    game: str
    mode: str
    scores: list[float]

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores)

    @property
    def recent(self) -> float:
        last = self.scores[-10:]
        return sum(last) / len(last)

    @property
    def slope(self) -> float | None:
        n = len(self.scores)
        if n < 3:
            return None
        mx = (n - 1) / 2
        my = self.mean
        sxx = sum((i - mx) ** 2 for i in range(n))
        return sum((i - mx) * (y - my) for i, y in enumerate(self.scores)) / sxx

    def to_json(self) -> dict:
        slope = self.slope
        return {
            "game": self.game,
            "mode": self.mode,
            "games": len(self.scores),
            "mean": round(self.mean, 2),
            "last10": round(self.recent, 2),
            "slope": None if slope is None else round(slope, 3),
            "scores": self.scores,
        }


def table(rows: Sequence[dict]) -> list[Line]:
    """Wins and games per game, mode and setting, in the order first played."""
    lines: dict[tuple[str, str, str], Line] = {}
    for row in rows:
        key = (row["game"], mode_of(row), setting_of(row))
        line = lines.setdefault(key, Line(*key, games=0, wins=0.0))
        line.games += 1
        line.wins += float(row["won"])
    return sorted(lines.values(), key=lambda x: (x.game, x.mode, x.setting))


def trends(rows: Sequence[dict]) -> list[Trend]:
    out: dict[tuple[str, str], Trend] = {}
    for row in rows:
        if row.get("score") is None or not math.isfinite(float(row["score"])):
            continue
        key = (row["game"], mode_of(row))
        out.setdefault(key, Trend(*key, scores=[])).scores.append(float(row["score"]))
    return sorted(out.values(), key=lambda t: (t.game, t.mode))


def _wins_text(wins: float) -> str:
    return f"{wins:g}" if wins != int(wins) else str(int(wins))


def stats_lines(player: str, rows: Sequence[dict], game: str | None = None, width: int = 80) -> list[str]:
    """`automa stats`: the table with Wilson 95% intervals, then the score trends."""
    where = f" at {game}" if game else ""
    if not rows:
        return [
            f"{player} has no finished game{where} yet (games finished in the terminal or the browser count)"
        ]
    out = [f"{player}: {len(rows)} finished game{'s' if len(rows) != 1 else ''}{where}", ""]
    lines = table(rows)
    head = ("game", "mode", "setting", "won", "rate", "95% interval")
    cells = [
        (
            x.game,
            x.mode,
            x.setting,
            f"{_wins_text(x.wins)}/{x.games}",
            f"{x.rate:.2f}",
            "[{:.2f}, {:.2f}]".format(*x.interval),
        )
        for x in lines
    ]
    widths = [max(len(head[i]), *(len(c[i]) for c in cells)) for i in range(len(head))]
    spare = width - 1 - sum(widths) - 2 * (len(widths) - 1)
    if spare < 0:  # the setting column gives way
        widths[2] = max(len(head[2]), widths[2] + spare)
    for row in [head, *cells]:
        text = "  ".join(
            (_fit(c, widths[i]).rjust(widths[i]) if i >= 3 else _fit(c, widths[i]).ljust(widths[i]))
            for i, c in enumerate(row)
        )
        out.append(text.rstrip())
    scored = trends(rows)
    if scored:
        out += ["", "scores (your first score figure each game):"]
        for t in scored:
            slope = t.slope
            trend = "too few games for a trend" if slope is None else f"{slope:+.2f} a game"
            out.append(
                _fit(
                    f"  {t.game} {t.mode}: mean {t.mean:.1f} over {len(t.scores)}, "
                    f"last {min(10, len(t.scores))} {t.recent:.1f}, {trend}",
                    width - 1,
                )
            )
    out += ["", "every game: automa stats --games   (replay one: automa replay ID)"]
    return out


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def result_word(head: dict, seat: int | None) -> str:
    result = head.get("result")
    if not result:
        return "in progress"
    if seat is None:
        return "finished"
    won = head["status"] == "finished" and seat in (result.get("winners") or [])
    if won and len(result["winners"]) > 1 and not result.get("team"):
        return "shared win"
    return "won" if won else "lost"


def games_lines(heads: Sequence[dict], player: str | None, width: int = 80) -> list[str]:
    """`automa stats --games`: one line a game, the latest first, with the id `automa
    replay ID` (and `automa play --resume ID`) take."""
    if not heads:
        return [f"no game kept{' for ' + player if player else ''} yet"]
    out = []
    for h in heads:
        seats = [s for s, name in h["players"].items() if player is None or name == player]
        seat = seats[0] if seats else None
        row = {**h, "seat": seat if seat is not None else -1}
        score = ""
        if h.get("result") and seat is not None and seat < len(h["result"]["scores"]):
            score = " " + ",".join(_wins_text(float(x)) for x in h["result"]["scores"][seat][:1])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(h["finished"] or h["updated"]))
        status = result_word(h, seat) + score if h["status"] == "finished" else f"ply {h['ply']}"
        out.append(
            _fit(
                f"{h['id']:<12} {when}  {status:<9} {h['game']} {mode_of(row)}, {setting_of(row)}", width - 1
            )
        )
    return out


def player_summary(store: Store, player: str, game: str | None = None) -> dict:
    """The player page's data: the table, the trends and each game's running win rate."""
    rows = store.finished_games(player, game)
    running = []
    wins = 0.0
    for i, row in enumerate(rows, 1):
        wins += float(row["won"])
        running.append(
            {
                "id": row["id"],
                "game": row["game"],
                "mode": mode_of(row),
                "setting": setting_of(row),
                "won": row["won"],
                "score": row["score"],
                "finished": row["finished"],
                "running": round(wins / i, 4),
            }
        )
    return {
        "player": player,
        "games": len(rows),
        "table": [x.to_json() for x in table(rows)],
        "trends": [t.to_json() for t in trends(rows)],
        "history": running,
    }


__all__ = [
    "StoreError",
    "export_record",
    "games_lines",
    "import_history_from",
    "open_store",
    "player_summary",
    "stats_lines",
    "store_record",
    "table",
    "trends",
]
