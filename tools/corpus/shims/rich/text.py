from __future__ import annotations


class Text(str):
    @classmethod
    def from_ansi(cls, text: str) -> Text:
        return cls(text)
