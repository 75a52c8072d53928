"""Fortunes of Scoundrel Bay: sail a one-way route past five reefs, shoot monsters, and send pirates
into harbors, villages, beaches and hideouts for gold. Component data: defs.py, data/scoundrel_bay/."""
