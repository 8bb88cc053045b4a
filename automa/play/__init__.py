"""Playing a game at the terminal: `automa play GAME ...`.

One loop for every game.  Each human decision shows the position as that seat may see it
(built only from `state.observation(seat)`, see `automa.views`), what the automata and
bots did since the human's last decision, and the legal actions, numbered and with short
typed aliases.  Commands at every prompt: hint, undo, save [FILE], rules, board, actions,
help, quit.

An alias is made from the action's own text, never from its place in the list, so it means
the same action whenever it is offered (`assign_aliases`).  On a terminal, a decision whose
list would not fit the screen is taken in two steps, a group first (the game view's
`action_group`), and a board and list that do not fit together are shown one after the other.

A saved game is a record in the format of `automa.search.records` with status "in_progress"
(one JSON line), so `automa replay` lists it and `automa play --load FILE` resumes it at
the same decision with the same state (the bots' generators are saved too).  Leaving by
Ctrl-D or quit offers to save; a finished game is written as a record that `automa replay
--verify` replays (`games_dir`).

The package's modules, each leaning only on those before it: `menus` (aliases, groups,
matching what is typed), `rulestext` (the rule text the `rules` command quotes, from each
game's own `sections.py` and rulebook), `session` (the game in progress, its records, undo
and hint) and `terminal` (the prompts and the `automa play` command).  The names other
modules use are re-exported here.
"""

from automa.play.menus import (
    ALIAS_STOP_WORDS,
    GROUP_CONNECTORS,
    RESERVED,
    Decision,
    Entry,
    action_aliases,
    action_groups,
    action_name,
    alias_candidates,
    assign_aliases,
    fallback_group,
    group_label,
    initials,
    match_action,
    new_lines,
)
from automa.play.rulestext import (
    rule_headings,
    rule_section,
    rule_sections,
    rulebook_text,
    section_for,
)
from automa.play.session import (
    FALLBACK_OPPONENT,
    HINT_ROUGH_PLAYOUTS,
    HINT_SECONDS,
    MOVE_SECONDS,
    PRESET_OPPONENT,
    Seat,
    Session,
    default_opponent,
    hint_confidence,
    hint_lines,
    hint_prefers,
    read_saved,
)
from automa.play.terminal import (
    CLEAR_SCREEN,
    COMMANDS,
    EndOfInput,
    QuitGame,
    Terminal,
    games_dir,
    in_columns,
    run,
    screen_rows,
    state_dir,
    terminal_size,
    use_colour,
)

__all__ = [
    "ALIAS_STOP_WORDS",
    "CLEAR_SCREEN",
    "COMMANDS",
    "Decision",
    "EndOfInput",
    "Entry",
    "FALLBACK_OPPONENT",
    "GROUP_CONNECTORS",
    "HINT_ROUGH_PLAYOUTS",
    "HINT_SECONDS",
    "MOVE_SECONDS",
    "PRESET_OPPONENT",
    "QuitGame",
    "RESERVED",
    "Seat",
    "Session",
    "Terminal",
    "action_aliases",
    "action_groups",
    "action_name",
    "alias_candidates",
    "assign_aliases",
    "default_opponent",
    "fallback_group",
    "games_dir",
    "group_label",
    "hint_confidence",
    "hint_lines",
    "hint_prefers",
    "in_columns",
    "initials",
    "match_action",
    "new_lines",
    "read_saved",
    "rule_headings",
    "rule_section",
    "rule_sections",
    "rulebook_text",
    "run",
    "screen_rows",
    "section_for",
    "state_dir",
    "terminal_size",
    "use_colour",
]
