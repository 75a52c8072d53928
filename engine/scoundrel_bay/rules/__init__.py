"""Fortunes of Scoundrel Bay rules, one module per rulebook section. The first stage holds the
rules that need no turn engine: the reputation track and its tiebreak, the blind bid's
settlement, cook and feed, and the final scoring categories."""
