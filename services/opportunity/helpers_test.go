package opportunity_test

import (
	"context"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/activity/v1/activityv1connect"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/gen/tremplin/network/v1/networkv1connect"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	"github.com/tremplin/tremplin/gen/tremplin/opportunity/v1/opportunityv1connect"
	"github.com/tremplin/tremplin/internal/testserver"
)

var bg = context.Background()

// candidate is a signed-in candidate with Connect clients of the services an application
// touches.
type candidate struct {
	*testserver.Session
	opp opportunityv1connect.OpportunityServiceClient
	net networkv1connect.NetworkServiceClient
	act activityv1connect.ActivityServiceClient
	srv *testserver.Start
}

func signIn(t testing.TB, srv *testserver.Start, p testserver.Persona, email string) *candidate {
	t.Helper()
	s := srv.SignInAs(t, p, email)
	return &candidate{Session: s, srv: srv,
		opp: testserver.Connect(s, opportunityv1connect.NewOpportunityServiceClient),
		net: testserver.Connect(s, networkv1connect.NewNetworkServiceClient),
		act: testserver.Connect(s, activityv1connect.NewActivityServiceClient)}
}

// contact adds a reachable contact at company, introduced by parent when given.
func (c *candidate) contact(t testing.TB, first, last, company string, parent *networkv1.Contact) *networkv1.Contact {
	t.Helper()
	d := &networkv1.ContactDraft{FirstName: first, LastName: last, Company: company, Email: "x@exemple.fr"}
	if parent != nil {
		d.ParentId = parent.GetId()
	}
	res, err := c.net.CreateContact(bg, &networkv1.CreateContactRequest{Contact: d})
	if err != nil {
		t.Fatalf("creating %s %s: %v", first, last, err)
	}
	return res.GetContact()
}

// draft is a filled application form.
func draft(company, job string, contacts ...*networkv1.Contact) *opportunityv1.ApplicationDraft {
	d := &opportunityv1.ApplicationDraft{Company: company, Job: job, Source: opportunityv1.ApplicationSource_APPLICATION_SOURCE_JOB_BOARD,
		Reference: "REF-42", Place: "Lyon", Salary: "45 k€", Description: proto.String("Poste en CDI"), SourceDetails: "Indeed",
		DateOfPublication: timestamppb.New(time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC))}
	for _, ct := range contacts {
		d.ContactIds = append(d.ContactIds, ct.GetId())
	}
	return d
}

// create saves an application over Connect and answers it; the clock moves a minute after,
// so creations are ordered.
func (c *candidate) create(t testing.TB, d *opportunityv1.ApplicationDraft) *opportunityv1.Application {
	t.Helper()
	res, err := c.opp.CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: d})
	if err != nil {
		t.Fatalf("creating %s: %v", d.GetCompany(), err)
	}
	c.srv.Clock.Advance(time.Minute)
	return res.GetApplication()
}

func (c *candidate) get(t testing.TB, id string) *opportunityv1.Application {
	t.Helper()
	res, err := c.opp.GetApplication(bg, &opportunityv1.GetApplicationRequest{Id: id})
	if err != nil {
		t.Fatalf("getting %s: %v", id, err)
	}
	return res.GetApplication()
}

// list answers the companies listed for req, in order.
func (c *candidate) list(t testing.TB, req *opportunityv1.ListApplicationsRequest) []string {
	t.Helper()
	res, err := c.opp.ListApplications(bg, req)
	if err != nil {
		t.Fatalf("listing %v: %v", req, err)
	}
	out := []string{}
	for _, a := range res.GetApplications() {
		out = append(out, a.GetCompany())
	}
	return out
}

// completeTaskOn plans a task on the application and completes it (the activity service's
// report), as a candidate would: the first one engages the application.
func (c *candidate) completeTaskOn(t testing.TB, applicationID string) {
	t.Helper()
	res, err := c.act.CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
		Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "Relancer", ApplicationId: applicationID,
		Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(c.srv.Tomorrow())}})
	if err != nil {
		t.Fatalf("planning a task: %v", err)
	}
	if _, err := c.act.AddReport(bg, &activityv1.AddReportRequest{ActivityType: activityv1.ActivityType_ACTIVITY_TYPE_TASK, Id: res.GetTask().GetId()}); err != nil {
		t.Fatalf("completing the task: %v", err)
	}
}

const (
	stNew     = opportunityv1.ApplicationStatus_APPLICATION_STATUS_NEW
	stEngaged = opportunityv1.ApplicationStatus_APPLICATION_STATUS_ENGAGED
	stLost    = opportunityv1.ApplicationStatus_APPLICATION_STATUS_LOST
	stWin     = opportunityv1.ApplicationStatus_APPLICATION_STATUS_WIN
)
