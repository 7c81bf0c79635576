package netagent_test

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/arena/arenatest"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

var (
	strengthOut  = flag.String("strength.out", "", "TestBuiltinStrength: write each tournament as a record (JSON) into this directory (docs/benchmarks/builtin for the table)")
	strengthOnly = flag.String("strength.only", "", "TestBuiltinStrength: play only the configurations whose \"FILE PARAMS\" matches this regular expression")
)

// strengthRecord is one tournament of a built-in model file in one of its
// configurations, as TestBuiltinStrength writes it: the file (and the
// SHA-256 of its weights, weightsSHA256, so that a record of other weights
// is not taken for the current ones), the configuration, the agent whose tournament it
// is (az, net or heuristic) and the arena's report.
type strengthRecord struct {
	File    string        `json:"file"`
	SHA256  string        `json:"sha256"`
	Params  string        `json:"params"`
	Covered bool          `json:"covered"`
	Agent   string        `json:"agent"`
	Report  *arena.Report `json:"report"`
}

// measureOf is the kind of tournament a configuration's model is measured
// by (models.Strength.Measure).
func measureOf(g engine.Game) string {
	switch {
	case g.NumPlayers() == 1:
		return "solo"
	case cooperative(g):
		return "team"
	case g.NumPlayers() == 2:
		return "duel"
	}
	return "among"
}

// strengthAgents are the tournaments of a measure, by agent.
var strengthAgents = map[string][]string{
	"duel": {"az", "net"}, "among": {"az"}, "solo": {"az", "heuristic"}, "team": {"az", "heuristic"},
}

// playStrength plays one tournament of the measure's agent on g: the
// documented tournaments of models/opponents/README.md. It logs its
// progress at every tenth of the games (a team tournament runs for an
// hour).
func playStrength(t *testing.T, g engine.Game, file, measure, agent string) *arena.Report {
	spec := map[string]string{"az": "az:model=builtin,sims=100", "net": "net:model=builtin", "heuristic": "heuristic"}[agent]
	var cfg arena.Config
	switch measure {
	case "solo":
		cfg = arenatest.OneAmongConfig(g, spec, "", 400, 0)
	case "team":
		if agent == "az" {
			spec = fmt.Sprintf("az:model=builtin,sims=%d", teamSims)
		}
		cfg = arena.Config{Game: g, Entrants: arena.SpecEntrants(g, []string{spec}), Games: *teamGames, Seed: 1}
	case "duel":
		cfg = arenatest.OneAmongConfig(g, spec, "heuristic", cmp.Or(duelGames[file], 400), 6)
	default:
		cfg = arenatest.OneAmongConfig(g, spec, "heuristic", 400, 6)
	}
	cfg.Progress = progressLog(t, spec, cfg.Games)
	return arenatest.Play(t, cfg)
}

// progressLog is a Progress callback that logs games done (and the time
// since the tournament began) at every tenth of games.
func progressLog(t *testing.T, spec string, games int) func(done int) {
	start := time.Now()
	step := max(games/10, 1)
	return func(done int) {
		if done%step == 0 || done == games {
			t.Logf("%s: %d of %d games, %s", spec, done, games, time.Since(start).Round(time.Second))
		}
	}
}

// judge reads a configuration's tournaments (by agent) as the bar of its
// measure and says the result in one line:
//   - duel: az with 100 simulations beats the heuristic with the 95%
//     interval's lower bound above 0.55, and the raw network above 0.5;
//   - among: az's mean rank's interval below the heuristic seats' pooled
//     mean rank;
//   - solo: az's mean score and its win rate against the game both above
//     the heuristic's on the same seeds;
//   - team: the az team's win-rate interval above the heuristic team's.
//
// A measure whose tournaments are not all there is reported as not
// measured (ok false).
func judge(measure string, reps map[string]*arena.Report) (s models.Strength, ok bool) {
	for _, a := range strengthAgents[measure] {
		if reps[a] == nil || len(reps[a].Agents) == 0 {
			return s, false
		}
	}
	s.Measure = measure
	az := reps["az"]
	a := az.Agents[0]
	s.Games = az.Games
	switch measure {
	case "duel":
		n := reps["net"].Agents[0]
		s.Holds = a.CI95[0] > 0.55 && n.CI95[0] > 0.5
		s.Summary = fmt.Sprintf("against the heuristic, %d games (%d distinct): az %.3f [%.3f, %.3f], net %.3f [%.3f, %.3f]", az.Games, az.Distinct, a.WinRate, a.CI95[0], a.CI95[1], n.WinRate, n.CI95[0], n.CI95[1])
	case "among":
		others := pooled(az)
		s.Holds = a.MeanRank != nil && a.MeanRankCI95[1] < others
		s.Summary = fmt.Sprintf("one az seat among %d heuristics, %d games (%d distinct): mean rank %.3f [%.3f, %.3f], the heuristics' %.3f", az.Seats-1, az.Games, az.Distinct, deref(a.MeanRank), a.MeanRankCI95[0], a.MeanRankCI95[1], others)
	case "solo":
		h := reps["heuristic"].Agents[0]
		lo, hi := scoreCI(a)
		hlo, hhi := scoreCI(h)
		s.Holds = a.MeanScore > h.MeanScore && a.WinRate > h.WinRate
		s.Summary = fmt.Sprintf("solo, %d games each: az score %.1f [%.1f, %.1f], won %.3f; the heuristic %.1f [%.1f, %.1f], won %.3f", az.Games, a.MeanScore, lo, hi, a.WinRate, h.MeanScore, hlo, hhi, h.WinRate)
	case "team":
		at, ht := az.Team, reps["heuristic"].Team
		if at == nil || ht == nil {
			return s, false
		}
		s.Holds = at.CI95[0] > ht.CI95[1]
		s.Summary = fmt.Sprintf("team win rate, %d games each: az %.3f [%.3f, %.3f], the heuristic team %.3f [%.3f, %.3f]", at.Games, at.WinRate, at.CI95[0], at.CI95[1], ht.WinRate, ht.CI95[0], ht.CI95[1])
	}
	return s, true
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// pooled is the mean rank of every seat but the candidate's (agents 1..),
// weighted by games.
func pooled(rep *arena.Report) float64 {
	sum, n := 0.0, 0
	for _, a := range rep.Agents[1:] {
		if a.MeanRank != nil {
			sum += *a.MeanRank * float64(a.Games)
			n += a.Games
		}
	}
	return sum / float64(max(n, 1))
}

// weightsSHA256 is the hex SHA-256 of a built-in model file's network: its
// tensors' names, shapes and float32 weights as loaded, so that a record
// stays the file's when only its metadata changes (a configuration it
// covers added) and not when its weights do (stored in another dtype,
// trained again).
func weightsSHA256(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "models", "opponents", file))
	if err != nil {
		t.Fatal(err)
	}
	m, err := models.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	h := sha256.New()
	for _, w := range m.Net.Weights {
		fmt.Fprintf(h, "%s %v\n", w.Name, w.Shape)
		buf := make([]byte, 0, 4*len(w.Data))
		for _, v := range w.Data {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// recordName is the file name of a tournament record: the model file's
// base name, "@" and the parameters that set a covered configuration apart
// from the model's own, "-" and the agent.
func recordName(b models.BuiltinModel, own engine.Params, agent string) string {
	name := strings.TrimSuffix(b.File, models.BuiltinExt)
	if b.Covered {
		var diff []string
		for _, k := range slices.Sorted(maps.Keys(b.Params)) {
			if own[k] != b.Params[k] {
				diff = append(diff, k+"="+b.Params[k])
			}
		}
		name += "@" + strings.Join(diff, ",")
	}
	return name + "-" + agent + ".json"
}

// TestBuiltinStrength plays the documented tournaments of every built-in
// model in every configuration it plays (its own and the ones it covers;
// behind -strength: hours of play; -strength.only narrows it) and checks
// each against its measure's bar (judge). Every game opens with 6 random
// decisions where the agents meet one another (duel, among), so that the
// deterministic agents meet in varied positions; solo and team games vary
// by their seeds (the deck, the dice). With -strength.out DIR each
// tournament is written as a record there, the data of
// TestBuiltinStrengthTable. Tic-tac-toe is not played: a draw against the
// heuristic is perfect play (TestAZNeverLoses).
func TestBuiltinStrength(t *testing.T) {
	if !*strength {
		t.Skip("slow: run with -args -strength")
	}
	only, err := regexp.Compile(*strengthOnly)
	if err != nil {
		t.Fatalf("-strength.only: %v", err)
	}
	if *strengthOut != "" {
		if err := os.MkdirAll(*strengthOut, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	all, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]engine.Params{}
	for _, b := range all {
		if !b.Covered {
			own[b.File] = b.Params
		}
	}
	for _, b := range all {
		if b.Game == "tictactoe" || !only.MatchString(b.File+" "+b.Params.String()) {
			continue
		}
		t.Run(b.File+"/"+b.Params.String(), func(t *testing.T) {
			g := loadBuiltinGame(t, b)
			measure := measureOf(g)
			reps := map[string]*arena.Report{}
			for _, agent := range strengthAgents[measure] {
				reps[agent] = playStrength(t, g, b.File, measure, agent)
				if *strengthOut != "" {
					rec := strengthRecord{File: b.File, SHA256: weightsSHA256(t, b.File), Params: b.Params.String(), Covered: b.Covered, Agent: agent, Report: reps[agent]}
					data, err := json.MarshalIndent(rec, "", "  ")
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(*strengthOut, recordName(b, own[b.File], agent)), append(data, '\n'), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			s, _ := judge(measure, reps)
			t.Log(s.Summary)
			if !s.Holds {
				t.Errorf("%s with %s: under the bar of its measure (%s): %s", b.File, b.Params, measure, s.Summary)
			}
		})
	}
}
