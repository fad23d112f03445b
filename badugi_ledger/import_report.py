"""What an import did, file by file: hands stored, duplicates, rejections with their reasons."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rejected:
    """A hand that was not stored, and why (each reason with its line)."""

    source: str
    line: int
    hand: str | None
    reasons: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "line": self.line,
            "hand": self.hand,
            "reasons": list(self.reasons),
        }


@dataclass
class FileReport:
    source: str
    stored: int = 0
    duplicate: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    refused: bool = False
    """``strict``: the file had a bad hand, so none of it was written."""
    error: str | None = None
    """The file could not be read or written at all (nothing of it was written)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": len(self.rejected),
            "refused": self.refused,
            "error": self.error,
            "rejections": [r.as_dict() for r in self.rejected],
        }


@dataclass
class ImportReport:
    files: list[FileReport] = field(default_factory=list)

    @property
    def stored(self) -> int:
        return sum(f.stored for f in self.files)

    @property
    def duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def rejected(self) -> int:
        return sum(len(f.rejected) for f in self.files)

    @property
    def ok(self) -> bool:
        return not any(f.rejected or f.refused or f.error for f in self.files)

    def text_lines(self) -> list[str]:
        """The report as people read it: one line per file, rejected hands under it."""
        lines = []
        for f in self.files:
            if f.error:
                lines.append(f"{f.source}: not imported: {f.error}")
                continue
            state = " (refused by --strict: nothing stored)" if f.refused else ""
            if not (f.stored or f.duplicate or f.rejected):
                state = " (no Badugi-family hands found)"
            lines.append(
                f"{f.source}: {f.stored} stored, {f.duplicate} duplicate, "
                f"{len(f.rejected)} rejected{state}"
            )
            for r in f.rejected:
                hand = f" hand {r.hand}" if r.hand else ""
                lines.append(f"  line {r.line}{hand}: " + "; ".join(r.reasons))
        lines.append(
            f"total: {self.stored} stored, {self.duplicate} duplicate, {self.rejected} rejected "
            f"in {len(self.files)} file{'s' if len(self.files) != 1 else ''}"
        )
        return lines

    def as_dict(self) -> dict[str, object]:
        return {
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": self.rejected,
            "files": [f.as_dict() for f in self.files],
        }
