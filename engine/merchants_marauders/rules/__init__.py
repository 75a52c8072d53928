"""One module per rulebook section (docs/merchants_marauders-plan.md says which builds which rule)."""
