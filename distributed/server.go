package distributed

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ErrServer: the embedded server could not start.
var ErrServer = errors.New("nats server")

// ServerConfig configures an embedded NATS server with JetStream.
type ServerConfig struct {
	// Addr is host:port to listen on; port 0 (or -1) picks a free one.
	// Host must be a loopback address unless Public is set.
	Addr string
	// Public allows a non-loopback Addr (the server has no
	// authentication of its own: put it behind a firewall, or use a NATS
	// server configured with credentials and TLS).
	Public bool
	// StoreDir holds JetStream's streams (they survive a restart).
	StoreDir string
	// Logs turns on the server's own log on stderr.
	Logs bool
}

// MaxPayload is the largest message the embedded server accepts: a
// self-play game of a big game holds many observations.
const MaxPayload = 8 << 20

// Server is a running embedded server.
type Server struct {
	ns *server.Server
}

// StartServer starts an embedded NATS server with JetStream and waits until
// it accepts connections.
func StartServer(cfg ServerConfig) (*Server, error) {
	host, portStr, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("%w: address %q: %w", ErrServer, cfg.Addr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("%w: port %q: %w", ErrServer, portStr, err)
	}
	if port == 0 {
		port = -1 // the server's "random port"
	}
	if !cfg.Public {
		ip := net.ParseIP(host)
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return nil, fmt.Errorf("%w: %s is not a loopback address: listening on other interfaces must be asked for explicitly", ErrServer, host)
		}
	}
	if cfg.StoreDir == "" {
		return nil, fmt.Errorf("%w: no store directory", ErrServer)
	}
	opts := &server.Options{
		Host: host, Port: port, JetStream: true, StoreDir: cfg.StoreDir,
		MaxPayload: MaxPayload, NoSigs: true, NoLog: !cfg.Logs,
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrServer, err)
	}
	if cfg.Logs {
		ns.ConfigureLogger()
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("%w: not ready after 10s", ErrServer)
	}
	return &Server{ns: ns}, nil
}

// URL is the address clients connect to (nats://host:port).
func (s *Server) URL() string { return s.ns.ClientURL() }

// Shutdown stops the server and waits until it has stopped.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}
