package training

import (
	"fmt"
	"strconv"
	"time"
)

// SourceDateEpoch is the environment variable of the reproducible-builds
// convention (https://reproducible-builds.org/specs/source-date-epoch/):
// decimal seconds since 1970-01-01 UTC to write as the date of anything
// made, instead of the current time.
const SourceDateEpoch = "SOURCE_DATE_EPOCH"

// ProvenanceClock is the clock of model files' provenance dates: with
// SOURCE_DATE_EPOCH set (read through getenv), a clock stopped at that
// time, so that the same command and seed give a byte-identical model
// file; unset or empty, nil (the caller's default, time.Now). A value that
// is not a non-negative integer is an error, as the convention asks.
func ProvenanceClock(getenv func(string) string) (func() time.Time, error) {
	v := getenv(SourceDateEpoch)
	if v == "" {
		return nil, nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 || secs > 253402300799 { // RFC 3339 stops at year 9999
		return nil, fmt.Errorf("%w: %s=%q is not a number of seconds since 1970 (up to year 9999)", ErrBadConfig, SourceDateEpoch, v)
	}
	at := time.Unix(secs, 0).UTC()
	return func() time.Time { return at }, nil
}

// ProvenanceDate formats a provenance date as model files store it.
func ProvenanceDate(t time.Time) string { return t.UTC().Format(time.RFC3339) }
