package distributed

import (
	"errors"
	"testing"
)

func TestServerAddress(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		public bool
		ok     bool
	}{
		{"127.0.0.1:0", false, true},
		{"localhost:0", false, true},
		{"[::1]:0", false, true},
		{"0.0.0.0:0", false, false},
		{"10.1.2.3:4222", false, false},
		{"0.0.0.0:0", true, true},
		{"127.0.0.1", false, false},
		{"127.0.0.1:x", false, false},
	} {
		srv, err := StartServer(ServerConfig{Addr: tc.addr, Public: tc.public, StoreDir: t.TempDir()})
		if tc.ok != (err == nil) {
			t.Errorf("%s public=%v: error %v, want ok=%v", tc.addr, tc.public, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrServer) {
			t.Errorf("%s: error %v is not ErrServer", tc.addr, err)
		}
		if srv != nil {
			srv.Shutdown()
		}
	}
	if _, err := StartServer(ServerConfig{Addr: "127.0.0.1:0"}); !errors.Is(err, ErrServer) {
		t.Errorf("no store: %v", err)
	}
}
