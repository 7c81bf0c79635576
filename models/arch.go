package models

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Sentinel errors of this package; test for them with errors.Is.
var (
	// ErrBadArch: an architecture option is unknown or out of range.
	ErrBadArch = errors.New("bad network architecture")
	// ErrBadModel: a model file is truncated, corrupt or inconsistent.
	ErrBadModel = errors.New("bad model file")
	// ErrWrongGame: a model was made for another game or configuration.
	ErrWrongGame = errors.New("model does not fit the game or configuration")
	// ErrBadInput: a forward pass got inputs of the wrong size.
	ErrBadInput = errors.New("bad network input")
	// ErrBadDtype: a model file dtype to write is neither F32 nor F16.
	ErrBadDtype = errors.New("unknown model file dtype")
	// ErrF16Range: a weight is too large in magnitude for an F16 file.
	ErrF16Range = errors.New("weight beyond the float16 range")
)

// Kinds of trunk.
const (
	// KindMLP is a stack of fully connected residual blocks over the
	// flattened observation.
	KindMLP = "mlp"
	// KindConv is a stack of 3x3 convolutional residual blocks over a
	// [C, H, W] observation.
	KindConv = "conv"
)

// Shapes are the sizes a network is built for: the game's observation shape,
// its number of actions and of seats.
type Shapes struct {
	Obs     []int `json:"obs"`
	Actions int   `json:"actions"`
	Players int   `json:"players"`
}

// ObsSize is the number of floats in one observation.
func (s Shapes) ObsSize() int {
	n := 1
	for _, d := range s.Obs {
		n *= d
	}
	return n
}

// Equal reports whether two shapes are the same.
func (s Shapes) Equal(o Shapes) bool {
	return slices.Equal(s.Obs, o.Obs) && s.Actions == o.Actions && s.Players == o.Players
}

func (s Shapes) String() string {
	return fmt.Sprintf("obs %v, %d actions, %d players", s.Obs, s.Actions, s.Players)
}

func (s Shapes) validate() error {
	if len(s.Obs) == 0 || s.Actions <= 0 || s.Players <= 0 {
		return fmt.Errorf("%w: shapes %s", ErrBadArch, s)
	}
	n := 1
	for _, d := range s.Obs {
		if d <= 0 || d > 1<<16 {
			return fmt.Errorf("%w: observation shape %v", ErrBadArch, s.Obs)
		}
		n *= d
		if n > 1<<24 {
			return fmt.Errorf("%w: observation of shape %v is too large", ErrBadArch, s.Obs)
		}
	}
	if s.Actions > 1<<20 || s.Players > 64 {
		return fmt.Errorf("%w: shapes %s too large", ErrBadArch, s)
	}
	return nil
}

// Arch is a network's architecture. Width is the hidden size of the MLP or
// the number of channels of the conv trunk; Depth is the number of residual
// blocks; ValueHidden is the hidden size of the value head.
type Arch struct {
	Kind        string `json:"kind"`
	Width       int    `json:"width"`
	Depth       int    `json:"depth"`
	ValueHidden int    `json:"value_hidden"`
}

// DefaultArch is the architecture for a game's shapes when no option is
// given: a conv trunk for [C, H, W] observations, an MLP otherwise.
func DefaultArch(s Shapes) Arch {
	if len(s.Obs) == 3 {
		return Arch{Kind: KindConv, Width: 32, Depth: 2, ValueHidden: 32}
	}
	return Arch{Kind: KindMLP, Width: 128, Depth: 2, ValueHidden: 64}
}

// ParseArch reads "kind=mlp,width=64,depth=2,value=32" over the defaults for
// the shapes; every key is optional.
func ParseArch(s string, shapes Shapes) (Arch, error) {
	a := DefaultArch(shapes)
	s = strings.TrimSpace(s)
	if s != "" {
		for _, kv := range strings.Split(s, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok {
				return Arch{}, fmt.Errorf("%w: %q is not key=value (keys: kind, width, depth, value)", ErrBadArch, kv)
			}
			if k == "kind" {
				a.Kind = v
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil {
				return Arch{}, fmt.Errorf("%w: %s=%q is not an integer", ErrBadArch, k, v)
			}
			switch k {
			case "width":
				a.Width = n
			case "depth":
				a.Depth = n
			case "value":
				a.ValueHidden = n
			default:
				return Arch{}, fmt.Errorf("%w: unknown key %q (keys: kind, width, depth, value)", ErrBadArch, k)
			}
		}
	}
	return a, a.Validate(shapes)
}

// String writes the architecture in the form ParseArch reads.
func (a Arch) String() string {
	return fmt.Sprintf("kind=%s,width=%d,depth=%d,value=%d", a.Kind, a.Width, a.Depth, a.ValueHidden)
}

// Validate checks the architecture against the shapes it is built for.
func (a Arch) Validate(s Shapes) error {
	if err := s.validate(); err != nil {
		return err
	}
	switch a.Kind {
	case KindMLP:
	case KindConv:
		if len(s.Obs) != 3 {
			return fmt.Errorf("%w: kind=conv needs a [C, H, W] observation, the game's is %v", ErrBadArch, s.Obs)
		}
	default:
		return fmt.Errorf("%w: kind=%q (want %s or %s)", ErrBadArch, a.Kind, KindMLP, KindConv)
	}
	if a.Width < 1 || a.Width > 4096 {
		return fmt.Errorf("%w: width=%d (want 1..4096)", ErrBadArch, a.Width)
	}
	if a.Depth < 0 || a.Depth > 64 {
		return fmt.Errorf("%w: depth=%d (want 0..64)", ErrBadArch, a.Depth)
	}
	if a.ValueHidden < 1 || a.ValueHidden > 4096 {
		return fmt.Errorf("%w: value=%d (want 1..4096)", ErrBadArch, a.ValueHidden)
	}
	return nil
}

// ParamSpec names one weight tensor of a network and its shape.
type ParamSpec struct {
	Name  string
	Shape []int
}

// Size is the number of floats of the tensor.
func (p ParamSpec) Size() int {
	n := 1
	for _, d := range p.Shape {
		n *= d
	}
	return n
}

// policyChannels and valueChannels are the widths of the linear 1x1
// convolutions that start the policy and value heads of the conv trunk.
const (
	policyChannels = 2
	valueChannels  = 1
)

// Params lists the weight tensors of the architecture for the shapes, in a
// fixed order. Dense weights are [in, out]; conv filters are
// [out, in, kh, kw]. Conv layers have no bias.
func (a Arch) Params(s Shapes) []ParamSpec {
	var ps []ParamSpec
	add := func(name string, shape ...int) { ps = append(ps, ParamSpec{name, shape}) }
	w, v := a.Width, a.ValueHidden
	switch a.Kind {
	case KindConv:
		c, h, wd := s.Obs[0], s.Obs[1], s.Obs[2]
		add("trunk.in.w", w, c, 3, 3)
		for i := 0; i < a.Depth; i++ {
			p := fmt.Sprintf("trunk.res%d.", i)
			add(p+"w1", w, w, 3, 3)
			add(p+"w2", w, w, 3, 3)
		}
		add("policy.conv.w", policyChannels, w, 1, 1)
		add("policy.w", policyChannels*h*wd, s.Actions)
		add("policy.b", s.Actions)
		add("value.conv.w", valueChannels, w, 1, 1)
		add("value.w1", valueChannels*h*wd, v)
		add("value.b1", v)
	default:
		add("trunk.in.w", s.ObsSize(), w)
		add("trunk.in.b", w)
		for i := 0; i < a.Depth; i++ {
			p := fmt.Sprintf("trunk.res%d.", i)
			add(p+"w1", w, w)
			add(p+"b1", w)
			add(p+"w2", w, w)
			add(p+"b2", w)
		}
		add("policy.w", w, s.Actions)
		add("policy.b", s.Actions)
		add("value.w1", w, v)
		add("value.b1", v)
	}
	add("value.w2", v, s.Players)
	add("value.b2", s.Players)
	return ps
}
