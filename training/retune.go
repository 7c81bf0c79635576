package training

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// fixedSettings are the settings a run keeps for life: the network's shape,
// the replay buffer's capacity, the batch size its learner was built for,
// and the seed every random draw of the run derives from.
var fixedSettings = []string{"kind", "width", "depth", "value", "buffer", "batch", "seed"}

// Retune changes the settings of a run in progress ("name=value,...", as
// ParseConfig reads them) from its next iteration on: self-play, search,
// learning rate, evaluation. The network's shape, the buffer, the batch
// size and the seed cannot change (ErrBadConfig names them). The change is
// stored in the checkpoint (at the next Save) and named in the model
// files' provenance, so a run that was retuned says so. It returns the
// names of the settings that changed.
func (t *Trainer) Retune(settings string) ([]string, error) {
	next, err := ParseConfig(settings, t.Cfg)
	if err != nil {
		return nil, err
	}
	var changed []string
	cur, nv := reflect.ValueOf(t.Cfg), reflect.ValueOf(next)
	for i := range cur.NumField() {
		name := cur.Type().Field(i).Tag.Get("param")
		if name == "" || reflect.DeepEqual(cur.Field(i).Interface(), nv.Field(i).Interface()) {
			continue
		}
		if slices.Contains(fixedSettings, name) {
			return nil, fmt.Errorf("%w: %s cannot change in a run (fixed: %s); start a new run for it", ErrBadConfig, name, strings.Join(fixedSettings, ", "))
		}
		changed = append(changed, name)
	}
	if len(changed) == 0 {
		return nil, nil
	}
	t.Cfg, t.ck.Config = next, next
	t.ck.Adam.LR, t.ck.Adam.WeightDecay = next.LR, next.WeightDecay
	t.ck.Retunes = append(t.ck.Retunes, fmt.Sprintf("from iteration %d: %s", t.ck.Iteration+1, settingsOf(next, changed)))
	return changed, nil
}

// settingsOf writes c's values of the named settings as "name=value,...".
func settingsOf(c Config, names []string) string {
	v := reflect.ValueOf(c)
	var parts []string
	for i := range v.NumField() {
		if name := v.Type().Field(i).Tag.Get("param"); slices.Contains(names, name) {
			parts = append(parts, fmt.Sprintf("%s=%v", name, v.Field(i).Interface()))
		}
	}
	return strings.Join(parts, ",")
}
