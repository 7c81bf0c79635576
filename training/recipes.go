package training

import (
	"strconv"

	"github.com/moongym/moongym/engine"
)

// The recipes of the product games: the settings that made the built-in
// models (models/opponents), each from the script under
// docs/benchmarks/learning that trained them, where the tournaments that
// measured them are quoted. A configuration without a built-in model
// borrows its nearest neighbour's recipe, marked unmeasured.

func init() {
	RegisterRecipe("planet-cubes", planetCubesRecipe)
	RegisterRecipe("walking-moon", walkingMoonRecipe)
	RegisterRecipe("lunar-rally", lunarRallyRecipe)
	RegisterRecipe("march-mars", marchMarsRecipe)
	RegisterRecipe("welcome-moon", welcomeMoonRecipe)
}

// intParam is parameter name of p as an integer, or def when it is absent
// or not one.
func intParam(p engine.Params, name string, def int) int {
	if v, err := strconv.Atoi(p[name]); err == nil {
		return v
	}
	return def
}

// planetCubesRecipe: 4,000/players heuristic games (2,000 for 2 players),
// then PUCT self-play (docs/benchmarks/learning/planet-cubes.sh; 4 players
// needed 24 iterations to pass the heuristic).
func planetCubesRecipe(p engine.Params) (Recipe, bool) {
	n := max(intParam(p, "players", 2), 1)
	games, it := 4000/n, int64(12)
	switch n {
	case 2:
		games, it = 2000, 18
	case 4:
		it = 24
	}
	ic := DefaultImitateConfig()
	ic.Games, ic.Epochs = games, 10
	return Recipe{
		Imitation:  &ic,
		Settings:   "kind=mlp,width=128,depth=3,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=6,lr=0.0005",
		Iterations: it,
		Source:     "docs/benchmarks/learning/planet-cubes.sh; docs/benchmarks/learning.md, planet-cubes",
		Measured:   true,
	}, true
}

// walkingMoonRecipe: 3,000 heuristic games, a share of their positions
// kept, then Gumbel self-play (docs/benchmarks/learning/walking-moon.sh,
// measured with the advanced rules of both editions; the basic rules
// borrow it, measured with 2 players in English). The Spanish edition
// imitates 6,000 games with 2 and 3 players: over 3,000 its files were
// level with the heuristic there (models/opponents/README.md).
func walkingMoonRecipe(p engine.Params) (Recipe, bool) {
	n := intParam(p, "players", 2)
	es := p["edition"] == "es"
	ic := DefaultImitateConfig()
	ic.Games, ic.Epochs, ic.Keep = 3000, 3, 0.15
	if es && n <= 3 {
		ic.Games = 6000
	}
	it := int64(30)
	if n > 2 {
		ic.Keep, ic.HoldOut, it = 0.1, 100, 18
	}
	return Recipe{
		Imitation:  &ic,
		Settings:   "kind=mlp,width=128,depth=2,games=128,parallel=32,gumbel=1,sims=16,cscale=0.1,fullprob=0.25,cheapsims=4,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4,evalsims=32,lr=0.0005",
		Iterations: it,
		Source:     "docs/benchmarks/learning/walking-moon.sh; docs/benchmarks/learning.md, walking-moon",
		// The basic rules with 2 players: az sims=100 0.725 [0.679, 0.766]
		// against the heuristic (docs/training.md).
		Measured: p["rules"] == "advanced" || n == 2 && !es,
	}, true
}

// lunarRallyRecipe: 8,000 games of the expert player, a share of their
// positions kept; with 2 players then a DAgger round of 8,000 more, half
// of them played by the first network, still labelled by the expert (az
// sims=100 against the heuristic, the same 400 games: 0.535 [0.486, 0.583]
// after the first imitation, 0.575 [0.526, 0.623] after the round;
// docs/training.md, "Measured: lunar-rally"). The round is taken on the
// maps where it was measured not to weaken the first network: green, and
// yellow (raw network against the heuristic, 200 games: 0.627 after the
// first imitation, 0.625 after the round). On red it fell from 0.505 to
// 0.170, and blue was not tried (docs/benchmarks/learning.md, "lunar-rally,
// the other maps"). No self-play: every self-play run from an imitated
// lunar-rally network made it weaker (docs/benchmarks/learning/lunar-rally.sh,
// the green map). Measured: green with 2-4 players, and 3 players on every
// map (the shipped files; yellow with 2 players and yellow, red and blue
// with 4 are under the bar).
func lunarRallyRecipe(p engine.Params) (Recipe, bool) {
	n := intParam(p, "players", 2)
	ic := DefaultImitateConfig()
	ic.Expert, ic.Games, ic.Epochs, ic.HoldOut = true, 8000, 10, 200
	width := 48
	sc := p["scenario"]
	green := sc == defaultParam("lunar-rally", "scenario")
	var dagger []DAggerRound
	switch n {
	case 3:
		ic.Keep, width = 0.033, 64
	case 4:
		ic.Keep = 0.025
	default:
		ic.Keep = 0.05
		if green || sc == "yellow" {
			round := ic
			round.Follow = 0.5
			dagger = []DAggerRound{{Imitation: round}}
		}
	}
	return Recipe{
		Imitation: &ic,
		DAgger:    dagger,
		Settings: "kind=mlp,width=" + strconv.Itoa(width) +
			",depth=2,sims=32,fullprob=0.25,cheapsims=8,games=32,parallel=32,steps=20,minsamples=2000,buffer=10000,evalevery=4,evalgames=40,evalsims=32,evalopening=4",
		Source:   "docs/benchmarks/learning/lunar-rally.sh; docs/benchmarks/learning.md, lunar-rally",
		Measured: n >= 2 && n <= 4 && green || n == 3,
	}, true
}

// marchMarsRecipe: the imitation, then one DAgger round that follows its
// network with the progress value target (margin=0.5,marginscale=4:
// marchmars.State.Standing), and no self-play
// (docs/benchmarks/learning/march-mars.sh). 2 marines: 10,000 heuristic
// games without random moves, then 20,000 games, half of them played by
// the first network (shipped: az sims=400 wins 0.114 [0.104, 0.124] of
// 4,000 games where the heuristic team wins 0.085 [0.077, 0.094]). 4
// marines, where imitating the heuristic stayed level with it: 3,000 games
// of the expert team, then a round of 3,000 labelled by the expert (az
// sims=400: 0.127 [0.117, 0.138] against 0.091 [0.083, 0.101]). 3 marines
// take the 2-marine recipe (it made march-mars-p3: az sims=400 wins 0.148
// [0.138, 0.160] of 4,000 games, the heuristic team 0.115 [0.105, 0.125];
// models/opponents/README.md), 5 marines the 4-marine one (it made
// march-mars-p5: az sims=400 wins 0.184 [0.173, 0.197] of 4,000 games, the
// heuristic team 0.110 [0.101, 0.120]). The
// Spanish edition's 2 marines take the English recipe (it made
// march-mars-es-p2: 0.067 [0.059, 0.075] of 4,000 games where the
// heuristic team wins 0.045 [0.039, 0.052]). With 2 marines in English at
// the normal level its model is measured with the Gumbel root (Play): at
// 100 simulations the recipe's network wins 0.101 [0.092, 0.110] of 4,000
// games with it and 0.068 [0.061, 0.076] of the same games without it,
// where the heuristic team wins 0.075 [0.067, 0.084] (docs/training.md,
// "Measured: march-mars, 2 marines"). Elsewhere it is not: with 3 marines
// at the exterminator level the Gumbel root at 100 lowers the shipped
// network's team under the heuristic team's (docs/benchmarks/learning.md).
func marchMarsRecipe(p engine.Params) (Recipe, bool) {
	n := intParam(p, "players", 4)
	const progress = "margin=0.5,marginscale=4"
	settings := "kind=mlp,width=128,depth=2,gumbel=1,sims=32,games=64,parallel=32,buffer=40000,steps=60,minsamples=2048,evalevery=2,evalgames=100,lr=0.0005"
	ic := DefaultImitateConfig()
	ic.Games, ic.Epochs, ic.Epsilon, ic.HoldOut, ic.Keep = 10000, 10, 0, 300, 0.05
	round := ic
	round.Games, round.Keep, round.Follow = 20000, 0.025, 0.5
	dagger := DAggerRound{Imitation: round, Settings: progress}
	if n >= 4 {
		ic.Expert, ic.Games, ic.Keep, ic.HoldOut = true, 3000, 0.08, 200
		settings += "," + progress
		dagger = DAggerRound{Imitation: ic}
		dagger.Imitation.Follow = 0.5
	}
	r := Recipe{
		Imitation: &ic,
		DAgger:    []DAggerRound{dagger},
		Settings:  settings,
		Source:    "docs/benchmarks/learning/march-mars.sh; docs/benchmarks/learning.md, march-mars",
		Measured:  p["difficulty"] == "normal" && (n == 2 || p["edition"] != "es"),
	}
	if n == 2 && p["edition"] == "en" && p["difficulty"] == "normal" {
		r.Play = "sims=100,gumbel=1"
	}
	return r, true
}

// measuredA5to8 are the configurations of Adventures 5-8 (adventure,
// players) whose built-in model the recipe made (Adventure 7 with 2
// players: an imitation of 40,000 games alone, the shipped file, which
// covers 3, 4 and 6 players; with 3 players the imitation over 3-6
// players, above the bar at 3 and 6; with 4 and 5, imitations of their own
// count's games, above it: the 5-player file is shipped, the 3- and
// 4-player networks were retired for the 2-player file's covers;
// Adventures 5, 6 and 8 with 3 players: their own count's imitation and 100
// Gumbel iterations, the shipped files, which cover 4 to 6 players): the
// others borrow it, unmeasured.
var measuredA5to8 = map[[2]int]bool{{5, 1}: true, {5, 2}: true, {7, 1}: true, {7, 2}: true, {8, 1}: true, {6, 1}: true, {7, 3}: true, {7, 4}: true, {7, 5}: true, {5, 3}: true, {6, 3}: true, {8, 3}: true}

// soloSelfPlay holds the solo levels (adventure, ASTRA's level) whose
// imitation alone won fewer games than the heuristic and whose files are
// that imitation followed by PUCT self-play, the latest network, with the
// number of iterations (learning.md, "welcome-moon, solo (against ASTRA)"):
// Adventure 5 at level 4, 30 (71 of 400 games won against the heuristic's
// 79; with self-play 130, scoring 90.2 against 80.5), Adventure 4 at level
// 2, 30 (5 against 7; with self-play 16 and a draw, scoring 54.0 against
// 45.3), Adventure 7 at level 6, 5 (after 2 iterations 2 wins against 2;
// after 5, 3, scoring 91.7 against 89.4), and Adventure 1 at levels 4, 6
// (5) and 7 (20), with the margin target of soloMargin.
var soloSelfPlay = map[[2]int]int64{{5, 4}: 30, {4, 2}: 30, {7, 6}: 5, {1, 4}: 5, {1, 6}: 5, {1, 7}: 20}

// soloMargin holds the solo levels whose value target is the score margin
// over ASTRA alone, on the scale of the margin itself (margin=1,
// marginscale=60), in the imitation and the self-play: where ASTRA scores
// some 60 points more than the player, the recipe's blend of the result and
// tanh(margin/20) is -1 in nearly every game and cannot tell them apart.
// Adventure 1 at level 4: the imitation and 5 iterations so won 11 games of
// 400 and 3 draws, scoring 91.5, where the blend's won 9 and a draw, 80.9
// (30 iterations: 7 and a draw, 81.9), and the heuristic 4 and 5 draws, 87.6;
// at level 6, 4 and 3 draws, 86.6, where the heuristic won 5, 82.3; at
// level 7, after 20 iterations (after 5 none, 70.4), none and a draw,
// 71.3, where the heuristic won and drew none, 67.4 (learning.md,
// "welcome-moon, solo (against ASTRA)").
var soloMargin = map[[2]int]bool{{1, 4}: true, {1, 6}: true, {1, 7}: true}

// welcomeMoonRecipe: heuristic (Adventure 3: expert) games, a twentieth of
// their positions kept, then Gumbel self-play where it helped
// (docs/benchmarks/learning/welcome-moon.sh, welcome-moon-adventures.sh,
// welcome-moon-solo.sh, welcome-moon-a5-a8.sh). Adventures 6-8 borrow
// Adventure 5's (2 players) and Adventures 2-4's (the others).
func welcomeMoonRecipe(p engine.Params) (Recipe, bool) {
	a, n := intParam(p, "adventure", 1), intParam(p, "players", 2)
	const gumbel = "kind=mlp,width=256,depth=2,lr=0.0005,games=128,parallel=32,gumbel=1,sims=32,cscale=0.1,fullprob=0.25,cheapsims=8,buffer=40000,steps=80,minsamples=2048,evalevery=4,evalgames=40,evalopening=6"
	ic := DefaultImitateConfig()
	ic.Epochs, ic.Keep = 3, 0.05
	r := Recipe{Imitation: &ic, Settings: gumbel, Measured: a <= 4 || measuredA5to8[[2]int{a, n}]}
	switch {
	case n == 1: // solo against ASTRA
		ic.Games, ic.Keep, ic.HoldOut = 10000, 0.3, 400
		if a == 1 {
			ic.Games, ic.Keep = 40000, 0.12
		}
		level := [2]int{a, intParam(p, "astra", 1)}
		margin := "margin=0.5,marginscale=20"
		if soloMargin[level] {
			margin = "margin=1,marginscale=60"
		}
		r.Settings = "kind=mlp,width=256,depth=2,lr=0.0005," + margin + ",games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4"
		r.Source = "docs/benchmarks/learning/welcome-moon-solo.sh"
		if a >= 5 {
			r.Source = "docs/benchmarks/learning/welcome-moon-a5-a8.sh"
		}
		if it := soloSelfPlay[level]; it > 0 {
			r.Iterations, r.SelfPlay = it, "keeplatest=1"
		}
	case a == 1:
		ic.Games, ic.HoldOut, r.Iterations = 12000, 100, 20
		if n >= 5 {
			r.Iterations = 36
		}
		if n == 2 {
			ic.Games, ic.HoldOut, r.Iterations = 40000, 200, 80
			r.Settings = "kind=mlp,width=256,depth=2,lr=0.0005,games=64,parallel=32,sims=128,tempmoves=12,buffer=40000,steps=60,minsamples=2048,evalevery=3,evalgames=40,evalopening=4"
			// The latest network is the model, as the built-in one was
			// made; the evaluations only draw the curve (keeplatest).
			r.SelfPlay = "gumbel=1,sims=32,cscale=0.1,fullprob=0.25,cheapsims=8,games=128,steps=80,minsamples=2048,evalevery=8,keeplatest=1,lr=0.00025"
		}
		r.Source = "docs/benchmarks/learning/welcome-moon.sh"
	default:
		ic.Games, ic.HoldOut, ic.Expert = 12000, 100, a == 3
		if n == 2 {
			// The shipped 2-player files: Adventures 2 and 4, 50
			// Gumbel iterations whose latest network is the model
			// (Adventure 2 at half the rate; evaluations for the curve
			// only); Adventure 3, the expert's imitation alone.
			ic.Games, ic.HoldOut = 20000, 200
			switch a {
			case 2:
				r.Iterations, r.SelfPlay = 50, "evalevery=8,keeplatest=1,lr=0.00025"
			case 4:
				r.Iterations, r.SelfPlay = 50, "evalevery=8,keeplatest=1"
			case 5, 6, 8:
				// Adventure 5's file: its imitation alone was level
				// with the heuristic (az 0.492 over 400 games), 50
				// iterations 0.534, 100 above it
				// (docs/benchmarks/learning/welcome-moon-a5-a8.sh;
				// learning.md, "welcome-moon, Adventures 5-8").
				// Adventure 8 under it: az 0.535 [0.486, 0.583] over
				// 400 games, under the bar
				// (docs/benchmarks/training/wm-a8-p2-recipe.txt); an
				// imitation of 40,000 games alone, as Adventure 7's, did
				// no better (az 0.544 [0.495, 0.592]; learning.md).
				r.Iterations, r.SelfPlay = 100, "evalevery=8,keeplatest=1"
			case 7:
				// The imitation alone, of 40,000 games: 104 Gumbel
				// iterations made Adventure 7's network weaker than its
				// warm start (az against az, 400 games: 0.429 [0.381,
				// 0.478]), and 20,000 games were at the bar's edge (az
				// 0.580 [0.549, 0.610] over 1,000); 40,000 made the
				// shipped file (az 0.604 [0.573, 0.633], raw 0.578;
				// learning.md, "welcome-moon, Adventures 5-8").
				ic.Games = 40000
			}
		}
		switch {
		case a == 7 && n == 3:
			// One network for 3 to 6 players, imitated over all four
			// counts, the others read through the seat view
			// (learning.md, "welcome-moon, Adventures 5-8").
			r.Mix = []string{"players=3|4|5|6"}
		case a >= 5 && a != 7 && n >= 3:
			// Adventure 5 with 3 players: the imitation of its own
			// count's games was level with the heuristic (mean rank
			// 1.990 against 1.984), 20 Gumbel iterations too (1.958
			// against 1.999), 100 above it (1.810 against 2.084), and
			// through the seat view at 4-6 players; Adventure 8 the
			// same (1.843 against 2.064 after 100)
			// (welcome-moon-a5-a8.sh A seats; learning.md, "welcome-moon,
			// Adventures 5-8"). The latest network is the model.
			r.Iterations, r.SelfPlay = 100, "keeplatest=1"
		}
		r.Source = "docs/benchmarks/learning/welcome-moon-adventures.sh"
		if a >= 5 && (n <= 3 || a != 7) {
			r.Source = "docs/benchmarks/learning/welcome-moon-a5-a8.sh"
		}
	}
	r.Source += "; docs/benchmarks/learning.md, welcome-moon"
	return r, true
}

// defaultParam is the default of a game's parameter, "" if unknown.
func defaultParam(game, name string) string {
	g, err := engine.Load(game, nil)
	if err != nil {
		return ""
	}
	return g.Params()[name]
}
