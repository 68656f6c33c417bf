"""The Quacks of Quedlinburg (base game, rules/quacks.md): data tables, brewing, odds, rats."""
