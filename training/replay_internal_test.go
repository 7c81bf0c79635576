package training

import (
	"encoding/binary"
	"errors"
	"slices"
	"testing"
)

// TestCheckpointFlatObservations loads a checkpoint written before the
// compact store (the observations flat in Replay.Obs): nothing is lost.
func TestCheckpointFlatObservations(t *testing.T) {
	old := &Replay{ObsSize: 3, Actions: 2, Players: 2, Cap: 4,
		Obs:  []float32{1, 0, 0.5, 0, 0, 0, 2, 2, 2},
		Mask: []float32{1, 1, 1, 0, 0, 1}, Policy: []float32{0.5, 0.5, 1, 0, 0, 1},
		Value: []float32{1, -1, 0, 0, -1, 1}, Next: 3, Total: 3}
	dir := t.TempDir()
	ck := &checkpoint{Version: checkpointVersion, Adam: &Adam{}, Replay: old}
	if err := ck.save(dir); err != nil {
		t.Fatal(err)
	}
	got, err := loadCheckpoint(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := got.Replay
	if r.Obs != nil || r.Observations.Len() != 3 || r.Len() != 3 {
		t.Fatalf("flat %v, %d compact slots, %d positions; want none, 3, 3", r.Obs, r.Observations.Len(), r.Len())
	}
	obs := make([]float32, 9)
	for i := range 3 {
		r.Observations.Get(i, obs[3*i:3*i+3])
	}
	if !slices.Equal(obs, []float32{1, 0, 0.5, 0, 0, 0, 2, 2, 2}) {
		t.Fatalf("observations %v after the upgrade", obs)
	}
	// And a buffer saved now loads back the same.
	if err := got.save(dir); err != nil {
		t.Fatal(err)
	}
	again, err := loadCheckpoint(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(again.Replay.Observations.Table, r.Observations.Table) || len(again.Replay.Observations.Rows) != 3 {
		t.Fatal("a compact buffer changed through a checkpoint")
	}
}

// TestCheckpointBadObservations: a checkpoint whose compact observations
// would read out of range is refused with ErrBadCheckpoint, not a panic.
func TestCheckpointBadObservations(t *testing.T) {
	good := func() *Replay {
		r := NewReplay(4, 3, 1, 1)
		for _, o := range [][]float32{{1, 0, 2}, {0, 3, 0}} {
			if err := r.Add(Sample{Obs: o, Mask: []float32{1}, Policy: []float32{1}, Value: []float32{0}}); err != nil {
				t.Fatal(err)
			}
		}
		return r
	}
	esc := good().Observations.Escape()
	bits := good().Observations.IDBits
	for _, c := range []struct {
		name  string
		spoil func(r *Replay)
	}{
		{"index out of range", func(r *Replay) { r.Observations.Rows[1][0] = 3 << bits }},
		{"indices out of order", func(r *Replay) {
			r.Observations.Rows[0][0], r.Observations.Rows[0][1] = r.Observations.Rows[0][1], r.Observations.Rows[0][0]
		}},
		{"value number beyond the table", func(r *Replay) { r.Observations.Rows[1][0] = 1<<bits | 7 }},
		{"escaped without a value", func(r *Replay) { r.Observations.Rows[1][0] = 1<<bits | esc }},
		{"a slot missing", func(r *Replay) { r.Observations.Rows = r.Observations.Rows[:1] }},
		{"another size", func(r *Replay) { r.Observations.Size = 4 }},
		{"flat and compact", func(r *Replay) { r.Obs = []float32{1, 2, 3} }},
		{"a repeated value", func(r *Replay) { r.Observations.Table = append(r.Observations.Table, 1) }},
		{"the next slot beyond the capacity", func(r *Replay) { r.Next = 4 }},
		{"more positions than the capacity", func(r *Replay) { r.Cap = 1 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := good()
			c.spoil(r)
			dir := t.TempDir()
			if err := (&checkpoint{Version: checkpointVersion, Adam: &Adam{}, Replay: r}).save(dir); err != nil {
				t.Fatal(err)
			}
			if _, err := loadCheckpoint(dir); !errors.Is(err, ErrBadCheckpoint) {
				t.Fatalf("got %v, want ErrBadCheckpoint", err)
			}
		})
	}
}

// FuzzObsStoreCheck: whatever a decoded store holds, check either refuses
// it or Get reads every slot without going out of range.
func FuzzObsStoreCheck(f *testing.F) {
	f.Add([]byte{0, 0, 0, 4, 0, 0, 0, 9}, []byte{0, 0, 128, 63}, uint8(3))
	f.Add([]byte{255, 255, 255, 255}, []byte{}, uint8(1))
	f.Fuzz(func(t *testing.T, rows, table []byte, size uint8) {
		n := int(size%16) + 1
		o := NewObsStore(n)
		for len(table) >= 4 {
			o.Table = append(o.Table, float32frombytes(table[:4]))
			table = table[4:]
		}
		var row []uint32
		for len(rows) >= 4 {
			e := binary.BigEndian.Uint32(rows[:4])
			rows = rows[4:]
			if e == 0xffffffff { // a slot boundary
				o.Rows, o.Extra = append(o.Rows, row), append(o.Extra, []float32{1})
				row = nil
				continue
			}
			row = append(row, e)
		}
		o.Rows, o.Extra = append(o.Rows, row), append(o.Extra, nil)
		if o.check(n, len(o.Rows)) != nil {
			return
		}
		dst := make([]float32, n)
		for i := range o.Rows {
			o.Get(i, dst)
		}
	})
}

func float32frombytes(b []byte) float32 {
	return float32(int32(binary.BigEndian.Uint32(b))) / 7
}
