import { describe, expect, it } from "vitest";
import { Code } from "@connectrpc/connect";
import { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { serverError } from "../../../test/errors";
import { groupByStatus, moveKind, moveRefusalMessage, moveTargets } from "./model";

const b = applicationListMessages.board;
const { NEW, ENGAGED, LOST, WIN } = ApplicationStatus;

describe("board model", () => {
  it("groups the applications in their columns, order kept, every column present", () => {
    const apps = [
      { id: "a", status: ENGAGED },
      { id: "b", status: NEW },
      { id: "c", status: ENGAGED },
      { id: "d", status: WIN },
      { id: "e", status: ApplicationStatus.UNSPECIFIED },
    ];
    const columns = groupByStatus(apps);
    expect(columns[NEW].map((a) => a.id)).toEqual(["b"]);
    expect(columns[ENGAGED].map((a) => a.id)).toEqual(["a", "c"]);
    expect(columns[LOST]).toEqual([]);
    expect(columns[WIN].map((a) => a.id)).toEqual(["d"]);
  });

  it("moving to lost or win goes through the report; to new or engaged through the server", () => {
    expect(moveKind({ status: NEW }, WIN)).toBe("report");
    expect(moveKind({ status: ENGAGED }, LOST)).toBe("report");
    expect(moveKind({ status: NEW }, ENGAGED)).toBe("server");
    expect(moveKind({ status: ENGAGED }, NEW)).toBe("server");
  });

  it("a card dropped on its own column does nothing; a closed card never moves", () => {
    expect(moveKind({ status: ENGAGED }, ENGAGED)).toBe("none");
    expect(moveKind({ status: WIN }, WIN)).toBe("none");
    expect(moveKind({ status: WIN }, LOST)).toBe("closed");
    expect(moveKind({ status: LOST }, ENGAGED)).toBe("closed");
  });

  it("offers the other columns in the move menu, none for a closed card", () => {
    expect(moveTargets({ status: NEW })).toEqual([ENGAGED, LOST, WIN]);
    expect(moveTargets({ status: ENGAGED })).toEqual([NEW, LOST, WIN]);
    expect(moveTargets({ status: WIN })).toEqual([]);
    expect(moveTargets({ status: LOST })).toEqual([]);
  });

  it("explains the server's refusals in French", () => {
    const engaged = serverError(Code.FailedPrecondition, "ERROR_REASON_APPLICATION_ENGAGED_BY_ACTIVITY");
    expect(moveRefusalMessage(engaged, ENGAGED)).toBe(b.refusedEngaged);
    expect(moveRefusalMessage(engaged, NEW)).toBe(b.refusedNew);
    expect(moveRefusalMessage(serverError(Code.FailedPrecondition, "ERROR_REASON_APPLICATION_CLOSED"), ENGAGED)).toBe(b.refusedClosed);
    expect(moveRefusalMessage(serverError(Code.Internal), ENGAGED)).toBe(b.moveError);
    expect(b.refusedEngaged).toMatch(/activité/);
  });
});
