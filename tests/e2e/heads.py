"""Messages keep their head (issue 24): every text the bot fits to Discord's limits
(cogs.fit.fit, wherever a cog calls it) is recorded as built and as fitted, and checked against
what the loopback Discord received: within the limit, and starting with the text's own first line.
Discord: message content up to 2000 characters (developers/resources/message.mdx, "Create Message")."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pytest

import cogs.fit
from tests.fake_discord import FakeDiscord

CONTENT = 2000


@dataclass
class HeadWatch:
    fitted: list[tuple[str, str, int]] = field(default_factory=list)   # (as built, as fitted, limit)

    @classmethod
    def install(cls, monkeypatch: pytest.MonkeyPatch) -> HeadWatch:
        watch, real = cls(), cogs.fit.fit

        def recording(text: str, limit: int = cogs.fit.CONTENT) -> str:
            out = real(text, limit)
            watch.fitted.append((text, out, limit))
            return out
        users = [m for name, m in list(sys.modules.items())
                 if name.startswith("cogs.") and name != "cogs.fit" and getattr(m, "fit", None) is real]
        assert users, "no cog calls cogs.fit.fit"
        for module in users:
            monkeypatch.setattr(module, "fit", recording)
        return watch

    def longest(self) -> int:
        return max((len(built) for built, _, _ in self.fitted), default=0)

    def check(self, fake: FakeDiscord) -> int:
        """Every fitted text kept its first line and fits; every one that had to be folded
        reached Discord as fitted. Returns how many were folded."""
        sent = {str(r.json["content"]) for r in fake.requests
                if r.method in ("POST", "PATCH") and isinstance(r.json, dict) and r.json.get("content")}
        assert all(len(c) <= CONTENT for c in sent)
        folded = 0
        for built, out, limit in self.fitted:
            head = built.split("\n")[0]
            first = out.split("\n")[0]
            assert len(out) <= limit, (len(out), out[:200])
            assert first == head or (first.endswith("…") and head.startswith(first[:-1])), (head[:200], first[:200])
            if len(built) > limit:
                folded += 1
                assert out in sent, f"a folded text never reached Discord: {out[:200]!r}"
        return folded


def heads_kept(watch: HeadWatch, fake: FakeDiscord, *, must_fold: bool = False) -> dict[str, Any]:
    folded = watch.check(fake)
    if must_fold:
        assert folded, f"no text was over the limit (the longest was {watch.longest()} characters)"
    return {"fitted": len(watch.fitted), "folded": folded, "longest": watch.longest()}
