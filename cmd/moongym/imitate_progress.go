package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/moongym/moongym/training"
)

// imitateWithProgress runs the imitation ic into t (training.RunImitation)
// with progress bars on w: the games played, then the learning steps.
// every is the most time between two saves; parallel the games played at
// once.
func imitateWithProgress(ctx context.Context, w io.Writer, t *training.Trainer, ic training.ImitateConfig,
	quiet bool, every time.Duration, parallel int) (training.ImitateStats, error) {
	newBar := func(max int, desc string) *progressbar.ProgressBar {
		return progressbar.NewOptions(max,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetVisibility(!quiet),
			progressbar.OptionClearOnFinish(),
		)
	}
	what := "imitating: heuristic games"
	if ic.Expert {
		what = "imitating: expert games"
	}
	if ic.Teacher != "" {
		what = "imitating: games, searched labels"
	}
	if ic.Follow > 0 {
		what += fmt.Sprintf(" (DAgger: %v played by %s)", ic.Follow, filepath.Base(ic.FollowModel))
	}
	games := newBar(ic.Games, what)
	var learning *progressbar.ProgressBar
	st, err := training.RunImitation(ctx, t, ic, training.ImitateHooks{
		Games: func(done, _ int) { _ = games.Set(done) },
		Steps: func(done, total int) {
			if learning == nil {
				_ = games.Finish()
				learning = newBar(total, "imitating: learning")
			}
			_ = learning.Set(done)
		},
		SaveEvery: every,
		Parallel:  parallel,
	})
	_ = games.Finish()
	if learning != nil {
		_ = learning.Finish()
	}
	return st, err
}

// imitationSummary writes what an imitation did: its teacher, positions,
// games, steps and last losses, and the held-out loss where it had one.
func imitationSummary(w io.Writer, name, out string, ic training.ImitateConfig, st training.ImitateStats) {
	teacher := "the heuristic"
	if ic.Expert {
		teacher = "the expert player"
	}
	if ic.Teacher != "" {
		teacher = fmt.Sprintf("%s searched with %d simulations", ic.Teacher, ic.TeacherSims)
	}
	if ic.Follow > 0 {
		teacher += fmt.Sprintf(" (DAgger: %v of the games played by %s)", ic.Follow, ic.FollowModel)
	}
	fmt.Fprintf(w, "%s: imitated %s on %d positions of %d games in %d steps; last loss %s (policy %s, value %s); run in %s\n",
		name, teacher, st.Positions, st.Games, st.Steps, fmtLoss(st.Losses.Total), fmtLoss(st.Losses.Policy), fmtLoss(st.Losses.Value), out)
	if st.HeldOutPositions > 0 {
		fmt.Fprintf(w, "held-out loss %s (policy %s, value %s) on %d positions of %d games played apart; curve in %s\n",
			fmtLoss(st.HeldOut.Total), fmtLoss(st.HeldOut.Policy), fmtLoss(st.HeldOut.Value), st.HeldOutPositions, ic.HoldOut,
			filepath.Join(out, training.ImitationCSVFile))
	}
}
