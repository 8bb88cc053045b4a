"""The published automaton decks: designs each with `automa design`, copies the deck into
automa/decks/ and its table (the printed knob, the scale it was cut from, every level,
decks tried) into experiments/results/design_<game>_<deck>.md, then re-measures the
shipped deck at every printed setting on fresh deals if --check-games asks (the issue's
40 a setting).  The scale takes --knob-games games a setting; each setting printed for
0.3/0.5/0.7 is confirmed on --mark-games fresh games.

    python experiments/design_decks.py --decks nixon --games 10 --budget 12 --knob-games 40 \
        --mark-games 150 --check-games 40 --seed 1 --jobs 1 [--against level:easy] [--target 0.5] [--work DIR]

(the published decks: once each with --decks nixon, editor, investigator).  Each design
is `automa design GAME --seat S --target T --against A --games G --budget B --seed SEED
--start automa/decks/<game>-<deck>.toml --out WORK/<deck>`: the search starts from the
deck shipped now (its cards and tie-breakers; the knob is cut again from the vocabulary's
scale).  Every game is kept as JSON lines in WORK, so an interrupted run resumes where it
stopped.
"""

import shutil
import time
from pathlib import Path

from common import RESULTS, ROOT, parser

from automa.decks import load_deck
from automa.rules.core import load_game
from automa.search.design import deck_stem, design, measure

#: deck -> (game, seat)
DECKS = {"nixon": ("watergate", 1), "editor": ("watergate", 0), "investigator": ("pi", 1)}
SHIPPED = ROOT / "automa" / "decks"


def main() -> None:
    p = parser("Design and measure the published automaton decks.", games=10, seed=1)
    p.add_argument("--decks", default="nixon,editor,investigator")
    p.add_argument("--budget", type=int, default=12)
    p.add_argument("--knob-games", type=int, default=40, help="games per difficulty setting")
    p.add_argument(
        "--mark-games",
        type=int,
        default=150,
        help="fresh games confirming each setting printed for 0.3/0.5/0.7",
    )
    p.add_argument("--check-games", type=int, default=0, help="fresh deals at the default setting (0: none)")
    p.add_argument("--target", type=float, default=0.5)
    p.add_argument("--against", default="level:easy")
    p.add_argument("--levels", default="easy,normal,hard,expert")
    p.add_argument("--work", type=Path, default=Path("design-work"))
    p.set_defaults(jobs=1)
    args = p.parse_args()
    levels = [lv for lv in args.levels.split(",") if lv]
    for name in args.decks.split(","):
        game_name, seat = DECKS[name]
        game = load_game(game_name)
        stem = deck_stem(game, seat)
        start = (
            load_deck(str(SHIPPED / f"{stem}.toml"), game) if (SHIPPED / f"{stem}.toml").exists() else None
        )
        began = time.perf_counter()
        result = design(
            game_name,
            seat,
            args.target,
            args.against,
            args.games,
            args.budget,
            args.seed,
            args.work / name,
            args.jobs,
            levels=levels,
            start=start,
            say=print,
            knob_games=args.knob_games,
            mark_games=args.mark_games,
        )
        deck = load_deck(str(result.files["deck"]), game)
        table = result.files["table"].read_text()
        if args.check_games:
            table += (
                f"\n## Re-measured\n\nThe shipped deck at every printed setting, {args.check_games} new "
                "deals "
                f"each (seed {args.seed + 1000}) against `{args.against}`:\n\n"
                "| setting | for the mark | win rate | 95% interval | the mark is |\n|---|---|---|---|---|\n"
            )
            for k in range(deck.settings):
                check = measure(
                    deck,
                    game_name,
                    args.against,
                    args.check_games,
                    args.seed + 1000,
                    args.work / name / "check",
                    args.jobs,
                    knob=k,
                    label=f"check{k}",
                )
                low, high = check.interval
                marks = [mark for mark, i in result.marks.items() if i == k]
                if k == deck.knob_default and args.target not in marks:
                    marks.append(args.target)
                where = ", ".join(
                    f"{mark:g} {'inside' if low <= mark <= high else 'outside'}" for mark in marks
                )
                table += (
                    f"| {k}{' (default)' if k == deck.knob_default else ''} | "
                    f"{', '.join(f'{mark:g}' for mark in marks) or '-'} | {check.rate:.3f} | "
                    f"[{low:.3f}, {high:.3f}] | {where or '-'} |\n"
                )
        minutes = (time.perf_counter() - began) / 60
        shutil.copy(result.files["deck"], SHIPPED / f"{stem}.toml")
        command = (
            f"python experiments/design_decks.py --decks {name} --against {args.against} "
            f"--target {args.target:g} --games {args.games} --knob-games {args.knob_games} --mark-games "
            f"{args.mark_games} "
            f"--budget {args.budget} --check-games {args.check_games} --levels {args.levels} "
            f"--seed {args.seed}"
        )
        table = (
            f"Made by `{command}` ({minutes:.0f} minute{'' if round(minutes) == 1 else 's'} on this "
            f"machine, one process).\n\n" + table
        )
        RESULTS.mkdir(parents=True, exist_ok=True)
        out = RESULTS / f"design_{game_name}_{name}.md"
        out.write_text(table)
        print(f"wrote {SHIPPED / f'{stem}.toml'} and {out}")


if __name__ == "__main__":
    main()
