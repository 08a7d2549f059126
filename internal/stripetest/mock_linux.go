package stripetest

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel stop stripe-mock when the test process ends, however it ends.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
