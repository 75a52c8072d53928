"""Discord cogs: one per feature (lobby, play, private, turns, rules help, settings).

Glue only: parse the interaction, call the table service, reply. No rules live here.
"""
