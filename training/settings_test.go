package training_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/moongym/moongym/engine"
	_ "github.com/moongym/moongym/engine/all"
	"github.com/moongym/moongym/training"
)

// TestSettingsStringsAsBefore: the settings strings of
// testdata/settings-v2.golden (booleans as 1 and 0 among them) and the
// recipes give the configs whose String is what the code before typed
// settings wrote: the model files' provenance and the retunes a
// checkpoint lists read as they did, and the recipes are unchanged.
func TestSettingsStringsAsBefore(t *testing.T) {
	sc := bufio.NewScanner(bytes.NewReader(readFile(t, "testdata/settings-v2.golden")))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		var got []string
		switch f[0] {
		case "settings":
			c, err := training.ParseConfig(f[1], training.DefaultConfig())
			if err != nil {
				t.Fatalf("%q: %v", f[1], err)
			}
			got, f = []string{c.String()}, f[2:]
		case "recipe":
			got, f = recipeStrings(t, f[1], f[2]), f[3:]
		default:
			t.Fatalf("testdata/settings-v2.golden: %q", line)
		}
		if strings.Join(got, "\n") != strings.Join(f, "\n") {
			t.Errorf("%s: got\n\t%s\nthe code before wrote\n\t%s", line[:min(len(line), 80)], strings.Join(got, "\n\t"), strings.Join(f, "\n\t"))
		}
		n++
	}
	if n < 20 {
		t.Fatalf("%d lines in testdata/settings-v2.golden", n)
	}
}

// recipeStrings are the Strings of the recipe of game with params: its
// config, then with its self-play settings, then each DAgger round's.
func recipeStrings(t *testing.T, game, params string) []string {
	t.Helper()
	p, err := engine.ParseParams(params)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Load(game, p)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := training.RecipeFor(g)
	if !ok {
		t.Fatalf("%s %s: no recipe", game, params)
	}
	c, err := r.Config(training.DefaultConfig(), "")
	if err != nil {
		t.Fatal(err)
	}
	out := []string{c.String()}
	over := []string{}
	if r.SelfPlay != "" {
		over = append(over, r.SelfPlay)
	}
	for _, d := range r.DAgger {
		over = append(over, d.Settings)
	}
	for _, s := range over {
		next, err := training.ParseConfig(s, c)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, next.String())
	}
	return out
}

// TestConfigRoundTrip: a config written by String and read back by
// ParseConfig (as a recipe's, a checkpoint's retunes or a model file's
// provenance may be) is the same config, to the last bit of every
// number: the defaults, every recipe's, extreme values, and random valid
// configs.
func TestConfigRoundTrip(t *testing.T) {
	var configs []training.Config
	add := func(s string, base training.Config) {
		t.Helper()
		c, err := training.ParseConfig(s, base)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		configs = append(configs, c)
	}
	add("", training.DefaultConfig())
	add("gumbel=true,shards=false", training.DefaultConfig())
	add("lr=0.30000000000000004,wd=5e-324,cpuct=1.7976931348623157e+308,alpha=1e-300,margin=0.3333333333333333,eps=-0,seed=18446744073709551615,depth=-7", training.DefaultConfig())
	for _, game := range training.RecipeGames() {
		g, err := engine.Load(game, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := training.RecipeFor(g); ok {
			add(r.Settings, training.DefaultConfig())
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		add(randomSettings(rng), training.DefaultConfig())
	}
	for _, c := range configs {
		again, err := training.ParseConfig(c.String(), training.Config{})
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if !sameConfig(again, c) {
			t.Fatalf("String does not round-trip:\n%+v\n%+v", c, again)
		}
	}
}

// sameConfig compares configs, their numbers bit for bit (-0 is not 0).
func sameConfig(a, b training.Config) bool {
	if a != b {
		return false
	}
	av, bv := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range av.NumField() {
		if av.Field(i).Kind() == reflect.Float64 && math.Float64bits(av.Field(i).Float()) != math.Float64bits(bv.Field(i).Float()) {
			return false
		}
	}
	return true
}

// randomSettings draws a settings string of valid values, numbers of every
// magnitude among them.
func randomSettings(rng *rand.Rand) string {
	x := func() string {
		return strconv.FormatFloat(rng.Float64()*math.Pow(10, float64(rng.IntN(12)-8)), 'g', -1, 64)
	}
	p := func() string { return strconv.FormatFloat(rng.Float64(), 'g', -1, 64) }
	lr := rng.Float64() * 0.999
	if lr == 0 {
		lr = 0.5
	}
	return fmt.Sprintf("games=%d,sims=%d,gumbel=%d,shards=%t,cpuct=%s,alpha=%s,eps=%s,cvisit=%s,cscale=%s,lr=%v,wd=%s,margin=%s,marginscale=%s,seed=%d,depth=%d",
		1+rng.IntN(1000), 8+rng.IntN(100), rng.IntN(2), rng.IntN(2) == 1, x(), x(), p(), x(), x(), lr, strconv.FormatFloat(rng.Float64()*0.999, 'g', -1, 64),
		p(), strconv.FormatFloat(1+rng.Float64()*100, 'g', -1, 64), rng.Uint64(), rng.IntN(10)-1)
}

// FuzzConfigRoundTrip: whatever settings string ParseConfig accepts, the
// config's String reads back to the same config.
func FuzzConfigRoundTrip(f *testing.F) {
	for _, s := range []string{"", "gumbel=1", "gumbel=true,shards=F", "lr=1e-9,seed=7", "eps=-0", "kind=mlp,width=3", "cpuct=0x1p-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := training.ParseConfig(s, training.DefaultConfig())
		if err != nil {
			if !errors.Is(err, training.ErrBadConfig) {
				t.Fatalf("%q: %v is not ErrBadConfig", s, err)
			}
			return
		}
		again, err := training.ParseConfig(c.String(), training.Config{})
		if err != nil || !sameConfig(again, c) {
			t.Fatalf("%q: String %q reads back as %+v (%v), want %+v", s, c.String(), again, err, c)
		}
	})
}

// TestBooleanSettings: gumbel and shards are booleans, read from 1 and 0
// (the spelling String writes and older settings strings hold) or from
// true and false, and nothing else.
func TestBooleanSettings(t *testing.T) {
	for _, tc := range []struct {
		in             string
		gumbel, shards bool
	}{
		{"gumbel=1,shards=0", true, false},
		{"gumbel=0,shards=1", false, true},
		{"gumbel=true,shards=false", true, false},
		{"gumbel=false,shards=true", false, true},
	} {
		c, err := training.ParseConfig(tc.in, training.DefaultConfig())
		if err != nil || c.Gumbel != tc.gumbel || c.Shards != tc.shards {
			t.Errorf("%s: gumbel %v shards %v (%v)", tc.in, c.Gumbel, c.Shards, err)
		}
		if want := fmt.Sprintf("gumbel=%d", map[bool]int{false: 0, true: 1}[tc.gumbel]); !strings.Contains(c.String(), want) {
			t.Errorf("%s: String %s lacks %s", tc.in, c, want)
		}
	}
	for _, bad := range []string{"gumbel=2", "gumbel=-1", "gumbel=yes", "shards=", "shards=10"} {
		_, err := training.ParseConfig(bad, training.DefaultConfig())
		if !errors.Is(err, training.ErrBadConfig) || !strings.Contains(err.Error(), "is not 1 or 0 (true or false)") {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestSettingsDocumented: the settings table of docs/training.md is the one
// training.Settings gives (every setting, its default, whether it is fixed
// and its doc); -update rewrites it there.
func TestSettingsDocumented(t *testing.T) {
	const path = "../docs/training.md"
	const begin, end = "<!-- settings table: generated from training.Settings (go test ./training -run SettingsDocumented -update) -->\n", "<!-- end of the settings table -->\n"
	doc := string(readFile(t, path))
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no settings table between %q and %q", path, begin, end)
	}
	want := settingsTable()
	if got := doc[i+len(begin) : j]; got != want {
		if *updateGolden {
			if err := os.WriteFile(path, []byte(doc[:i+len(begin)]+want+doc[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the settings table of %s is not training.Settings' (go test ./training -run SettingsDocumented -update rewrites it); want\n%s", path, want)
	}
	for _, s := range training.Settings() {
		if !strings.Contains(doc, "| `"+s.Name+"` |") {
			t.Errorf("%s does not document the setting %s", path, s.Name)
		}
	}
}

// settingsTable is the Markdown table of the settings.
func settingsTable() string {
	var b strings.Builder
	b.WriteString("| setting | default | fixed | what it sets |\n|---|---|---|---|\n")
	for _, s := range training.Settings() {
		fixed := ""
		if s.Fixed {
			fixed = "yes"
		}
		def := "`" + s.Default + "`"
		if s.Default == "" {
			def = "(none)"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", s.Name, def, fixed, strings.ReplaceAll(s.Doc, "|", `\|`))
	}
	return b.String()
}
