package gateway

import (
	"fmt"
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
)

// BenchmarkEncodeContactList1000 is the gateway's share of a 1,000-contact list (issue 25's
// rebuilt list): the answer written as the spec's JSON. Run with
//
//	go test -run '^$' -bench EncodeContactList1000 ./gateway/
func BenchmarkEncodeContactList1000(b *testing.B) {
	created := timestamppb.New(time.Date(2026, 11, 18, 9, 30, 0, 123456000, time.UTC))
	tags := []*networkv1.Tag{{Id: "6f1c2d3e-0000-4000-8000-000000000001", Name: "Lyon"}, {Id: "6f1c2d3e-0000-4000-8000-000000000002", Name: "Banque"}}
	res := &networkv1.ListContactsResponse{}
	for i := range 1000 {
		c := &networkv1.Contact{
			Id: fmt.Sprintf("6f1c2d3e-0000-4000-8000-%012d", i), Rank: int32(i % 3), FirstName: "Hélène", LastName: fmt.Sprintf("DUPONT%d", i),
			Email: fmt.Sprintf("h%d@exemple.fr", i), Company: "Société Générale", Job: "Chargée de recrutement",
			MobileNumber: "06 12 34 56 78", Origin: "Salon", Status: commonv1.ContactStatus_CONTACT_STATUS_ENGAGED,
			Civility: commonv1.Civility_CIVILITY_FEMALE, CreatedDate: created, IsDeletable: i%2 == 0, Tags: tags[:i%3],
		}
		if i%4 == 0 {
			c.Parent = &commonv1.ContactRef{Id: "6f1c2d3e-0000-4000-8000-000000000000", FirstName: "Paul", LastName: "MARTIN", Company: "Banque"}
		}
		res.Contacts = append(res.Contacts, c)
	}
	c := codec()
	buf, err := c.MarshalAppend(nil, res)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		if buf, err = c.MarshalAppend(buf[:0], res); err != nil {
			b.Fatal(err)
		}
	}
}
