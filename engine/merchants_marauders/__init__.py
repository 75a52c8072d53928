"""Merchants & Marauders with the Seas of Glory expansion (issue 11): trade, raids, naval combat
and glory in the 17-zone Caribbean, 2-4 captains.

Being built in stages (docs/merchants_marauders-plan.md): component data, pure rule modules, then
the turn engine. Not registered yet (no `register(...)`): it is registered once it plays end to
end on every layer (engine, render, Discord)."""
