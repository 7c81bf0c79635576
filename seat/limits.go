package seat

import (
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/moongym/moongym/agents"
)

// Limits bound what one request and the whole service may use. A zero field
// takes its default (see [DefaultLimits]).
type Limits struct {
	// MaxBodyBytes bounds a request body (HTTP) or line (stdio).
	MaxBodyBytes int64
	// MaxSims bounds the "sims" option of any agent spec (search budget in
	// simulations per move).
	MaxSims int
	// RequestTimeout bounds the wall time of one request. A request that runs
	// past it fails with "timeout" and changes nothing.
	RequestTimeout time.Duration
	// MaxSessions bounds the number of sessions kept at once.
	MaxSessions int
	// IdleTimeout: a session not used for this long is deleted.
	IdleTimeout time.Duration
	// Agents, when not empty, are the only agent names the service offers.
	Agents []string
	// AllowFiles lets clients name files on the server: game parameters
	// such as board=FILE and agent options such as model=FILE. Off by
	// default: see [Limits.CheckFiles].
	AllowFiles bool
	// Open turns the tokens off: every client may read every view, move
	// for every seat and delete every session, and the session list shows
	// every session. For a trusted front end that is the only client (the
	// stdio engine's default). Off by default for HTTP.
	Open bool
	// MaxClientSessions bounds the sessions one client (HTTP: one remote
	// address) keeps at once.
	MaxClientSessions int
	// MaxSearches bounds the AI moves, best and analyze requests computed at once;
	// a request that finds no slot within a second is answered "busy".
	// Default: GOMAXPROCS.
	MaxSearches int
	// AllowOrigins are the web origins ("http://localhost:3000") whose
	// pages may call the API (CORS); a page of any other origin is
	// refused. The server's own page is always allowed.
	AllowOrigins []string
	// AllowHosts are host names, besides loopback and IP addresses, that
	// the Host header may name (the name a proxy or the LAN uses).
	AllowHosts []string
	// MaxCacheMiB bounds the evaluation cache of an agent that plays with a
	// network (its "cache" option, in MiB): given, it must be no larger;
	// not given, the agent gets this much. The cache lives as long as the
	// seat, so it multiplies with the sessions.
	MaxCacheMiB int
	// MaxModelSeats bounds the AI seats played with a network (agents with
	// a "model" option) in all the sessions kept: each holds the network's
	// working memory and its cache.
	MaxModelSeats int
	// MaxTop bounds the moves an analyze request answers (its "top");
	// more are cut to it.
	MaxTop int
}

// MarshalJSON writes the limits with durations as Go duration strings ("30s").
func (l Limits) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		MaxBodyBytes   int64    `json:"max_body_bytes"`
		MaxSims        int      `json:"max_sims"`
		RequestTimeout string   `json:"request_timeout"`
		MaxSessions    int      `json:"max_sessions"`
		IdleTimeout    string   `json:"idle_timeout"`
		Agents         []string `json:"agents,omitempty"`
		AllowFiles     bool     `json:"allow_files"`
		MaxCacheMiB    int      `json:"max_cache_mib"`
		MaxModelSeats  int      `json:"max_model_seats"`
		MaxTop         int      `json:"max_top"`
		Open           bool     `json:"open"`
		MaxClient      int      `json:"max_client_sessions"`
		MaxSearches    int      `json:"max_searches"`
		AllowOrigins   []string `json:"allow_origins,omitempty"`
		AllowHosts     []string `json:"allow_hosts,omitempty"`
	}{l.MaxBodyBytes, l.MaxSims, l.RequestTimeout.String(), l.MaxSessions, l.IdleTimeout.String(), l.Agents, l.AllowFiles,
		l.MaxCacheMiB, l.MaxModelSeats, l.MaxTop, l.Open, l.MaxClientSessions, l.MaxSearches, l.AllowOrigins, l.AllowHosts})
}

// DefaultLimits are the limits a zero field takes.
func DefaultLimits() Limits {
	return Limits{
		MaxBodyBytes:   1 << 20,
		MaxSims:        20000,
		RequestTimeout: 30 * time.Second,
		MaxSessions:    1000,
		IdleTimeout:    30 * time.Minute,
		// A person's table needs one or two; a bot's tournament a few dozen.
		MaxClientSessions: 100,
		MaxSearches:       runtime.GOMAXPROCS(0),
		// A served network seat holds its own copy of the network, the
		// packed weights, batch buffers, its search tree and its cache:
		// about 28 MiB after a whole 2-marine march-mars game at sims=5000
		// (heap in use after GC, with a 16 MiB cache), so 32 such seats
		// hold about 0.9 GiB.
		MaxCacheMiB:   16,
		MaxModelSeats: 32,
		// A move list, a hint's arrows: a game has at most a few hundred
		// legal actions, and each answered move costs a line's names.
		MaxTop: 32,
	}
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	orDefault(&l.MaxBodyBytes, d.MaxBodyBytes)
	orDefault(&l.MaxSims, d.MaxSims)
	orDefault(&l.RequestTimeout, d.RequestTimeout)
	orDefault(&l.MaxSessions, d.MaxSessions)
	orDefault(&l.IdleTimeout, d.IdleTimeout)
	orDefault(&l.MaxClientSessions, d.MaxClientSessions)
	orDefault(&l.MaxSearches, d.MaxSearches)
	orDefault(&l.MaxCacheMiB, d.MaxCacheMiB)
	orDefault(&l.MaxModelSeats, d.MaxModelSeats)
	orDefault(&l.MaxTop, d.MaxTop)
	return l
}

// orDefault sets a limit that is not positive to its default.
func orDefault[T int | int64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// CheckAgent checks an agent spec against the limits before any agent is
// made: the agent must be known (and allowed, when Agents is set), every
// option that scales memory or work must be within the bound its agent
// declares (agents.CheckBounds: batch, rollouts, worlds, playout, ...), and
// its "sims" option (given, or its default) must be an integer no larger
// than MaxSims. Errors wrap agents.ErrBadSpec, agents.ErrUnknownAgent,
// ErrAgentNotAllowed or ErrBudget.
func (l Limits) CheckAgent(spec string) error {
	l = l.withDefaults()
	name, opts, err := agents.ParseSpec(spec)
	if err != nil {
		return err
	}
	if len(l.Agents) > 0 && !slices.Contains(l.Agents, name) {
		return fmt.Errorf("%w: %q (offered: %s)", ErrAgentNotAllowed, name, strings.Join(l.Agents, ", "))
	}
	info, err := agents.Lookup(name)
	if err != nil {
		return err
	}
	if err := agents.CheckBounds(spec); err != nil {
		return err
	}
	if c, given := opts["cache"]; given && hasOption(info, "cache") {
		n, err := strconv.Atoi(c)
		if err != nil {
			return fmt.Errorf("%w: %s: cache=%q is not an integer", agents.ErrBadSpec, name, c)
		}
		if n > l.MaxCacheMiB {
			return fmt.Errorf("%w: %q asks for cache=%s MiB, this server allows at most %d (set cache=N lower, or leave it out)", ErrBudget, spec, c, l.MaxCacheMiB)
		}
	}
	sims, given := opts["sims"]
	if !given {
		for _, o := range info.Options {
			if o.Name == "sims" {
				sims = o.Default
			}
		}
	}
	if sims == "" {
		return nil
	}
	n, err := strconv.Atoi(sims)
	if err != nil {
		return fmt.Errorf("%w: %s: sims=%q is not an integer", agents.ErrBadSpec, name, sims)
	}
	if n > l.MaxSims {
		what := "sims=" + sims
		if !given {
			what = "its default sims=" + sims
		}
		return fmt.Errorf("%w: %q asks for %s, this server allows at most %d (set sims=N lower)", ErrBudget, spec, what, l.MaxSims)
	}
	return nil
}

// hasOption tells whether an agent has an option.
func hasOption(info agents.Info, name string) bool {
	return slices.ContainsFunc(info.Options, func(o agents.Option) bool { return o.Name == name })
}

// served is the spec the service makes an agent from: the client's, with
// a cache of MaxCacheMiB for an agent that has one and was given none.
func (l Limits) served(spec string) (string, error) {
	l = l.withDefaults()
	name, opts, err := agents.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	info, err := agents.Lookup(name)
	if err != nil {
		return "", err
	}
	if _, given := opts["cache"]; given || !hasOption(info, "cache") {
		return spec, nil
	}
	return withOption(spec, "cache", strconv.Itoa(l.MaxCacheMiB))
}

// usesModel tells whether an agent spec plays with a network (its agent
// has a model option).
func usesModel(spec string) bool {
	name, _, err := agents.ParseSpec(spec)
	if err != nil {
		return false
	}
	info, err := agents.Lookup(name)
	return err == nil && hasOption(info, "model")
}

// withSims sets (or replaces) the sims option of an agent spec.
func withSims(spec string, sims int) (string, error) {
	return withOption(spec, "sims", strconv.Itoa(sims))
}

// withOption sets (or replaces) an option of an agent spec.
func withOption(spec, option, value string) (string, error) {
	name, opts, err := agents.ParseSpec(spec)
	if err != nil {
		return "", err
	}
	opts[option] = value
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + opts[k]
	}
	return name + ":" + strings.Join(parts, ","), nil
}
