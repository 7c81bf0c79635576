package safefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// Hidden stands in an error message for text of a file that Redact took
// out.
const Hidden = "…"

// Redact returns err with its message cleared of content's text, for the
// errors of parsers that quote what they read. Cleared are a quoted string
// (Go syntax, as %q writes it: "…", '…' or `…`) whose text occurs in
// content, and any other word (a run of non-space characters, less the
// punctuation at its ends; or each side of an '=' in it) of 3 bytes or more
// that occurs in content and is neither a plain word (letters, lowercase after the first, '-' and '_'; at
// most 20 bytes) nor a number of at most 9 digits; each becomes Hidden. So
// "line 1: unknown statement "root:$6$x…"" becomes "line 1: unknown
// statement "…"", and "card 12 row 3: want 5 cells" stays as it is.
//
// errors.Is sees through the result to err's chain, so that sentinels keep
// working; errors.As and errors.Unwrap do not, so that the original message
// cannot be reached. A nil err gives nil, and an err with nothing to clear
// is returned as it is.
func Redact(err error, content []byte) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := redactText(msg, content)
	if clean == msg {
		return err
	}
	return &redacted{msg: clean, err: err}
}

type redacted struct {
	msg string
	err error
}

func (e *redacted) Error() string { return e.msg }

// Is lets errors.Is match err's chain without exposing it to errors.As.
func (e *redacted) Is(target error) bool { return errors.Is(e.err, target) }

func redactText(msg string, content []byte) string {
	if len(content) == 0 {
		return msg
	}
	var b strings.Builder
	word := -1 // start of the word being read, -1 between words
	flush := func(end int) {
		if word >= 0 {
			b.WriteString(redactWord(msg[word:end], content))
			word = -1
		}
	}
	for i := 0; i < len(msg); {
		c := msg[i]
		if c == '"' || c == '\'' || c == '`' {
			if q, err := strconv.QuotedPrefix(msg[i:]); err == nil {
				flush(i)
				if v, err := strconv.Unquote(q); err == nil && v != "" && bytes.Contains(content, []byte(v)) {
					b.WriteString(`"` + Hidden + `"`)
				} else {
					b.WriteString(q)
				}
				i += len(q)
				continue
			}
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			flush(i)
			b.WriteByte(c)
		} else if word < 0 {
			word = i
		}
		i++
	}
	flush(len(msg))
	return b.String()
}

// redactWord clears w, less the punctuation at its ends, if it is text of
// content other than a plain word or a small number; of the punctuation
// at its end, as much as content has with it is cleared too.
func redactWord(w string, content []byte) string {
	const punct = ".,;:!?()[]{}<>="
	w0 := strings.TrimLeft(w, punct)
	lead := w[:len(w)-len(w0)]
	core := strings.TrimRight(w0, punct)
	if len(core) < 3 || plainWord(core) || smallNumber(core) {
		return w
	}
	if !bytes.Contains(content, []byte(core)) {
		if k, v, ok := strings.Cut(w, "="); ok { // name=value: each on its own
			return redactWord(k, content) + "=" + redactWord(v, content)
		}
		return w
	}
	end := len(w0)
	for end > len(core) && !bytes.Contains(content, []byte(w0[:end])) {
		end--
	}
	return lead + Hidden + w0[end:]
}

func plainWord(s string) bool {
	if len(s) > 20 {
		return false
	}
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r == '-', r == '_':
		case i == 0 && r >= 'A' && r <= 'Z':
		default:
			return false
		}
	}
	return true
}

func smallNumber(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' || r == '-':
		default:
			return false
		}
	}
	return digits > 0 && digits <= 9
}

// DescribeJSON says what went wrong when encoding/json decoded data (all
// the input the decoder read, so that its offsets become lines), quoting
// none of data: where, as "line L, column C" when the error tells, then
// what, e.g. "line 1, column 1: unexpected character looking for beginning
// of value", "line 4, column 7: an unknown field", "line 2, column 30:
// field planets.x: a string where a number belongs", "unexpected end of the
// data". An error that is none of encoding/json's is Redacted.
func DescribeJSON(err error, data []byte) string {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
	)
	const unknownField = "json: unknown field "
	switch msg := err.Error(); {
	case errors.As(err, &syn):
		return Position(data, syn.Offset-1) + ": " + syntaxProblem(syn.Error())
	case errors.As(err, &typ):
		kind, _, _ := strings.Cut(typ.Value, " ") // "number 1e999": the kind only
		switch kind {
		case "array", "object":
			kind = "an " + kind
		case "bool", "number", "string":
			kind = "a " + kind
		default:
			kind = "a value"
		}
		p := fmt.Sprintf("%s where %s belongs", kind, goKind(typ.Type))
		if kind == "a number" && goKind(typ.Type) == kind {
			p = "a number that does not fit (out of range, or not whole)"
		}
		if typ.Field != "" { // the decoding type's field names, not the input's
			p = "field " + typ.Field + ": " + p
		}
		return Position(data, typ.Offset-1) + ": " + p
	case strings.HasPrefix(msg, unknownField):
		if key, err := strconv.Unquote(msg[len(unknownField):]); err == nil {
			if off := keyOffset(data, key); off >= 0 {
				return Position(data, off) + ": an unknown field"
			}
		}
		return "an unknown field"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "unexpected end of the data"
	case errors.Is(err, io.EOF):
		return "no JSON value (empty)"
	}
	return Redact(err, data).Error()
}

// syntaxProblem rewords a json.SyntaxError's message without the character
// it quotes.
func syntaxProblem(msg string) string {
	const invalid = "invalid character '"
	if rest, ok := strings.CutPrefix(msg, invalid); ok {
		if i := strings.Index(rest, "' "); i >= 0 {
			return "unexpected character " + rest[i+2:]
		}
		return "unexpected character"
	}
	if msg == "unexpected end of JSON input" {
		return "unexpected end of the data"
	}
	if strings.ContainsAny(msg, "'\"`") {
		return "syntax error"
	}
	return msg
}

// goKind names what a Go type takes in JSON.
func goKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another value"
}

// keyOffset is the offset of the first object key key in data (written as
// json.Marshal writes it), or -1.
func keyOffset(data []byte, key string) int64 {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(key) != nil {
		return -1
	}
	k := bytes.TrimSpace(buf.Bytes())
	for from := 0; ; {
		i := bytes.Index(data[from:], k)
		if i < 0 {
			return -1
		}
		at := from + i
		rest := bytes.TrimLeft(data[at+len(k):], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return int64(at)
		}
		from = at + 1
	}
}

// Position is "line L, column C" (from 1; the column in bytes) of the byte
// at offset in data; an offset outside data is taken as its nearest end.
func Position(data []byte, offset int64) string {
	offset = max(0, min(offset, int64(len(data))))
	before := data[:offset]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := offset - int64(bytes.LastIndexByte(before, '\n'))
	return fmt.Sprintf("line %d, column %d", line, col)
}
