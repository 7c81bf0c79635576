package training

import (
	"context"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/mcts"
	"github.com/moongym/moongym/models"
)

// Opponent is an evaluation match's opponent: an agent spec such as
// "random" or "heuristic" (Net nil), or a network searched as the
// candidate is (the previous evaluated network), Name then naming its
// entrant.
type Opponent struct {
	Name string
	Net  *models.Network
}

// Match is one evaluation match of a run: Games games of the candidate
// network Net, searched with Search (see SearchEntrant) under the name
// Name, against Opponent, the first Opening decisions of every game random
// and the games seeded by Seed, as EvalMatch plays them. Iteration is the
// number of iterations the run has done (it names the match, it does not
// change its games).
type Match struct {
	Iteration int64
	Name      string
	Net       *models.Network
	Search    mcts.Config
	Opponent  Opponent
	Games     int
	Opening   int
	Seed      uint64
}

// Entrants are the match's arena entrants as EvalMatch seats them (see
// MatchEntrants): the candidate's, then the opponent's.
func (m Match) Entrants(g engine.Game) []arena.Entrant {
	return MatchEntrants(g, m.candidate(g), m.opponent(g))
}

func (m Match) candidate(g engine.Game) arena.Entrant {
	return SearchEntrant(g, m.Name, m.Net, m.Search)
}

func (m Match) opponent(g engine.Game) arena.Entrant {
	if m.Opponent.Net != nil {
		return SearchEntrant(g, m.Opponent.Name, m.Opponent.Net, m.Search)
	}
	return arena.SpecEntrant(g, m.Opponent.Name)
}

// MatchSource plays a run's evaluation matches (Trainer.Matches): Play
// returns the candidate's results, which are those of EvalMatch for the
// same match, whoever plays its games (they depend only on the seed).
// LocalMatches plays them in this process; package distributed has
// workers play them.
type MatchSource interface {
	Play(m Match) (arena.AgentStats, error)
}

// LocalMatches is the MatchSource of a run without one: EvalMatch in this
// process.
type LocalMatches struct {
	Game engine.Game
}

// Play implements MatchSource.
func (l LocalMatches) Play(m Match) (arena.AgentStats, error) {
	return EvalMatch(context.Background(), l.Game, m.candidate(l.Game), m.opponent(l.Game), m.Games, m.Opening, m.Seed)
}
