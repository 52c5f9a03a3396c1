"""Files the game keeps for itself: private to the player, never written through a symbolic link
put in their place, and each autosave owned by one running game at a time.

POSIX modules (fcntl) are imported only where used and may be missing: on Windows the lock is
msvcrt's, and a link is refused by comparing the opened file with the path (no O_NOFOLLOW there).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # 0 on Windows: the descriptor is checked instead
BINARY = getattr(os, "O_BINARY", 0)  # Windows would turn each newline into two characters
LINK_ERRORS = (errno.ELOOP, errno.EMLINK, getattr(errno, "EFTYPE", -1))  # O_NOFOLLOW met a link


def link_refused(path: Path) -> OSError:
    return OSError(errno.ELOOP, "it is a symbolic link", str(path))


def make_private_dir(folder: Path) -> None:
    """Create `folder` and any missing parent readable by its owner only, whatever the umask."""
    missing = [p for p in [folder, *folder.parents] if not os.path.lexists(p)]
    for p in reversed(missing):
        try:
            os.mkdir(p, PRIVATE_DIR)
        except FileExistsError:
            continue  # made meanwhile by another game
        os.chmod(p, PRIVATE_DIR)  # mkdir's mode is filtered by the umask only, but be sure


def open_private(path: Path, flags: int, mode: int = PRIVATE_FILE) -> int:
    """os.open that refuses a symbolic link as the last part of `path` (OSError ELOOP); a file
    it creates is the owner's only."""
    if NOFOLLOW:
        try:
            return os.open(path, flags | NOFOLLOW | BINARY, mode)
        except OSError as e:
            if e.errno in LINK_ERRORS and os.path.islink(path):
                raise link_refused(path) from None
            raise
    if os.path.islink(path):
        raise link_refused(path)
    fd = os.open(path, flags | BINARY, mode)
    try:  # a link swapped in between the look and the open: the opened file is not the path's
        after = os.lstat(path)
        if stat.S_ISLNK(after.st_mode) or not same_ids(os.fstat(fd), after):
            raise link_refused(path)
    except OSError:
        os.close(fd)
        raise
    return fd


def same_ids(a: os.stat_result, b: os.stat_result) -> bool:
    """The same file, by its number on the disk. Only the number is compared, and a system that
    gives none (0) is trusted: Windows may report the disk of one file in two different ways."""
    return not (a.st_ino and b.st_ino) or a.st_ino == b.st_ino


def _lock(fd: int) -> bool:
    """Take the lock of an open file without waiting: False when another game holds it."""
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError:
            return True  # a disk without locks: nothing to stop, nothing to guard
        return True
    try:
        import msvcrt
    except ImportError:
        return True
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


class Claim:
    """A running game's hold on an autosave: a lock on `NAME.lock` beside it, kept while the game
    runs and dropped by the system if the process dies, so no kill leaves a game locked out."""

    def __init__(self, path: Path, fd: int, lock_path: Path) -> None:
        self.path, self.fd, self.lock_path = path, fd, lock_path

    @staticmethod
    def lock_path_of(path: Path) -> Path:
        return path.with_name(path.name + ".lock")

    @staticmethod
    def take(path: Path) -> Claim | None:
        """The claim on `path`, or None while another game holds it. OSError when the lock
        file cannot be made (no folder, no permission): the caller cannot autosave there."""
        lock_path = Claim.lock_path_of(path)
        for _ in range(5):
            fd = open_private(lock_path, os.O_RDWR | os.O_CREAT)
            if not _lock(fd):
                os.close(fd)
                return None
            try:  # the game that held it may have removed the file before we locked: lock anew
                # (Windows removes no file another process has open: nothing to look at there)
                if os.name == "nt" or same_ids(os.fstat(fd), os.lstat(lock_path)):
                    return Claim(path, fd, lock_path)
            except OSError:
                pass
            os.close(fd)
        return None

    @staticmethod
    def held(path: Path) -> bool:
        """Is another running game playing the game in `path`?"""
        try:
            claim = Claim.take(path)
        except OSError:
            return False
        if claim is None:
            return True
        claim.release()
        return False

    def __del__(self) -> None:  # a game that stopped before it could let go
        try:
            self.release()
        except Exception:
            pass  # at exit the system drops the lock anyway

    def release(self) -> None:
        """Drop the claim and its lock file. The file goes while still locked (POSIX); Windows
        refuses to remove a file another process has open, so there it goes after closing."""
        if self.fd < 0:
            return
        try:
            os.unlink(self.lock_path)
            gone = True
        except OSError:
            gone = False
        os.close(self.fd)
        self.fd = -1
        if not gone:
            try:
                os.unlink(self.lock_path)
            except OSError:
                pass


def is_regular(path: Path) -> bool:
    """A regular file, not followed through a link."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
