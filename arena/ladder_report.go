package arena

import (
	"fmt"
	"sort"

	"github.com/moongym/moongym/engine"
)

// LadderReport summarises a ladder; its JSON form is what "moongym ladder
// --out" writes as ladder.json.
type LadderReport struct {
	Game   string        `json:"game"`
	Params engine.Params `json:"params"`
	Seats  int           `json:"seats"`
	Seed   uint64        `json:"seed"`
	// GamesPerPair is every pair's number of games (LadderConfig.Games),
	// Opening the random decisions that opened every game.
	GamesPerPair int `json:"games_per_pair"`
	Opening      int `json:"opening,omitempty"`
	// Games counts the games played, Distinct the different ones (the
	// same agents in the same seats and the same actions are one game).
	Games    int `json:"games"`
	Distinct int `json:"distinct,omitempty"`
	// Planned, for a ladder stopped early, is the number of games it was
	// to play and Stopped those in flight that the stop abandoned (not
	// counted). SummarizeLadder leaves them 0; its caller sets them.
	Planned int `json:"planned,omitempty"`
	Stopped int `json:"stopped,omitempty"`
	// Anchor is the agent rated 0.
	Anchor string `json:"anchor"`
	// Agents are the rated agents, best first.
	Agents []LadderAgent `json:"agents"`
	// Pairs are the pairs' results, in LadderPairs order.
	Pairs []LadderPair `json:"pairs"`
	// Skipped are the agents left out of the ladder and why (set by the
	// caller: "moongym ladder" leaves out the kinds a game lacks).
	Skipped []LadderSkip `json:"skipped,omitempty"`
	// Command and Seconds, set by the caller, say how the ladder was made
	// and how long it took.
	Command string  `json:"command,omitempty"`
	Seconds float64 `json:"seconds,omitempty"`
}

// LadderAgent is one agent's rating and its results over all its pairs:
// a win, loss or draw is one pair of seats held by it and an opponent.
type LadderAgent struct {
	Spec string `json:"spec"`
	// Elo is the rating against the anchor's 0; EloCI95 its 95% interval,
	// the half-width of the rating against the mean of all (BradleyTerry)
	// moved with it.
	Elo     float64    `json:"elo"`
	EloCI95 [2]float64 `json:"elo_ci95"`
	Games   int        `json:"games"`
	Wins    int        `json:"wins"`
	Losses  int        `json:"losses"`
	Draws   int        `json:"draws"`
	// Score is (wins + draws/2) / games.
	Score float64 `json:"score"`
}

// LadderPair is the result of one pair: Games games played, Comparisons
// pairs of seats compared (Games in a two-seat game), Wins of each agent
// over the other, Draws, and Score, the first agent's (wins + draws/2) /
// comparisons.
type LadderPair struct {
	Agents      [2]string `json:"agents"`
	Games       int       `json:"games"`
	Comparisons int       `json:"comparisons"`
	Wins        [2]int    `json:"wins"`
	Draws       int       `json:"draws"`
	Score       float64   `json:"score"`
}

// LadderSkip is an agent left out of a ladder and the reason.
type LadderSkip struct {
	Spec   string `json:"spec"`
	Reason string `json:"reason"`
}

// SummarizeLadder rates cfg's entrants from the ladder's games (what
// RunLadder returned, possibly fewer than planned): one Bradley-Terry fit
// over every pair of seats held by different entrants (as a tournament's
// ratings are), shifted so that cfg.Anchor is 0.
func SummarizeLadder(cfg LadderConfig, games []GameResult) (*LadderReport, error) {
	g, k := cfg.Game, len(cfg.Entrants)
	if cfg.Anchor < 0 || cfg.Anchor >= k {
		return nil, fmt.Errorf("%w: anchor %d of %d agents", ErrBadConfig, cfg.Anchor, k)
	}
	n := g.NumPlayers()
	names := Names(cfg.Entrants)
	r := &LadderReport{Game: g.Spec().Name, Params: g.Params(), Seats: n, Seed: cfg.Seed, GamesPerPair: cfg.Games,
		Opening: cfg.Opening, Games: len(games), Distinct: distinctGames(games), Anchor: names[cfg.Anchor]}
	pairs, meet := NewPairwise(k), newMeetings(k)
	perPair := map[[2]int]int{}
	for _, gr := range games {
		if len(gr.Returns) != n || len(gr.Seats) != n {
			return nil, fmt.Errorf("%w: game %d has %d returns and %d seats for %d players", ErrBadConfig, gr.Index, len(gr.Returns), len(gr.Seats), n)
		}
		lo, hi := k, -1
		for s, a := range gr.Seats {
			if a < 0 || a >= k {
				return nil, fmt.Errorf("%w: game %d seats agent %d of %d", ErrBadConfig, gr.Index, a, k)
			}
			lo, hi = min(lo, a), max(hi, a)
			for t := s + 1; t < n; t++ {
				pairs.Add(a, gr.Seats[t], gr.Returns[s], gr.Returns[t])
				meet.add(a, gr.Seats[t], gr.Returns[s], gr.Returns[t])
			}
		}
		perPair[[2]int{lo, hi}]++
	}
	elo, half, err := BradleyTerry(pairs)
	if err != nil {
		return nil, fmt.Errorf("rating fit: %w", err)
	}
	shift := elo[cfg.Anchor]
	for i, name := range names {
		a := LadderAgent{Spec: name, Elo: elo[i] - shift}
		a.EloCI95 = [2]float64{a.Elo - half[i], a.Elo + half[i]}
		r.Agents = append(r.Agents, a)
	}
	for _, ps := range meet.stats() {
		a, b := ps.Agents[0], ps.Agents[1]
		for side, i := range ps.Agents {
			st := &r.Agents[i]
			st.Games += ps.Games
			st.Wins += ps.Wins[side]
			st.Losses += ps.Wins[1-side]
			st.Draws += ps.Draws
		}
		r.Pairs = append(r.Pairs, LadderPair{Agents: [2]string{names[a], names[b]}, Games: perPair[[2]int{a, b}],
			Comparisons: ps.Games, Wins: ps.Wins, Draws: ps.Draws, Score: ps.Score[0]})
	}
	for i := range r.Agents {
		st := &r.Agents[i]
		st.Score = rate(st.Wins, st.Draws, st.Games)
	}
	sort.SliceStable(r.Agents, func(i, j int) bool { return r.Agents[i].Elo > r.Agents[j].Elo })
	return r, nil
}
