#!/usr/bin/env python3
"""arbitre's Ataxx engine against python-ataxx's alpha-beta player: a match, and its score.

python-ataxx (the PyPI package `ataxx`, by kz04px) is an independent Ataxx library from
the Ataxx engine ecosystem, not part of arbitre: it has its own board, move generator and
rules, and ships a few simple players in `ataxx.players`. This script plays arbitre's
computer opponent, spoken to over UAI (`arbitre engine --game ataxx --uai`), against one
of those players (`ataxx.players.alphabeta` by default), and prints the score.

How a match goes:
- Games come in pairs: each pair starts from an opening of a few random plies from the
  standard start (`x5o/7/7/7/7/7/o5x x 0 1`), drawn from `--seed`, and is played twice with
  the sides swapped: arbitre is x (who moves first) in the first game of each pair (games
  1, 3, 5, ...) and o in the second (games 2, 4, 6, ...).
- An opening is kept only when it is even, as engine testers keep only balanced openings
  in their books: a few random plies can leave a side lost by force, and a pair from there
  measures the opening, not the players. The judge is an arbitre search of the opening
  (`go depth 4 nodes 40000`, arbitre's level-6 budget, in a second engine process):
  even when its score is under one piece (`cp` 100) for either side. Up to 64 openings are
  drawn for a pair; when none is even, the most even is kept (and counted in the summary).
  `--any-opening` keeps the first drawn, as the first runs of this script did.
- One arbitre process plays the whole match. Before each of its moves it is sent
  `uainewgame`, `position startpos moves ...` (every ply of the game so far, passes as
  `0000`) and `go`, at the level set once with `setoption name Level value L`.
- python-ataxx's board is the referee: each move arbitre answers is checked against that
  board's legal moves before it is played. An illegal move loses the game for arbitre and
  is reported loudly (and the script then exits with status 1).
- A game not over after `--max-plies` plies (the opening's included) is adjudicated by
  piece count: more pieces wins, equal counts draw.
- The times per move are wall-clock: from `go` to `bestmove` for arbitre (the pipe
  included), the call to the player function for python-ataxx.

Both sides play the same rules: clones, jumps, forced passes, the game ends when a side
has no piece, when nobody can move (more pieces wins) or at the fifty-move rule (100 plies
without a clone: a draw). Both are deterministic (arbitre's level with its fixed seed,
python-ataxx's search), so the openings are what varies from pair to pair.

Known quirk of python-ataxx 2.2.0's search (its code, called as it is): `alphabeta` and
`negamax` score a position where the game is over inside the tree as the best possible
result for the side that ended it, whatever the piece count; and when every root move
lets the opponent end the game, `alphabeta` returns None (seen when it must pass with the
game about to end). The script then plays its first legal move for it (there, the pass)
and counts these fallbacks in the summary, apart from those where it had a choice.

Running it (python-ataxx is the only dependency beyond the standard library):

    bash benches/python_ataxx.sh --games 20 --level 9 --depth 3

The wrapper makes a venv in /var/tmp/arbitre-python-ataxx, installs `ataxx==2.2.0` into it
with pip and runs this script with it. With python-ataxx already importable:

    python3 benches/python_ataxx.py --games 20 --level 9 --depth 3 --seed 1

Build the engine first (`cargo build --release`), or name it with `--arbitre PATH`.
"""

import argparse
import os
import platform
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

try:
    import ataxx
    import ataxx.players
except ImportError:
    sys.exit(
        "python-ataxx is missing: `pip install ataxx==2.2.0`, "
        "or run benches/python_ataxx.sh, which installs it in a venv"
    )

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ARBITRE = REPO / "target" / "release" / "arbitre"

# Wider than any score python-ataxx's search returns (piece differences, at most 49).
INFINITY = 99999

PLAYERS = ("alphabeta", "negamax", "greedy", "random")

# The search that judges an opening even (arbitre's level-6 budget), and how many openings
# are drawn for a pair before the most even is kept.
JUDGE_DEPTH = 4
JUDGE_NODES = 40000
OPENING_DRAWS = 64


class EngineError(Exception):
    """The engine died, hung, or refused a position."""


class UaiEngine:
    """One `arbitre engine --game ataxx --uai` process, for the whole match."""

    def __init__(self, path, level, timeout):
        self.timeout = timeout
        self.command = [str(path), "engine", "--game", "ataxx", "--uai"]
        self.proc = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        reader = threading.Thread(target=self._read, daemon=True)
        reader.start()
        self.ids = [line for line in self.send_and_wait("uai", "uaiok") if line.startswith("id ")]
        self.send(f"setoption name Level value {level}")
        refused = [
            line for line in self.send_and_wait("isready", "readyok")
            if line.startswith("info string")
        ]
        if refused:
            raise EngineError(f"setoption Level {level} refused: {refused}")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"cannot write `{line}`: {e}") from e

    def send_and_wait(self, line, answer):
        """Sends `line`, returns every line read up to the one starting with `answer`."""
        self.send(line)
        got = []
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                read = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise EngineError(f"no `{answer}` within {self.timeout} s after `{line}`")
            if read is None:
                raise EngineError(
                    f"the engine exited (status {self.proc.poll()}) after `{line}`"
                )
            got.append(read)
            if read.split()[:1] == [answer]:
                return got

    def best_move(self, moves):
        """Arbitre's move after `moves` from the start: (move text, seconds)."""
        self.send("uainewgame")
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.send(position)
        # `position` answers nothing when it is read well, and `info string ...` when not.
        refused = [
            line for line in self.send_and_wait("isready", "readyok")
            if line.startswith("info string")
        ]
        if refused:
            raise EngineError(f"`{position}` refused: {refused}")
        start = time.perf_counter()
        lines = self.send_and_wait("go", "bestmove")
        seconds = time.perf_counter() - start
        words = lines[-1].split()
        if len(words) < 2:
            raise EngineError(f"`bestmove` without a move: {lines[-1]!r}")
        return words[1], seconds

    def judge(self, moves):
        """The side to move's lead after `moves`, by a fixed search (`JUDGE`), in
        hundredths of a piece; `None` when the game is over there."""
        self.send("uainewgame")
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        lines = self.send_and_wait(f"go depth {JUDGE_DEPTH} nodes {JUDGE_NODES}", "bestmove")
        for line in reversed(lines):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                return int(value) if kind == "cp" else (INFINITY if int(value) > 0 else -INFINITY)
        return None

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except (EngineError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def side_name(turn):
    return "x" if turn == ataxx.BLACK else "o"


def python_move(board, player, depth):
    """python-ataxx's move: (Move or None, seconds)."""
    start = time.perf_counter()
    if player == "alphabeta":
        move = ataxx.players.alphabeta(board, -INFINITY, INFINITY, depth)
    elif player == "negamax":
        move = ataxx.players.negamax(board, depth)
    elif player == "greedy":
        move = ataxx.players.greedy(board)
    else:
        move = ataxx.players.random_move(board)
    return move, time.perf_counter() - start


def opening(rng, plies):
    """`plies` random legal moves from the standard start, as text."""
    board = ataxx.Board()
    moves = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        board.makemove(move)
        moves.append(str(move))
    return moves


def play_game(number, engine, opening_moves, arbitre_side, args, stats):
    """Plays one game; returns a dict describing it."""
    board = ataxx.Board()
    moves = []
    for text in opening_moves:
        board.makemove(ataxx.Move.from_san(text))
        moves.append(text)
    illegal = None
    while not board.gameover() and len(moves) < args.max_plies:
        legal = board.legal_moves()
        if board.turn == arbitre_side:
            text, seconds = engine.best_move(moves)
            stats["arbitre"].append(seconds)
            try:
                move = ataxx.Move.from_san(text)
            except Exception:
                move = None
            if move is None or move not in legal:
                illegal = text
                fen = board.get_fen()
                message = (
                    f"!!! ILLEGAL MOVE by arbitre in game {number}: `{text}` at {fen}"
                    f" (after: {' '.join(moves) or 'the start'}); legal:"
                    f" {' '.join(str(m) for m in legal)}"
                )
                print(message, flush=True)
                print(message, file=sys.stderr, flush=True)
                break
        else:
            move, seconds = python_move(board, args.player, args.depth)
            stats["python"].append(seconds)
            if move is None or move not in legal:
                # Seen when python-ataxx must pass and the opponent can end the game next:
                # then its only legal move is played, and nothing is lost.
                stats["fallbacks"] += 1
                if len(legal) > 1:
                    stats["fallbacks_with_choice"] += 1
                move = legal[0]
        board.makemove(move)
        moves.append(str(move))

    x, o = board.num_black(), board.num_white()
    adjudicated = False
    if illegal is not None:
        winner = "o" if arbitre_side == ataxx.BLACK else "x"
        how = "illegal move"
    elif board.gameover():
        winner = {"1-0": "x", "0-1": "o"}.get(board.result())
        how = "fifty-move rule" if board.fifty_move_draw() and winner is None else "game over"
    else:
        adjudicated = True
        winner = "x" if x > o else "o" if o > x else None
        how = "piece count"
    me = side_name(arbitre_side)
    outcome = "draw" if winner is None else ("won" if winner == me else "lost")
    result = {"x": "1-0", "o": "0-1", None: "1/2-1/2"}[winner]
    return {
        "number": number,
        "side": me,
        "result": result,
        "outcome": outcome,
        "plies": len(moves),
        "adjudicated": adjudicated,
        "how": how,
        "pieces": (x, o),
        "illegal": illegal,
        "moves": moves,
    }


def mean(values):
    return sum(values) / len(values) if values else 0.0


def main():
    parser = argparse.ArgumentParser(
        description="arbitre's Ataxx engine (UAI) against python-ataxx's alpha-beta player."
    )
    parser.add_argument("--games", type=int, default=20,
                        help="games, in pairs from the same opening with sides swapped (20)")
    parser.add_argument("--level", type=int, default=9, choices=range(1, 10), metavar="1-9",
                        help="arbitre's level (9)")
    parser.add_argument("--depth", type=int, default=3,
                        help="python-ataxx's search depth in plies (3)")
    parser.add_argument("--player", choices=PLAYERS, default="alphabeta",
                        help="python-ataxx's player, from ataxx.players (alphabeta)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the openings (and of greedy's and random's choices) (1)")
    parser.add_argument("--opening-plies", type=int, default=4,
                        help="random plies from the standard start before each pair (4)")
    parser.add_argument("--any-opening", action="store_true",
                        help="keep each opening drawn, even or not (the first runs' way)")
    parser.add_argument("--max-plies", type=int, default=400,
                        help="plies after which a game is adjudicated by piece count (400)")
    parser.add_argument("--arbitre", default=str(DEFAULT_ARBITRE),
                        help="the arbitre binary (target/release/arbitre of this repository)")
    parser.add_argument("--move-timeout", type=float, default=120.0,
                        help="seconds arbitre may take for one answer before the match stops (120)")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument("--show-moves", action="store_true",
                        help="print each game's moves after its line")
    args = parser.parse_args()
    if args.games < 1 or args.depth < 1 or args.max_plies < 1 or args.opening_plies < 0:
        parser.error("--games, --depth and --max-plies must be positive, --opening-plies not negative")
    arbitre = Path(args.arbitre)
    if not arbitre.is_file():
        parser.error(f"no arbitre binary at {arbitre}: run `cargo build --release` or pass --arbitre")

    # python-ataxx's greedy and random players draw from the `random` module.
    random.seed(args.seed)
    rng = random.Random(args.seed)

    against = f"python-ataxx {ataxx.__version__} {args.player}"
    if args.player in ("alphabeta", "negamax"):
        against += f" depth {args.depth}"
    reproduce = [
        "python3", "benches/python_ataxx.py",
        "--games", str(args.games), "--level", str(args.level), "--depth", str(args.depth),
        "--player", args.player, "--seed", str(args.seed),
        "--opening-plies", str(args.opening_plies), "--max-plies", str(args.max_plies),
    ] + (["--any-opening"] if args.any_opening else [])
    print(f"# arbitre level {args.level} against {against}")
    print(f"command: {shlex.join([sys.executable] + sys.argv)}")
    print(f"same match, every option spelled out: {shlex.join(reproduce)}")
    print(f"python-ataxx: {ataxx.__version__} ({Path(ataxx.__file__).parent})")
    print(f"python: {platform.python_version()}; machine: {platform.machine()}, "
          f"{os.cpu_count()} cores")

    engine = UaiEngine(arbitre, args.level, args.move_timeout)
    print(f"arbitre: {arbitre} ({'; '.join(engine.ids)})")
    print(flush=True)
    # The judge of openings: a second process, so that the player's never searches outside
    # its games.
    judge = None if args.any_opening else UaiEngine(arbitre, 6, args.move_timeout)
    uneven = []

    stats = {"arbitre": [], "python": [], "fallbacks": 0, "fallbacks_with_choice": 0}
    games = []
    seen = set()
    started = time.perf_counter()
    try:
        for index in range(args.games):
            if index % 2 == 0:
                # A fresh opening for each pair (not one already played, when there is
                # room), even by the judge's search unless --any-opening.
                best = None
                for _ in range(OPENING_DRAWS if judge else 1):
                    for _ in range(100):
                        moves = opening(rng, args.opening_plies)
                        if tuple(moves) not in seen:
                            break
                    if judge is None:
                        best = (0, moves)
                        break
                    lead = judge.judge(moves)
                    lead = INFINITY if lead is None else abs(lead)
                    if best is None or lead < best[0]:
                        best = (lead, moves)
                    if lead < 100:
                        break
                lead, moves = best
                if lead >= 100:
                    uneven.append((index // 2 + 1, lead))
                seen.add(tuple(moves))
            arbitre_side = ataxx.BLACK if index % 2 == 0 else ataxx.WHITE
            game_started = time.perf_counter()
            game = play_game(index + 1, engine, moves, arbitre_side, args, stats)
            game["seconds"] = time.perf_counter() - game_started
            games.append(game)
            if not args.quiet:
                x, o = game["pieces"]
                print(
                    f"game {game['number']:>3}: arbitre {game['side']}, "
                    f"{game['result']:<7} arbitre {game['outcome']:<4} "
                    f"{game['plies']:>3} plies, x {x} o {o}, "
                    f"{'adjudicated' if game['adjudicated'] else 'not adjudicated'} ({game['how']}), "
                    f"{game['moves'].count('0000')} passes, "
                    f"opening {' '.join(moves) or '-'}, {game['seconds']:.1f} s",
                    flush=True,
                )
                if args.show_moves:
                    print(f"  moves: {' '.join(game['moves'])}", flush=True)
    except EngineError as e:
        print(f"!!! the arbitre engine failed: {e}", flush=True)
        print(f"!!! the arbitre engine failed: {e}", file=sys.stderr, flush=True)
        engine.close()
        if judge:
            judge.close()
        return 2
    engine.close()
    if judge:
        judge.close()
    elapsed = time.perf_counter() - started

    won = sum(g["outcome"] == "won" for g in games)
    drawn = sum(g["outcome"] == "draw" for g in games)
    lost = sum(g["outcome"] == "lost" for g in games)
    score = 100.0 * (won + 0.5 * drawn) / len(games)
    adjudicated = sum(g["adjudicated"] for g in games)
    illegal = [g for g in games if g["illegal"] is not None]
    as_x = [g for g in games if g["side"] == "x"]
    as_o = [g for g in games if g["side"] == "o"]

    def wdl(subset):
        return "/".join(str(sum(g["outcome"] == k for g in subset)) for k in ("won", "draw", "lost"))

    print()
    print("## Result")
    print()
    print("| arbitre level | against | games | won | drawn | lost | score % |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {args.level} | {against} | {len(games)} | {won} | {drawn} | {lost} | {score:.1f} |")
    print()
    print("| side | moves | mean ms/move | worst ms/move |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| arbitre level {args.level} | {len(stats['arbitre'])} | "
          f"{1000 * mean(stats['arbitre']):.1f} | {1000 * max(stats['arbitre'], default=0):.1f} |")
    print(f"| {against} | {len(stats['python'])} | "
          f"{1000 * mean(stats['python']):.1f} | {1000 * max(stats['python'], default=0):.1f} |")
    print()
    print(f"- arbitre as x: {wdl(as_x)} (won/drawn/lost), as o: {wdl(as_o)}")
    print(f"- adjudicated by piece count after {args.max_plies} plies: {adjudicated}")
    print(f"- mean plies a game: {mean([g['plies'] for g in games]):.1f}; "
          f"wall time {elapsed:.1f} s, {elapsed / len(games):.1f} s a game")
    print(f"- openings: {args.opening_plies} random plies from the start, seed {args.seed}, "
          f"each played with both sides; "
          + ("any opening kept" if args.any_opening else
             f"kept when even by `go depth {JUDGE_DEPTH} nodes {JUDGE_NODES}` (under one piece); "
             f"pairs from an opening not found even: {len(uneven)}"
             + (f" ({', '.join(f'pair {n}: {lead}' for n, lead in uneven)})" if uneven else "")))
    print(f"- python-ataxx's player returned no move (its first legal move played): "
          f"{stats['fallbacks']}, of which {stats['fallbacks_with_choice']} where it had more "
          f"than one legal move (the others: a forced pass)")
    print(f"- illegal moves by arbitre: {len(illegal)}")
    print(f"- command: `{shlex.join([sys.executable] + sys.argv)}`")
    print(f"- python-ataxx {ataxx.__version__}, arbitre {arbitre}")
    if illegal:
        for g in illegal:
            print(f"!!! game {g['number']}: arbitre played the illegal move `{g['illegal']}`"
                  f" after: {' '.join(g['moves'])}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
