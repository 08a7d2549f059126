// Which contacts may be deleted (the server's isDeletable), and why not.
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import type { Contact } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";

export type DeleteBlock = "status" | "linked";

/**
 * Why a contact cannot be deleted, or undefined when it can (isDeletable, from the server):
 * engaged and thanked contacts ("status"), or incomplete and new ones with activities or an
 * opportunity ("linked").
 */
export function deleteBlock(c: Pick<Contact, "isDeletable" | "status">): DeleteBlock | undefined {
  if (c.isDeletable) return undefined;
  return c.status === ContactStatus.INCOMPLETE || c.status === ContactStatus.NEW ? "linked" : "status";
}

export function deleteBlockMessage(block: DeleteBlock): string {
  return block === "status" ? networkMessages.actions.notDeletableStatus : networkMessages.actions.notDeletableLinked;
}
