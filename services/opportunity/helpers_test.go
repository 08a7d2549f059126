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

// oppOf, netOf and actOf are Connect clients of the services an application touches,
// speaking as s.
func oppOf(s *testserver.Session) opportunityv1connect.OpportunityServiceClient {
	return testserver.Connect(s, opportunityv1connect.NewOpportunityServiceClient)
}

func netOf(s *testserver.Session) networkv1connect.NetworkServiceClient {
	return testserver.Connect(s, networkv1connect.NewNetworkServiceClient)
}

func actOf(s *testserver.Session) activityv1connect.ActivityServiceClient {
	return testserver.Connect(s, activityv1connect.NewActivityServiceClient)
}

// addContact adds a reachable contact of c at company, introduced by parent when given.
func addContact(t testing.TB, c *testserver.Session, first, last, company string, parent *networkv1.Contact) *networkv1.Contact {
	t.Helper()
	d := &networkv1.ContactDraft{FirstName: first, LastName: last, Company: company, Email: "x@exemple.fr"}
	if parent != nil {
		d.ParentId = parent.GetId()
	}
	res, err := netOf(c).CreateContact(bg, &networkv1.CreateContactRequest{Contact: d})
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

// createApplication saves an application of c over Connect and answers it; the clock moves a
// minute after, so creations are ordered.
func createApplication(t testing.TB, srv *testserver.Start, c *testserver.Session, d *opportunityv1.ApplicationDraft) *opportunityv1.Application {
	t.Helper()
	res, err := oppOf(c).CreateApplication(bg, &opportunityv1.CreateApplicationRequest{Application: d})
	if err != nil {
		t.Fatalf("creating %s: %v", d.GetCompany(), err)
	}
	srv.Clock.Advance(time.Minute)
	return res.GetApplication()
}

func getApplication(t testing.TB, c *testserver.Session, id string) *opportunityv1.Application {
	t.Helper()
	res, err := oppOf(c).GetApplication(bg, &opportunityv1.GetApplicationRequest{Id: id})
	if err != nil {
		t.Fatalf("getting %s: %v", id, err)
	}
	return res.GetApplication()
}

// listCompanies answers the companies c lists for req, in order.
func listCompanies(t testing.TB, c *testserver.Session, req *opportunityv1.ListApplicationsRequest) []string {
	t.Helper()
	res, err := oppOf(c).ListApplications(bg, req)
	if err != nil {
		t.Fatalf("listing %v: %v", req, err)
	}
	out := []string{}
	for _, a := range res.GetApplications() {
		out = append(out, a.GetCompany())
	}
	return out
}

// completeTaskOn plans a task of c on the application and completes it (the activity
// service's report), as a candidate would: the first one engages the application.
func completeTaskOn(t testing.TB, srv *testserver.Start, c *testserver.Session, applicationID string) {
	t.Helper()
	res, err := actOf(c).CreateTask(bg, &activityv1.CreateTaskRequest{Task: &activityv1.TaskDraft{
		Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "Relancer", ApplicationId: applicationID,
		Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL, Deadline: timestamppb.New(srv.Tomorrow())}})
	if err != nil {
		t.Fatalf("planning a task: %v", err)
	}
	if _, err := actOf(c).AddReport(bg, &activityv1.AddReportRequest{ActivityType: activityv1.ActivityType_ACTIVITY_TYPE_TASK, Id: res.GetTask().GetId()}); err != nil {
		t.Fatalf("completing the task: %v", err)
	}
}

const (
	stNew     = opportunityv1.ApplicationStatus_APPLICATION_STATUS_NEW
	stEngaged = opportunityv1.ApplicationStatus_APPLICATION_STATUS_ENGAGED
	stLost    = opportunityv1.ApplicationStatus_APPLICATION_STATUS_LOST
	stWin     = opportunityv1.ApplicationStatus_APPLICATION_STATUS_WIN
)
