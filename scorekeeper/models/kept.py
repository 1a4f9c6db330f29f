"""Figures a process keeps while what they rest on stays as it is
(docs/decisions.md, D74): worked out again only when their brief changes."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

from django.db import models

from scorekeeper.models.games import Game
from scorekeeper.models.private_tables import PrivateTable


class Kept[T]:
    """The ``size`` figures worked out last, each under its brief."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, brief: Hashable, work_out: Callable[[], T]) -> T:
        with self._lock:
            if brief in self._kept:
                self._kept.move_to_end(brief)
                return self._kept[brief]
        figures = work_out()
        with self._lock:
            self._kept[brief] = figures
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return figures


def tables_brief(table_ids: Iterable[int]) -> tuple[object, ...]:
    """The tables' games as counted, last made (its id and time: two histories
    reuse ids), summed versions (every change of a game bumps one) and last
    finished, and their names' versions (a rename or merge bumps one): two queries."""
    ids = sorted(table_ids)
    names = PrivateTable.objects.filter(pk__in=ids).aggregate(names=models.Sum("shown_version"))
    games = Game.objects.filter(private_table__in=ids).aggregate(
        n=models.Count("pk"),
        top=models.Max("pk"),
        version=models.Sum("version"),
        done=models.Count("finished_at"),
        last=models.Max("finished_at"),
        made=models.Max("created_at"),
    )
    return (tuple(ids), *names.values(), *games.values())
