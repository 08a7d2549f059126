import { describe, expect, it } from "vitest";
import { ApplicationStatus } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";
import { groupByStatus, moveKind, moveTargets, unavailableTargets } from "./model";

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

  it("moving an open card to lost or win goes through the report; new and engaged are refused, never asked", () => {
    expect(moveKind({ status: NEW }, WIN)).toBe("report");
    expect(moveKind({ status: ENGAGED }, LOST)).toBe("report");
    // The server refuses both (applications.CheckMove): engagement comes from an activity.
    expect(moveKind({ status: NEW }, ENGAGED)).toBe("refused");
    expect(moveKind({ status: ENGAGED }, NEW)).toBe("refused");
  });

  it("a card dropped on its own column does nothing; a closed card never moves", () => {
    expect(moveKind({ status: ENGAGED }, ENGAGED)).toBe("none");
    expect(moveKind({ status: WIN }, WIN)).toBe("none");
    expect(moveKind({ status: WIN }, LOST)).toBe("refused");
    expect(moveKind({ status: LOST }, ENGAGED)).toBe("refused");
  });

  it("offers only the moves that can succeed, and says why the others are not offered", () => {
    expect(moveTargets({ status: NEW })).toEqual([LOST, WIN]);
    expect(moveTargets({ status: ENGAGED })).toEqual([LOST, WIN]);
    expect(moveTargets({ status: WIN })).toEqual([]);
    expect(moveTargets({ status: LOST })).toEqual([]);
    expect(unavailableTargets({ status: NEW })).toEqual([{ status: ENGAGED, reason: b.whyNotEngaged }]);
    expect(unavailableTargets({ status: ENGAGED })).toEqual([{ status: NEW, reason: b.whyNotNew }]);
    expect(unavailableTargets({ status: WIN })).toEqual([]);
    expect(b.whyNotEngaged).toMatch(/tâche ou un entretien/);
  });
});
