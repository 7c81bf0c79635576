package seat

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// CallerOf is the caller of an HTTP request: the bearer token of its
// Authorization header and its remote IP address (the quota's key).
func CallerOf(r *http.Request) Caller {
	c := Caller{Client: r.RemoteAddr}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		c.Client = host
	}
	if scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " "); ok && strings.EqualFold(scheme, "Bearer") {
		c.Token = strings.TrimSpace(token)
	}
	return c
}

// Guard refuses the HTTP requests that a web page of another site could
// make a browser send, then passes the rest to next:
//
//   - a Host header that names neither loopback ("localhost", "*.localhost",
//     127.0.0.0/8, ::1), an IP address, nor a name of Limits.AllowHosts
//     (a page whose name was rebound to 127.0.0.1 sends its own name):
//     host_not_allowed;
//   - an Origin header of another origin than the server's own (the
//     Host's) and not in Limits.AllowOrigins, and a cross-site fetch
//     (Sec-Fetch-Site) other than a navigation: origin_not_allowed;
//   - a POST with a body or a Content-Type, whose Content-Type is not
//     application/json (a browser sends a text/plain or form POST to any
//     site without asking first): unsupported_media_type. A POST with
//     neither (curl -X POST) passes.
//
// An allowed origin gets CORS headers, and its preflight (OPTIONS) is
// answered. Every answer says nosniff, no framing, no caching.
func Guard(l Limits, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range securityHeaders {
			h[k] = v // shared, never modified: no allocation a request
		}
		if err := checkHost(l, r.Host); err != nil {
			writeError(w, err)
			return
		}
		cors, err := checkOrigin(l, r)
		if err != nil {
			writeError(w, err)
			return
		}
		if cors != "" {
			h.Set("Access-Control-Allow-Origin", cors)
			h.Set("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Location, Retry-After")
		}
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			if cors == "" {
				writeError(w, fmt.Errorf("%w: a preflight from no allowed origin", ErrOrigin))
				return
			}
			h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if ct := r.Header.Get("Content-Type"); (r.Method == http.MethodPost || r.Method == http.MethodPut || r.Method == http.MethodPatch) &&
			(ct != "" || r.ContentLength != 0) {
			if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
				writeError(w, fmt.Errorf("%w: %s %s has Content-Type %q; send application/json", ErrMediaType, r.Method, r.URL.Path, r.Header.Get("Content-Type")))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// securityHeaders are on every answer (canonical keys).
var securityHeaders = http.Header{
	"X-Content-Type-Options":  {"nosniff"},
	"X-Frame-Options":         {"DENY"},
	"Content-Security-Policy": {"default-src 'none'; frame-ancestors 'none'"},
	"Referrer-Policy":         {"no-referrer"},
	"Cache-Control":           {"no-store"},
}

// checkHost accepts loopback names, IP addresses and the allowed names.
func checkHost(l Limits, host string) error {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.Trim(name, "[]"), ".")
	lower := strings.ToLower(name)
	switch {
	case name == "":
		return fmt.Errorf("%w: no Host header", ErrHost)
	case net.ParseIP(name) != nil, lower == "localhost", strings.HasSuffix(lower, ".localhost"):
		return nil
	case slices.ContainsFunc(l.AllowHosts, func(a string) bool { return strings.EqualFold(a, name) }):
		return nil
	}
	return fmt.Errorf("%w: Host %q is not loopback, an IP address or an allowed name (the operator may add it with --allow-host)", ErrHost, host)
}

// checkOrigin refuses requests from pages of other origins; it returns the
// origin to give CORS headers ("" for none: same origin or no browser).
func checkOrigin(l Limits, r *http.Request) (string, error) {
	origin := r.Header.Get("Origin")
	if origin == "" {
		// No Origin: not a browser, or a same-origin GET/HEAD. A browser
		// that fetches across sites without one (an <img>, a <script>)
		// still says so in Sec-Fetch-Site; navigating to the page is fine.
		switch r.Header.Get("Sec-Fetch-Site") {
		case "cross-site", "same-site":
			if r.Header.Get("Sec-Fetch-Mode") != "navigate" {
				return "", fmt.Errorf("%w: a %s fetch from another site", ErrOrigin, r.Header.Get("Sec-Fetch-Site"))
			}
		}
		return "", nil
	}
	if slices.Contains(l.AllowOrigins, origin) {
		return origin, nil
	}
	if u, err := url.Parse(origin); err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, r.Host) && u.Path == "" {
		return "", nil
	}
	return "", fmt.Errorf("%w: %q (the operator may allow a front end's origin with --allow-origin)", ErrOrigin, origin)
}
