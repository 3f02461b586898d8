#!/usr/bin/env python3
"""Writes the seed inputs of the fuzz targets from the project's own test data.

    python3 fuzz/seeds.py        (from the repository root)

Reads tests/data/** (positions, perft files, rule cases, recorded games, mails) and
locales/*/words.ftl (the command words), and writes fuzz/corpus/<target>/seed-*: one file per
position or game, in the input format of the target (see fuzz/src/game.rs, mail.rs,
command.rs). Re-running overwrites the seeds and leaves the rest of the corpus alone;
`cargo fuzz cmin` then keeps those that add coverage, renamed by their hash like every other
input of the corpus.
"""

import pathlib
import re
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CORPUS = ROOT / "fuzz" / "corpus"
# Move lines the game targets read per input (fuzz/src/game.rs, MAX_MOVES).
MAX_MOVES = 40
# The largest seed written: libFuzzer's default -max_len is 4096.
MAX_BYTES = 4000


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "x"


def write(target, name, content):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    data = content.encode() if isinstance(content, str) else content
    if len(data) > MAX_BYTES:
        return
    (folder / f"seed-{slug(name)}").write_bytes(data)


def game_input(start, moves=(), options=""):
    """The game targets' input: start line, options line, one move per line."""
    moves = list(moves)
    chunks = [moves[i : i + MAX_MOVES] for i in range(0, len(moves), MAX_MOVES)] or [[]]
    # Only the first chunk starts from `start`: later ones would start elsewhere.
    return "\n".join([start, options] + chunks[0])


def perft_file(game, path):
    """`id`/`position`/`variant`/`options` blocks of a perft file."""
    name, options, n = path.stem, "", 0
    for line in path.read_text().splitlines():
        key, _, value = line.strip().partition(" ")
        if key == "id":
            name, options = value, ""
        elif key == "options":
            options = value
        elif key in ("position", "variant"):
            start = "" if value == "start" else value
            if key == "variant":
                start = f"variant {value}"
            n += 1
            write(f"game_{game}", f"{path.stem}-{n}-{name}", game_input(start, [], options))
            write(f"game_{game}", f"{path.stem}-{n}-{name}-walk",
                  game_input(start, [f"@{i * 7}" for i in range(12)], options))


def case_file(game, path):
    """`case` blocks with `position:`/`variant:`, `play:`/`refuse:` lines."""
    cases, current = [], None
    for line in path.read_text().splitlines():
        if line.startswith("case "):
            current = {"name": line[5:], "start": "", "moves": []}
            cases.append(current)
        elif current is not None and ":" in line and not line.startswith("#"):
            key, _, value = line.partition(":")
            value = value.strip()
            if key == "position":
                current["start"] = value
            elif key == "variant":
                current["start"] = f"variant {value}"
            elif key == "options":
                current["options"] = value
            elif key in ("play", "refuse"):
                current["moves"].extend(m.strip() for m in value.split(",") if m.strip())
    for c in cases:
        write(f"game_{game}", f"{path.stem}-{c['name']}",
              game_input(c["start"], c["moves"], c.get("options", "")))


def toml_cases(game, path):
    """`[[case]]` tables (Bulltricker and Tours rule cases)."""
    for c in tomllib.loads(path.read_text())["case"]:
        start = c.get("position", "start")
        start = "" if start == "start" else start
        if "to_move" in c and start:
            start += "; " + c["to_move"][0]
        moves = list(c.get("moves", [])) + list(c.get("actions", []))
        moves += [j["message"] for j in c.get("judge", [])]
        moves += list(c.get("legal", []) if isinstance(c.get("legal"), list) else [])[:8]
        write(f"game_{game}", f"{path.stem}-{c['id']}", game_input(start, moves, c.get("options", "")))


def move_tokens(text):
    """Moves of a numbered record (`1.g8g9 b5c5 2. ...`), comments and results dropped."""
    text = re.sub(r"\{[^}]*\}|\([^)]*\)|\[[^\]]*\]", " ", text)
    moves = []
    for token in text.split():
        token = re.sub(r"^\d+\.+", "", token)
        if token and token not in ("1-0", "0-1", "1/2-1/2", "*"):
            moves.append(token)
    return moves


def header(text, key):
    m = re.search(rf"^#\s*{key}:\s*(.+)$", text, re.M)
    return m.group(1).strip() if m else None


def record_file(game, path, per_line):
    """A recorded game: `# variant:`/`# position:` headers, then moves."""
    text = path.read_text()
    start = header(text, "position") or ""
    if header(text, "variant"):
        start = f"variant {header(text, 'variant')}"
    body = "\n".join(l for l in text.splitlines() if not l.startswith("#"))
    if per_line:
        moves = [re.sub(r"^\d+\.+\s*", "", l).strip() for l in body.splitlines()]
        moves = [m for m in moves if m]
    else:
        moves = move_tokens(body)
    write(f"game_{game}", f"record-{path.stem}", game_input(start, moves))


def pgn(game, path):
    for n, block in enumerate(re.split(r"\n\s*\n(?=\[)", path.read_text()), 1):
        fen = re.search(r'\[FEN "([^"]*)"\]', block)
        write(f"game_{game}", f"pgn-{n}", game_input(fen.group(1) if fen else "", move_tokens(block)))


def games():
    for game in ("abalone", "ataxx", "bulltricker", "sauterelle", "tours"):
        folder = DATA / game
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".perft",) or path.name == "perft.txt":
                perft_file(game, path)
            elif path.name == "cases.txt":
                case_file(game, path)
            elif path.suffix == ".toml":
                toml_cases(game, path)
            elif path.suffix == ".pgn":
                pgn(game, path)
            elif path.suffix == ".txt":
                record_file(game, path, per_line=game in ("bulltricker", "sauterelle", "tours"))
        write(f"game_{game}", "start", game_input(""))


def mails():
    for path in sorted((DATA / "mail").glob("*.eml")):
        write("mail", path.stem, path.read_bytes())


def commands():
    lines = []
    for lang in sorted((ROOT / "locales").iterdir()):
        words = lang / "words.ftl"
        if not words.exists():
            continue
        for line in words.read_text().splitlines():
            key, sep, value = line.partition("=")
            if sep and not line.startswith("#"):
                lines.extend(w.strip() for w in value.split(","))
    # The words alone, and in the command lines the help text teaches.
    for n, word in enumerate(lines):
        write("command", f"word-{n}-{word}", word)
    write("command", "new-en", "NEW abalone belgian-daisy AS white VS bob@example.org")
    write("command", "new-fr", "NOUVELLE bataille des tours EN noir CONTRE <bob@example.org>")
    write("command", "new-options", "new ataxx fifty-move-rule=off vs mailto:Bob@Example.org first")
    write("command", "moves", "Hi Bob,\n12. e5e6\nd.h5 d.h7 !! d.h6\nbar/3\nd4>d5,c6,b7\n0000")
    write("command", "typography", "\u201cg1\u2013e3\u201d\u2026 \uff47\uff11\u00a0pass\u200b")
    write("command", "lang-chat", "LANG FR\nCHAT OFF\nDISCUSSION OUI\nHELP tours\n?")


if __name__ == "__main__":
    games()
    mails()
    commands()
