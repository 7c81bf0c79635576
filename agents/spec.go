package agents

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/moongym/moongym/engine"
)

// Option documents one option of an agent spec.
type Option struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Doc     string `json:"doc"`
	// Max is the largest value a server (seat) accepts for this integer
	// option; 0: the option does not scale work or memory, or is bounded
	// elsewhere (sims: the server's --max-sims). CheckBounds applies it;
	// New does not, so that a local user may go further.
	Max int64 `json:"max,omitempty"`
}

// Options are the options of a parsed agent spec, by name.
type Options map[string]string

// Context is what a Factory gets: the game, the options (defaults filled
// in), and the seed to use when the spec has no "seed" option of its own.
type Context struct {
	Game engine.Game
	Opts Options
	Seed uint64
}

// Factory makes an agent from a context.
type Factory func(ctx Context) (Agent, error)

// Info describes a kind of agent in the registry.
type Info struct {
	Name    string   `json:"name"`
	Doc     string   `json:"doc"`
	Options []Option `json:"options"`
	New     Factory  `json:"-"`
}

var registry = struct {
	sync.RWMutex
	agents map[string]Info
}{agents: map[string]Info{}}

// Register adds a kind of agent. Packages call it from init(); it panics on
// an empty or duplicate name.
func Register(info Info) {
	if info.Name == "" || info.New == nil || strings.ContainsAny(info.Name, ":,=") {
		panic("agents: Register with a bad name or nil factory")
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.agents[info.Name]; dup {
		panic("agents: Register called twice for " + info.Name)
	}
	registry.agents[info.Name] = info
}

// Registered lists the registered kinds of agent, sorted by name.
func Registered() []Info {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Info, 0, len(registry.agents))
	for _, i := range registry.agents {
		out = append(out, i)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// Known describes every registered agent and its options, for error messages
// and help texts.
func Known() string {
	var b strings.Builder
	for i, info := range Registered() {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(info.Name)
		if len(info.Options) > 0 {
			b.WriteString(" (")
			for j, o := range info.Options {
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s=%s", o.Name, o.Default)
			}
			b.WriteString(")")
		}
	}
	return b.String()
}

// ParseSpec splits "name:k=v,k=v" into the name and its options.
func ParseSpec(spec string) (string, Options, error) {
	spec = strings.TrimSpace(spec)
	name, rest, _ := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if name == "" {
		return "", nil, fmt.Errorf("%w: empty spec %q (known: %s)", ErrBadSpec, spec, Known())
	}
	opts := Options{}
	if strings.TrimSpace(rest) == "" {
		return name, opts, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return "", nil, fmt.Errorf("%w: %q in %q is not option=value", ErrBadSpec, kv, spec)
		}
		if _, dup := opts[k]; dup {
			return "", nil, fmt.Errorf("%w: option %q given twice in %q", ErrBadSpec, k, spec)
		}
		opts[k] = strings.TrimSpace(v)
	}
	return name, opts, nil
}

// Lookup finds a registered kind of agent.
func Lookup(name string) (Info, error) {
	registry.RLock()
	info, ok := registry.agents[name]
	registry.RUnlock()
	if !ok {
		return Info{}, fmt.Errorf("%w: %q (known: %s)", ErrUnknownAgent, name, Known())
	}
	return info, nil
}

// New makes an agent for game g from a spec. seed is used when the spec sets
// no "seed" option. Unknown agents and options give errors that list what
// is known.
func New(g engine.Game, spec string, seed uint64) (Agent, error) {
	name, info, opts, _, err := resolve(spec)
	if err != nil {
		return nil, err
	}
	ctx := Context{Game: g, Opts: opts, Seed: seed}
	if s, ok := opts["seed"]; ok && s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: seed=%q is not a non-negative integer", ErrBadSpec, name, s)
		}
		ctx.Seed = n
	}
	a, err := info.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	return a, nil
}

// resolve parses spec, looks up its agent, refuses options the agent does
// not have and fills in the defaults; given holds the options the spec set.
func resolve(spec string) (name string, info Info, opts Options, given map[string]bool, err error) {
	name, opts, err = ParseSpec(spec)
	if err != nil {
		return "", Info{}, nil, nil, err
	}
	info, err = Lookup(name)
	if err != nil {
		return "", Info{}, nil, nil, err
	}
	given = make(map[string]bool, len(opts))
	for k := range opts {
		if !slices.ContainsFunc(info.Options, func(o Option) bool { return o.Name == k }) {
			return "", Info{}, nil, nil, fmt.Errorf("%w: %s has no option %q (options: %s)", ErrBadSpec, name, k, optionNames(info))
		}
		given[k] = true
	}
	for _, o := range info.Options {
		if _, ok := opts[o.Name]; !ok {
			opts[o.Name] = o.Default
		}
	}
	return name, info, opts, given, nil
}

// CheckBounds checks an agent spec against the bounds its agent's options
// declare (Option.Max), before any agent is made: a server calls it on
// every spec a client sends, so that no request can ask for unbounded
// memory or work per simulation. Every option with a Max must be, as given
// or by its default, an integer no larger than Max; the error wraps
// ErrBadSpec and names the agent, the option, the value and the bound. A
// malformed spec, an unknown agent or an unknown option gives the error New
// gives. Values below an option's range are left to the agent's factory.
func CheckBounds(spec string) error {
	name, info, opts, given, err := resolve(spec)
	if err != nil {
		return err
	}
	for _, o := range info.Options {
		if o.Max <= 0 {
			continue
		}
		v := opts[o.Name]
		what := o.Name + "=" + v
		if !given[o.Name] {
			what = "its default " + what
		}
		n, err := strconv.ParseInt(v, 10, 64)
		over := err == nil && n > o.Max ||
			errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-")
		switch {
		case over:
			return fmt.Errorf("%w: %s: %s is over the bound %d this server accepts (%s <= %d)", ErrBadSpec, name, what, o.Max, o.Name, o.Max)
		case err != nil && !errors.Is(err, strconv.ErrRange):
			return fmt.Errorf("%w: %s: %s is not an integer", ErrBadSpec, name, what)
		}
	}
	return nil
}

func optionNames(info Info) string {
	if len(info.Options) == 0 {
		return "none"
	}
	names := make([]string, len(info.Options))
	for i, o := range info.Options {
		names[i] = o.Name + " (default " + o.Default + "): " + o.Doc
	}
	return strings.Join(names, "; ")
}

// Int reads an integer option, with an error that names it.
func (o Options) Int(name string) (int, error) {
	n, err := strconv.Atoi(o[name])
	if err != nil {
		return 0, fmt.Errorf("%w: %s=%q is not an integer", ErrBadSpec, name, o[name])
	}
	return n, nil
}

// Float reads a number option, with an error that names it.
func (o Options) Float(name string) (float64, error) {
	f, err := strconv.ParseFloat(o[name], 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %s=%q is not a number", ErrBadSpec, name, o[name])
	}
	return f, nil
}

// Bool reads a true/false option, with an error that names it.
func (o Options) Bool(name string) (bool, error) {
	b, err := strconv.ParseBool(o[name])
	if err != nil {
		return false, fmt.Errorf("%w: %s=%q is not true or false", ErrBadSpec, name, o[name])
	}
	return b, nil
}
