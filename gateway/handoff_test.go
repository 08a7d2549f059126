package gateway

import (
	"errors"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/dynamicpb"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
)

// A message handed over arrives whole in the receiver's message, once; a second take of its
// ticket, a ticket never given and one of the wrong length are refused.
func TestAHandedMessageArrivesOnce(t *testing.T) {
	sent := &networkv1.ListContactsResponse{
		Contacts: []*networkv1.Contact{
			{Id: "1", LastName: "DUPONT", Status: commonv1.ContactStatus_CONTACT_STATUS_ENGAGED, Tags: []*networkv1.Tag{{Id: "t", Name: "Lyon"}},
				Parent: &commonv1.ContactRef{Id: "p", FirstName: "Paul"}},
			{Id: "2", LastName: "MARTIN"},
		},
		NextPageToken: proto.String("suite"),
	}
	want := proto.Clone(sent)
	ticket, err := HandOff().Marshal(sent)
	if err != nil {
		t.Fatal(err)
	}
	got := &networkv1.ListContactsResponse{}
	if err := (gatewaySide{}).Unmarshal(ticket, got); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got, want) {
		t.Fatalf("received %v, want %v", got, want)
	}
	if err := (gatewaySide{}).Unmarshal(ticket, &networkv1.ListContactsResponse{}); !errors.Is(err, errNoTicket) {
		t.Errorf("a ticket taken twice: %v, want errNoTicket", err)
	}
	if err := (gatewaySide{}).Unmarshal([]byte{0, 0, 0, 0, 0, 0, 0, 0}, &networkv1.ListContactsResponse{}); !errors.Is(err, errNoTicket) {
		t.Errorf("a ticket never given: %v, want errNoTicket", err)
	}
	if err := (gatewaySide{}).Unmarshal([]byte{1}, &networkv1.ListContactsResponse{}); !errors.Is(err, errNoTicket) {
		t.Errorf("a short ticket: %v, want errNoTicket", err)
	}
}

// The other direction (the gateway's request to a handler), into a message of another Go
// type (dynamicpb, as the fuzz test's handlers use), and a message of another type refused.
func TestAHandedRequestReachesTheHandler(t *testing.T) {
	sent := &networkv1.ListContactsRequest{Search: "dupont", Statuses: []commonv1.ContactStatus{commonv1.ContactStatus_CONTACT_STATUS_NEW}}
	want := proto.Clone(sent)
	ticket, err := (gatewaySide{}).MarshalAppend([]byte{}, sent)
	if err != nil {
		t.Fatal(err)
	}
	got := dynamicpb.NewMessage(sent.ProtoReflect().Descriptor())
	if err := HandOff().Unmarshal(ticket, got); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got, want) {
		t.Fatalf("received %v, want %v", got, want)
	}
	ticket, _ = (gatewaySide{}).MarshalAppend(nil, sent)
	if err := HandOff().Unmarshal(ticket, &networkv1.GetContactRequest{}); err == nil {
		t.Error("a ListContactsRequest received as a GetContactRequest")
	}
}

// A ticket nobody takes (a call refused before its body was read) is dropped after two
// generations: the table does not grow with refused calls.
func TestAnUntakenTicketIsDropped(t *testing.T) {
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	table := newHandOffTable(func() time.Time { return now })
	forgotten := table.leave(&networkv1.GetContactRequest{Id: "1"})
	now = now.Add(handOffTTL + time.Second)
	recent := table.leave(&networkv1.GetContactRequest{Id: "2"}) // forgotten's generation is now the previous one
	if _, err := table.take(recent); err != nil {
		t.Fatalf("a ticket of this generation: %v", err)
	}
	now = now.Add(handOffTTL + time.Second)
	table.leave(&networkv1.GetContactRequest{Id: "3"}) // and now dropped
	if _, err := table.take(forgotten); !errors.Is(err, errNoTicket) {
		t.Errorf("a ticket two generations old: %v, want errNoTicket", err)
	}
	if n := len(table.current) + len(table.previous); n != 1 {
		t.Errorf("%d messages kept, want 1", n)
	}
}
