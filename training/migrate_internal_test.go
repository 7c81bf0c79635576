package training

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/moongym/moongym/engine/tictactoe"
	"github.com/moongym/moongym/models"
)

// v2Of is c as a version-2 checkpoint held it: each field of configV2
// copied by name from c, the booleans as 1 or 0.
func v2Of(t *testing.T, c Config) configV2 {
	t.Helper()
	var o configV2
	ov, cv := reflect.ValueOf(&o).Elem(), reflect.ValueOf(c)
	for i := range ov.NumField() {
		name := ov.Type().Field(i).Name
		f := cv.FieldByName(name)
		switch {
		case !f.IsValid():
			t.Fatalf("configV2.%s is not a field of Config", name)
		case f.Kind() == reflect.Bool:
			if f.Bool() {
				ov.Field(i).SetInt(1)
			}
		default:
			ov.Field(i).Set(f)
		}
	}
	return o
}

// newSinceV2 are the fields of Config that version-2 checkpoints lack,
// which configV2.upgrade gives the value that plays as those runs played.
var newSinceV2 = []string{"KeepLatest"} // false: the runs kept their best evaluated network

// TestConfigV2Upgrade: every setting of a version-2 checkpoint reaches the
// Config it is upgraded to (every field of a config whose fields are all
// set survives the round trip through configV2), and a field Config gains
// must be given its value for older runs (newSinceV2).
func TestConfigV2Upgrade(t *testing.T) {
	c, err := ParseConfig("kind=mlp,width=16,depth=1,value=8,games=3,parallel=2,groups=3,shards=1,sims=9,leafbatch=2,"+
		"cpuct=1.25,alpha=0.3,eps=0.2,tempmoves=5,gumbel=1,gumbelm=6,cvisit=40,cscale=0.5,fullprob=0.5,cheapsims=3,"+
		"maxbatch=64,cache=99,buffer=300,batch=20,steps=7,minsamples=25,lr=0.003,wd=0.0002,margin=0.4,marginscale=5,"+
		"marginahead=2,evalevery=4,evalgames=6,evalsims=7,evalopening=3,keeplatest=1,ckptevery=2,seed=42", DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	cv := reflect.ValueOf(c)
	for i := range cv.NumField() {
		name := cv.Type().Field(i).Name
		if cv.Field(i).IsZero() {
			t.Errorf("Config.%s is zero in the test's config: give it a value", name)
		}
		if _, ok := reflect.TypeOf(configV2{}).FieldByName(name); !ok && !slices.Contains(newSinceV2, name) {
			t.Errorf("Config.%s is not in version-2 checkpoints: give it its value for them in configV2.upgrade, and list it in newSinceV2", name)
		}
	}
	// What version 2 lacks comes back as those runs played: KeepLatest false.
	c.KeepLatest = false
	got, err := v2Of(t, c).upgrade()
	if err != nil || got != c {
		t.Fatalf("upgraded to\n%+v (%v), want\n%+v", got, err, c)
	}
	c.Gumbel, c.Shards = false, false
	if got, err := v2Of(t, c).upgrade(); err != nil || got != c {
		t.Fatalf("switches off: upgraded to\n%+v (%v), want\n%+v", got, err, c)
	}
	for _, bad := range []func(o *configV2){
		func(o *configV2) { o.Gumbel = 2 },
		func(o *configV2) { o.Shards = -1 },
		func(o *configV2) { o.Games = 0 },
	} {
		o := v2Of(t, c)
		bad(&o)
		if _, err := o.upgrade(); !errors.Is(err, ErrBadConfig) {
			t.Errorf("%+v upgraded: %v", o, err)
		}
	}
}

// TestConfigV2Defaults: the settings of a checkpoint made before the search
// settings existed (fullprob, cheapsims, gumbelm, cvisit and cscale 0)
// upgrade to a config that plays what the defaults play, under PUCT and
// Gumbel.
func TestConfigV2Defaults(t *testing.T) {
	g := tictactoe.Game{}
	m, err := models.NewModel(g, models.Arch{Kind: models.KindMLP, Width: 16, Depth: 1, ValueHidden: 8}, 5)
	if err != nil {
		t.Fatal(err)
	}
	play := func(cfg Config) []GameResult {
		ev, err := models.NewEvaluator(g, m.Net, 0)
		if err != nil {
			t.Fatal(err)
		}
		sp := SelfPlay{Game: g, Cfg: cfg}
		res, err := sp.Play(ev, 1, 6)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for _, mode := range []string{"gumbel=0", "gumbel=1"} {
		cfg, err := ParseConfig("kind=mlp,width=16,depth=1,value=8,games=8,parallel=4,sims=12,leafbatch=2,"+mode, DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		o := v2Of(t, cfg)
		o.FullProb, o.CheapSims, o.GumbelM, o.CVisit, o.CScale = 0, 0, 0, 0, 0
		old, err := o.upgrade()
		if err != nil {
			t.Fatal(err)
		}
		if old.FullProb != 1 {
			t.Errorf("%s: fullprob 0 upgraded to %v, want 1", mode, old.FullProb)
		}
		if !reflect.DeepEqual(play(cfg), play(old)) {
			t.Errorf("%s: the zero settings of an old checkpoint play other games than the defaults", mode)
		}
	}
}

// TestCheckpointV2Upgrade: every field of a version-2 checkpoint reaches
// the current one (each set, by reflection, to a value other than zero),
// and the fields of the two agree but for the settings.
func TestCheckpointV2Upgrade(t *testing.T) {
	var o checkpointV2
	ov := reflect.ValueOf(&o).Elem()
	for i := range ov.NumField() {
		f := ov.Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Uint64:
			f.SetUint(uint64(i + 1))
		case reflect.Float64:
			f.SetFloat(float64(i) + 0.5)
		case reflect.String:
			f.SetString(ov.Type().Field(i).Name)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Map:
			f.Set(reflect.MakeMap(f.Type()))
			f.SetMapIndex(reflect.ValueOf("k"), reflect.ValueOf("v"))
		case reflect.Struct: // Config
		default:
			t.Fatalf("checkpointV2.%s of kind %v", ov.Type().Field(i).Name, f.Kind())
		}
	}
	o.Config = v2Of(t, DefaultConfig())
	c, err := o.upgrade()
	if err != nil {
		t.Fatal(err)
	}
	if c.Version != checkpointVersion || c.Config != DefaultConfig() {
		t.Errorf("version %d, settings %+v", c.Version, c.Config)
	}
	// Fields written after version 3 began, whose zero value is what a
	// version-2 run had: Mix ("": the game's own configuration alone).
	newer := map[string]bool{"Mix": true}
	cv := reflect.ValueOf(c).Elem()
	for i := range cv.NumField() {
		name := cv.Type().Field(i).Name
		if name == "Version" || name == "Config" {
			continue
		}
		of := ov.FieldByName(name)
		if newer[name] {
			if !of.IsValid() && !cv.Field(i).IsZero() {
				t.Errorf("checkpoint.%s = %v for a version-2 checkpoint, which has none: want its zero value", name, cv.Field(i).Interface())
			}
			continue
		}
		if !of.IsValid() {
			t.Errorf("checkpoint.%s is not in version-2 checkpoints: give it its value for them in checkpointV2.upgrade", name)
			continue
		}
		if !reflect.DeepEqual(cv.Field(i).Interface(), of.Interface()) {
			t.Errorf("checkpoint.%s = %v, the version-2 checkpoint held %v", name, cv.Field(i).Interface(), of.Interface())
		}
	}
}
