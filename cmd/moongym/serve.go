package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/seat"
	"github.com/moongym/moongym/seat/web"
)

// addLimitFlags adds the flags of seat.Limits to a command; open is the
// default of --open.
func addLimitFlags(cmd *cobra.Command, l *seat.Limits, open bool) {
	d := seat.DefaultLimits()
	f := cmd.Flags()
	f.Int64Var(&l.MaxBodyBytes, "max-body", d.MaxBodyBytes, "largest request body (HTTP) or line (stdio) in bytes")
	f.IntVar(&l.MaxSims, "max-sims", d.MaxSims, "largest search budget: the sims option of any agent spec")
	f.IntVar(&l.MaxTop, "max-top", d.MaxTop, "most moves an analyze answer lists (its top field is cut to this)")
	f.DurationVar(&l.RequestTimeout, "timeout", d.RequestTimeout, "longest time one request may take")
	f.IntVar(&l.MaxSessions, "max-sessions", d.MaxSessions, "most sessions kept at once")
	f.DurationVar(&l.IdleTimeout, "idle", d.IdleTimeout, "a session unused this long is deleted")
	f.StringSliceVar(&l.Agents, "agents", nil, "agent names offered (default: every registered agent)")
	f.BoolVar(&l.AllowFiles, "allow-files", false, "let clients name files on this machine (board=FILE, scenario=FILE, data=FILE, sheet=FILE, model=FILE)")
	f.BoolVar(&l.Open, "open", open, "check no tokens: every client may read every seat's cards, move for every seat and delete every session (a trusted front end that is the only client)")
	f.IntVar(&l.MaxClientSessions, "max-client-sessions", d.MaxClientSessions, "most sessions one client (HTTP: one remote address) keeps at once")
	f.IntVar(&l.MaxCacheMiB, "max-cache", d.MaxCacheMiB, "largest evaluation cache of an AI seat played with a network, in MiB (its cache option; given to those that set none)")
	f.IntVar(&l.MaxModelSeats, "max-model-seats", d.MaxModelSeats, "most AI seats played with a network in all the sessions kept")
	f.IntVar(&l.MaxSearches, "max-searches", d.MaxSearches, "most AI moves and best requests computed at once (default: the number of cores); more wait a second, then get busy")
}

func init() { root.AddCommand(newServeCmd()) }

func newServeCmd() *cobra.Command {
	var addr string
	var limits seat.Limits
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve AI seats to front ends over HTTP/JSON",
		Long: `Serve the moongym games and agents over an HTTP/JSON API, so that a front end
written by someone else (a web table, a bot, a board-game app) can give any seat
to an AI: start a session with some seats human and some played by an agent
spec, send the human moves, ask the AI to play, read the state; or ask,
statelessly, for the best move in a position.

A browser at http://127.0.0.1:8080/ gets moongym's own page, a client of that
API: choose a game, its parameters and who plays each seat, then play, watch
agents play, or replay a record (docs/web.md).

The operations, requests, responses and error codes are in docs/protocol.md, and
GET /v1/help lists them. Each session's human seats are opened by tokens that
its start returns (one a seat, one for its creator), so a client reads and plays
only the seats it was given; pages of other web origins are refused
(--allow-origin lets a front end's origin in), and so are Host names other than
loopback and IP addresses (--allow-host), which stops DNS rebinding. The server
binds to 127.0.0.1 by default and has no user accounts: put it behind a proxy
that authenticates before you expose it. docs/protocol.md's "Security" section
says what it promises.`,
		Example: `  moongym serve
  moongym serve --addr 127.0.0.1:9000 --max-sims 2000 --timeout 10s
  curl -s localhost:8080/v1/sessions --json '{"game":"tictactoe","seats":["human","heuristic"]}'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, addr, limits) },
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	cmd.Flags().StringSliceVar(&limits.AllowOrigins, "allow-origin", nil, "web origins (scheme://host:port) whose pages may call the API, e.g. http://localhost:3000")
	cmd.Flags().StringSliceVar(&limits.AllowHosts, "allow-host", nil, "host names besides loopback and IP addresses that requests may name (the name a proxy or the LAN uses)")
	addLimitFlags(cmd, &limits, false)
	return cmd
}

// runServe serves the API and the web page on addr until Ctrl-C or
// SIGTERM, then shuts the server down (waiting up to 5 s for requests in
// flight).
func runServe(cmd *cobra.Command, addr string, limits seat.Limits) error {
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" && net.ParseIP(host) == nil {
		limits.AllowHosts = append(slices.Clip(limits.AllowHosts), host) // the name it listens on
	}
	sv := seat.NewService(limits, log)
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           web.Handler(sv, seat.NewHandler(sv)),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       sv.Limits().RequestTimeout + 10*time.Second,
		WriteTimeout:      sv.Limits().RequestTimeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	go sv.Janitor(ctx, time.Minute)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	fmt.Fprintf(cmd.ErrOrStderr(), "moongym serving on http://%s (GET /v1/help lists the operations)\n", ln.Addr())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
