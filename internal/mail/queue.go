package mail

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Queue sends messages in the background, so a request never waits on SMTP (and a reset
// request answers as fast whether or not the address has an account). Close waits for the
// queued messages, so a graceful shutdown loses none.
type Queue struct {
	sender Sender
	log    *slog.Logger
	ch     chan Message
	done   sync.WaitGroup
	mu     sync.RWMutex
	closed bool
}

// NewQueue starts a queue of up to size waiting messages with one sending worker.
func NewQueue(sender Sender, log *slog.Logger, size int) *Queue {
	q := &Queue{sender: sender, log: log, ch: make(chan Message, size)}
	q.done.Add(1)
	go q.work()
	return q
}

// Enqueue queues m; when the queue is full the message is dropped and logged.
func (q *Queue) Enqueue(m Message) {
	q.mu.RLock()
	defer q.mu.RUnlock()
	if q.closed {
		q.log.Error("mail queue closed, message dropped", "to", m.To, "subject", m.Subject)
		return
	}
	select {
	case q.ch <- m:
	default:
		q.log.Error("mail queue full, message dropped", "to", m.To, "subject", m.Subject)
	}
}

func (q *Queue) work() {
	defer q.done.Done()
	for m := range q.ch {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := q.sender.Send(ctx, m); err != nil {
			q.log.Error("sending mail failed", "to", m.To, "subject", m.Subject, "error", err)
		}
		cancel()
	}
}

// Close stops accepting messages and waits until the queued ones are sent or ctx ends.
func (q *Queue) Close(ctx context.Context) {
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.ch)
	}
	q.mu.Unlock()
	finished := make(chan struct{})
	go func() { q.done.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-ctx.Done():
	}
}
