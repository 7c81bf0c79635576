package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Params are a game's parameters by name, as strings ("players": "3").
type Params map[string]string

// Clone copies the parameters.
func (p Params) Clone() Params {
	c := make(Params, len(p))
	for k, v := range p {
		c[k] = v
	}
	return c
}

// ApartFrom writes the parameters of p whose values differ from spec's
// defaults as "k=v,k=v", in spec's order ("" when none does): how a
// configuration is named beside the game's default one.
func (p Params) ApartFrom(spec Spec) string {
	var parts []string
	for _, ps := range spec.Params {
		if v, ok := p[ps.Name]; ok && v != ps.Default {
			parts = append(parts, ps.Name+"="+v)
		}
	}
	return strings.Join(parts, ",")
}

// String writes the parameters as "k=v,k=v" sorted by name.
func (p Params) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(p[k])
	}
	return b.String()
}

// ParseParams reads "k=v,k=v" (the form String writes). An empty string gives
// empty params.
func ParseParams(s string) (Params, error) {
	p := Params{}
	s = strings.TrimSpace(s)
	if s == "" {
		return p, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("%w: %q is not name=value", ErrBadParam, kv)
		}
		if _, dup := p[k]; dup {
			return nil, fmt.Errorf("%w: %q given twice", ErrBadParam, k)
		}
		p[k] = strings.TrimSpace(v)
	}
	return p, nil
}

// Int reads an integer parameter; games call it on params that Load has
// already validated.
func (p Params) Int(name string) int {
	n, _ := strconv.Atoi(p[name])
	return n
}

// ParamKind is the type of a parameter's value.
type ParamKind int8

const (
	// IntParam values are integers within [Min, Max].
	IntParam ParamKind = iota
	// EnumParam values are one of Choices.
	EnumParam
	// StringParam values are free text; the game validates them.
	StringParam
	// BoolParam values are "true" or "false".
	BoolParam
	// FileParam values are a built-in name the game knows, or else the
	// name of a file the game reads through the file system LoadFS was
	// given (Load: the machine's); the game validates them.
	FileParam
)

var paramKindNames = []string{"int", "enum", "string", "bool", "file"}

func (k ParamKind) String() string { return kindName(paramKindNames, int8(k)) }

// MarshalText writes the kind's name.
func (k ParamKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// ParamSpec documents one parameter of a game.
type ParamSpec struct {
	Name    string    `json:"name"`
	Kind    ParamKind `json:"kind"`
	Default string    `json:"default"`
	Doc     string    `json:"doc"`
	// Min and Max bound IntParam values.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// Choices lists the EnumParam values.
	Choices []string `json:"choices,omitempty"`
	// MaxFrom, when set, lowers an IntParam's Max to another int parameter's
	// value plus Add ("first" is at most players-1), so that front ends
	// building forms offer only values that load.
	MaxFrom *ParamBound `json:"max_from,omitempty"`
}

// ParamBound is a bound taken from another int parameter of the same game:
// that parameter's value plus Add.
type ParamBound struct {
	Param string `json:"param"`
	Add   int    `json:"add"`
}

// String writes the bound as "players-1".
func (b ParamBound) String() string {
	switch {
	case b.Add > 0:
		return fmt.Sprintf("%s+%d", b.Param, b.Add)
	case b.Add < 0:
		return fmt.Sprintf("%s%d", b.Param, b.Add)
	}
	return b.Param
}

// Range writes the parameter's valid values for people: "2..4",
// "-1..players-1 (at most 5)", "basic, advanced", "true or false", or ""
// for free text.
func (ps ParamSpec) Range() string {
	switch ps.Kind {
	case IntParam:
		if ps.MaxFrom != nil {
			return fmt.Sprintf("%d..%s (at most %d)", ps.Min, ps.MaxFrom, ps.Max)
		}
		return fmt.Sprintf("%d..%d", ps.Min, ps.Max)
	case EnumParam:
		return strings.Join(ps.Choices, ", ")
	case BoolParam:
		return "true or false"
	}
	return ""
}

// MarshalJSON writes min and max for int parameters (a bound of 0 included)
// and choices for enum parameters, and neither for the other kinds.
func (ps ParamSpec) MarshalJSON() ([]byte, error) {
	type plain struct {
		Name    string      `json:"name"`
		Kind    ParamKind   `json:"kind"`
		Default string      `json:"default"`
		Doc     string      `json:"doc"`
		Min     *int        `json:"min,omitempty"`
		Max     *int        `json:"max,omitempty"`
		Choices []string    `json:"choices,omitempty"`
		MaxFrom *ParamBound `json:"max_from,omitempty"`
	}
	out := plain{Name: ps.Name, Kind: ps.Kind, Default: ps.Default, Doc: ps.Doc}
	switch ps.Kind {
	case IntParam:
		out.Min, out.Max, out.MaxFrom = &ps.Min, &ps.Max, ps.MaxFrom
	case EnumParam:
		out.Choices = ps.Choices
	}
	return json.Marshal(out)
}

// Check validates a value of the parameter.
func (ps ParamSpec) Check(v string) error {
	switch ps.Kind {
	case IntParam:
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%w: %s=%q is not an integer (want %d..%d)", ErrBadParam, ps.Name, v, ps.Min, ps.Max)
		}
		if n < ps.Min || n > ps.Max {
			return fmt.Errorf("%w: %s=%d is out of range (want %d..%d)", ErrBadParam, ps.Name, n, ps.Min, ps.Max)
		}
	case EnumParam:
		if !slices.Contains(ps.Choices, v) {
			return fmt.Errorf("%w: %s=%q is not one of %s", ErrBadParam, ps.Name, v, strings.Join(ps.Choices, ", "))
		}
	case BoolParam:
		if v != "true" && v != "false" {
			return fmt.Errorf("%w: %s=%q is not true or false", ErrBadParam, ps.Name, v)
		}
	}
	return nil
}

// Spec describes a game.
type Spec struct {
	// Name is the registry key, e.g. "walking-moon".
	Name string `json:"name"`
	// Title is the game's name for people.
	Title string `json:"title"`
	// Description is one or two sentences about the game.
	Description string          `json:"description"`
	MinPlayers  int             `json:"min_players"`
	MaxPlayers  int             `json:"max_players"`
	Chance      ChanceKind      `json:"chance"`
	Information InformationKind `json:"information"`
	Utility     UtilityKind     `json:"utility"`
	// Params documents every parameter. A game with a varying number of seats
	// has a "players" IntParam.
	Params []ParamSpec `json:"params"`
	// TestConfigs are the configurations the conformance suite plays. Together
	// they must cover every player count and every choice of every enum and
	// bool parameter (the suite checks it). Empty means the defaults only.
	TestConfigs []Params `json:"-"`
}

// Param finds a parameter's spec by name.
func (s Spec) Param(name string) (ParamSpec, bool) {
	for _, p := range s.Params {
		if p.Name == name {
			return p, true
		}
	}
	return ParamSpec{}, false
}

// ParamNames lists the names of the game's parameters.
func (s Spec) ParamNames() []string {
	names := make([]string, len(s.Params))
	for i, p := range s.Params {
		names[i] = p.Name
	}
	return names
}

// Resolve validates params against the spec and fills in defaults. The
// errors name the valid choices.
func (s Spec) Resolve(params Params) (Params, error) {
	out := Params{}
	for k, v := range params {
		ps, ok := s.Param(k)
		if !ok {
			valid := "it has none"
			if len(s.Params) > 0 {
				valid = "valid: " + strings.Join(s.ParamNames(), ", ")
			}
			return nil, fmt.Errorf("%w: %q for %s (%s)", ErrUnknownParam, k, s.Name, valid)
		}
		if err := ps.Check(v); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		out[k] = v
	}
	for _, ps := range s.Params {
		if _, ok := out[ps.Name]; !ok {
			out[ps.Name] = ps.Default
		}
	}
	for _, ps := range s.Params {
		if b := ps.MaxFrom; b != nil && ps.Kind == IntParam {
			if limit := out.Int(b.Param) + b.Add; out.Int(ps.Name) > limit {
				return nil, fmt.Errorf("%w: %s: %s=%s is out of range for %s=%s (want %d..%d)",
					ErrBadParam, s.Name, ps.Name, out[ps.Name], b.Param, out[b.Param], ps.Min, limit)
			}
		}
	}
	return out, nil
}

// checkBounds reports a MaxFrom that names no int parameter of the spec.
func (s Spec) checkBounds() error {
	for _, ps := range s.Params {
		if ps.MaxFrom == nil {
			continue
		}
		other, ok := s.Param(ps.MaxFrom.Param)
		if ps.Kind != IntParam || !ok || other.Kind != IntParam {
			return fmt.Errorf("%s: max_from %s names no int parameter", ps.Name, ps.MaxFrom.Param)
		}
	}
	return nil
}
