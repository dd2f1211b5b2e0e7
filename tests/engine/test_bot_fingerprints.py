"""SimpleBot plays exactly as it did: every decision of every shipped game,
compared with fingerprints recorded before the bot's rating was sped up.

The fingerprints were computed by this same file's ``_fingerprint`` run against
the tree before that work (commit d30d93c, the merge of the first speed-up of the
game layer): for each case below, a :class:`Session` of ``players`` seats of 200
chips dealt with ``seed`` plays ``HANDS`` hands with ``SimpleBot(seed=seed,
aggression=(seed % 5) / 4)``, and the case's fingerprint is the first 16 hex
digits of the SHA-256 of the ``repr`` of every hand's event list, one hand after
another.  Any change to a bot decision (a bet, a call, a discard, a turn-up, a
declaration) changes the events and so the fingerprint; a faster bot must keep
them all.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from splitpot.bots import SimpleBot
from splitpot.engine.session import Session
from splitpot.games import GAMES, get_game

HANDS = 12
TABLES = ((2, 1), (4, 7), (6, 12))  # (players, seed)
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("seven-card-stud", {"wild": "2"}),
    ("seven-card-stud-8", {"joker": "wild"}),
    ("seven-card-stud-high-low", {"wild": "K"}),
    ("seven-card-stud-declare", {"declare": "in-turn"}),
    ("jackpots", {"joker": "bug"}),
    ("lowball", {"joker": "wild"}),
    ("five-card-stud", {"wild": "2"}),
    ("mexican-stud", {"positional": "none"}),
    ("aces-deuces", {"wild": "2"}),
]
CASES = [(game, {}) for game in sorted(GAMES)] + VARIANTS


def _fingerprint(game: str, options: dict[str, Any], players: int, seed: int) -> str:
    session = Session(get_game(game, **options), [200] * players, seed=seed)
    session.play(HANDS, SimpleBot(seed=seed, aggression=(seed % 5) / 4))
    digest = hashlib.sha256()
    for state in session.hands:
        digest.update(repr(state.events).encode())
    return digest.hexdigest()[:16]


def _key(game: str, options: dict[str, Any], players: int, seed: int) -> str:
    extra = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game}[{extra}]/{players}/{seed}"


RECORDED = {  # printed by `python tests/engine/test_bot_fingerprints.py` at d30d93c
    'aces-deuces[]/2/1': 'b570afbce51d7573',
    'aces-deuces[]/4/7': '044fac97f5f5c56c',
    'aces-deuces[]/6/12': 'f6d36b38e7b99d86',
    'california-lowball[]/2/1': '833a5becda9b97c0',
    'california-lowball[]/4/7': '039bca1024edc5d8',
    'california-lowball[]/6/12': '7226d50fd4c72cff',
    'five-card-stud[]/2/1': 'b0e2c51c3dc77e17',
    'five-card-stud[]/4/7': '310b861837906c8a',
    'five-card-stud[]/6/12': 'ab3b09e373ee41a5',
    'five-card-stud-five-bets[]/2/1': 'a5643334242930d0',
    'five-card-stud-five-bets[]/4/7': 'af79bcde3b069d42',
    'five-card-stud-five-bets[]/6/12': '4317f9aa57a3f2d4',
    'five-card-stud-last-down[]/2/1': '1f0365c06675cb3b',
    'five-card-stud-last-down[]/4/7': '380e29e9776d29b6',
    'five-card-stud-last-down[]/6/12': 'c3f44c73891aedf8',
    'jackpots[]/2/1': '1a6483468f7b11de',
    'jackpots[]/4/7': '5eb9a23727ea9c5f',
    'jackpots[]/6/12': 'af5971cb98eb8afa',
    'jacks-back[]/2/1': 'd375b626c96b4bdf',
    'jacks-back[]/4/7': '0d1d2179217e61b4',
    'jacks-back[]/6/12': '3d854ef14232b985',
    'lowball[]/2/1': 'f17ebee6b2e0afac',
    'lowball[]/4/7': 'cd122b4f51b740a6',
    'lowball[]/6/12': 'f5192b295ff958c9',
    'mexican-stud[]/2/1': '239b6ca000f297c1',
    'mexican-stud[]/4/7': '7494007bb747745d',
    'mexican-stud[]/6/12': 'b7d7e2f7829464a4',
    'seven-card-stud[]/2/1': 'a5a4addbb418b076',
    'seven-card-stud[]/4/7': '41473e444a89a4db',
    'seven-card-stud[]/6/12': '015497ee5f32a99d',
    'seven-card-stud-8[]/2/1': '941e1ea0f86fc230',
    'seven-card-stud-8[]/4/7': '68082b54141316d0',
    'seven-card-stud-8[]/6/12': '9193f91f88332a36',
    'seven-card-stud-declare[]/2/1': 'd308e69a3cba536f',
    'seven-card-stud-declare[]/4/7': 'fcc7ae81c10bdc74',
    'seven-card-stud-declare[]/6/12': 'a14259409ae9dbc3',
    'seven-card-stud-high-low[]/2/1': '831370b2d6a1f476',
    'seven-card-stud-high-low[]/4/7': '7a027c93b77068d2',
    'seven-card-stud-high-low[]/6/12': 'a0f44aeb77cce35e',
    'seven-card-stud[wild=2]/2/1': '57b281425429cf9f',
    'seven-card-stud[wild=2]/4/7': '1bf203b431b7944a',
    'seven-card-stud[wild=2]/6/12': 'd2329fd5cb5b1ac4',
    'seven-card-stud-8[joker=wild]/2/1': 'd00232e8bbfc0e43',
    'seven-card-stud-8[joker=wild]/4/7': 'a221622e259c8b35',
    'seven-card-stud-8[joker=wild]/6/12': '6e5ecdb478477ab8',
    'seven-card-stud-high-low[wild=K]/2/1': '974189262f3b914c',
    'seven-card-stud-high-low[wild=K]/4/7': '5832b94ed9787bfb',
    'seven-card-stud-high-low[wild=K]/6/12': '42ad4e36d0c69817',
    'seven-card-stud-declare[declare=in-turn]/2/1': 'd4c14c673cee377b',
    'seven-card-stud-declare[declare=in-turn]/4/7': '6c1e080bd9f4941b',
    'seven-card-stud-declare[declare=in-turn]/6/12': '32187e6ec09a5203',
    'jackpots[joker=bug]/2/1': '7556878e6cb1e6ca',
    'jackpots[joker=bug]/4/7': 'af1c9016c05b1183',
    'jackpots[joker=bug]/6/12': 'ab8bd52cd0f9e647',
    'lowball[joker=wild]/2/1': '6bafd37f7001f5fb',
    'lowball[joker=wild]/4/7': 'cd122b4f51b740a6',
    'lowball[joker=wild]/6/12': 'ed3afdb685629b40',
    'five-card-stud[wild=2]/2/1': '46e24d5773556848',
    'five-card-stud[wild=2]/4/7': '800c71681bef125b',
    'five-card-stud[wild=2]/6/12': 'cac57357ee6cddbb',
    'mexican-stud[positional=none]/2/1': '1d22efb5b815adf5',
    'mexican-stud[positional=none]/4/7': 'db5f40e9cb45e001',
    'mexican-stud[positional=none]/6/12': '81e8ba982c454e9c',
    'aces-deuces[wild=2]/2/1': '48e619bdc153cbe9',
    'aces-deuces[wild=2]/4/7': 'b352a3122038c413',
    'aces-deuces[wild=2]/6/12': 'ec750f9823fdf7ce',
}


@pytest.mark.parametrize(("game", "options"), CASES, ids=[_key(g, o, 0, 0)[:-4] for g, o in CASES])
def test_bot_decisions_are_unchanged(game: str, options: dict[str, Any]) -> None:
    got = {_key(game, options, p, s): _fingerprint(game, options, p, s) for p, s in TABLES}
    assert got == {k: RECORDED[k] for k in got}


if __name__ == "__main__":  # print the table (run against the tree to record)
    for game, options in CASES:
        for players, seed in TABLES:
            key, value = _key(game, options, players, seed), _fingerprint(game, options, players, seed)
            print(f"    {key!r}: {value!r},")
