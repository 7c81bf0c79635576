package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/distributed"
)

func init() {
	var (
		n        natsFlags
		games    int
		threads  int
		ackWait  time.Duration
		interval time.Duration
		quiet    bool
	)
	cmd := &cobra.Command{
		Use:   "worker --nats URL [--games G] [--threads N]",
		Short: "Play the games of distributed tournaments and training runs",
		Long: `Take games from the work queue of the NATS server at --nats, play them
(--threads at a time) and publish their results: tournament games queued by
"moongym arena --nats", and self-play and evaluation games queued by
"moongym train --nats", with the learner's networks fetched from the server
(nothing to give here for them). Run one per machine
with --threads set to its cores, or several; they share the work.

Every game is acknowledged once its result is stored. A worker that dies
mid-game has its game given to another after the ack wait (--ack-wait, a
setting of the shared queue, set by the first client and changed by a worker
given --ack-wait; the default is a minute); a game
played twice is counted once (each result has a message id per game). The
first Ctrl-C or SIGTERM finishes the games in hand and stops; the worker's
games/s are printed every --every and at the end.`,
		Example: `  moongym worker --nats nats://learner.lan:4222 --threads 8
  moongym worker --nats tls://nats.example.org --nats-creds ~/moongym.creds --games 1000`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if n.url == "" {
				return fmt.Errorf("%w: --nats URL is required", distributed.ErrNATS)
			}
			if interval <= 0 || threads < 1 || games < 0 {
				return fmt.Errorf("worker: --every %v, --threads %d, --games %d: want a positive duration, at least 1 thread and games >= 0", interval, threads, games)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			var lim distributed.Limits
			if cmd.Flags().Changed("ack-wait") {
				lim.AckWait = ackWait
			}
			c, err := distributed.Dial(ctx, n.url, n.creds, "moongym worker", lim)
			if err != nil {
				return err
			}
			defer c.Close()
			var done atomic.Int64
			w := &distributed.Worker{JS: c.JS, Consumer: c.Work, Threads: threads, Games: games,
				Logf:   logTo(cmd.ErrOrStderr()),
				OnGame: func(d int) { done.Store(int64(d)) }}
			start := time.Now()
			report := func() {
				d := done.Load()
				fmt.Fprintf(cmd.ErrOrStderr(), "worker: %d games in %.0fs, %.2f games/s\n", d, time.Since(start).Seconds(), float64(d)/time.Since(start).Seconds())
			}
			finished, reported := make(chan struct{}), make(chan struct{})
			ticker := time.NewTicker(interval)
			go func() {
				defer close(reported)
				defer ticker.Stop()
				for {
					select {
					case <-finished:
						return
					case <-ticker.C:
						if !quiet {
							report()
						}
					}
				}
			}()
			err = w.Run(ctx)
			close(finished)
			<-reported
			report()
			return err
		},
	}
	f := cmd.Flags()
	n.add(f, "play games")
	f.IntVar(&games, "games", 0, "stop after this many games (0: run until stopped)")
	f.IntVar(&threads, "threads", runtime.GOMAXPROCS(0), "games played at once")
	f.DurationVar(&ackWait, "ack-wait", time.Minute, "how long a silent worker keeps a game before it goes to another (a setting of the shared queue, applied when given)")
	f.DurationVar(&interval, "every", 10*time.Second, "print games/s this often")
	f.BoolVar(&quiet, "quiet", false, "print games/s only at the end")
	root.AddCommand(cmd)
}
