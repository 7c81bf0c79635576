package training

import (
	"reflect"
	"strconv"
	"testing"
)

// TestSettingsCoverConfig: every field of Config is the field of exactly
// one setting of the table, and every setting's name is its own: setting
// each one, alone, to a value other than its default changes one field,
// each time another.
func TestSettingsCoverConfig(t *testing.T) {
	def := DefaultConfig()
	fields := map[string]string{} // field name: setting
	names := map[string]bool{}
	for _, s := range settings {
		if names[s.name] {
			t.Errorf("two settings named %s", s.name)
		}
		names[s.name] = true
		c := def
		v := s.value(&c)
		var other string
		switch p := s.field(&c).(type) {
		case *int:
			other = strconv.Itoa(*p + 1)
		case *uint64:
			other = strconv.FormatUint(*p+1, 10)
		case *float64:
			other = "0.5"
			if *p != 0 {
				other = strconv.FormatFloat(*p/2, 'g', -1, 64)
			}
		case *string:
			other = "mlp"
		case *bool:
			other = strconv.FormatBool(!*p)
		}
		if err := v.Set(other); err != nil {
			t.Fatalf("%s=%s: %v", s.name, other, err)
		}
		if v.String() == s.value(&def).String() {
			t.Fatalf("%s: %s writes as the default", s.name, other)
		}
		var changed []string
		cv, dv := reflect.ValueOf(c), reflect.ValueOf(def)
		for i := range cv.NumField() {
			if !reflect.DeepEqual(cv.Field(i).Interface(), dv.Field(i).Interface()) {
				changed = append(changed, cv.Type().Field(i).Name)
			}
		}
		if len(changed) != 1 {
			t.Fatalf("setting %s changes the fields %v, want one", s.name, changed)
		}
		if prev, dup := fields[changed[0]]; dup {
			t.Errorf("Config.%s is the field of both %s and %s", changed[0], prev, s.name)
		}
		fields[changed[0]] = s.name
	}
	for i := range reflect.TypeOf(def).NumField() {
		if name := reflect.TypeOf(def).Field(i).Name; fields[name] == "" {
			t.Errorf("Config.%s is the field of no setting: add it to the table in settings.go", name)
		}
	}
}

// TestRetuneFixed: the settings Retune refuses to change are the table's
// fixed ones, which the error lists.
func TestRetuneFixed(t *testing.T) {
	if got := fixedNames(); !reflect.DeepEqual(got, []string{"kind", "width", "depth", "value", "buffer", "batch", "seed"}) {
		t.Errorf("fixed settings %v", got)
	}
	a := DefaultConfig()
	b := a
	b.Gumbel, b.LR, b.Seed = true, 0.01, 9
	var names []string
	for _, s := range changedSettings(a, b) {
		names = append(names, s.name)
	}
	if !reflect.DeepEqual(names, []string{"gumbel", "lr", "seed"}) {
		t.Errorf("changed %v, want gumbel, lr, seed", names)
	}
}
