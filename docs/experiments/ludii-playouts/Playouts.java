import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

import game.Game;
import main.Status;
import main.options.Ruleset;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * Ludii's random playouts per second for one game and ruleset, on one thread, timed as Ludii's
 * own PlayoutsPerSec experiment (Player/src/supplementary/experiments/speed/PlayoutsPerSec.java)
 * times them: one Trial and Context, game.start then game.playout with no AIs, no move selector
 * (uniformly random legal moves), no action cap; warm-up playouts first for the JIT.
 *
 * Usage (Ludii's classes, its Trove4j/Commons RNG jar and Common/res on the classpath):
 *
 *   java -cp CLASSES:Trove4j_ApacheCommonsRNG.jar:Common/res:. Playouts \
 *       GAME RULESET [WARMUP_S] [MEASURE_S] [STATS_GAMES] [SEED]
 *
 * GAME is a .lud resource ("/lud/board/race/escape/Senet.lud"), RULESET its ruleset's heading
 * ("Ruleset/Kendall (Scholarly)"). Defaults: 10 s warm-up, 30 s measured, 2,000 counted games,
 * seed -1 (ThreadLocalRandom for the moves, as PlayoutsPerSec does without --seed; otherwise a
 * java.util.Random with that seed). Dice are rolled by Ludii's own per-context generator either way.
 *
 * The timed loop adds to Ludii's only what costs O(1) a game: Trial.numMoves() (the count that
 * PlayoutsPerSec's m/s uses), Trial.numberRealMoves() (numMoves less the initial placement moves
 * of the start rules) and the winner. After the timed loop, STATS_GAMES more games (untimed) count
 * what needs a walk over the trial: passes (Move.isPass), forced passes (Move.isForced: the pass
 * that Ludii adds when a player has no legal move), turns (runs of real moves by the same mover).
 *
 * Prints one line "RESULT key=value ..." for scripts, after a readable report.
 */
public final class Playouts
{
	public static void main(final String[] args)
	{
		if (args.length < 2)
		{
			System.err.println("usage: Playouts GAME RULESET [WARMUP_S] [MEASURE_S] [STATS_GAMES] [SEED]");
			System.exit(2);
		}
		final String gameName = args[0];
		final String rulesetName = args[1];
		final double warmupSecs = args.length > 2 ? Double.parseDouble(args[2]) : 10.0;
		final double measureSecs = args.length > 3 ? Double.parseDouble(args[3]) : 30.0;
		final int statsGames = args.length > 4 ? Integer.parseInt(args[4]) : 2000;
		final long seed = args.length > 5 ? Long.parseLong(args[5]) : -1L;

		final Game game = load(gameName, rulesetName);
		final Trial trial = new Trial(game);
		final Context context = new Context(game, trial);

		// Warm-up, as PlayoutsPerSec: whole playouts until the time is up.
		long now = System.nanoTime();
		final double warmEnd = now + warmupSecs * 1e9;
		int warmGames = 0;
		while (now < warmEnd)
		{
			game.start(context);
			game.playout(context, null, 1.0, null, -1, -1, ThreadLocalRandom.current());
			++warmGames;
			now = System.nanoTime();
		}
		System.gc();

		final Random rng = seed == -1L ? ThreadLocalRandom.current() : new Random(seed);
		final int players = game.players().count();
		final long[] wins = new long[players + 1]; // wins[0]: no winner (draw or cut off)

		// The measurement, as PlayoutsPerSec's loop; the clock read after each game.
		long games = 0;
		long moves = 0;
		long realMoves = 0;
		final long start = System.nanoTime();
		final double end = start + measureSecs * 1e9;
		long stop = start;
		while (stop < end)
		{
			game.start(context);
			game.playout(context, null, 1.0, null, -1, -1, rng);
			final Trial t = context.trial();
			moves += t.numMoves();
			realMoves += t.numberRealMoves();
			final Status status = t.status();
			wins[status == null ? 0 : status.winner()]++;
			++games;
			stop = System.nanoTime();
		}
		final double secs = (stop - start) / 1e9;

		// Untimed: what a move of each kind is, over more games.
		long sMoves = 0;
		long sReal = 0;
		long sPasses = 0;
		long sForced = 0;
		long sTurns = 0;
		for (int g = 0; g < statsGames; g++)
		{
			game.start(context);
			game.playout(context, null, 1.0, null, -1, -1, rng);
			final Trial t = context.trial();
			sMoves += t.numMoves();
			sReal += t.numberRealMoves();
			int lastMover = -1;
			for (int i = t.numInitialPlacementMoves(); i < t.numMoves(); i++)
			{
				final Move m = t.getMove(i);
				if (m.isPass())
					sPasses++;
				if (m.isForced())
					sForced++;
				if (m.mover() != lastMover)
					sTurns++;
				lastMover = m.mover();
			}
		}

		final double gps = games / secs;
		final double mpg = (double) realMoves / games;
		System.out.printf("%s [%s]: Ludii %s, %s playouts%n", game.name(), rulesetName, main.Constants.LUDEME_VERSION,
				game.hasCustomPlayouts() ? "custom (optimised)" : "the generic");
		System.out.printf("warm-up: %d games in %.1f s%n", warmGames, warmupSecs);
		System.out.printf("measured: %d games in %.2f s = %.1f games/s (one thread)%n", games, secs, gps);
		System.out.printf("moves/game: %.1f real (Trial.numberRealMoves), %.1f with the start's placements (Trial.numMoves, PlayoutsPerSec's m/s)%n",
				mpg, (double) moves / games);
		System.out.printf("moves/s: %.0f real, %.0f as PlayoutsPerSec counts%n", realMoves / secs, moves / secs);
		final StringBuilder shares = new StringBuilder();
		for (int p = 1; p <= players; p++)
			shares.append(String.format("P%d %.1f %%, ", p, 100.0 * wins[p] / games));
		shares.append(String.format("no winner %.1f %%", 100.0 * wins[0] / games));
		System.out.println("outcomes: " + shares);
		if (statsGames > 0)
			System.out.printf(
					"%d more games, untimed: %.1f real moves/game, of which %.1f passes (%.1f forced: no legal move); %.1f turns/game (runs of moves by one mover)%n",
					statsGames, (double) sReal / statsGames, (double) sPasses / statsGames,
					(double) sForced / statsGames, (double) sTurns / statsGames);
		System.out.printf(
				"RESULT games=%d seconds=%.4f games_per_s=%.2f moves_per_game=%.3f all_moves_per_game=%.3f p1=%.4f p2=%.4f passes_per_game=%.3f turns_per_game=%.3f%n",
				games, secs, gps, mpg, (double) moves / games, (double) wins[1] / games,
				players > 1 ? (double) wins[2] / games : 0.0,
				statsGames > 0 ? (double) sPasses / statsGames : Double.NaN,
				statsGames > 0 ? (double) sTurns / statsGames : Double.NaN);
	}

	/**
	 * The game with the ruleset's options, as GameLoader.loadGameFromName(name, ruleset) does,
	 * but failing (instead of falling back to the default options) when the ruleset is unknown.
	 */
	private static Game load(final String name, final String rulesetName)
	{
		if (rulesetName.isEmpty())
			return GameLoader.loadGameFromName(name);
		final List<Ruleset> rulesets = GameLoader.loadGameFromName(name).description().rulesets();
		if (rulesets != null)
			for (final Ruleset r : rulesets)
				if (r.heading().equals(rulesetName))
					return GameLoader.loadGameFromName(name, r.optionSettings());
		System.err.println("Playouts: no ruleset '" + rulesetName + "' in " + name + "; it has:");
		if (rulesets != null)
			for (final Ruleset r : rulesets)
				System.err.println("  " + r.heading());
		System.exit(2);
		return null;
	}
}
