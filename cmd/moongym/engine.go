package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/spf13/cobra"

	"github.com/moongym/moongym/seat"
)

func init() { root.AddCommand(newEngineCmd()) }

func newEngineCmd() *cobra.Command {
	var limits seat.Limits
	cmd := &cobra.Command{
		Use:   "engine",
		Short: "Speak the AI-seat protocol as JSON lines over stdin and stdout",
		Long: `Run the AI-seat protocol for a front end that starts moongym as a child
process, the way chess front ends start a UCI engine: write one JSON request a
line to stdin, read one JSON response a line from stdout, in order. The
operations are those of "moongym serve" ({"op":"help"} lists them); every
response echoes the request's "id". Logs go to stderr. The engine ends at the
end of input or on {"op":"quit"}. See docs/protocol.md.

The process that starts the engine is its one client and owns every session:
by default (--open) no token is checked, though starts still return them. A
front end that relays its players' lines to the engine should run it with
--open=false and send each player's lines with that player's "token".`,
		Example: `  echo '{"op":"help"}' | moongym engine
  printf '%s\n' '{"op":"start","session":"g","game":"tictactoe","seats":["human","heuristic"]}' \
    '{"op":"move","session":"g","move":"b2","ai":true}' | moongym engine`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEngine(cmd, limits) },
	}
	addLimitFlags(cmd, &limits, true)
	return cmd
}

// runEngine speaks the protocol over stdin and stdout until the end of
// input or a quit.
func runEngine(cmd *cobra.Command, limits seat.Limits) error {
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
	sv := seat.NewService(limits, log)
	// No signal handling: the engine is blocked reading stdin most of the
	// time, and an interrupt should end it at once.
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	go sv.Janitor(ctx, time.Minute)
	return seat.ServeLines(ctx, sv, cmd.InOrStdin(), cmd.OutOrStdout())
}
