package server_test

import (
	"fmt"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/proto"

	accountv1 "github.com/tremplin/tremplin/gen/tremplin/account/v1"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	agencyv1 "github.com/tremplin/tremplin/gen/tremplin/agency/v1"
	authv1 "github.com/tremplin/tremplin/gen/tremplin/auth/v1"
	billingv1 "github.com/tremplin/tremplin/gen/tremplin/billing/v1"
	insightv1 "github.com/tremplin/tremplin/gen/tremplin/insight/v1"
	networkv1 "github.com/tremplin/tremplin/gen/tremplin/network/v1"
	opportunityv1 "github.com/tremplin/tremplin/gen/tremplin/opportunity/v1"
	webhookv1 "github.com/tremplin/tremplin/gen/tremplin/webhook/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/testserver"
)

// The table of the authorization matrix (matrix_test.go): one row per RPC, keyed by
// procedure, and a few more ways of calling some RPCs ("#variant": naming another agency's
// candidate under one's own agency, a foreign parent under one's own contact…). Reading a
// row: its kind says what the request names; req builds the request for caller c naming id,
// an object of party p (c's own party in the own cell, the foreign one in the other); want
// says what each caller gets, own / foreign.

// mxRequest is the type of mxRow.req.
type mxRequest = func(t *testing.T, w *mxWorld, c *mxCaller, p *mxParty, id string) proto.Message

// mxEmpty builds a request naming nothing.
func mxEmpty(msg proto.Message) mxRequest {
	return func(*testing.T, *mxWorld, *mxCaller, *mxParty, string) proto.Message { return msg }
}

const (
	mxTaskType  = activityv1.ActivityType_ACTIVITY_TYPE_TASK
	mxNewPasswd = "Nouveau-mdp-1"
)

func mxTable() map[string]mxRow {
	const (
		account     = "/tremplin.account.v1.AccountService/"
		activity    = "/tremplin.activity.v1.ActivityService/"
		agency      = "/tremplin.agency.v1.AgencyService/"
		auth        = "/tremplin.auth.v1.AuthService/"
		billing     = "/tremplin.billing.v1.BillingService/"
		network     = "/tremplin.network.v1.NetworkService/"
		opportunity = "/tremplin.opportunity.v1.OpportunityService/"
		webhook     = "/tremplin.webhook.v1.WebhookService/"
		insight     = "/tremplin.insight.v1.InsightService/"
	)
	nf := mxNotFound
	feedEnded := mxRefusal(connect.CodeNotFound, "NOT_FOUND")
	unnamed := mxRefusal(connect.CodeInvalidArgument, "INVALID_FIELDS") // the platform admin names no agency
	// The requests naming an object under an agency: the party's (mxInAgency), or, in the
	// #own-agency rows, the caller's own (mxInOwnAgency).
	allocateLicense := func(agency, id string) proto.Message {
		return &agencyv1.AllocateLicenseToCandidateRequest{Id: agency, CandidateId: id}
	}
	sendInvitation := func(agency, id string) proto.Message {
		return &agencyv1.SendNewEmailInvitationRequest{Id: agency, CandidateId: id}
	}
	updateEndpoint := func(agency, id string) proto.Message {
		return &webhookv1.UpdateWebhookEndpointRequest{AgencyId: agency, Id: id, Enabled: mxPtr(true)}
	}
	deleteEndpoint := func(agency, id string) proto.Message {
		return &webhookv1.DeleteWebhookEndpointRequest{AgencyId: agency, Id: id}
	}
	listDeliveries := func(agency, id string) proto.Message {
		return &webhookv1.ListWebhookDeliveriesRequest{AgencyId: agency, Id: id}
	}
	sendTestEvent := func(agency, id string) proto.Message {
		return &webhookv1.SendTestEventRequest{AgencyId: agency, Id: id}
	}
	return map[string]mxRow{
		// AccountService: the candidate's own data.
		account + "ExportMyData": {kind: mxAccountKind, req: mxEmpty(&accountv1.ExportMyDataRequest{}),
			want: mxCandidates(mxOK, mxIgnored)},
		// Each call deletes the one who makes it: a new candidate of the caller's kind.
		account + "DeleteMyAccount": {kind: mxSelfKind, clone: true,
			req:  mxEmpty(&accountv1.DeleteMyAccountRequest{Password: testserver.Password}),
			want: mxCandidates(mxDone, mxIgnored)},

		// ActivityService: tasks, appointments, reports, calendars, the dashboard.
		activity + "ListTasks": {kind: mxTaskKind,
			req:  mxListOfContact(func(contact string) proto.Message { return &activityv1.ListTasksRequest{ContactId: contact} }),
			want: mxCandidates(mxOK, mxIgnored)},
		activity + "GetTask": {kind: mxTaskKind, req: mxByID(func(id string) proto.Message { return &activityv1.GetTaskRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Task))},
		activity + "CreateTask": {kind: mxContactKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				d := w.taskDraft(c.own)
				d.ContactId = id
				return &activityv1.CreateTaskRequest{Task: d}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		activity + "UpdateTask": {kind: mxTaskKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &activityv1.UpdateTaskRequest{Id: id, Task: w.taskDraft(c.own)}
			},
			want: mxCandidates(mxOK, nf(apierr.Task))},
		activity + "DeleteTask": {kind: mxTaskKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &activityv1.DeleteTaskRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Task))},
		activity + "ListEvents": {kind: mxEventKind,
			req:  mxListOfContact(func(contact string) proto.Message { return &activityv1.ListEventsRequest{ContactId: contact} }),
			want: mxCandidates(mxOK, mxIgnored)},
		activity + "GetEvent": {kind: mxEventKind, req: mxByID(func(id string) proto.Message { return &activityv1.GetEventRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Event))},
		activity + "CreateEvent": {kind: mxContactKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				d := w.eventDraft(c.own)
				d.ContactId = id
				return &activityv1.CreateEventRequest{Event: d}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		activity + "UpdateEvent": {kind: mxEventKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &activityv1.UpdateEventRequest{Id: id, Event: w.eventDraft(c.own)}
			},
			want: mxCandidates(mxOK, nf(apierr.Event))},
		activity + "DeleteEvent": {kind: mxEventKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &activityv1.DeleteEventRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Event))},
		activity + "UpdateAdditionalInformation": {kind: mxTaskKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &activityv1.UpdateAdditionalInformationRequest{ActivityType: mxTaskType, Id: id,
					Inputs: &activityv1.AdditionalInformation{Comments: "Note " + c.own.mark}}
			},
			want: mxCandidates(mxOK, nf(apierr.Task))},
		activity + "AddReport": {kind: mxTaskKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &activityv1.AddReportRequest{ActivityType: mxTaskType, Id: id, MarkAsCompleteComment: "Fait " + c.own.mark}
			},
			want: mxCandidates(mxOK, nf(apierr.Task))},
		activity + "UpdateReport": {kind: mxDoneTaskKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &activityv1.UpdateReportRequest{ActivityType: mxTaskType, Id: id, MarkAsCompleteComment: "Refait " + c.own.mark}
			},
			want: mxCandidates(mxOK, nf(apierr.Task))},
		activity + "GetCalendarLinks": {kind: mxEventKind,
			req:  mxByID(func(id string) proto.Message { return &activityv1.GetCalendarLinksRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Event))},
		activity + "DownloadEventCalendar": {kind: mxEventKind,
			req:  mxByID(func(id string) proto.Message { return &activityv1.DownloadEventCalendarRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Event))},
		activity + "GetCalendarFeed": {kind: mxFeedKind, req: mxEmpty(&activityv1.GetCalendarFeedRequest{}),
			want: mxCandidates(mxOK, mxIgnored)},
		// A new feed, or none: the calls are made by new candidates, whose feed they end.
		activity + "ResetCalendarFeed": {kind: mxFeedKind, clone: true, req: mxEmpty(&activityv1.ResetCalendarFeedRequest{}),
			want: mxCandidates(mxDone, mxIgnored)},
		activity + "RevokeCalendarFeed": {kind: mxFeedKind, clone: true, req: mxEmpty(&activityv1.RevokeCalendarFeedRequest{}),
			want: mxCandidates(mxDone, mxIgnored)},
		// The feed's address is its secret: whoever holds it reads it, signed in or not.
		activity + "ReadCalendarFeed": {kind: mxFeedKind,
			req: mxByID(func(id string) proto.Message { return &activityv1.ReadCalendarFeedRequest{Token: id} }),
			// D's feed ended with their trial, as signing in with premium would have.
			want: mxPublic(mxOK, mxOK).but(mxCandC, mxOK, feedEnded).but(mxCandD, feedEnded, mxOK)},
		// So is the link of the task e-mail.
		activity + "UnsubscribeTaskNotifications": {kind: mxUnsubscribeKind,
			req:  mxByID(func(id string) proto.Message { return &activityv1.UnsubscribeTaskNotificationsRequest{Token: id} }),
			want: mxPublic(mxDone, mxDone)},
		activity + "GetDashboard": {kind: mxEventKind, req: mxEmpty(&activityv1.GetDashboardRequest{}),
			want: mxCandidates(mxOK, mxIgnored)},
		activity + "GetDashboardHistory": {kind: mxAccountKind, req: mxEmpty(&activityv1.GetDashboardHistoryRequest{}),
			want: mxCandidates(mxDone, mxIgnored)},
		activity + "GetDashboardSetting": {kind: mxAccountKind, req: mxEmpty(&activityv1.GetDashboardSettingRequest{}),
			want: mxCandidates(mxDone, mxIgnored)},
		activity + "UpdateDashboardSetting": {kind: mxAccountKind,
			req: mxEmpty(&activityv1.UpdateDashboardSettingRequest{DashboardSetting: &activityv1.DashboardSetting{
				NewContactLow: 1, NewContactMedium: 2, NewContactHigh: 3, FirstTaskLow: 1, FirstTaskMedium: 2, FirstTaskHigh: 3,
				CompletedInterviewLow: 1, CompletedInterviewMedium: 2, CompletedInterviewHigh: 3,
				EngagedApplicationLow: 1, EngagedApplicationMedium: 2, EngagedApplicationHigh: 3,
			}}),
			want: mxCandidates(mxDone, mxIgnored).premium()},

		// AgencyService: agencies, their candidates and licences, API keys.
		agency + "ListAgencies": {kind: mxAgencyKind, req: mxEmpty(&agencyv1.ListAgenciesRequest{}),
			want: mxPlatformOnly(mxAll, mxAll)},
		agency + "GetAgency": {kind: mxAgencyKind, req: mxByID(func(id string) proto.Message { return &agencyv1.GetAgencyRequest{Id: id} }),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		agency + "CreateAgency": {kind: mxAgencyKind,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, _ *mxParty, _ string) proto.Message {
				n := w.unique()
				return &agencyv1.CreateAgencyRequest{Name: fmt.Sprintf("Agence nouvelle %d", n), Email: fmt.Sprintf("agence%d@exemple.fr", n),
					UserProfile: &agencyv1.AgencyAdmin{FirstName: "Nadia", LastName: "Nouvelle", Email: fmt.Sprintf("nadia%d@exemple.fr", n)}}
			},
			want: mxPlatformOnly(mxDone, mxIgnored)},
		// The agency as it is: nothing changes but the call is made.
		agency + "UpdateAgency": {kind: mxAgencyKind,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, id string) proto.Message {
				return &agencyv1.UpdateAgencyRequest{Id: id, Name: p.agencyName(), Email: p.agencyEmail()}
			},
			want: mxPlatformOnly(mxOK, mxOK)},
		agency + "AllocateLicenses": {kind: mxAgencyKind,
			req: mxByID(func(id string) proto.Message {
				return &agencyv1.AllocateLicensesRequest{Id: id, NumLicensesToAllocate: 1}
			}),
			want: mxPlatformOnly(mxOK, mxOK)},
		agency + "CreateCandidate": {kind: mxAgencyKind,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, p *mxParty, id string) proto.Message {
				return &agencyv1.CreateCandidateRequest{Id: id, FirstName: "Invitée", LastName: p.mark,
					Email: fmt.Sprintf("invitee%d.%s@exemple.fr", w.unique(), p.mark)}
			},
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		// The candidate's agency named in the request: another one is unknown.
		agency + "AllocateLicenseToCandidate": {kind: mxUnlicensedKind, fresh: true,
			req:  mxInAgency(allocateLicense),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		// One of the caller's own licences, given to another agency's candidate.
		agency + "AllocateLicenseToCandidate#own-agency": {kind: mxUnlicensedKind, fresh: true,
			req:  mxInOwnAgency(allocateLicense),
			want: mxStaff(mxOK, nf(apierr.Candidate), mxOK, nf(apierr.Candidate))},
		agency + "SendNewEmailInvitation": {kind: mxPendingKind, fresh: true,
			req:  mxInAgency(sendInvitation),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		agency + "SendNewEmailInvitation#own-agency": {kind: mxPendingKind, fresh: true,
			req:  mxInOwnAgency(sendInvitation),
			want: mxStaff(mxOK, nf(apierr.Candidate), mxOK, nf(apierr.Candidate))},
		// No agency named (the route /api/candidates/{candidate_id}/…).
		agency + "SendNewEmailInvitation#any-agency": {kind: mxPendingKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, _ *mxParty, id string) proto.Message {
				return &agencyv1.SendNewEmailInvitationRequest{CandidateId: id}
			},
			want: mxStaff(mxOK, nf(apierr.Candidate), mxOK, mxOK)},
		// Searching for the party's candidate by their name.
		agency + "ListCandidates": {kind: mxCandidateKind,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, _ string) proto.Message {
				return &agencyv1.ListCandidatesRequest{Search: p.mark}
			},
			want:  mxStaff(mxOK, mxIgnored, mxOK, mxOK),
			check: mxCountsMatchRows},
		// Searching by the party's agency's name.
		agency + "ListCandidates#agency-name": {kind: mxCandidateKind,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, _ string) proto.Message {
				return &agencyv1.ListCandidatesRequest{Search: p.ag().agencyMark}
			},
			want:  mxStaff(mxOK, mxIgnored, mxOK, mxOK),
			check: mxCountsMatchRows},
		agency + "ListCandidates#all": {kind: mxCandidateKind, req: mxEmpty(&agencyv1.ListCandidatesRequest{}),
			want:  mxStaff(mxOK, mxIgnored, mxAll, mxAll),
			check: mxCountsMatchRows},
		agency + "ListAgencyCandidates": {kind: mxAgencyKind,
			req:   mxByID(func(id string) proto.Message { return &agencyv1.ListAgencyCandidatesRequest{Id: id} }),
			want:  mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK),
			check: mxCountsMatchRows},
		agency + "GetCandidateLicense": {kind: mxCandidateKind,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.GetCandidateLicenseRequest{Id: id} }),
			want: mxStaff(mxDone, nf(apierr.Candidate), mxDone, mxDone)},
		agency + "DefineAsB2C": {kind: mxUnlicensedKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.DefineAsB2CRequest{Id: id} }),
			want: mxPlatformOnly(mxOK, mxOK)},
		agency + "DefineAsB2B": {kind: mxB2CCandidateKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.DefineAsB2BRequest{Id: id} }),
			want: mxPlatformOnly(mxOK, mxOK)},
		agency + "SetFreeAccess": {kind: mxUnlicensedKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.SetFreeAccessRequest{Id: id, HasFreeAccess: true} }),
			want: mxStaff(mxOK, nf(apierr.Candidate), mxOK, mxOK)},
		agency + "DeleteCandidate": {kind: mxCandidateKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.DeleteCandidateRequest{Id: id} }),
			want: mxStaff(mxDone, nf(apierr.Candidate), mxDone, mxDone)},
		// The coach view is the candidate's agency's, not the platform's.
		agency + "GetCandidateProgress": {kind: mxCandidateKind,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.GetCandidateProgressRequest{Id: id} }),
			want: mxStaff(mxOK, nf(apierr.Candidate), mxRole, mxRole)},
		agency + "CreateApiKey": {kind: mxAgencyKind,
			req: mxByID(func(id string) proto.Message {
				return &agencyv1.CreateApiKeyRequest{Name: "Intégration", AgencyId: id}
			}),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK).peopleOnly()},
		agency + "ListApiKeys": {kind: mxAPIKeyKind,
			req:  mxInAgency(func(agency, _ string) proto.Message { return &agencyv1.ListApiKeysRequest{AgencyId: agency} }),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK).peopleOnly()},
		agency + "ListApiKeys#no-agency": {kind: mxAPIKeyKind, req: mxEmpty(&agencyv1.ListApiKeysRequest{}),
			want: mxStaff(mxOK, mxIgnored, mxAll, mxAll).peopleOnly()},
		agency + "RevokeApiKey": {kind: mxAPIKeyKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &agencyv1.RevokeApiKeyRequest{Id: id} }),
			want: mxStaff(mxDone, nf(apierr.APIKey), mxDone, mxDone).peopleOnly()},

		// AuthService: signing in and out, the profile.
		// A sign-in ends the session the browser carried: each call is made by a new caller.
		auth + "Login": {kind: mxPersonKind, clone: true,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, _ *mxParty, id string) proto.Message {
				return &authv1.LoginRequest{Email: w.emailOf(id), Password: testserver.Password}
			},
			want: mxPublic(mxOK, mxOK)},
		// Each call ends the session of a new caller of the kind.
		auth + "Logout": {kind: mxAccountKind, clone: true, req: mxEmpty(&authv1.LogoutRequest{}),
			want: mxPublic(mxDone, mxIgnored)},
		auth + "Me": {kind: mxSelfKind, req: mxEmpty(&authv1.MeRequest{}),
			want: mxSignedIn(mxOK, mxIgnored)},
		// Limited per address and per recipient: from many addresses, to new people.
		auth + "ResetPassword": {kind: mxPersonKind, fresh: true, spread: true,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, _ *mxParty, id string) proto.Message {
				return &authv1.ResetPasswordRequest{Email: w.emailOf(id)}
			},
			want: mxPublic(mxDone, mxDone)},
		// A link sets the password of the account it was sent to only: another's id with it
		// is refused.
		auth + "NewPassword": {kind: mxPersonKind, fresh: true,
			req: func(t *testing.T, w *mxWorld, c *mxCaller, p *mxParty, id string) proto.Message {
				holder := id
				if p != c.own {
					holder = w.newPerson(t, c.own)
				}
				return &authv1.NewPasswordRequest{Id: id, Password: mxNewPasswd, Token: w.resetToken(t, holder), AcceptTerms: true}
			},
			want: mxPublic(mxDone, mxRefusal(connect.CodeFailedPrecondition, "TOKEN_INVALID"))},
		auth + "UpdateProfile": {kind: mxSelfKind,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &authv1.UpdateProfileRequest{Id: id, Job: mxPtr("Acheteuse " + c.own.mark)}
			},
			want: mxSignedIn(mxOK, nf(apierr.User)).but(mxKeyX, mxRole, mxRole)},

		// BillingService (no JSON route: the browser's payment routes are plain redirects).
		billing + "CreateCheckoutSession": {kind: mxAccountKind, req: mxEmpty(&billingv1.CreateCheckoutSessionRequest{}),
			want: mxCandidates(mxDone, mxIgnored).b2cOnly()},
		billing + "CreatePortalSession": {kind: mxAccountKind, req: mxEmpty(&billingv1.CreatePortalSessionRequest{}),
			want: mxCandidates(mxDone, mxIgnored).b2cOnly()},
		// Another candidate's Checkout session names nothing.
		billing + "ConfirmCheckout": {kind: mxCheckoutKind,
			req:  mxByID(func(id string) proto.Message { return &billingv1.ConfirmCheckoutRequest{SessionId: id} }),
			want: mxCandidates(mxDone, nf("Paiement")).b2cOnly()},
		billing + "GetSubscription": {kind: mxAccountKind, req: mxEmpty(&billingv1.GetSubscriptionRequest{}),
			want: mxCandidates(mxDone, mxIgnored)},

		// NetworkService: contacts.
		network + "ListContacts": {kind: mxContactKind,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, p *mxParty, _ string) proto.Message {
				if p == c.own {
					return &networkv1.ListContactsRequest{}
				}
				return &networkv1.ListContactsRequest{Search: p.mark} // searching another's contacts by name
			},
			want: mxCandidates(mxOK, mxIgnored).but(mxCandD, mxOK, mxPremium)},
		network + "ListContacts#tags": {kind: mxContactKind,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, _ string) proto.Message {
				return &networkv1.ListContactsRequest{Tags: []string{p.tag}}
			},
			want: mxCandidates(mxOK, mxIgnored).premium()},
		network + "GetContact": {kind: mxContactKind, req: mxByID(func(id string) proto.Message { return &networkv1.GetContactRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		// Under a contact: another's is unknown.
		network + "CreateContact": {kind: mxContactKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &networkv1.CreateContactRequest{Contact: &networkv1.ContactDraft{FirstName: "Hugo", LastName: c.own.mark, ParentId: id}}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		network + "UpdateContact": {kind: mxContactKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &networkv1.UpdateContactRequest{Id: id, Contact: &networkv1.ContactDraft{FirstName: "Léon", LastName: c.own.mark}}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		// One's own contact moved under another's.
		network + "UpdateContact#parent": {kind: mxContactKind, fresh: true,
			req: func(t *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &networkv1.UpdateContactRequest{Id: w.newContact(t, c.own, ""),
					Contact: &networkv1.ContactDraft{FirstName: "Léon", LastName: c.own.mark, ParentId: id}}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		network + "DeleteContact": {kind: mxContactKind, fresh: true,
			req:  mxByID(func(id string) proto.Message { return &networkv1.DeleteContactRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Contact))},
		network + "ListRecommendedContacts": {kind: mxContactKind,
			req:  mxByID(func(id string) proto.Message { return &networkv1.ListRecommendedContactsRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Contact))},
		network + "ListDescendants": {kind: mxContactKind,
			req:  mxByID(func(id string) proto.Message { return &networkv1.ListDescendantsRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Contact))},
		// A file of the party's contacts: one's own are already in one's network, another's
		// are not (nothing says they exist).
		network + "ImportContacts": {kind: mxAccountKind,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, p *mxParty, _ string) proto.Message {
				c := w.contactOf(p)
				return &networkv1.ImportContactsRequest{File: &httpbody.HttpBody{ContentType: "text/csv",
					Data: []byte(fmt.Sprintf("First Name,Last Name\n%s,%s\n", c.FirstName, c.LastName))}}
			},
			want:  mxCandidates(mxEcho, mxEcho).premium(),
			check: mxImportSkipsOwnOnly},
		// Contacts named as the party's: one's own network gets them (the foreign one's
		// homonyms, its mark left out so that the caller's data does not carry it).
		network + "BulkCreateContacts": {kind: mxAccountKind,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, p *mxParty, _ string) proto.Message {
				last := p.mark
				if p != c.own {
					last = "Homonyme"
				}
				return &networkv1.BulkCreateContactsRequest{Contacts: []*networkv1.ImportedContact{
					{FirstName: fmt.Sprintf("%s-%d", w.contactOf(p).FirstName, w.unique()), LastName: last}}}
			},
			want: mxCandidates(mxOK, mxIgnored).premium()},
		network + "SearchTags#all": {kind: mxAccountKind, req: mxEmpty(&networkv1.SearchTagsRequest{}),
			want: mxCandidates(mxOK, mxIgnored).premium()},
		network + "SearchTags": {kind: mxAccountKind,
			req: func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, _ string) proto.Message {
				return &networkv1.SearchTagsRequest{Term: p.tag}
			},
			want: mxCandidates(mxOK, mxIgnored).premium()},
		network + "ExportContacts": {kind: mxAccountKind, req: mxEmpty(&networkv1.ExportContactsRequest{}),
			want: mxCandidates(mxOK, mxIgnored)},
		// The world's networks hold no two contacts alike: the call succeeds, and holds no other's.
		network + "ListDuplicates": {kind: mxAccountKind, req: mxEmpty(&networkv1.ListDuplicatesRequest{}),
			want: mxCandidates(mxDone, mxIgnored).premium()},
		// A new contact of one's own kept, the party's removed: another's is unknown.
		network + "MergeContacts": {kind: mxContactKind, fresh: true,
			req: func(t *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &networkv1.MergeContactsRequest{KeepId: w.newContact(t, c.own, ""), RemoveId: id,
					Contact: &networkv1.ContactDraft{FirstName: "Léon", LastName: c.own.mark}}
			},
			want: mxCandidates(mxDone, nf(apierr.Contact)).premium()},
		// Nobody of the world is due: the call succeeds, and holds no other's contact.
		network + "ListCallBacks": {kind: mxAccountKind, req: mxEmpty(&networkv1.ListCallBacksRequest{}),
			want: mxCandidates(mxDone, mxIgnored).premium()},
		network + "ExportVCards": {kind: mxAccountKind, req: mxEmpty(&networkv1.ExportVCardsRequest{}),
			want: mxCandidates(mxOK, mxIgnored).premium()},
		network + "ExportVCards#one": {kind: mxContactKind,
			req:  mxByID(func(id string) proto.Message { return &networkv1.ExportVCardsRequest{ContactId: id} }),
			want: mxCandidates(mxOK, nf(apierr.Contact)).premium()},

		// OpportunityService: applications.
		opportunity + "ListApplications": {kind: mxApplicationKind,
			req:  mxListOfContact(func(contact string) proto.Message { return &opportunityv1.ListApplicationsRequest{ContactId: contact} }),
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		opportunity + "GetApplication": {kind: mxApplicationKind,
			req:  mxByID(func(id string) proto.Message { return &opportunityv1.GetApplicationRequest{Id: id} }),
			want: mxCandidates(mxOK, nf(apierr.Application))},
		opportunity + "CreateApplication": {kind: mxContactKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				d := w.applicationDraft(c.own)
				d.ContactIds = []string{id}
				return &opportunityv1.CreateApplicationRequest{Application: d}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		opportunity + "UpdateApplication": {kind: mxApplicationKind, fresh: true,
			req: func(_ *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &opportunityv1.UpdateApplicationRequest{Id: id, Application: w.applicationDraft(c.own)}
			},
			want: mxCandidates(mxOK, nf(apierr.Application))},
		// One's own application given another's contact.
		opportunity + "UpdateApplication#contact": {kind: mxContactKind, fresh: true,
			req: func(t *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				d := w.applicationDraft(c.own)
				d.ContactIds = []string{id}
				return &opportunityv1.UpdateApplicationRequest{Id: w.newApplication(t, c.own), Application: d}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},
		opportunity + "MarkApplicationAsComplete": {kind: mxApplicationKind, fresh: true,
			req: mxByID(func(id string) proto.Message {
				return &opportunityv1.MarkApplicationAsCompleteRequest{Id: id, Status: opportunityv1.ApplicationStatus_APPLICATION_STATUS_LOST}
			}),
			want: mxCandidates(mxOK, nf(apierr.Application))},
		opportunity + "MoveApplication": {kind: mxApplicationKind, fresh: true,
			req: mxByID(func(id string) proto.Message {
				return &opportunityv1.MoveApplicationRequest{Id: id, Status: opportunityv1.ApplicationStatus_APPLICATION_STATUS_WIN}
			}),
			want: mxCandidates(mxOK, nf(apierr.Application))},
		opportunity + "ListKnownContacts": {kind: mxApplicationKind,
			req:  mxByID(func(id string) proto.Message { return &opportunityv1.ListKnownContactsRequest{Id: id} }),
			want: mxCandidates(mxDone, nf(apierr.Application))},
		// Another's application given one's own contact…
		opportunity + "AddApplicationContact": {kind: mxApplicationKind, fresh: true,
			req: func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &opportunityv1.AddApplicationContactRequest{Id: id, ContactId: c.own.child}
			},
			want: mxCandidates(mxOK, nf(apierr.Application))},
		// … and one's own given another's.
		opportunity + "AddApplicationContact#contact": {kind: mxContactKind, fresh: true,
			req: func(t *testing.T, w *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
				return &opportunityv1.AddApplicationContactRequest{Id: w.newApplication(t, c.own), ContactId: id}
			},
			want: mxCandidates(mxOK, nf(apierr.Contact))},

		// WebhookService: an agency's endpoints.
		webhook + "CreateWebhookEndpoint": {kind: mxAgencyKind,
			req: func(_ *testing.T, w *mxWorld, _ *mxCaller, p *mxParty, id string) proto.Message {
				return &webhookv1.CreateWebhookEndpointRequest{AgencyId: id, Url: fmt.Sprintf("http://127.0.0.1:9/%s/%d", p.mark, w.unique()),
					Events: []webhookv1.WebhookEventType{webhookv1.WebhookEventType_WEBHOOK_EVENT_TYPE_LICENSE_ACTIVATED}}
			},
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK),
			undo: func(t *testing.T, w *mxWorld, answer map[string]any) {
				endpoint, _ := answer["endpoint"].(map[string]any)
				id, _ := endpoint["id"].(string)
				if err := w.srv.Client.WebhookEndpoint.DeleteOneID(uuid.MustParse(id)).Exec(mxSys()); err != nil {
					t.Fatal(err)
				}
			}},
		webhook + "ListWebhookEndpoints": {kind: mxWebhookKind,
			req:  mxInAgency(func(agency, _ string) proto.Message { return &webhookv1.ListWebhookEndpointsRequest{AgencyId: agency} }),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		// No agency named: an agency admin's own; the platform admin must name one.
		webhook + "ListWebhookEndpoints#no-agency": {kind: mxWebhookKind, req: mxEmpty(&webhookv1.ListWebhookEndpointsRequest{}),
			want: mxStaff(mxOK, mxIgnored, unnamed, unnamed)},
		// Enabled as it is: nothing changes but the call is made.
		webhook + "UpdateWebhookEndpoint": {kind: mxWebhookKind,
			req:  mxInAgency(updateEndpoint),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		// Another agency's endpoint under one's own agency.
		webhook + "UpdateWebhookEndpoint#own-agency": {kind: mxWebhookKind,
			req:  mxInOwnAgency(updateEndpoint),
			want: mxStaff(mxOK, nf(apierr.Webhook), mxOK, nf(apierr.Webhook))},
		webhook + "DeleteWebhookEndpoint": {kind: mxWebhookKind, fresh: true,
			req:  mxInAgency(deleteEndpoint),
			want: mxStaff(mxDone, nf(apierr.Agency), mxDone, mxDone)},
		webhook + "DeleteWebhookEndpoint#own-agency": {kind: mxWebhookKind, fresh: true,
			req:  mxInOwnAgency(deleteEndpoint),
			want: mxStaff(mxDone, nf(apierr.Webhook), mxDone, nf(apierr.Webhook))},
		webhook + "ListWebhookDeliveries": {kind: mxWebhookKind,
			req:  mxInAgency(listDeliveries),
			want: mxStaff(mxDone, nf(apierr.Agency), mxDone, mxDone)},
		webhook + "ListWebhookDeliveries#own-agency": {kind: mxWebhookKind,
			req:  mxInOwnAgency(listDeliveries),
			want: mxStaff(mxDone, nf(apierr.Webhook), mxDone, nf(apierr.Webhook))},
		webhook + "SendTestEvent": {kind: mxWebhookKind,
			req:  mxInAgency(sendTestEvent),
			want: mxStaff(mxDone, nf(apierr.Agency), mxDone, mxDone)},
		webhook + "SendTestEvent#own-agency": {kind: mxWebhookKind,
			req:  mxInOwnAgency(sendTestEvent),
			want: mxStaff(mxDone, nf(apierr.Webhook), mxDone, nf(apierr.Webhook))},

		// InsightService: an agency's weeks, the platform's, page views.
		insight + "GetAgencyInsight": {kind: mxAgencyKind,
			req:  mxInAgency(func(agency, _ string) proto.Message { return &insightv1.GetAgencyInsightRequest{AgencyId: agency} }),
			want: mxStaff(mxOK, nf(apierr.Agency), mxOK, mxOK)},
		// No agency named: an agency admin's own; the platform admin must name one.
		insight + "GetAgencyInsight#no-agency": {kind: mxAgencyKind, req: mxEmpty(&insightv1.GetAgencyInsightRequest{}),
			want: mxStaff(mxOK, mxIgnored, unnamed, unnamed)},
		insight + "GetPlatformInsight": {kind: mxAgencyKind, req: mxEmpty(&insightv1.GetPlatformInsightRequest{}),
			want: mxPlatformOnly(mxAll, mxAll)},
		// Anyone's view is counted; nobody's object is named or changed.
		insight + "RecordPageView": {kind: mxAccountKind, req: mxEmpty(&insightv1.RecordPageViewRequest{Route: "/contacts"}),
			want: mxPublic(mxIgnored, mxIgnored)},
	}
}

// mxByID builds a request naming the object by id alone.
func mxByID(build func(id string) proto.Message) mxRequest {
	return func(_ *testing.T, _ *mxWorld, _ *mxCaller, _ *mxParty, id string) proto.Message { return build(id) }
}

// mxInAgency builds a request naming the object (id) under its party's agency.
func mxInAgency(build func(agency, id string) proto.Message) mxRequest {
	return func(_ *testing.T, _ *mxWorld, _ *mxCaller, p *mxParty, id string) proto.Message {
		return build(p.agencyID(), id)
	}
}

// mxInOwnAgency builds a request naming the object (id) under the caller's own agency.
func mxInOwnAgency(build func(agency, id string) proto.Message) mxRequest {
	return func(_ *testing.T, _ *mxWorld, c *mxCaller, _ *mxParty, id string) proto.Message {
		return build(c.own.agencyID(), id)
	}
}

// mxListOfContact builds a list request: the caller's own list whole, another's filtered by the
// party's contact (another's contact filters nothing in).
func mxListOfContact(build func(contact string) proto.Message) mxRequest {
	return func(_ *testing.T, _ *mxWorld, c *mxCaller, p *mxParty, _ string) proto.Message {
		if p == c.own {
			return build("")
		}
		return build(p.contact)
	}
}

// mxCountsMatchRows: the status tabs count the rows answered, never another agency's.
func mxCountsMatchRows(t *testing.T, _ *mxWorld, c *mxCaller, side int, answer map[string]any) {
	t.Helper()
	rows, _ := answer["candidates"].([]any)
	counts, _ := answer["counts"].(map[string]any)
	if all, _ := counts["all"].(float64); int(all) != len(rows) {
		t.Errorf("%s, %s: counts %v for %d candidates", c.who, mxSides[side], counts, len(rows))
	}
}

// mxImportSkipsOwnOnly: a contact of one's own network is skipped as already there; another's
// is imported (nothing says it exists).
func mxImportSkipsOwnOnly(t *testing.T, _ *mxWorld, c *mxCaller, side int, answer map[string]any) {
	t.Helper()
	skipped, _ := answer["skipped"].(map[string]any)
	already, _ := skipped["alreadyInNetwork"].(float64)
	imported, _ := answer["importedContacts"].([]any)
	if int(already) != 1-side || len(imported) != side {
		t.Errorf("%s, %s: %d imported, %v skipped; want %d and %d already in the network",
			c.who, mxSides[side], len(imported), skipped, side, 1-side)
	}
}
