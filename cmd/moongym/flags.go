package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"
)

// flagDef describes a flag bound to a typed variable: its name, the
// variable (whose value when the flag is bound is its default) and its
// usage. A list of them is a command's one description of a group of
// flags: bindFlags defines them (the usage is their help), changedFlags
// tells which of them were given.
type flagDef struct {
	name string
	// value points at the variable: *int, *int64, *uint64, *float64,
	// *string, *[]string (a repeatable flag), *bool or *time.Duration.
	value any
	usage string
}

// bindFlags defines the flags of defs on fs, each bound to its variable
// with the variable's value as its default.
func bindFlags(fs *pflag.FlagSet, defs []flagDef) {
	for _, d := range defs {
		switch p := d.value.(type) {
		case *int:
			fs.IntVar(p, d.name, *p, d.usage)
		case *int64:
			fs.Int64Var(p, d.name, *p, d.usage)
		case *uint64:
			fs.Uint64Var(p, d.name, *p, d.usage)
		case *float64:
			fs.Float64Var(p, d.name, *p, d.usage)
		case *string:
			fs.StringVar(p, d.name, *p, d.usage)
		case *[]string:
			fs.StringArrayVar(p, d.name, *p, d.usage)
		case *bool:
			fs.BoolVar(p, d.name, *p, d.usage)
		case *time.Duration:
			fs.DurationVar(p, d.name, *p, d.usage)
		default:
			panic(fmt.Sprintf("flag --%s bound to a %T", d.name, d.value))
		}
	}
}

// changedFlags lists, in defs' order, the names of the flags of defs given
// on the command line.
func changedFlags(fs *pflag.FlagSet, defs []flagDef) []string {
	var names []string
	for _, d := range defs {
		if fs.Changed(d.name) {
			names = append(names, d.name)
		}
	}
	return names
}
