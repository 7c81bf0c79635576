package walkingmoon

import (
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/engine/kit"
)

// Observation layout (a flat vector; sizes depend on the configuration):
//
//	grid planes, each height*columns values, level-major (index l*cols+x):
//	  rock, circle, hazardous box, Sputnik, then one pawn plane per
//	  astronaut in the observer's order
//	per astronaut, in the observer's order (astroFeatures values each):
//	  column/goal, level/height, stunned, finished, first across the line,
//	  Sputniks/10, EC/10, has handicap, has a card, has drawn a second card,
//	  free reroll, started the round last, leading, taking its turn,
//	  rolling, is the observer's, card type one-hot (own astronauts only),
//	  drawn card type one-hot (own astronauts only)
//	globals (globalFeatures values): token type one-hot for each of the 4
//	  boxes between cards, round/rounds (the round limit), kind of the pending
//	  task one-hot, card timing one-hot (prompts), deciding astronaut
//	  (observer's order) one-hot, dice/6, pool per colour/2, programme
//	  (jump x colour)/6, dice placed/6, jumps/3, current jump one-hot,
//	  jumps done/3, dice rolled/6, per die slot (colour one-hot, value/4,
//	  skull, rerolled for free), Sputnik supply/30, EC supply/10,
//	  deck size/24, played cards per type/3, face-down discards/24,
//	  advanced, Spanish, two players, exchange flags (4), exchanged.
//	jump features (jumpfeatures.go): the terrain ahead of the astronaut in
//	  focus, the outlook of each die colour, the landing of every result
//	  being chosen.
//
// The observer's astronauts come first, then the other seats' in seat
// order; no value depends on another seat's cards. The sizes below are
// known before Observe writes (ObservationShape); Observe's Done checks that
// its sections add up to them.
const (
	numTerrainPlanes = 4
	astroFeatures    = 16 + 2*numCardTypes
	globalFeatures   = numBetween*numTokenTypes + 1 + numKinds + numTimings + maxAstro + 1 + numColours + 9 + 1 + 1 + 3 + 1 + 1 +
		maxDice*(numColours+3) + 1 + 1 + 1 + numCardTypes + 1 + 1 + 1 + 1 + 4 + 1
)

func (g *Game) observationSize() int {
	plane := g.height * g.cols
	return (numTerrainPlanes+g.na)*plane + g.na*astroFeatures + globalFeatures + g.jumpFeatureSize()
}

// relOrder lists the astronauts in observer p's order.
func (g *Game) relOrder(p int) (order [maxAstro]int8) {
	k := 0
	for d := 0; d < g.seats; d++ {
		seat := (p + d) % g.seats
		for a := 0; a < g.na; a++ {
			if g.seat(a) == seat {
				order[k] = int8(a)
				k++
			}
		}
	}
	return order
}

// terrainPlanes writes the terrain planes (rock, circle, hazard, Sputnik) of
// the columns x0 .. x0+cols-1 into dst, each plane cols*height values
// (index l*cols + x-x0); dst is zeroed.
func (s *State) terrainPlanes(x0, cols int, dst []float32) {
	plane := cols * s.g.height
	for dx := 0; dx < cols; dx++ {
		for l := 0; l < s.g.height; l++ {
			c := s.cell(x0+dx, l)
			i := l*cols + dx
			switch c & cellKind {
			case cellRock:
				dst[i] = 1
			case cellCircle:
				dst[plane+i] = 1
			case cellHazard:
				dst[2*plane+i] = 1
			}
			if c&cellSputnik != 0 {
				dst[3*plane+i] = 1
			}
		}
	}
}

// Observe writes what seat p may see; see the layout above.
func (s *State) Observe(p engine.Player, dst []float32) {
	g := s.g
	o := kit.NewObs(Name, dst[:g.obsSize])
	plane := g.height * g.cols
	order := g.relOrder(int(p))
	var rel [maxAstro]int
	for i := 0; i < g.na; i++ {
		rel[order[i]] = i
	}
	grid := o.Next("grid", (numTerrainPlanes+g.na)*plane)
	s.terrainPlanes(0, g.cols, grid)
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		grid[(numTerrainPlanes+rel[a])*plane+int(as.L)*g.cols+int(as.X)] = 1
	}
	astros := o.Next("astronauts", g.na*astroFeatures)
	for a := 0; a < g.na; a++ {
		as := &s.ast[a]
		f := astros[rel[a]*astroFeatures:]
		own := g.seat(a) == int(p)
		f[0] = float32(as.X) / float32(g.goal)
		f[1] = float32(as.L) / float32(g.height)
		f[2] = kit.Flag(as.Stunned)
		f[3] = kit.Flag(as.Finished)
		f[4] = kit.Flag(as.FinishPos == 1)
		f[5] = float32(as.Sputnik) / 10
		f[6] = float32(as.EC) / 10
		f[7] = kit.Flag(as.Handicap > 0)
		f[8] = kit.Flag(as.Card != noCard)
		f[9] = kit.Flag(as.Card2 != noCard)
		f[10] = kit.Flag(as.FreeReroll)
		f[11] = kit.Flag(as.StartedLast)
		f[12] = kit.Flag(s.leading(a))
		f[13] = kit.Flag(int(s.active) == a)
		f[14] = kit.Flag(int(s.mover) == a && s.nDice > 0)
		f[15] = kit.Flag(own)
		if own && as.Card != noCard {
			f[16+int(as.Card)] = 1
		}
		if own && as.Card2 != noCard {
			f[16+numCardTypes+int(as.Card2)] = 1
		}
	}
	s.observeGlobals(&rel, &o)
	s.jumpFeatures(int(p), o.Next("jump features", g.jumpFeatureSize()))
	o.Done()
}

// observeGlobals writes the globals; rel is each astronaut's place in the
// observer's order.
func (s *State) observeGlobals(rel *[maxAstro]int, o *kit.Obs) {
	g := s.g
	for _, tk := range s.tokens {
		o.OneHot("tokens", int(tk), numTokenTypes) // -1: no token
	}
	o.Put(float32(s.round) / float32(g.rounds))
	kind, timing, decider := -1, -1, -1
	if t, ok := s.top(); ok {
		kind = int(t.Kind)
		if t.Kind == kPrompt {
			timing = int(t.B)
		}
		if isDecision(int(t.Kind)) && int(t.A) >= 0 && int(t.A) < g.na {
			decider = rel[int(t.A)]
		}
	}
	o.OneHot("task", kind, numKinds)
	o.OneHot("timing", timing, numTimings)
	o.OneHot("decider", decider, maxAstro)
	o.Put(float32(s.dice) / 6)
	for c := 0; c < numColours; c++ {
		o.Put(float32(s.pool[c]) / 2)
	}
	for j := 0; j < 3; j++ {
		for c := 0; c < numColours; c++ {
			o.Put(float32(s.prog[j][c]) / 6)
		}
	}
	o.Put(float32(s.nAssigned) / 6)
	o.Put(float32(s.nJumps) / 3)
	o.OneHot("jump", int(s.jump), 3)
	o.Put(float32(s.jumpsDone) / 3)
	o.Put(float32(s.nDice) / 6)
	for d := 0; d < maxDice; d++ {
		if d >= int(s.nDice) {
			o.Next("dice", numColours+3)
			continue
		}
		o.OneHot("dice", int(s.dieCol[d]), numColours)
		o.Put(float32(faceValue(s.dieFace[d])) / 4)
		o.Flag(faceSkull(s.dieFace[d]))
		o.Flag(s.freeDone>>d&1 == 1)
	}
	o.Put(float32(s.supplySp) / 30)
	o.Put(float32(s.supplyEC) / 10)
	o.Put(float32(s.total(&s.deck)) / 24)
	for c := 0; c < numCardTypes; c++ {
		o.Put(float32(s.played[c]) / 3)
	}
	o.Put(float32(s.total(&s.secret)) / 24)
	o.Flag(g.advanced)
	o.Flag(g.edition == editionES)
	o.Flag(g.seats == 2)
	for k := 0; k < 4; k++ {
		o.Flag(s.exFlags>>k&1 == 1)
	}
	o.Flag(s.exchanged)
}
