"""A test map for the pure NPC, weather and treasure-galleon rules: the neighbours and bearings of
the base reconstruction's section 2 table (shared/rules/merchants_marauders_base.md), written out
by hand so these tests do not wait for the map data. Each zone maps a bearing to the neighbour
that lies that way."""
from __future__ import annotations

from engine.merchants_marauders.vocab import Bearing, Zone

SEA: dict[Zone, dict[Bearing, Zone]] = {
    "nassau": {"SW": "havana", "SE": "tortuga"},
    "havana": {"NE": "nassau", "E": "tortuga", "S": "port_royal"},
    "tortuga": {"NW": "nassau", "W": "havana", "SW": "port_royal", "S": "petit_goave", "SE": "santo_domingo"},
    "port_royal": {"N": "havana", "NE": "tortuga", "E": "petit_goave", "SE": "cartagena", "S": "old_providence"},
    "old_providence": {"N": "port_royal", "E": "cartagena"},
    "petit_goave": {"N": "tortuga", "E": "santo_domingo", "SE": "caribbean_sea", "S": "cartagena",
                    "W": "port_royal"},
    "santo_domingo": {"NW": "tortuga", "E": "san_juan", "S": "caribbean_sea", "W": "petit_goave"},
    "cartagena": {"N": "petit_goave", "NE": "caribbean_sea", "E": "curacao", "W": "old_providence",
                  "NW": "port_royal"},
    "caribbean_sea": {"N": "santo_domingo", "NE": "san_juan", "E": "basse_terre", "SE": "caracas", "S": "curacao",
                      "SW": "cartagena", "NW": "petit_goave"},
    "curacao": {"N": "caribbean_sea", "E": "caracas", "W": "cartagena"},
    "san_juan": {"E": "st_maarten", "SE": "basse_terre", "SW": "caribbean_sea", "W": "santo_domingo"},
    "caracas": {"NE": "basse_terre", "E": "trinidad", "W": "curacao", "NW": "caribbean_sea"},
    "st_maarten": {"E": "st_johns", "S": "basse_terre", "W": "san_juan"},
    "basse_terre": {"N": "st_maarten", "NE": "st_johns", "E": "bridgetown", "S": "trinidad", "SW": "caracas",
                    "W": "caribbean_sea", "NW": "san_juan"},
    "st_johns": {"S": "bridgetown", "SW": "basse_terre", "W": "st_maarten"},
    "bridgetown": {"N": "st_johns", "SW": "trinidad", "W": "basse_terre"},
    "trinidad": {"N": "basse_terre", "NE": "bridgetown", "W": "caracas"},
}
