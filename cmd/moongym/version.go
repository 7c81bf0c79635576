package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

func init() {
	root.AddCommand(&cobra.Command{
		Use:     "version",
		Short:   "Print the version of moongym and of Go it was built with",
		Example: "  moongym version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			goVersion := "unknown"
			if info, ok := debug.ReadBuildInfo(); ok {
				goVersion = info.GoVersion
			}
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "moongym %s (%s)\n", version, goVersion)
			return err
		},
	})
}
