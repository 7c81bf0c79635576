package distributed_test

import (
	"context"
	"fmt"
	"os"

	_ "github.com/moongym/moongym/agents/heuristics/tictactoe"
	"github.com/moongym/moongym/arena"
	"github.com/moongym/moongym/distributed"
	"github.com/moongym/moongym/engine/tictactoe"
)

// A tournament played by a worker through an embedded server: the games
// are those arena.Run plays with the same seed.
func ExampleRunArena() {
	store, err := os.MkdirTemp("", "moongym-nats")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(store)
	srv, err := distributed.StartServer(distributed.ServerConfig{Addr: "127.0.0.1:0", StoreDir: store})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Shutdown()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()

	// A worker (usually "moongym worker" on another machine).
	wc, err := distributed.Dial(ctx, srv.URL(), "", "worker", distributed.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer wc.Close()
	worker := &distributed.Worker{JS: wc.JS, Consumer: wc.Work, Threads: 2}
	stopped := make(chan struct{})
	go func() { _ = worker.Run(ctx); close(stopped) }()

	// The tournament's owner.
	c, err := distributed.Dial(ctx, srv.URL(), "", "arena", distributed.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	cfg := arena.Config{Game: tictactoe.Game{}, Agents: []string{"heuristic", "random"}, Games: 10, Seed: 3}
	games, err := distributed.RunArena(ctx, c.JS, cfg, distributed.ArenaOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	stop() // the worker finishes
	<-stopped
	local, _ := arena.Run(context.Background(), cfg)
	same := len(games) == len(local)
	for i := range games {
		same = same && fmt.Sprint(games[i].Returns) == fmt.Sprint(local[i].Returns) && games[i].Seed == local[i].Seed
	}
	fmt.Println(len(games), "games, as in one process:", same)
	// Output: 10 games, as in one process: true
}
