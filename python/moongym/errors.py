"""Exceptions raised by moongym: one class per kind of Go error.

Every exception carries the Go error's message unchanged. Input errors are
also ``ValueError`` (or ``TypeError`` for a wrong type, raised on the Python
side), so code that catches the standard classes keeps working.
"""

from __future__ import annotations


class MoongymError(Exception):
    """Base class of the errors that come from the Go side."""


class UnknownGameError(MoongymError, ValueError):
    """No game is registered under that name (the message lists the known ones)."""


class BadParamError(MoongymError, ValueError):
    """An unknown game parameter or a bad value (the message lists the valid ones)."""


class IllegalActionError(MoongymError, ValueError):
    """The action is not legal, or out of range, in the current state; nothing changed."""


class EpisodeOverError(MoongymError, RuntimeError):
    """A step after the end of an episode, or before the first reset: call reset()."""


class BadAgentError(MoongymError, ValueError):
    """An unknown agent, a bad agent option, or no such agent for this game."""


class BadArgumentError(MoongymError, ValueError):
    """A wrong size, seat, handle or other argument."""


class InternalError(MoongymError, RuntimeError):
    """A bug on the Go side (a recovered panic); please report it."""


class ForkError(MoongymError, RuntimeError):
    """moongym used in a child process forked after the Go library was
    loaded (``os.fork``, multiprocessing's "fork" start method): the Go
    runtime's threads do not survive a fork, so every call into Go refuses.
    Start workers with the "spawn" or "forkserver" method instead."""


class ConcurrentUseError(MoongymError, RuntimeError):
    """A PettingZoo environment stepped or reset by a thread while another
    thread is inside a step or reset of it; nothing changed."""


class PolicyError(MoongymError, RuntimeError):
    """A player the caller supplied failed: a Python policy (an opponent
    callable, an arena entrant) played an illegal action or returned
    something that is not an action, or a single-agent environment's
    opponent failed. The message names it and its seat. (An exception the
    Python policy itself raised is raised as it is, with a note.)"""


class IllegalActionWarning(UserWarning):
    """An illegal action ended an episode (the forfeit convention of the
    Gymnasium environments); warned once per environment."""


# The kinds capi/errors.go reports, in order.
KINDS = {
    1: MoongymError,
    2: UnknownGameError,
    3: BadParamError,
    4: IllegalActionError,
    5: EpisodeOverError,
    6: BadAgentError,
    7: BadArgumentError,
    8: InternalError,
    9: PolicyError,
}
