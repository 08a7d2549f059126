// The contacts and open applications the task and event forms pick from.
import { useMemo } from "react";
import { useQuery } from "@connectrpc/connect-query";
import { NetworkService } from "../../gen/tremplin/network/v1/network_pb";
import { OpportunityService } from "../../gen/tremplin/opportunity/v1/opportunity_pb";
import { Code } from "@connectrpc/connect";
import { errorCode } from "../../lib/errors";
import { isClosed } from "../applicationStatus";
import type { ApplicationChoice, ContactChoice } from "./subjects";

const unimplemented = (err: unknown) => errorCode(err) === Code.Unimplemented;

/**
 * `loading`: a list is on its way. `known`: both lists are read (or the applications are not
 * served) — only then may the form's dependencies clear a contact or an application not in them.
 * `contactsFailed`: the contacts could not be read (the contact picker says so, not « Aucun contact »).
 */
export function useActivityLookups(): { contacts: ContactChoice[]; applications: ApplicationChoice[]; loading: boolean; known: boolean; contactsFailed: boolean } {
  const contacts = useQuery(NetworkService.method.listContacts, {});
  // Until the opportunities service is served, no application to pick (not an error to show).
  const applications = useQuery(OpportunityService.method.listApplications, {}, { meta: { handlesErrors: unimplemented }, retry: false });
  return useMemo(
    () => ({
      contacts: (contacts.data?.contacts ?? []).map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        company: c.company,
        email: c.email,
        phoneNumber: c.phoneNumber,
        mobileNumber: c.mobileNumber,
      })),
      // Only open applications take new activities (the server answers APPLICATION_CLOSED).
      applications: (applications.data?.applications ?? [])
        .filter((a) => !isClosed(a))
        .map((a) => ({ id: a.id, company: a.company, job: a.job, contactIds: a.contacts.map((c) => c.id) })),
      loading: contacts.isPending || (applications.isPending && !applications.isError),
      known: contacts.isSuccess && (applications.isSuccess || unimplemented(applications.error)),
      contactsFailed: contacts.isError,
    }),
    [contacts.data, contacts.isPending, contacts.isError, contacts.isSuccess, applications.data, applications.isPending, applications.isError, applications.isSuccess, applications.error],
  );
}
