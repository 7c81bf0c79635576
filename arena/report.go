package arena

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/moongym/moongym/engine"
)

// Report summarises a tournament; its JSON form is what "moongym arena
// --json" writes.
type Report struct {
	Game   string        `json:"game"`
	Params engine.Params `json:"params"`
	Games  int           `json:"games"`
	Seed   uint64        `json:"seed"`
	Seats  int           `json:"seats"`
	// Opening is the number of random decisions that opened every game
	// (Config.Opening); Summarize leaves it 0, its caller sets it.
	Opening int `json:"opening,omitempty"`
	// Distinct counts the different games: the same agents in the same
	// seats and the same actions make one game (0 when the results carry
	// no records). Deterministic agents repeat games unless openings vary.
	Distinct int `json:"distinct,omitempty"`
	// Planned, for a tournament stopped early (StopError), is the number
	// of games it was to play, and Stopped the games in flight that the
	// stop abandoned: neither is counted in Games or the statistics.
	// Summarize leaves them 0, its caller sets them.
	Planned int `json:"planned,omitempty"`
	Stopped int `json:"stopped,omitempty"`
	// Balanced is true when every agent played every seat equally often.
	Balanced bool         `json:"balanced"`
	Agents   []AgentStats `json:"agents"`
	// Pairwise, given with three or more agents, is who beat whom: one
	// entry per pair of agents that met, in the order of their indices.
	Pairwise []PairStats `json:"pairwise,omitempty"`
	// Team is given for cooperative games (engine.Identical): every seat
	// shares one result, so the measure is the team's, one count a game.
	Team *TeamStats `json:"team,omitempty"`
}

// PairStats are the results between two agents over the games where both
// held a seat: a win is a higher return than the other's, a draw an equal
// one (an agent holding several seats of a game counts each pair of seats).
type PairStats struct {
	// Agents are the two agents' indices in Report.Agents, the lower first.
	Agents [2]int `json:"agents"`
	// Games counts the pairs of seats compared.
	Games int `json:"games"`
	// Wins are each agent's wins over the other.
	Wins  [2]int `json:"wins"`
	Draws int    `json:"draws"`
	// Score is each agent's (wins + draws/2) / games.
	Score [2]float64 `json:"score"`
}

// TeamStats are the results of the team in a cooperative game, a game
// counting once (the agents' rows count a game once per seat held).
type TeamStats struct {
	Games   int        `json:"games"`
	Wins    int        `json:"wins"`
	Losses  int        `json:"losses"`
	Draws   int        `json:"draws"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// AgentStats are one agent's results. Counts are per seat held: an agent
// holding two seats of a game counts two results.
type AgentStats struct {
	Spec   string `json:"spec"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
	// WinRate is (wins + draws/2) / games; CI95 its 95% Wilson interval.
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
	// MeanScore and ScoreStd are over State.Scores of the seats held.
	MeanScore  float64 `json:"mean_score"`
	ScoreStd   float64 `json:"score_std"`
	MeanReturn float64 `json:"mean_return"`
	// MeanRank (1 = best) is given for games of more than two seats, with
	// MeanRankCI95, its 95% interval (normal approximation: the mean plus
	// or minus 1.96 standard errors of the per-game ranks).
	MeanRank     *float64    `json:"mean_rank,omitempty"`
	MeanRankCI95 *[2]float64 `json:"mean_rank_ci95,omitempty"`
	// Elo and EloCI95 are given with three or more agents.
	Elo     *float64    `json:"elo,omitempty"`
	EloCI95 *[2]float64 `json:"elo_ci95,omitempty"`
	// PerSeat are the results by seat.
	PerSeat []SeatStats `json:"per_seat"`
}

// SeatStats are an agent's results in one seat.
type SeatStats struct {
	Seat    int     `json:"seat"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Losses  int     `json:"losses"`
	Draws   int     `json:"draws"`
	WinRate float64 `json:"win_rate"`
}

// Summarize computes the report of a tournament from its games; specs
// are the names of the agents (the specs, or the entrants' Names).
func Summarize(g engine.Game, specs []string, seed uint64, games []GameResult) (*Report, error) {
	n := g.NumPlayers()
	r := &Report{Game: g.Spec().Name, Params: g.Params(), Games: len(games), Seed: seed, Seats: n, Agents: make([]AgentStats, len(specs)), Distinct: distinctGames(games)}
	team := g.Spec().Utility == engine.Identical
	mid := (g.MinUtility() + g.MaxUtility()) / 2
	scores := make([][]float64, len(specs))
	returns := make([][]float64, len(specs))
	ranks := make([][]float64, len(specs))
	pairs := NewPairwise(len(specs))
	meet := newMeetings(len(specs))
	for i := range r.Agents {
		r.Agents[i].Spec = specs[i]
		r.Agents[i].PerSeat = make([]SeatStats, n)
		for s := range r.Agents[i].PerSeat {
			r.Agents[i].PerSeat[s].Seat = s
		}
	}
	for _, gr := range games {
		if len(gr.Returns) != n || len(gr.Seats) != n {
			return nil, fmt.Errorf("%w: game %d has %d returns and %d seats for %d players", ErrBadConfig, gr.Index, len(gr.Returns), len(gr.Seats), n)
		}
		outs, rank := Outcomes(gr.Returns, team, mid)
		if team {
			if r.Team == nil {
				r.Team = &TeamStats{}
			}
			r.Team.Games++
			switch outs[0] {
			case Win:
				r.Team.Wins++
			case Draw:
				r.Team.Draws++
			default:
				r.Team.Losses++
			}
		}
		for s, a := range gr.Seats {
			st, ps := &r.Agents[a], &r.Agents[a].PerSeat[s]
			st.Games++
			ps.Games++
			switch outs[s] {
			case Win:
				st.Wins++
				ps.Wins++
			case Draw:
				st.Draws++
				ps.Draws++
			default:
				st.Losses++
				ps.Losses++
			}
			if s < len(gr.Scores) {
				scores[a] = append(scores[a], gr.Scores[s])
			}
			returns[a] = append(returns[a], gr.Returns[s])
			ranks[a] = append(ranks[a], float64(rank[s]))
			for t := s + 1; t < n; t++ {
				pairs.Add(a, gr.Seats[t], gr.Returns[s], gr.Returns[t])
				meet.add(a, gr.Seats[t], gr.Returns[s], gr.Returns[t])
			}
		}
	}
	if r.Team != nil {
		r.Team.WinRate = rate(r.Team.Wins, r.Team.Draws, r.Team.Games)
		r.Team.CI95[0], r.Team.CI95[1] = Wilson(r.Team.WinRate, r.Team.Games)
	}
	r.Balanced = true
	for i := range r.Agents {
		st := &r.Agents[i]
		st.WinRate = rate(st.Wins, st.Draws, st.Games)
		st.CI95[0], st.CI95[1] = Wilson(st.WinRate, st.Games)
		st.MeanScore, st.ScoreStd = meanStd(scores[i])
		st.MeanReturn, _ = meanStd(returns[i])
		if n > 2 && st.Games > 0 {
			m, sd := meanStd(ranks[i])
			half := 1.96 * sd / math.Sqrt(float64(len(ranks[i])))
			st.MeanRank, st.MeanRankCI95 = &m, &[2]float64{m - half, m + half}
		}
		for s := range st.PerSeat {
			ps := &st.PerSeat[s]
			ps.WinRate = rate(ps.Wins, ps.Draws, ps.Games)
			if ps.Games != st.PerSeat[0].Games {
				r.Balanced = false
			}
		}
		if st.PerSeat[0].Games != r.Agents[0].PerSeat[0].Games {
			r.Balanced = false
		}
	}
	if len(specs) >= 3 {
		elo, half, err := BradleyTerry(pairs)
		if err != nil {
			return nil, fmt.Errorf("rating fit: %w", err)
		}
		for i := range r.Agents {
			e, ci := elo[i], [2]float64{elo[i] - half[i], elo[i] + half[i]}
			r.Agents[i].Elo, r.Agents[i].EloCI95 = &e, &ci
		}
		r.Pairwise = meet.stats()
	}
	return r, nil
}

// meetings counts wins and draws between every ordered pair of agents:
// wins[i][j] is how often i's return beat j's, draws[i][j] how often they
// were equal (i < j only).
type meetings struct{ wins, draws [][]int }

func newMeetings(k int) meetings {
	m := meetings{wins: make([][]int, k), draws: make([][]int, k)}
	for i := range m.wins {
		m.wins[i], m.draws[i] = make([]int, k), make([]int, k)
	}
	return m
}

func (m meetings) add(i, j int, ri, rj float64) {
	switch {
	case i == j:
	case ri > rj:
		m.wins[i][j]++
	case ri < rj:
		m.wins[j][i]++
	default:
		m.draws[min(i, j)][max(i, j)]++
	}
}

func (m meetings) stats() []PairStats {
	var out []PairStats
	for i := range m.wins {
		for j := i + 1; j < len(m.wins); j++ {
			ps := PairStats{Agents: [2]int{i, j}, Wins: [2]int{m.wins[i][j], m.wins[j][i]}, Draws: m.draws[i][j]}
			ps.Games = ps.Wins[0] + ps.Wins[1] + ps.Draws
			if ps.Games == 0 {
				continue
			}
			ps.Score = [2]float64{rate(ps.Wins[0], ps.Draws, ps.Games), rate(ps.Wins[1], ps.Draws, ps.Games)}
			out = append(out, ps)
		}
	}
	return out
}

func rate(wins, draws, games int) float64 {
	if games == 0 {
		return 0
	}
	return (float64(wins) + float64(draws)/2) / float64(games)
}

// WriteTable writes the report as a table for people.
func (r *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "%s", r.Game)
	if len(r.Params) > 0 {
		fmt.Fprintf(w, " [%s]", r.Params)
	}
	fmt.Fprintf(w, ": %d games", r.Games)
	if r.Distinct > 0 {
		fmt.Fprintf(w, " (%d distinct)", r.Distinct)
	}
	fmt.Fprintf(w, ", %d seats, seed %d", r.Seats, r.Seed)
	if r.Opening > 0 {
		fmt.Fprintf(w, ", first %d decisions random", r.Opening)
	}
	if r.Planned > 0 {
		fmt.Fprintf(w, "; stopped early: %d of %d games played", r.Games, r.Planned)
		if r.Stopped > 0 {
			fmt.Fprintf(w, ", %d stopped in flight and not counted", r.Stopped)
		}
	}
	if !r.Balanced {
		fmt.Fprintf(w, " (seats NOT balanced: use a multiple of %d games)", len(r.Agents))
	}
	fmt.Fprintln(w)
	if t := r.Team; t != nil {
		fmt.Fprintf(w, "cooperative game, one result for the whole team: %d games, %d won, %d lost, %d drawn, team win rate %.3f, 95%% CI [%.3f, %.3f]\n",
			t.Games, t.Wins, t.Losses, t.Draws, t.WinRate, t.CI95[0], t.CI95[1])
		fmt.Fprintln(w, "(the rows below count a game once for every seat an agent held)")
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	header := "AGENT\tGAMES\tWINS\tLOSSES\tDRAWS\tWIN RATE\t95% CI\tSCORE (SD)"
	if r.Seats > 2 {
		header += "\tMEAN RANK [95% CI]"
	}
	if len(r.Agents) >= 3 {
		header += "\tELO\tELO 95% CI"
	}
	fmt.Fprintln(tw, header)
	for _, a := range r.Agents {
		line := fmt.Sprintf("%s\t%d\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]\t%.2f (%.2f)", a.Spec, a.Games, a.Wins, a.Losses, a.Draws, a.WinRate, a.CI95[0], a.CI95[1], a.MeanScore, a.ScoreStd)
		if r.Seats > 2 {
			if a.MeanRank != nil {
				line += fmt.Sprintf("\t%.2f [%.2f, %.2f]", *a.MeanRank, a.MeanRankCI95[0], a.MeanRankCI95[1])
			} else {
				line += "\t-"
			}
		}
		if a.Elo != nil {
			line += fmt.Sprintf("\t%+.0f\t[%+.0f, %+.0f]", *a.Elo, a.EloCI95[0], a.EloCI95[1])
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nwin rate by seat (games):")
	tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	cols := make([]string, r.Seats)
	for s := range cols {
		cols[s] = fmt.Sprintf("SEAT %d", s)
	}
	fmt.Fprintln(tw, "AGENT\t"+strings.Join(cols, "\t"))
	for _, a := range r.Agents {
		for s, ps := range a.PerSeat {
			if ps.Games == 0 {
				cols[s] = "-"
			} else {
				cols[s] = fmt.Sprintf("%.3f (%d)", ps.WinRate, ps.Games)
			}
		}
		fmt.Fprintln(tw, a.Spec+"\t"+strings.Join(cols, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return r.writePairwise(w)
}

// writePairwise writes who beat whom: the row agent's wins-losses-draws
// against the column agent and its score rate.
func (r *Report) writePairwise(w io.Writer) error {
	if len(r.Pairwise) == 0 {
		return nil
	}
	k := len(r.Agents)
	cells := make([][]string, k)
	for i := range cells {
		cells[i] = make([]string, k)
		for j := range cells[i] {
			cells[i][j] = "-"
		}
	}
	for _, p := range r.Pairwise {
		a, b := p.Agents[0], p.Agents[1]
		cells[a][b] = fmt.Sprintf("%d-%d-%d %.3f", p.Wins[0], p.Wins[1], p.Draws, p.Score[0])
		cells[b][a] = fmt.Sprintf("%d-%d-%d %.3f", p.Wins[1], p.Wins[0], p.Draws, p.Score[1])
	}
	fmt.Fprintln(w, "\nwho beat whom (row against column: wins-losses-draws, score rate):")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	head := make([]string, k)
	for j, a := range r.Agents {
		head[j] = a.Spec
	}
	fmt.Fprintln(tw, "AGENT\t"+strings.Join(head, "\t"))
	for i, a := range r.Agents {
		fmt.Fprintln(tw, a.Spec+"\t"+strings.Join(cells[i], "\t"))
	}
	return tw.Flush()
}
