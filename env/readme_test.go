package env_test

import (
	"bytes"
	"os"
	"testing"
)

// TestReadmeSnippet: the README's Go snippet is Example_readme, verbatim
// (its imports and function), so the snippet the README shows compiles and
// runs as the tests run it.
func TestReadmeSnippet(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("readme_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte("import ("))
	if i < 0 {
		t.Fatal("readme_example_test.go has no import block")
	}
	want := append(append([]byte("```go\n"), src[i:]...), "```\n"...)
	if !bytes.Contains(readme, want) {
		t.Errorf("README.md does not quote Example_readme verbatim; its Go block should be:\n%s", want)
	}
}
