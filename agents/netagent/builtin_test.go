package netagent_test

import (
	"context"
	"flag"
	"math"
	"testing"

	_ "github.com/moongym/moongym/agents/all"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

var strength = flag.Bool("strength", false, "TestBuiltinStrength: play the documented tournaments of every built-in model against the heuristic (minutes)")

// loadBuiltinGame loads the game of a built-in model file, with the
// model's stored parameters.
func loadBuiltinGame(t *testing.T, b models.BuiltinModel) engine.Game {
	t.Helper()
	g, err := engine.Load(b.Game, b.Params)
	if err != nil {
		t.Fatalf("%s: %v", b.File, err)
	}
	return g
}

// TestBuiltinModelsPlay: every embedded model loads for its own
// configuration, fits the game's shapes, and its raw policy beats random:
// in two-player games a win rate whose 95% interval lies above 0.75; with
// more seats (one network seat among random ones, rotated) a mean rank
// whose interval lies below the random seats' mean rank; solo (one seat,
// against the game: welcome-moon's ASTRA) a mean score whose interval lies
// above random's mean score on the same game seeds.
func TestBuiltinModelsPlay(t *testing.T) {
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no built-in model")
	}
	for _, b := range all {
		t.Run(b.File, func(t *testing.T) {
			g := loadBuiltinGame(t, b)
			m, err := models.LoadBuiltin(g)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Check(g); err != nil {
				t.Fatal(err)
			}
			games := 60
			if g.NumPlayers() == 1 {
				net := match(t, g, "net:model=builtin", "", games, 0).Agents[0]
				rnd := match(t, g, "random", "", games, 0).Agents[0]
				lo, hi := scoreCI(net)
				t.Logf("solo, %d games: net's mean score %.2f [%.2f, %.2f], random's %.2f", games, net.MeanScore, lo, hi, rnd.MeanScore)
				if lo <= rnd.MeanScore {
					t.Fatalf("solo: net's mean score %.2f [%.2f, %.2f] is not clearly above random's %.2f", net.MeanScore, lo, hi, rnd.MeanScore)
				}
				return
			}
			if g.NumPlayers() > 2 {
				games = 12 * g.NumPlayers()
			}
			rep := match(t, g, "net:model=builtin", "random", games, 0)
			net := rep.Agents[0]
			t.Logf("net vs random, %d seats: win rate %.3f [%.3f, %.3f]", g.NumPlayers(), net.WinRate, net.CI95[0], net.CI95[1])
			if g.NumPlayers() == 2 {
				if net.CI95[0] < 0.75 {
					t.Fatalf("net vs random: win rate %.3f [%.3f, %.3f], want the interval above 0.75", net.WinRate, net.CI95[0], net.CI95[1])
				}
				return
			}
			others := pooledRank(t, rep)
			t.Logf("mean rank: net %.2f [%.2f, %.2f], random seats %.2f", *net.MeanRank, net.MeanRankCI95[0], net.MeanRankCI95[1], others)
			if net.MeanRankCI95[1] >= others {
				t.Fatalf("net's mean rank %.2f [%.2f, %.2f] is not clearly better than random's %.2f", *net.MeanRank, net.MeanRankCI95[0], net.MeanRankCI95[1], others)
			}
		})
	}
}

// TestBuiltinStrength reproduces the strength bars of
// docs/benchmarks/learning.md (behind -strength: minutes of play):
// two players, az with 100 simulations beats the heuristic with the 95%
// interval's lower bound above 0.55 over 400 games and the raw network
// wins more than half (interval above 0.5); more seats, one az seat among
// heuristics over 400 games as well (seats rotated): its mean rank's
// interval below the heuristic seats' mean rank. Every game opens with 6 random decisions, so that the
// deterministic agents meet in varied positions. Solo (one seat, against
// the game: welcome-moon's ASTRA): az with 100 simulations and the
// heuristic each play the same 400 game seeds (no random opening: the deck
// varies the games), and az's mean score and its win rate against the game
// must both be above the heuristic's (the intervals are logged).
func TestBuiltinStrength(t *testing.T) {
	if !*strength {
		t.Skip("slow: run with -args -strength")
	}
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range all {
		if b.Game == "tictactoe" {
			continue // a draw against the heuristic is perfect play (TestAZNeverLoses)
		}
		t.Run(b.File, func(t *testing.T) {
			g := loadBuiltinGame(t, b)
			if g.NumPlayers() == 1 {
				az := match(t, g, "az:model=builtin,sims=100", "", 400, 0).Agents[0]
				h := match(t, g, "heuristic", "", 400, 0).Agents[0]
				for _, a := range []arena.AgentStats{az, h} {
					lo, hi := scoreCI(a)
					t.Logf("solo, %s: %d-%d-%d against the game, win rate %.3f [%.3f, %.3f], mean score %.2f [%.2f, %.2f]", a.Spec, a.Wins, a.Losses, a.Draws, a.WinRate, a.CI95[0], a.CI95[1], a.MeanScore, lo, hi)
				}
				if az.MeanScore <= h.MeanScore || az.WinRate <= h.WinRate {
					t.Errorf("solo: az's mean score %.2f and win rate %.3f, want both above the heuristic's %.2f and %.3f", az.MeanScore, az.WinRate, h.MeanScore, h.WinRate)
				}
				return
			}
			if g.NumPlayers() == 2 {
				for _, c := range []struct {
					spec string
					low  float64
				}{{"az:model=builtin,sims=100", 0.55}, {"net:model=builtin", 0.5}} {
					a := match(t, g, c.spec, "heuristic", 400, 6).Agents[0]
					t.Logf("%s vs heuristic: %d-%d-%d, win rate %.3f [%.3f, %.3f]", c.spec, a.Wins, a.Losses, a.Draws, a.WinRate, a.CI95[0], a.CI95[1])
					if a.CI95[0] <= c.low {
						t.Errorf("%s vs heuristic: win rate %.3f [%.3f, %.3f], want the interval above %.2f", c.spec, a.WinRate, a.CI95[0], a.CI95[1], c.low)
					}
				}
				return
			}
			rep := match(t, g, "az:model=builtin,sims=100", "heuristic", 400, 6)
			a, others := rep.Agents[0], pooledRank(t, rep)
			t.Logf("az among heuristics, %d seats, %d games: mean rank %.3f [%.3f, %.3f], heuristic seats %.3f; win rate %.3f [%.3f, %.3f]",
				g.NumPlayers(), rep.Games, *a.MeanRank, a.MeanRankCI95[0], a.MeanRankCI95[1], others, a.WinRate, a.CI95[0], a.CI95[1])
			if a.MeanRankCI95[1] >= others {
				t.Errorf("az's mean rank %.3f [%.3f, %.3f] is not clearly better than the heuristic seats' %.3f", *a.MeanRank, a.MeanRankCI95[0], a.MeanRankCI95[1], others)
			}
		})
	}
}

// match plays the candidate in one seat and the opponent in every other
// seat, seats rotated, and returns the report (the candidate first).
func match(t *testing.T, g engine.Game, candidate, opponent string, games, opening int) *arena.Report {
	t.Helper()
	specs := make([]string, g.NumPlayers())
	specs[0] = candidate
	for i := 1; i < len(specs); i++ {
		specs[i] = opponent
	}
	ents := arena.SpecEntrants(g, specs)
	res, err := arena.Run(context.Background(), arena.Config{Game: g, Entrants: ents, Games: games, Seed: 1, Opening: opening})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := arena.Summarize(g, specs, 1, res)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// scoreCI is the normal 95% interval of an agent's mean score.
func scoreCI(a arena.AgentStats) (lo, hi float64) {
	half := 1.96 * a.ScoreStd / math.Sqrt(float64(a.Games))
	return a.MeanScore - half, a.MeanScore + half
}

// pooledRank is the mean rank of every seat but the candidate's (agents
// 1..), weighted by games.
func pooledRank(t *testing.T, rep *arena.Report) float64 {
	t.Helper()
	sum, n := 0.0, 0
	for _, a := range rep.Agents[1:] {
		if a.MeanRank == nil {
			t.Fatalf("no mean rank for %s", a.Spec)
		}
		sum += *a.MeanRank * float64(a.Games)
		n += a.Games
	}
	return sum / float64(n)
}
