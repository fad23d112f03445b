"""``PhhPiece`` (one parsed piece of a PHH file) writes its constructor out and takes the model's
shared equality, ``repr`` and freezing: it behaves as the frozen dataclass it replaces."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from badugi_ledger.model.frozen import frozen_setattr
from badugi_ledger.phh.split import PhhPiece


def test_a_piece_is_the_frozen_dataclass_of_its_fields() -> None:
    reference = dataclasses.make_dataclass(
        "PhhPiece", [(f.name, f.type) for f in dataclasses.fields(PhhPiece)], frozen=True
    )
    assert [f.name for f in dataclasses.fields(PhhPiece)] == ["key", "start", "lines", "data"]
    values = ("7", 3, ["[7]", "variant = 'FB'"], {"7": {"variant": "FB"}})
    piece, twin = PhhPiece(*values), reference(*values)
    assert vars(piece) == vars(twin) and repr(piece) == repr(twin)
    assert piece == PhhPiece(*values) and piece != PhhPiece(None, *values[1:])
    assert pickle.loads(pickle.dumps(piece)) == piece
    assert dataclasses.replace(piece, start=9).start == 9
    assert vars(PhhPiece)["__setattr__"] is frozen_setattr
    with pytest.raises(dataclasses.FrozenInstanceError):
        piece.start = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(piece)  # its lines and data are lists and dicts, as with the dataclass
    with pytest.raises(TypeError):
        hash(twin)
    assert piece.hands() == [("7", {"variant": "FB"})]
