package training

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/engine/enginetest"
	"github.com/moongym/moongym/models"
)

// TestRecipes: every registered recipe, for every test configuration of its
// game, gives settings the trainer accepts and an imitation that passes its
// checks, and names a script that exists; every built-in model's
// configuration has a measured recipe (the recipe is how it was made).
func TestRecipes(t *testing.T) {
	games := RecipeGames()
	for _, want := range []string{"lunar-rally", "march-mars", "planet-cubes", "walking-moon", "welcome-moon"} {
		if _, ok := recipes[want]; !ok {
			t.Errorf("no recipe for %s (have %v)", want, games)
		}
	}
	for _, name := range games {
		g0, err := engine.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range enginetest.Configs(g0.Spec()) {
			g, err := engine.Load(name, p)
			if err != nil {
				t.Fatal(err)
			}
			r, ok := RecipeFor(g)
			if !ok {
				continue
			}
			cfg, err := r.Config(DefaultConfig(), "")
			if err != nil {
				t.Errorf("%s %v: %v", name, p, err)
				continue
			}
			if _, err := ParseConfig(r.SelfPlay, cfg); err != nil {
				t.Errorf("%s %v: self-play settings: %v", name, p, err)
			}
			if ic, ok := r.ImitationFor(cfg); ok {
				if err := ic.check(); err != nil {
					t.Errorf("%s %v: imitation: %v", name, p, err)
				}
				if ic.Seed != cfg.Seed || ic.Margin != cfg.Margin {
					t.Errorf("%s %v: the imitation's seed and margin are not the run's", name, p)
				}
			}
			for i, d := range r.DAgger {
				ic := d.Imitation
				ic.FollowModel = "round.safetensors"
				if err := ic.check(); err != nil || ic.Follow <= 0 {
					t.Errorf("%s %v: DAgger round %d: follow %v, %v", name, p, i+1, ic.Follow, err)
				}
				if _, err := ParseConfig(d.Settings, cfg); err != nil {
					t.Errorf("%s %v: DAgger round %d's settings: %v", name, p, i+1, err)
				}
			}
			if len(r.Mix) > 0 && (r.Iterations > 0 || r.Imitation == nil) {
				t.Errorf("%s %v: a mix (%v) with %d self-play iterations and imitation %v: a mix is learned by imitation only", name, p, r.Mix, r.Iterations, r.Imitation != nil)
			}
			script, _, _ := strings.Cut(r.Source, ";")
			if _, err := os.Stat(filepath.Join("..", script)); err != nil {
				t.Errorf("%s %v: source %q: %v", name, p, script, err)
			}
		}
	}
	builtin, err := models.BuiltinModels()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range builtin {
		if b.Covered {
			continue // played by a model trained for another configuration, without a recipe of its own
		}
		g, err := engine.Load(b.Game, b.Params)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := RecipeFor(g); b.Game != "tictactoe" && (!ok || !r.Measured) {
			t.Errorf("built-in %s (%s %v): recipe %v, measured %v", b.File, b.Game, b.Params, ok, r.Measured)
		}
	}
}

// TestRecipeConfigOverride: the caller's settings win over the recipe's,
// and the recipe's over the defaults.
func TestRecipeConfigOverride(t *testing.T) {
	r := Recipe{Settings: "width=64,lr=0.0005"}
	cfg, err := r.Config(DefaultConfig(), "lr=0.001")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 64 || cfg.LR != 0.001 {
		t.Errorf("width %d, lr %v: want the recipe's width 64 and the caller's lr 0.001", cfg.Width, cfg.LR)
	}
	if _, err := (Recipe{Settings: "nonsense=1"}).Config(DefaultConfig(), ""); err == nil || !strings.Contains(err.Error(), "recipe") {
		t.Errorf("a bad recipe setting: %v", err)
	}
}

// TestLunarRallyDAgger: lunar-rally's recipe takes its DAgger round with 2
// players on the maps where the round was measured not to weaken the
// first imitation (green, yellow), and not on red (where it did) or blue
// (not measured); it counts as measured where the shipped files were made.
func TestLunarRallyDAgger(t *testing.T) {
	for _, c := range []struct {
		params   engine.Params
		rounds   int
		measured bool
	}{
		{engine.Params{}, 1, true},
		{engine.Params{"scenario": "yellow"}, 1, false},
		{engine.Params{"scenario": "red"}, 0, false},
		{engine.Params{"scenario": "blue"}, 0, false},
		{engine.Params{"players": "3"}, 0, true},
		{engine.Params{"players": "3", "scenario": "yellow"}, 0, true},
		{engine.Params{"players": "3", "scenario": "blue"}, 0, true},
		{engine.Params{"players": "4", "scenario": "red"}, 0, false},
		{engine.Params{"players": "4", "scenario": "blue"}, 0, false},
	} {
		g, err := engine.Load("lunar-rally", c.params)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := RecipeFor(g)
		if !ok {
			t.Fatalf("%v: no recipe", c.params)
		}
		if len(r.DAgger) != c.rounds || r.Measured != c.measured {
			t.Errorf("%v: %d DAgger rounds, measured %v; want %d, %v", c.params, len(r.DAgger), r.Measured, c.rounds, c.measured)
		}
	}
}

// TestWelcomeMoonA5to8SelfPlay: the recipe of Adventures 5, 6 and 8
// self-plays 100 iterations with 2 players and with 3 to 6 (there its own
// count's imitation first, no mix); Adventure 7's is its imitation alone,
// since self-play made its network weaker than the imitation, over the mix
// of 3 to 6 players with 3. Solo, the levels of soloSelfPlay self-play
// (Adventure 5 at ASTRA's level 4 and Adventure 4 at level 2, 30
// iterations; Adventure 7 at level 6 and Adventure 1 at levels 4 and 6, 5;
// Adventure 1 at level 7, 20); the other solo recipes are their imitation
// alone.
func TestWelcomeMoonA5to8SelfPlay(t *testing.T) {
	for _, c := range []struct {
		adventure, players, astra string
		iterations                int64
		mix                       bool
		measured                  bool
	}{
		{"5", "2", "1", 100, false, true},
		{"6", "2", "1", 100, false, false},
		{"7", "2", "1", 0, false, true},
		{"8", "2", "1", 100, false, false},
		{"5", "3", "1", 100, false, true},
		{"5", "6", "1", 100, false, false},
		{"6", "3", "1", 100, false, true},
		{"8", "3", "1", 100, false, true},
		{"8", "4", "1", 100, false, false},
		{"7", "3", "1", 0, true, true},
		{"7", "4", "1", 0, false, true},
		{"5", "1", "4", 30, false, true},
		{"4", "1", "2", 30, false, true},
		{"4", "1", "3", 0, false, true},
		{"7", "1", "6", 5, false, true},
		{"1", "1", "4", 5, false, true},
		{"1", "1", "3", 0, false, true},
		{"1", "1", "6", 5, false, true},
		{"1", "1", "7", 20, false, true},
		{"1", "1", "8", 0, false, true},
		{"7", "1", "7", 0, false, true},
		{"5", "1", "1", 0, false, true},
		{"5", "1", "5", 0, false, true},
		{"8", "1", "4", 0, false, true},
	} {
		g, err := engine.Load("welcome-moon", engine.Params{"adventure": c.adventure, "players": c.players, "astra": c.astra})
		if err != nil {
			t.Fatal(err)
		}
		r, ok := RecipeFor(g)
		if !ok || r.Iterations != c.iterations || (len(r.Mix) > 0) != c.mix || r.Measured != c.measured {
			t.Errorf("adventure %s, %s players, ASTRA %s: recipe %v, %d self-play iterations, mix %v, measured %v; want %d, %v, %v",
				c.adventure, c.players, c.astra, ok, r.Iterations, r.Mix, r.Measured, c.iterations, c.mix, c.measured)
		}
		if c.iterations > 0 && c.players != "2" && r.SelfPlay != "keeplatest=1" {
			t.Errorf("adventure %s, %s players, ASTRA %s: self-play settings %q, want the latest network (keeplatest=1)", c.adventure, c.players, c.astra, r.SelfPlay)
		}
	}
}

// TestWelcomeMoonSoloMargin: the solo levels of soloMargin (Adventure 1 at
// ASTRA's levels 4, 6 and 7) value the score margin alone on a scale of 60
// points, in the imitation and the self-play; the others blend it with the
// result on a scale of 20.
func TestWelcomeMoonSoloMargin(t *testing.T) {
	for _, c := range []struct {
		adventure, astra string
		margin, scale    float64
	}{
		{"1", "4", 1, 60},
		{"1", "3", 0.5, 20},
		{"1", "5", 0.5, 20},
		{"1", "6", 1, 60},
		{"1", "7", 1, 60},
		{"1", "8", 0.5, 20},
		{"7", "6", 0.5, 20},
	} {
		g, err := engine.Load("welcome-moon", engine.Params{"adventure": c.adventure, "players": "1", "astra": c.astra})
		if err != nil {
			t.Fatal(err)
		}
		r, ok := RecipeFor(g)
		if !ok {
			t.Fatalf("adventure %s, ASTRA %s: no recipe", c.adventure, c.astra)
		}
		cfg, err := r.Config(DefaultConfig(), "")
		if err != nil {
			t.Fatal(err)
		}
		ic, ok := r.ImitationFor(cfg)
		if !ok || cfg.Margin != c.margin || cfg.MarginScale != c.scale || ic.Margin != c.margin || ic.MarginScale != c.scale {
			t.Errorf("adventure %s, ASTRA %s: self-play margin %v, scale %v; imitation %v, %v (%v); want %v, %v",
				c.adventure, c.astra, cfg.Margin, cfg.MarginScale, ic.Margin, ic.MarginScale, ok, c.margin, c.scale)
		}
	}
}

// TestMarchMarsRecipe: march-mars's recipe counts as measured where the
// shipped files were made (2-5 marines in English, 2 in Spanish, at the
// normal level) and nowhere else, and names the Gumbel root (Play) only
// where its model was measured with it (2 marines, English, normal level).
func TestMarchMarsRecipe(t *testing.T) {
	for _, c := range []struct {
		params   engine.Params
		measured bool
		play     string
	}{
		{engine.Params{"players": "2"}, true, "sims=100,gumbel=1"},
		{engine.Params{"players": "3"}, true, ""},
		{engine.Params{"players": "4"}, true, ""},
		{engine.Params{}, true, ""},
		{engine.Params{"players": "5"}, true, ""},
		{engine.Params{"players": "5", "edition": "es"}, false, ""},
		{engine.Params{"players": "2", "edition": "es"}, true, ""},
		{engine.Params{"players": "3", "edition": "es"}, false, ""},
		{engine.Params{"players": "2", "difficulty": "baby"}, false, ""},
	} {
		g, err := engine.Load("march-mars", c.params)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := RecipeFor(g)
		if !ok || r.Measured != c.measured || r.Play != c.play {
			t.Errorf("%v: recipe %v, measured %v, play %q; want measured %v, play %q", c.params, ok, r.Measured, r.Play, c.measured, c.play)
		}
	}
}
