package models_test

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moongym/moongym/internal/safefile"
	"github.com/moongym/moongym/internal/safefile/safefiletest"
	"github.com/moongym/moongym/models"
)

// A secret that looks like /etc/shadow's first line.
const secret = "root:$6$SECRETHASH$Zx9Qw:19000:0:99999:7:::"

// loadWithin loads path, failing the test if that takes more than a few
// seconds (a FIFO, an endless file).
func loadWithin(t *testing.T, path string) (*models.Model, error) {
	t.Helper()
	type result struct {
		m   *models.Model
		err error
	}
	done := make(chan result, 1)
	go func() { m, err := models.Load(path); done <- result{m, err} }()
	select {
	case r := <-done:
		return r.m, r.err
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: still loading after 10 s", path)
		return nil, nil
	}
}

// TestLoadQuotesNoContent: a file that is no model (a secret on its first
// line) or a model file with a secret where a value belongs gives an error
// that wraps ErrBadModel and names the file, but quotes none of it.
func TestLoadQuotesNoContent(t *testing.T) {
	good := encode(t, testModel(t, 0))
	n := binary.LittleEndian.Uint64(good)
	header := string(good[8 : 8+n])
	withHeader := func(h string) string {
		for len(h)%8 != 0 {
			h += " "
		}
		out := binary.LittleEndian.AppendUint64(nil, uint64(len(h)))
		out = append(out, h...)
		return string(append(out, good[8+n:]...))
	}
	edit := func(re, with string) string {
		r := regexp.MustCompile(re)
		if !r.MatchString(header) {
			t.Fatalf("no %s in the header", re)
		}
		return withHeader(r.ReplaceAllLiteralString(header, with))
	}
	// The first 8 bytes of the secret, read as the header's length.
	asLength := strconv.FormatUint(binary.LittleEndian.Uint64([]byte(secret)), 10)
	leaks := []string{"SECRETHASH", "$6$", "Zx9Qw", "99999", "123456789012", asLength}
	cases := map[string]string{
		"the first line":    secret + "\ndaemon:*:19000:0:99999:7:::\n",
		"the header":        withHeader(secret),
		"the header's end":  withHeader(header[:len(header)-1] + secret),
		"a header key":      withHeader(strings.Replace(header, `"__metadata__"`, `"`+secret+`"`, 1)),
		"the format":        withHeader(strings.Replace(header, models.FormatVersion, secret, 1)),
		"a dtype":           edit(`"F32"`, `"`+secret+`"`),
		"an arch kind":      edit(`\\"kind\\":\\"[a-z]+\\"`, `\"kind\":\"`+secret+`\"`),
		"an arch field":     edit(`\\"width\\":`, `\"`+secret+`\":1,\"width\":`),
		"an arch number":    edit(`\\"width\\":[0-9]+`, `\"width\":123456789012`),
		"a params value":    edit(`\\"players\\":\\"3\\"`, `\"players\":99999`),
		"a shape":           edit(`"shape":\[[0-9]+,`, `"shape":[99999,`),
		"a tensor's offset": edit(`"data_offsets":\[0,`, `"data_offsets":[99999,`),
	}
	dir := t.TempDir()
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
			if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := loadWithin(t, path)
			if !errors.Is(err, models.ErrBadModel) && !errors.Is(err, models.ErrBadArch) {
				t.Fatalf("got %v, want ErrBadModel", err)
			}
			safefiletest.Quiet(t, err, path, leaks)
			t.Log(err)
		})
	}
}

// TestLoadRegularAndSmall: Load refuses at once, with ErrBadModel and
// safefile.ErrNotRegular, a device, a FIFO or a directory, and with
// safefile.ErrTooLarge a file of more than MaxFileBytes (one of exactly
// that size is read, and refused as a bad model); a model file loads.
func TestLoadRegularAndSmall(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) string { return safefiletest.Sparse(t, dir, name, size) }
	good := filepath.Join(dir, "good.safetensors")
	if err := testModel(t, 0).Save(good); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.safetensors")
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	fifoErr := mkfifo(fifo)
	_, zeroErr := os.Stat("/dev/zero")
	cases := []struct {
		name, path string
		skip       error
		want       error // nil: loads
	}{
		{"a model file", good, nil, nil},
		{"a link to a model file", link, nil, nil},
		{"/dev/zero", "/dev/zero", zeroErr, safefile.ErrNotRegular},
		{"a FIFO", fifo, fifoErr, safefile.ErrNotRegular},
		{"a directory", dir, nil, safefile.ErrNotRegular},
		{"over the limit", sparse("over", models.MaxFileBytes+1), nil, safefile.ErrTooLarge},
		{"the limit", sparse("exact", models.MaxFileBytes), nil, models.ErrBadModel},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != nil {
				t.Skip(c.skip)
			}
			m, err := loadWithin(t, c.path)
			if c.want == nil {
				if err != nil || !m.Net.Equal(testModel(t, 0).Net) {
					t.Fatalf("%v", err)
				}
				return
			}
			if !errors.Is(err, models.ErrBadModel) || !errors.Is(err, c.want) {
				t.Fatalf("got %v, want ErrBadModel and %v", err, c.want)
			}
			if c.want == models.ErrBadModel && errors.Is(err, safefile.ErrTooLarge) {
				t.Fatalf("a file of exactly MaxFileBytes: %v", err)
			}
			if !strings.Contains(err.Error(), c.path) {
				t.Errorf("the error does not name the file: %v", err)
			}
		})
	}
}

// TestMaxFileBytesMargin: MaxFileBytes stays at least 4 times the largest
// built-in network written as F32 (as a training run writes it), the
// basis its doc gives (8 times when it was set).
func TestMaxFileBytesMargin(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("opponents", "*"+models.BuiltinExt))
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in models: %v", err)
	}
	var largest int64
	var which string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := models.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		m.Dtype = models.DtypeF32
		if size := int64(len(encode(t, m))); size > largest {
			largest, which = size, f
		}
	}
	t.Logf("largest built-in network as F32: %s, %d bytes", which, largest)
	if 4*largest > models.MaxFileBytes {
		t.Errorf("MaxFileBytes (%d) is under 4 times %s as F32 (%d bytes): raise it and update its doc", models.MaxFileBytes, which, largest)
	}
}
