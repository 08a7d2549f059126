package activity_test

import (
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The task form's rules hold on the server, for creations and changes alike.
func TestTaskRules(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		paul := addContact(t, alice, "Paul", "Petit")
		app := addApplication(t, srv, alice, "Airbus", application.StatusNew, lea)
		won := addApplication(t, srv, alice, "Thales", application.StatusWin, lea)
		tomorrow := timestamppb.New(srv.Tomorrow())
		create := func(d *activityv1.TaskDraft) error {
			if d.Deadline == nil {
				d.Deadline = tomorrow
			}
			if d.Priority == 0 {
				d.Priority = activityv1.TaskPriority_TASK_PRIORITY_NORMAL
			}
			_, err := actOf(alice).CreateTask(bg, &activityv1.CreateTaskRequest{Task: d})
			return err
		}
		subject := activityv1.TaskSubject_TASK_SUBJECT_REMINDER

		testserver.WantFieldViolation(t, "a contact without media type",
			create(&activityv1.TaskDraft{Subject: subject, ContactId: lea.GetId()}), "task.media_type", apierr.Required)
		testserver.WantFieldViolation(t, "a contact subject without contact",
			create(&activityv1.TaskDraft{Subject: subject}), "task.contact", apierr.Required)
		testserver.WantFieldViolation(t, "a landline the contact has not",
			create(&activityv1.TaskDraft{Subject: subject, ContactId: lea.GetId(), MediaType: phone}),
			"task.media_type", "Ce contact n'a pas de numéro de téléphone fixe")
		testserver.WantFieldViolation(t, "other without its custom subject",
			create(&activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER}), "task.custom_subject", apierr.Required)
		testserver.WantRefusal(t, "a deadline yesterday", create(&activityv1.TaskDraft{Subject: subject, ContactId: lea.GetId(), MediaType: email,
			Deadline: timestamppb.New(srv.Clock.Now().AddDate(0, 0, -1))}), connect.CodeInvalidArgument, "DATE_IN_PAST")
		testserver.WantFieldViolation(t, "a subject not for an application",
			create(&activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_FIRST_CONTACT, ContactId: lea.GetId(), MediaType: email, ApplicationId: app.ID.String()}),
			"task.subject", "Ce sujet n'est pas proposé pour une opportunité")
		testserver.WantFieldViolation(t, "a contact not of the application",
			create(&activityv1.TaskDraft{Subject: subject, ContactId: paul.GetId(), MediaType: email, ApplicationId: app.ID.String()}),
			"task.contact_id", "Ce contact n'est pas associé à cette opportunité")
		testserver.WantRefusal(t, "a won application", create(&activityv1.TaskDraft{Subject: subject, ContactId: lea.GetId(), MediaType: email, ApplicationId: won.ID.String()}),
			connect.CodeFailedPrecondition, "APPLICATION_CLOSED")
		if n := srv.Client.Task.Query().CountX(alice.Context()); n != 0 {
			t.Fatalf("refused drafts saved %d tasks", n)
		}

		// A personal subject drops the contact and its media type, as the form does.
		personal := planTask(t, srv, alice, &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, ContactId: lea.GetId(), MediaType: email})
		if personal.GetContact() != nil || personal.GetMediaType() != 0 {
			t.Errorf("internet searches kept %v / %v", personal.GetContact(), personal.GetMediaType())
		}
		// A task of the application with its contact.
		linked := planTask(t, srv, alice, &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION, ContactId: lea.GetId(), MediaType: mobile, ApplicationId: app.ID.String()})
		if linked.GetApplication().GetCompany() != "Airbus" || linked.GetContact().GetLastName() != "DUBOIS" {
			t.Errorf("linked task: %v", linked)
		}

		// Changes: the initial deadline stays; an overdue task can be edited without moving it,
		// not moved into the past.
		next := timestamppb.New(srv.Clock.Now().AddDate(0, 0, 3))
		res, err := actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: linked.GetId(), Task: &activityv1.TaskDraft{
			Subject: activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION, ContactId: lea.GetId(), MediaType: mobile, ApplicationId: app.ID.String(),
			Priority: activityv1.TaskPriority_TASK_PRIORITY_HIGH, Deadline: next, Comments: proto.String("CV à jour")}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.GetTask(); !got.GetDeadline().AsTime().Equal(next.AsTime()) || !got.GetInitialDeadline().AsTime().Equal(linked.GetInitialDeadline().AsTime()) ||
			got.GetPriority() != activityv1.TaskPriority_TASK_PRIORITY_HIGH || got.GetComments() != "CV à jour" {
			t.Errorf("updated: %v", got)
		}
		srv.Clock.Advance(5 * 24 * time.Hour) // the task is now overdue
		overdue := &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION, ContactId: lea.GetId(), MediaType: mobile,
			ApplicationId: app.ID.String(), Priority: activityv1.TaskPriority_TASK_PRIORITY_URGENT, Deadline: next}
		if _, err := actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: linked.GetId(), Task: overdue}); err != nil {
			t.Errorf("editing an overdue task without moving its deadline: %v", err)
		}
		overdue.Deadline = timestamppb.New(srv.Clock.Now().AddDate(0, 0, -1))
		_, err = actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: linked.GetId(), Task: overdue})
		testserver.WantRefusal(t, "moving a deadline into the past", err, connect.CodeInvalidArgument, "DATE_IN_PAST")

		// Completed: no change, no deletion; the additional information still changes.
		if _, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: linked.GetId(), MarkAsCompleteComment: "Envoyée"}); err != nil {
			t.Fatal(err)
		}
		overdue.Deadline = timestamppb.New(srv.Tomorrow())
		_, err = actOf(alice).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: linked.GetId(), Task: overdue})
		testserver.WantRefusal(t, "changing a completed task", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
		_, err = actOf(alice).DeleteTask(bg, &activityv1.DeleteTaskRequest{Id: linked.GetId()})
		testserver.WantRefusal(t, "deleting a completed task", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
		info, err := actOf(alice).UpdateAdditionalInformation(bg, &activityv1.UpdateAdditionalInformationRequest{ActivityType: taskKind, Id: linked.GetId(),
			Inputs: &activityv1.AdditionalInformation{Comments: "Relancer en janvier"}})
		if err != nil || info.GetActivity().GetTask().GetComments() != "Relancer en janvier" {
			t.Errorf("additional information of a completed task: %v %v", info, err)
		}
		// Not completed: deleted.
		if _, err := actOf(alice).DeleteTask(bg, &activityv1.DeleteTaskRequest{Id: personal.GetId()}); err != nil {
			t.Fatal(err)
		}
		_, err = actOf(alice).GetTask(bg, &activityv1.GetTaskRequest{Id: personal.GetId()})
		testserver.WantNotFound(t, "a deleted task", err, apierr.Task)
	})
}
