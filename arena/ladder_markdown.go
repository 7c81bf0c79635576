package arena

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteMarkdown writes the ladder as Markdown: a line on how it was
// played, the ratings table (best first), how they were fitted, the agents
// left out, and who beat whom.
func (r *LadderReport) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	title := r.Game
	if len(r.Params) > 0 {
		title += " [" + r.Params.String() + "]"
	}
	fmt.Fprintf(&b, "## Ladder: %s\n\n", mdEscape(title))
	if r.Command != "" {
		fmt.Fprintf(&b, "`%s`\n\n", r.Command)
	}
	k := len(r.Agents)
	fmt.Fprintf(&b, "%d agents, %d pairs of %d games each, seats rotated: %d games", k, k*(k-1)/2, r.GamesPerPair, r.Games)
	if r.Distinct > 0 {
		fmt.Fprintf(&b, " (%d distinct)", r.Distinct)
	}
	fmt.Fprintf(&b, ", %d seats, seed %d", r.Seats, r.Seed)
	if r.Opening > 0 {
		fmt.Fprintf(&b, ", the first %d %s of every game random", r.Opening, map[bool]string{true: "decision", false: "decisions"}[r.Opening == 1])
	}
	if r.Seconds > 0 {
		d := time.Duration(r.Seconds * float64(time.Second))
		if d >= 10*time.Second {
			d = d.Round(time.Second)
		} else {
			d = d.Round(10 * time.Millisecond)
		}
		fmt.Fprintf(&b, ", played in %s", d)
	}
	if r.Planned > 0 {
		fmt.Fprintf(&b, "; stopped early: %d of %d games played", r.Games, r.Planned)
		if r.Stopped > 0 {
			fmt.Fprintf(&b, ", %d stopped in flight and not counted", r.Stopped)
		}
	}
	b.WriteString(".\n\n")
	b.WriteString("| rank | agent | Elo | 95% CI | games | wins | losses | draws | score |\n")
	b.WriteString("|---:|---|---:|---|---:|---:|---:|---:|---:|\n")
	for i, a := range r.Agents {
		fmt.Fprintf(&b, "| %d | %s | %+.0f | [%+.0f, %+.0f] | %d | %d | %d | %d | %.3f |\n",
			i+1, mdEscape(a.Spec), a.Elo, a.EloCI95[0], a.EloCI95[1], a.Games, a.Wins, a.Losses, a.Draws, a.Score)
	}
	fmt.Fprintf(&b, "\nElo: one Bradley-Terry fit over every pair's games, shifted so that %s is 0; "+
		"a 95%% interval is ±1.96 standard errors of the rating against the mean of all agents, moved with it. "+
		"Games, wins, losses and draws count pairs of seats held by the agent and an opponent; score is (wins + draws/2) / games.\n", mdEscape(r.Anchor))
	if r.Seats > 2 {
		fmt.Fprintf(&b, "In this %d-seat game the two agents of a pair fill the seats in turn (A B A B ..., then B A B A ...), "+
			"and every pair of seats they hold counts: ratings of two-agent tables, not of free-for-all games.\n", r.Seats)
	}
	if len(r.Skipped) > 0 {
		b.WriteString("\nNot in the ladder:\n\n")
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "- %s: %s\n", mdEscape(s.Spec), mdEscape(s.Reason))
		}
	}
	r.writeMarkdownPairs(&b)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMarkdownPairs writes who beat whom: the row agent's wins, losses
// and draws against the column agent, rows and columns best first.
func (r *LadderReport) writeMarkdownPairs(b *strings.Builder) {
	if len(r.Pairs) == 0 {
		return
	}
	k := len(r.Agents)
	at := make(map[string]int, k)
	for i, a := range r.Agents {
		at[a.Spec] = i
	}
	cells := make([][]string, k)
	for i := range cells {
		cells[i] = make([]string, k)
		cells[i][i] = "—"
	}
	for _, p := range r.Pairs {
		a, c := at[p.Agents[0]], at[p.Agents[1]]
		cells[a][c] = fmt.Sprintf("%d-%d-%d", p.Wins[0], p.Wins[1], p.Draws)
		cells[c][a] = fmt.Sprintf("%d-%d-%d", p.Wins[1], p.Wins[0], p.Draws)
	}
	b.WriteString("\n### Who beat whom\n\nRow against column: wins-losses-draws.\n\n|  |")
	for _, a := range r.Agents {
		b.WriteString(" " + mdEscape(a.Spec) + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", k) + "\n")
	for i, a := range r.Agents {
		b.WriteString("| " + mdEscape(a.Spec) + " |")
		for _, c := range cells[i] {
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
}

// mdEscape keeps s from breaking a Markdown table.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
