"""`bakugan host` and `bakugan join` as real processes on the loopback address."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A port nobody listens on now (the system's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def bakugan(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.Popen(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def listening(port: int, process: subprocess.Popen[str], seconds: float = 60.0) -> None:
    """Wait (bounded) until the host accepts connections on `port`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the host ended early: {process.communicate()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"nobody listens on {port}")


def finished(process: subprocess.Popen[str], seconds: float = 120.0) -> tuple[int, Any, str]:
    """(exit code, the JSON line of --json or None, stderr), killing it after `seconds`."""
    try:
        out, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"still running after {seconds} s: {err}") from None
    lines = [line for line in out.splitlines() if line.startswith("{")]
    return process.returncode, json.loads(lines[-1]) if lines else None, err
