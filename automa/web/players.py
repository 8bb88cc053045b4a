"""The web app's players (#48): who a new game belongs to, the unfinished games a browser may
resume, and a player's record for the player page.

Why a module of its own: these routes read the database directly, and the database holds
whole games (seeds, every seat's key, every move).  What leaves it here is built field by
field from a short list of public facts (the game, its mode and setting, the ply, whose turn
it is, the browser's own seat link), so nothing added to a stored game's row later can slip
into an answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from automa.players import mode_of, player_summary, setting_of
from automa.rules.core import AutomaError, game_class
from automa.store import Store, default_player, player_name

#: the most seat links a browser may ask about at once (the page keeps its newest ones)
MAX_HELD = 100
#: the longest game id and seat key the server hands out, with room to spare
MAX_ID = 64


def names_of(body: dict) -> list[str]:
    """The players of a new game's human seats, in seat order, from `player` (the first human
    seat's) and `names` (one per human seat); empty when none is given (the default player,
    the login name, then takes the first human seat)."""
    player = body.get("player")
    names = body.get("names")
    if player is not None and not isinstance(player, str):
        raise AutomaError("player must be a player's name (text)")
    if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
        raise AutomaError("names must be a list of players' names, one per human seat")
    given = list(names or [])
    if player is not None and player.strip():
        if given and given[0].strip() and _name(given[0], "names") != _name(player, "player"):
            raise AutomaError("player and the first of names differ: give one or the other")
        given = [player, *given[1:]] if given else [player]
    out = []
    for i, name in enumerate(given):
        if not name.strip():
            if any(n.strip() for n in given[i + 1 :]):
                raise AutomaError("names: a human seat without a name may only come after the named ones")
            break
        out.append(_name(name, "player" if i == 0 and player else "names"))
    return out


def _name(name: str, field: str) -> str:
    try:
        return player_name(name)
    except ValueError as err:
        raise AutomaError(f"{field}: {err}") from None


def held_of(body: dict) -> list[tuple[str, int, str]]:
    """The (game id, seat, key) triples a browser says it holds, from `{"seats": [{"id",
    "seat", "key"}, ...]}`; a malformed entry is a 400 that says what is expected."""
    raw = body.get("seats")
    if raw is None:
        return []
    expected = 'seats must be a list of {"id": GAME, "seat": N, "key": KEY}, the seat links the browser holds'
    if not isinstance(raw, list):
        raise AutomaError(expected)
    if len(raw) > MAX_HELD:
        raise AutomaError(f"at most {MAX_HELD} seat links at once")
    out = []
    for item in raw:
        if not isinstance(item, dict):
            raise AutomaError(expected)
        gid, seat, key = item.get("id"), item.get("seat"), item.get("key")
        if isinstance(seat, str) and seat.strip().isdigit() and len(seat.strip()) <= 3:
            seat = int(seat)
        if (
            not isinstance(gid, str)
            or not isinstance(key, str)
            or isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat <= 64
        ):
            raise AutomaError(expected)
        if len(gid) <= MAX_ID and len(key) <= MAX_ID:  # longer ones are none of this server's
            out.append((gid, seat, key))
    return out


def seat_link(game_id: str, seat: int, key: str) -> str:
    return f"/play/{game_id}?seat={seat}&key={key}"


def mine(store: Store, held: list[tuple[str, int, str]], turn_of: Callable[[str, int], dict]) -> list[dict]:
    """The unfinished games among the seat links a browser holds whose keys match, the latest
    played first, each with only public facts and the browser's own link: never a seed,
    another seat's key or a move.  `turn_of(game_id, seat)` says whose turn it is (from the
    game as the server holds it)."""
    out = []
    seen = set()
    for head in store.seat_games(held):
        seat = head["seat"]
        if (head["id"], seat) in seen:
            continue
        seen.add((head["id"], seat))
        row = {**head, "seat": seat}
        try:
            title = game_class(head["game"]).title or head["game"]
        except (AutomaError, KeyError):
            continue  # a game this installation no longer has
        entry = {
            "id": head["id"],
            "game": head["game"],
            "title": title,
            "mode": mode_of(row),
            "setting": setting_of(row),
            "seat": seat,
            "seats": len(head["seats"]),
            "player": head["players"].get(seat),
            "ply": head["ply"],
            "updated": head["updated"],
            "url": seat_link(head["id"], seat, head["keys"][seat]),
        }
        entry.update(turn_of(head["id"], seat))
        out.append(entry)
    out.sort(key=lambda e: -e["updated"])
    return out


def player_page(store: Store, name: str) -> dict[str, Any]:
    """`automa stats`'s record of a player as JSON (`automa.players.player_summary`): an
    unknown player has an empty one."""
    return player_summary(store, _name(name, "player"))


def default_name() -> dict[str, str]:
    return {"default": default_player()}
