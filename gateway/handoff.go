package gateway

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// HandOffName is the codec between the gateway and the handlers it calls in the same process.
//
// The gateway reaches each RPC's handler as a Connect call: encoding the request to binary proto
// for the handler to decode it again, and the answer the other way, cost a rebuilt list of 1,000
// contacts a sixth of its time (issue 25). With this codec the message itself crosses: the
// sender leaves it in a table under a fresh ticket and sends the ticket's eight bytes; the
// receiver takes it out and moves its fields into the message it was given. The sender never
// touches a message it has sent (connect-go and vanguard both drop it once encoded).
//
// Only the handlers built for the gateway speak it (internal/server builds them apart from the
// ones mounted for clients), so every ticket comes from this process.
const HandOffName = "x-tremplin-handoff"

// HandOff is the handlers' side of the codec, for connect.WithCodec.
func HandOff() connect.Codec { return handlerSide{} }

// handOffs holds the messages in transit. A ticket is normally taken a few microseconds after
// it is left; one that is not (a call refused before its body was read, internal/procguard) is
// dropped with its generation: two generations of handOffTTL each.
var handOffs = newHandOffTable(time.Now)

const handOffTTL = 10 * time.Second

type handOffTable struct {
	now               func() time.Time
	mu                sync.Mutex
	next              uint64
	current, previous map[uint64]proto.Message
	rotated           time.Time
}

func newHandOffTable(now func() time.Time) *handOffTable {
	return &handOffTable{now: now, current: map[uint64]proto.Message{}, previous: map[uint64]proto.Message{}, rotated: now()}
}

func (t *handOffTable) leave(msg proto.Message) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now := t.now(); now.Sub(t.rotated) > handOffTTL {
		t.previous, t.current, t.rotated = t.current, map[uint64]proto.Message{}, now
	}
	t.next++
	t.current[t.next] = msg
	return binary.BigEndian.AppendUint64(nil, t.next)
}

var errNoTicket = errors.New("handoff: no message under this ticket")

func (t *handOffTable) take(ticket []byte) (proto.Message, error) {
	if len(ticket) != 8 {
		return nil, errNoTicket
	}
	n := binary.BigEndian.Uint64(ticket)
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, generation := range []map[uint64]proto.Message{t.current, t.previous} {
		if msg, ok := generation[n]; ok {
			delete(generation, n)
			return msg, nil
		}
	}
	return nil, errNoTicket
}

// receive takes the message under ticket into dst: its fields moved (lists and sub-messages
// shared, not copied), or copied through its encoding when the two are not of one Go type.
func receive(ticket []byte, dst proto.Message) error {
	src, err := handOffs.take(ticket)
	if err != nil {
		return err
	}
	to, from := dst.ProtoReflect(), src.ProtoReflect()
	if to.Descriptor().FullName() != from.Descriptor().FullName() {
		return fmt.Errorf("handoff: a %s was sent, a %s expected", from.Descriptor().FullName(), to.Descriptor().FullName())
	}
	if to.Type() != from.Type() {
		// Another Go type of the same message (dynamicpb): through its encoding.
		data, err := proto.Marshal(src)
		if err != nil {
			return err
		}
		return proto.Unmarshal(data, dst)
	}
	from.Range(func(f protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		to.Set(f, v)
		return true
	})
	if unknown := from.GetUnknown(); len(unknown) > 0 {
		to.SetUnknown(unknown)
	}
	return nil
}

// handlerSide is the codec as connect-go's handlers use it.
type handlerSide struct{}

func (handlerSide) Name() string { return HandOffName }

func (handlerSide) Marshal(msg any) ([]byte, error) {
	m, ok := msg.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("handoff: %T is not a proto message", msg)
	}
	return handOffs.leave(m), nil
}

func (handlerSide) Unmarshal(data []byte, msg any) error {
	m, ok := msg.(proto.Message)
	if !ok {
		return fmt.Errorf("handoff: %T is not a proto message", msg)
	}
	return receive(data, m)
}

// gatewaySide is the codec as vanguard uses it, towards the handlers.
type gatewaySide struct{}

var _ vanguard.Codec = gatewaySide{}

func (gatewaySide) Name() string { return HandOffName }

func (gatewaySide) MarshalAppend(base []byte, msg proto.Message) ([]byte, error) {
	return append(base, handOffs.leave(msg)...), nil
}

func (gatewaySide) Unmarshal(data []byte, msg proto.Message) error { return receive(data, msg) }
