"""Type stubs of the Rust module ``nefer._nefer`` (re-exported by ``nefer``)."""

from typing import Any, Literal, Mapping, Optional, Sequence, Union

__version__: str

NUM_MOVE_CODES: int
"""How many move codes there are (the same for every rule set): see Game.move_codes."""
NUM_CHANCE_CODES: int
"""How many chance codes there are: throws 1-5 (codes 0-4), seats A, B (5, 6), ten d4 pairs."""

Options = Union[None, str, Mapping[str, Any], Sequence[str]]
"""Options: ``{"senet.kendall.trap": "on"}``, ``"NAME=VALUE, NAME=VALUE"`` or ``["NAME=VALUE"]``."""

Seat = Literal["A", "B"]

class NeferError(ValueError):
    """An unknown rule set, option or player, a malformed position or record, or an illegal
    action; the message is the engine's."""

class RuleSet:
    """One rule set: key, names, rules and options."""

    def __init__(self, key: str) -> None: ...
    @property
    def key(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def family(self) -> Literal["senet", "hounds_and_jackals"]: ...
    @property
    def source(self) -> str: ...
    @property
    def rules(self) -> str: ...
    def options(self) -> list[dict[str, Any]]:
        """One dict per option: name, values (default first), default, implemented, clause, help."""
    def new_game(self, options: Options = None) -> Game: ...

def rule_sets() -> list[RuleSet]:
    """Every rule set, in SPEC's order."""

class Game:
    """A game with explicit chance: it waits for a chance outcome, a decision, or is over.

    Actions (moves and chance outcomes) are notation strings; the game keeps its record."""

    def __init__(self, rules: str, options: Options = None) -> None: ...
    @staticmethod
    def from_position(text: str) -> Game: ...
    @staticmethod
    def from_record(text: str) -> Game: ...
    @property
    def rules(self) -> str: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def status(self) -> Literal["chance", "decide", "over"]: ...
    @property
    def seat(self) -> Optional[Seat]:
        """The thrower at a chance node (None: a random choice of seat), the decider at a
        decision, None once over."""
    @property
    def throw(self) -> Optional[int]: ...
    @property
    def is_chance(self) -> bool: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[Seat]: ...
    @property
    def result(self) -> Optional[Literal["A", "B", "draw"]]: ...
    @property
    def turns(self) -> int: ...
    def returns(self) -> list[float]:
        """[1, -1] or [-1, 1] for a win of A or B, [0, 0] for a draw or an unfinished game."""
    def chance_outcomes(self) -> list[tuple[str, float, int, int]]:
        """(outcome, probability, numerator, denominator), exact; empty unless at chance."""
    def legal_moves(self) -> list[str]:
        """The legal moves, sorted; empty unless at a decision."""
    def legal_actions(self) -> list[str]:
        """Chance outcomes at a chance node, moves at a decision, sorted."""
    def apply(self, action: str) -> None:
        """Apply a move or chance outcome; NeferError (a ValueError) lists the legal ones."""
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def position(self) -> str: ...
    def record(self, headers: Optional[Mapping[str, Any]] = None) -> str: ...
    def actions(self) -> list[str]: ...
    def board(self) -> str: ...
    def move_codes(self) -> list[tuple[int, str]]:
        """(code, move) for each legal move, by code; codes in range(NUM_MOVE_CODES)."""
    def chance_codes(self) -> list[tuple[int, str, float]]:
        """(code, outcome, probability) for each chance outcome; codes in range(NUM_CHANCE_CODES)."""
    def apply_code(self, code: int) -> None:
        """Apply the chance outcome or move of that code; NeferError lists the legal codes."""
    def observation(self, seat: Seat) -> list[float]:
        """The observation tensor from seat's side (observation_size(rules) floats)."""
    def random_playout(self, seed: int) -> int:
        """Play to the end with random chance and moves (recorded); returns the decisions."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Player:
    """A computer player: a level (beginner, easy, medium, hard, expert) or a spec (random,
    greedy, expectimax:depth=D[,ms=T], mcts:iters=N[,ms=T], perfect)."""

    def __init__(self, spec: str, seed: int = 0) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def seed(self) -> int: ...
    def choose(self, game: Game) -> str:
        """The chosen move at `game` (a decision)."""

class Study:
    """A study of one rule set in two steps: play ranges of its games anywhere (shards, as
    bytes), then merge them into its metrics, exactly those of one machine (nefer.study)."""

    def __init__(
        self,
        rules: str,
        a: str = "random",
        b: str = "random",
        games: int = 1000,
        seed: int = 1,
        options: Options = None,
        interaction: bool = False,
        win_chances: Optional[int] = None,
        duplicate: bool = False,
    ) -> None: ...
    @property
    def games(self) -> int: ...
    @property
    def seed(self) -> int: ...
    def play(self, start: int, stop: int, threads: Optional[int] = None) -> bytes:
        """Plays games start..stop (stop excluded); their records as bytes (a shard)."""
    def summary(self, shards: Sequence[bytes]) -> dict[str, Any]:
        """The metrics from shards covering every game once: the dict of nefer.study."""
    def __reduce__(self) -> tuple[Any, ...]: ...

def observation_size(rules: str) -> int:
    """The length of Game.observation for rule set `rules`."""

def levels() -> list[tuple[str, str]]:
    """The named levels, weakest first, with their specs."""

def playouts(
    rules: str, n: int, seed: int = 1, options: Options = None, threads: Optional[int] = None
) -> dict[str, Any]:
    """n random playouts in parallel: games, wins {A, B}, draws, decisions, turns (totals)."""

def sim(
    rules: str,
    a: str,
    b: str,
    games: int = 1000,
    seed: int = 1,
    options: Options = None,
    threads: Optional[int] = None,
    luck: Optional[int] = None,
) -> dict[str, Any]:
    """The dict `nefer sim --json` prints, for the same seed; with `luck` (a depth, 1 to 4)
    also "luck_adjusted", as `nefer sim --luck=DEPTH`."""

def analyze(game: Game, depth: int = 2, weights: Optional[str] = None) -> dict[str, Any]:
    """The dict `nefer analyze --json` prints: every choice's win chance and loss, best first.

    `depth` is 1 to 4 decisions; `weights` a weights file of `nefer train` instead of the
    game's default evaluator (the race tables, the shipped network, or the hand-written one)."""

def review(record: str, depth: int = 3, weights: Optional[str] = None) -> dict[str, Any]:
    """The dict `nefer review --json` prints for a record's text (docs/dev/review.md), three
    decisions deep by default as the command (2 is about ten times faster)."""

def win_chances(
    game: Game, seat: Optional[Seat] = None, weights: Optional[str] = None
) -> dict[str, Any]:
    """`seat`'s chances without search: ``win``, ``draw``, ``loss``, ``seat``, ``evaluator``.

    Raises NeferError where the evaluator only ranks positions."""
