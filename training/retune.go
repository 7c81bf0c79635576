package training

import (
	"fmt"
	"strings"
)

// Retune changes the settings of a run in progress ("name=value,...", as
// ParseConfig reads them) from its next iteration on: self-play, search,
// learning rate, evaluation. The settings the table marks fixed (the
// network's shape, the buffer, the batch size and the seed) cannot change
// (ErrBadConfig names them). The change is stored in the checkpoint (at
// the next Save) and named in the model files' provenance, so a run that
// was retuned says so. It returns the names of the settings that changed.
func (t *Trainer) Retune(changes string) ([]string, error) {
	next, err := ParseConfig(changes, t.Cfg)
	if err != nil {
		return nil, err
	}
	changed := changedSettings(t.Cfg, next)
	if len(changed) == 0 {
		return nil, nil
	}
	names := make([]string, len(changed))
	parts := make([]string, len(changed))
	for i, s := range changed {
		if s.fixed {
			return nil, fmt.Errorf("%w: %s cannot change in a run (fixed: %s); start a new run for it", ErrBadConfig, s.name, strings.Join(fixedNames(), ", "))
		}
		names[i] = s.name
		parts[i] = s.name + "=" + s.value(&next).String()
	}
	t.Cfg, t.ck.Config = next, next
	t.ck.Adam.LR, t.ck.Adam.WeightDecay = next.LR, next.WeightDecay
	t.ck.Retunes = append(t.ck.Retunes, fmt.Sprintf("from iteration %d: %s", t.ck.Iteration+1, strings.Join(parts, ",")))
	return names, nil
}
