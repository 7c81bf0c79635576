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

func init() { root.AddCommand(newWorkerCmd()) }

// workerOptions are the worker command's flags.
type workerOptions struct {
	nats              natsFlags
	games, threads    int
	ackWait, interval time.Duration
	quiet             bool
}

func newWorkerCmd() *cobra.Command {
	var o workerOptions
	cmd := &cobra.Command{
		Use:   "worker --nats URL [--games G] [--threads N]",
		Short: "Play the games of distributed tournaments and training runs",
		Long: `Take games from the work queue of the NATS server at --nats, play them
(--threads at a time) and publish their results: tournament games queued by
"moongym arena --nats", and imitation, self-play and evaluation games queued
by "moongym train --nats" and "moongym imitate --nats", with the learner's networks fetched from the server
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
		RunE: func(cmd *cobra.Command, _ []string) error { return runWorker(cmd, &o) },
	}
	f := cmd.Flags()
	o.nats.add(f, "play games")
	f.IntVar(&o.games, "games", 0, "stop after this many games (0: run until stopped)")
	f.IntVar(&o.threads, "threads", runtime.GOMAXPROCS(0), "games played at once")
	f.DurationVar(&o.ackWait, "ack-wait", time.Minute, "how long a silent worker keeps a game before it goes to another (a setting of the shared queue, applied when given)")
	f.DurationVar(&o.interval, "every", 10*time.Second, "print games/s this often")
	f.BoolVar(&o.quiet, "quiet", false, "print games/s only at the end")
	return cmd
}

// runWorker plays the queued games until Ctrl-C, SIGTERM or o.games,
// printing its speed every o.interval (unless quiet) and at the end.
func runWorker(cmd *cobra.Command, o *workerOptions) error {
	if o.nats.url == "" {
		return fmt.Errorf("%w: --nats URL is required", distributed.ErrNATS)
	}
	if o.interval <= 0 || o.threads < 1 || o.games < 0 {
		return fmt.Errorf("worker: --every %v, --threads %d, --games %d: want a positive duration, at least 1 thread and games >= 0", o.interval, o.threads, o.games)
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var lim distributed.Limits
	if cmd.Flags().Changed("ack-wait") {
		lim.AckWait = o.ackWait
	}
	c, err := distributed.Dial(ctx, o.nats.url, o.nats.creds, "moongym worker", lim)
	if err != nil {
		return err
	}
	defer c.Close()
	var done atomic.Int64
	w := &distributed.Worker{JS: c.JS, Consumer: c.Work, Threads: o.threads, Games: o.games,
		Logf:   logTo(cmd.ErrOrStderr()),
		OnGame: func(d int) { done.Store(int64(d)) }}
	start := time.Now()
	report := func() {
		d := done.Load()
		fmt.Fprintf(cmd.ErrOrStderr(), "worker: %d games in %.0fs, %.2f games/s\n", d, time.Since(start).Seconds(), float64(d)/time.Since(start).Seconds())
	}
	finished, reported := make(chan struct{}), make(chan struct{})
	ticker := time.NewTicker(o.interval)
	go func() {
		defer close(reported)
		defer ticker.Stop()
		for {
			select {
			case <-finished:
				return
			case <-ticker.C:
				if !o.quiet {
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
}
