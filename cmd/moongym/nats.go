package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/distributed"
	"github.com/moongym/moongym/training"
)

func init() { root.AddCommand(newNatsCmd()) }

// natsOptions are the nats command's flags.
type natsOptions struct {
	addr, store  string
	public, logs bool
}

func newNatsCmd() *cobra.Command {
	var o natsOptions
	cmd := &cobra.Command{
		Use:   "nats --store DIR [--addr 127.0.0.1:4222]",
		Short: "Run an embedded NATS server with JetStream for distributed arena and training",
		Long: `Run a NATS server with JetStream in this process, for users who have none, until
Ctrl-C or SIGTERM: "moongym arena --nats URL", "moongym train --nats URL",
"moongym imitate --nats URL" and "moongym worker --nats URL" meet there.
Streams live in --store and survive a restart. The server listens on a
loopback address unless --public is given: it has no authentication of its
own, so anything else is for a trusted network (or use a NATS server of your
own with credentials and TLS; see docs/distributed.md).`,
		Example: `  moongym nats --store /var/lib/moongym-nats
  moongym nats --addr 0.0.0.0:4222 --public --store /srv/nats   # trusted network only`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runNats(cmd, o) },
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:4222", "host:port to listen on (loopback unless --public; port 0 picks one)")
	f.StringVar(&o.store, "store", "", "JetStream storage directory")
	f.BoolVar(&o.public, "public", false, "allow a non-loopback --addr")
	f.BoolVar(&o.logs, "logs", false, "print the server's log")
	return cmd
}

// runNats serves until Ctrl-C or SIGTERM.
func runNats(cmd *cobra.Command, o natsOptions) error {
	if o.store == "" {
		return fmt.Errorf("%w: --store DIR is required", distributed.ErrServer)
	}
	srv, err := distributed.StartServer(distributed.ServerConfig{Addr: o.addr, Public: o.public, StoreDir: o.store, Logs: o.logs})
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	fmt.Fprintf(cmd.OutOrStdout(), "nats server with JetStream at %s, store %s (Ctrl-C stops it)\n", srv.URL(), o.store)
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	fmt.Fprintln(cmd.ErrOrStderr(), "nats server stopping")
	return nil
}

// natsFlags are the client options of the commands that can use NATS.
type natsFlags struct {
	url, creds string
}

func (n *natsFlags) add(f *pflag.FlagSet, what string) {
	f.StringVar(&n.url, "nats", "", what+" over the workers of this NATS server (nats://host:port, tls://..., user:pass@host forms); empty: in this process")
	f.StringVar(&n.creds, "nats-creds", "", "NATS credentials file (with --nats)")
}

// connect connects and sets the streams up; close closes the connection.
func (n *natsFlags) connect(ctx context.Context, name string) (*distributed.Client, error) {
	return distributed.Dial(ctx, n.url, n.creds, name, distributed.Limits{})
}

// natsArena plays a tournament over the workers.
func natsArena(ctx context.Context, n *natsFlags, cfg arena.Config, log io.Writer) ([]arena.GameResult, error) {
	c, err := n.connect(ctx, "moongym arena")
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return distributed.RunArena(ctx, c.JS, cfg, distributed.ArenaOptions{Logf: logTo(log)})
}

// natsSource makes t gather its self-play, evaluation and imitation games
// from the workers, the run named after its directory; the returned
// function closes the connection.
func natsSource(ctx context.Context, n *natsFlags, t *training.Trainer, dir string, log io.Writer) (func(), error) {
	c, err := n.connect(ctx, "moongym train")
	if err != nil {
		return nil, err
	}
	src := &distributed.Source{Ctx: ctx, JS: c.JS, Game: t.Game, Cfg: t.Cfg, Run: runName(dir),
		Logf: logTo(log), OnGame: func(done, total int) {
			if t.GameProgress != nil {
				t.GameProgress(done, total)
			}
		}}
	t.Source, t.Matches, t.Imitations = src, src, src
	return c.Close, nil
}

var notRunChar = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// runName is a run's name on NATS: its directory's base name, reduced to
// a subject token.
func runName(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	name := strings.Trim(notRunChar.ReplaceAllString(filepath.Base(abs), "_"), "_")
	if name == "" {
		name = "run"
	}
	return name[:min(len(name), 64)]
}

func logTo(w io.Writer) func(string, ...any) {
	return func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
}
