// Command lab runs the measurements behind figures in docs/: what the
// heuristics score, how an imitation agrees with the heuristic it learned
// from, which weights a heuristic plays best with. They are experiments, not
// tests of the product: they print numbers and judge nothing.
//
//	go run ./cmd/lab                        lists the experiments
//	go run ./cmd/lab EXPERIMENT [flags]     runs one, its results on stdout
//	go run ./cmd/lab EXPERIMENT -h          its flags
//
// Every experiment lives in a file of its own: a function that defines its
// flags on the FlagSet it is handed, parses its arguments and writes its
// results. Every random draw is seeded, so a run repeats exactly. lab_test.go
// runs each of them on a few games, so that none of them rots.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/moongym/moongym/agents/all"
)

// experiment is one measurement: its name on the command line, a line
// saying what it measures, and the function that runs it with args (the
// arguments after its name) parsed by fs, writing its results to out.
type experiment struct {
	name string
	doc  string
	run  func(fs *flag.FlagSet, args []string, out io.Writer) error
}

// experiments are the experiments, in the order of the listing.
func experiments() []experiment {
	return []experiment{
		{"welcome-moon-measure", "welcome-moon heuristic against random (2 players) and solo against ASTRA, per adventure", welcomeMoonMeasure},
		{"welcome-moon-decisions", "welcome-moon adventure 1, 2 players: decisions by kind, agreement with a second heuristic or a network, what predicts the result", welcomeMoonDecisions},
		{"welcome-moon-solo", "welcome-moon solo against ASTRA: decisions by kind, agreement, hybrids of the heuristic and a network", welcomeMoonSolo},
		{"march-mars-imitation", "march-mars imitation model against the heuristic team: agreement by kind, hybrid teams, the value head", marchMarsImitation},
		{"walking-moon-imitation", "walking-moon imitation model against the heuristic: agreement by kind, hybrids, the value head", walkingMoonImitation},
		{"planet-cubes-tune", "planet-cubes heuristic weight variants against the default weights", planetCubesTune},
	}
}

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
	default:
		fmt.Fprintln(os.Stderr, "lab:", err)
		os.Exit(1)
	}
}

// run runs the experiment named by args[0] with the rest of args as its
// flags, or lists the experiments on out when args is empty (or asks for
// help). Usage and flag errors go to errOut.
func run(args []string, out, errOut io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		return list(out)
	}
	for _, e := range experiments() {
		if e.name != args[0] {
			continue
		}
		fs := flag.NewFlagSet(e.name, flag.ContinueOnError)
		fs.SetOutput(errOut)
		fs.Usage = func() {
			fmt.Fprintf(fs.Output(), "usage: go run ./cmd/lab %s [flags]\n%s\n", e.name, e.doc)
			fs.PrintDefaults()
		}
		if err := e.run(fs, args[1:], out); err != nil {
			return fmt.Errorf("%s: %w", e.name, err)
		}
		return nil
	}
	return fmt.Errorf("unknown experiment %q (one of: %s)", args[0], strings.Join(names(), ", "))
}

// list writes one line per experiment: its name and what it measures.
func list(out io.Writer) error {
	p := &printer{w: out}
	p.line("usage: go run ./cmd/lab EXPERIMENT [flags]   (EXPERIMENT -h lists its flags)")
	p.line("experiments:")
	for _, e := range experiments() {
		p.line("  %-24s %s", e.name, e.doc)
	}
	return p.done()
}

// names are the experiments' names.
func names() []string {
	var ns []string
	for _, e := range experiments() {
		ns = append(ns, e.name)
	}
	return ns
}

// parseFlags parses args with fs and refuses arguments left after the flags.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err // flag.ErrHelp, or a bad flag already reported with the usage
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (flags only; -h lists them)", fs.Args())
	}
	return nil
}

// atLeast refuses a flag's value below lo.
func atLeast(name string, v, lo int) error {
	if v < lo {
		return fmt.Errorf("-%s %d: must be at least %d", name, v, lo)
	}
	return nil
}

// printer writes lines to w and keeps the first write error.
type printer struct {
	w   io.Writer
	err error
}

// line writes one line, format filled with args, if nothing failed before.
func (p *printer) line(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format+"\n", args...)
	}
}

// done is the first write error, wrapped, or nil.
func (p *printer) done() error {
	if p.err != nil {
		return fmt.Errorf("writing the results: %w", p.err)
	}
	return nil
}
