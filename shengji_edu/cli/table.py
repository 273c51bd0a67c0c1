"""``shengji table``: the play table served as a web page with Voilà."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..players import PLAYER_TYPES, make_player
from .options import positive


def cmd_table(args: argparse.Namespace) -> int:
    """Serve the play table as a web page with Voilà (the optional ``app`` extra)."""
    import importlib.util
    import subprocess

    from jupyter_core.paths import jupyter_runtime_dir

    from ..i18n import check_language
    from ..widgets.app import APP_NOTEBOOK, ENV_PREFIX, SAVES_ENV, TEMPLATE, write_voila_files

    lang = check_language(args.lang)
    make_player(args.computer)  # an unknown kind: ValueError naming the known ones
    if importlib.util.find_spec("voila") is None:
        raise ValueError(
            'the table page needs Voilà: pip install "shengji-edu[app]" '
            "(or pip install voila), then run shengji table again"
        )
    env = dict(os.environ, **{ENV_PREFIX + "LANG": lang, ENV_PREFIX + "COMPUTER": args.computer})
    if args.seed is not None:
        env[ENV_PREFIX + "SEED"] = str(args.seed)
    # Each browser's match is saved here, so a reload resumes it (one folder per port).
    home = (
        Path(args.saves)
        if args.saves
        else Path(jupyter_runtime_dir()) / f"shengji-table-{args.port}"
    )
    voila = write_voila_files(home / "voila")
    env[SAVES_ENV] = str(home)
    env["JUPYTER_PATH"] = voila["JUPYTER_PATH"]
    cull = args.cull_idle
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(APP_NOTEBOOK),
        f"--Voila.ip={args.ip}",
        f"--port={args.port}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--Voila.config_file_paths={voila['config']}",  # the prelaunch hook: reloads resume
        f"--template={TEMPLATE}",  # Voilà's lab page without its CDN links
        # A kernel stops after cull_idle seconds without a message: a closed or reloaded
        # page's at once, an open page's too (a reload then resumes its match). Connected
        # and busy kernels are culled as well: a page reloaded while it connected can
        # leave its kernel counted as connected (or busy) for ever, and a table's kernel
        # is never busy for long (a decision takes under a second).
        f"--MappingKernelManager.cull_idle_timeout={cull}",
        f"--MappingKernelManager.cull_interval={max(1, min(60, cull // 3))}",
        "--MappingKernelManager.cull_connected=True",
        "--MappingKernelManager.cull_busy=True",
    ]
    if args.no_browser:
        cmd.append("--no-browser")
    print(f"Serving the Shengji table on http://{args.ip}:{args.port}/ (Ctrl+C stops it)")
    print(f"Other languages: http://{args.ip}:{args.port}/?lang=zh (or ?lang=en)", flush=True)
    if os.name != "posix":
        return subprocess.call(cmd, env=env)
    os.execve(sys.executable, cmd, env)  # become Voilà, so a signal to this process reaches it
    return 0  # not reached: execve does not return


def add_parser(sub) -> None:
    """Add ``table`` to the ``shengji`` command's subcommands."""
    table = sub.add_parser("table", help="serve the play table as a web page (needs Voilà)")
    table.add_argument("--port", type=positive, default=8866, help="port (default 8866)")
    table.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this computer only). Another address "
        "(0.0.0.0) shares the table with the network: anyone who can reach it plays, each "
        "page runs a kernel (about 60 MB) on this computer, and a kernel stops after "
        "--cull-idle seconds without a click (its page was closed, reloaded or left idle)",
    )
    table.add_argument(
        "--cull-idle",
        type=positive,
        default=600,
        metavar="SECONDS",
        help="stop a page's kernel after this many seconds without a click (default 600; "
        "Voilà's MappingKernelManager.cull_idle_timeout). A page left that long reloads "
        "where it was: the match is saved",
    )
    table.add_argument(
        "--saves",
        metavar="FOLDER",
        help="where each browser's match is kept so a reload resumes it (default: a folder "
        "in Jupyter's runtime directory, one per port)",
    )
    table.add_argument("--lang", default="en", help="language of the table: en or zh")
    table.add_argument("--seed", type=int, help="seed of the match (default: a random one)")
    table.add_argument("--computer", default="greedy", help=f"one of: {', '.join(PLAYER_TYPES)}")
    table.add_argument("--no-browser", action="store_true", help="do not open a browser")
    table.set_defaults(func=cmd_table)
