package activity_test

import (
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/tremplin/tremplin/ent/application"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	commonv1 "github.com/tremplin/tremplin/gen/tremplin/common/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The event form's rules: the type follows the subject, details go with face to face and
// video-conferencing only, the contact must be reachable by the chosen medium, and an event of
// an application is about that job.
func TestEventRules(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		app := addApplication(t, srv, alice, "Airbus", application.StatusEngaged, lea)
		lost := addApplication(t, srv, alice, "Thales", application.StatusLost, lea)
		date := timestamppb.New(srv.Clock.Now().Add(48 * time.Hour))

		coffee := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: mobile, MediaDetails: "ignoré",
			ContactId: lea.GetId(), Date: date, Type: activityv1.EventType_EVENT_TYPE_INTERVIEW})
		if coffee.GetType() != activityv1.EventType_EVENT_TYPE_EVENT || coffee.GetMediaDetails() != "" {
			t.Errorf("a coffee: type %v, details %q; want a meeting without details", coffee.GetType(), coffee.GetMediaDetails())
		}
		interview := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT,
			MediaType: activityv1.MediaType_MEDIA_TYPE_FACE_TO_FACE, MediaDetails: " 12 rue de la Paix, Paris ", ContactId: lea.GetId(),
			ApplicationId: app.ID.String(), Date: date})
		if interview.GetType() != activityv1.EventType_EVENT_TYPE_INTERVIEW || interview.GetMediaDetails() != "12 rue de la Paix, Paris" ||
			interview.GetApplication().GetCompany() != "Airbus" {
			t.Errorf("an interview: %v", interview)
		}
		create := func(d *activityv1.EventDraft) error {
			d.Date = date
			_, err := actOf(alice).CreateEvent(bg, &activityv1.CreateEventRequest{Event: d})
			return err
		}
		testserver.WantFieldViolation(t, "a video call without its link", create(&activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_DISCOVERY,
			MediaType: activityv1.MediaType_MEDIA_TYPE_VIDEO_CONFERENCING}), "event.media_details", apierr.Required)
		testserver.WantFieldViolation(t, "a landline the contact has not", create(&activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_DISCOVERY,
			MediaType: phone, ContactId: lea.GetId()}), "event.media_type", "Ce contact n'a pas de numéro de téléphone fixe")
		testserver.WantFieldViolation(t, "a webinar for an application", create(&activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_WEBINAR,
			MediaType: activityv1.MediaType_MEDIA_TYPE_VIDEO_CONFERENCING, MediaDetails: "https://visio.exemple.fr", ApplicationId: app.ID.String()}),
			"event.subject", "Ce sujet n'est pas proposé pour une opportunité")
		testserver.WantRefusal(t, "a lost application", create(&activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT,
			MediaType: mobile, ContactId: lea.GetId(), ApplicationId: lost.ID.String()}), connect.CodeFailedPrecondition, "APPLICATION_CLOSED")

		// An event is completed once passed, with its mood; then it no longer changes.
		_, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: coffee.GetId(), Mood: activityv1.Mood_MOOD_EXCELLENT})
		testserver.WantRefusal(t, "completing a coming event", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
		_, err = actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: coffee.GetId()})
		testserver.WantFieldViolation(t, "an event's report without mood", err, "report.mood", apierr.Required)
		srv.Clock.Advance(72 * time.Hour)
		if _, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: coffee.GetId(), Mood: activityv1.Mood_MOOD_EXCELLENT}); err != nil {
			t.Fatal(err)
		}
		_, err = actOf(alice).UpdateEvent(bg, &activityv1.UpdateEventRequest{Id: coffee.GetId(), Event: &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_MEAL, MediaType: mobile, Date: date}})
		testserver.WantRefusal(t, "changing a completed event", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
		_, err = actOf(alice).DeleteEvent(bg, &activityv1.DeleteEventRequest{Id: coffee.GetId()})
		testserver.WantRefusal(t, "deleting a completed event", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
	})
}

// Completing activities moves their contact and their application on, and plans the
// follow-ups: thanks after an interview (next working day), a reminder after sending an
// application (7 days later). The report can then change, not be added twice.
func TestReportsMoveContactsApplicationsAndPlanFollowUps(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		// Friday 20 November 2026, 16:00 in Paris.
		srv.Clock.Set(at(2026, 11, 20, 16, 0))
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		paul := addContact(t, alice, "Paul", "Petit")
		app := addApplication(t, srv, alice, "Airbus", application.StatusNew, lea)

		send := planTask(t, srv, alice, &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_SEND_APPLICATION, ContactId: lea.GetId(), MediaType: email,
			ApplicationId: app.ID.String(), Deadline: timestamppb.New(at(2026, 11, 20, 12, 0))})
		res, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: send.GetId(), MarkAsCompleteComment: "CV et lettre envoyés",
			Resources: []*commonv1.Resource{{Label: "Offre", Url: "https://emploi.exemple.fr/123"}}})
		if err != nil {
			t.Fatal(err)
		}
		done := res.GetActivity().GetTask()
		if done.GetStatus() != activityv1.ActivityStatus_ACTIVITY_STATUS_COMPLETED || !done.GetExecutionDate().AsTime().Equal(srv.Clock.Now()) ||
			done.GetMarkAsCompleteComment() != "CV et lettre envoyés" || len(done.GetResources()) != 1 {
			t.Errorf("completed task: %v", done)
		}
		if len(res.GetAutomaticTasks()) != 1 {
			t.Fatalf("automatic tasks after sending an application: %v", res.GetAutomaticTasks())
		}
		reminder := res.GetAutomaticTasks()[0]
		if reminder.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_REMINDER_APPLICATION || !reminder.GetDeadline().AsTime().Equal(at(2026, 11, 27, 12, 0)) ||
			reminder.GetContact().GetId() != lea.GetId() || reminder.GetApplication().GetId() != app.ID.String() || reminder.GetMediaType() != email {
			t.Errorf("reminder: %v", reminder)
		}
		// The contact is engaged, the application too, since now.
		if c, _ := netOf(alice).GetContact(bg, &networkv1.GetContactRequest{Id: lea.GetId()}); c.GetContact().GetStatus() != commonv1.ContactStatus_CONTACT_STATUS_ENGAGED {
			t.Errorf("contact after a completed task: %v", c.GetContact().GetStatus())
		}
		engaged := srv.Client.Application.GetX(alice.Context(), app.ID)
		if engaged.Status != application.StatusEngaged || engaged.EngagedAt == nil || !engaged.EngagedAt.Equal(srv.Clock.Now()) {
			t.Fatalf("application after its first completed activity: %s %v", engaged.Status, engaged.EngagedAt)
		}

		// Adding the report twice is refused; changing it works.
		_, err = actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: send.GetId()})
		testserver.WantRefusal(t, "a second report", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")
		upd, err := actOf(alice).UpdateReport(bg, &activityv1.UpdateReportRequest{ActivityType: taskKind, Id: send.GetId(), MarkAsCompleteComment: "Envoyés par e-mail"})
		if err != nil || upd.GetActivity().GetTask().GetMarkAsCompleteComment() != "Envoyés par e-mail" {
			t.Errorf("updating the report: %v %v", upd, err)
		}
		_, err = actOf(alice).UpdateReport(bg, &activityv1.UpdateReportRequest{ActivityType: taskKind, Id: reminder.GetId(), MarkAsCompleteComment: "x"})
		testserver.WantRefusal(t, "the report of a task not done", err, connect.CodeFailedPrecondition, "ACTIVITY_STATE")

		// An interview with Paul on Friday afternoon, reported: thanks on Monday.
		interview := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_RECRUITMENT, MediaType: mobile,
			ContactId: paul.GetId(), Date: timestamppb.New(at(2026, 11, 20, 14, 0))})
		rep, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: interview.GetId(), Mood: activityv1.Mood_MOOD_SATISFYING})
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.GetActivity().GetEvent(); got.GetStatus() != activityv1.ActivityStatus_ACTIVITY_STATUS_COMPLETED || got.GetMood() != activityv1.Mood_MOOD_SATISFYING {
			t.Errorf("completed event: %v", got)
		}
		if len(rep.GetAutomaticTasks()) != 1 {
			t.Fatalf("automatic tasks after an interview: %v", rep.GetAutomaticTasks())
		}
		thanks := rep.GetAutomaticTasks()[0]
		if thanks.GetSubject() != activityv1.TaskSubject_TASK_SUBJECT_THANKS_AFTER_INTERVIEW || !thanks.GetDeadline().AsTime().Equal(at(2026, 11, 23, 12, 0)) ||
			thanks.GetContact().GetId() != paul.GetId() || thanks.GetMediaType() != email {
			t.Errorf("thanks: %v", thanks)
		}
		// Thanking completes the cycle: Paul is thanked.
		if _, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: thanks.GetId()}); err != nil {
			t.Fatal(err)
		}
		if c, _ := netOf(alice).GetContact(bg, &networkv1.GetContactRequest{Id: paul.GetId()}); c.GetContact().GetStatus() != commonv1.ContactStatus_CONTACT_STATUS_THANKED {
			t.Errorf("contact after a thank-you task: %v", c.GetContact().GetStatus())
		}
		// The automatic tasks are in the list, and a contact with activities is no longer deletable.
		list, err := actOf(alice).ListTasks(bg, &activityv1.ListTasksRequest{})
		if err != nil || len(list.GetTasks()) != 3 {
			t.Fatalf("tasks listed: %v %v", list.GetTasks(), err)
		}
		_, err = netOf(alice).DeleteContact(bg, &networkv1.DeleteContactRequest{Id: paul.GetId()})
		testserver.WantRefusal(t, "deleting a contact with activities", err, connect.CodeFailedPrecondition, "CONTACT_NOT_DELETABLE")

		// A second completed activity of the application keeps its engagement date.
		srv.Clock.Advance(time.Hour)
		if _, err := actOf(alice).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: reminder.GetId()}); err != nil {
			t.Fatal(err)
		}
		if again := srv.Client.Application.GetX(alice.Context(), app.ID); !again.EngagedAt.Equal(*engaged.EngagedAt) {
			t.Errorf("the engagement date moved: %v", again.EngagedAt)
		}
	})
}

// Another candidate's activities are not found, whatever the call, and cannot be linked to.
func TestActivitiesOfAnotherCandidateAreNotFound(t *testing.T) {
	testserver.EachDialect(t, func(t *testing.T, srv *testserver.Start) {
		alice := srv.SignInAs(t, testserver.TrialCandidate, "alice@exemple.fr")
		bob := srv.SignInAs(t, testserver.TrialCandidate, "bob@exemple.fr")
		lea := addContact(t, alice, "Lea", "Dubois")
		app := addApplication(t, srv, alice, "Airbus", application.StatusNew, lea)
		task := planTask(t, srv, alice, &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_REMINDER, ContactId: lea.GetId(), MediaType: email})
		ev := planEvent(t, alice, &activityv1.EventDraft{Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: mobile, ContactId: lea.GetId(),
			Date: timestamppb.New(srv.Clock.Now().Add(-time.Hour))})
		draft := &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_INTERNET_SEARCHES, Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
			Deadline: timestamppb.New(srv.Tomorrow())}

		calls := map[string]func() error{
			"GetTask": func() error {
				_, err := actOf(bob).GetTask(bg, &activityv1.GetTaskRequest{Id: task.GetId()})
				return err
			},
			"UpdateTask": func() error {
				_, err := actOf(bob).UpdateTask(bg, &activityv1.UpdateTaskRequest{Id: task.GetId(), Task: draft})
				return err
			},
			"DeleteTask": func() error {
				_, err := actOf(bob).DeleteTask(bg, &activityv1.DeleteTaskRequest{Id: task.GetId()})
				return err
			},
			"AddReport": func() error {
				_, err := actOf(bob).AddReport(bg, &activityv1.AddReportRequest{ActivityType: taskKind, Id: task.GetId()})
				return err
			},
			"UpdateReport": func() error {
				_, err := actOf(bob).UpdateReport(bg, &activityv1.UpdateReportRequest{ActivityType: taskKind, Id: task.GetId()})
				return err
			},
			"UpdateAdditionalInformation": func() error {
				_, err := actOf(bob).UpdateAdditionalInformation(bg, &activityv1.UpdateAdditionalInformationRequest{ActivityType: taskKind, Id: task.GetId(),
					Inputs: &activityv1.AdditionalInformation{Comments: "pirate"}})
				return err
			},
		}
		for name, call := range calls {
			testserver.WantNotFound(t, name+" of alice's task", call(), apierr.Task)
		}
		eventCalls := map[string]func() error{
			"GetEvent": func() error {
				_, err := actOf(bob).GetEvent(bg, &activityv1.GetEventRequest{Id: ev.GetId()})
				return err
			},
			"UpdateEvent": func() error {
				_, err := actOf(bob).UpdateEvent(bg, &activityv1.UpdateEventRequest{Id: ev.GetId(), Event: &activityv1.EventDraft{
					Subject: activityv1.EventSubject_EVENT_SUBJECT_COFFEE, MediaType: mobile, Date: timestamppb.Now()}})
				return err
			},
			"DeleteEvent": func() error {
				_, err := actOf(bob).DeleteEvent(bg, &activityv1.DeleteEventRequest{Id: ev.GetId()})
				return err
			},
			"AddReport": func() error {
				_, err := actOf(bob).AddReport(bg, &activityv1.AddReportRequest{ActivityType: eventKind, Id: ev.GetId(), Mood: activityv1.Mood_MOOD_POOR})
				return err
			},
			"GetCalendarLinks": func() error {
				_, err := actOf(bob).GetCalendarLinks(bg, &activityv1.GetCalendarLinksRequest{Id: ev.GetId()})
				return err
			},
			"DownloadEventCalendar": func() error {
				_, err := actOf(bob).DownloadEventCalendar(bg, &activityv1.DownloadEventCalendarRequest{Id: ev.GetId()})
				return err
			},
		}
		for name, call := range eventCalls {
			testserver.WantNotFound(t, name+" of alice's event", call(), apierr.Event)
		}
		// Alice's contact and application cannot be linked to bob's activities.
		withContact := &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_REMINDER, Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
			Deadline: timestamppb.New(srv.Tomorrow()), ContactId: lea.GetId(), MediaType: email}
		_, err := actOf(bob).CreateTask(bg, &activityv1.CreateTaskRequest{Task: withContact})
		testserver.WantNotFound(t, "bob's task with alice's contact", err, apierr.Contact)
		withApp := &activityv1.TaskDraft{Subject: activityv1.TaskSubject_TASK_SUBJECT_OTHER, CustomSubject: "x", Priority: activityv1.TaskPriority_TASK_PRIORITY_NORMAL,
			Deadline: timestamppb.New(srv.Tomorrow()), ApplicationId: app.ID.String()}
		_, err = actOf(bob).CreateTask(bg, &activityv1.CreateTaskRequest{Task: withApp})
		testserver.WantNotFound(t, "bob's task with alice's application", err, apierr.Application)
		// Bob's lists, filtered on alice's contact or not, hold none of her tasks.
		for name, req := range map[string]*activityv1.ListTasksRequest{"on alice's contact": {ContactId: lea.GetId()}, "whole": {}} {
			if list, err := actOf(bob).ListTasks(bg, req); err != nil || len(list.GetTasks()) != 0 {
				t.Errorf("bob's list %s: %v (%v)", name, list.GetTasks(), err)
			}
		}
		// Nothing of alice's changed.
		if got, err := actOf(alice).GetTask(bg, &activityv1.GetTaskRequest{Id: task.GetId()}); err != nil || got.GetTask().GetComments() != "" {
			t.Errorf("alice's task: %v %v", got, err)
		}
		if n := srv.Client.Task.Query().CountX(bob.Context()); n != 0 {
			t.Errorf("bob has %d tasks", n)
		}
	})
}

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
