package agents_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/moongym/moongym/agents"
	"github.com/moongym/moongym/engine"
)

func init() {
	newRandom := func(ctx agents.Context) (agents.Agent, error) { return agents.NewRandom(ctx.Seed), nil }
	agents.Register(agents.Info{
		Name: "test-bounded",
		Doc:  "a random agent with bounded options, for TestCheckBounds",
		Options: []agents.Option{
			{Name: "sims", Default: "100", Doc: "not bounded here"},
			{Name: "batch", Default: "4", Doc: "bounded", Max: 16},
			{Name: "depth", Default: "", Doc: "bounded, no default", Max: 3},
			{Name: "seed", Default: "", Doc: "seed"},
		},
		New: newRandom,
	})
	agents.Register(agents.Info{
		Name:    "test-big-default",
		Doc:     "a random agent whose default is over its own bound, for TestCheckBounds",
		Options: []agents.Option{{Name: "worlds", Default: "1000", Doc: "bounded", Max: 100}},
		New:     newRandom,
	})
}

func TestCheckBounds(t *testing.T) {
	for _, tc := range []struct {
		spec string
		err  error
		msg  string // in the error
	}{
		{"random", nil, ""},
		{"random:seed=3", nil, ""},
		{"test-bounded", agents.ErrBadSpec, "test-bounded: its default depth= is not an integer"},
		{"test-bounded:depth=3", nil, ""},
		{"test-bounded:depth=3,batch=16,sims=999999999", nil, ""},
		{"test-bounded:depth=0,batch=-5", nil, ""}, // below the range: the factory's business
		{"test-bounded:depth=3,batch=17", agents.ErrBadSpec, "test-bounded: batch=17 is over the bound 16 this server accepts (batch <= 16)"},
		{"test-bounded:depth=4", agents.ErrBadSpec, "test-bounded: depth=4 is over the bound 3 this server accepts (depth <= 3)"},
		{"test-bounded:depth=3,batch=100000000", agents.ErrBadSpec, "batch=100000000 is over the bound 16"},
		{"test-bounded:depth=3,batch=99999999999999999999999", agents.ErrBadSpec, "batch=99999999999999999999999 is over the bound 16"},
		{"test-bounded:depth=3,batch=+17", agents.ErrBadSpec, "batch=+17 is over the bound 16"},
		{"test-bounded:depth=3,batch=1e9", agents.ErrBadSpec, "test-bounded: batch=1e9 is not an integer"},
		{"test-bounded:depth=3,batch=8.5", agents.ErrBadSpec, "batch=8.5 is not an integer"},
		{"test-bounded:depth=3,batch=", agents.ErrBadSpec, "batch= is not an integer"},
		{"test-bounded:depth=3,batch=0x10", agents.ErrBadSpec, "batch=0x10 is not an integer"},
		{"test-big-default", agents.ErrBadSpec, "test-big-default: its default worlds=1000 is over the bound 100 this server accepts (worlds <= 100)"},
		{"test-big-default:worlds=100", nil, ""},
		// Malformed specs, unknown agents and options: New's errors.
		{"", agents.ErrBadSpec, "empty spec"},
		{"test-bounded:batch", agents.ErrBadSpec, "is not option=value"},
		{"alphago", agents.ErrUnknownAgent, "known: "},
		{"test-bounded:width=3", agents.ErrBadSpec, `test-bounded has no option "width"`},
	} {
		err := agents.CheckBounds(tc.spec)
		if tc.err == nil {
			if err != nil {
				t.Errorf("%q: %v, want no error", tc.spec, err)
			}
			continue
		}
		if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: %v, want an error wrapping %v that says %q", tc.spec, err, tc.err, tc.msg)
		}
	}
}

// TestCheckBoundsAgreesWithNew: for a spec New refuses as malformed or
// unknown, CheckBounds gives the same error.
func TestCheckBoundsAgreesWithNew(t *testing.T) {
	g := engine.MustLoad("tictactoe", nil)
	for _, spec := range []string{"", " : x", "random:seed", "random:seed=1,seed=2", "alphago", "random:depth=2", "test-bounded:depth=3,seed=1,sims=5,wide=1"} {
		_, errNew := agents.New(g, spec, 1)
		errCheck := agents.CheckBounds(spec)
		if errNew == nil || errCheck == nil || errNew.Error() != errCheck.Error() {
			t.Errorf("%q: New says %v, CheckBounds %v", spec, errNew, errCheck)
		}
	}
}
