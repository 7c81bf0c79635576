package training

import (
	"fmt"
	"math"
	"math/bits"
)

// ObsStore keeps the observations of a replay buffer exactly, in a
// fraction of their dense size. Observations are mostly zeros and a few
// repeated values (docs/training.md says how small), so a slot holds only its nonzero
// entries, each packed into 32 bits as the entry's index and the number of
// its value in a table of the distinct values met. A value that no longer
// fits in the table is kept as it is, in the slot's Extra. Get gives back
// every bit of what Set was given (-0 and NaN included).
type ObsStore struct {
	// Size is the number of entries of one observation.
	Size int
	// IDBits is the number of low bits of an entry that hold the value's
	// number; the largest number, Escape(), says the value is in Extra.
	IDBits uint8
	// Table holds the distinct values met, by number (at most Escape()).
	Table []float32
	// Rows holds one slot each: index<<IDBits | number for every nonzero
	// entry, by increasing index.
	Rows [][]uint32
	// Extra holds, per slot, the values of the entries numbered Escape(),
	// in order (nil for most slots).
	Extra [][]float32

	lookup map[uint32]uint32 // Table's values (their bits) to their numbers
}

// NewObsStore makes an empty store for observations of size entries.
func NewObsStore(size int) ObsStore {
	return ObsStore{Size: size, IDBits: idBits(size)}
}

// idBits is what an entry leaves for the value's number once the index of
// an observation of size entries is packed: at least 1 bit, since no
// observation has 2^31 entries.
func idBits(size int) uint8 {
	return uint8(max(1, 32-bits.Len32(uint32(max(size, 1)-1))))
}

// Escape is the number that sends an entry's value to Extra.
func (o *ObsStore) Escape() uint32 { return 1<<o.IDBits - 1 }

// Len is the number of slots held.
func (o *ObsStore) Len() int { return len(o.Rows) }

// Set stores obs (of Size entries) in slot i, which is an existing slot or
// Len() (a new one at the end).
func (o *ObsStore) Set(i int, obs []float32) {
	if o.lookup == nil {
		o.buildLookup()
	}
	n := 0
	for _, v := range obs {
		if math.Float32bits(v) != 0 {
			n++
		}
	}
	var row []uint32
	var extra []float32
	if i < len(o.Rows) {
		row, extra = o.Rows[i][:0], o.Extra[i][:0]
	}
	if cap(row) < n {
		row = make([]uint32, 0, n) // exact: a buffer holds many rows
	}
	esc := o.Escape()
	for k, v := range obs {
		b := math.Float32bits(v)
		if b == 0 {
			continue
		}
		id, ok := o.lookup[b]
		if !ok {
			if uint32(len(o.Table)) < esc {
				id = uint32(len(o.Table))
				o.Table = append(o.Table, v)
				o.lookup[b] = id
			} else {
				id = esc
			}
		}
		if id == esc {
			extra = append(extra, v)
		}
		row = append(row, uint32(k)<<o.IDBits|id)
	}
	if len(extra) == 0 {
		extra = nil
	}
	if i < len(o.Rows) {
		o.Rows[i], o.Extra[i] = row, extra
		return
	}
	o.Rows = append(o.Rows, row)
	o.Extra = append(o.Extra, extra)
}

// Get writes slot i's observation into dst (of Size entries).
func (o *ObsStore) Get(i int, dst []float32) {
	dst = dst[:o.Size]
	clear(dst)
	table, shift, esc := o.Table, o.IDBits, o.Escape()
	extra := o.Extra[i]
	for _, e := range o.Rows[i] {
		if id := e & esc; id != esc {
			dst[e>>shift] = table[id]
		} else {
			dst[e>>shift] = extra[0]
			extra = extra[1:]
		}
	}
}

// Bytes is the memory the store's data takes (slices' contents and
// headers), for reports.
func (o *ObsStore) Bytes() int64 {
	n := int64(len(o.Table))*4 + int64(len(o.Rows)+len(o.Extra))*24
	for i := range o.Rows {
		n += int64(cap(o.Rows[i]))*4 + int64(cap(o.Extra[i]))*4
	}
	return n
}

func (o *ObsStore) buildLookup() {
	o.lookup = make(map[uint32]uint32, len(o.Table))
	for id, v := range o.Table {
		o.lookup[math.Float32bits(v)] = uint32(id)
	}
}

// check validates a decoded store (a checkpoint's) against slots slots of
// size entries, so that Get cannot read out of range, and rebuilds its
// lookup.
func (o *ObsStore) check(size, slots int) error {
	switch {
	case o.Size != size || o.IDBits != idBits(size):
		return fmt.Errorf("observations of %d entries (%d bits a number), want %d (%d)", o.Size, o.IDBits, size, idBits(size))
	case len(o.Rows) != slots || len(o.Extra) != slots:
		return fmt.Errorf("%d and %d slots of observations for %d positions", len(o.Rows), len(o.Extra), slots)
	case uint32(len(o.Table)) > o.Escape():
		return fmt.Errorf("a table of %d values for %d numbers", len(o.Table), o.Escape())
	}
	esc := o.Escape()
	for i, row := range o.Rows {
		escaped, last := 0, -1
		for _, e := range row {
			k, id := int(e>>o.IDBits), e&esc
			if k <= last || k >= size {
				return fmt.Errorf("slot %d: entry %d out of order or of range", i, k)
			}
			last = k
			switch {
			case id == esc:
				escaped++
			case id >= uint32(len(o.Table)):
				return fmt.Errorf("slot %d: value number %d of %d", i, id, len(o.Table))
			}
		}
		if escaped != len(o.Extra[i]) {
			return fmt.Errorf("slot %d: %d values for %d escaped entries", i, len(o.Extra[i]), escaped)
		}
	}
	o.buildLookup()
	if len(o.lookup) != len(o.Table) {
		return fmt.Errorf("a table of %d values with repeats", len(o.Table))
	}
	return nil
}
