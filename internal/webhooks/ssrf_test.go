package webhooks_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tremplin/tremplin/ent/webhookattempt"
	"github.com/tremplin/tremplin/ent/webhookdelivery"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/webhooks"
)

// stubResolver answers the same addresses for every name.
type stubResolver []netip.Addr

func (s stubResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return s, nil
}

func addrs(ips ...string) stubResolver {
	out := make(stubResolver, 0, len(ips))
	for _, ip := range ips {
		out = append(out, netip.MustParseAddr(ip))
	}
	return out
}

// A partner's URL is refused at registration when it is not https, carries credentials, or
// names — or resolves to — an address the server must not reach. Nothing is sent anywhere.
func TestURLsOfPrivateAddressesAreRefusedAtRegistration(t *testing.T) {
	public := addrs("93.184.215.14")
	prod := webhooks.Addresses{}
	dev := webhooks.Addresses{AllowLoopback: true}
	for _, c := range []struct {
		addresses webhooks.Addresses
		resolver  stubResolver
		url       string
		refused   string
	}{
		{prod, public, "https://partenaire.exemple.fr/webhooks", ""},
		{prod, public, "https://93.184.215.14:8443/hook", ""},
		{prod, public, "http://partenaire.exemple.fr/webhooks", "https://"},
		{prod, public, "ftp://partenaire.exemple.fr/", "https://"},
		{prod, public, "partenaire.exemple.fr/webhooks", "URL valide"},
		{prod, public, "https://user:pass@partenaire.exemple.fr/", "identifiants"},
		{prod, public, "https://10.0.0.5/hook", "publique"},
		{prod, public, "https://172.16.3.4/hook", "publique"},
		{prod, public, "https://192.168.1.1/hook", "publique"},
		{prod, public, "https://127.0.0.1/hook", "publique"},
		{prod, public, "http://127.0.0.1:8080/hook", "https://"},
		{prod, public, "https://169.254.169.254/latest/meta-data", "publique"},
		{prod, public, "https://100.64.0.1/hook", "publique"},
		{prod, public, "https://0.0.0.0/hook", "publique"},
		{prod, public, "https://224.0.0.1/hook", "publique"},
		{prod, public, "https://[::1]/hook", "publique"},
		{prod, public, "https://[fe80::1]/hook", "publique"},
		{prod, public, "https://[fd00::1]/hook", "publique"},
		{prod, public, "https://[::ffff:10.0.0.5]/hook", "publique"},
		{prod, addrs("10.0.0.5"), "https://interne.exemple.fr/hook", "publique"},
		{prod, addrs("93.184.215.14", "169.254.169.254"), "https://mixte.exemple.fr/hook", "publique"},
		// The tests' allowance: http to loopback on a server whose PUBLIC_URL is http.
		{dev, public, "http://127.0.0.1:8080/hook", ""},
		{dev, public, "http://10.0.0.5/hook", "https://"},
		{dev, public, "https://10.0.0.5/hook", "publique"},
	} {
		err := c.addresses.CheckURL(context.Background(), c.resolver, c.url)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%s (loopback allowed %v): refused: %v", c.url, c.addresses.AllowLoopback, err)
		case c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("%s (loopback allowed %v): %v, want a refusal saying %q", c.url, c.addresses.AllowLoopback, err, c.refused)
		}
	}
}

// At delivery, a host that resolves to a private address now (DNS rebinding: it was public at
// registration) is refused after resolution and before any connection: the dial is never
// made, and the attempt records the refusal.
func TestADeliveryToAPrivateAddressIsRefusedBeforeDialing(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	w := newWorld(t, d, "https://partenaire.exemple.fr/webhooks")
	var dials atomic.Int32
	dialer := &webhooks.Dialer{
		Addresses: webhooks.Addresses{},
		Resolver:  addrs("10.0.0.5"),
		Dial: func(context.Context, string, string) (net.Conn, error) {
			dials.Add(1)
			return nil, errors.New("dialed")
		},
	}
	worker := w.worker()
	worker.HTTP = webhooks.NewHTTPClient(dialer)
	w.emit(t, 1)
	tick(t, worker)
	if n := dials.Load(); n != 0 {
		t.Fatalf("%d connections attempted to a private address", n)
	}
	attempt := d.Client.WebhookAttempt.Query().Where(webhookattempt.StatusCode(0)).OnlyX(sys)
	if !strings.Contains(attempt.Error, "not public") || !strings.Contains(attempt.Error, "10.0.0.5") {
		t.Errorf("attempt error %q", attempt.Error)
	}
	del := d.Client.WebhookDelivery.Query().OnlyX(sys)
	if del.Status != webhookdelivery.StatusPending || del.Attempts != 1 {
		t.Errorf("delivery %+v", del)
	}
}

// The dialer connects to the address it checked, never the name again: a public answer is
// dialed as that address.
func TestTheDialerDialsTheCheckedAddress(t *testing.T) {
	var dialed []string
	dialer := &webhooks.Dialer{
		Resolver: addrs("93.184.215.14"),
		Dial: func(_ context.Context, _, address string) (net.Conn, error) {
			dialed = append(dialed, address)
			return nil, errors.New("not on this machine")
		},
	}
	_, _ = dialer.DialContext(context.Background(), "tcp", "partenaire.exemple.fr:443")
	if len(dialed) != 1 || dialed[0] != "93.184.215.14:443" {
		t.Fatalf("dialed %v", dialed)
	}
}

// The socket-level check refuses a private address even when handed one directly, before the
// connection is made (net.Dialer's Control runs before connect).
func TestTheSocketRefusesPrivateAddresses(t *testing.T) {
	dialer := webhooks.NewDialer(webhooks.Addresses{})
	dialer.Resolver = addrs("127.0.0.1") // what a rebinding name would answer
	for _, address := range []string{"127.0.0.1:9", "rebinding.exemple.fr:9", "[::1]:9"} {
		_, err := dialer.DialContext(context.Background(), "tcp", address)
		if !errors.Is(err, webhooks.ErrAddressRefused) {
			t.Errorf("%s: %v, want ErrAddressRefused", address, err)
		}
		_, err = dialer.Dial(context.Background(), "tcp", strings.Replace(address, "rebinding.exemple.fr", "127.0.0.1", 1))
		if !errors.Is(err, webhooks.ErrAddressRefused) {
			t.Errorf("%s through the socket: %v, want ErrAddressRefused", address, err)
		}
	}
}

func TestAddressesAllowed(t *testing.T) {
	for ip, want := range map[string]bool{
		"93.184.215.14": true, "2606:2800:21f:cb07:6820:80da:af6b:8b2c": true,
		"10.1.2.3": false, "172.31.255.255": false, "192.168.0.1": false, "127.0.0.2": false,
		"169.254.1.1": false, "100.127.0.1": false, "0.1.2.3": false, "255.255.255.255": false,
		"239.1.1.1": false, "::": false, "::1": false, "fe80::1": false, "fc00::1": false,
		"ff02::1": false, "::ffff:192.168.0.1": false, "64:ff9b:1::a00:5": false,
	} {
		if got := (webhooks.Addresses{}).Allowed(netip.MustParseAddr(ip)); got != want {
			t.Errorf("%s allowed: %v, want %v", ip, got, want)
		}
	}
}
