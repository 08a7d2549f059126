package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// ErrAddressRefused: the URL's host is, or resolves to, an address the server must not reach
// (private, loopback, link-local, multicast, unspecified, CGNAT, reserved).
var ErrAddressRefused = errors.New("webhooks: the address is not public")

// Addresses says which addresses the server may send to.
type Addresses struct {
	// AllowLoopback lets http://127.0.0.1… (and loopback addresses) through: a server whose
	// PUBLIC_URL is http, for tests and local development. Never in production.
	AllowLoopback bool
}

// notPublic are the ranges netip's predicates leave out.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("fec0::/10"),       // deprecated site-local
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments (Teredo, ORCHID…)
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
}

// Allowed reports whether the server may connect to ip.
func (a Addresses) Allowed(ip netip.Addr) bool {
	ip = ip.Unmap() // ::ffff:10.0.0.1 is 10.0.0.1
	if ip.IsLoopback() {
		return a.AllowLoopback
	}
	if !ip.IsValid() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// URL errors, in French: the screen shows them under the field.
var (
	errNotHTTPS    = errors.New("L'adresse doit commencer par https://")
	errBadURL      = errors.New("L'adresse n'est pas une URL valide")
	errCredentials = errors.New("L'adresse ne doit pas contenir d'identifiants")
	errPrivate     = errors.New("L'adresse doit être publique (ni privée, ni locale)")
)

// CheckURL checks a URL an agency registers: https (http only to a loopback address, when
// AllowLoopback), no credentials, and a host that is not, and does not resolve to, an address
// the server must not reach. A host that does not resolve now is accepted: every delivery
// checks again after resolving it (Dialer).
func (a Addresses) CheckURL(ctx context.Context, resolver Resolver, raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || u.Hostname() == "" || u.Opaque != "" {
		return errBadURL
	}
	if u.User != nil {
		return errCredentials
	}
	host := u.Hostname()
	literal, literalErr := netip.ParseAddr(host)
	switch u.Scheme {
	case "https":
	case "http":
		if !a.AllowLoopback || literalErr != nil || !literal.Unmap().IsLoopback() {
			return errNotHTTPS
		}
	default:
		return errNotHTTPS
	}
	if literalErr == nil {
		if !a.Allowed(literal) {
			return errPrivate
		}
		return nil
	}
	// A name that does not resolve now (or not quickly) is checked again at each delivery.
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, _ := resolver.LookupNetIP(ctx, "ip", host)
	for _, ip := range addrs {
		if !a.Allowed(ip) {
			return errPrivate
		}
	}
	return nil
}

// Resolver resolves host names (net.DefaultResolver; a stub in tests).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Dialer connects only to addresses Addresses allows. It resolves the host itself and dials
// the checked address, never the name, so a name that resolves to a public address when
// checked and to a private one when dialed (DNS rebinding) cannot reach it; the socket's
// Control checks the address once more just before connecting.
type Dialer struct {
	Addresses Addresses
	Resolver  Resolver
	// Dial connects to a checked address (net.Dialer's by default; tests watch it).
	Dial func(ctx context.Context, network, address string) (net.Conn, error)
}

// NewDialer answers a Dialer with the system resolver and a dialer whose Control refuses what
// Addresses refuses.
func NewDialer(a Addresses) *Dialer {
	d := &net.Dialer{Control: a.control}
	return &Dialer{Addresses: a, Resolver: net.DefaultResolver, Dial: d.DialContext}
}

// control refuses to connect a socket to a refused address.
func (a Addresses) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !a.Allowed(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrAddressRefused, address)
	}
	return nil
}

// DialContext resolves address's host, refuses it when any of its addresses is refused, and
// connects to the first that answers.
func (d *Dialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else if addrs, err = d.Resolver.LookupNetIP(ctx, "ip", host); err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("webhooks: %s has no address", host)
	}
	// A host one of whose addresses is private is refused whole: it is not a partner's
	// public endpoint.
	for _, ip := range addrs {
		if !d.Addresses.Allowed(ip) {
			return nil, fmt.Errorf("%w: %s resolves to %s", ErrAddressRefused, host, ip)
		}
	}
	var errs []error
	for _, ip := range addrs {
		conn, err := d.Dial(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
		if err == nil {
			return conn, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}
