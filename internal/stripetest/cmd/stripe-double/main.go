// Command stripe-double serves Stripe's API on loopback for the browser tests: stripe-mock
// (bin/stripe-mock, started by it) behind the double of internal/stripetest, which keeps the
// customers, Checkout sessions and subscriptions a test makes, and answers its control routes
// (/_double/…). It stops when its parent does, or on SIGTERM.
//
//	stripe-double -addr 127.0.0.1:12111
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/tremplin/tremplin/internal/stripetest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "where to listen (loopback)")
	flag.Parse()
	mock, err := stripetest.StartMock()
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// The test reads the address from the first line.
	fmt.Printf("stripe-double listening on http://%s\n", l.Addr())
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
		<-stop
		os.Exit(0)
	}()
	srv := &http.Server{Handler: stripetest.New(mock), ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(srv.Serve(l))
}
