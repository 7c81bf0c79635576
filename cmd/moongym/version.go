package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version, when set at build time with -ldflags "-X main.version=v1.2.3",
// replaces the module version of the build info.
var version string

func init() { root.AddCommand(newVersionCmd()) }

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of moongym, its commit and the Go it was built with",
		Long: `Print what the binary knows of its build (Go's build information): the
module version (a tag, a pseudo-version of the commit such as
v0.0.0-20261202015200-a605ddacf09c, "+dirty" for uncommitted changes, or
"(devel)"), the commit, its time and whether the working tree had
uncommitted changes, and the Go version and platform.

go build and go run in a git checkout record the commit; -buildvcs=false
(or a build outside the checkout) leaves it out, and the line says so.`,
		Example: "  moongym version",
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, _ []string) error { return runVersion(cmd.OutOrStdout()) },
	}
}

// runVersion prints the version line of this binary's build.
func runVersion(out io.Writer) error {
	info, ok := debug.ReadBuildInfo()
	_, err := fmt.Fprintln(out, versionLine(version, info, ok))
	return err
}

// versionLine describes a build: override (main.version) or the main
// module's version, the VCS revision, time and modified flag, and the Go
// version and platform.
func versionLine(override string, info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		info = &debug.BuildInfo{}
	}
	v := override
	if v == "" {
		v = info.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var commit string
	if rev := settings["vcs.revision"]; rev != "" {
		commit = "commit " + rev[:min(12, len(rev))]
		var notes []string
		if t := settings["vcs.time"]; t != "" {
			notes = append(notes, t)
		}
		switch settings["vcs.modified"] {
		case "true":
			notes = append(notes, "with uncommitted changes")
		case "false":
			notes = append(notes, "clean")
		}
		if len(notes) > 0 {
			commit += " (" + strings.Join(notes, ", ") + ")"
		}
	} else {
		commit = "commit unknown (built without version control information)"
	}
	goVersion := info.GoVersion
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	return fmt.Sprintf("moongym %s, %s, %s %s/%s", v, commit, goVersion, runtime.GOOS, runtime.GOARCH)
}
