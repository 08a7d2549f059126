//go:build !linux

package stripetest

import "os/exec"

// dieWithParent: elsewhere stripe-mock outlives a test process that is killed.
func dieWithParent(*exec.Cmd) {}
