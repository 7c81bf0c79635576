package arena

import (
	"encoding/binary"
	"hash/fnv"
)

// distinctGames counts the different games among games: two games are the
// same when the same agents held the same seats and every action (chance
// outcomes included) was the same. It returns 0 when a game has no record.
// Deterministic agents replay few games without random opening decisions,
// so this is the number of independent samples behind a win rate.
func distinctGames(games []GameResult) int {
	seen := make(map[[2]uint64]struct{}, len(games))
	var buf [8]byte
	for _, gr := range games {
		if gr.Record == nil {
			return 0
		}
		// Two independent 64-bit hashes: a collision of both in a
		// tournament's few thousand games is out of reach.
		h1, h2 := fnv.New64a(), fnv.New64()
		put := func(v uint64) {
			binary.LittleEndian.PutUint64(buf[:], v)
			h1.Write(buf[:])
			h2.Write(buf[:])
		}
		put(uint64(len(gr.Seats)))
		for _, s := range gr.Seats {
			put(uint64(s))
		}
		for _, a := range gr.Record.Actions {
			put(uint64(a))
		}
		seen[[2]uint64{h1.Sum64(), h2.Sum64()}] = struct{}{}
	}
	return len(seen)
}
