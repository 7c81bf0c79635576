package seat

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"
)

// Response is one line the stdio engine writes: the request's "id" echoed
// (any JSON value, null if the line had none or could not be read), its
// "op", and either "result" or "error".
type Response struct {
	ID     json.RawMessage `json:"id"`
	Op     string          `json:"op,omitempty"`
	OK     bool            `json:"ok"`
	Result any             `json:"result,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

// ServeLines runs the stdio engine: it reads one JSON request a line from in
// ({"op": "...", "id": ..., fields of the operation}) and writes one JSON
// response a line to out, in order, until the end of input, a "quit" line,
// or ctx ends. Blank lines are skipped. A line over the body size limit, bad
// JSON or a panic gets an error response and the engine goes on. It returns
// only errors of reading in or writing out.
func ServeLines(ctx context.Context, sv *Service, in io.Reader, out io.Writer) error {
	rd := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for ctx.Err() == nil {
		line, tooLong, err := readLine(rd, sv.limits.MaxBodyBytes)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			var resp Response
			if tooLong {
				resp = failed(nil, "", fmt.Errorf("%w: the limit is %d bytes a line", ErrBodyTooLarge, sv.limits.MaxBodyBytes))
			} else {
				resp = sv.HandleLine(ctx, line)
			}
			if err := enc.Encode(resp); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
			if resp.Op == "quit" && resp.OK {
				return nil
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readLine reads up to the next newline. A line longer than max is read to
// its end and thrown away (tooLong).
func readLine(rd *bufio.Reader, max int64) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := rd.ReadSlice('\n')
		if !tooLong {
			if int64(len(line)+len(chunk)) > max+1 { // +1: the newline
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, tooLong, err
	}
}

// echoID is the id to echo: null when the line has none, else the id
// re-encoded, so that what the engine writes is valid JSON (a string with
// invalid UTF-8 has its bad bytes replaced by U+FFFD, as encoding/json
// replaces them in every other string it writes).
func echoID(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return json.RawMessage("null")
	}
	if utf8.Valid(raw) {
		return raw
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return json.RawMessage("null")
	}
	out, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return out
}

func failed(id json.RawMessage, op string, err error) Response {
	e := Classify(err)
	return Response{ID: id, Op: op, Error: &e}
}

// HandleLine runs one stdio request line and returns its response. It never
// panics: a panic is recovered as an "internal" error.
func (sv *Service) HandleLine(ctx context.Context, line []byte) (resp Response) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return failed(nil, "", fmt.Errorf("%w: %v", ErrBadJSON, err))
	}
	if fields == nil {
		return failed(nil, "", fmt.Errorf("%w: a line is a JSON object with an \"op\"", ErrBadJSON))
	}
	id := echoID(fields["id"])
	delete(fields, "id")
	var caller Caller
	if raw, ok := fields["token"]; ok {
		if err := json.Unmarshal(raw, &caller.Token); err != nil {
			return failed(id, "", fmt.Errorf("%w: \"token\" must be a string", ErrBadJSON))
		}
		delete(fields, "token")
	}
	var op string
	if raw, ok := fields["op"]; !ok {
		return failed(id, "", fmt.Errorf("%w: no \"op\" (send {\"op\":\"help\"} for the list)", ErrBadRequest))
	} else if err := json.Unmarshal(raw, &op); err != nil {
		return failed(id, "", fmt.Errorf("%w: \"op\" must be a string", ErrBadJSON))
	}
	delete(fields, "op")
	defer func() {
		if p := recover(); p != nil {
			sv.log.Error("panic in a request", "op", op, "panic", p, "stack", string(debug.Stack()))
			resp = failed(id, op, fmt.Errorf("%w: panic: %v", ErrInternal, p))
		}
	}()
	result, err := sv.dispatch(ctx, caller, op, fields)
	if err != nil {
		return failed(id, op, err)
	}
	return Response{ID: id, Op: op, OK: true, Result: result}
}

// dispatch runs one operation on the fields of a line (without id and op).
func (sv *Service) dispatch(ctx context.Context, c Caller, op string, fields map[string]json.RawMessage) (any, error) {
	var session string
	switch op {
	case "get", "move", "ai", "delete":
		raw, ok := fields["session"]
		if !ok {
			return nil, fmt.Errorf("%w: %s needs \"session\"", ErrBadRequest, op)
		}
		if err := json.Unmarshal(raw, &session); err != nil {
			return nil, fmt.Errorf("%w: \"session\" must be a string", ErrBadJSON)
		}
		delete(fields, "session")
	case "analyze":
		// With "session": the session form; without: the stateless one.
		if raw, ok := fields["session"]; ok {
			if err := json.Unmarshal(raw, &session); err != nil {
				return nil, fmt.Errorf("%w: \"session\" must be a string", ErrBadJSON)
			}
			if session == "" {
				return nil, fmt.Errorf("%w: \"session\" is empty", ErrBadRequest)
			}
			delete(fields, "session")
		}
	}
	rest, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadJSON, err)
	}
	noFields := func() error {
		if len(fields) > 0 {
			return decodeStrict(rest, &struct{}{})
		}
		return nil
	}
	switch op {
	case "help", "quit":
		if err := noFields(); err != nil {
			return nil, err
		}
		if op == "quit" {
			return map[string]bool{"bye": true}, nil
		}
		return sv.Help(), nil
	case "games":
		if err := noFields(); err != nil {
			return nil, err
		}
		return sv.Games()
	case "agents":
		if err := noFields(); err != nil {
			return nil, err
		}
		return sv.Agents(), nil
	case "sessions":
		if err := noFields(); err != nil {
			return nil, err
		}
		return sv.Sessions(c), nil
	case "game":
		r, err := DecodeGame(rest)
		if err != nil {
			return nil, err
		}
		return sv.Game(r)
	case "start":
		r, err := DecodeStart(rest)
		if err != nil {
			return nil, err
		}
		return sv.startFor(ctx, c, r)
	case "get":
		r, err := DecodeGet(rest)
		if err != nil {
			return nil, err
		}
		return sv.getFor(c, session, r.Seat)
	case "delete":
		if err := noFields(); err != nil {
			return nil, err
		}
		if err := sv.Delete(c, session); err != nil {
			return nil, err
		}
		return Deleted{session, true}, nil
	case "move":
		r, err := DecodeMove(rest)
		if err != nil {
			return nil, err
		}
		return sv.moveFor(ctx, c, session, r)
	case "ai":
		r, err := DecodeAI(rest)
		if err != nil {
			return nil, err
		}
		return sv.aiFor(ctx, c, session, r)
	case "best":
		r, err := DecodeBest(rest)
		if err != nil {
			return nil, err
		}
		return sv.Best(ctx, r)
	case "analyze":
		if session != "" {
			r, err := DecodeSessionAnalyze(rest)
			if err != nil {
				return nil, err
			}
			return sv.AnalyzeSession(ctx, c, session, r)
		}
		r, err := DecodeAnalyze(rest)
		if err != nil {
			return nil, err
		}
		return sv.Analyze(ctx, r)
	}
	names := make([]string, len(ops))
	for i, o := range ops {
		names[i] = o.Op
	}
	names = slices.Compact(names) // analyze has two forms
	return nil, fmt.Errorf("%w: unknown op %q (ops: %s)", ErrNotFound, op, strings.Join(names, ", "))
}
