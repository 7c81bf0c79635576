package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionLine: "moongym version" reads the build info: the module
// version, the commit (shortened), its time, the dirty flag and the Go
// version; -X main.version overrides the module version.
func TestVersionLine(t *testing.T) {
	info := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/moongym/moongym", Version: "v0.0.0-20261202015200-a605ddacf09c+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "a605ddacf09c592d239e6dc794f9d2eba744d5d4"},
			{Key: "vcs.time", Value: "2026-12-02T01:52:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	platform := runtime.GOOS + "/" + runtime.GOARCH
	for _, c := range []struct {
		override string
		info     *debug.BuildInfo
		want     string
	}{
		{"", info, "moongym v0.0.0-20261202015200-a605ddacf09c+dirty, commit a605ddacf09c (2026-12-02T01:52:00Z, with uncommitted changes), go1.26.8 " + platform},
		{"v1.2.3", info, "moongym v1.2.3, commit a605ddacf09c (2026-12-02T01:52:00Z, with uncommitted changes), go1.26.8 " + platform},
		{"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.0.0"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			"moongym v1.0.0, commit abc (clean), go1.26.8 " + platform},
		{"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"moongym (devel), commit unknown (built without version control information), go1.26.8 " + platform},
	} {
		if got := versionLine(c.override, c.info, true); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
	if got := versionLine("", nil, false); !strings.Contains(got, runtime.Version()) {
		t.Errorf("without build info: %q", got)
	}
}

// TestVersionCommand: the command prints the build's Go version and never
// the old placeholder "dev".
func TestVersionCommand(t *testing.T) {
	out, err := run(t, "", "version")
	if err != nil || !strings.Contains(out, runtime.Version()) || regexp.MustCompile(`\bdev\b`).MatchString(out) {
		t.Fatalf("%v: %q", err, out)
	}
}

// TestExportSummary: the summary names the game without a stray space
// ("tictactoe , kind=..." before), and a game's parameters in brackets.
func TestExportSummary(t *testing.T) {
	dir := t.TempDir()
	_, src := savedModel(t, dir, "m.safetensors", nil)
	out, err := run(t, "", "export", src, "--out", filepath.Join(dir, "copy.safetensors"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(out, " ,") || !strings.Contains(out, "F32): tictactoe, kind=") {
		t.Errorf("summary %q", out)
	}
}

// TestOutputsUnderIgnoredFolders: the files the README's commands and the
// commands' examples write (--record, --json, --records, --out, --gif,
// --svg) go under out/ or runs/, which .gitignore keeps out of the
// repository, never into the directory a user runs them from; and the
// commands create those folders.
func TestOutputsUnderIgnoredFolders(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{"README.md": string(readme)}
	for _, c := range root.Commands() {
		texts["moongym "+c.Name()+" examples"] = c.Example
	}
	flag := regexp.MustCompile(`--(record|records|json|out|gif|svg)[ =]([^\s'"` + "`" + `]+)`)
	found := 0
	for where, text := range texts {
		for _, m := range flag.FindAllStringSubmatch(text, -1) {
			if m[1] == "json" && !strings.ContainsAny(m[2], "./") {
				continue // a flag's own name in prose
			}
			found++
			if !strings.HasPrefix(m[2], "out/") && !strings.HasPrefix(m[2], "runs/") {
				t.Errorf("%s: --%s %s writes outside out/ and runs/", where, m[1], m[2])
			}
		}
	}
	if found < 5 {
		t.Fatalf("found %d output flags: the pattern no longer matches the docs", found)
	}
	gitignore, err := os.ReadFile(filepath.Join("..", "..", ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"/out/", "/runs/"} {
		if !strings.Contains(string(gitignore), dir+"\n") {
			t.Errorf(".gitignore does not ignore %s", dir)
		}
	}
	// A record written into a folder that does not exist yet.
	dir := t.TempDir()
	rec := filepath.Join(dir, "out", "game.json")
	if out, err := run(t, "", "play", "tictactoe", "--seats", "random,random", "--seed", "3", "--record", rec); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	js := filepath.Join(dir, "out2", "result.json")
	if out, err := run(t, "", "arena", "tictactoe", "--agents", "random,random", "--games", "2", "--quiet", "--json", js, "--records", filepath.Join(dir, "out3", "games.jsonl")); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, f := range []string{rec, js, filepath.Join(dir, "out3", "games.jsonl")} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}
}
