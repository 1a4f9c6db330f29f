"""The game's forms: ``new_game`` (variant, players, first dealer, house
rules), ``actions`` (what every change carries, and the table screen's
one-tap forms: reveal, dealer), ``hands`` (recording a hand, in steps or
whole, and editing one) with its fields in ``hand_fields``."""
