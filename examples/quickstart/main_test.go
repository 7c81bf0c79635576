package main

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// TestQuickstart runs the program and checks what it prints.
func TestQuickstart(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	func() {
		defer func() { os.Stdout = stdout }()
		main()
	}()
	w.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := "p0 to act, 9 legal actions\nrewards [1 -1] scores [1 -1]\n"; string(out) != want {
		t.Errorf("output %q, want %q", out, want)
	}
}

// TestReadmeQuotesQuickstart: the README's Go example is this program,
// whole and verbatim, so that what a reader copies compiles and runs as
// this test runs it; and the README says how to use the module from a
// module of one's own (a replace directive or a workspace), since the
// module path serves nothing to go get.
func TestReadmeQuotesQuickstart(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]byte("```go\n"), src...), "```\n"...)
	if !bytes.Contains(readme, want) {
		t.Errorf("README.md does not quote examples/quickstart/main.go whole; its Go block should be:\n%s", want)
	}
	for _, cmd := range []string{
		"go mod edit -require=github.com/moongym/moongym@v0.0.0 -replace=github.com/moongym/moongym=../moongym\n",
		"cp ../moongym/examples/quickstart/main.go .\n",
		"go work init . ../moongym\n",
		"go run ./examples/quickstart",
	} {
		if !bytes.Contains(readme, []byte(cmd)) {
			t.Errorf("README.md does not say %q", cmd)
		}
	}
}
