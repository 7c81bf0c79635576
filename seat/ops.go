package seat

// OpDoc documents one operation of both protocols.
type OpDoc struct {
	// Op is the operation's name, the "op" of a stdio line.
	Op string `json:"op"`
	// Method and Path are its HTTP form (empty for stdio-only operations).
	Method string `json:"method,omitempty"`
	Path   string `json:"path,omitempty"`
	Doc    string `json:"doc"`
	// Example is a stdio line that runs it.
	Example string `json:"example"`
}

// Help is what the help operation returns.
type Help struct {
	Ops    []OpDoc    `json:"ops"`
	Errors []CodeInfo `json:"errors"`
	Limits Limits     `json:"limits"`
}

var ops = []OpDoc{
	{"help", "GET", "/v1/help", "this list, the error codes and the server's limits", `{"op":"help"}`},
	{"games", "GET", "/v1/games", "every game: spec, params with docs, spaces of the default configuration", `{"op":"games"}`},
	{"game", "GET", "/v1/games/{game}?param=value", "one game: spaces and opponent levels (built-in models, budgets) for the given params", `{"op":"game","game":"tictactoe","params":{}}`},
	{"agents", "GET", "/v1/agents", "the agents offered and their options", `{"op":"agents"}`},
	{"start", "POST", "/v1/sessions", "start a session: game, params, seed, seats (\"human\" or an agent spec), actions to resume, manual_chance, ai", `{"op":"start","session":"demo","game":"tictactoe","seed":1,"seats":["human","heuristic"]}`},
	{"sessions", "GET", "/v1/sessions", "the sessions kept", `{"op":"sessions"}`},
	{"get", "GET", "/v1/sessions/{session}?seat=N", "a session: state, text, to_move, legal, scores, returns, terminal, actions; with seat, only what that seat may see (text, history, no state)", `{"op":"get","session":"demo"}`},
	{"move", "POST", "/v1/sessions/{session}/move", "play a human move: move (a name or \"#id\") or action (an id); seat (a guard); seat_view (answer with that seat's view); ai (let the AI reply)", `{"op":"move","session":"demo","move":"b2","ai":true}`},
	{"ai", "POST", "/v1/sessions/{session}/ai", "let the AI play its seats until a human seat is to move or the game ends; max_moves", `{"op":"ai","session":"demo"}`},
	{"delete", "DELETE", "/v1/sessions/{session}", "end a session", `{"op":"delete","session":"demo"}`},
	{"best", "POST", "/v1/best", "stateless: the move and policy of an agent for a state (with game, params) or a record; agent, sims, seed", `{"op":"best","game":"tictactoe","state":{"board":"XX..O...."},"agent":"heuristic"}`},
	{"analyze", "POST", "/v1/sessions/{session}/analyze", "hints and analysis of a session's position as one seat sees it: seat (default: the token's seat, or the seat to move), agent (default az:model=builtin, else mcts), sims, top, seed; per-seat values, win estimates, the top moves with visits, share, prior, q and line, the principal line", `{"op":"analyze","session":"demo","agent":"mcts:sims=100","top":3}`},
	{"analyze", "POST", "/v1/analyze", "stateless analyze: a state (with game, params) or a record, seat (analyse as it sees it), agent, sims, top, seed", `{"op":"analyze","game":"tictactoe","state":{"board":"XX..O...."},"agent":"net:model=builtin","top":3}`},
	{"quit", "", "", "stdio only: end the engine (so does the end of input)", `{"op":"quit"}`},
}

// Ops documents every operation.
func Ops() []OpDoc { return append([]OpDoc(nil), ops...) }

// Help lists the operations, the error codes and the service's limits.
func (sv *Service) Help() Help {
	return Help{Ops: Ops(), Errors: Codes(), Limits: sv.limits}
}
