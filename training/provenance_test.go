package training_test

import (
	"errors"
	"testing"
	"time"

	"github.com/moongym/moongym/training"
)

func TestProvenanceClock(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want string // "" for no clock, "error" for an error
	}{
		{"", ""},
		{"0", "1970-01-01T00:00:00Z"},
		{"1700000000", "2023-11-14T22:13:20Z"},
		{"253402300799", "9999-12-31T23:59:59Z"},
		{"253402300800", "error"},
		{"-1", "error"},
		{"1.5", "error"},
		{" 12", "error"},
		{"soon", "error"},
	} {
		clock, err := training.ProvenanceClock(func(k string) string {
			if k != training.SourceDateEpoch {
				t.Fatalf("read %s", k)
			}
			return tc.env
		})
		switch {
		case tc.want == "error":
			if !errors.Is(err, training.ErrBadConfig) {
				t.Errorf("%q: %v, want ErrBadConfig", tc.env, err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.env, err)
		case tc.want == "" && clock != nil:
			t.Errorf("%q: a clock", tc.env)
		case tc.want != "" && (clock == nil || training.ProvenanceDate(clock()) != tc.want):
			t.Errorf("%q: no clock or another date, want %s", tc.env, tc.want)
		}
	}
	if got := training.ProvenanceDate(time.Date(2026, 11, 23, 23, 5, 0, 0, time.FixedZone("X", 3600))); got != "2026-11-23T22:05:00Z" {
		t.Errorf("date %s, want UTC", got)
	}
}
